"""``erc trip ATTACKER DEFENDER`` (EL8), the overrun (EL6.3) and the sidestep's trip (EL6.5)."""

from __future__ import annotations

from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.elysium import events
from erc.rulesets.elysium.commands import MOVE_FT, WEAPON

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.elysium.render.opposed``: imported only for a human table."""
    from erc.rulesets.elysium.render import opposed

    return opposed


@command(odds=True)
def trip(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER"),
    defender: str = Argument(metavar="DEFENDER"),
    weapon: str | None = WEAPON,
    overrun: bool = Option(
        "--overrun", help="A trip at the end of a charge, +2 to Muscle (EL6.3)."
    ),
    move_ft: int | None = MOVE_FT,
    sidestep: bool = Option(
        "--sidestep", help="The free trip (0 AP) after sidestepping a charge (EL6.5)."
    ),
) -> Mechanic:
    """Trip: CUN + weapon skill + MUS + trip bonus against AGI + dodge + athletics + MUS;
    strictly higher, the defender is prone (EL8).

    Dice for --rolls, in order: the attacker's die, then the defender's.
    """
    from erc.rulesets.elysium.rules import trip as rules

    encounter = loaded.encounter
    plan = rules.plan_trip(
        find(encounter, attacker),
        find(encounter, defender),
        encounter.rules,
        weapon=weapon,
        overrun=overrun,
        move_ft=move_ft,
        sidestep=sidestep,
    )

    def odds() -> dict[str, object]:
        from erc.rulesets.elysium.odds.opposed import odds_of

        return odds_of(lambda dice: rules.resolve(dice, plan))

    return Mechanic(
        command="trip",
        resolve=lambda dice: rules.resolve(dice, plan),
        render=renderer,
        effects=events.trip,
        odds=odds,
        unresolved=lambda: rules.unresolved(plan),
    )
