"""A deck file picked on a served page: asked for without its contents, then uploaded into the folder the page was
handed (``ctx.uploads``), read from there and deleted; a page handed none says so in one line."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from companion.ui.decks import file_pick
from companion.ui.shell.capabilities import Capabilities
from companion.ui.shell.context import AppContext
from tests.flet_helpers import run_async
from tests.ui.shell.test_views import FakePage

DECK = b'deck = "red"\n'


class Folder:
    """An upload folder as the served app's (companion/server/uploads.py), in memory."""

    URL_LIFETIME = 120

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.discarded: list[str] = []

    def upload_name(self) -> str:
        return "pick-1.upload"

    def prepare(self) -> None:
        pass

    def take(self, name: str, limit: int) -> bytes:
        return self.files.pop(name)[: limit + 1]

    def discard(self, name: str) -> None:
        self.discarded.append(name)


def _button(tmp_path, uploads):
    page = FakePage()
    page.get_upload_url = lambda name, lifetime: f"/upload/{name}?expires={lifetime}"
    ctx = AppContext.load(page, tmp_path, capabilities=Capabilities(uploads=uploads))
    got: list = []
    errors: list[str] = []
    button = file_pick.deck_file_button(ctx, lambda data, name: got.append((data, name)), errors.append)
    return button, ctx.state.decks_file_picker, got, errors


def _pick(picker) -> None:
    event = SimpleNamespace(files=[ft.FilePickerFile(id=1, name="red.toml", size=len(DECK))])
    run_async(picker.on_result(event))


def test_a_served_page_picks_without_the_contents_and_reads_the_upload(tmp_path, monkeypatch):
    folder = Folder()
    button, picker, got, errors = _button(tmp_path, folder)
    assert not button.action.with_data  # the contents would travel inside the WebSocket
    sent: list = []

    async def upload(files):
        sent.extend(files)

    monkeypatch.setattr(picker, "upload", upload)
    _pick(picker)
    assert [(f.upload_url, f.name) for f in sent] == [("/upload/pick-1.upload?expires=120", "red.toml")]
    folder.files["pick-1.upload"] = DECK
    picker.on_upload(SimpleNamespace(error=None, progress=1.0))
    assert got == [(DECK, "red.toml")] and errors == [] and folder.files == {}


def test_an_upload_that_failed_is_discarded_and_said_in_one_line(tmp_path, monkeypatch):
    folder = Folder()
    _, picker, got, errors = _button(tmp_path, folder)

    async def upload(_files):
        pass

    monkeypatch.setattr(picker, "upload", upload)
    _pick(picker)
    picker.on_upload(SimpleNamespace(error="connection lost", progress=None))
    assert got == [] and folder.discarded == ["pick-1.upload"]
    assert errors == ["red.toml: the file's contents did not arrive (connection lost); paste its text instead"]


def test_a_page_with_no_upload_folder_says_so_in_one_line(tmp_path):
    _, picker, got, errors = _button(tmp_path, None)
    _pick(picker)
    assert got == [] and errors == ["red.toml: the file's contents could not be sent; paste its text instead"]
