"""A turn's actions (SC1.3), movement (SC10.2) and spells (SC10.1).

- SC1.3: a turn has one move action and one standard action, in either order. Attacking
  and casting a spell are standard actions; a full attack and a double move take both. A
  second standard action in a round is refused (``already-acted``, only with ``--apply``;
  a preview resolves with a note).
- SC10.1: one spell a round, a standard action; a ``--null`` spell takes no action.
- SC10.2: ``speed`` ft (default 30) per move action; ``--double`` spends the standard action
  on a second move. What a move action gives lasts the turn: a later ``movement`` that
  round starts from what is left. Moving more than is left is an error naming the shortfall.
"""

from __future__ import annotations

from collections.abc import Iterable

from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.spellchrome.model import Combatant
from erc.rulesets.spellchrome.rules.range import spell_in_range

ACTIONS = ("standard", "move")


def used(who: Combatant, action: str) -> bool:
    return who.standard_used if action == "standard" else who.move_used


def spent_already(who: Combatant, actions: Iterable[str]) -> str | None:
    """Why ``who`` cannot take ``actions`` this round (SC1.3), or None."""
    taken = [a for a in actions if used(who, a)]
    if not taken:
        return None
    listed = " and ".join(f"its {a} action" for a in taken)
    return (
        f"{who.name} has already used {listed} this round "
        "(SC1.3: one move and one standard action a turn)"
    )


def refuse_or_note(who: Combatant, actions: Iterable[str], *, applying: bool) -> tuple[str, ...]:
    """``already-acted`` with ``--apply``; a note for a preview (the GM may be asking "what
    if")."""
    reason = spent_already(who, actions)
    if reason is None:
        return ()
    if applying:
        raise ErcError("already-acted", reason)
    return (f"{reason}; --apply would be refused (already-acted)",)


class Movement(Value):
    """``erc movement`` (``available_ft``, ``spent_ft``, ``remaining_ft``,
    ``double``)."""

    name: str
    speed: int
    double: bool
    available_ft: int
    """Feet this turn can still cover: what is left, and ``speed`` per action taken now."""
    spent_ft: int
    remaining_ft: int
    moved_before_ft: int
    """Feet already moved this round."""
    actions: tuple[str, ...]
    """The actions this move takes now (``move``; ``standard`` with ``--double``)."""
    notes: tuple[str, ...] = ()


def movement(who: Combatant, ft: int | None, *, double: bool = False) -> Movement:
    """SC10.2: the move action (if not yet taken) and, with ``double``, the standard one,
    each giving ``speed`` ft; ``ft`` (default: all of it) must fit in what is left."""
    if ft is not None and ft < 0:
        raise ErcError("bad-option", f"--ft {ft}: a distance is 0 ft or more")
    take_move = not who.move_used
    granted = who.speed * who.moves
    left = max(0, granted - who.movement_spent)
    actions = (("move",) if take_move else ()) + (("standard",) if double else ())
    available = left + who.speed * len(actions)
    spent = available if ft is None else ft
    if spent > available:
        hint = (
            "; --double spends the standard action on a second move"
            if not double and not who.standard_used
            else _why_no_move(who)
        )
        raise ErcError(
            "not-enough-movement",
            f"{who.name} has {available} ft of movement this turn (speed {who.speed} ft a "
            f"move action, {who.movement_spent} ft moved already); {spent} ft is "
            f"{spent - available} ft short (SC10.2){hint}",
        )
    notes = (f"{who.name} has no movement left this turn",) if available == 0 and who.speed else ()
    return Movement(
        name=who.name,
        speed=who.speed,
        double=double,
        available_ft=available,
        spent_ft=spent,
        remaining_ft=available - spent,
        moved_before_ft=who.movement_spent,
        actions=actions,
        notes=notes,
    )


def _why_no_move(who: Combatant) -> str:
    """What took the move action when it was not moving (issue 30: a full attack, SC4.4)."""
    if not who.move_used or who.moves:
        return ""
    if who.turn_ended:
        return "; its turn ended (erc end-turn), so it moves again next round"
    return (
        "; its move action is spent: a full attack (attack --full) takes both the standard "
        "and the move action (SC4.4), so it moves again next round"
    )


class Cast(Value):
    """``erc cast``: one spell a round (SC10.1)."""

    name: str
    null: bool
    """A spell that takes no action (a null action)."""
    spell: str | None
    range: int | None
    distance: int | None
    actions: tuple[str, ...]
    notes: tuple[str, ...] = ()


def cast(
    who: Combatant,
    *,
    null: bool = False,
    spell: str | None = None,
    spell_range: int | None = None,
    distance: int | None = None,
    applying: bool = False,
) -> Cast:
    """SC10.1: a spell is a standard action, one a round; a null spell takes no action.
    SC7.5: past the spell's range it is refused."""
    spell_in_range(spell_range, distance)
    if null:
        return Cast(
            name=who.name, null=True, spell=spell, range=spell_range, distance=distance, actions=()
        )
    notes: tuple[str, ...] = ()
    if who.spell_cast:
        reason = (
            f'{who.name} has already cast a spell this round (SC10.1: "you can still only '
            'cast one spell per round"; a --null spell takes no action)'
        )
        if applying:
            raise ErcError("already-acted", reason)
        notes = (f"{reason}; --apply would be refused (already-acted)",)
    notes += refuse_or_note(who, ("standard",), applying=applying)
    return Cast(
        name=who.name,
        null=False,
        spell=spell,
        range=spell_range,
        distance=distance,
        actions=("standard",),
        notes=notes,
    )
