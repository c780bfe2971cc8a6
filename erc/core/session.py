"""The loaded encounter: file, ruleset, journal and folded state, handed explicitly from
loading to resolving to recording (no context variable carries it behind the calls).

``open_encounter(..., write=True)`` opens the journal as a transaction (an exclusive lock)
before reading it; the state a command checks is then the state it appends to, and the
lock is held until ``record`` or ``close``.
"""

from __future__ import annotations

import os

from erc.core.errors import ErcError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from erc.core.fold import Index, State, Tracker
    from erc.core.journal import Handle
    from erc.core.ruleset import Ruleset


_SHORTEST_EVENT = len(b'{"id":1}\n')
"""The shortest line that is an event."""


class Loaded:
    """One encounter as a command sees it (module docstring).

    The journal is folded from its last snapshot when one is stored and still matches
    (``erc.core.snapshot``), else from the start; a long tail leaves a new snapshot.
    """

    def __init__(self, ruleset: Ruleset, base: Any, journal: str, handle: Handle) -> None:
        self.ruleset = ruleset
        self.base = base
        """The encounter as its file gives it."""
        self.journal = journal
        self.txn: Handle | None = handle if handle.write else None
        """The journal held to write (``--apply``), else None."""
        self.index: Index
        self._tracker: Tracker
        self._load(handle)
        self.state: State = self._tracker.freeze()

    def _load(self, handle: Handle) -> None:
        from erc.core.fold import SNAPSHOT_TAIL, Index, cancelled, fold, restore, snapshot
        from erc.core.journal import same_ruleset

        kind = self.ruleset.events().Tracker
        kept = None
        if handle.regular and handle.size >= SNAPSHOT_TAIL * _SHORTEST_EVENT:
            # shorter, it holds fewer events than any snapshot: the code is not even imported
            from erc.core import snapshot as snapshots

            kept = snapshots.load(self.journal, self.ruleset, self.base, kind)
        tracker: Tracker | None = None
        if kept is not None and kept.offset <= handle.size and handle.crc(kept.offset) == kept.crc:
            known = set(kept.index.ids)  # the snapshot's ids (``scan`` adds the tail's to its set)
            read = handle.scan(kept.offset, kept.lines, kept.crc, set(known))
            gone = cancelled(read.entries, self.journal, known)
            if not gone & known:  # else an old event was undone: refold
                try:
                    tracker = restore(self.base, kept.tracker, kind)
                    index = kept.index
                except Exception:  # a snapshot that does not restore is only a miss
                    tracker = None
        if tracker is None:
            read = handle.scan()
            tracker, index = kind(self.base), Index()
            gone = cancelled(read.entries, self.journal)
        same_ruleset(read.entries, self.ruleset.name, self.journal, self.base.path)
        fold(tracker, read.entries, self.journal, gone)  # the undone ids found once
        index.add(read.entries, gone)
        handle.next = index.next
        self.index, self._tracker = index, tracker
        if handle.regular and len(read.entries) >= SNAPSHOT_TAIL:
            from erc.core import snapshot as snapshots

            taken = snapshots.Snapshot(
                offset=read.size,
                lines=read.lines,
                crc=read.crc,
                tracker=snapshot(tracker),
                index=index,
            )
            snapshots.store(self.journal, self.ruleset, self.base, kind, taken)

    @property
    def encounter(self) -> Any:
        """The encounter with the journal's state applied: what the rules read."""
        return self.state.encounter

    @property
    def path(self) -> str | None:
        path: str | None = self.base.path
        return path

    def advance(self, number: int) -> State:
        """The state as round ``number`` starts (what ``roll-init --apply`` will record):
        spent resources back, surprise over, durations ticked."""
        from erc.core.events import MAX_NUMBER
        from erc.core.fold import fold, restore, snapshot
        from erc.core.journal import Entry, out_of_numbers

        if number > MAX_NUMBER:
            raise out_of_numbers(self.journal, writing=self.txn is not None)
        tracker = restore(self.base, snapshot(self._tracker), type(self._tracker))
        start = Entry(
            line=0,
            id=0,
            command="roll-init",
            round=number,
            key=None,
            effects=({"type": "round", "round": number},),
        )
        return fold(tracker, (start,), self.journal).freeze()

    def replayed(self, key: str) -> int | None:
        """The id of the event recorded under ``key`` (``--key``), if any."""
        return self.index.keys.get(key)

    def record(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """Append one event, marked with the ruleset it is recorded under, under the
        transaction's lock; durable on return."""
        if self.txn is None:
            raise ErcError("usage", "--apply needs the journal opened for writing")
        return self.txn.append({**event, "ruleset": self.ruleset.name})

    def close(self) -> None:
        if self.txn is not None:
            self.txn.close()

    def __enter__(self) -> Loaded:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def journal_path(encounter: str, given: str | None) -> str:
    """``--journal``, else ``ERC_JOURNAL``, else ``<encounter>.journal.jsonl`` beside it."""
    from erc.core.journal import default_path

    path = given or os.environ.get("ERC_JOURNAL") or default_path(encounter)
    if "\0" in path:
        raise ErcError("bad-journal", f"a file name cannot contain a NUL byte: {path!r}")
    return path


def open_encounter(path: str | None, journal: str | None = None, *, write: bool = False) -> Loaded:
    """Load the encounter at ``path`` and fold its journal; with ``write`` the journal is
    held under an exclusive lock until the ``Loaded`` is closed."""
    from erc import rulesets
    from erc.core.encounter import load_cached
    from erc.core.journal import Handle

    if not path:
        raise ErcError("no-encounter", "no encounter file: give -e FILE or set ERC_ENCOUNTER")
    encounter = load_cached(path)
    ruleset = rulesets.get(encounter.ruleset)
    where = journal_path(path, journal)
    handle = Handle(where, write, path)
    try:
        loaded = Loaded(ruleset, encounter, where, handle)
    except BaseException:
        handle.close()
        raise
    if not write:
        handle.close()  # a reader's lock is released once the journal is read
    return loaded
