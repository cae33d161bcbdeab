"""The user's settings: a small JSON file in the data directory (no Flet here).

What it holds: light or dark theme, larger text, whose dice are used by default (the app's or the table's),
the virtual axe bag, and the owner's corrections of reference values the rulebooks do not print
(``companion.rules.reference``). A corrected value replaces the app's estimate everywhere through
:func:`effective_reference`, with the source "owner"; the UI marks it "your copy". A value a rulebook prints
cannot be corrected (as with the set chart's printed counts).

>>> s = Settings()
>>> s.theme, s.dice, s.virtual_axe_bag
('light', 'app', False)
>>> s = correct(s, "dragon_track", 7)
>>> effective_reference(s).dragon_track.length
7
>>> s.is_corrected("dragon_track"), s.is_corrected("starting_gold")
(True, False)
>>> correct(s, "starting_gold", [5, 4, 3, 2])
Traceback (most recent call last):
...
ValueError: starting gold must rise from the 1st to the 4th player
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.files.atomic import write_text
from companion.files.oneline import one_line
from companion.files.paths import (  # noqa: F401 (re-exported)
    DATA_ENV,
    SETTINGS_FILE,
    NotAFile,
    default_data_dir,
    read_regular,
    resolve_data_dir,
)
from companion.rules.board.spaces import TAVERN_SPACES
from companion.rules.reference import Reference, load_reference
from companion.rules.scoring import SetChart, load_scoring
from companion.rules.setup import Stash
from companion.store.corrections import (  # noqa: F401 (Corrections re-exported)
    CHART_POINTS_MAX,
    CHART_TILES_MAX,
    GOLD_MAX,
    Corrections,
    TavernCorrection,
)

log = logging.getLogger(__name__)


#: The reference values Settings lists; those a rulebook prints (``Reference.printed()``) are shown, not corrected.
CORRECTABLE = ("dragon_track", "starting_gold", *TAVERN_SPACES)
#: The mine-tile set chart (companion/rules/scoring/tables.py), correctable where the rulebook prints no value.
SET_CHART = "set_chart"


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")
    version: int = 1
    theme: Literal["light", "dark"] = "light"
    larger_text: bool = False
    #: Whose dice the app asks for by default: "app" rolls for you, "table" asks for the value you rolled.
    dice: Literal["app", "table"] = "app"
    #: When on, the app draws the automa's axe tokens itself (3 in 4 worth one, 1 in 4 worth two).
    virtual_axe_bag: bool = False
    #: Who keeps the automa's gold, gems and tiles in a new game: the app, or the table (New game remembers it).
    stash: Stash = "app"
    corrections: Corrections = Field(default_factory=Corrections)

    @property
    def table_stash(self) -> bool:
        """New games leave the automa's things to the table (``stash`` "table")."""
        return self.stash == "table"

    def replace(self, **changes: Any) -> Settings:
        """A validated copy with ``changes`` applied."""
        return Settings.model_validate({**self.model_dump(), **changes})

    def is_corrected(self, name: str) -> bool:
        """Whether the reference value ``name`` (one of :data:`CORRECTABLE`) comes from the user's copy."""
        c = self.corrections
        if name == "dragon_track":
            return c.dragon_track is not None
        if name == "starting_gold":
            return c.starting_gold is not None
        if name in TAVERN_SPACES:
            return name in c.tavern
        if name == SET_CHART:
            return bool(c.set_chart)
        raise KeyError(name)


def effective_reference(settings: Settings, base: Reference | None = None) -> Reference:
    """The reference values the app plays with: the built-in ones with the user's corrections applied.

    A corrected value takes the source ``"owner"``: read from the owner's copy, it is no longer an estimate, and
    not the rulebook's either (the UI marks it "your copy").
    """
    base = base or load_reference()
    raw = base.model_dump()
    c = settings.corrections
    if c.dragon_track is not None:
        raw["dragon_track"] = {"length": c.dragon_track, "source": "owner"}
    if c.starting_gold is not None:
        raw["starting_gold"] = {"by_position": list(c.starting_gold), "source": "owner"}
    for tavern in raw["tavern"]:
        fix = c.tavern.get(tavern["space"])
        if fix is not None:
            tavern.update(reward=fix.reward, amount=fix.amount, source="owner")
    return Reference.model_validate(raw)


def effective_set_chart(settings: Settings, base: SetChart | None = None) -> SetChart:
    """The mine-tile set chart to score with: the shipped one with the owner's values (source ``"owner"``)."""
    base = base or load_scoring().set_chart
    return base.corrected(settings.corrections.set_chart) if settings.corrections.set_chart else base


def _one_line(err: ValidationError) -> str:
    first = err.errors()[0]
    msg = str(first.get("msg", "invalid value"))
    return msg.removeprefix("Value error, ")


def correct(settings: Settings, name: str, value: Any) -> Settings:
    """Settings with the reference value ``name`` set to ``value``; a one-line ``ValueError`` if invalid.

    ``value`` is an int for ``dragon_track``, four ints for ``starting_gold``, ``(reward, amount)`` for a
    tavern space, and ``{tiles: points}`` for ``set_chart`` (merged with earlier corrections).
    """
    c = settings.corrections.model_dump()
    _refuse_printed(name)
    try:
        if name == "dragon_track":
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 12:
                raise ValueError("the dragon track has 1 to 12 steps")
            c["dragon_track"] = value
        elif name == "starting_gold":
            gold = [int(g) for g in value]
            if len(gold) != 4:
                raise ValueError("starting gold needs four amounts, 1st to 4th player")
            if any(g < 0 or g > GOLD_MAX for g in gold):
                raise ValueError(f"starting gold must be between 0 and {GOLD_MAX}")
            if any(a >= b for a, b in zip(gold, gold[1:], strict=False)):
                raise ValueError("starting gold must rise from the 1st to the 4th player")
            c["starting_gold"] = tuple(gold)
        elif name in TAVERN_SPACES:
            reward, amount = value
            fix = TavernCorrection(reward=reward, amount=int(amount))
            c["tavern"] = {**c["tavern"], name: fix.model_dump()}
            if reward == "none" and int(amount) != 0:
                raise ValueError("a tavern space with no reward has amount 0")
            if reward != "none" and int(amount) == 0:
                raise ValueError("a tavern reward needs an amount of at least 1")
        elif name == SET_CHART:
            values = {int(k): int(v) for k, v in dict(value).items()}
            if any(k < 1 or k > CHART_TILES_MAX for k in values):
                raise ValueError(f"set chart tile counts must be between 1 and {CHART_TILES_MAX}")
            if any(v < 0 or v > CHART_POINTS_MAX for v in values.values()):
                raise ValueError(f"set chart points must be between 0 and {CHART_POINTS_MAX}")
            c["set_chart"] = {**c["set_chart"], **values}
        else:
            raise ValueError(f"{name!r} is not a value that can be corrected")
        new = settings.replace(corrections=c)
        effective_reference(new)  # the corrected whole must still be valid reference data
        effective_set_chart(new)
    except ValidationError as err:
        raise ValueError(_one_line(err)) from None
    except TypeError:
        raise ValueError(f"{name}: not a valid value") from None
    return new


def _refuse_printed(name: str) -> None:
    """A value a rulebook prints is the authority: its correction is refused in one line (as the set chart's)."""
    ref = load_reference()
    if name in ref.printed():
        shown = f" ({ref.tavern_reward(name).amount} {ref.tavern_reward(name).reward})" if name in TAVERN_SPACES else ""
        raise ValueError(f"printed in the rulebook{shown}, so it cannot be corrected")


def clear_correction(settings: Settings, name: str) -> Settings:
    """Settings that use the app's own value for ``name`` again."""
    c = settings.corrections.model_dump()
    if name in ("dragon_track", "starting_gold"):
        c[name] = None
    elif name == SET_CHART:
        c["set_chart"] = {}
    elif name in TAVERN_SPACES:
        c["tavern"] = {k: v for k, v in c["tavern"].items() if k != name}
    else:
        raise KeyError(name)
    return settings.replace(corrections=c)


# ---------------------------------------------------------------------------------------------- persistence


def settings_path(data_dir: str | os.PathLike[str]) -> Path:
    return Path(data_dir) / SETTINGS_FILE


#: A settings file is a few hundred bytes; anything much larger is not one (and is not read whole).
MAX_SETTINGS_BYTES = 1_000_000


@dataclass(frozen=True)
class LoadedSettings:
    """The settings to use, and one line for the Settings screen when the file could not be used."""

    settings: Settings
    notice: str | None = None


def read_settings(data_dir: str | os.PathLike[str]) -> LoadedSettings:
    """The saved settings, or the defaults when there are none or the file cannot be used.

    A file that cannot be used (not UTF-8, not JSON, nested too deep, invalid values, too large, a folder) is
    never lost: it is renamed to ``settings.json.broken-<UTC time>`` beside itself, as the store does with a
    damaged games file, and the defaults are used. ``notice`` says so, and keeps saying so (naming the newest
    kept file) until the person saves settings of their own.
    """
    path = settings_path(data_dir)
    settings, problem = _parse(path)
    if settings is not None:
        return LoadedSettings(settings)
    if problem == _MISSING:
        return LoadedSettings(Settings(), _earlier_notice(path))
    log.warning("settings file %s cannot be used (%s); using the defaults", path, problem)
    try:
        kept = _move_aside(path)
    except FileNotFoundError:  # another window moved it a moment ago
        return LoadedSettings(Settings(), _earlier_notice(path))
    except OSError as err:
        return LoadedSettings(Settings(), f"Your settings could not be read ({problem}) nor moved aside "
                                          f"({err.strerror or err}); the defaults are used.")
    return LoadedSettings(Settings(), f"Your settings could not be read ({problem}); they are kept as {kept} "
                                      "and the defaults are used.")


def load_settings(data_dir: str | os.PathLike[str]) -> Settings:
    """The settings to use (see :func:`read_settings`)."""
    return read_settings(data_dir).settings


_MISSING = "missing"


def _parse(path: Path) -> tuple[Settings | None, str]:
    """The settings in the file at ``path``, or None and why it cannot be used (``_MISSING``: there is none)."""
    try:
        data = read_regular(path, MAX_SETTINGS_BYTES + 1)
    except FileNotFoundError:
        return None, _MISSING
    except NotAFile as err:  # a folder, a named pipe (it was read forever) or a device where the settings go
        return None, str(err)
    except OSError as err:
        return None, f"cannot be opened: {err.strerror or err}"
    if len(data) > MAX_SETTINGS_BYTES:
        return None, f"larger than {MAX_SETTINGS_BYTES // 1_000_000} MB"
    try:
        raw = json.loads(data.decode("utf-8"))
        settings = Settings.model_validate(raw)
    except UnicodeDecodeError:
        return None, "not UTF-8 text"
    except RecursionError:
        return None, "nested too deep"
    except ValidationError as err:
        return None, _where(err)
    except ValueError as err:
        return None, f"not JSON: {str(err).splitlines()[0]}"
    try:  # everything the app will build from the settings must build: check it now, not on a screen
        effective_reference(settings)
        effective_set_chart(settings)
    except ValidationError as err:
        return None, _where(err, "corrections")
    except ValueError as err:
        return None, f"corrections: {one_line(str(err))}"
    return settings, ""


def _where(err: ValidationError, prefix: str = "") -> str:
    """The first problem of ``err`` in one line, prefixed with where it is (``corrections.set_chart.2: ...``)."""
    where = ".".join(str(p) for p in (*([prefix] if prefix else []), *err.errors()[0].get("loc", ())))
    return one_line(f"{where}: {_one_line(err)}" if where else _one_line(err))


def _move_aside(path: Path) -> Path:
    """Rename ``path`` to ``<name>.broken-<UTC time>`` (``-2``, ``-3``... when taken); never overwrite."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    os.rename(path, target)
    return target


def _earlier_notice(path: Path) -> str | None:
    """The line for settings moved aside earlier, while no settings of the person's own replace them."""
    kept = sorted(path.parent.glob(f"{path.name}.broken-*"))  # UTC stamps: by name is by time
    if not kept:
        return None
    return f"Your earlier settings could not be read; they are kept as {kept[-1]} and the defaults are used."


def merged_with_saved(before: Settings, after: Settings, data_dir: str | os.PathLike[str]) -> Settings:
    """The settings to save when a window changes its copy from ``before`` to ``after``: the saved file (another
    window, a phone, may have changed it since this one read it) with this window's changes on top, field by
    field (a correction counts as one field). Saving the window's whole copy put back every setting changed
    elsewhere. A file that cannot be read gives ``after`` as it is.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> _ = save_settings(Settings(theme="dark"), folder)  # another window chose dark
    >>> merged_with_saved(Settings(), Settings(dice="table"), folder).theme
    'dark'
    """
    saved, _problem = _parse(settings_path(data_dir))
    if saved is None:
        return after
    was, now, out = before.model_dump(), after.model_dump(), saved.model_dump()
    for key, value in now.items():
        if key == "corrections":
            for name, corrected in value.items():
                if was[key].get(name) != corrected:
                    out[key][name] = corrected
        elif was.get(key) != value:
            out[key] = value
    return Settings.model_validate(out)


def save_settings(settings: Settings, data_dir: str | os.PathLike[str]) -> Path:
    """Write the settings atomically (a crash never leaves half a file). Returns the file's path."""
    path = settings_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(settings.model_dump(mode="json"), indent=2, sort_keys=True) + "\n"
    write_text(path, data, sync=True)
    return path
