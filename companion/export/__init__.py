"""Exports of finished games to other apps' formats (BG Stats so far): a pure mapping, and its reader of the store."""
