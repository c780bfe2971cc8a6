"""Limits of encounter files (README "Limits"), kept apart so start-up imports little (the file
size, read on every load, lives in ``erc.core.encounter`` itself)."""

from __future__ import annotations

from erc.core.encounter import MAX_FILE_BYTES as MAX_FILE_BYTES  # read on every load

MAX_COMBATANTS = 500
"""The most combatants one file may hold, ``count`` groups expanded."""
MAX_COUNT = 100
"""The largest ``count`` of one entry."""
