"""The settings screen as plain data and actions (no Flet here).

The presenter holds the current :class:`~companion.store.settings.Settings`; every action returns the new settings
(the view saves and applies them) or a one-line error for the field that was wrong.

>>> p = SettingsPresenter(Settings())
>>> row = p.reference_row("dragon_track")
>>> row.value_text, row.badge
('5 steps', 'estimate')
>>> p.submit("dragon_track", {"length": "7"}).error is None
True
>>> p.reference_row("dragon_track").value_text, p.reference_row("dragon_track").badge
('7 steps', 'your copy')
>>> p.submit("dragon_track", {"length": "x"}).error
'Steps to the head: enter a whole number'
>>> p.reference_row("tavern_4").badge, p.reference_row("tavern_4").can_correct
('rulebook', False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from companion.rules import words
from companion.rules.board.spaces import SPACES, TAVERN_SPACES
from companion.rules.reference import Reference, load_reference
from companion.rules.scoring import SetChart, load_scoring
from companion.store.settings import (
    CORRECTABLE,
    SET_CHART,
    Settings,
    clear_correction,
    correct,
    effective_reference,
    effective_set_chart,
)

Badge = Literal["estimate", "your copy", "rulebook"]
EditorKind = Literal["steps", "four_amounts", "tavern", "chart"]

TAVERN_REWARDS: tuple[tuple[str, str], ...] = (("none", "None"), ("gold", "Gold"), ("beer", "Beer"), ("gems", "Gems"))
POSITIONS = ("1st", "2nd", "3rd", "4th")
#: A tavern space's help where it says more than what a dwarf collects: what is printed and what is the guess.
TAVERN_HELP = {
    "tavern_2": "What a dwarf placed here collects. The automa rules print the one gold of the gold space; "
    "that this second space is the one paying it is the app's guess.",
    "tavern_4": "What a dwarf placed here collects: printed in the Caverns of Gandûm rulebook (the gem space's "
    "two gems), so it is not corrected here.",
}


@dataclass(frozen=True)
class Field:
    """One input of a correction editor: ``key`` in the submitted mapping, its label, its current text."""

    key: str
    label: str
    value: str
    #: For a choice: (value, label) pairs; empty for a number.
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ReferenceRow:
    key: str
    label: str
    value_text: str
    badge: Badge
    help: str
    editor: EditorKind
    fields: tuple[Field, ...]
    #: Whether "use the app's value" makes sense (the value was corrected).
    can_reset: bool
    #: Whether the value may be corrected at all: not one a rulebook prints (the screen offers no Correct).
    can_correct: bool = True


@dataclass(frozen=True)
class Outcome:
    settings: Settings
    error: str | None = None


def _int(label: str, text: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise ValueError(f"{label}: enter a whole number") from None


class SettingsPresenter:
    def __init__(self, settings: Settings, base: Reference | None = None, chart: SetChart | None = None):
        self.settings = settings
        self.base = base or load_reference()
        self.base_chart = chart or load_scoring().set_chart

    # ------------------------------------------------------------------------------------- simple settings
    @property
    def dark(self) -> bool:
        return self.settings.theme == "dark"

    def set_dark(self, dark: bool) -> Settings:
        self.settings = self.settings.replace(theme="dark" if dark else "light")
        return self.settings

    def set_larger_text(self, on: bool) -> Settings:
        self.settings = self.settings.replace(larger_text=bool(on))
        return self.settings

    def set_dice(self, whose: str) -> Settings:
        self.settings = self.settings.replace(dice=whose)
        return self.settings

    def set_virtual_axe_bag(self, on: bool) -> Settings:
        self.settings = self.settings.replace(virtual_axe_bag=bool(on))
        return self.settings

    def set_table_stash(self, on: bool) -> Settings:
        """New games leave the automa's things on the table (on) or let the app keep them (off)."""
        self.settings = self.settings.replace(stash="table" if on else "app")
        return self.settings

    # ------------------------------------------------------------------------------------- reference values
    @property
    def reference(self) -> Reference:
        return effective_reference(self.settings, self.base)

    @staticmethod
    def _badge(source: str) -> Badge:
        """Where the value comes from, as the screen marks it: the owner's is "your copy"."""
        return "your copy" if source == "owner" else "estimate" if source == "estimate" else "rulebook"

    def reference_rows(self) -> list[ReferenceRow]:
        return [self.reference_row(name) for name in (*CORRECTABLE, SET_CHART)]

    def reference_row(self, name: str) -> ReferenceRow:
        ref = self.reference
        corrected = self.settings.is_corrected(name)
        if name == "dragon_track":
            n = ref.dragon_track.length
            return ReferenceRow(
                name,
                "Dragon track length",
                words.count(n, "step"),
                self._badge(ref.dragon_track.source),
                "Steps from zero to the dragon's head, where it attacks.",
                "steps",
                (Field("length", "Steps to the head", str(n)),),
                corrected,
            )
        if name == "starting_gold":
            gold = ref.starting_gold.by_position
            return ReferenceRow(
                name,
                "Starting gold",
                ", ".join(f"{p} {g}" for p, g in zip(POSITIONS, gold, strict=True)),
                self._badge(ref.starting_gold.source),
                "Gold for each position in the starting turn order.",
                "four_amounts",
                tuple(
                    Field(f"gold_{i + 1}", f"Gold, {p} player", str(g))
                    for i, (p, g) in enumerate(zip(POSITIONS, gold, strict=True))
                ),
                corrected,
            )
        if name in TAVERN_SPACES:
            t = ref.tavern_reward(name)
            space = SPACES[name].name
            short = f"Tavern {name.rsplit('_', 1)[1]}"
            value = "no reward" if t.reward == "none" else f"{t.amount} {t.reward}"
            return ReferenceRow(
                name,
                f"{space} reward",
                value,
                self._badge(t.source),
                TAVERN_HELP.get(name, "What a dwarf placed on this tavern space collects."),
                "tavern",
                (
                    Field("reward", f"{short} reward", t.reward, TAVERN_REWARDS),
                    Field("amount", f"{short} amount", str(t.amount)),
                ),
                corrected,
                name not in self.base.printed(),
            )
        if name == SET_CHART:
            chart = effective_set_chart(self.settings, self.base_chart)
            # 0 tiles is an estimate too, but the chart's shape fixes it at 0: nothing to correct.
            counts = [n for n in self.base_chart.estimates() if n > 0]
            shown = []
            for n in counts:
                pts, src = chart.points(n)
                shown.append(f"{n}: {pts}" + (" (yours)" if src == "owner" else ""))
            printed = ", ".join(
                f"{words.count(e.tiles, 'tile')}: {e.points}"
                for e in self.base_chart.entries
                if e.source == "rulebook" and e.tiles > 0
            )
            return ReferenceRow(
                name,
                "Mine-tile set chart",
                "Tiles: points. " + ", ".join(shown),
                "your copy" if corrected else "estimate",
                f"Points for a set of tiles of one type at the end. Printed in the rulebook: {printed}; "
                "the others are the app's estimates. Your player reference card shows them.",
                "chart",
                tuple(
                    Field(f"tiles_{n}", f"Points for {words.count(n, 'tile')}", str(chart.points(n)[0])) for n in counts
                ),
                corrected,
            )
        raise KeyError(name)

    @property
    def set_chart(self) -> SetChart:
        return effective_set_chart(self.settings, self.base_chart)

    def submit(self, name: str, values: Mapping[str, str]) -> Outcome:
        """Correct ``name`` from the editor's field texts. On error the settings are unchanged."""
        row = self.reference_row(name)
        try:
            if name == "dragon_track":
                value: object = _int(row.fields[0].label, values["length"])
            elif name == "starting_gold":
                value = [_int(f.label, values[f.key]) for f in row.fields]
            elif name == SET_CHART:
                chart = self.set_chart
                owner: dict[int, int] = {}
                for f in row.fields:
                    n = int(f.key.removeprefix("tiles_"))
                    pts = _int(f.label, values.get(f.key, f.value))
                    # A value left at the app's estimate stays an estimate; a changed one is the owner's.
                    if chart.points(n) != (pts, "estimate"):
                        owner[n] = pts
                value = owner
            else:
                reward = values.get("reward", row.fields[0].value)
                amount = 0 if reward == "none" else _int(row.fields[1].label, values.get("amount", ""))
                value = (reward, amount)
        except ValueError as err:
            return Outcome(self.settings, str(err))
        try:
            new = correct(self.settings, name, value)
        except ValueError as err:
            return Outcome(self.settings, f"{row.label}: {err}")
        self.settings = new
        return Outcome(new)

    def reset(self, name: str) -> Settings:
        """Use the app's own value for ``name`` again."""
        self.settings = clear_correction(self.settings, name)
        return self.settings
