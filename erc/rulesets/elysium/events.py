"""Elysium in the journal: its own effect kinds, its tracker (what the fold keeps), and what
each applied result changes.

Every mechanic's result maps to typed effects here (one builder per mechanic); the fold
(``erc.core.fold``) replays them through ``Tracker``. HP never go below 0 (EL4.4) nor above
the maximum; AP spent, the defensive bonus and the offensive mark belong to the round
(``Spend`` resources the fold resets at each new round, EL3.1, EL5.6); MP spent stay spent;
a grab's pin, a feint's bonus (in time this round or the next, EL9), Morale and Agitation
(the worst level, EL11.3), a pinned defender's escape bonus (EL10.4) and weapons disarmed
or taken (EL7) last until something ends them (a weapon on the ground until it is picked
up); a Sidestep's free trip (EL6.5) lasts the round; the Reaction checks' terms (EL2.4)
are those the last ``roll-init`` recorded.
"""

from __future__ import annotations

from erc.core import fold
from erc.core.events import (
    CORE_KINDS,
    TURN_ENDED,
    ConditionChange,
    Damage,
    Effect,
    Heal,
    RoundStart,
    Spend,
    kinds_table,
)
from erc.core.value import replace
from erc.rulesets.elysium.conditions import no_action
from erc.rulesets.elysium.model import AGITATION, MORALE, Combatant, Encounter, Feint, Weapon

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from erc.core.session import Loaded

AP = "ap"
DEFENSIVE = "defensive"
OFFENSIVE = "offensive"


def _tracker(tracker: fold.Tracker) -> Tracker:
    assert isinstance(tracker, Tracker)
    return tracker


def _whole(amount: int, what: str) -> int:
    if amount < 0:
        raise ValueError(f"{what} is a whole amount >= 0")
    return amount


class ElysiumSpend(Spend):
    """``Spend`` as ``erc log`` words Elysium's AP (EL3.1)."""

    def said(self) -> str:
        if self.resource == AP:
            return f"{self.who} spends {self.amount} AP"
        return super().said()


class Offensive(Effect):
    """EL5.6: an offensive action this round (no going on the defensive after it)."""

    kind = "offensive"
    who: str

    def said(self) -> str:
        return f"{self.who} takes an offensive action"

    def apply(self, tracker: fold.Tracker) -> None:
        tracker.spend(self.who, OFFENSIVE, 1)


class Defensive(Effect):
    """EL5.6: ``bonus`` AP spent going on the defensive: +bonus to Defense Rolls this round."""

    kind = "defensive"
    who: str
    bonus: int

    def said(self) -> str:
        return f"{self.who} goes on the defensive (+{self.bonus} to Defense Rolls)"

    def apply(self, tracker: fold.Tracker) -> None:
        tracker.spend(self.who, DEFENSIVE, _whole(self.bonus, "a defensive bonus"))


class MpSpent(Effect):
    """EL12: Mana Points spent casting (they do not come back with the round)."""

    kind = "mp"
    who: str
    amount: int

    def said(self) -> str:
        return f"{self.who} spends {self.amount} MP"

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        t.mp[self.who] = max(0, t.mp[self.who] - _whole(self.amount, "MP spent"))


class Pinned(Effect):
    """EL10.1: ``who`` is pinned ``by`` a grab."""

    kind = "pinned"
    who: str
    by: str

    def said(self) -> str:
        return f"{self.who} is pinned by {self.by}"

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        t.who(self.by)
        if self.who == self.by:
            raise ValueError("a combatant cannot pin itself")
        t.pinned_by[self.who] = self.by


class Released(Effect):
    """EL10.3-4: the pin on ``who`` ends (released, broke free, thrown)."""

    kind = "released"
    who: str

    def said(self) -> str:
        return f"{self.who} is no longer pinned"

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        t.pinned_by.pop(self.who, None)
        t.escape.pop(self.who, None)


class Feinted(Effect):
    """EL9: ``bonus`` owed to ``who``'s next Attack Roll against ``target``; it keeps this
    round and the next (the round is the fold's when the effect is applied)."""

    kind = "feint"
    who: str
    target: str
    bonus: int

    def said(self) -> str:
        return f"{self.who} feints {self.target}: +{self.bonus} to its next Attack Roll against it"

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        t.who(self.target)
        bonus = _whole(self.bonus, "a feint bonus")
        t.feints[self.who].append(Feint(self.target, bonus, t.round))


class FeintUsed(Effect):
    """EL9: the feints ``who`` was owed against ``target`` went into an Attack Roll."""

    kind = "feint-used"
    who: str
    target: str

    def said(self) -> str:
        return f"{self.who} spends its feint against {self.target}"

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        t.feints[self.who] = [f for f in t.feints[self.who] if f.target != self.target]


class Shaken(Effect):
    """EL11.1-3: a Morale (``morale``) or Agitation (``agitation``) level; each table keeps
    its worst level."""

    kind = "shaken"
    who: str
    table: str
    level: int

    def said(self) -> str:
        labels = MORALE if self.table == "morale" else AGITATION
        level = self.level
        label = labels[level - 1] if 1 <= level <= len(labels) else f"level {level}"
        return f"{self.who} is {label} ({self.table.capitalize()}), unless already worse"

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        if self.table not in ("morale", "agitation"):
            raise ValueError(f"unknown table {self.table!r}")
        if not 0 <= self.level <= 5:
            raise ValueError("a level is 0-5")
        levels = t.morale if self.table == "morale" else t.agitation
        levels[self.who] = max(levels.get(self.who, 0), self.level)


class EscapeBonus(Effect):
    """EL10.4: damage a pinned ``who`` dealt its grabber, added to its next Escape or Hold
    check."""

    kind = "escape-bonus"
    who: str
    amount: int

    def said(self) -> str:
        return f"{self.who} gains +{self.amount} on its next Escape or Hold check"

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        t.escape[self.who] = t.escape.get(self.who, 0) + _whole(self.amount, "a bonus")


class EscapeBonusUsed(Effect):
    kind = "escape-bonus-used"
    who: str

    def said(self) -> str:
        return f"{self.who} spends its Escape bonus"

    def apply(self, tracker: fold.Tracker) -> None:
        _tracker(tracker).escape.pop(self.who, None)


class WeaponMoved(Effect):
    """EL7, EL10.3: ``who`` loses ``weapon``: to the ground (``to`` None) or to ``to``."""

    kind = "weapon"
    who: str
    weapon: str
    to: str | None = None

    def said(self) -> str:
        return f"{self.who} loses its {self.weapon}" + (
            f" to {self.to}" if self.to else ", on the ground"
        )

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        if self.to is not None:
            t.who(self.to)
        held = t.held[self.who]
        found = next((w for w in held if w.name == self.weapon), None)
        if found is None:
            raise ValueError(f"{self.who} holds no weapon {self.weapon!r}")
        held.remove(found)
        t.lost[self.who].append(found.name)
        if self.to is not None:
            t.held[self.to].append(found)
        else:
            t.ground[self.who].append(found)


class Sidestepped(Effect):
    """EL6.5: ``who`` (with the Sidestep trump) dodged ``charger``'s charge for no damage:
    one free trip against it, this round."""

    kind = "sidestep"
    who: str
    charger: str

    def said(self) -> str:
        return f"{self.who} sidesteps {self.charger}'s charge: a free trip against it this round"

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        t.who(self.charger)
        t.sidesteps[self.who].append(self.charger)


class SidestepUsed(Effect):
    """EL6.5: ``who`` made its free trip against ``charger``."""

    kind = "sidestep-used"
    who: str
    charger: str

    def said(self) -> str:
        return f"{self.who} makes its free trip against {self.charger}"

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        owed = t.sidesteps[self.who]
        if self.charger not in owed:
            raise ValueError(f"{self.who} is owed no free trip against {self.charger!r}")
        owed.remove(self.charger)


class ReactionCheck(Effect):
    """EL2.4: the terms of ``who``'s Reaction check in the round ``roll-init`` started (its
    die and roll-offs are the round's ``order``); ``initiative: keep`` keeps them."""

    kind = "reaction-check"
    who: str
    parts: Mapping[str, int]

    def said(self) -> str:
        """The round's order already says it, with each total."""
        return ""

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        t.reactions[self.who] = dict(self.parts)


class PickedUp(Effect):
    """EL7, CONTRACT ``erc pick-up``: ``who`` picks its ``weapon`` up from the ground."""

    kind = "picked-up"
    who: str
    weapon: str

    def said(self) -> str:
        return f"{self.who} picks up its {self.weapon}"

    def apply(self, tracker: fold.Tracker) -> None:
        t = _tracker(tracker)
        t.who(self.who)
        ground = t.ground[self.who]
        found = next((w for w in ground if w.name == self.weapon), None)
        if found is None:
            raise ValueError(f"{self.who} has no weapon {self.weapon!r} on the ground")
        ground.remove(found)
        t.lost[self.who].remove(found.name)
        held = t.held[self.who]
        held.append(found)
        own = [w.name for w in t.encounter.get(self.who).weapons]
        held.sort(key=lambda w: own.index(w.name) if w.name in own else len(own))


KINDS = (
    Offensive,
    Defensive,
    MpSpent,
    Pinned,
    Released,
    Feinted,
    FeintUsed,
    Shaken,
    EscapeBonus,
    EscapeBonusUsed,
    WeaponMoved,
    Sidestepped,
    SidestepUsed,
    ReactionCheck,
    PickedUp,
)


class State(fold.State):
    """The Elysium encounter as the journal leaves it."""

    reactions: Mapping[str, Mapping[str, int]] = {}
    """EL2.4: each combatant's Reaction check terms as the last ``roll-init`` recorded."""


def state_of(loaded: Loaded) -> State:
    state = loaded.state
    assert isinstance(state, State)
    return state


class Tracker(fold.Tracker):
    kinds = kinds_table(CORE_KINDS, KINDS, (ElysiumSpend,))

    def __init__(self, encounter: Encounter) -> None:
        super().__init__(encounter)
        combatants = encounter.combatants
        self.hp_max = {c.name: c.hp_max for c in combatants}
        self.mp = {c.name: c.mp for c in combatants}
        self.pinned_by: dict[str, str] = {}
        self.feints: dict[str, list[Feint]] = {c.name: [] for c in combatants}
        self.morale: dict[str, int] = {}
        self.agitation: dict[str, int] = {}
        self.escape: dict[str, int] = {}
        self.held: dict[str, list[Weapon]] = {c.name: list(c.weapons) for c in combatants}
        self.lost: dict[str, list[str]] = {c.name: [] for c in combatants}
        self.ground: dict[str, list[Weapon]] = {c.name: [] for c in combatants}
        self.sidesteps: dict[str, list[str]] = {c.name: [] for c in combatants}
        self.reactions: dict[str, dict[str, int]] = {}

    def end_round(self, fighter: fold.Fighter, ticks: bool) -> None:
        """EL6.5: a Sidestep's free trip is for the round of the charge."""
        self.sidesteps[fighter.name] = []

    def wait(self, fighter: fold.Fighter) -> None:
        """EL-P17: a newcomer whose place was passed acts from the next round: its AP of
        this round are given up."""
        full = next(c.ap for c in self.encounter.combatants if c.name == fighter.name)
        fighter.spent[AP] = max(full, fighter.spent.get(AP, 0))

    def fighter(self, combatant: Combatant) -> fold.Fighter:
        return fold.Fighter(combatant.name, combatant.hp, combatant.conditions)

    def damage(self, name: str, amount: int) -> None:
        """EL4.4: HP go down, never below 0."""
        fighter = self.who(name)
        fighter.health = max(0, fighter.health - _whole(amount, "damage"))

    def heal(self, name: str, amount: int) -> None:
        """HP up to the maximum."""
        fighter = self.who(name)
        fighter.health = min(self.hp_max[name], fighter.health + _whole(amount, "healing"))

    def settle(self) -> None:
        """A grabber that cannot act (down at 0 HP, asleep, unconscious, paralyzed or bound:
        EL4.4 "cannot act or defend", EL-P13) holds no pin: the pin ends, for good."""
        for who, by in list(self.pinned_by.items()):
            grabber = self.fighters.get(by)
            if grabber is None or no_action(grabber.health, grabber.has) is not None:
                del self.pinned_by[who]
                self.escape.pop(who, None)  # as a release (EL10.4: the bonus is the pin's)

    def freeze(self) -> State:
        encounter: Encounter = self.encounter
        fighters, mp, frozen, made = self.fighters, self.mp, self.frozen, self._made
        shared = not (self.pinned_by or self.morale or self.agitation or self.escape)
        combatants = []
        for c in encounter.combatants:
            # the one made before from the same HP, MP, spending and conditions
            # (``fold.Tracker.frozen``), while nothing else of the journal's touches it: a
            # pin, Morale, Agitation, an escape bonus, a feint, a weapon lost or gained, a
            # sidestep
            name = c.name
            if not (
                shared
                and not self.feints[name]
                and not self.lost[name]
                and not self.sidesteps[name]
                and len(self.held[name]) == len(c.weapons)
            ):
                combatants.append(made(c))
                continue
            f = fighters[name]
            key = (name, f.health, mp[name], *f.spent.items())
            if f.conditions:
                from erc.core.kept import condition_terms  # (not the fold's: a key's)

                key += condition_terms(f.conditions.values())
            combatants.append(frozen(c, key, made))
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
            reactions=dict(self.reactions),  # each check's terms: replaced, never changed
        )

    def _made(self, c: Combatant) -> Combatant:
        name = c.name
        fighter = self.fighters[name]
        spent = fighter.spent
        feints = tuple(f for f in self.feints[name] if f.round + 1 >= self.round)  # EL9
        pinning = tuple(n for n, by in self.pinned_by.items() if by == name)
        conditions = self.conditions_of(fighter)
        ended = spent.get(TURN_ENDED, 0) > 0  # EL-P17: the AP left given up
        if (
            not spent
            and not feints
            and not pinning
            and not self.lost[name]
            and not self.sidesteps[name]
            and name not in self.pinned_by
            and name not in self.morale
            and name not in self.agitation
            and name not in self.escape
            and len(self.held[name]) == len(c.weapons)
            and fighter.health == c.hp
            and self.mp[name] == c.mp
            and conditions == c.conditions
        ):
            return c  # untouched by the journal
        return replace(
            c,
            hp=fighter.health,
            mp=self.mp[name],
            conditions=conditions,
            weapons=tuple(self.held[name]),
            ap_spent=c.ap if ended else spent.get(AP, 0),
            turn_ended=ended,
            defensive_bonus=spent.get(DEFENSIVE, 0),
            offensive_taken=spent.get(OFFENSIVE, 0) > 0,
            pinned_by=self.pinned_by.get(name),
            pinning=pinning,
            morale=self.morale.get(name, 0),
            agitation=self.agitation.get(name, 0),
            feints=feints,
            escape_bonus=self.escape.get(name, 0),
            lost_weapons=tuple(self.lost[name]),
            dropped=tuple(self.ground[name]),
            sidestep_trips=tuple(self.sidesteps[name]),
        )


# --- what each applied result changes ----------------------------------------------------


def spent(ap: Any) -> list[Effect]:
    """EL3: the action's AP."""
    return [Spend(ap.name, AP, ap.cost)] if ap.cost else []


def offensive(ap: Any) -> list[Effect]:
    """EL3 and EL5.6: an offensive action's AP and its mark for the round."""
    return [*spent(ap), Offensive(ap.name)]


def damage(target: str, amount: int | None) -> list[Effect]:
    return [Damage(target, amount)] if amount else []


def stood(name: str, stand_up: bool) -> list[Effect]:
    """EL5.7, EL-P13: a prone mover stood up first (movement, charge, overrun,
    ``grab --move``)."""
    return [ConditionChange(name, remove="prone")] if stand_up else []


def attack(result: Any) -> list[Effect]:
    """EL4, EL6: AP and the offensive mark; a prone charger standing; the feint used (EL9);
    the damage; the polearm's counter (EL6.4); the Sidestep's free trip owed (EL6.5);
    damage a pinned attacker dealt its grabber (EL10.4)."""
    effects = offensive(result.ap)
    effects += stood(result.attacker, result.stand_up)
    if result.feint_used:
        effects.append(FeintUsed(result.attacker, result.defender))
    effects += damage(result.defender, result.damage)
    effects += damage(result.attacker, result.counter_damage)
    if result.sidestep_trip:
        effects.append(Sidestepped(result.defender, result.attacker))
    if result.escape_bonus:
        effects.append(EscapeBonus(result.attacker, result.escape_bonus))
    return effects


def roll_init(result: Any) -> list[Effect]:
    """EL3.1: a new round (AP replenished by the fold); the order, its dice and each
    check's terms kept for the house rule ``initiative: keep`` (EL2.4)."""
    order = tuple((p.name, p.roll, tuple(p.tiebreak)) for p in result.order)
    checks: list[Effect] = [ReactionCheck(p.name, dict(p.parts)) for p in result.order]
    return [RoundStart(result.round, (), order), *checks]


def disarm(result: Any) -> list[Effect]:
    """EL7: dropped to the ground, or taken by the attacker."""
    effects = offensive(result.ap)
    if result.outcome == "dropped":
        effects.append(WeaponMoved(result.defender, result.defender_weapon))
    elif result.outcome == "taken":
        effects.append(WeaponMoved(result.defender, result.defender_weapon, result.attacker))
    return effects


def trip(result: Any) -> list[Effect]:
    """EL8: a tripped defender is prone (EL5.7); a prone overrunner stands first; the
    Sidestep's free trip is spent (EL6.5)."""
    effects = offensive(result.ap)
    effects += stood(result.attacker, result.stand_up)
    if result.sidestep:
        effects.append(SidestepUsed(result.attacker, result.defender))
    if result.tripped:
        effects.append(ConditionChange(result.defender, add="prone", by=result.attacker))
    return effects


def feint(result: Any) -> list[Effect]:
    """EL9: the margin, owed to the feinter's next Attack Roll against the opponent."""
    effects = offensive(result.ap)
    if result.bonus:
        effects.append(Feinted(result.attacker, result.defender, result.bonus))
    return effects


def grab(result: Any) -> list[Effect]:
    """EL10: the pin, the damage, the hold broken or released (a mutual pin thrown apart:
    both), the item taken, the escape bonus spent; damage a pinned grabber dealt the one
    pinning it (a counter-grab or squeeze in a mutual pin, EL10.4)."""
    ap = result.ap
    effects = spent(ap) if result.action == "release" else offensive(ap)
    effects += stood(result.attacker, result.stand_up)
    if result.feint_used:
        effects.append(FeintUsed(result.attacker, result.defender))
    if result.outcome == "pinned":
        effects.append(Pinned(result.defender, result.attacker))
    effects += damage(result.defender, result.damage)
    if result.escape_bonus:
        effects.append(EscapeBonus(result.attacker, result.escape_bonus))
    if result.outcome in ("broke-free", "thrown", "released"):
        effects.append(Released(result.defender))
    if result.thrower_released:
        effects.append(Released(result.attacker))
    if result.taken_weapon is not None:
        effects.append(WeaponMoved(result.defender, result.taken_weapon, result.attacker))
    effects += [EscapeBonusUsed(name) for name in result.escape_bonus_used_by]
    return effects


def escape(result: Any) -> list[Effect]:
    """EL10.4: the escape's AP; free, the pin ends; the escape bonus spent on Escape."""
    effects = spent(result.ap)
    if result.outcome == "broke-free":
        effects.append(Released(result.name))
    elif result.escape_bonus_used:
        effects.append(EscapeBonusUsed(result.name))
    return effects


def defend(result: Any) -> list[Effect]:
    """EL5.6: N AP for +N to Defense Rolls this round."""
    return [*spent(result.ap), Defensive(result.name, result.bonus)]


def social(result: Any) -> list[Effect]:
    """EL11: intimidate and taunt are offensive (EL5.6) and give a level; negotiate is not."""
    effects = spent(result.ap) if result.action == "negotiate" else offensive(result.ap)
    if result.level is not None and result.table is not None:
        effects.append(Shaken(result.defender, result.table, result.level))
    return effects


def cast(result: Any) -> list[Effect]:
    """EL12: AP, MP, the offensive mark (a damaging spell, EL5.6), the damage."""
    effects = offensive(result.ap)
    effects.append(MpSpent(result.caster, result.mp_cost))
    effects += damage(result.target, result.damage)
    if result.escape_bonus:
        effects.append(EscapeBonus(result.caster, result.escape_bonus))
    return effects


def competition(result: Any) -> list[Effect]:
    """EL10.4: an Escape or Hold check spent a pinned side's escape bonus."""
    return [EscapeBonusUsed(name) for name in result.escape_bonus_used_by]


def movement(result: Any) -> list[Effect]:
    """EL13: the move's AP; standing up ends prone."""
    return [*spent(result.ap), *stood(result.name, result.stand_up)]


def pick_up(result: Any) -> list[Effect]:
    """EL7: the weapon back from the ground, for the AP given."""
    return [*spent(result.ap), PickedUp(result.name, result.weapon)]


def spend(result: Any) -> list[Effect]:
    return [*spent(result.ap), *stood(result.name, result.stand_up)]


def adjust_damage(result: Any) -> list[Effect]:
    return damage(result.name, result.dealt)


def adjust_heal(result: Any) -> list[Effect]:
    return [Heal(result.name, result.health_change)] if result.health_change else []


def condition(result: Any) -> list[Effect]:
    effects: list[Effect] = [
        ConditionChange(result.name, add=c, by=result.by, rounds=result.rounds)
        for c in result.added
    ]
    effects += [ConditionChange(result.name, remove=c) for c in result.removed]
    return effects
