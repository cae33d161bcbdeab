"""The ``decks`` command: ``check`` (one line per file, problems on stderr, ``--all``), ``show``, and its usage
errors."""

from __future__ import annotations

import pytest

from companion.cli.main import main
from companion.rules.automa.deck import DECK_NAMES, DECKS_DIR, load_builtin
from companion.rules.board.spaces import SPACES
from tests.rules.automa.deck_helpers import card_dict, deck_toml, write

# --- the `decks` command ------------------------------------------------------------------------------------


def test_decks_check_all_valid(capsys):
    red, green = str(DECKS_DIR / "red.toml"), str(DECKS_DIR / "green.toml")
    assert main(["decks", "check", red, green]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"ok: {red} (20 cards)", f"ok: {green} (20 cards)"]
    assert err == ""


def test_decks_check_reports_invalid_on_stderr(tmp_path, capsys):
    red = str(DECKS_DIR / "red.toml")
    bad = write(tmp_path, deck_toml("green", [card_dict("G07", secondary="tavern_9")]))
    assert main(["decks", "check", red, str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"ok: {red} (20 cards)"]
    assert err.splitlines() == [f"{bad}: card G07: secondary: unknown action space 'tavern_9'"]


def test_decks_check_all_lists_every_problem(tmp_path, capsys):
    bad = write(tmp_path, deck_toml("green", [card_dict("G01", axes=9), card_dict("G02", secondary="x")]))
    assert main(["decks", "check", "--all", str(bad)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 2


def test_decks_usage_errors_exit_2(capsys):
    for argv in (["decks"], ["decks", "check"], ["decks", "show", "blue"]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
    capsys.readouterr()


@pytest.mark.parametrize("name", DECK_NAMES)
def test_decks_show(name, capsys):
    assert main(["decks", "show", name]) == 0
    out = capsys.readouterr().out
    deck = load_builtin(name)
    for card in deck.cards:
        row = next(line for line in out.splitlines() if line.startswith(card.id + " "))
        assert SPACES[card.primary].name in row
        assert card.all_play.gem_market in row
