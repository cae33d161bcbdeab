"""A deck text whose shape no deck has is refused before it is parsed, in one line and bounded memory; every
real deck, however it is written, still loads (companion/rules/automa/toml_shape.py, called by parse_deck).

The memory is measured in a subprocess running the real ``decks check`` (its peak resident size, all of it:
Python, pydantic and the refusal), for texts up to the 1 MB limit a deck file has.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.automa import toml_shape
from companion.rules.automa.deck import MAX_DECK_BYTES, Deck, DeckError, parse_deck
from companion.rules.automa.toml_shape import MAX_DEPTH, MAX_ENTRIES, MAX_KEY_CHARS, ShapeError, check_shape
from companion.rules.board.spaces import SPACE_IDS
from companion.rules.names import GEM_TYPES
from companion.ui.decks.presenter import import_deck
from companion.ui.decks.transcribe_presenter import Transcription

ROOT = Path(__file__).resolve().parents[3]
PEAK_LIMIT_MB = 100


def fill(line: str, size: int = MAX_DECK_BYTES) -> str:
    """``line`` repeated to (about) ``size`` bytes."""
    return line * (size // len(line.encode()))


DEEP = f"line 1: a key nested more than {MAX_DEPTH} levels deep"
MANY = f"more than {MAX_ENTRIES:,} keys, tables and array items"
LONG = f"line 1: a key longer than {MAX_KEY_CHARS} characters"

#: Texts that cost tomllib far more than their size (or would): each with the start of the one line refusing it.
BOMBS = {
    "dotted key, 16,000 parts": (".".join(["a"] * 16_000) + " = 1\n", DEEP),
    "dotted key, 40 kB": (".".join(["a"] * 20_000) + " = 1\n", DEEP),
    "dotted key, 1 MB": (".".join(["a"] * 499_000) + " = 1\n", DEEP),
    "dotted key, quoted parts": (".".join(['"a"'] * 200_000) + " = 1\n", DEEP),
    "dotted key, literal parts": (".".join(["'a'"] * 200_000) + " = 1\n", DEEP),
    "dotted key, spaced": (" . ".join(["a"] * 150_000) + " = 1\n", DEEP),
    "table header": ("[" + ".".join(["a"] * 400_000) + "]\n", DEEP),
    "array of tables header": ("[[" + ".".join(["a"] * 400_000) + "]]\n", DEEP),
    "dotted key in an inline table": ("x = { " + ".".join(["a"] * 400_000) + " = 1 }\n", DEEP),
    "nested arrays": ("x = " + "[" * 450_000 + "]" * 450_000 + "\n", DEEP),
    "nested inline tables": ("x = " + "{a=" * 240_000 + "1" + "}" * 240_000 + "\n", DEEP),
    "many keys": ("".join(f"k{i} = 1\n" for i in range(90_000)), "line 2001: " + MANY),
    "many dotted keys": ("".join(f"k{i}.a.b.c.d.e = 1\n" for i in range(45_000)), "line 2001: " + MANY),
    "many tables": (fill("[[cards]]\n"), "line 2001: " + MANY),
    "many array items": ("x = [" + fill("1,", MAX_DECK_BYTES - 10) + "]\n", "line 1: " + MANY),
    "many inline tables": ("cards = [" + fill("{},", MAX_DECK_BYTES - 20) + "]\n", "line 1: " + MANY),
    "long bare key": ("k" * 999_000 + " = 1\n", LONG),
    "long quoted key": ('"' + "k" * 999_000 + '" = 1\n', LONG),
}

#: Texts at the bounds (each refused only by the deck's own checks): the most the parse may cost.
AT_THE_BOUNDS = {
    "tables": "[[cards]]\n" * MAX_ENTRIES,
    "deep distinct keys": "".join(
        f"[[t{i:05d}xxxxxx.{'.'.join(['p' * 12] * 6)}]]\n" for i in range(MAX_ENTRIES)
    ),
    "inline tables in an array": "cards = [" + "{}," * (MAX_ENTRIES - 1) + "]\n",
    "long string": 'deck = "' + "a" * (MAX_DECK_BYTES - 20) + '"\n',
}

# The peak resident size of this process only: VmHWM, as ru_maxrss keeps the size of the process that forked it
# (a test worker's 70 MB). The address space is capped at five times the bound and the run at a minute, so a
# regression fails (a MemoryError, a timeout) instead of taking the memory or the time of the machine the tests
# share: the 1 MB dotted key, unscanned, needs terabytes and days.
_PEAK = """
import re, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))
from companion.cli.main import main
code = main(["decks", "check", sys.argv[1]])
with open("/proc/self/status") as status:
    print(code, re.search(r"VmHWM:\\s*(\\d+) kB", status.read()).group(1))
"""


def decks_check(tmp_path: Path, text: str) -> tuple[int, float, str]:
    """Exit code, peak memory in MB and stderr of ``decks check`` on ``text``, in a process of its own."""
    data = text.encode()
    assert len(data) <= MAX_DECK_BYTES  # within the size limit: only the shape can refuse it
    path = tmp_path / "deck.toml"
    path.write_bytes(data)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _PEAK, str(path)], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr[-300:]
    code, peak_kb = done.stdout.split()
    print(f"decks check: exit {code}, peak {int(peak_kb) / 1024:.1f} MB")
    return int(code), int(peak_kb) / 1024, done.stderr


@pytest.mark.parametrize("name", BOMBS)
def test_a_bomb_is_refused_in_one_line_within_bounded_memory(tmp_path, name):
    text, refusal = BOMBS[name]
    code, peak_mb, err = decks_check(tmp_path, text)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"{tmp_path / 'deck.toml'}: {refusal}")
    assert peak_mb < PEAK_LIMIT_MB


@pytest.mark.parametrize("name", AT_THE_BOUNDS)
def test_a_text_at_the_bounds_costs_bounded_memory(tmp_path, name):
    code, peak_mb, err = decks_check(tmp_path, AT_THE_BOUNDS[name])
    assert code == 2 and err.count("\n") == 1
    assert peak_mb < PEAK_LIMIT_MB


BOMB = BOMBS["dotted key, 16,000 parts"][0]


def test_the_paste_box_and_the_file_picker_refuse_a_bomb_in_one_line(tmp_path):
    """The Decks screen's import (pasted text, a picked file's bytes) and the transcription's import."""
    for given_text in (BOMB, BOMB.encode()):
        outcome = import_deck(tmp_path, given_text, "bomb.toml")
        assert outcome.error.startswith(f"bomb.toml: {DEEP}")
        assert outcome.deck is None
    assert not (tmp_path / "decks").exists()
    transcription = Transcription.start(tmp_path, "red")
    with pytest.raises(ValueError, match=f"^pasted text: {DEEP}"):
        transcription.import_toml(BOMB)


def test_simulate_refuses_a_bomb_deck_in_one_line(tmp_path, capsys):
    from companion.cli.main import main

    path = tmp_path / "bomb.toml"
    path.write_text(BOMB)
    code = main(["simulate", "--games", "1", "--seed", "1", "--deck", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and DEEP in err


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('deck = "red"\n\n# a comment\n' + ".".join(["a"] * 9) + " = 1\n", 4),
        ('deck = """\n\n"""\n[' + ".".join(["a"] * 9) + "]\n", 4),
        ("x = [\n  1,\n  " + "[" * 9 + "]" * 9 + "\n]\n", 3),
    ],
)
def test_the_refusal_names_the_line(text, line):
    with pytest.raises(ShapeError, match=f"^line {line}: a key nested"):
        check_shape(text)


# --- every real deck still loads, however it is written --------------------------------------------------


def quoted(text: str, style: str) -> str:
    return {"basic": f'"{text}"', "literal": f"'{text}'", "bare": text}[style]


#: The strategies a deck is drawn with, made once: a strategy made anew at each draw (some 2,000 a deck) cost
#: this test most of its time.
_DECK_NAME = st.sampled_from(["red", "green"])
_CARD_COUNT = st.integers(min_value=1, max_value=60)
_THREE_SPACES = st.lists(st.sampled_from(SPACE_IDS), min_size=3, max_size=3, unique=True)
_AXES = st.integers(0, 4)
_ONE_TO_FOUR = st.integers(1, 4)
_GEM = st.sampled_from(GEM_TYPES)
_STYLE = st.sampled_from(["inline", "subtable", "dotted", "array"])
_KEY_QUOTE = st.sampled_from(["bare", "basic", "literal"])
_VALUE_QUOTE = st.sampled_from(["basic", "literal"])
_COMMENT = st.sampled_from(["", "  # [[cards]] a.b.c = {", "  # \"'''", ' # "quoted" [x]'])
_BLANK = st.sampled_from(["", "\n", "\n# [deck]\n", "\n   \n"])
_EQUALS = st.sampled_from([" = ", "=", "  =\t"])
_NEWLINE = st.sampled_from(["\n", "\r\n"])
_BOM = st.sampled_from(["", "\ufeff"])


@st.composite
def written_decks(draw):
    """A valid deck and one way a person might write it: inline or sub-table or dotted all_play, quoted keys
    and values, comments and strings holding TOML's own punctuation, blank lines, CRLF, a BOM, up to 60 cards."""
    name = draw(_DECK_NAME)
    count = draw(_CARD_COUNT)
    cards = []
    for i in range(count):
        primary, secondary, tertiary = draw(_THREE_SPACES)
        cards.append({"id": f"C{i:02d}", "primary": primary, "secondary": secondary, "tertiary": tertiary,
                      "axes": draw(_AXES),
                      "all_play": {"dwarf_king": draw(_ONE_TO_FOUR), "gem_market": draw(_GEM),
                                   "tunnel": draw(_ONE_TO_FOUR), "wizards_cave": draw(_ONE_TO_FOUR)}})
    style = draw(_STYLE)

    def pair(key: str, value: object) -> str:
        shown = quoted(value, draw(_VALUE_QUOTE)) if isinstance(value, str) else str(value)
        eq = draw(_EQUALS)
        return f"{quoted(key, draw(_KEY_QUOTE))}{eq}{shown}"

    def inline(table: dict) -> str:
        return "{ " + ", ".join(pair(k, v) for k, v in table.items()) + " }"

    lines = [f"# {name} deck: a.b.c = [1, {{x = 2}}] \"'", pair("deck", name) + draw(_COMMENT)]
    if style == "array":
        items = ", ".join(
            "{ " + ", ".join(pair(k, v) for k, v in card.items() if k != "all_play")
            + f", all_play = {inline(card['all_play'])} }}" for card in cards)
        lines.append(f"cards = [ # each card\n  {items}\n]")
    for card in cards if style != "array" else []:
        lines += [draw(_BLANK) + "[[cards]]" + draw(_COMMENT)]
        lines += [pair(k, v) + draw(_COMMENT) for k, v in card.items() if k != "all_play"]
        if style == "inline":
            lines.append(f"all_play = {inline(card['all_play'])}")
        elif style == "dotted":
            lines += [f"all_play . {pair(k, v)}" for k, v in card["all_play"].items()]
        else:
            lines.append("[cards.all_play]")
            lines += [pair(k, v) for k, v in card["all_play"].items()]
    newline = draw(_NEWLINE)
    text = draw(_BOM) + "\n".join(lines).replace("\n", newline) + newline
    return text, Deck.model_validate({"deck": name, "cards": cards})


@given(written_decks())
def test_every_real_deck_still_loads(written):
    text, deck = written
    assert parse_deck(text, "deck.toml") == deck


# --- the scan is never fooled: whatever it lets through parses within its bounds -----------------------------

_PIECES = ["a", "b", '"q.[{"', "'l.]'", ".", " . ", " = ", "=", "1", "1.5", '"s#[."', "'''m\n.[{'''",
           '"""t\n"[x]"""', "[", "]", "[[", "]]", "{", "}", ", ", ",", "\n", "\r\n", "# c.[{\n", " ",
           "1979-05-27 07:32:00", "true", "\\", '"', "'"]


def depth_and_size(value: object, depth: int = 0) -> tuple[int, int]:
    """The deepest path (a key or a list index per step) and the number of keys and items in ``value``."""
    if isinstance(value, dict):
        children = list(value.values())
    elif isinstance(value, list):
        children = value
    else:
        return depth, 0
    deepest, size = depth, len(children)
    for child in children:
        d, s = depth_and_size(child, depth + 1)
        deepest, size = max(deepest, d), size + s
    return deepest, size


@given(st.lists(st.sampled_from(_PIECES), max_size=60))
def test_whatever_the_scan_lets_through_parses_within_its_bounds(pieces):
    """With small bounds, every TOML text the scan accepts parses to no deeper a value and no more keys and
    items than the bounds allow (each key, header or item adds at most one per level it spans)."""
    text = "".join(pieces)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(toml_shape, "MAX_DEPTH", 3)
        patch.setattr(toml_shape, "MAX_ENTRIES", 4)
        try:
            check_shape(text)
        except ShapeError:
            return
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return
    deepest, size = depth_and_size(parsed)
    assert deepest <= 3, json.dumps(parsed)
    assert size <= 4 * 3, json.dumps(parsed)


@given(st.text(max_size=200))
def test_any_text_is_scanned_without_an_error_of_its_own(text):
    try:
        check_shape(text)
    except ShapeError as exc:
        assert "\n" not in str(exc)


def test_a_deck_error_from_the_scan_is_a_deck_error():
    with pytest.raises(DeckError, match=f"^x.toml: {DEEP}"):
        parse_deck(BOMB, "x.toml")
