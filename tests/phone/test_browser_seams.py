"""What the app does otherwise in a phone's browser (the page's ``ctx.platform.in_browser``, as the phone site's
start hands it in), tested on a computer: sharing gives one line, a picked deck file arrives with the pick,
calibration takes turns."""

from __future__ import annotations

import threading
from types import SimpleNamespace

import flet as ft
import pytest

from companion.rules.automa.calibration import deck_digest
from companion.store.calibration_file import saved_calibration
from companion.ui.decks import calibration, file_pick
from companion.ui.settings import share
from companion.ui.shell.capabilities import Capabilities, Platform
from companion.ui.shell.context import AppContext
from tests.flet_helpers import run_async, walk
from tests.ui.decks.test_calibration import _import_red
from tests.ui.shell.test_views import FakePage


@pytest.fixture
def ctx(tmp_path):
    return AppContext.load(FakePage(), tmp_path, capabilities=Capabilities(platform=Platform(in_browser=True)))


def texts(control) -> list[str]:
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def test_sharing_in_the_browser_is_one_line_to_open_the_app_on_each_phone(ctx):
    card = share.share_card(ctx)
    assert texts(card) == ["Share this table", "Open this app on each phone instead."]
    assert not [c for c in walk(card) if isinstance(c, (ft.Image, ft.Button))]


def test_a_deck_file_picked_in_the_browser_arrives_with_the_pick(ctx):
    got, errors = [], []
    button = file_pick.deck_file_button(ctx, lambda data, name: got.append((data, name)), errors.append)
    assert button.action.with_data  # the browser reads the file: no server to upload it to
    picker = ctx.state.decks_file_picker
    deck = b'deck = "red"\n'
    event = SimpleNamespace(files=[ft.FilePickerFile(id=1, name="red.toml", size=len(deck), bytes=deck)])
    run_async(picker.on_result(event))
    assert got == [(deck, "red.toml")] and errors == []
    big = SimpleNamespace(files=[ft.FilePickerFile(id=2, name="big.toml", size=2_000_000, bytes=b"x")])
    run_async(picker.on_result(big))
    assert errors == ["big.toml: larger than 1 MB, the limit for a deck file"]


def test_calibration_in_the_browser_runs_in_the_page_loop_with_no_thread(tmp_path):
    red = _import_red(tmp_path)

    async def story():
        threads = threading.active_count()
        run = calibration.CalibrationRun(tmp_path, games=2, in_browser=True)
        run.start()
        assert run._thread is None and threading.active_count() == threads
        await run._task
        return run

    run = run_async(story())
    assert run.state == "done" and run.done == run.total == 12
    kept = saved_calibration(tmp_path)
    assert kept is not None and kept.decks["red"] == deck_digest(red)
    assert calibration.app_games(in_browser=True) == calibration.BROWSER_GAMES  # a quarter of the games on one core
