"""What the app keeps in its data folder: every game as it is played (SQLite), the settings, your decks, drafts
and calibration. A package of one concept a module; no screen touches a file, they all come here.

- ``games``: ``Store``, the games as event logs grouped into undo steps, undo and redo as a cursor;
- ``steps``: the SQL of one game's steps (``SavedGame``); ``listing``: the games list (``GameInfo``);
- ``history``: what a finished game leaves for the history (``GameSummary``) and the statistics over them;
- ``rows``: one step's events checked and turned into table rows;
- ``opening``: the data folder and which connection a store gets (a read-only command's writes nothing);
- ``schema``: opening the file, its forward migrations, a damaged file moved aside;
- ``errors``: ``StoreError`` and its kinds, each with one line for a person;
- ``session``: the game in play, each step committed before the screen shows it; ``settings``: the owner's;
- ``decks``, ``drafts``, ``calibration_file``: the transcribed decks in use, transcription drafts and the
  calibration of those decks, files in the data folder's ``decks/``.

The games' callers import from here (``from companion.store import Store, StoreError``).
"""

from companion.files.paths import APP_DIR_NAME, default_data_dir
from companion.store.errors import (
    FAIL_WRITES_ENV,
    AlreadyStored,
    GameNotFound,
    StoreConflict,
    StoreError,
    StoreUnwritable,
    not_saved_line,
)
from companion.store.games import Store
from companion.store.history import DifficultyStats, GameSummary, HistoryStats, Verdict
from companion.store.listing import GameInfo
from companion.store.schema import BUSY_TIMEOUT_S, DB_NAME, MIGRATIONS, SCHEMA_VERSION
from companion.store.steps import SavedGame

__all__ = [
    "APP_DIR_NAME",
    "AlreadyStored",
    "BUSY_TIMEOUT_S",
    "DB_NAME",
    "FAIL_WRITES_ENV",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "DifficultyStats",
    "GameInfo",
    "GameNotFound",
    "GameSummary",
    "HistoryStats",
    "SavedGame",
    "Store",
    "StoreConflict",
    "StoreError",
    "StoreUnwritable",
    "Verdict",
    "default_data_dir",
    "not_saved_line",
]
