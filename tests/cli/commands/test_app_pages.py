"""What the app command tells each page it serves (companion/cli/commands/app.py, ``served_page``): the shared table
with the device the table's gate let in, this computer's or a phone's, and the run's upload folder; without a
shared table, no sharing. The screens learn it from their context, never from the server."""

from __future__ import annotations

from companion.cli.commands.app import served_page
from companion.server import sharing, uploads


def test_a_page_on_this_computer_alone_is_not_shared_and_uploads_to_the_runs_folder():
    page = served_page(None)
    assert page.sharing is None and page.uploads is uploads and not page.platform.in_browser


def test_a_page_at_a_shared_table_is_told_its_device_as_the_gate_set_it():
    table = sharing.Table("http://192.168.1.20:8550", "tm")
    phone = table.join(table.code or "")
    token, here = sharing.connection_token.set(phone), sharing.connection_here.set(False)
    try:
        page = served_page(table)
    finally:
        sharing.connection_here.reset(here)
        sharing.connection_token.reset(token)
    assert page.sharing is not None and page.sharing.table is table
    assert (page.sharing.device, page.sharing.this_computer) == (phone, False)
    host = served_page(table).sharing  # a page outside any WebSocket's task: the host's screen, no device
    assert host is not None and (host.device, host.this_computer) == (None, True)
