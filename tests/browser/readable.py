"""What a person can read on a screen, checked in the accessibility tree Flutter draws: nothing squeezed to a
letter a line, nothing cut at a side of the window, a control wholly in view without scrolling. Used by
:class:`tests.browser.app_page.AppPage` (``app.assert_readable(...)``, ``app.assert_in_view(...)``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from tests.browser.window import SIZES


def assert_in_view(app, label: str, role: str = "button", exact: bool = False, within_ms: int = 5_000) -> None:
    """The control named ``label`` is wholly inside the window without any scrolling by the user (nothing below
    the fold). A screen that scrolls itself (to a result, say) animates: the control has ``within_ms`` to get
    there, as a person's eye waits for the scroll to end.

    Flutter trims a control's accessibility box to what the window shows, so a control cut by the window's
    bottom edge has a box ending exactly there: such a box fails too (a pinned bar keeps its padding below
    its button)."""
    app.settle()
    if role == "text":
        target = app.page.get_by_text(label, exact=exact).or_(app.page.get_by_label(label, exact=True)).first
    else:
        target = app.control(label, role, exact)
    width, height = SIZES[app.size]
    deadline = time.monotonic() + within_ms / 1000
    while True:
        box = target.bounding_box()
        inside = box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5
        inside = inside and box["y"] + box["height"] < height - 0.5  # flush with the bottom edge: cut by it
        if inside or time.monotonic() > deadline:
            break
        app.page.wait_for_timeout(100)
    assert box is not None, f"{label!r} is not drawn"
    assert inside, f"{label!r} at {box} is not inside the {width}x{height} window"


def squeezed(app) -> tuple[list[str], set[str]]:
    """What the window draws too narrow to read or cut at a side, one line each (empty: all readable), and
    every text and control's name drawn.

    Flutter puts the texts, buttons and fields of the screen in its accessibility tree with the box each is
    drawn in (most of what is scrolled out of view too). Two checks on those boxes:

    - a text of four characters or more (a label, a line, a switch's or checkbox's label) is wider than
      tall: a label squeezed into a column narrower than a word is drawn a letter or two a line ("S / t /
      r / e / n / g / t / h"), its box much taller than wide;
    - every text and control lies inside the window from side to side. Flutter trims a box to what the
      window shows, so one cut by the window's side ends exactly at that side: flush with it fails too.

    The top bar is left out: its last button sits flush with the window's right side by design; so is a
    box flush with both sides (the toast's bar spans the window). A text
    squeezed to a letter a line can also be missing from the tree altogether: :meth:`assert_readable` asks
    for the texts a screen must show.
    """
    width = SIZES[app.size][0]
    found = app.page.evaluate(
        """() => {
            const out = [];
            for (const e of document.querySelectorAll('flt-semantics')) {
                const span = Array.from(e.children).find(c => c.tagName === 'SPAN');
                const role = e.getAttribute('role');
                const labelled = ['checkbox', 'switch', 'radio'].includes(role);
                const bare = e.children.length === 0 && e.textContent.trim();
                const leaf = span || (role && role !== 'group') || bare;
                if (!leaf) continue;
                const r = e.getBoundingClientRect();
                if (r.width === 0 && r.height === 0) continue;
                if (r.bottom <= 56) continue;  // the top bar
                const text = (span ? span.textContent : (e.getAttribute('aria-label') || e.textContent)).trim();
                out.push({text, shaped: Boolean(span || labelled), x: r.left, y: r.top, w: r.width, h: r.height});
            }
            return out;
        }"""
    )
    problems = []
    for n in found:
        where = f"{n['text'][:50]!r} at x={n['x']:.0f} y={n['y']:.0f}, {n['w']:.0f}x{n['h']:.0f}"
        if n["shaped"] and len(n["text"]) >= 4 and n["h"] > n["w"]:
            problems.append(f"{where}: taller than wide (a letter or two a line)")
        full_width = n["x"] < 0.5 and n["x"] + n["w"] > width - 0.5  # a bar across the window: the toast
        if not full_width and (n["x"] < 0.5 or n["x"] + n["w"] > width - 0.5):
            problems.append(f"{where}: cut at the side of the {width} px window")
    return problems, {n["text"] for n in found}


def assert_readable(app, what: str, texts: Iterable[str] = (), within_ms: int = 4_000) -> None:
    """Everything on the screen is readable (:func:`squeezed`), from its top to its bottom, and each of
    ``texts`` is drawn as a text or a control of its own (a label squeezed to a letter a line can be left out of
    the accessibility tree, and so is a control Flutter could not lay out, drawn as a grey box). The screen is
    scrolled down a window at a time, then back to its top.

    A page just resized is drawn again over a few frames, its accessibility boxes a frame or two behind:
    the check is made again until it holds or ``within_ms`` has passed."""
    wanted = set(texts)
    deadline = time.monotonic() + within_ms / 1000
    while True:
        problems, seen = scan(app)
        missing = sorted(wanted - seen)
        if not problems and not missing or time.monotonic() > deadline:
            break
        app.page.wait_for_timeout(300)
    lines = problems + [f"{t!r} is not drawn as a text or control of its own" for t in missing]
    assert not lines, f"{what} at {app.size} size:\n" + "\n".join(lines)


def scan(app) -> tuple[list[str], set[str]]:
    """:func:`squeezed` from the screen's top to its bottom, a window at a time."""
    app.settle()
    problems: list[str] = []
    seen: set[str] = set()
    height = SIZES[app.size][1]
    before = None
    for _ in range(12):
        found, texts = app.squeezed()
        problems += [p for p in found if p not in problems]
        seen |= texts
        here = app.page.evaluate(
            "() => Array.from(document.querySelectorAll('flt-semantics span')).map(s => "
            "Math.round(s.getBoundingClientRect().top)).join()"
        )
        if here == before:
            break
        before = here
        app.scroll(height - 200)
    app.scroll(-100_000)
    return problems, seen

