"""A step shown is a step stored: messages to the page wait while the browser's copy of the data folder is behind.

:class:`StoredBeforeShown` is tested here with a stand-in mirror (the real one is ``mirror.js`` in Pyodide's
worker, exercised by tests/browser/test_phone_site.py).
"""

from __future__ import annotations

import asyncio

from companion.phone.storage import StoredBeforeShown, refusal_line, unsaved_line
from tests.flet_helpers import run_async


class Mirror:
    """Files written and not yet stored: ``flush`` stores them after the test lets it (``release``)."""

    def __init__(self, fail: Exception | None = None):
        self.unstored = 0
        self.stored = 0
        self.fail = fail
        self.gate = asyncio.Event()
        self.flushes = 0

    def write(self) -> None:
        self.unstored += 1

    def dirty(self) -> bool:
        return self.unstored > 0

    async def flush(self) -> None:
        self.flushes += 1
        pending, self.unstored = self.unstored, 0
        await self.gate.wait()
        if self.fail is not None:
            self.unstored += pending
            raise self.fail
        self.stored += pending


def test_a_message_after_a_write_waits_until_the_write_is_stored():
    async def story():
        mirror, shown = Mirror(), []
        send = StoredBeforeShown(shown.append, mirror, report=lambda err: shown.append(f"report {err}"))
        send("home")  # nothing written: straight to the page
        mirror.write()  # a step saved by a tap...
        send("step 1 shown")  # ...and the screen that shows it
        send("after")
        await asyncio.sleep(0)
        assert shown == ["home"]  # the step is not on screen before the browser has it
        mirror.gate.set()
        await send.task
        assert shown == ["home", "step 1 shown", "after"] and mirror.stored == 1

    run_async(story())


def test_a_write_made_while_storing_is_stored_before_the_held_messages_go():
    async def story():
        mirror, shown = Mirror(), []
        send = StoredBeforeShown(shown.append, mirror, report=lambda err: None)
        mirror.write()
        send("step 1")
        await asyncio.sleep(0)
        mirror.write()  # a second tap's step, while the first is being stored
        send("step 2")
        mirror.gate.set()
        await send.task
        assert shown == ["step 1", "step 2"] and mirror.stored == 2 and mirror.flushes == 2

    run_async(story())


def test_a_refused_store_is_reported_once_and_the_game_goes_on_in_the_tab():
    async def story():
        mirror, shown = Mirror(fail=RuntimeError("QuotaExceededError: the quota has been exceeded")), []
        reports = []
        send = StoredBeforeShown(shown.append, mirror, report=reports.append)
        mirror.gate.set()
        for step in ("step 1", "step 2"):
            mirror.write()
            send(step)
            await send.task
        assert shown == ["step 1", "step 2"]  # never held forever
        assert len(reports) == 1  # the same reason twice: one line
        assert mirror.dirty()  # kept to be stored by the next flush that works
        mirror.fail = None
        send("step 3")
        await send.task
        assert mirror.stored == 2 and not mirror.dirty()

    run_async(story())


def test_the_lines_name_why_in_one_line():
    err = RuntimeError("Error: the app is open in another tab\nor window")
    assert refusal_line(err) == ("This browser keeps nothing for this app (the app is open in another tab or "
                                 "window): games last only while this tab is open.")
    assert "\n" not in unsaved_line(RuntimeError("a\nb")) and len(unsaved_line(RuntimeError("x" * 1000))) < 250


def test_the_first_store_that_works_after_a_report_says_so_once():
    async def story():
        mirror, shown, events = Mirror(fail=RuntimeError("QuotaExceededError")), [], []
        send = StoredBeforeShown(shown.append, mirror, report=lambda err: events.append("report"),
                                 recovered=lambda: events.append("recovered"))
        mirror.gate.set()
        mirror.write()
        send("step 1")
        await send.task
        mirror.fail = None
        for step in ("step 2", "step 3"):
            mirror.write()
            send(step)
            await send.task
        assert events == ["report", "recovered"] and shown == ["step 1", "step 2", "step 3"]

    run_async(story())
