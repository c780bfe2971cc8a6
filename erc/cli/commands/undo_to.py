"""``erc undo --to ID``: every applied event after ID cancelled, as one event (R14.6)."""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.outcome import Outcome
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded

KEPT = ("undo", "undo-to", "rename")
"""Events ``--to`` leaves as they are: undos (each already cancels only events after it;
cancelling one would bring back what it cancelled), and renames (they follow the file, not
the fight: cancelling one would leave the journal naming someone the file no longer has;
``erc undo`` right after a rename still reverses it)."""


def renderer() -> Drawing:
    """The renderer, ``erc.cli.render.table``: imported only for a human table."""
    from erc.cli.render import table

    return table


class UndoToResult(Value):
    """``to``: the event the fight goes back to; ``cancelled_ids``: the ids cancelled (or,
    without ``--apply``, that would be), first to last, with ``commands`` their commands;
    ``undo_event``: the event appended (None: a preview)."""

    to: int
    cancelled_ids: tuple[int, ...]
    commands: tuple[str, ...]
    undo_event: dict[str, object] | None


def undo_to(
    encounter: str | None, journal: str | None, to: int, *, apply: bool, key: str | None = None
) -> Outcome:
    """Cancel every live event after ``to`` (the ``undo`` events aside) in one event; without
    ``apply``, say which and record nothing (CONTRACT "The table": a preview). A ``key``
    already in the journal reports the event recorded under it (CONTRACT ``--key``)."""
    from erc.core.session import open_encounter

    with open_encounter(encounter, journal, write=apply) as loaded:
        if key is not None and (first := loaded.replayed(key)) is not None:
            return _replayed(loaded, first, key)
        index = loaded.index
        if not index.ids:
            from erc.cli.commands.table import moved_fight

            raise ErcError(
                "nothing-to-undo",
                f"the journal {loaded.journal} records nothing{moved_fight(loaded.journal)}",
                loaded.journal,
            )
        first = min(index.ids)
        if to < first:
            raise ErcError(
                "bad-undo",
                f"event {to} is before the journal's first event ({first}): undo --to goes "
                f"back to an event, not past the first; to start over, run erc new-fight",
                loaded.journal,
            )
        if to not in index.ids:
            raise ErcError(
                "bad-undo",
                f"the journal {loaded.journal} has no event {to} (its events: {first} to "
                f"{max(index.ids)})",
                loaded.journal,
            )
        targets = [
            (ident, command)
            for ident, command in zip(index.ids, index.commands, strict=True)
            if ident > to and ident not in index.cancelled and command not in KEPT
        ]
        if not targets:
            raise ErcError(
                "nothing-to-undo",
                f"no applied event after event {to} is left to undo",
                loaded.journal,
            )
        ids, commands = tuple(i for i, _ in targets), tuple(c for _, c in targets)
        if not apply:
            return Outcome(
                command="undo",
                result=UndoToResult(to, ids, commands, None),
                render=renderer,
                encounter=loaded.encounter,
                preview=loaded.journal,
            )
        event = loaded.record(
            {
                "command": "undo-to",
                "round": loaded.state.round,
                "key": key,
                "effects": [{"type": "undo", "event": ident} for ident in ids],
                "to": to,
            }
        )
    return Outcome(
        command="undo",
        result=UndoToResult(to, ids, commands, event),
        render=renderer,
        encounter=loaded.encounter,
        applied={"journal": loaded.journal, "event": event["id"]},
    )


def _replayed(loaded: Loaded, first: int, key: str) -> Outcome:
    """``erc undo --to ID --apply --key K`` again: the undo-to recorded under K, reported as
    the first time (the ids it cancelled, their commands) and not applied again."""
    from erc.cli.boundary import keyed_event, replayed

    assert loaded.txn is not None  # --key goes with --apply
    event = keyed_event(loaded.txn, first, key, "undo-to")
    ids = cancelled_by(event, loaded.journal)
    to = event.get("to")
    if type(to) is not int:
        raise ErcError(
            "bad-journal", f"event {first} (undo-to) records no event ID", loaded.journal
        )
    result = UndoToResult(
        to=to,
        cancelled_ids=ids,
        commands=tuple(loaded.index.command(ident) for ident in ids),
        undo_event=event,
    )
    return replayed(
        "undo",
        result=result,
        event_id=first,
        journal=loaded.journal,
        cancelled=loaded.index.cancelled,
        encounter=loaded.encounter,
    )


def cancelled_by(event: dict[str, object], journal: str) -> tuple[int, ...]:
    """The ids an undo event (``undo`` or ``undo-to``) cancels, as its effects say."""
    from erc.cli.boundary import recorded_effects

    ids = tuple(e["event"] for e in recorded_effects(event, "undo") if type(e.get("event")) is int)
    if not ids:
        raise ErcError("bad-journal", f"event {event.get('id')} cancels no event", journal)
    return ids
