"""The loaded encounter: file, ruleset, journal and folded state, handed explicitly from
loading to resolving to recording (no context variable carries it behind the calls).

``open_encounter(..., write=True)`` opens the journal as a transaction (an exclusive lock)
before reading it; the state a command checks is then the state it appends to, and the
lock is held until ``record`` or ``close``.
"""

from __future__ import annotations

import os

from erc.core.errors import ErcError

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from erc.core.fold import State, Tracker
    from erc.core.journal import Entry, Transaction
    from erc.core.ruleset import Ruleset


class Loaded:
    """One encounter as a command sees it (module docstring)."""

    def __init__(
        self,
        ruleset: Ruleset,
        base: Any,
        journal: str,
        entries: tuple[Entry, ...],
        txn: Transaction | None,
    ) -> None:
        self.ruleset = ruleset
        self.base = base
        """The encounter as its file gives it."""
        self.journal = journal
        self.entries = entries
        self.txn = txn
        self.state: State = self._fold(entries)

    @property
    def encounter(self) -> Any:
        """The encounter with the journal's state applied: what the rules read."""
        return self.state.encounter

    @property
    def path(self) -> str | None:
        path: str | None = self.base.path
        return path

    def tracker(self) -> Tracker:
        tracker: Tracker = self.ruleset.events().Tracker(self.base)
        return tracker

    def _fold(self, entries: tuple[Entry, ...]) -> State:
        from erc.core.fold import fold

        tracker = fold(self.tracker(), entries, self.journal)
        return tracker.freeze()

    def advance(self, number: int) -> State:
        """The state as round ``number`` starts (what ``roll-init --apply`` will record):
        spent resources back, surprise over, durations ticked."""
        from erc.core.journal import Entry

        start = Entry(0, 0, "roll-init", number, None, ({"type": "round", "round": number},))
        return self._fold((*self.entries, start))

    def replayed(self, key: str) -> Entry | None:
        """The event recorded under ``key`` (``--key``), if any."""
        return next((e for e in self.entries if e.key == key), None)

    def record(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """Append one event under the transaction's lock; durable on return."""
        if self.txn is None:
            raise ErcError("usage", "--apply needs the journal opened for writing")
        return self.txn.append(event)

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
    from erc.core import journal as journals
    from erc.core.encounter import load_cached

    if not path:
        raise ErcError("no-encounter", "no encounter file: give -e FILE or set ERC_ENCOUNTER")
    encounter = load_cached(path)
    ruleset = rulesets.get(encounter.ruleset)
    where = journal_path(path, journal)
    if write:
        txn = journals.Transaction(where)
        try:
            return Loaded(ruleset, encounter, where, txn.entries, txn)
        except BaseException:
            txn.close()
            raise
    return Loaded(ruleset, encounter, where, journals.read(where).entries, None)
