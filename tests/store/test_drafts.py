"""Transcription drafts (decks/draft-<colour>.json): written whole, read back or refused, set aside, never lost."""

import errno
import json
import os

import pytest

from companion.store.drafts import MAX_DRAFT_BYTES, DraftFile, draft_path

CARDS = [{"id": "R01", "primary": "mine"}, {"id": "R02"}]


def test_a_draft_is_written_whole_and_read_back(tmp_path):
    draft = DraftFile(tmp_path, "red")
    assert draft.path == draft_path(tmp_path, "red") == tmp_path / "decks" / "draft-red.json"
    assert draft.read() is None and not draft.there() and draft.identity() is None
    seen = draft.write(CARDS)
    assert json.loads(draft.path.read_text("utf-8")) == {"deck": "red", "cards": CARDS}
    assert draft.read() == (CARDS, seen) and seen == draft.identity() and draft.there()
    assert DraftFile(tmp_path, "green").read() is None


def test_another_save_changes_the_drafts_identity(tmp_path):
    draft = DraftFile(tmp_path, "red")
    seen = draft.write(CARDS)
    assert DraftFile(tmp_path, "red").write(CARDS[:1]) != seen
    assert draft.identity() != seen


@pytest.mark.parametrize("text", [
    "{ not json",
    '{"deck": "green", "cards": [{"id": "G01"}]}',  # another deck's
    '{"deck": "red", "cards": []}',
    '{"deck": "red", "cards": [{"primary": "mine"}, 5]}',  # no card with an id
    '["deck", "red"]',
    "[" * 200_000,  # deeper than the parser goes
])
def test_a_draft_that_cannot_be_read_is_none_but_still_there(tmp_path, text):
    draft = DraftFile(tmp_path, "red")
    draft.path.parent.mkdir(parents=True)
    draft.path.write_text(text, "utf-8")
    assert draft.read() is None and draft.there()


def test_only_cards_with_a_text_id_are_read(tmp_path):
    draft = DraftFile(tmp_path, "red")
    draft.path.parent.mkdir(parents=True)
    draft.path.write_text(json.dumps({"deck": "red", "cards": [{"id": "R01"}, {"id": 2}, "R03"]}), "utf-8")
    assert draft.read()[0] == [{"id": "R01"}]


def test_a_draft_past_the_limit_is_not_read(tmp_path):
    draft = DraftFile(tmp_path, "red")
    draft.write([{"id": "R01", "note": "x" * MAX_DRAFT_BYTES}])
    assert draft.read() is None


def test_an_unreadable_draft_is_set_aside_under_a_free_name(tmp_path):
    draft = DraftFile(tmp_path, "red")
    draft.path.parent.mkdir(parents=True)
    for n, text in enumerate(("{ first", "{ second"), start=1):
        draft.path.write_text(text, "utf-8")
        aside = draft.set_aside()
        assert aside.name == ("draft-red.unreadable.json" if n == 1 else "draft-red.unreadable-2.json")
        assert aside.read_text("utf-8") == text and not draft.there()


def test_a_draft_the_disk_will_not_take_leaves_the_last_one_and_no_partial_file(tmp_path, monkeypatch):
    draft = DraftFile(tmp_path, "red")
    draft.write(CARDS)

    def no_room(*_args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_room)
    with pytest.raises(OSError, match="No space left"):
        draft.write(CARDS[:1])
    assert [p.name for p in draft.path.parent.iterdir()] == ["draft-red.json"]
    assert draft.read()[0] == CARDS


def test_a_discarded_draft_is_gone(tmp_path):
    draft = DraftFile(tmp_path, "red")
    draft.discard()  # none: nothing to do
    draft.write(CARDS)
    draft.discard()
    assert not draft.there() and draft.read() is None
