"""When the phone's browser will not keep the app's data: what the mirror found becomes one line (and whether the
app may start), and the way out every line offers is the game so far as a record file, the very bytes
``treasure-companion export`` writes (the mirror itself is tested in tests/browser/test_phone_storage_mirror.py,
the lines on screen in tests/browser/test_phone_storage.py)."""

from __future__ import annotations

from companion.cli.main import main as cli
from companion.phone import storage
from companion.record import format as record
from companion.rules.setup import Setup
from companion.store import DB_NAME, SCHEMA_VERSION, Store
from companion.store.session import GameSession


def test_the_game_in_progress_is_saved_as_the_record_export_writes(tmp_path):
    with Store.open(tmp_path) as store:
        GameSession.new(Setup.solo(seed=3), store).act({"type": "starting_rolls", "rolls": {"blue": 4}})
        playing = GameSession.new(Setup.solo(seed=9), store)
        playing.act({"type": "starting_rolls", "rolls": {"blue": 2}})
        got = storage.record_download(store)
    assert isinstance(got, storage.RecordFile)
    game = playing.game_id
    assert got.file_name == f"treasure-mountain-game-{game}.jsonl"
    out = tmp_path / "exported.jsonl"
    assert cli(["export", str(game), str(out), "--data-dir", str(tmp_path)]) == 0
    assert got.data == out.read_bytes()  # byte for byte the export's record
    replayed = record.loads(got.data.decode("utf-8"))
    assert replayed.events() == playing.game.events()
    assert got.message == f"Game {game} so far is in {got.file_name}: treasure-companion import brings it back."


def test_with_no_game_in_progress_the_latest_game_is_saved_and_with_none_one_line(tmp_path):
    with Store.open(tmp_path) as store:
        assert storage.record_download(store) == storage.NoRecord("No game yet: nothing to save.")
        first = GameSession.new(Setup.solo(seed=3), store).game_id
        second = GameSession.new(Setup.solo(seed=4), store).game_id
        store.finish(first, None)
        store.finish(second, None)
        got = storage.record_download(store)
    assert isinstance(got, storage.RecordFile) and got.file_name == f"treasure-mountain-game-{second}.jsonl"


def test_what_the_mirror_found_gives_one_line_and_only_newer_data_stops_the_app():
    mirror = object()
    assert storage.opened(mirror, {"files": 4, "problem": "", "stored": 1}) == storage.Opened(mirror)
    newer = storage.opened(mirror, {"files": 0, "problem": "newer", "stored": 3})
    assert newer == storage.Opened(None, newer.line, start=False)
    assert newer.line == ("This browser holds the app's data from a newer version (data version 3, this one reads "
                          f"up to {storage.DATA_VERSION}): open the newer version of the site. Nothing was changed.")
    damaged = storage.opened(mirror, {"files": 0, "problem": "damaged", "stored": "games.sqlite3, part 2 of 9 changed"})
    assert damaged.mirror is None and damaged.start  # nothing stored over the damaged data; the tab plays on
    assert "(games.sqlite3, part 2 of 9 changed)" in (damaged.line or "")
    cleared = storage.opened(mirror, {"files": 0, "problem": "cleared", "stored": 0})
    assert cleared == storage.Opened(mirror, storage.cleared_since_line())  # stored anew from now on


def test_every_line_is_one_short_line():
    err = RuntimeError("Error: QuotaExceededError\nthe quota has been exceeded")
    lines = [storage.refusal_line(err), storage.unsaved_line(err), storage.cleared_line(),
             storage.cleared_since_line(), storage.damaged_line("x\n" * 500), storage.newer_line(10**30)]
    for line in lines:
        assert "\n" not in line and len(line) < 260, line


def test_a_new_store_schema_asks_for_a_decision_on_the_data_version():
    """An earlier build opening a newer schema would move the games aside (a write): the data version keeps it
    from starting. A new migration must come with a look at DATA_VERSION (raise it, or say why not here)."""
    assert SCHEMA_VERSION == storage.SCHEMA_OF_DATA_VERSION


def test_damaged_stored_data_offers_the_game_it_holds_as_far_as_it_reads(tmp_path):
    """The browser's damaged data is copied as it is (mirror.js): the game there is saved as the record export
    writes when its copy reads, else one line, never the tab's own game."""
    damaged = storage.opened(object(), {"files": 0, "problem": "damaged", "stored": "games.sqlite3, part 1 of 1"})
    assert damaged.damaged_copy == storage.DAMAGED_COPY and damaged.mirror is None
    copy = tmp_path / "treasure-companion.damaged"
    with Store.open(copy) as store:
        held = GameSession.new(Setup.solo(seed=5), store)
        held.act({"type": "starting_rolls", "rolls": {"blue": 3}})
        expected = storage.record_download(store)
    got = storage.stored_record_download(copy)
    assert isinstance(got, storage.RecordFile) and isinstance(expected, storage.RecordFile)
    assert got.data == expected.data and record.loads(got.data.decode()).events() == held.game.events()

    unreadable = tmp_path / "unreadable"
    unreadable.mkdir()
    (unreadable / DB_NAME).write_bytes(b"\x00" * 4096)
    said = storage.stored_record_download(unreadable)
    assert isinstance(said, storage.NoRecord) and "\n" not in said.message
    assert said.message.startswith(("The stored data holds no game that can be read", "The stored game cannot be"))
