"""Enchanted Realms in the journal: its own effect kinds, its tracker (what the fold keeps),
and what each applied result changes.

Every mechanic's result maps to typed effects here (one builder per mechanic); the fold
(``erc.core.fold``) replays them through ``Tracker``. Body never goes below 0 (R5.8) nor
above its maximum (R12.2); R8 weapon locks remember who holds them; R6.6 drops remember
their damage and the round they were taken.
"""

from __future__ import annotations

from erc.core import fold
from erc.core.events import (
    CORE_KINDS,
    Acted,
    ConditionChange,
    Damage,
    Effect,
    Reacted,
    RoundStart,
    kinds_table,
)
from erc.core.value import replace
from erc.rulesets.er.model import Combatant, Drop, Encounter

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from erc.core.session import Loaded


class HeldDrop(Effect):
    """R6.6: the holder holds ``damage`` over the victim (``erc sneak --drop``)."""

    kind = "drop"
    holder: str
    victim: str
    damage: int

    def apply(self, tracker: fold.Tracker) -> None:
        assert isinstance(tracker, Tracker)
        tracker.who(self.holder)
        tracker.who(self.victim)
        if self.damage < 0:
            raise ValueError("a drop holds a whole amount >= 0")
        tracker.drops[(self.holder, self.victim)] = Drop(
            self.holder, self.victim, self.damage, tracker.round
        )


class DropReleased(Effect):
    """R6.6: the drop is inflicted or broken."""

    kind = "drop-released"
    holder: str
    victim: str

    def apply(self, tracker: fold.Tracker) -> None:
        assert isinstance(tracker, Tracker)
        tracker.drops.pop((self.holder, self.victim), None)


class WeaponState(Effect):
    """R8: a weapon ``locked`` (``by`` the locker), ``disarmed`` (flung away) or ``free``."""

    kind = "weapon"
    who: str
    weapon: str
    state: str
    by: str | None = None

    def apply(self, tracker: fold.Tracker) -> None:
        assert isinstance(tracker, Tracker)
        tracker.who(self.who)
        if self.state not in ("locked", "disarmed", "free"):
            raise ValueError(f"unknown weapon state {self.state!r}")
        tracker.locked[self.who].discard(self.weapon)
        tracker.disarmed[self.who].discard(self.weapon)
        tracker.lockers.pop((self.who, self.weapon), None)
        if self.state == "locked":
            tracker.locked[self.who].add(self.weapon)
            if self.by is not None:
                tracker.lockers[(self.who, self.weapon)] = self.by
        elif self.state == "disarmed":
            tracker.disarmed[self.who].add(self.weapon)


class State(fold.State):
    """The ER encounter as the journal leaves it."""

    drops: tuple[Drop, ...] = ()
    lockers: Mapping[tuple[str, str], str] = {}
    """Who holds each weapon lock: (wielder, weapon) -> the locker (R8.2)."""


def state_of(loaded: Loaded) -> State:
    """The ER state of a loaded ER encounter."""
    state = loaded.state
    assert isinstance(state, State)
    return state


class Tracker(fold.Tracker):
    kinds = kinds_table(CORE_KINDS, (HeldDrop, DropReleased, WeaponState))

    def __init__(self, encounter: Encounter) -> None:
        super().__init__(encounter)
        self.drops: dict[tuple[str, str], Drop] = {}
        self.locked: dict[str, set[str]] = {c.name: set() for c in encounter.combatants}
        self.disarmed: dict[str, set[str]] = {c.name: set() for c in encounter.combatants}
        self.lockers: dict[tuple[str, str], str] = {}
        self.body_max = {c.name: c.body_max for c in encounter.combatants}

    def fighter(self, combatant: Combatant) -> fold.Fighter:
        return fold.Fighter(combatant.name, combatant.body, combatant.conditions)

    def damage(self, name: str, amount: int) -> None:
        """R5.8: Body goes down, never below 0."""
        if amount < 0:
            raise ValueError("damage is a whole amount >= 0")
        fighter = self.who(name)
        fighter.health = max(0, fighter.health - amount)

    def heal(self, name: str, amount: int) -> None:
        """R12.2: Body up to its maximum."""
        if amount < 0:
            raise ValueError("healing is a whole amount >= 0")
        fighter = self.who(name)
        fighter.health = min(self.body_max[name], fighter.health + amount)

    def freeze(self) -> State:
        encounter: Encounter = self.encounter
        combatants = tuple(self._combatant(c) for c in encounter.combatants)
        return State(
            encounter=replace(encounter, combatants=combatants),
            round=self.round,
            order=self.order,
            rolls=self.rolls,
            events=self.events,
            drops=tuple(self.drops.values()),
            lockers=dict(self.lockers),
        )

    def _combatant(self, combatant: Combatant) -> Combatant:
        fighter = self.fighters[combatant.name]
        spent = fighter.spent
        disarmed = self.disarmed[combatant.name]
        locked = self.locked[combatant.name]
        if (
            not spent
            and not disarmed
            and not locked
            and fighter.health == combatant.body
            and self.conditions_of(fighter) == combatant.conditions
        ):
            return combatant  # untouched by the journal
        return replace(
            combatant,
            body=fighter.health,
            conditions=self.conditions_of(fighter),
            reaction_used=spent.get("reaction", 0) > 0,
            acted=spent.get("action", 0),
            extra_actions=spent.get("extra-action", 0),
            movement_spent=spent.get("movement", 0),
            weapons=tuple(w for w in combatant.weapons if w.name not in disarmed),
            locked_weapons=frozenset(locked),
            disarmed_weapons=frozenset(disarmed),
        )


# --- what each applied result changes ----------------------------------------------------


def damage(target: str, amount: int) -> list[Effect]:
    return [Damage(target, amount)] if amount > 0 else []


def acted(name: str | None) -> list[Effect]:
    return [Acted(name)] if name else []


def shock(victim: str, struck: Any) -> list[Effect]:
    """R6.5: a failed shock save: incapacitated for the victim's next d3 actions."""
    if struck is None or not struck.incapacitated_actions:
        return []
    return [ConditionChange(victim, add="incapacitated", actions=struck.incapacitated_actions)]


def attack(result: Any) -> list[Effect]:
    """R5: the attacker's action and the damage each target took."""
    effects = acted(result.attacker)
    for target in result.targets:
        effects += damage(target.name, target.damage)
    return effects


def roll_init(result: Any) -> list[Effect]:
    """A new round (R3.4: initiative anew each round); R4.3 surprised for round 1; R4.2 a
    sleeper whose check succeeded is awake."""
    order = tuple((p.name, p.roll, tuple(p.tiebreak)) for p in result.order)
    effects: list[Effect] = [RoundStart(result.round, tuple(result.surprised), order)]
    effects += [
        ConditionChange(p.name, remove="asleep") for p in result.order if p.status == "woke"
    ]
    return effects


def disarm(result: Any, state: State) -> list[Effect]:
    """R8: the attempt is the attacker's action; a resisting victim spends its reaction
    (R8.4) and takes the 2/3/4 damage (R8.3); the weapon ends locked (and by whom) or
    disarmed. R8.2: a lock that hits a combatant holding a lock frees the weapon it held,
    "even if the reaction to prevent the pinning ... is successful"."""
    effects = acted(result.attacker)
    if result.reaction is not None or result.damage_taken:
        effects.append(Reacted(result.victim))
    effects += damage(result.victim, result.damage_taken)
    if result.outcome == "locked":
        effects.append(WeaponState(result.victim, result.victim_weapon, "locked", result.attacker))
    elif result.outcome == "disarmed":
        effects.append(WeaponState(result.victim, result.victim_weapon, "disarmed"))
    if result.maneuver == "lock" and result.hit:
        effects += [
            WeaponState(wielder, weapon, "free")
            for (wielder, weapon), locker in state.lockers.items()
            if locker == result.victim
        ]
    return effects


def perceive(result: Any, state: State) -> list[Effect]:
    """R4.4: "a sleeper who stayed asleep checks again to wake (DC 17)": made, it wakes."""
    if state.encounter.get(result.name).has("asleep") and result.success:
        return [ConditionChange(result.name, remove="asleep")]
    return []


def free(result: Any) -> list[Effect]:
    """R8.2: the wielder pays the dice and its weapon is free again."""
    return [WeaponState(result.name, result.weapon, "free")]


def sneak(result: Any) -> list[Effect]:
    """R6: the sneak attack's damage and shock; with --drop (R6.6) the damage is held."""
    effects = acted(result.attacker)
    if result.drop is not None:
        held = result.drop.held_damage
        if held <= 0:  # nothing hit: there is no drop to hold (R6.6)
            return effects
        return [*effects, HeldDrop(result.attacker, result.victim, held)]
    for target in result.targets:
        effects += damage(target.name, target.damage)
    return effects + shock(result.victim, result.shock)


def drop(result: Any, state: State) -> list[Effect]:
    """R6.6: inflicting held damage ends the drop; the holder inflicts it with its reaction
    (its action when the reaction is spent); a resisting victim spends its reaction; the
    damage may shock (R6.5). ``--holder-damaged``: a failed check breaks the drop."""
    released = DropReleased(result.holder, result.victim)
    if hasattr(result, "broken"):
        return [released] if result.broken else []
    effects: list[Effect] = [released]
    holder_spent = state.encounter.get(result.holder).reaction_used
    # R6.6: "on the next action [or] an available reaction": the reaction when it has one
    effects.append(Acted(result.holder) if holder_spent else Reacted(result.holder))
    if result.resists:
        effects.append(Reacted(result.victim))
    effects += damage(result.victim, result.damage)
    return effects + shock(result.victim, result.shock)


def competition(result: Any) -> list[Effect]:
    """R7.3, R11.2: taking a contested item is the taker's action."""
    if result.item is not None and result.item.taken_by is not None:
        return [Acted(result.item.taken_by)]
    return []
