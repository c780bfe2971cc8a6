"""Movement (EL13): feet to AP and back, and standing up after a trip (EL3.3); no dice.

``move`` is the one rule for every action that moves its actor (``movement``, a charge, an
overrun, ``grab --move``): who cannot move (pinned, or holding a pin, EL10.2-3), the feet's
AP, and a prone mover standing up first for ``stand_up_ap`` (EL5.7, EL-P13).
"""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor, cannot_move
from erc.rulesets.elysium.model import Combatant, Settings
from erc.rulesets.elysium.rules.ap import ApSpend, ft_for, move_ap, pay


class Move(Value):
    """What moving ``ft`` feet costs ``name``: ``move_ap`` for the feet (EL3.3) and, when
    it is prone, ``stand_up_ap`` to stand first (``stand_up``; EL-P13)."""

    name: str
    ft: int
    move_ap: int
    stand_up: bool
    stand_up_ap: int

    @property
    def cost(self) -> int:
        return self.move_ap + self.stand_up_ap

    def text(self, doing: str) -> str:
        """``4 AP to run 20 ft + 2 AP to stand up``."""
        said = f"{self.move_ap} AP to {doing} {self.ft} ft"
        return said + (f" + {self.stand_up_ap} AP to stand up" if self.stand_up else "")

    @property
    def notes(self) -> tuple[str, ...]:
        if not self.stand_up:
            return ()
        return (f"{self.name} stands up first: {self.stand_up_ap} AP (stand_up_ap, EL5.7)",)


def move(
    who: Combatant, rules: Settings, ft: int, *, what: str, carrying: str | None = None
) -> Move:
    """EL13, EL3.3: ``ft`` feet cost ceil(ft / ``move_ft_per_ap``) AP; a prone mover stands
    up first (``stand_up_ap``, EL-P13: prone lasts "until the combatant stands up").
    Refused for one who cannot move (EL10.2-3; ``carrying``: the one ``grab --move``
    carries)."""
    stuck = cannot_move(who, carrying=carrying)
    if stuck:
        raise ErcError("cannot-move", f"{who.name} cannot {what}: {stuck}")
    prone = who.has("prone")
    return Move(
        name=who.name,
        ft=ft,
        move_ap=move_ap(ft, rules.move_ft_per_ap),
        stand_up=prone,
        stand_up_ap=rules.stand_up_ap if prone else 0,
    )


def run_up(who: Combatant, rules: Settings, ft: int | None, *, what: str, flag: str) -> Move:
    """EL6.1, EL6.3, EL-P7: a charge or an overrun runs at the defender (``--move-ft
    N``, at least 1 ft: "move the distance between you and the opponent at full speed");
    without a run there is no charge and no +2."""
    if ft is None:
        raise ErcError(
            "bad-option",
            f"{flag} needs --move-ft N: the distance run to the defender (EL-P7)",
        )
    if ft < 1:
        raise ErcError(
            "bad-option",
            f"{flag} needs a run: --move-ft {ft} moves nothing, and {what} without moving earns "
            'no +2 (EL6.1: "move the distance between you and the opponent at full speed"); '
            "give the distance run, at least 1 ft, or attack without " + flag,
        )
    return move(who, rules, ft, what=what)


class Movement(Value):
    """``erc movement`` (``ft``, ``ap_cost``): the feet moved and what they cost;
    ``stand_up``: a prone mover stands first, for ``stand_up_ap`` (EL-P13)."""

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
    go (exclusive, one required, EL-P13), standing up first when prone."""
    if (ft is None) == (ap is None):
        raise ErcError("bad-option", "give --ft N or --ap N (one of them, EL-P13)")
    actor(who, offensive=False, what="a move")
    per = rules.move_ft_per_ap
    if ft is not None:
        moved = move(who, rules, ft, what="move")
        what = f"moving {ft} ft ({moved.text('move')})"
    else:
        assert ap is not None
        standing = move(who, rules, 0, what="move")  # who cannot move; prone: stand first
        if ap < standing.stand_up_ap:
            raise ErcError(
                "not-enough-ap",
                f"{who.name} is prone: standing up alone costs {standing.stand_up_ap} AP "
                f"(stand_up_ap), more than --ap {ap}",
            )
        moved = move(who, rules, ft_for(ap - standing.stand_up_ap, per), what="move")
        what = f"--ap {ap}"
    spend = pay(who, moved.cost, what)
    return Movement(
        name=who.name,
        ft=moved.ft,
        ap_cost=moved.cost,
        move_ap=moved.move_ap,
        stand_up=moved.stand_up,
        stand_up_ap=moved.stand_up_ap,
        ft_per_ap=per,
        ap=spend,
        notes=moved.notes,
    )
