"""Helpers for the Elysium tests (issue 17): encounter files built from plain data, and the
real CLI run on them (the ``erc`` fixture of tests/conftest.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from tests.conftest import ENCOUNTERS, Ran

SHIPPED = ENCOUNTERS / "elysium-ogre.yaml"


def fighter(name: str, **fields: Any) -> dict[str, Any]:
    """A combatant with nothing but what a test gives (everything else 0 or empty)."""
    return {"name": name, "hp": fields.pop("hp", 30), **fields}


def sword(**fields: Any) -> dict[str, Any]:
    return {"name": "sword", "skill": "sword", "ap": 3, "damage_score": 3, **fields}


FISTS = {"name": "fists", "skill": "hand-to-hand", "ap": 2, "damage_score": 1, "natural": True}


def write(tmp_path: Path, *combatants: dict[str, Any], **top: Any) -> Path:
    """An Elysium encounter file of ``combatants`` (``rules`` and other top-level keys via
    ``top``)."""
    data = {"erc": 1, "ruleset": "elysium", **top, "combatants": list(combatants)}
    path = tmp_path / "fight.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    journal_of(path).unlink(missing_ok=True)  # a new file starts a new fight
    return path


def call(erc: Any, path: Path | str, *args: object) -> Ran:
    """``erc ARGS -e PATH --json`` in this process."""
    ran: Ran = erc(*map(str, args), "-e", str(path), "--json")
    return ran


def ok(erc: Any, path: Path | str, *args: object) -> dict[str, Any]:
    """The ``result`` of a command that must succeed."""
    ran = call(erc, path, *args)
    assert ran.code == 0, ran.err
    result: dict[str, Any] = ran.json["result"]
    return result


def refused(erc: Any, path: Path | str, *args: object) -> dict[str, Any]:
    """The JSON error of a command that must be refused with exit 2 (no traceback)."""
    ran = call(erc, path, *args)
    assert ran.code == 2, ran.out
    assert ran.out == "" and "Traceback" not in ran.err
    error: dict[str, Any] = ran.error
    return error


def journal_of(path: Path) -> Path:
    return path.with_name(path.stem + ".journal.jsonl")


def journal_lines(path: Path) -> list[dict[str, Any]]:
    journal = journal_of(path)
    if not journal.exists():
        return []
    return [json.loads(line) for line in journal.read_text().splitlines() if line]


def status_row(erc: Any, path: Path | str, name: str) -> dict[str, Any]:
    rows = ok(erc, path, "status")["combatants"]
    row: dict[str, Any] = next(r for r in rows if r["name"] == name)
    return row


def refused_records_nothing(erc: Any, path: Path, *args: object) -> dict[str, Any]:
    """Refused with ``--apply`` too, and the journal is as it was."""
    before = journal_lines(path)
    error = refused(erc, path, *args, "--apply")
    assert journal_lines(path) == before
    return error
