"""``erc status``, ``erc log``, ``erc undo``: the combat journal as a GM reads it."""

from __future__ import annotations

from dataclasses import dataclass

from erc.cli.common import emit, load_encounter, session
from erc.errors import ErcError
from erc.render import Outcome

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)


if TYPE_CHECKING:
    from erc.cli.options import EncounterOpt, JsonOpt


@dataclass(frozen=True, slots=True)
class CombatantStatus:
    name: str
    side: str
    body: int
    body_max: int
    conditions: tuple[str, ...]
    reaction_used: bool
    incapacitated_actions: int
    locked_weapons: tuple[str, ...]
    disarmed_weapons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HeldDrop:
    holder: str
    victim: str
    damage: int
    round: int


@dataclass(frozen=True, slots=True)
class StatusResult:
    round: int
    combatants: tuple[CombatantStatus, ...]
    drops: tuple[HeldDrop, ...]
    events: int
    journal: str | None


def status(encounter: EncounterOpt = None, as_json: JsonOpt = False) -> int:
    """The table a GM keeps beside the map: Body, conditions, reactions, the round."""
    current_encounter = load_encounter(encounter)
    current = session()
    state = current.state
    assert state is not None
    rows = tuple(
        CombatantStatus(
            c.name,
            c.side,
            c.body,
            c.body_max,
            tuple(sorted(c.conditions)),
            c.reaction_used,
            state.incapacitated.get(c.name, 0),
            tuple(sorted(c.locked_weapons)),
            tuple(sorted(state.disarmed.get(c.name, ()))),
        )
        for c in current_encounter.combatants
    )
    drops = tuple(HeldDrop(d.holder, d.victim, d.damage, d.round) for d in state.drops)
    result = StatusResult(state.round, rows, drops, state.events, current.journal_path)
    emit(Outcome("status", result, current_encounter), as_json, "status")
    return 0


@dataclass(frozen=True, slots=True)
class LogResult:
    events: tuple[dict[str, object], ...]
    journal: str | None


def log(encounter: EncounterOpt = None, as_json: JsonOpt = False) -> int:
    """The journal's events as recorded."""
    from erc import journal

    current_encounter = load_encounter(encounter)
    current = session()
    assert current.journal_path is not None
    events = tuple(dict(e.event) for e in journal.read(current.journal_path).entries)
    emit(
        Outcome("log", LogResult(events, current.journal_path), current_encounter),
        as_json,
        "status",
    )
    return 0


@dataclass(frozen=True, slots=True)
class UndoResult:
    cancelled: int
    command: str
    event: dict[str, object]


def undo(encounter: EncounterOpt = None, as_json: JsonOpt = False) -> int:
    """Cancel the last applied event by appending an undo event; nothing is deleted."""
    from erc import journal

    current_encounter = load_encounter(encounter)
    current = session()
    assert current.journal_path is not None
    entries = journal.read(current.journal_path).entries
    cancelled = {
        eff.get("event")
        for e in entries
        for eff in e.event.get("effects", ())
        if isinstance(eff, dict) and eff.get("type") == "undo"
    }
    candidates = [
        e
        for e in entries
        if e.event.get("command") != "undo" and e.event.get("id") not in cancelled
    ]
    if not candidates:
        raise ErcError(
            "nothing-to-undo",
            f"the journal {current.journal_path} has no applied event left to undo",
            current.journal_path,
        )
    target = candidates[-1].event
    event = journal.append(
        current.journal_path,
        {
            "command": "undo",
            "round": current.state.round if current.state else 0,
            "effects": [{"type": "undo", "event": target.get("id")}],
        },
    )
    result = UndoResult(int(str(target.get("id"))), str(target.get("command")), event)
    emit(Outcome("undo", result, current_encounter), as_json, "status")
    return 0
