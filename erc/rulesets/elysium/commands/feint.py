"""``erc feint ATTACKER DEFENDER`` (EL9)."""

from __future__ import annotations

from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, command
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
def feint(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER"),
    defender: str = Argument(metavar="DEFENDER"),
    weapon: str | None = WEAPON,
) -> Mechanic:
    """Feint, for the weapon's AP: Bluff against Discern; strictly higher, the difference
    is added to the next Attack Roll against the defender, this round or the next (EL9).

    Dice for --rolls, in order: the feinter's die, then the defender's.
    """
    from erc.rulesets.elysium.rules import feint as rules

    encounter = loaded.encounter
    plan = rules.plan_feint(
        find(encounter, attacker),
        find(encounter, defender),
        encounter.rules,
        loaded.state.round,
        weapon=weapon,
    )

    def odds() -> dict[str, object]:
        from erc.rulesets.elysium.odds.opposed import odds_of

        return odds_of(lambda dice: rules.resolve(dice, plan))

    return Mechanic(
        command="feint",
        resolve=lambda dice: rules.resolve(dice, plan),
        render=renderer,
        effects=events.feint,
        odds=odds,
        unresolved=lambda: rules.unresolved(plan),
    )
