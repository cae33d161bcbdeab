"""Settings > Share this table, without Flet: the words, the QR code of the join address, Stop / Share again."""

from __future__ import annotations

from companion.server.sharing import Table
from companion.ui.settings.share_presenter import HOST_ONLY, SharePresenter, qr_png


def test_this_computer_only_says_how_to_share():
    view = SharePresenter(None, None).view()
    assert view.state == "local" and view.action is None and view.qr_png is None
    assert any("--host 0.0.0.0" in line for line in view.lines)


def test_shared_shows_the_join_address_and_its_qr_code():
    table = Table("http://192.168.1.20:8550", "c")
    me = table.join(table.code)
    table.join(table.code)
    view = SharePresenter(table, me).view()
    assert view.state == "shared" and view.action == "Stop sharing"
    assert view.address == f"http://192.168.1.20:8550/join/{table.code}"
    assert view.lines[0].startswith(f"Table code {table.code}.")
    assert "Other devices joined: 1." in view.lines
    assert view.typed == "Or open http://192.168.1.20:8550 and type the code."
    assert view.qr_png == qr_png(view.address) and view.qr_png.startswith(b"\x89PNG\r\n\x1a\n")
    assert qr_png("http://192.168.1.20:8550/join/000001") != qr_png("http://192.168.1.20:8550/join/000002")


def test_stop_sharing_ends_the_others_and_share_again_makes_a_new_code():
    table = Table("http://192.168.1.20:8550", "c")
    me, phone, tablet = (table.join(table.code) for _ in range(3))
    presenter = SharePresenter(table, me)
    presenter.act()
    view = presenter.view()
    assert view.state == "stopped" and view.action == "Share again" and view.address is None
    assert "Ended 2 other devices." in view.lines
    assert table.admits(me) and not table.admits(phone) and not table.admits(tablet)
    presenter.act()
    view = presenter.view()
    assert view.state == "shared" and table.code and view.address.endswith(f"/join/{table.code}")


def test_a_phone_shows_the_code_but_cannot_stop_or_renew_sharing():
    table = Table("http://192.168.1.20:8550", "c")
    phone = table.join(table.code)
    presenter = SharePresenter(table, phone, host=False)
    view = presenter.view()
    assert view.state == "shared" and view.address and view.qr_png and view.action is None
    assert view.footer == HOST_ONLY
    presenter.act()  # a tap that reached it anyway
    assert table.join_url is not None and table.admits(phone)
    table.stop()
    view = presenter.view()
    assert view.state == "stopped" and view.action is None and view.footer == HOST_ONLY
    presenter.act()
    assert table.join_url is None
