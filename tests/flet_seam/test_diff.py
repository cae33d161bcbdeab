"""Flet's diff and encoder remember which classes are dataclasses and their fields: same answers,
same patches."""

from __future__ import annotations

import dataclasses

import flet as ft
import msgpack
import pytest
from flet.controls import object_patch
from flet.controls.base_control import BaseControl
from flet.messaging import protocol

from companion.flet_seam import diff as flet_diff


def _samples():
    return [ft.Container(border=ft.Border.all(2, ft.Colors.RED), padding=4), ft.Text("x"), ft.Border.all(1),
            ft.Padding.symmetric(vertical=2), object(), 3, "text", None, ft.Text, int, ft.Border]


def test_the_remembered_answers_are_dataclasses_answers_asked_twice():
    for obj in _samples() + _samples():
        assert flet_diff.is_dataclass(obj) == dataclasses.is_dataclass(obj), obj
        if dataclasses.is_dataclass(obj):
            assert flet_diff.fields(obj) == dataclasses.fields(obj)
        else:
            with pytest.raises(TypeError):
                flet_diff.fields(obj)


def _patch(tree) -> tuple[bytes, list[int]]:
    """The patch that adds ``tree`` to a page, encoded, and the controls it adds (found by configuring it)."""
    encode = protocol.configure_encode_object_for_msgpack(BaseControl)
    patch, added, _removed = object_patch.ObjectPatch.from_diff(None, tree, control_cls=BaseControl)
    return msgpack.packb(patch.to_message(), default=encode), [c._i for c in added]


def test_a_patch_is_the_same_with_and_without_them(monkeypatch):
    tree = ft.Column([ft.Container(ft.Text("a", size=13), border=ft.Border.all(3, ft.Colors.GREEN_700), padding=6,
                                   on_click=lambda _e: None),
                      ft.Button("b", style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12)))])
    monkeypatch.setattr(object_patch, "dataclasses", dataclasses)
    monkeypatch.setattr(protocol, "is_dataclass", dataclasses.is_dataclass)
    monkeypatch.setattr(protocol, "fields", dataclasses.fields)
    monkeypatch.setattr(object_patch.DiffBuilder, "_configure_dataclass",
                        getattr(object_patch.DiffBuilder._configure_dataclass, "__wrapped__",
                                object_patch.DiffBuilder._configure_dataclass))
    plain = _patch(tree)
    assert len(plain[1]) == 4  # the column, the container, its text, the button (its text is a property)
    assert flet_diff.install()
    assert object_patch.dataclasses.is_dataclass is flet_diff.is_dataclass
    assert protocol.is_dataclass is flet_diff.is_dataclass and protocol.fields is flet_diff.fields
    assert object_patch.DiffBuilder._configure_dataclass.__wrapped__ is not None
    assert _patch(tree) == plain
