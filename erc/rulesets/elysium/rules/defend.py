"""Going on the defensive (EL5.6): N AP for +N to every Defense Roll for the rest of the
round, with no offensive action before or after it that round."""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor
from erc.rulesets.elysium.model import Combatant
from erc.rulesets.elysium.rules.ap import ApSpend, pay


class Defend(Value):
    """``erc defend``: ``bonus`` this defend adds, and
    ``defensive_bonus`` the round's whole bonus after it."""

    name: str
    bonus: int
    defensive_bonus: int
    ap: ApSpend
    notes: tuple[str, ...]


def plan_defend(who: Combatant, ap: int) -> Defend:
    """EL5.6: refused after an offensive action this round."""
    actor(who, offensive=False, what="going on the defensive")
    if ap < 1:
        raise ErcError("bad-option", "--ap N: at least 1 AP for +1")
    if who.offensive_taken:
        raise ErcError(
            "offensive-taken",
            f"{who.name} made an offensive action this round, so it cannot go on the "
            'defensive (EL5.6: "Going on the Defensive requires you to make no offensive '
            'actions for that round")',
        )
    spend = pay(who, ap, f"going on the defensive for +{ap}")
    total = who.defensive_bonus + ap
    return Defend(
        name=who.name,
        bonus=ap,
        defensive_bonus=total,
        ap=spend,
        notes=(f"+{total} to {who.name}'s Defense Rolls, and no offensive action, this round",),
    )
