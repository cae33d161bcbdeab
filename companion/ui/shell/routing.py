"""Routes as plain data: which screens stand under which (no Flet here).

The app shows a stack of views. A route names the top screen; its stack is found by walking each screen's
``parent`` up to home, so a deep link or a browser refresh rebuilds the same stack, and the top bar's back
button always leads to the parent.

>>> parents = {"/": None, "/settings": "/", "/round": "/", "/round/attack": "/round"}
>>> route_stack("/round/attack?x=1", parents)
['/', '/round', '/round/attack']
>>> route_stack("/nowhere", parents)
['/', '/nowhere']
>>> split_route("/score?players=2")
('/score', {'players': '2'})
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import parse_qsl, urlsplit

HOME = "/"


def split_route(route: str | None) -> tuple[str, dict[str, str]]:
    """The path of ``route`` (normalised: leading slash, no trailing slash) and its query parameters."""
    parts = urlsplit(route or HOME)
    path = "/" + parts.path.strip("/")
    return path, dict(parse_qsl(parts.query))


def route_stack(route: str | None, parents: Mapping[str, str | None]) -> list[str]:
    """The routes of the views to show for ``route``, bottom (home) first.

    An unknown route stands directly on home (the app shows a "not found" screen for it).
    """
    path, _ = split_route(route)
    stack = [path]
    seen = {path}
    current = parents.get(path, HOME) if path != HOME else None
    while current is not None and current not in seen:
        stack.append(current)
        seen.add(current)
        current = parents.get(current, HOME) if current != HOME else None
    if stack[-1] != HOME:
        stack.append(HOME)
    return list(reversed(stack))
