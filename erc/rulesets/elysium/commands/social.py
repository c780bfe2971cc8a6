"""``erc social intimidate|taunt|negotiate A D`` (EL11)."""

from __future__ import annotations

from enum import StrEnum

from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.elysium import events
from erc.rulesets.elysium.commands import MOD

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.elysium.render.opposed``: imported only for a human table."""
    from erc.rulesets.elysium.render import opposed

    return opposed


class Action(StrEnum):
    intimidate = "intimidate"
    taunt = "taunt"
    negotiate = "negotiate"


@command(odds=True)
def social(
    loaded: Loaded,
    action: Action = Argument(metavar="intimidate|taunt|negotiate"),
    attacker: str = Argument(metavar="A"),
    defender: str = Argument(metavar="D"),
    mod: int = MOD,
    immune: bool = Option(
        "--immune", help="Negotiate: the GM rules D beyond negotiation (refused)."
    ),
) -> Mechanic:
    """4 AP: Intimidate (against Discern with courage: a Morale level), Taunt (against
    Discern with self_control: an Agitation level) or Negotiate (against Discern with
    insight) (EL11).

    Dice for --rolls, in order: A's die, then D's.
    """
    from erc.rulesets.elysium.rules import social as rules

    encounter = loaded.encounter
    plan = rules.plan_social(
        action.value,
        find(encounter, attacker),
        find(encounter, defender),
        encounter.rules,
        mod=mod,
        immune=immune,
    )

    def odds() -> dict[str, object]:
        from erc.rulesets.elysium.odds.opposed import odds_of

        return odds_of(lambda dice: rules.resolve(dice, plan))

    return Mechanic(
        command="social",
        resolve=lambda dice: rules.resolve(dice, plan),
        render=renderer,
        effects=events.social,
        odds=odds,
        unresolved=lambda: rules.unresolved(plan),
    )
