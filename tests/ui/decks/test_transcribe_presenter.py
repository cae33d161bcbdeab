"""Transcribing printed cards: 8 taps a card, saved as you go, resumable, checked as `decks check` checks."""

import json
from pathlib import Path

import pytest

from companion.rules.automa.deck import load_builtin, parse_deck
from companion.store.decks import imported_deck
from companion.store.drafts import draft_path
from companion.ui.decks.cards import FIELDS
from companion.ui.decks.presenter import import_deck
from companion.ui.decks.transcribe_presenter import CardCount, Transcription


def _taps(card) -> list:
    """The values a person taps for a card, in the order the fields come into focus."""
    a = card.all_play
    return [card.primary, card.secondary, card.tertiary, card.axes, a.dwarf_king, a.gem_market, a.tunnel,
            a.wizards_cave]


def test_a_whole_printed_deck_takes_eight_taps_a_card(tmp_path):
    printed = load_builtin("red")  # stands for the printed cards on the table
    t = Transcription.start(tmp_path, "red")
    taps = 0
    for number, card in enumerate(printed.cards, start=1):
        assert t.view().heading == f"Red deck: card {number} of 20"
        for value in _taps(card):
            t.tap(value)
            taps += 1
        assert t.view().problem is None
    assert taps == 8 * len(printed.cards)
    view = t.view()
    assert view.done == 20 and view.deck_problem is None and view.status == "All 20 cards done and checked"
    exported = parse_deck(t.export_toml(), "export")
    assert [c.model_dump(exclude={"id"}) for c in exported.cards] == [
        c.model_dump(exclude={"id"}) for c in printed.cards]
    assert exported.ids()[:2] == ("R01", "R02")
    t.use()
    assert imported_deck(tmp_path, "red") == exported


def test_each_tap_is_saved_and_the_next_evening_resumes_at_card_8(tmp_path):
    printed = load_builtin("green")
    t = Transcription.start(tmp_path, "green")
    for card in printed.cards[:7]:
        for value in _taps(card):
            t.tap(value)
    t.tap(printed.cards[7].primary)  # one field of card 8
    assert json.loads(draft_path(tmp_path, "green").read_text())["cards"][7]["primary"] == printed.cards[7].primary
    again = Transcription.resume(tmp_path, "green")
    view = again.view()
    assert view.heading == "Green deck: card 8 of 20" and view.focus == "secondary"
    assert view.status == "7 of 20 cards done"
    assert Transcription.saved(tmp_path, "green") == (7, 20)
    assert Transcription.resume(tmp_path, "red") is None


def test_a_space_already_on_the_card_is_marked_and_a_clash_is_reported_in_one_line(tmp_path):
    t = Transcription.start(tmp_path, "red")
    t.tap("scout")
    scout = next(c for c in t.view().choices if c.value == "scout")
    assert scout.clash == "already 1st"
    t.tap("scout")  # tapped anyway
    assert t.view().problem == "2nd space is the same as the 1st (Scout)"  # said at once, in the screen's words
    for value in ("tavern_1", 2, 1, "ruby", 3, 4):
        t.tap(value)
    view = t.view()
    assert view.index == 0, "a card that does not check is not left behind"
    assert view.problem == "2nd space is the same as the 1st (Scout)"
    assert view.done == 0 and view.status == "0 of 20 cards done", "a card with a problem is not done"
    assert t.deck_problem() == "card 1 (R01): 2nd space is the same as the 1st (Scout)"
    row = t.table()[0]
    assert row.complete and not row.done and row.problem == "2nd space is the same as the 1st (Scout)"
    assert "[[cards]]" not in t.export_toml(), "nor exported"
    t.focus_field("secondary")
    t.tap("temple")
    assert t.view().index == 1 and t.card_problem(0) is None


def test_duplicate_ids_are_found_as_decks_check_finds_them(tmp_path):
    t = Transcription.start(tmp_path, "red", total=2)
    for _ in range(2):
        for value in ("scout", "temple", "tavern_1", 2, 1, "ruby", 3, 4):
            t.tap(value)
    assert t.deck_problem() is None
    twice = Transcription(tmp_path, "red", [dict(t.cards[0]), dict(t.cards[0])])
    assert twice.deck_problem() == "card R01: id: duplicate card id (card #1 has it too)"
    with pytest.raises(ValueError, match="Not ready to play: card R01: id: duplicate"):
        twice.use()


def test_export_and_import_share_a_transcription(tmp_path):
    a = Transcription.start(tmp_path / "a", "green", total=3)
    for value in ("mine", "tunnel", "tavern_4", 1, 2, "diamond", 1, 4) * 3:
        a.tap(value)
    text = a.export_toml()
    b = Transcription.start(tmp_path / "b", "green")
    b.import_toml(text, "shared.toml")
    assert [r.cells for r in b.table()] == [r.cells for r in a.table()] and len(b.cards) == 3
    with pytest.raises(ValueError, match="^shared.toml: a green deck; this transcription is the red deck$"):
        Transcription.start(tmp_path / "c", "red").import_toml(text, "shared.toml")
    with pytest.raises(ValueError, match="^bad.toml: card G1: primary: missing"):
        b.import_toml('deck = "green"\n[[cards]]\nid = "G1"\n', "bad.toml")
    assert len(b.cards) == 3, "a bad import keeps what was there"


def test_unfinished_cards_are_left_out_of_the_export_and_block_playing(tmp_path):
    t = Transcription.start(tmp_path, "red", total=3)
    for value in ("scout", "temple", "tavern_1", 2, 1, "ruby", 3, 4):
        t.tap(value)
    assert parse_deck(t.export_toml()).ids() == ("R01",)
    assert t.deck_problem() == "card 2 (R02) is not finished"
    with pytest.raises(ValueError, match="not finished"):
        t.use()


def test_the_table_preview_and_adding_or_removing_cards(tmp_path):
    t = Transcription.start(tmp_path, "red", total=2)
    for value in ("treasure_hoard", "scout", "tavern_2", 3, 1, "emerald", 2, 4):
        t.tap(value)
    rows = t.table()
    assert rows[0].cells == ("Treasure Hoard", "Scout", "Tavern 2", "3", "1", "Emerald", "1 beer + 1 gold", "4")
    assert rows[0].complete and not rows[1].complete and rows[1].current
    assert len(rows[0].cells) == len(FIELDS)
    t.add_card()
    assert t.view().heading == "Red deck: card 3 of 3" and t.cards[-1]["id"] == "R03"
    t.remove_card()
    assert len(t.cards) == 2
    with pytest.raises(ValueError, match="not a choice"):
        t.tap(9)


def test_an_unreadable_draft_is_kept_aside_not_overwritten(tmp_path):
    path = draft_path(tmp_path, "red")
    path.parent.mkdir(parents=True)
    path.write_text("{ not json", encoding="utf-8")
    t = Transcription.open(tmp_path, "red")
    assert t.message == ("The saved transcription could not be read; it is kept as draft-red.unreadable.json. "
                         "Started afresh.")
    assert (path.parent / "draft-red.unreadable.json").read_text() == "{ not json"
    assert Transcription.open(tmp_path, "red").message is None  # the fresh draft reads


def test_a_second_unreadable_draft_keeps_the_first_one_kept(tmp_path):
    path = draft_path(tmp_path, "red")
    path.parent.mkdir(parents=True)
    path.write_text("{ first", encoding="utf-8")
    Transcription.open(tmp_path, "red")
    path.write_text("{ second", encoding="utf-8")
    t = Transcription.open(tmp_path, "red")
    assert "kept as draft-red.unreadable-2.json" in t.message
    assert (path.parent / "draft-red.unreadable.json").read_text() == "{ first"
    assert (path.parent / "draft-red.unreadable-2.json").read_text() == "{ second"


def _full_disk(monkeypatch):
    """Every rename of a new draft over the old one fails as on a full disk (after the new file was written)."""
    import errno
    import os

    def no_room(*_args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_room)


def test_a_tap_that_cannot_be_saved_is_not_made(tmp_path, monkeypatch):
    t = Transcription.start(tmp_path, "green")
    for value in ("mine", "tunnel"):
        t.tap(value)
    saved = draft_path(tmp_path, "green").read_text("utf-8")
    shown = (t.view(), t.index, t.focus)
    _full_disk(monkeypatch)
    for change in (lambda: t.tap("tavern_4"), t.add_card, t.remove_card):
        with pytest.raises(ValueError, match=r"^Not saved: No space left on device\. Free some space"):
            change()
        assert (t.view(), t.index, t.focus) == shown  # nothing shown that was not saved
    assert draft_path(tmp_path, "green").read_text("utf-8") == saved
    assert [p.name for p in draft_path(tmp_path, "green").parent.iterdir()] == ["draft-green.json"]  # no leftovers
    monkeypatch.undo()
    t.tap("tavern_4")  # the same tap works once there is room
    assert Transcription.open(tmp_path, "green").cards[0]["tertiary"] == "tavern_4"


def test_a_transcription_opens_on_a_full_disk_and_says_so(tmp_path, monkeypatch):
    _full_disk(monkeypatch)
    t = Transcription.open(tmp_path, "red")
    assert t.message.startswith("Not saved: No space left on device.") and len(t.cards) == 20
    assert not draft_path(tmp_path, "red").exists()


def test_a_draft_nested_deeper_than_the_parser_goes_is_kept_aside(tmp_path):
    path = draft_path(tmp_path, "red")
    path.parent.mkdir(parents=True)
    path.write_text("[" * 200_000, encoding="utf-8")
    assert Transcription.saved(tmp_path, "red") is None  # the Decks screen asks this
    t = Transcription.open(tmp_path, "red")
    assert "kept as draft-red.unreadable.json" in t.message and len(t.cards) == 20


def test_an_unreadable_draft_in_a_folder_that_will_not_move_it_opens_blank_and_is_never_overwritten(
        tmp_path, monkeypatch):
    """Setting the unreadable draft aside failed with a traceback (the screen did not open) on a read-only or
    full data folder; now the screen opens saying why, and the first save that works sets it aside first."""
    path = draft_path(tmp_path, "red")
    path.parent.mkdir(parents=True)
    path.write_text("{ not json", encoding="utf-8")
    _full_disk(monkeypatch)
    t = Transcription.open(tmp_path, "red")
    assert t.message.startswith("Not saved: No space left on device.") and len(t.cards) == 20
    assert path.read_text() == "{ not json"
    monkeypatch.undo()
    t.tap("mine")
    assert (path.parent / "draft-red.unreadable.json").read_text() == "{ not json"
    assert Transcription.open(tmp_path, "red").cards[0]["primary"] == "mine"


def test_a_tap_in_a_second_window_never_writes_over_the_first_windows_taps(tmp_path):
    """A phone and a desktop (or two tabs) on one draft: the later window's save wrote its own stale cards over
    the draft, losing every tap made in the other. Now its tap is refused once, showing the saved cards."""
    phone, desk = Transcription.open(tmp_path, "red"), Transcription.open(tmp_path, "red")
    phone.tap("mine")
    phone.tap("tunnel")
    desk.go(1)
    with pytest.raises(ValueError, match=r"^Changed in another window: its saved cards are shown\. Tap again\.$"):
        desk.tap("forge")
    assert desk.cards[0] == {"id": "R01", "primary": "mine", "secondary": "tunnel"} and desk.index == 1
    desk.tap("forge")  # the same tap, again: saved on top of the phone's
    kept = Transcription.open(tmp_path, "red").cards
    assert kept[0] == {"id": "R01", "primary": "mine", "secondary": "tunnel"}
    assert kept[1] == {"id": "R02", "primary": "forge"}
    with pytest.raises(ValueError, match="^Changed in another window"):
        phone.add_card()
    assert phone.cards[1] == {"id": "R02", "primary": "forge"}
    desk.tap("tunnel")
    with pytest.raises(ValueError, match="^Changed in another window"):
        phone.use()  # would have kept the phone's older cards as the deck


def test_taps_in_one_window_are_never_refused(tmp_path):
    t = Transcription.open(tmp_path, "green")
    for value in ("mine", "tunnel", "tavern_4", 1, 2, "diamond", 1, 4) * 3:
        t.tap(value)
    assert t.done_cards() == 3


GREEN_CARD = ("mine", "tunnel", "tavern_4", 1, 2, "diamond", 1, 4)


def test_a_new_transcription_asks_how_many_cards_the_printed_deck_has(tmp_path):
    count = CardCount("red")
    assert count.question == "How many cards has your printed red deck?" and count.total == 20
    for bad in ("0", "61", "", "six"):
        count.set(bad)
        assert count.error == "Cards: a number from 1 to 60"
        with pytest.raises(ValueError, match="^Cards: a number from 1 to 60$"):
            count.start(tmp_path)
    assert not draft_path(tmp_path, "red").exists()
    count.set("6")
    t = count.start(tmp_path)
    assert t.view().heading == "Red deck: card 1 of 6" and len(t.cards) == 6
    assert Transcription.saved(tmp_path, "red") == (0, 6)


def test_the_finished_cards_can_be_played_before_the_rest_are_in(tmp_path):
    t = Transcription.start(tmp_path, "green", total=6)
    view = t.view()
    assert view.play == "Play with this green deck" and not view.playable
    for value in GREEN_CARD * 2:
        t.tap(value)
    view = t.view()
    assert (view.play, view.playable, view.finished_only) == ("Play with the 2 finished cards", True, True)
    with pytest.raises(ValueError, match="not finished"):
        t.use()
    deck = t.use(finished_only=True)
    assert deck.ids() == ("G01", "G02") and imported_deck(tmp_path, "green") == deck
    assert len(Transcription.resume(tmp_path, "green").cards) == 6, "the other cards stay, to carry on with"
    for value in GREEN_CARD * 4:
        t.tap(value)
    view = t.view()
    assert (view.play, view.playable, view.finished_only) == ("Play with this green deck", True, False)


def test_copy_this_card_starts_the_next_card_from_its_values(tmp_path):
    t = Transcription.start(tmp_path, "green", total=2)
    with pytest.raises(ValueError, match="^Nothing to copy: this card is blank$"):
        t.copy_card()
    for value in GREEN_CARD:
        t.tap(value)
    t.go(0)
    assert t.copy_card() == "G02"
    assert t.index == 1 and t.cards[1] == {**t.cards[0], "id": "G02"} and t.done_cards() == 2
    t.focus_field("tertiary")
    t.tap("tavern_2")  # the one field that differs: the copy stays shown, the focus moves on
    assert t.index == 1 and t.focus == "axes" and t.cards[1]["tertiary"] == "tavern_2"
    assert t.copy_card() == "G03", "no blank card after it: a new one right after"
    assert [c["id"] for c in t.cards] == ["G01", "G02", "G03"] and t.index == 2
    t.go(0)
    assert t.copy_card() == "G04" and [c["id"] for c in t.cards] == ["G01", "G04", "G02", "G03"]
    assert Transcription.resume(tmp_path, "green").cards == t.cards


def test_the_table_says_each_card_in_a_line_that_wraps(tmp_path):
    t = Transcription.start(tmp_path, "green", total=2)
    for value in GREEN_CARD:
        t.tap(value)
    first, second = t.table()
    assert first.summary == ("Mine, Tunnel, Tavern 4 (bottom) · Axes 1 · King 2 · Market Diamond · "
                             "Tunnel 1 beer or 1 gold · Wizard 4")
    assert first.done and not second.done and second.summary.startswith("–, –, – · Axes –")


def test_the_finished_cards_are_a_file_to_save(tmp_path):
    t = Transcription.start(tmp_path, "green", total=3)
    with pytest.raises(ValueError, match="^Nothing to save yet: no card is finished.$"):
        t.export_file()
    for value in GREEN_CARD:
        t.tap(value)
    file = t.export_file()
    assert file.file_name == "green-deck.toml"
    assert parse_deck(file.data.decode("utf-8")).ids() == ("G01",)
    assert file.message == "1 finished card of your green deck in green-deck.toml: import it on the Decks screen."


def test_an_imported_deck_is_the_transcription_to_go_on_from(tmp_path):
    """Importing says the file is kept as your transcription: transcribing that deck next opens on its cards (no
    draft is written until a tap), and the Decks screen's button says so."""
    assert Transcription.button(tmp_path, "green") == ("Transcribe the green deck", "")
    assert Transcription.from_kept(tmp_path, "green") is None  # the app's design in use: nothing of yours
    green = load_builtin("green")
    assert import_deck(tmp_path, (Path(__file__).parents[3] / "automa_decks" / "green.toml").read_bytes()).error \
        is None
    assert Transcription.button(tmp_path, "green") == ("Edit your green deck", f"{len(green.cards)} cards, in use")
    t = Transcription.from_kept(tmp_path, "green")
    assert t is not None and not draft_path(tmp_path, "green").exists()
    assert parse_deck(t.export_toml(), "export").cards == green.cards
    t.tap(t.cards[0]["primary"])  # the first tap keeps the draft
    assert draft_path(tmp_path, "green").exists()
    assert Transcription.button(tmp_path, "green")[0] == "Carry on with the green deck"


def test_a_draft_edited_by_hand_gives_a_bad_or_repeated_card_id_a_free_one(tmp_path):
    """The person cannot edit a card's id, so a card kept under an id a deck file refuses (or a second card under
    the same id) could never be done; resumed, it gets the first free number, and is done once whole."""
    printed = load_builtin("red")
    t = Transcription.start(tmp_path, "red")
    for card in printed.cards[:3]:
        for value in _taps(card):
            t.tap(value)
    path = draft_path(tmp_path, "red")
    draft = json.loads(path.read_text())
    draft["cards"][0]["id"] = "bad id!"
    draft["cards"][2]["id"] = "R02"
    path.write_text(json.dumps(draft))
    again = Transcription.resume(tmp_path, "red")
    ids = [c["id"] for c in again.cards]
    assert ids[:3] == ["R01", "R02", "R03"] and len(set(ids)) == 20
    assert again.view().status == "3 of 20 cards done" and again.deck_problem() == "card 4 (R04) is not finished"
    assert parse_deck(again.export_toml(), "export").ids() == ("R01", "R02", "R03")


def test_a_card_under_an_id_a_deck_file_refuses_is_never_counted_done():
    from companion.ui.decks.cards import done

    whole = {f: v for f, v in zip(FIELDS, _taps(load_builtin("red").cards[0]), strict=True)}
    assert done({"id": "R01", **whole})
    assert not done({"id": "bad id!", **whole}) and not done({"id": "", **whole})
