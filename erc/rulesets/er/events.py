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
    TURN_ENDED,
    Acted,
    ConditionChange,
    Damage,
    Effect,
    Reacted,
    RoundStart,
    Spend,
    kinds_table,
)
from erc.core.kept import condition_terms
from erc.core.text import counted
from erc.core.value import replace
from erc.rulesets.er.conditions import no_action
from erc.rulesets.er.model import Combatant, Drop, Encounter, Weapon
from erc.rulesets.er.rules.turns import PICK_UP_FT, Lock, Taken

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from erc.core.session import Loaded


class HeldDrop(Effect):
    """R6.6: the holder holds ``damage`` over the victim (``erc sneak --drop``)."""

    kind = "drop"
    holder: str
    victim: str
    damage: int

    def said(self) -> str:
        return f"{self.holder} holds a drop of {self.damage} damage over {self.victim}"

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

    def said(self) -> str:
        return f"{self.holder}'s drop on {self.victim} ends"

    def apply(self, tracker: fold.Tracker) -> None:
        assert isinstance(tracker, Tracker)
        tracker.drops.pop((self.holder, self.victim), None)


class WeaponState(Effect):
    """R8: a weapon ``locked`` (``by`` the locker, ``using`` its weapon), ``disarmed`` (flung
    away), ``free``, or ``dropped``: let go of while locked (R8.2), the lock held on; a lock
    on a dropped weapon that ends (``free``) leaves it on the ground."""

    kind = "weapon"
    who: str
    weapon: str
    state: str
    by: str | None = None
    using: str | None = None

    def said(self) -> str:
        weapon = f"{self.who}'s {self.weapon}"
        if self.state == "locked":
            by = f" by {self.by}" if self.by else ""
            return weapon + f" is locked{by}" + (f"'s {self.using}" if by and self.using else "")
        if self.state == "disarmed":
            return weapon + " is flung away, on the ground"
        if self.state == "dropped":
            return f"{self.who} lets go of the locked {self.weapon}"
        return f"the lock on {weapon} ends"  # in hand, or on the ground if let go (R8.2)

    def apply(self, tracker: fold.Tracker) -> None:
        assert isinstance(tracker, Tracker)
        tracker.who(self.who)
        if self.state not in ("locked", "disarmed", "free", "dropped"):
            raise ValueError(f"unknown weapon state {self.state!r}")
        key = (self.who, self.weapon)
        held = tracker.lockers.get(key)
        if self.state == "dropped":
            if held is None:
                raise ValueError(f"{self.who}'s {self.weapon} is not locked: it cannot be dropped")
            tracker.locked[self.who].discard(self.weapon)
            tracker.lockers[key] = replace(held, dropped=True)
            return
        tracker.locked[self.who].discard(self.weapon)
        tracker.disarmed[self.who].discard(self.weapon)
        tracker.lockers.pop(key, None)
        tracker.paid.pop(key, None)  # a new lock is paid for anew
        if self.state == "free" and held is not None and held.dropped:
            tracker.to_ground(self.who, self.weapon)  # the lock let go: on the ground
        elif self.state == "locked":
            tracker.locked[self.who].add(self.weapon)
            if self.by is not None:
                tracker.who(self.by)
                tracker.lockers[(self.who, self.weapon)] = Lock(
                    self.who, self.weapon, self.by, self.using
                )
        elif self.state == "disarmed":
            tracker.to_ground(self.who, self.weapon)


class WeaponTaken(Effect):
    """Seed 001: a disarmed weapon "is up for grabs": ``who`` picks ``owner``'s ``weapon``
    up from the ground and holds it as ``held_as`` (``erc pick-up``; its owner picking it up
    is ``WeaponState`` ``free``)."""

    kind = "weapon-taken"
    who: str
    owner: str
    weapon: str
    held_as: str

    def said(self) -> str:
        return f"{self.who} picks up {self.owner}'s {self.weapon} (as {self.held_as})"

    def apply(self, tracker: fold.Tracker) -> None:
        assert isinstance(tracker, Tracker)
        tracker.who(self.who)
        tracker.who(self.owner)
        lying = tracker.disarmed[self.owner]
        encounter: Encounter = tracker.encounter
        if not any(w.name == self.weapon for w in encounter.get(self.owner).weapons):
            raise ValueError(f"{self.owner} has no weapon called {self.weapon!r}")
        if self.weapon not in lying:
            raise ValueError(f"{self.owner}'s {self.weapon} is not on the ground to be taken")
        lying.discard(self.weapon)
        if self.who != self.owner:
            taken = Taken(self.owner, self.weapon, self.who, self.held_as)
            tracker.taken[(self.owner, self.weapon)] = taken


class FreeingPaid(Effect):
    """R8.2: dice one of the wielder's actions gave to freeing its locked weapon, when the
    cost is spread over two rounds and the weapon stays locked until the rest is paid."""

    kind = "freeing"
    who: str
    weapon: str
    dice: int

    def said(self) -> str:
        return f"{self.who} gives {counted(self.dice, 'die', 'dice')} to freeing its {self.weapon}"

    def apply(self, tracker: fold.Tracker) -> None:
        assert isinstance(tracker, Tracker)
        tracker.who(self.who)
        if self.dice < 0:
            raise ValueError("a freeing pays a whole number of dice >= 0")
        key = (self.who, self.weapon)
        tracker.paid[key] = tracker.paid.get(key, 0) + self.dice


GIVEN = "dice-given:"
"""The resource of this round's dice given to freeing, by pool (``dice-given:primary``)."""


class ErSpend(Spend):
    """``Spend`` as ``erc log`` words ER's own resource: the dice an action gave to freeing
    a locked weapon (R8.2), the rest of whose dice may still attack."""

    def said(self) -> str:
        if not self.resource.startswith(GIVEN):
            return super().said()
        pool = self.resource[len(GIVEN) :]
        given = f"{counted(self.amount, pool + ' die', pool + ' dice')} given"
        return f"{self.who} may still attack with its other dice ({given})"


class State(fold.State):
    """The ER encounter as the journal leaves it."""

    drops: tuple[Drop, ...] = ()
    locks: tuple[Lock, ...] = ()
    """The weapon locks in force and who holds them (R8.2)."""
    paid: tuple[tuple[str, str, int], ...] = ()
    """``(wielder, weapon, dice)`` already given to freeing a locked weapon (R8.2)."""
    taken: tuple[Taken, ...] = ()
    """Weapons picked up from the ground by another than their owner (R12.4)."""

    @property
    def lockers(self) -> dict[tuple[str, str], str]:
        """(wielder, weapon) -> the locker."""
        return {(lock.wielder, lock.weapon): lock.locker for lock in self.locks}


def state_of(loaded: Loaded) -> State:
    """The ER state of a loaded ER encounter."""
    state = loaded.state
    assert isinstance(state, State)
    return state


class Tracker(fold.Tracker):
    kinds = kinds_table(
        CORE_KINDS, (HeldDrop, DropReleased, WeaponState, WeaponTaken, FreeingPaid, ErSpend)
    )

    def __init__(self, encounter: Encounter) -> None:
        super().__init__(encounter)
        self.drops: dict[tuple[str, str], Drop] = {}
        self.locked: dict[str, set[str]] = {c.name: set() for c in encounter.combatants}
        self.disarmed: dict[str, set[str]] = {c.name: set() for c in encounter.combatants}
        self.lockers: dict[tuple[str, str], Lock] = {}
        self.paid: dict[tuple[str, str], int] = {}
        self.taken: dict[tuple[str, str], Taken] = {}
        """(owner, weapon) -> who holds it now and by what name, when another picked it up
        (seed 001)."""
        self.body_max = {c.name: c.body_max for c in encounter.combatants}
        self.grappled = {name for name, f in self.fighters.items() if f.has("grappled")}
        """Who may be grappled: the grapples ``settle`` looks at after each event."""

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

    def to_ground(self, who: str, weapon: str) -> None:
        """``who`` lets go of ``weapon`` (flung by a disarm, or left in a lock that ended):
        it lies on the ground as its owner's, up for grabs (seed 001); one it had picked
        up from another is that other's again."""
        for key, taken in self.taken.items():
            if taken.holder == who and taken.held_as == weapon:
                del self.taken[key]
                self.disarmed[taken.owner].add(taken.weapon)
                return
        self.disarmed[who].add(weapon)

    def add_condition(self, name: str, condition: str, *rest: Any, **named: Any) -> None:
        """The base's, noting a grapple for ``settle``."""
        super().add_condition(name, condition, *rest, **named)
        if condition == "grappled":
            self.grappled.add(name)

    def missed_an_action(self, fighter: fold.Fighter, condition: str) -> bool:
        """R6.5 "incapacitated for its next d3 actions": a round in which something else kept
        it from acting (surprised in round 1, asleep, down) takes none of them."""
        return no_action(fighter.health, lambda c: c != condition and fighter.has(c)) is None

    def settle(self) -> None:
        """R10 grappled (by X): "ends when X cannot act or is down", and stays ended."""
        for name in sorted(self.grappled):
            fighter = self.fighters[name]
            grip = fighter.conditions.get("grappled")
            if grip is None:
                self.grappled.discard(name)
            elif grip.by is not None and _cannot_hold(self.fighters.get(grip.by)):
                del fighter.conditions["grappled"]
                self.grappled.discard(name)

    def freeze(self) -> State:
        self.settle()  # the file's own grapples, before any event
        encounter: Encounter = self.encounter
        fighters, frozen, made = self.fighters, self.frozen, self._made
        weapons_still = not (self.drops or self.lockers or self.taken)
        combatants = []
        for c in encounter.combatants:
            name = c.name
            if weapons_still and not self.disarmed[name] and not self.locked[name]:
                # the one made before from the same Body, spending and conditions
                # (``fold.Tracker.frozen``); a weapon held, locked or flung: made in full
                f = fighters[name]
                key = (name, f.health, *f.spent.items())
                if f.conditions:
                    key += condition_terms(f.conditions.values())
                combatants.append(frozen(c, key, made))
            else:
                combatants.append(made(c))
        kept = tuple(combatants)
        return State(
            encounter=frozen(  # the same combatants, by identity: the same encounter
                encounter,
                tuple(map(id, kept)),  # (each one kept, so no id is reused while kept)
                lambda e: replace(e, combatants=kept),
            ),
            round=self.round,
            order=self.order,
            rolls=self.rolls,
            events=self.events,
            drops=tuple(self.drops.values()),
            locks=tuple(self.lockers.values()),
            paid=tuple((who, weapon, dice) for (who, weapon), dice in self.paid.items()),
            taken=tuple(self.taken.values()),
        )

    def _made(self, combatant: Combatant) -> Combatant:
        fighter = self.fighters[combatant.name]
        spent = fighter.spent
        disarmed = self.disarmed[combatant.name]
        locked = self.locked[combatant.name]
        holding = tuple(d.victim for d in self.drops.values() if d.holder == combatant.name)
        let_go = {
            k.weapon for k in self.lockers.values() if k.wielder == combatant.name and k.dropped
        }
        lost = {t.weapon for t in self.taken.values() if t.owner == combatant.name}
        carried = [t for t in self.taken.values() if t.holder == combatant.name]
        if (
            not spent
            and not disarmed
            and not locked
            and not holding
            and not let_go
            and not lost
            and not carried
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
            turn_ended=spent.get(TURN_ENDED, 0) > 0,
            weapons=tuple(
                w
                for w in (*combatant.weapons, *self._picked_up(carried))
                if w.name not in disarmed and w.name not in let_go and w.name not in lost
            ),
            locked_weapons=frozenset(locked),
            disarmed_weapons=frozenset(disarmed),
            holding_drops_on=holding,
            dice_given=tuple(
                (resource[len(GIVEN) :], dice)
                for resource, dice in spent.items()
                if resource.startswith(GIVEN)
            ),
        )

    def _picked_up(self, carried: list[Taken]) -> list[Weapon]:
        """Others' weapons a combatant picked up, as it holds them: named ``held_as``, after
        its own (R5.1 takes its own weapon for a hand first), wielded as their file says (a
        ``hand: both`` weapon still takes both hands)."""
        encounter: Encounter = self.encounter
        out = []
        for taken in carried:
            weapons = encounter.get(taken.owner).weapons
            weapon = next(w for w in weapons if w.name == taken.weapon)
            out.append(replace(weapon, name=taken.held_as))
        return out


def _cannot_hold(holder: fold.Fighter | None) -> bool:
    """A grappler that is gone, or down or unable to act (R10)."""
    return holder is None or no_action(holder.health, holder.has) is not None


# --- what each applied result changes ----------------------------------------------------


def damage(state: State, target: str, amount: int) -> list[Effect]:
    """Damage dealt, and R10 asleep: "damage above 0 wakes it"."""
    if amount <= 0:
        return []
    effects: list[Effect] = [Damage(target, amount)]
    if state.encounter.get(target).has("asleep"):
        effects.append(ConditionChange(target, remove="asleep"))
    return effects


def acted(name: str | None, extra: bool = False) -> list[Effect]:
    """R11.2: the actor's action this round (``extra`` when a skill or magic granted it)."""
    return [Acted(name, extra)] if name else []


def shock(victim: str, struck: Any) -> list[Effect]:
    """R6.5: a failed shock save: incapacitated for the victim's next d3 actions."""
    if struck is None or not struck.incapacitated_actions:
        return []
    return [ConditionChange(victim, add="incapacitated", actions=struck.incapacitated_actions)]


def freed(locks: Any) -> list[Effect]:
    """Locks given up (seed 001: the locker used the locking weapon's hands)."""
    return [WeaponState(lock.wielder, lock.weapon, "free") for lock in locks]


def attack(result: Any, state: State, extra: bool = False, locks: Any = ()) -> list[Effect]:
    """R5: the attacker's action and the damage each target took."""
    effects = acted(result.attacker, extra) + freed(locks)
    for target in result.targets:
        effects += damage(state, target.name, target.damage)
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


def disarm(result: Any, state: State, extra: bool = False, locks: Any = ()) -> list[Effect]:
    """R8: the attempt is the attacker's action; a resisting victim spends its reaction
    (R8.4) and takes the 2/3/4 damage (R8.3); the weapon ends locked (by whom, with what) or
    disarmed. R8.2: a lock that hits a combatant holding a lock frees the weapon it held,
    "even if the reaction to prevent the pinning ... is successful"."""
    effects = acted(result.attacker, extra) + freed(locks)
    if result.reaction is not None or result.damage_taken:
        effects.append(Reacted(result.victim))
    effects += damage(state, result.victim, result.damage_taken)
    if result.outcome == "locked":
        effects.append(
            WeaponState(
                who=result.victim,
                weapon=result.victim_weapon,
                state="locked",
                by=result.attacker,
                using=result.weapon,
            )
        )
    elif result.outcome == "disarmed":
        effects.append(WeaponState(result.victim, result.victim_weapon, "disarmed"))
    if result.maneuver == "lock" and result.hit:
        effects += [
            WeaponState(lock.wielder, lock.weapon, "free")
            for lock in state.locks
            if lock.locker == result.victim
        ]
    return effects


def drop_weapon(result: Any) -> list[Effect]:
    """R8.2: the locked weapon let go of, with the wielder's reaction."""
    return [Reacted(result.name), WeaponState(result.name, result.weapon, "dropped")]


def perceive(result: Any, state: State) -> list[Effect]:
    """R4.4: "a sleeper who stayed asleep checks again to wake (DC 17)": made, it wakes;
    "once woken, checks for surprise (DC 14)": failed, it is surprised for the rest of the
    round (the next round's start ends it, as R4.3's)."""
    if result.surprise_check:
        return [] if result.success else [ConditionChange(result.name, add="surprised")]
    if state.encounter.get(result.name).has("asleep") and result.success:
        return [ConditionChange(result.name, remove="asleep")]
    return []


def free(result: Any, extra: bool = False) -> list[Effect]:
    """R8.2: this action pays its dice; the weapon is free once 2 are paid. An action with
    dice left over, in that pool or another, may still attack with them (``dice-given``),
    else it is spent (R11.2)."""
    effects: list[Effect] = [
        WeaponState(result.name, result.weapon, "free")
        if result.freed
        else FreeingPaid(result.name, result.weapon, result.sacrificed)
    ]
    if result.attacks_on:
        return [*effects, Spend(result.name, GIVEN + result.pool, result.sacrificed)]
    return effects + acted(result.name, extra)


def sneak(result: Any, state: State, extra: bool = False, locks: Any = ()) -> list[Effect]:
    """R6: the sneak attack's damage and shock; with --drop (R6.6) the damage is held."""
    effects = acted(result.attacker, extra) + freed(locks)
    if result.drop is not None:
        held = result.drop.held_damage
        if held <= 0:  # nothing hit: there is no drop to hold (R6.6)
            return effects
        return [*effects, HeldDrop(result.attacker, result.victim, held)]
    for target in result.targets:
        effects += damage(state, target.name, target.damage)
    return effects + shock(result.victim, result.shock)


def drop(result: Any, state: State, extra: bool = False) -> list[Effect]:
    """R6.6: inflicting held damage ends the drop; the holder inflicts it with its reaction
    (its action when the reaction is spent); a resisting victim spends its reaction; the
    damage may shock (R6.5). ``--holder-damaged``: a failed check breaks the drop."""
    released = DropReleased(result.holder, result.victim)
    if hasattr(result, "broken"):
        return [released] if result.broken else []
    effects: list[Effect] = [released]
    holder_spent = state.encounter.get(result.holder).reaction_used
    # R6.6: "on the next action [or] an available reaction": the reaction when it has one
    effects += acted(result.holder, extra) if holder_spent else [Reacted(result.holder)]
    if result.resists:
        effects.append(Reacted(result.victim))
    effects += damage(state, result.victim, result.damage)
    return effects + shock(result.victim, result.shock)


def competition(result: Any, extra: bool = False) -> list[Effect]:
    """R7.3, R11.2: taking a contested item is the taker's action, and its 10 ft of
    movement (R9.5 "pick up an item 10", R11.3)."""
    if result.item is not None and result.item.taken_by is not None:
        taker = result.item.taken_by
        return [*acted(taker, extra), Spend(taker, "movement", PICK_UP_FT)]
    return []


def movement(result: Any) -> list[Effect]:
    """R11.3: the feet this movement spends (costs of the turn included); R9.5 and R10
    prone: a combatant that paid to stand up is prone no more."""
    effects: list[Effect] = []
    if result.spent_ft:
        effects.append(Spend(result.name, "movement", result.spent_ft))
    if result.stood_up:
        effects.append(ConditionChange(result.name, remove="prone"))
    return effects
