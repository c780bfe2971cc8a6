"""Limits of encounter files (docs: encounter files, "Limits"), kept apart so start-up imports
little (the file size, read on every load, is ``erc.core.encounter.MAX_FILE_BYTES`` itself)."""

from __future__ import annotations

MAX_COMBATANTS = 500
"""The most combatants one file may hold, ``count`` groups expanded."""
MAX_COUNT = 100
"""The largest ``count`` of one entry."""
