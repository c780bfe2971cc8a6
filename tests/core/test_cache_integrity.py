"""A cache entry or journal snapshot damaged on disk (a flipped byte, a hand edit that keeps
it well formed) is a miss, never a wrong result: each entry carries a checksum of its bytes,
checked when it is read (``erc.core.encounter.cache.read_entry``)."""

from __future__ import annotations

import marshal
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from erc.core.encounter import cache
from tests.conftest import ENCOUNTERS
from tests.core.test_snapshot import ARENA, TAIL, dummy, from_scratch, hit


def _only(folder: Path, suffix: str) -> Path:
    (found,) = [p for p in folder.rglob(f"*{suffix}")]
    return found


def _ogre_body(erc: Any, duel: Path) -> int:
    ran = erc("show", "Ogre", "-e", duel, "--json")
    assert ran.code == 0, ran.err
    return int(ran.json["result"]["health_max"])


def test_an_encounter_cache_entry_with_a_changed_number_is_a_miss(
    erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Ogre's Body 40 stored as 4 (one byte): the file is parsed again, Body 40."""
    monkeypatch.setenv("ERC_CACHE_DIR", str(tmp_path / "cache"))
    duel = tmp_path / "duel.yaml"
    shutil.copy(ENCOUNTERS / "duel.yaml", duel)
    assert _ogre_body(erc, duel) == 40  # parsed, and cached
    entry = _only(tmp_path / "cache", ".marshal")
    raw = entry.read_bytes()
    forty = marshal.dumps(40)[1:]  # the int's bytes, whatever flags marshal sets
    assert raw.count(forty) == 1  # (its current Body refers to it)
    entry.write_bytes(raw.replace(forty, marshal.dumps(4)[1:]))
    assert _ogre_body(erc, duel) == 40


def test_an_encounter_cache_entry_from_an_older_erc_without_its_checksum_is_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ERC_CACHE_DIR", str(tmp_path / "cache"))
    os.makedirs(tmp_path / "cache", mode=0o700)
    entry = str(tmp_path / "cache" / "x.marshal")
    cache.write_entry(entry, b"payload", ".marshal")
    assert cache.read_entry(entry) == b"payload"
    with open(entry, "rb") as handle:
        stored = handle.read()
    for damaged in (stored[:-1], stored[:-8], b"", stored[:3] + b"X" + stored[4:], b"payload"):
        with open(entry, "wb") as handle:
            handle.write(damaged)
        assert cache.read_entry(entry) is None, damaged


def test_a_journal_snapshot_with_a_changed_number_is_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Dummy's Body in the snapshot changed by one byte: the state is the fold's from
    the start, not the snapshot's."""
    monkeypatch.setenv("ERC_CACHE_DIR", str(tmp_path / "cache"))
    encounter = tmp_path / "arena.yaml"
    encounter.write_text(ARENA)
    journal = str(tmp_path / "arena.journal.jsonl")
    for _ in range(TAIL + 5):
        hit(journal, 3)
    truth = from_scratch(str(encounter), journal, monkeypatch)
    assert dummy(str(encounter), journal) == truth  # stores the snapshot
    snap = _only(tmp_path / "cache", ".snap")
    raw = snap.read_bytes()
    body = marshal.dumps(10000 - 3 * (TAIL + 5))[1:]
    assert raw.count(body) == 1
    snap.write_bytes(raw.replace(body, marshal.dumps(9999)[1:]))
    assert dummy(str(encounter), journal) == truth


def test_two_installs_folding_one_journal_keep_their_own_snapshots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29 for snapshots: two installs sharing a cache folder (a pipx install and a
    checkout whose fold code differs) each keep their own snapshot of a journal, as they
    keep their own encounter entries; each rewrote the other's, so every other ``status``
    folded the whole journal."""
    from tests.core.test_snapshot import starts

    monkeypatch.setenv("ERC_CACHE_DIR", str(tmp_path / "cache"))
    encounter = str(tmp_path / "arena.yaml")
    Path(encounter).write_text(ARENA)
    journal = str(tmp_path / "arena.journal.jsonl")
    for _ in range(TAIL + 5):
        hit(journal, 2)
    source = Path(cache.__file__).resolve().parents[2]
    other = tmp_path / "checkout"
    shutil.copytree(source, other / "erc", ignore=shutil.ignore_patterns("__pycache__"))
    edited = other / "erc" / "core" / "fold.py"
    edited.write_text(edited.read_text() + "\n# an edit\n")
    installs = [cache._ROOT, str(other / "erc")]
    truth = from_scratch(encounter, journal, monkeypatch)
    for root in installs:  # each folds the whole journal once, and keeps a snapshot
        monkeypatch.setattr(cache, "_ROOT", root)
        assert dummy(encounter, journal) == truth
    seen = starts(monkeypatch)
    for root in (*installs, *installs):
        monkeypatch.setattr(cache, "_ROOT", root)
        assert dummy(encounter, journal) == truth
    assert seen and 0 not in seen  # every fold began at a snapshot
