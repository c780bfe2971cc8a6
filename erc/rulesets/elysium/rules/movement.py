"""Movement (EL13): feet to AP and back, standing up after a trip (EL3.3); no dice."""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor, cannot_move
from erc.rulesets.elysium.model import Combatant, Settings
from erc.rulesets.elysium.rules.ap import ApSpend, ft_for, move_ap, pay


class Movement(Value):
    """``erc movement`` (EL Part 2: ``ft``, ``ap_cost``): the feet moved and what they cost;
    ``stand_up``: a prone mover stands first, for ``stand_up_ap`` (EL Part 3.13)."""

    name: str
    ft: int
    ap_cost: int
    move_ap: int
    stand_up: bool
    stand_up_ap: int
    ft_per_ap: int
    ap: ApSpend
    notes: tuple[str, ...]


def plan_movement(
    who: Combatant, rules: Settings, *, ft: int | None = None, ap: int | None = None
) -> Movement:
    """EL13: ``--ft N`` costs ceil(N / ``move_ft_per_ap``) AP; ``--ap N`` says how far N AP
    go (exclusive, one required, EL Part 3.13). A pinned combatant cannot move."""
    if (ft is None) == (ap is None):
        raise ErcError("bad-option", "give --ft N or --ap N (one of them, EL Part 3.13)")
    actor(who, offensive=False, what="a move")
    stuck = cannot_move(who)
    if stuck:
        raise ErcError("cannot-move", f"{who.name} cannot move: {stuck}")
    prone = who.has("prone")
    standing = rules.stand_up_ap if prone else 0
    per = rules.move_ft_per_ap
    if ft is not None:
        moving = move_ap(ft, per)
        cost = moving + standing
        what = f"moving {ft} ft ({moving} AP" + (f" + {standing} to stand up)" if prone else ")")
        feet = ft
    else:
        assert ap is not None
        if ap < standing:
            raise ErcError(
                "not-enough-ap",
                f"{who.name} is prone: standing up alone costs {standing} AP (stand_up_ap), "
                f"more than --ap {ap}",
            )
        moving = ap - standing
        feet = ft_for(moving, per)
        cost = ap
        what = f"--ap {ap}"
    spend = pay(who, cost, what)
    notes = []
    if prone:
        notes.append(f"{who.name} stands up first: {standing} AP (stand_up_ap)")
    return Movement(who.name, feet, cost, moving, prone, standing, per, spend, tuple(notes))
