"""Settings > Share this table: the join address, its QR code, and Stop sharing / Share again."""

from __future__ import annotations

import flet as ft

from companion.ui.round import whose
from companion.ui.shell.context import AppContext
from companion.ui.widgets import common as w

QR_SIZE = 220


#: What the phone site says where sharing would be: the app runs in each phone's own browser, with no server
#: for other phones to join.
OPEN_ON_EACH_PHONE = "Open this app on each phone instead."


def share_card(ctx: AppContext) -> ft.Control:
    if ctx.platform.in_browser:
        return w.card([w.heading("Share this table", 3), w.para(OPEN_ON_EACH_PHONE)])
    # Here, not at the top: the QR code's library is not bundled in the phone site, which never draws one.
    from companion.ui.settings.share_presenter import SharePresenter

    session = ctx.state.session  # the game this page plays, if any
    picked = whose.label(session.game.setup, whose.owner(ctx, session.game_id)) if session is not None else None
    seat = ctx.sharing
    presenter = (SharePresenter(seat.table, seat.device, seat.this_computer, picked) if seat is not None
                 else SharePresenter(None, None, whose=picked))
    content = ft.Column(spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def act(_e) -> None:
        presenter.act()
        render()

    def ask_again(_e) -> None:
        if session is not None and session.game_id is not None:  # the button shows only beside a stored game
            whose.pick(ctx, session.game_id, None)
        ctx.go("/round")

    def render() -> None:
        view = presenter.view()
        parts: list[ft.Control] = [w.heading("Share this table", 3)]
        parts += [w.para(line, small=i > 0) for i, line in enumerate(view.lines)]
        if view.address:
            parts.append(
                ft.Text(
                    view.address,
                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                    weight=ft.FontWeight.W_600,
                    semantics_label=f"Join address {view.address}",
                )
            )
        if view.qr_png:
            parts.append(
                ft.Row(
                    [
                        ft.Image(
                            src=view.qr_png,
                            width=QR_SIZE,
                            height=QR_SIZE,
                            fit=ft.BoxFit.CONTAIN,
                            semantics_label="QR code of the join address",
                        )
                    ],
                    alignment=ft.MainAxisAlignment.CENTER,
                )
            )
        if view.typed:
            parts.append(w.para(view.typed, small=True))
        if view.whose:
            change = w.text_button("Change whose phone this is", ask_again, icon_name="PERSON")
            parts.append(ft.Row([w.para(view.whose), change], wrap=True,
                                vertical_alignment=ft.CrossAxisAlignment.CENTER))
        if view.footer:
            parts.append(w.para(view.footer, small=True))
        if view.action == "Stop sharing":
            parts.append(w.para("Stop sharing ends every other device's session and the code.", small=True))
            parts.append(w.text_button(view.action, act, icon_name="STOP_SCREEN_SHARE"))
        elif view.action:
            parts.append(w.filled_button(view.action, act, icon_name="QR_CODE_2"))
        content.controls = parts

    render()
    return w.card([content])
