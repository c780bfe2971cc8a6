"""Nothing lost, nothing bricked (issues 13 and 15; CONTRACT "Combat state"): torn tails
repaired by the next writer, the size limit checked before writing, ``--key`` retries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from erc.core import journal
from tests.conftest import ENCOUNTERS

DUEL = str(ENCOUNTERS / "duel.yaml")


def attack(erc: Any, path: Path, *more: str) -> Any:
    return erc("attack", "Kaela", "Ogre", "-e", DUEL, "--journal", path, "--json", *more)


def test_a_torn_tail_that_ends_in_a_brace_is_repaired_not_bricked(erc: Any, tmp_path: Path) -> None:
    """Issue 15: a torn last line that happens to end in ``}`` (a cut after an inner object)
    is truncated away by the next writer, which says so; every later command reads the
    journal."""
    path = tmp_path / "j.jsonl"
    assert attack(erc, path, "--apply", "--seed", "1").code == 0
    whole = path.read_bytes()
    second = attack(erc, path, "--apply", "--seed", "2")
    line = path.read_bytes()[len(whole) :]
    cut = line.index(b"}") + 1  # ends in a brace, not a whole event
    path.write_bytes(whole + line[:cut])
    assert second.code == 0
    repaired = attack(erc, path, "--apply", "--seed", "3")
    assert repaired.code == 0 and "truncated away" in repaired.err
    assert path.read_bytes().count(b"\n") == 2
    assert erc("status", "-e", DUEL, "--journal", path, "--json").code == 0
    assert erc("undo", "-e", DUEL, "--journal", path, "--json").code == 0


def test_a_write_past_the_limit_is_refused_before_anything_is_written(
    erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CONTRACT: "A write that would take the journal past its limit is refused before
    anything is written"; the journal stays readable, and an undo still fits (the last bytes
    under the limit are kept for undo events)."""
    path = tmp_path / "j.jsonl"
    assert attack(erc, path, "--apply", "--seed", "1").code == 0
    monkeypatch.setattr(journal, "UNDO_RESERVE", 500)
    monkeypatch.setattr(journal, "MAX_JOURNAL_BYTES", path.stat().st_size + 600)
    before = path.read_bytes()
    refused = attack(erc, path, "--apply", "--seed", "2")
    assert refused.code == 2 and refused.error["code"] == "journal-full"
    assert path.read_bytes() == before
    assert erc("undo", "-e", DUEL, "--journal", path, "--json").code == 0


def test_a_key_already_in_the_journal_is_not_applied_again(erc: Any, tmp_path: Path) -> None:
    """CONTRACT: "a command whose key is already in the journal is not applied again; it
    reports the event recorded the first time (exit 0, `applied.replayed: true`)"."""
    path = tmp_path / "j.jsonl"
    first = attack(erc, path, "--apply", "--key", "round1-kaela", "--seed", "5")
    again = attack(erc, path, "--apply", "--key", "round1-kaela", "--seed", "9")
    assert first.code == again.code == 0
    assert again.json["applied"] == {
        "journal": str(path),
        "event": 1,
        "replayed": True,
        "undone": False,
    }
    assert again.json["result"] == first.json["result"] and again.json["seed"] == 5
    assert again.json["rolls"] == first.json["rolls"]
    assert len(path.read_text().splitlines()) == 1
    other = erc("roll-init", "-e", DUEL, "--journal", path, "--apply", "--key", "round1-kaela")
    assert (
        other.code == 2
        and "key-conflict"
        in erc(
            "roll-init", "-e", DUEL, "--journal", path, "--apply", "--key", "round1-kaela", "--json"
        ).err
    )
    assert attack(erc, path, "--key", "x").code == 2  # --key goes with --apply
