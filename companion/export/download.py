"""The BG Stats file the app offers as a download (final screen: one game; History: every finished game).

No Flet here: the screens ask for a :class:`Download` (file name, bytes, what to say) and hand the bytes to the
browser. A game in progress, a deleted game or a store that cannot be read gives an :class:`Unavailable` with
one line to show instead.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import tzinfo

from companion.export.bgstats import export
from companion.export.collect import ExportError, collect
from companion.store import GameNotFound, Store, StoreError

#: BG Stats' own play files carry this extension (see README, "Export for BG Stats").
EXTENSION = "bgsplay"


@dataclass(frozen=True)
class Download:
    file_name: str  # "treasure-mountain-game-3.bgsplay"
    data: bytes  # UTF-8 JSON
    games: int
    message: str  # said once the browser has the file


@dataclass(frozen=True)
class Unavailable:
    message: str  # one line


def bgstats_download(store: Store, game_id: int | None = None, tz: tzinfo | None = None) -> Download | Unavailable:
    """The export of game ``game_id``, or of every finished game when it is None."""
    try:
        found = collect(store, game_id)
    except GameNotFound:
        return Unavailable(f"Game {game_id} is no longer stored, so it cannot be exported.")
    except ExportError as err:
        return Unavailable(f"Not exported: {err}.")
    except StoreError as err:
        return Unavailable(f"Not exported: {err}")
    if not found.plays:
        return Unavailable("No finished game to export yet: games in progress are not exported.")
    text = json.dumps(export(found.plays, tz=tz), indent=2, ensure_ascii=False) + "\n"
    n = len(found.plays)
    if game_id is not None:
        name = f"treasure-mountain-game-{game_id}.{EXTENSION}"
        message = f"Game {game_id} is in {name}: open it with BG Stats."
    else:
        name = f"treasure-mountain-{n}-games.{EXTENSION}" if n > 1 else f"treasure-mountain-1-game.{EXTENSION}"
        message = f"{n} finished game{'s' if n > 1 else ''} in {name}: open it with BG Stats."
        if found.in_progress:
            k = len(found.in_progress)
            message += f" {k} game{'s' if k > 1 else ''} in progress left out."
    return Download(name, text.encode("utf-8"), n, message)
