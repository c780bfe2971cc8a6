"""``erc status``, ``erc log``, ``erc undo``: the combat journal as a GM reads it."""

from __future__ import annotations

from erc.cli.boundary import ENCOUNTER, JOURNAL, JSON, KEY
from erc.core.errors import ErcError
from erc.core.mechanic import Option, shared
from erc.core.outcome import Outcome
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


@shared
def status(
    encounter: str | None = ENCOUNTER, as_json: bool = JSON, journal: str | None = JOURNAL
) -> Outcome:
    """The table a GM keeps beside the map: the round, the order, who is next, Body or HP,
    conditions, what each has spent."""
    from erc.core.session import open_encounter

    loaded = open_encounter(encounter, journal)
    result = loaded.ruleset.status().status(loaded)
    return Outcome("status", result, _status_renderer, loaded.encounter)


def _status_renderer() -> Drawing:
    """The one renderer of ``erc status`` for every ruleset, ``erc.core.render.status``:
    imported only for a human table."""
    from erc.core.render import status

    return status


def _log_renderer() -> Drawing:
    """``erc log``'s renderer, ``erc.cli.render.log``: imported only for a human table."""
    from erc.cli.render import log

    return log


class LogResult(Value):
    """``events``: each ``{id, command, round, ..., undone}`` as recorded (the rest of an
    event is what the command recorded, in the envelope version of the erc that wrote it)."""

    events: tuple[dict[str, object], ...]
    journal: str | None


@shared
def log(
    encounter: str | None = ENCOUNTER, as_json: bool = JSON, journal: str | None = JOURNAL
) -> Outcome:
    """The journal's events as recorded, each marked "undone" when an undo cancelled it."""
    from erc.core import journal as journals
    from erc.core.session import open_encounter

    loaded = open_encounter(encounter, journal)
    gone = loaded.index.cancelled
    events = tuple(
        {**{k: v for k, v in e.items() if k != "line"}, "undone": e.get("id") in gone}
        for e in journals.events(loaded.journal)
    )
    return Outcome("log", LogResult(events, loaded.journal), _log_renderer, loaded.encounter)


class UndoResult(Value):
    """``cancelled``: the id of the event undone, ``command`` its command; ``undo_event``: the
    undo event appended, as recorded."""

    cancelled: int
    command: str
    undo_event: dict[str, object]


@shared
def undo(
    encounter: str | None = ENCOUNTER,
    as_json: bool = JSON,
    journal: str | None = JOURNAL,
    to: int | None = Option(
        "--to",
        metavar="ID",
        min=0,
        help="Cancel every applied event after event ID, as one event (R14.6); "
        "erc undo after it restores them all.",
    ),
    apply: bool = Option(
        "--apply/--no-apply",
        envvar="ERC_APPLY",
        show_envvar=True,
        help="With --to: record it (ERC_APPLY=1: the default); without, --to previews. "
        "erc undo alone always records.",
    ),
    key: str | None = KEY,
) -> Outcome:
    """Cancel the last applied event by appending an undo event; nothing is deleted."""
    from erc.cli.boundary import check_key
    from erc.core.session import open_encounter

    if key is not None:
        check_key(key, apply or to is None)  # erc undo alone always records
    if to is not None:
        from erc.cli.commands.undo_to import undo_to

        return undo_to(encounter, journal, to, apply=apply, key=key)
    with open_encounter(encounter, journal, write=True) as loaded:
        if key is not None and (first := loaded.replayed(key)) is not None:
            return _undo_replayed(loaded, first, key)
        target = loaded.index.last_live()
        if target is None:
            from erc.cli.commands.table import moved_fight

            raise ErcError(
                "nothing-to-undo",
                f"the journal {loaded.journal} has no applied event left to undo"
                + (moved_fight(loaded.journal) if not loaded.index.ids else ""),
                loaded.journal,
            )
        ident, command = target
        event = loaded.record(
            {
                "command": "undo",
                "round": loaded.state.round,
                "key": key,
                "effects": [{"type": "undo", "event": ident}],
            }
        )
    result = UndoResult(ident, command, event)
    applied = {"journal": loaded.journal, "event": event["id"]}  # named if the output is lost
    return Outcome(
        command="undo",
        result=result,
        render=_log_renderer,
        encounter=loaded.encounter,
        applied=applied,
    )


def _undo_replayed(loaded: Loaded, first: int, key: str) -> Outcome:
    """``erc undo --key K`` again: the undo recorded under K, with the event it cancelled,
    reported as the first time and not applied again (CONTRACT ``--key``)."""
    from erc.cli.boundary import keyed_event, replayed
    from erc.cli.commands.undo_to import cancelled_by

    assert loaded.txn is not None  # erc undo writes
    event = keyed_event(loaded.txn, first, key, "undo")
    ident = cancelled_by(event, loaded.journal)[0]
    return replayed(
        "undo",
        result=UndoResult(ident, loaded.index.command(ident), event),
        event_id=first,
        journal=loaded.journal,
        cancelled=loaded.index.cancelled,
        encounter=loaded.encounter,
    )
