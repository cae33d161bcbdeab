"""Each command's ``--help`` carries its limits and exit codes (the README only points there)."""

import pytest

from companion.cli.main import build_parser

COMMANDS = ["app", "score", "replay", "log", "simulate", "calibrate", "games", "export", "import"]


def parser_of(*words: str):
    """The parser ``treasure-companion WORDS... --help`` prints."""
    parser = build_parser(words[0])
    for word in words:
        parser = parser._subparsers._group_actions[0].choices[word]
    return parser


def help_of(*words: str) -> str:
    return " ".join(parser_of(*words).format_help().split())


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_says_its_exit_codes(command):
    assert "exit codes: 0 done; 2 " in help_of(command)


@pytest.mark.parametrize("command", ["replay", "log", "import"])
def test_the_record_readers_say_the_record_limits_and_codes_3_and_4(command):
    text = help_of(command)
    assert "at most 20 MB and 200,000 events" in text
    assert "3 an unsupported format or version" in text and "4 a record the rules do not produce" in text


@pytest.mark.parametrize("words", [("score",), ("simulate",), ("calibrate",), ("decks", "check")])
def test_the_small_file_readers_say_the_1_mb_limit(words):
    assert "the file at most 1 MB" in help_of(*words)


def test_a_paragraph_is_wrapped_on_its_own():
    assert "\n\nexit codes:" in parser_of("replay").format_help()  # not run into the paragraph before it
