"""What every resolving command shares: its options and ``execute``."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import inspect
import os
import sys
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field

from erc.dice import DICE_BUDGET, Dice, PhysicalSource, SeededSource, new_seed, parse_rolls
from erc.errors import ErcError
from erc.journal_path import default_journal
from erc.render import Outcome
from erc.rules.model import Encounter
from erc.state import State

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


@dataclass
class Session:
    """What the shared options of one command invocation asked for."""

    apply: bool = False
    journal: str | None = None
    journal_path: str | None = None
    state: State | None = None
    base: Encounter | None = None
    events: list[tuple[int | None, dict[str, Any]]] = field(default_factory=list)

    def next_round(self, number: int) -> Encounter:
        """The encounter as round ``number`` starts: surprise over, reactions back,
        incapacitation ticked (what ``roll-init --apply`` will record)."""
        from erc.state import fold

        if self.base is None or self.state is None or number <= self.state.round:
            raise ErcError("usage", "no journal state to start a round from")
        start = {"id": None, "effects": [{"type": "round", "round": number}]}
        return fold(self.base, [*self.events, (None, start)]).encounter


_session: ContextVar[Session] = ContextVar("erc_session", default=Session())  # noqa: B039


def journaled(*, apply: bool) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Give a command ``--journal`` (and ``--apply`` when it records results).

    One decorator instead of the same two options in every command module: the values are
    kept for ``load_encounter`` and ``execute`` in a context variable for this invocation.
    """

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(func)
        extra = [
            inspect.Parameter(
                "journal", inspect.Parameter.KEYWORD_ONLY, default=None, annotation="JournalOpt"
            )
        ]
        if apply:
            extra.insert(
                0,
                inspect.Parameter(
                    "apply", inspect.Parameter.KEYWORD_ONLY, default=False, annotation="ApplyOpt"
                ),
            )

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            session = Session(bool(kwargs.pop("apply", False)), kwargs.pop("journal", None))
            token = _session.set(session)
            try:
                return func(*args, **kwargs)
            finally:
                _session.reset(token)

        params = list(signature.parameters.values())
        wrapper.__signature__ = signature.replace(parameters=params + extra)  # type: ignore[attr-defined]
        wrapper.__annotations__ = {**func.__annotations__, **{p.name: p.annotation for p in extra}}
        return wrapper

    return decorate


def session() -> Session:
    return _session.get()


@contextlib.contextmanager
def fresh_session() -> Iterator[Session]:
    """A new ``Session`` for one command line (``erc batch`` runs many in one process)."""
    current = Session()
    token = _session.set(current)
    try:
        yield current
    finally:
        _session.reset(token)


def load_encounter(path: str | None) -> Encounter:
    """The encounter with the journal's state folded in (when a journal exists)."""
    from erc.encounter import load_cached

    if not path:
        raise ErcError("no-encounter", "no encounter file: give -e FILE or set ERC_ENCOUNTER")
    encounter = load_cached(path)
    current = _session.get()
    journal_path = current.journal or os.environ.get("ERC_JOURNAL") or default_journal(path)
    if "\0" in journal_path:
        raise ErcError("bad-journal", f"a file name cannot contain a NUL byte: {journal_path!r}")
    current.journal_path = journal_path
    current.base = encounter
    current.events = read_events(journal_path)
    current.state = load_state(encounter, current.events, journal_path)
    return current.state.encounter


def read_events(journal_path: str) -> list[tuple[int | None, dict[str, Any]]]:
    if not os.path.exists(journal_path):
        return []
    from erc import journal

    return [(e.line, dict(e.event)) for e in journal.read(journal_path).entries]


def load_state(
    encounter: Encounter, events: list[tuple[int | None, dict[str, Any]]], journal_path: str
) -> State:
    """The encounter with the journal's events folded in."""
    from erc.state import fold

    try:
        return fold(encounter, events)
    except ErcError as error:
        error.path = journal_path
        raise


def draws_dice(odds: bool, seed: int | None, rolls: str | None) -> bool:
    """CONTRACT: ``--odds`` alone draws no dice; with ``--seed`` or ``--rolls`` it resolves."""
    return not odds or seed is not None or rolls is not None


def execute(
    command: str,
    resolve: Callable[[Dice], Any],
    *,
    as_json: bool,
    seed: int | None,
    rolls: str | None,
    encounter: Encounter | None = None,
    human: str | None = None,
    draws: bool = True,
    budget: int = DICE_BUDGET,
) -> int:
    """Draw dice from the chosen source, resolve, check the rolls, and print the outcome.

    ``draws=False`` (``--odds`` alone) resolves with no dice source at all.
    """
    if seed is not None and rolls is not None:
        raise ErcError("usage", "give --seed or --rolls, not both")
    physical = PhysicalSource(parse_rolls(rolls)) if rolls is not None else None
    used_seed: int | None = None
    if physical is not None:
        dice = Dice(physical, budget)
    else:
        used_seed = seed if seed is not None else (new_seed() if draws else None)
        dice = Dice(SeededSource(used_seed or 0), budget)
    result = resolve(dice)
    if physical is not None:
        physical.check_all_used()
    outcome = Outcome(command, result, encounter, used_seed, tuple(dice.rolls))
    current = _session.get()
    if current.apply:
        event = record(outcome, current)
        outcome = dataclasses.replace(
            outcome, applied={"journal": current.journal_path, "event": event["id"]}
        )
    emit(outcome, as_json, human or command.replace("-", "_"))
    return 0


def _unresolved(result: Any) -> bool:
    """``--odds`` alone: nothing was rolled, so nothing can be applied."""
    return getattr(result, "resolved", True) is False or (
        hasattr(result, "damage") and result.damage is None
    )


def record(outcome: Outcome, current: Session) -> dict[str, Any]:
    """``--apply``: the result's effects become one journal event, durable before output."""
    from erc import journal
    from erc.effects import effects_of
    from erc.render.envelope import to_data

    if current.state is None or current.journal_path is None:
        raise ErcError("usage", "--apply needs an encounter file")
    if _unresolved(outcome.result):
        raise ErcError(
            "nothing-to-apply",
            "--odds alone rolls nothing, so there is nothing "
            "to --apply; add --seed or --rolls to resolve it",
        )
    effects = effects_of(outcome.command, outcome.result, current.state)
    return journal.append(
        current.journal_path,
        {
            "command": outcome.command,
            # a roll-init event belongs to the round it starts
            "round": outcome.result.round
            if outcome.command == "roll-init"
            else current.state.round,
            "seed": outcome.seed,
            "effects": effects,
            "result": to_data(outcome.result),
        },
    )


sink: ContextVar[list[dict[str, Any]] | None] = ContextVar("erc_sink", default=None)
"""Where ``erc batch`` collects JSON documents instead of printing them."""


def emit(outcome: Outcome, as_json: bool, human: str) -> None:
    collected = sink.get()
    if collected is not None:
        from erc.render.envelope import envelope

        collected.append(envelope(outcome))
        return
    if as_json:
        from erc.render.envelope import encode, envelope

        sys.stdout.write(encode(envelope(outcome)).decode())
    else:
        from erc.render.human import show

        show(outcome, human)
    if hasattr(sys.stdout, "flush"):
        sys.stdout.flush()
