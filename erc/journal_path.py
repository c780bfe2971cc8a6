"""Where an encounter's journal lives by default (kept apart so start-up imports little)."""

from __future__ import annotations

import os


def default_journal(encounter_path: str) -> str:
    """``<encounter>.journal.jsonl`` beside the encounter (``ambush.yaml`` ->
    ``ambush.journal.jsonl``)."""
    root, ext = os.path.splitext(encounter_path)
    return (root if ext in (".yaml", ".yml") else encounter_path) + ".journal.jsonl"
