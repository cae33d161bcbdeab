"""Calibration in a browser: the games take turns with the page's taps, and give the same bands."""

from __future__ import annotations

import asyncio

from companion.sim.calibrate import calibrate, calibrate_in_turns
from tests.flet_helpers import run_async


def test_the_games_take_turns_with_other_tasks_and_give_the_same_bands():
    async def story():
        taps: list[int] = []
        progress: list[int] = []

        async def tapping():  # a tap every turn the loop gives: answered while the games go on
            while True:
                taps.append(len(progress))
                await asyncio.sleep(0)

        tapper = asyncio.ensure_future(tapping())
        await asyncio.sleep(0)
        cal = await calibrate_in_turns(6, 7, progress=lambda done, _total: progress.append(done), slice_s=0.0)
        tapper.cancel()
        return cal, taps, progress

    cal, taps, progress = run_async(story())
    assert cal.model_dump() == calibrate(6, 7).model_dump()
    assert progress[-1] == 36 and progress == sorted(progress)
    # the other task ran between the slices, not only before and after the whole calibration
    assert len({t for t in taps}) > 3
