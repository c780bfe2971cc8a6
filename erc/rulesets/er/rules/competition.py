"""Competitions (RULES.md R7; seed 000 "Competitions" and "Movement Revisited").

Each side rolls d12 + the modifier of its chosen sub-attribute (R2.4, rolled by
``erc.rulesets.er.rules.checks.competition_roll``); advantage comes from the situation (R7.2) or is
given. A contest for a loose item also asks who has an action left to take it (R7.3).

Set-up (``contender``, ``competition_setup``) is separate from rolling (``contest``,
``compete``) so that ``erc.odds`` computes exact chances from the same set-up.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from erc.core.dice import Dice, Mode
from erc.core.value import Value
from erc.rulesets.er.conditions import cannot_react
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.rules.checks import Side, competition_roll, winner

DEFAULT_ATTRIBUTE = "strength"
"""R7.1: the sub-attribute is each side's choice, "usually Strength or Agility"; Strength
unless ``--attr`` says otherwise."""
NHOBLIT = "nhoblit"

GIVEN_ADVANTAGE = "given (--advantage)"
GIVEN_DISADVANTAGE = "given (--disadvantage)"
OWNER = "defends its space or an item in it (R7.2)"
ENTERING_NHOBLIT = "a nhoblit entering a hostile's space (R7.2)"
BOUND = "bound (R7.2)"


class Entrant(Value):
    """One side as set up before any die: what it rolls with, and why."""

    name: str
    attribute: str
    modifier: int
    advantage: str  # "normal", "advantage" or "disadvantage" (R1.5: they cancel)
    advantage_from: tuple[str, ...]
    disadvantage_from: tuple[str, ...]


class Contender(Value):
    """One side of a competition, set up: the combatant and the situation (not JSON)."""

    who: Combatant
    attribute: str = DEFAULT_ATTRIBUTE
    bonus: int = 0
    advantage_from: tuple[str, ...] = ()
    disadvantage_from: tuple[str, ...] = ()
    has_action: bool = True
    owner: bool = False
    blocked: str | None = None
    """Why it can neither act nor react (R10.1: it does not roll), else None."""
    cannot_take: str | None = None
    """Why, winning a contest for an item, it could not take it: the 10 ft of movement that
    costs (R9.5 "pick up an item 10", R11.3) are not there to spend, else None."""

    @property
    def mode(self) -> Mode:
        """R1.5: advantage cannot be gained twice; advantage and disadvantage cancel."""
        return Mode.of(bool(self.advantage_from), bool(self.disadvantage_from))

    @property
    def modifier(self) -> int:
        return self.who.mod(self.attribute) + self.bonus

    @property
    def contends(self) -> bool:
        """In a contest for an item: a side needs an action to grab it, but an owner
        defends its space without one (seed 000, the potion at person A's feet); one that
        can neither act nor react contends for nothing (R10.1)."""
        return self.blocked is None and (self.has_action or self.owner)

    def entrant(self) -> Entrant:
        return Entrant(
            name=self.who.name,
            attribute=self.attribute,
            modifier=self.modifier,
            advantage=self.mode.value,
            advantage_from=self.advantage_from,
            disadvantage_from=self.disadvantage_from,
        )


def contender(
    who: Combatant,
    attribute: str = DEFAULT_ATTRIBUTE,
    *,
    bonus: int = 0,
    advantage_from: tuple[str, ...] = (),
    disadvantage_from: tuple[str, ...] = (),
    has_action: bool = True,
    owner: bool = False,
    cannot_take: str | None = None,
) -> Contender:
    """A side as set up, its conditions read (R10): bound rolls at disadvantage (R7.2); a
    side that can neither act nor react does not roll; an owner that cannot react has no
    advantage ("while the owner is aware and able to respond", seed 000)."""
    if who.has("bound"):
        disadvantage_from = (*disadvantage_from, BOUND)
    blocked = cannot_react(who)
    if blocked and OWNER in advantage_from:
        advantage_from = tuple(a for a in advantage_from if a != OWNER)
    return Contender(
        who=who,
        attribute=attribute,
        bonus=bonus,
        advantage_from=advantage_from,
        disadvantage_from=disadvantage_from,
        has_action=has_action,
        owner=owner,
        blocked=blocked,
        cannot_take=cannot_take,
    )


def competition_setup(
    a: Combatant,
    b: Combatant,
    *,
    attributes: Mapping[str, str] | None = None,
    advantage: Collection[str] = (),
    disadvantage: Collection[str] = (),
    mods: Mapping[str, int] | None = None,
    owner: str | None = None,
    entering: str | None = None,
    no_action: Collection[str] = (),
    cannot_take: Mapping[str, str] | None = None,
) -> tuple[Contender, Contender]:
    """Both sides of ``erc competition``; every name is a resolved combatant name.

    R7.2: the ``owner`` (defending its space or an item in it) rolls at advantage; a
    nhoblit ``entering`` a hostile's space rolls at advantage (anyone else entering, or
    passing through, rolls an even competition).
    """
    attributes = attributes or {}
    mods = mods or {}
    sides = []
    for who in (a, b):
        ups: list[str] = []
        downs: list[str] = []
        if who.name in advantage:
            ups.append(GIVEN_ADVANTAGE)
        if who.name == owner:
            ups.append(OWNER)
        if who.name == entering and is_nhoblit(who):
            ups.append(ENTERING_NHOBLIT)
        if who.name in disadvantage:
            downs.append(GIVEN_DISADVANTAGE)
        sides.append(
            contender(
                who,
                attributes.get(who.name, DEFAULT_ATTRIBUTE),
                bonus=mods.get(who.name, 0),
                advantage_from=tuple(ups),
                disadvantage_from=tuple(downs),
                has_action=who.name not in no_action,
                owner=who.name == owner,
                cannot_take=(cannot_take or {}).get(who.name),
            )
        )
    return sides[0], sides[1]


def is_nhoblit(who: Combatant) -> bool:
    return (who.species or "").casefold() == NHOBLIT


class Contest(Value):
    """A rolled competition: the winner (None on a tie, R2.4) and both sides in dice order."""

    winner: str | None
    sides: tuple[Side, ...]
    setup: tuple[Entrant, ...]


def contest(dice: Dice, first: Contender, second: Contender) -> Contest:
    """Both sides roll, ``first``'s dice before ``second``'s (CONTRACT "The order of dice")."""
    one = competition_roll(dice, first.who, first.attribute, first.mode, first.bonus)
    two = competition_roll(dice, second.who, second.attribute, second.mode, second.bonus)
    return Contest(winner(one, two), (one, two), (first.entrant(), second.entrant()))


class Item(Value):
    """R7.3: who ends up with the contested item, and why."""

    taken_by: str | None
    note: str


class Competition(Value):
    """The result of ``erc competition`` (CONTRACT: ``winner``, ``sides``)."""

    winner: str | None
    sides: tuple[Side, ...]
    setup: tuple[Entrant, ...]
    contested: bool
    resolved: bool
    item: Item | None = None
    notes: tuple[str, ...] = ()


def is_contested(a: Contender, b: Contender, item: bool) -> bool:
    """Seed 000: "If person A has already taken an action, but person B still had an action
    available, then there is no competition; person B grabs the potion" (unless A owns the
    space the item lies in). R10.1: a side that can neither act nor react does not roll, so
    there is no competition either. Other contests always happen."""
    if a.blocked or b.blocked:
        return False
    return not item or (a.contends and b.contends)


def uncontested_winner(a: Contender, b: Contender, item: bool = True) -> str | None:
    """With no competition: for an item, the side with an action left (and the movement,
    ``cannot_take``) takes it, if there is one; otherwise the side that can act or react
    wins (R10.1, R13.1)."""
    able = [side for side in (a, b) if side.blocked is None]
    if item:
        able = [side for side in able if side.has_action and side.cannot_take is None]
    return able[0].who.name if len(able) == 1 else None


def unresolved(a: Contender, b: Contender, *, item: bool = False) -> Competition:
    """The competition set up, nothing rolled (``--odds`` alone); an item contest that does
    not happen (R7.3) is decided without dice either way."""
    setup = (a.entrant(), b.entrant())
    notes = tuple(
        f"{side.who.name} can neither act nor react ({side.blocked}): it does not roll (R10.1)"
        for side in (a, b)
        if side.blocked
    )
    if not is_contested(a, b, item):
        won = uncontested_winner(a, b, item)
        found = _uncontested_item(a, b, won) if item else None
        return Competition(
            winner=won,
            sides=(),
            setup=setup,
            contested=False,
            resolved=True,
            item=found,
            notes=notes,
        )
    return Competition(
        winner=None, sides=(), setup=setup, contested=True, resolved=False, item=None, notes=notes
    )


def compete(a: Contender, b: Contender, dice: Dice | None, *, item: bool = False) -> Competition:
    """Resolve ``erc competition``: A's dice, then B's. ``dice=None`` sets the contest up
    without rolling it (``unresolved``)."""
    if dice is None or not is_contested(a, b, item):
        return unresolved(a, b, item=item)
    rolled = contest(dice, a, b)
    won = rolled.winner
    setup = (a.entrant(), b.entrant())
    return Competition(
        winner=won,
        sides=rolled.sides,
        setup=setup,
        contested=True,
        resolved=True,
        item=_item(a, b, won) if item else None,
    )


def _uncontested_item(a: Contender, b: Contender, taker: str | None) -> Item:
    idle = [side for side in (a, b) if not side.contends]
    if taker is None:
        if all(side.cannot_take is None for side in (a, b) if side.has_action):
            return Item(None, "no competition: neither side has an action left to take the item")
        why = "; ".join(
            f"{side.who.name} {_no_take(side)}" for side in (a, b) if side.blocked is None
        )
        return Item(None, f"no competition: {why}; the item stays where it lies")
    why = (
        f"cannot act or react ({idle[0].blocked})"
        if idle[0].blocked
        else "has no action left and does not control the item's space"
    )
    return Item(
        taker,
        f"no competition: {idle[0].who.name} {why}; {taker} takes the item (10 ft of movement)",
    )


def _item(a: Contender, b: Contender, won: str | None) -> Item:
    """R7.3: "Winning a contest for an item needs an action left to take it"."""
    if won is None:
        return Item(None, "tie: nothing changes; the item stays where it lies")
    side = a if a.who.name == won else b
    if side.has_action and side.cannot_take is None:
        return Item(won, f"{won} takes the item (10 ft of movement)")
    return Item(None, f"{won} wins but {_no_take(side)}: it stays where it lies")


def _no_take(side: Contender) -> str:
    """Why a side that could win the item would not take it (R7.3, R9.5)."""
    if not side.has_action:
        return "has no action left to take the item"
    return f"cannot take the item ({side.cannot_take})"
