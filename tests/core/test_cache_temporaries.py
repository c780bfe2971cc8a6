"""Temporary files a killed writer leaves in the cache (issue 32): "kill -9 or Ctrl-C during
a read leaves `.snap.<pid>.tmp` files that nothing removes and the 64-snapshot pruning does
not count". The next writer sweeps them; those still being written are counted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from erc.core import snapshot as snapshots
from erc.core.encounter import cache


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _folder(tmp_path: Path) -> Path:
    where = tmp_path / "journals"
    where.mkdir(mode=0o700)
    os.chmod(where, 0o700)
    return where


def test_a_killed_writers_temporary_files_are_swept(tmp_path: Path) -> None:
    where = _folder(tmp_path)
    dead = _dead_pid()
    left = [where / f"{n:016x}.snap.{dead}.tmp" for n in range(5)]
    for path in left:
        path.write_bytes(b"half a snapshot")
    cache.write_entry(str(where / "new.snap"), b"snapshot", ".snap", snapshots.MAX_SNAPSHOTS)
    assert sorted(p.name for p in where.iterdir()) == ["new.snap"]


def test_an_old_temporary_file_is_swept_whoever_holds_its_pid(tmp_path: Path) -> None:
    """A process id is reused: a temporary file older than ten minutes is abandoned."""
    where = _folder(tmp_path)
    old = where / f"a.snap.{os.getppid()}.tmp"  # a live process's id
    old.write_bytes(b"x")
    hour_ago = old.stat().st_mtime - 3600
    os.utime(old, (hour_ago, hour_ago))
    fresh = where / f"b.snap.{os.getppid()}.tmp"
    fresh.write_bytes(b"x")  # a live writer's, being written now: kept
    cache.write_entry(str(where / "new.snap"), b"snapshot", ".snap", snapshots.MAX_SNAPSHOTS)
    assert not old.exists() and fresh.exists()


def test_the_pruning_counts_temporary_files(tmp_path: Path) -> None:
    """At most MAX_SNAPSHOTS files, temporary ones being written included."""
    where = _folder(tmp_path)
    keep = snapshots.MAX_SNAPSHOTS
    for n in range(keep):
        entry = where / f"{n:016x}.snap"
        entry.write_bytes(b"s")
        os.utime(entry, ns=(n * 10**9, n * 10**9))
    writing = [where / f"w{n}.snap.{os.getppid()}.tmp" for n in range(3)]
    for path in writing:
        path.write_bytes(b"x")
    cache.write_entry(str(where / "new.snap"), b"snapshot", ".snap", keep)
    names = os.listdir(where)
    assert len(names) == keep
    assert "new.snap" in names and all(p.exists() for p in writing)
    assert f"{0:016x}.snap" not in names  # the oldest went first


def test_the_encounter_cache_sweeps_its_own(tmp_path: Path) -> None:
    where = _folder(tmp_path)
    dead = _dead_pid()
    left = where / f"abc.marshal.{dead}.tmp"
    left.write_bytes(b"x")
    other = where / f"abc.snap.{dead}.tmp"  # another kind's: its own writer sweeps it
    other.write_bytes(b"x")
    cache.write_entry(str(where / "new.marshal"), b"entry", ".marshal")
    assert not left.exists() and other.exists()
