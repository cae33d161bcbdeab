"""Reads a module's source for what reaches past Flet's public face (the layer rules of tests/test_layers.py keep
it inside companion/flet_seam): imports of Flet's inner modules or private names, attributes of a Flet package
that are its modules or private, and writes to another object's private attributes."""

from __future__ import annotations

import ast
import importlib
from types import ModuleType

#: Flet's packages that are its own runtime, never an app's API: the bridge to the page inside Pyodide and the
#: desktop window's launcher.
RUNTIME_PACKAGES = ("flet_js", "flet_desktop")


def is_flet(module: str) -> bool:
    """Flet itself or one of its packages (flet_web, flet_charts, flet_js, ...), by a module's dotted name."""
    top = module.split(".")[0]
    return top == "flet" or top.startswith("flet_")


def _inner(module: str, name: str | None = None) -> bool:
    """Whether importing ``module`` (or ``name`` from it) reaches past the package's top-level public names."""
    parts = module.split(".")
    return (len(parts) > 1 or parts[0] in RUNTIME_PACKAGES or any(p.startswith("_") for p in parts)
            or (name is not None and name.startswith("_")))


def _is_module_of(package: str, attribute: str) -> bool:
    """Whether ``package.attribute`` is one of the package's modules rather than a name it exports."""
    try:
        found = getattr(importlib.import_module(package), attribute, None)
    except ImportError:  # flet_js: only inside Pyodide
        return False
    return isinstance(found, ModuleType)


def flet_reaches(source: str) -> list[str]:
    """What in ``source`` reaches past Flet's public face, as "line: what": an import of a Flet package's inner
    module or private name, an attribute of a Flet package that is one of its modules or private, a write to an
    attribute of Flet's own objects (a package, or a class or function imported from one)."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    aliases: dict[str, str] = {}  # a name bound to a Flet package -> the package
    imported: set[str] = set()  # a name bound to a class or function of a Flet package
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if is_flet(alias.name):
                    if _inner(alias.name):
                        found.append((node.lineno, f"import {alias.name}"))
                    elif alias.asname or "." not in alias.name:
                        aliases[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom) and not node.level and is_flet(node.module or ""):
            module = node.module or ""
            found += [(node.lineno, f"from {module} import {a.name}") for a in node.names if _inner(module, a.name)]
            imported |= {a.asname or a.name for a in node.names}
    for node in ast.walk(tree):
        for obj, attr in _written(node):
            root = obj
            while isinstance(root, (ast.Attribute, ast.Subscript, ast.Call)):
                root = root.func if isinstance(root, ast.Call) else root.value
            if isinstance(root, ast.Name) and (root.id in aliases or root.id in imported):
                found.append((node.lineno, f"writes {ast.unparse(obj)}.{attr} (Flet's own)"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            package = aliases[node.value.id]
            if node.attr.startswith("_") or _is_module_of(package, node.attr):
                found.append((node.lineno, f"{node.value.id}.{node.attr} ({package}'s own)"))
    return [f"{line}: {what}" for line, what in sorted(found)]


def _own_names(tree: ast.Module, scope: ast.AST) -> set[str]:
    """The objects a module may write private attributes on in ``scope``: ``self``, ``cls``, a function or class it
    defines, an instance it makes of a class it defines (``t = cls(...)``)."""
    classes = {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    own = {"self", "cls"} | classes
    own |= {n.name for n in ast.walk(scope) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    for n in ast.walk(scope):
        if (isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Name)
                and n.value.func.id in own):
            own |= {t.id for t in n.targets if isinstance(t, ast.Name)}
    return own


#: The attribute name :func:`_written` gives a write through ``vars(o)``: any of its attributes, private ones too.
ANY = "_ (through vars)"


def _written(node: ast.AST) -> list[tuple[ast.expr, str]]:
    """(object, attribute name) of each attribute ``node`` writes: an assignment's targets, ``setattr(o, "name",
    ...)`` with the name written out, and ``vars(o)[...] = ...`` or ``vars(o).update(...)`` (:data:`ANY`)."""
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = [e for t in node.targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    out = [(t.value, t.attr) for t in targets if isinstance(t, ast.Attribute)]
    out += [(t.value.args[0], ANY) for t in targets
            if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Call) and _is_vars(t.value)]
    if isinstance(node, ast.Call):
        f = node.func
        if isinstance(f, ast.Name) and f.id == "setattr" and len(node.args) >= 2:
            name = node.args[1]
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                out.append((node.args[0], name.value))
        elif isinstance(f, ast.Attribute) and f.attr == "update" and isinstance(f.value, ast.Call):
            if _is_vars(f.value):
                out.append((f.value.args[0], ANY))
    return out


def _is_vars(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id == "vars" and bool(call.args)


def private_writes(source: str) -> list[str]:
    """The writes in ``source`` to a private attribute (a name starting with ``_``) of an object that is not the
    module's own (see :func:`_own_names`), as "line: object.attribute"."""
    tree = ast.parse(source)
    scopes: list[ast.AST] = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    owner_of: dict[ast.AST, ast.AST] = {}
    for scope in [tree, *scopes]:  # the innermost function holding each node (walked outermost first)
        for node in ast.walk(scope):
            owner_of[node] = scope
    found = []
    for node in ast.walk(tree):
        for obj, attr in _written(node):
            if not attr.startswith("_"):
                continue
            if isinstance(obj, ast.Name) and obj.id in _own_names(tree, owner_of[node]):
                continue
            found.append((node.lineno, f"{ast.unparse(obj)}.{attr}"))
    return [f"{line}: {what}" for line, what in sorted(found)]
