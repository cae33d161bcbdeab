"""Settings > Share this table: what the card shows and what its buttons do (no Flet, unit-tested).

The table itself (code, joined devices, ending sessions) is the server's, handed to the page as
``ctx.sharing`` (companion/ui/shell/capabilities.py); this presenter only words it for the screen and draws the
join address as a QR code (segno, a PNG the page shows from memory: nothing is fetched, so it works offline).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import segno

from companion.ui.shell.capabilities import SharedTable


@dataclass(frozen=True)
class ShareView:
    state: str  # "local" (this computer only), "shared", "stopped"
    lines: tuple[str, ...]
    address: str | None = None
    qr_png: bytes | None = None
    action: str | None = None  # the button's label: "Stop sharing" / "Share again"
    typed: str | None = None  # under the QR code: the address to open and type the code in, for a phone with no camera
    footer: str | None = None  # at the card's foot, where the host has its button: why a phone has none
    whose: str | None = None  # a phone: whose it is in the game in play ("This phone: Ann (Blue)."), to change it


def qr_png(text: str, scale: int = 6) -> bytes:
    """``text`` as a QR code PNG (dark on white with the standard quiet zone, so phone cameras read it)."""
    out = io.BytesIO()
    segno.make_qr(text, error="m").save(out, kind="png", scale=scale, border=4, dark="#000000", light="#ffffff")
    return out.getvalue()


#: On a phone, in place of the host's buttons.
HOST_ONLY = "Only the host's computer can stop sharing or make a new code."


class SharePresenter:
    """``table`` is None when the app listens on this computer only; ``device`` is this page's token; ``host``:
    the page is on the host computer's screen, the only one that stops or renews sharing."""

    def __init__(self, table: SharedTable | None, device: str | None, host: bool = True, whose: str | None = None):
        self.table = table
        self.device = device
        self.host = host
        self.whose = whose  # what this phone's person picked for the game in play ("Ann (Blue)"), if anything
        self.ended: int | None = None

    def view(self) -> ShareView:
        table = self.table
        if table is None:
            return ShareView(
                "local",
                (
                    "Only this computer can open the app now.",
                    "To let phones at the table join, start it with: treasure-companion --host 0.0.0.0",
                ),
            )
        others = max(0, table.joined() - (1 if table.admits(self.device) else 0))
        joined = f"Other devices joined: {others}."
        if table.join_url is None:
            lines = ["Not shared: no code opens the app now."]
            if self.ended is not None:
                lines.append(f"Ended {self.ended} other device{'s' if self.ended != 1 else ''}.")
            if self.host:
                return ShareView("stopped", tuple(lines), action="Share again")
            return ShareView("stopped", tuple(lines), footer=HOST_ONLY)
        return ShareView(
            "shared",
            (f"Table code {table.code}. On each phone, scan the code or open this address:",)
            + ((joined,) if self.host else ()),
            address=table.join_url,
            qr_png=qr_png(table.join_url),
            action="Stop sharing" if self.host else None,
            typed=f"Or open {table.base_url} and type the code.",
            footer=None if self.host else HOST_ONLY,
            whose=f"This phone: {self.whose}." if self.whose and not self.host else None,
        )

    def act(self) -> None:
        """The card's button: stop sharing (ending every other device) or share again with a fresh code. Refused
        on a phone (which has no such button)."""
        if self.table is None or not self.host:
            return
        if self.table.join_url is None:
            self.table.share_again()
            self.ended = None
        else:
            self.ended = self.table.stop(keep=self.device)
