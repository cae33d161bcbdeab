"""Every game kept on disk as it is played (SQLite, in the app's data folder): a package of one concept a module.

- ``games``: ``Store``, the games as event logs grouped into undo steps, undo and redo as a cursor;
- ``history``: what a finished game leaves for the history (``GameSummary``) and the statistics over them;
- ``rows``: one step's events checked and turned into table rows;
- ``schema``: opening the file, its forward migrations, a damaged file moved aside;
- ``errors``: ``StoreError`` and its kinds, each with one line for a person.

Callers import from here (``from companion.store import Store, StoreError``).
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
from companion.store.games import GameInfo, SavedGame, Store
from companion.store.history import DifficultyStats, GameSummary, HistoryStats, Verdict
from companion.store.schema import BUSY_TIMEOUT_S, DB_NAME, MIGRATIONS, SCHEMA_VERSION

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
