"""The event payload types Flet works out per event are remembered per kind of control."""

from __future__ import annotations

import flet as ft
from flet.controls import base_control
from flet.controls.control_event import get_event_field_type

from companion.flet_seam import events as flet_events


def test_an_event_type_is_worked_out_once_per_class_and_field_and_is_flets_answer(monkeypatch):
    calls = []

    def resolve(control, field_name):
        calls.append((type(control), field_name))
        return get_event_field_type(control, field_name)

    monkeypatch.setattr(flet_events, "_resolve", resolve)
    monkeypatch.setattr(flet_events, "_known", {})
    monkeypatch.setattr(base_control, "get_event_field_type", base_control.get_event_field_type)
    assert flet_events.install()
    remembered = base_control.get_event_field_type
    first, second = ft.Container(), ft.Container()
    assert remembered(first, "on_click") == get_event_field_type(first, "on_click")
    assert remembered(second, "on_click") == get_event_field_type(second, "on_click")
    assert remembered(ft.Chip(label=ft.Text("x")), "on_select") == get_event_field_type(
        ft.Chip(label=ft.Text("x")), "on_select")
    assert remembered(first, "on_nothing") is None  # a field the class lacks: Flet's None, remembered too
    remembered(first, "on_nothing")
    assert calls == [(ft.Container, "on_click"), (ft.Chip, "on_select"), (ft.Container, "on_nothing")]

