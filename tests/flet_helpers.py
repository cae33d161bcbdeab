"""Shared helpers for tests that build Flet controls without a browser: walk a control tree, run a coroutine."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import flet as ft

#: The attributes that hold a control's children, as the app's screens use them.
CHILDREN = ("content", "controls", "actions", "title", "leading", "appbar")


def walk(control, children: tuple[str, ...] = CHILDREN) -> Iterator:
    """Every control under ``control`` (itself included), following the attributes named in ``children``."""
    yield control
    for name in children:
        child = getattr(control, name, None)
        if isinstance(child, list):
            for c in child:
                yield from walk(c, children)
        elif isinstance(child, ft.BaseControl):
            yield from walk(child, children)


def run_async(coro):
    """Run ``coro`` to completion even when this thread already has a loop (Playwright's, in a full run)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
