"""Journal snapshots: a long journal's fold kept, so a command reads only what was appended
since (``status`` on a 50,000-event fight costs a checksum of the file and a short tail).

A snapshot is the fold of a journal's first ``offset`` bytes: the ruleset's tracker as plain
data (``erc.core.fold.snapshot``) and the ``Index`` of the events (ids, commands, keys,
cancelled ids). It is used only when

- its bytes are the ones written (a checksum, ``erc.core.encounter.cache.read_entry``: a
  byte flipped in the stored fold is a miss, not a wrong state);
- its key matches in full: erc's version, Python's, the state of the code that folds
  (``erc.core.encounter.cache.code_stamp``), the ruleset, the encounter's built model and the
  journal's identity (real path, device, inode);
- the journal's first ``offset`` bytes still have the snapshot's CRC-32 (checked under the
  journal's lock, so a hand edit, a truncation or a rewrite is a miss);
- no event appended since undoes an event inside it (the fold is then redone from the start).

Snapshots live beside the encounter cache (``journals/`` in its private folder), are written
atomically, pruned to ``MAX_SNAPSHOTS``, and any trouble reading or writing one is only a
miss: the journal is folded from the start, as without them. ``ERC_CACHE=off`` turns them
off with the cache.
"""

from __future__ import annotations

import _imp
import marshal
import os
import sys

from erc.core.fold import SNAPSHOT_TAIL, Index

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from erc.core.ruleset import Ruleset

FORMAT = 1
MIN_TAIL = SNAPSHOT_TAIL
"""A snapshot is (re)written when at least this many events were folded past the last one."""
MAX_SNAPSHOTS = 64
MAX_SNAPSHOT_BYTES = 64 << 20
_SOURCES = (
    "core/fold.py",
    "core/events.py",
    "core/journal.py",
    "core/snapshot.py",
    "core/model.py",
    "core/declared.py",
    "core/value.py",
    "core/kept.py",
)
_HASH_KEY = 0x65726320736E6170


class Snapshot:
    """A verified-on-use fold of a journal's first ``offset`` bytes (module docstring)."""

    __slots__ = ("crc", "index", "lines", "offset", "tracker")

    def __init__(self, offset: int, lines: int, crc: int, tracker: Any, index: Index) -> None:
        self.offset = offset
        self.lines = lines
        self.crc = crc
        self.tracker = tracker
        """``erc.core.fold.snapshot`` of the tracker."""
        self.index = index


def _identity(journal: str) -> str | None:
    try:
        info = os.stat(journal)
    except (OSError, ValueError):
        return None
    return f"{os.path.realpath(journal)}\n{info.st_dev}\n{info.st_ino}"


def _entry(journal: str, ruleset: Ruleset, tracker: type) -> tuple[str, str, str] | None:
    """Where the snapshot of ``journal`` folded by this erc's code is, the journal's
    identity, and the key's head (``_head``); None: the cache is off. Its name is a digest
    of both, so installs sharing a cache folder (a pipx install and a checkout) each keep
    their own snapshot of a journal, as they keep their own encounter entries (issue 29)."""
    from erc.core.encounter.cache import folder

    where = folder()
    identity = _identity(journal)
    if where is None or identity is None:
        return None
    head = _head(ruleset, tracker)
    named = f"{identity}\n{head}".encode("utf-8", "surrogateescape")
    name = _imp.source_hash(_HASH_KEY, named).hex()
    return os.path.join(where, "journals", name + ".snap"), identity, head


def _head(ruleset: Ruleset, tracker: type) -> str:
    """What a snapshot depends on but its journal and encounter: erc's version, Python's,
    the state of the code that folds, the ruleset."""
    from erc import __version__
    from erc.core.encounter.cache import code_stamp

    folds = tracker.__module__.removeprefix("erc.").replace(".", "/") + ".py"
    sources = (*_SOURCES, *ruleset.sources, *ruleset.fold_sources, folds)
    return "\n".join(
        [f"erc {__version__} snapshot {FORMAT}", sys.version, code_stamp(sources), ruleset.name]
    )


def _key(identity: str, head: str, encounter: Any) -> bytes:
    from erc.core.encounter.cache import freeze
    from erc.core.value import replace

    model = marshal.dumps(freeze(replace(encounter, path=None)))
    return b"\n".join(
        [
            head.encode(),
            identity.encode("utf-8", "surrogateescape"),
            _imp.source_hash(_HASH_KEY, model),
        ]
    )


def load(journal: str, ruleset: Ruleset, encounter: Any, tracker: type) -> Snapshot | None:
    """The snapshot stored for this journal and encounter, unverified against the journal's
    bytes (the caller checks its CRC under the lock), or None."""
    from erc.core.encounter.cache import read_entry

    found = _entry(journal, ruleset, tracker)
    if found is None:
        return None
    entry, identity, head = found
    raw = read_entry(entry, MAX_SNAPSHOT_BYTES)
    if raw is None:
        return None
    try:
        key, offset, lines, crc, state, index = marshal.loads(raw)
        if key != _key(identity, head, encounter):
            return None
        if not all(type(n) is int and n >= 0 for n in (offset, lines, crc)):
            return None
        return Snapshot(
            offset=offset, lines=lines, crc=crc, tracker=state, index=Index.of_plain(index)
        )
    except Exception:  # a corrupted or foreign snapshot is only a miss
        return None


def store(journal: str, ruleset: Ruleset, encounter: Any, tracker: type, snap: Snapshot) -> None:
    """Keep ``snap`` for the next command on this journal; any trouble is ignored."""
    from erc.core.encounter.cache import write_entry

    found = _entry(journal, ruleset, tracker)
    if found is None:
        return
    entry, identity, head = found
    try:
        blob = marshal.dumps(
            (
                _key(identity, head, encounter),
                snap.offset,
                snap.lines,
                snap.crc,
                snap.tracker,
                snap.index.plain(),
            )
        )
    except ValueError:
        return
    write_entry(entry, blob, ".snap", MAX_SNAPSHOTS)
