"""``treasure-companion decks show``: the shipped deck as a table, and a footer that reads its columns right."""

from __future__ import annotations

import pytest

from companion.cli.main import main
from companion.rules.automa.choices import TUNNEL_PRICES


@pytest.mark.parametrize("deck", ["red", "green"])
def test_the_footer_names_the_tunnel_column_a_price_slot_and_the_market_a_colour(capsys, deck):
    """Audit D5: the footer said every all-play column counts positions 1-4 from the left. The Tunnel number is a
    price slot, 1 the cheapest tile, which lies at the far right; the Market column is a colour."""
    assert main(["decks", "show", deck]) == 0
    out = capsys.readouterr().out
    footer = next(line for line in out.splitlines() if line.startswith("All-play columns:"))
    assert "achievement (king) and spell (wizard) by position, counted 1-4 from the left" in footer
    assert "contract by its colour (market)" in footer
    assert f"mine tile by its price (tunnel): 1 the cheapest ({TUNNEL_PRICES[1]}), at the far right" in footer
    assert f"4 the dearest ({TUNNEL_PRICES[4]})" in footer
