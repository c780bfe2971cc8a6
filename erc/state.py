"""Combat state: the journal's events folded over the encounter (CONTRACT "Combat state").

Pure code. An event is a JSON object ``{id, command, round, effects: [...], ...}``; its
``effects`` are the only thing folding reads, so the fold does not depend on any mechanic's
result shape. Effects, by ``type``:

- ``damage`` ``{target, amount}``: Body down by ``amount``, never below 0 (R5.8).
- ``heal`` ``{target, amount}``: Body up, never above the maximum.
- ``condition`` ``{target, add | remove, actions?}``: a condition; ``actions`` counts the
  victim's next actions it lasts (the shock of R6.5); it ticks down as rounds pass.
- ``reaction`` ``{who}``: its one reaction this round is spent (chapter 000 "Reactions").
- ``acted`` ``{who}``: it took its action this round.
- ``round`` ``{round, surprised: [names]}``: a new round starts; reactions reset, durations
  tick; ``surprised`` names are surprised for that round (R4.3).
- ``drop`` ``{holder, victim, damage}`` / ``drop-released`` ``{holder, victim}`` (R6.6).
- ``weapon`` ``{who, weapon, state: locked | disarmed | free}`` (R8).
- ``undo`` ``{event}``: cancels an earlier event; nothing is deleted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from erc.errors import ErcError
from erc.rules.model import Combatant, Encounter

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


@dataclass(frozen=True, slots=True)
class Drop:
    holder: str
    victim: str
    damage: int
    round: int


@dataclass
class _Fighter:
    body: int
    conditions: set[str]
    reaction_used: bool = False
    acted: bool = False
    incapacitated_actions: int = 0
    locked: set[str] = field(default_factory=set)
    disarmed: set[str] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class State:
    """The encounter as the journal leaves it."""

    encounter: Encounter
    round: int
    drops: tuple[Drop, ...]
    events: int
    incapacitated: Mapping[str, int]
    locked: Mapping[str, frozenset[str]]
    disarmed: Mapping[str, frozenset[str]]
    initiative: Mapping[str, tuple[int, tuple[int, ...]]] = dataclasses.field(default_factory=dict)
    """The last round's d10 and roll-off dice by name (house rule ``initiative: keep``)."""
    lockers: Mapping[tuple[str, str], str] = dataclasses.field(default_factory=dict)
    """Who holds each weapon lock: (wielder, weapon) -> the locker (R8.2)."""


class JournalError(ErcError):
    pass


def _bad(line: int | None, message: str) -> JournalError:
    return JournalError("bad-journal", message, line=line)


def fold(encounter: Encounter, events: Iterable[tuple[int | None, Mapping[str, Any]]]) -> State:
    """Apply ``(line, event)`` pairs in order; an event cancelled by a later undo is skipped."""
    listed = list(events)
    if not listed:
        return State(encounter, 0, (), 0, {}, {}, {})
    cancelled = {
        effect.get("event")
        for _, event in listed
        for effect in _effects(event)
        if isinstance(effect, Mapping)
        and effect.get("type") == "undo"
        and isinstance(effect.get("event"), int)
    }
    fighters = {
        c.name: _Fighter(c.body, set(c.conditions), c.reaction_used) for c in encounter.combatants
    }
    round_no = 0
    drops: dict[tuple[str, str], Drop] = {}
    initiative: dict[str, tuple[int, tuple[int, ...]]] = {}
    lockers: dict[tuple[str, str], str] = {}

    def who(line: int | None, effect: Mapping[str, Any], key: str) -> _Fighter:
        name = effect.get(key)
        if not isinstance(name, str) or name not in fighters:
            raise _bad(line, f"the journal names {name!r}, who is not in the encounter")
        return fighters[name]

    def amount(line: int | None, effect: Mapping[str, Any]) -> int:
        value = effect.get("amount")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _bad(line, f"a {effect.get('type')} effect needs a whole amount >= 0")
        return value

    for line, event in listed:
        if isinstance(event.get("id"), int) and event.get("id") in cancelled:
            continue
        effects = event.get("effects", ())
        if not isinstance(effects, list):
            raise _bad(line, "an event's effects must be a list")
        for effect in effects:
            if not isinstance(effect, Mapping):
                raise _bad(line, "an effect must be an object")
            kind = effect.get("type")
            try:
                if kind == "damage":
                    target = who(line, effect, "target")
                    target.body = max(0, target.body - amount(line, effect))
                elif kind == "heal":
                    name = effect.get("target")
                    target = who(line, effect, "target")
                    ceiling = encounter.get(str(name)).body_max
                    target.body = min(ceiling, target.body + amount(line, effect))
                elif kind == "condition":
                    target = who(line, effect, "target")
                    if "add" in effect:
                        target.conditions.add(str(effect["add"]))
                        actions = effect.get("actions")
                        if isinstance(actions, int) and not isinstance(actions, bool):
                            target.incapacitated_actions = max(
                                target.incapacitated_actions, actions + (1 if target.acted else 0)
                            )
                    if "remove" in effect:
                        target.conditions.discard(str(effect["remove"]))
                elif kind == "reaction":
                    who(line, effect, "who").reaction_used = True
                elif kind == "acted":
                    who(line, effect, "who").acted = True
                elif kind == "round":
                    number = effect.get("round")
                    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
                        raise _bad(line, "a round effect needs a round number >= 1")
                    _new_round(fighters, effect.get("surprised") or [], ticks=round_no >= 1)
                    round_no = number
                    initiative = {
                        str(row[0]): (int(row[1]), tuple(int(v) for v in row[2]))
                        for row in effect.get("order") or ()
                        if isinstance(row, list) and len(row) == 3 and str(row[0]) in fighters
                    }
                elif kind == "drop":
                    holder, victim = effect.get("holder"), effect.get("victim")
                    who(line, effect, "holder")
                    who(line, effect, "victim")
                    drops[(str(holder), str(victim))] = Drop(
                        str(holder),
                        str(victim),
                        amount(line, {**effect, "amount": effect.get("damage")}),
                        round_no,
                    )
                elif kind == "drop-released":
                    drops.pop((str(effect.get("holder")), str(effect.get("victim"))), None)
                elif kind == "weapon":
                    target = who(line, effect, "who")
                    weapon, state = str(effect.get("weapon")), effect.get("state")
                    target.locked.discard(weapon)
                    target.disarmed.discard(weapon)
                    lockers.pop((str(effect.get("who")), weapon), None)
                    if state == "locked":
                        target.locked.add(weapon)
                        if isinstance(effect.get("by"), str):
                            lockers[(str(effect.get("who")), weapon)] = effect["by"]
                    elif state == "disarmed":
                        target.disarmed.add(weapon)
                    elif state != "free":
                        raise _bad(line, f"unknown weapon state {state!r}")
                elif kind == "undo":
                    continue
                else:
                    raise _bad(line, f"unknown effect type {kind!r}")
            except (TypeError, ValueError, KeyError, AttributeError) as exc:
                raise _bad(line, f"a malformed {kind!r} effect ({exc})") from None

    combatants = tuple(_apply(c, fighters[c.name]) for c in encounter.combatants)
    return State(
        encounter=dataclasses.replace(encounter, combatants=combatants),
        round=round_no,
        drops=tuple(drops.values()),
        events=len(listed),
        incapacitated={
            n: f.incapacitated_actions for n, f in fighters.items() if f.incapacitated_actions
        },
        locked={n: frozenset(f.locked) for n, f in fighters.items() if f.locked},
        disarmed={n: frozenset(f.disarmed) for n, f in fighters.items() if f.disarmed},
        initiative=initiative,
        lockers=lockers,
    )


def _effects(event: Mapping[str, Any]) -> list[Any]:
    effects = event.get("effects")
    return effects if isinstance(effects, list) else []


def _new_round(fighters: dict[str, _Fighter], surprised: Iterable[str], *, ticks: bool) -> None:
    """A new round: reactions reset; the round that ended (if it was a round of combat, not
    the moment before round 1) cost each incapacitated combatant one action."""
    names = set(surprised)
    for name, fighter in fighters.items():
        fighter.reaction_used = False
        if fighter.incapacitated_actions and ticks:
            fighter.incapacitated_actions -= 1
            if not fighter.incapacitated_actions:
                fighter.conditions.discard("incapacitated")
        fighter.acted = False
        fighter.conditions.discard("surprised")
        if name in names:
            fighter.conditions.add("surprised")


def _apply(combatant: Combatant, fighter: _Fighter) -> Combatant:
    weapons = tuple(w for w in combatant.weapons if w.name not in fighter.disarmed)
    return dataclasses.replace(
        combatant,
        body=fighter.body,
        conditions=frozenset(fighter.conditions),
        reaction_used=fighter.reaction_used,
        weapons=weapons,
        locked_weapons=frozenset(fighter.locked),
    )
