"""The Flet views without a client: every screen builds, the router stacks views, icons exist.

A stand-in page records navigation; real Flet controls are built but never sent anywhere.
"""

from types import SimpleNamespace

import flet as ft
import pytest
from flet_helpers import run_async, walk

from companion.rules.reference import load_reference
from companion.store.settings import Settings, load_settings
from companion.ui.home.presenter import home_presenter
from companion.ui.rules_help.text import rules_sections
from companion.ui.shell.app import Router, main
from companion.ui.shell.context import AppContext, Screen
from companion.ui.shell.screens import all_screens
from companion.ui.widgets import common as w


class FakePage(SimpleNamespace):
    def __init__(self, route="/"):
        super().__init__(route=route, views=[], title="", navigated=[], dialogs=[], updates=0, updated=[], tasks=[])

    def navigate(self, route):
        self.navigated.append(route)

    async def push_route(self, route):
        self.navigated.append(route)

    def update(self, *controls):
        """The whole page (counted in ``updates``), or the given controls, each by itself (kept in ``updated``)."""
        if controls:
            self.updated.extend(controls)
        else:
            self.updates += 1

    def show_dialog(self, dialog):
        self.dialogs.append(dialog)

    def run_task(self, handler, *args, **kwargs):
        """A task a screen starts (the round screen's scroll to a fight's result): kept, not run."""
        self.tasks.append(handler)


@pytest.fixture
def ctx(tmp_path):
    return AppContext.load(FakePage(), tmp_path)


def test_every_screen_builds(ctx):
    router = Router(ctx, all_screens())
    for route in all_screens():
        view = router.build_view(route)
        texts = [c.value for c in walk(view) if isinstance(c, ft.Text)]
        assert "This screen failed to open" not in texts, route
        assert isinstance(view.appbar, ft.AppBar)


def test_router_stacks_views_by_parent(ctx):
    router = Router(ctx, all_screens())
    router.show("/settings")
    assert [v.route for v in ctx.page.views] == ["/", "/settings"]
    router.show("/rules?open=dragon")
    assert [v.route for v in ctx.page.views] == ["/", "/rules?open=dragon"]
    run_async(router.on_view_pop(None))
    assert [v.route for v in ctx.page.views] == ["/"]
    assert ctx.page.navigated[-1] == "/"


def test_a_new_screen_slots_in_with_one_line(ctx):
    screens = all_screens()
    screens["/round/attack"] = Screen("/round/attack", "Dragon attack", lambda c, p: [ft.Text("Attack!")], "/round")
    router = Router(ctx, screens)
    router.show("/round/attack")
    assert [v.route for v in ctx.page.views] == ["/", "/round", "/round/attack"]
    assert ctx.page.title.startswith("Dragon attack")


def test_a_broken_screen_shows_an_error_instead_of_crashing(ctx):
    def broken(c, p):
        raise RuntimeError("boom")

    router = Router(ctx, {**all_screens(), "/broken": Screen("/broken", "Broken", broken)})
    router.show("/broken")
    texts = [c.value for c in walk(ctx.page.views[-1]) if isinstance(c, ft.Text)]
    assert "This screen failed to open" in texts and "boom" in texts


def test_unknown_route_shows_not_found(ctx):
    ctx.page.route = "/nope"
    Router(ctx, all_screens()).show("/nope")
    texts = [c.value for c in walk(ctx.page.views[-1]) if isinstance(c, ft.Text)]
    assert "Nothing here" in texts


def test_main_applies_saved_theme(tmp_path):
    from companion.store.settings import save_settings

    save_settings(Settings(theme="dark", larger_text=True), tmp_path)
    page = FakePage("/settings")
    context = main(page, tmp_path)
    assert page.theme_mode == ft.ThemeMode.DARK
    assert page.theme.text_theme.body_large.size > 17
    assert [v.route for v in page.views] == ["/", "/settings"]
    assert context.settings.theme == "dark"


def test_update_settings_saves_and_reapplies(ctx):
    ctx.update_settings(ctx.settings.replace(theme="dark"))
    assert load_settings(ctx.data_dir).theme == "dark"
    assert ctx.page.theme_mode == ft.ThemeMode.DARK


def test_the_set_chart_to_score_with_follows_the_owners_values(ctx):
    from companion.rules.scoring import load_scoring
    from companion.store.settings import correct

    assert ctx.set_chart == load_scoring().set_chart
    ctx.update_settings(correct(ctx.settings, "set_chart", {2: 3}))
    assert ctx.set_chart.points(2) == (3, "owner")


def test_home_continue_follows_the_hook(tmp_path):
    for in_progress in (False, True):
        c = AppContext.load(FakePage(), tmp_path, has_game_in_progress=lambda v=in_progress: v)
        view = Router(c, all_screens()).build_view("/")
        buttons = [b for b in walk(view) if isinstance(b, ft.FilledButton | ft.FilledTonalButton)]
        cont = next(b for b in buttons if b.key == "home-continue")
        assert cont.disabled is (not in_progress)


def test_home_buttons_navigate(ctx):
    view = Router(ctx, all_screens()).build_view("/")
    score = next(b for b in walk(view) if getattr(b, "key", None) == "home-score")
    score.on_click(None)
    assert ctx.page.navigated == ["/score"]


def test_icon_names_used_by_presenters_exist():
    names = {a.icon for a in home_presenter(False).actions}
    names |= {s.icon for s in rules_sections(load_reference())}
    for name in names:
        assert isinstance(w.icon(name), ft.IconData), name


def test_icon_buttons_carry_their_label():
    b = w.icon_button("ADD", "One more gold")
    assert b.tooltip == "One more gold" and b.icon.semantics_label == "One more gold"


@pytest.mark.parametrize("content", [b"\xff\xfe{}", b"[" * 100_000 + b"]" * 100_000, None])
def test_a_bad_settings_file_opens_the_app_with_the_defaults_and_one_line_on_settings(tmp_path, content):
    path = tmp_path / "settings.json"
    path.mkdir() if content is None else path.write_bytes(content)
    page = FakePage("/settings")
    context = main(page, tmp_path)
    assert context.settings == Settings() and page.theme_mode == ft.ThemeMode.LIGHT
    texts = [c.value for c in walk(page.views[-1]) if isinstance(c, ft.Text)]
    (line,) = [t for t in texts if t and "settings could not be read" in t]
    assert "kept as" in line and "\n" not in line
    home = [c.value for c in walk(page.views[0]) if isinstance(c, ft.Text)]
    assert not any(t and "could not be read" in t for t in home)  # the line is on Settings only
    context.update_settings(context.settings.replace(theme="dark"))  # one's own settings again: no line
    Router(context, all_screens()).show("/settings")
    assert not any(t and "could not be read" in t for t in (c.value for c in walk(page.views[-1])
                                                           if isinstance(c, ft.Text)))
