"""Limits of encounter files (README "Limits"), kept apart so start-up imports little."""

from __future__ import annotations

MAX_FILE_BYTES = 1 << 20
"""The largest encounter file read: 1 MiB."""
MAX_COMBATANTS = 500
"""The most combatants one file may hold, ``count`` groups expanded."""
MAX_COUNT = 100
"""The largest ``count`` of one entry."""
