"""``erc disarm ATTACKER DEFENDER`` (EL7)."""

from __future__ import annotations

from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.elysium import events
from erc.rulesets.elysium.commands import WEAPON

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.elysium.render.opposed``: imported only for a human table."""
    from erc.rulesets.elysium.render import opposed

    return opposed


@command(odds=True)
def disarm(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER"),
    defender: str = Argument(metavar="DEFENDER"),
    weapon: str | None = WEAPON,
    target: str | None = Option(
        "--victim-weapon",
        metavar="WEAPON",
        help="The defender's weapon to disarm (default: its first manufactured one).",
    ),
    take: bool = Option(
        "--take", help="Hand-to-hand: grab the weapon away instead of dropping it."
    ),
) -> Mechanic:
    """Disarm: CUN + weapon skill + MUS + disarm bonus against the defender's CUN + weapon
    skill + MUS + disarm resistance; strictly higher, the weapon drops (EL7).

    Dice for --rolls, in order: the attacker's die, then the defender's.
    """
    from erc.rulesets.elysium.rules import disarm as rules

    encounter = loaded.encounter
    plan = rules.plan_disarm(
        find(encounter, attacker),
        find(encounter, defender),
        encounter.rules,
        weapon=weapon,
        target=target,
        take=take,
    )

    def odds() -> dict[str, object]:
        from erc.rulesets.elysium.odds.opposed import disarm_odds

        return disarm_odds(lambda dice: rules.resolve(dice, plan))

    return Mechanic(
        command="disarm",
        resolve=lambda dice: rules.resolve(dice, plan),
        render=renderer,
        effects=events.disarm,
        odds=odds,
        unresolved=lambda: rules.unresolved(plan),
    )
