"""Spellchrome in the journal: its own effect kinds, its tracker (what the fold keeps), and
what each applied result changes.

- HP may fall below 0 (SC6.5); healing stops at the maximum; Extraordinary HP absorb damage
  first (SC8.3) and do not come back in combat.
- SC8.1: the DR rolled at a defender's first hit of a round (``sc-dr``) applies to every hit
  on it that round; the next ``roll-init --apply`` clears it.
- SC2.4, SC2.5: ``roll-init`` records its whole order (``sc-initiative``, for ``keep``) and a
  delay (``sc-delay``) moves a combatant in the round's order.
- SC1.3, SC10: the actions of the turn are core ``spend`` effects: ``standard``, ``move``,
  ``moved`` (actions spent moving), ``movement`` (ft), ``spell``, ``null-spell``.
"""

from __future__ import annotations

from erc.core import fold
from erc.core.errors import ErcError
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
from erc.rulesets.spellchrome.model import Combatant, Encounter
from erc.rulesets.spellchrome.rules.damage import absorb
from erc.rulesets.spellchrome.rules.initiative import Row, delay_order

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from erc.core.events import Join
    from erc.core.session import Loaded


SPENT_WORDS = {
    "standard": "spends its standard action",
    "move": "spends its move action",
    "moved": "",  # SC10.2: how many move actions went to moving; the actions are said
    "spell": "casts a spell",
    "null-spell": "casts a null spell",
}
"""Spellchrome's resources (SC1.3, SC10) as ``erc log`` says them ("": already said)."""


class SpellchromeSpend(Spend):
    """``Spend`` as ``erc log`` words Spellchrome's resources (``SPENT_WORDS``)."""

    def said(self) -> str:
        words = SPENT_WORDS.get(self.resource)
        if words is None:
            return super().said()
        return words and f"{self.who} {words}"


class DrRolled(Effect):
    """SC8.1: the DR ``value`` rolled at ``target``'s first hit this round."""

    kind = "sc-dr"
    target: str
    value: int

    def said(self) -> str:
        return f"{self.target}'s DR rolls {self.value} this round"

    def apply(self, tracker: fold.Tracker) -> None:
        assert isinstance(tracker, Tracker)
        tracker.who(self.target)
        if self.value < 0:
            raise ValueError("a DR roll is a whole number >= 0")
        tracker.dr[self.target] = self.value


class Delayed(Effect):
    """SC2.5: ``who`` acts immediately after ``after`` this round (``take_place``: in its
    place, as ``after`` cannot act)."""

    kind = "sc-delay"
    who: str
    after: str
    take_place: bool = False

    def said(self) -> str:
        return f"{self.who} delays until after {self.after}" + (
            f", in {self.after}'s place" if self.take_place else ""
        )

    def apply(self, tracker: fold.Tracker) -> None:
        assert isinstance(tracker, Tracker)
        tracker.who(self.who)
        tracker.who(self.after)
        try:
            tracker.order = delay_order(
                tracker.order,
                self.who,
                self.after,
                delays=tracker.delays,
                take_place=self.take_place,
            )
        except ErcError:
            # a wait for one who waits for it, which erc 0.2.0 recorded (it moved the
            # delayer alone): folded as it was then, so such a journal still reads
            try:
                tracker.order = delay_order(
                    tracker.order, self.who, self.after, delays={}, take_place=self.take_place
                )
            except ErcError as error:
                raise ValueError(error.message) from None
        tracker.delays[self.who] = self.after


class InitiativeOrder(Effect):
    """SC2.4: the order a ``roll-init`` recorded, first to last, each ``[name, roll,
    modifier, bonus, total, [roll-off d10s], delayed_after]`` (kept by ``initiative:
    keep``)."""

    kind = "sc-initiative"
    rows: tuple[tuple[str, int, int, int, int, tuple[int, ...], str | None], ...]

    def said(self) -> str:
        """The round's order already says it, with each total."""
        return ""

    def apply(self, tracker: fold.Tracker) -> None:
        assert isinstance(tracker, Tracker)
        rows = tuple(Row(*row) for row in self.rows if row[0] in tracker.fighters)
        tracker.rows = rows
        tracker.delays = {r.name: r.delayed_after for r in rows if r.delayed_after}


class State(fold.State):
    """The Spellchrome encounter as the journal leaves it."""

    dr: Mapping[str, int] = {}
    """SC8.1: each defender's DR rolled this round."""
    delays: Mapping[str, str] = {}
    """SC2.5: who waits for whom in this round's order."""
    initiative: tuple[Row, ...] = ()
    """The last applied ``roll-init``'s order (SC2.4 ``keep``), without later delays."""

    replaced_each_round = fold.State.replaced_each_round | {"dr", "delays", "initiative"}
    """``Tracker.start_round`` clears the DR rolls, the delays and the order's rows."""


def state_of(loaded: Loaded) -> State:
    state = loaded.state
    assert isinstance(state, State)
    return state


class Tracker(fold.Tracker):
    kinds = kinds_table(CORE_KINDS, (DrRolled, Delayed, InitiativeOrder, SpellchromeSpend))

    def __init__(self, encounter: Encounter) -> None:
        super().__init__(encounter)
        self.hp_max = {c.name: c.hp_max for c in encounter.combatants}
        self.dr: dict[str, int] = {}
        self.delays: dict[str, str] = {}
        self.rows: tuple[Row, ...] = ()

    def fighter(self, combatant: Combatant) -> fold.Fighter:
        fighter = fold.Fighter(combatant.name, combatant.hp, combatant.conditions)
        fighter.extra = combatant.ex_hp
        return fighter

    def damage(self, name: str, amount: int) -> None:
        """SC8.3: EX-HP first, then HP, which may fall below 0 (SC6.5)."""
        if amount < 0:
            raise ValueError("damage is a whole amount >= 0")
        fighter = self.who(name)
        absorbed, to_hp = absorb(fighter.extra, amount)
        fighter.extra -= absorbed
        fighter.health -= to_hp

    def heal(self, name: str, amount: int) -> None:
        """HP up to the maximum; EX-HP replenish per hour, not in combat (SC8.3)."""
        if amount < 0:
            raise ValueError("healing is a whole amount >= 0")
        fighter = self.who(name)
        fighter.health = max(fighter.health, min(self.hp_max[name], fighter.health + amount))

    def join(self, effect: Join) -> None:
        """SC-P15: the newcomer's place, and its row kept for ``initiative: keep``."""
        super().join(effect)
        if self.rows:
            row = Row(
                name=effect.who,
                roll=effect.roll,
                modifier=effect.modifier,
                bonus=0,
                total=effect.total,
                tiebreak=effect.tiebreak,
            )
            at = min(effect.place - 1, len(self.rows))
            self.rows = (*self.rows[:at], row, *self.rows[at:])

    def wait(self, fighter: fold.Fighter) -> None:
        """SC-P15: a newcomer whose place was passed acts from the next round: its
        standard and move actions of this one are given up."""
        for resource in ("standard", "move"):
            fighter.spent[resource] = max(1, fighter.spent.get(resource, 0))

    def start_round(self, effect: RoundStart) -> None:
        """A new round: SC8.1's DR rolls are over; the order comes with ``sc-initiative``."""
        super().start_round(effect)
        self.dr.clear()
        self.delays = {}
        self.rows = ()

    def freeze(self) -> State:
        encounter: Encounter = self.encounter
        fighters, dr, frozen, made = self.fighters, self.dr, self.frozen, self._made
        combatants = []
        for c in encounter.combatants:
            # the one made before from the same HP, EX-HP, DR, spending and conditions
            # (``fold.Tracker.frozen``)
            name = c.name
            f = fighters[name]
            key = (
                name,
                f.health,
                f.extra,
                dr.get(name),
                *f.spent.items(),
            )
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
            dr=dict(self.dr),
            delays=dict(self.delays),
            initiative=self.rows,
        )

    def _made(self, combatant: Combatant) -> Combatant:
        fighter = self.fighters[combatant.name]
        spent = fighter.spent
        dr = self.dr.get(combatant.name)
        conditions = self.conditions_of(fighter)
        ended = spent.get(TURN_ENDED, 0) > 0  # SC-P15: standard and move given up
        if (
            not spent
            and dr is None
            and fighter.health == combatant.hp
            and fighter.extra == combatant.ex_hp
            and conditions == combatant.conditions
        ):
            return combatant  # untouched by the journal
        return replace(
            combatant,
            hp=fighter.health,
            ex_hp=fighter.extra,
            conditions=conditions,
            standard_used=spent.get("standard", 0) > 0 or ended,
            move_used=spent.get("move", 0) > 0 or ended,
            turn_ended=ended,
            moves=spent.get("moved", 0),
            movement_spent=spent.get("movement", 0),
            spell_cast=spent.get("spell", 0) > 0,
            null_spells=spent.get("null-spell", 0),
            dr_this_round=dr,
        )


# --- what each applied result changes ----------------------------------------------------


def spend(who: str, actions: tuple[str, ...]) -> list[Effect]:
    return [Spend(who, action) for action in actions]


def attack(result: Any) -> list[Effect]:
    """SC1.3: the actions the attack takes; SC8.1: the DR rolled for the round; the damage
    after DR (the tracker takes it from EX-HP first, SC8.3)."""
    effects = spend(result.attacker, result.actions)
    if result.dr_rolled is not None:
        effects.append(DrRolled(result.target, result.dr_rolled))
    dealt = sum((a.ex_hp_absorbed or 0) + (a.hp_damage or 0) for a in result.attacks)
    if dealt > 0:
        effects.append(Damage(result.target, dealt))
    return effects


def roll_init(result: Any) -> list[Effect]:
    """A new round with its whole order (SC2.4)."""
    order = tuple((p.name, p.roll, tuple(p.tiebreak)) for p in result.order)
    rows = tuple(
        (p.name, p.roll, p.modifier, p.bonus, p.total, tuple(p.tiebreak), p.delayed_after)
        for p in result.order
    )
    return [RoundStart(result.round, (), order), InitiativeOrder(rows)]


def delay(result: Any) -> list[Effect]:
    return [Delayed(result.name, result.delayed_after, result.took_place)]


def movement(result: Any) -> list[Effect]:
    """SC10.2: the actions the move takes, and the feet moved."""
    effects = spend(result.name, result.actions)
    if result.actions:
        effects.append(Spend(result.name, "moved", len(result.actions)))
    if result.spent_ft:
        effects.append(Spend(result.name, "movement", result.spent_ft))
    return effects


def cast(result: Any) -> list[Effect]:
    """SC10.1: a spell is the standard action, one a round; a null spell takes none."""
    if result.null:
        return [Spend(result.name, "null-spell")]
    return [*spend(result.name, result.actions), Spend(result.name, "spell")]


def spent(result: Any) -> list[Effect]:
    return spend(result.name, result.actions)


def damage(result: Any) -> list[Effect]:
    return [Damage(result.name, result.amount)] if result.amount > 0 else []


def heal(result: Any) -> list[Effect]:
    return [Heal(result.name, result.health_change)] if result.health_change > 0 else []


def condition(result: Any) -> list[Effect]:
    effects: list[Effect] = [
        ConditionChange(result.name, add=name, by=result.by, rounds=result.rounds)
        for name in result.added
    ]
    effects += [ConditionChange(result.name, remove=name) for name in result.removed]
    return effects
