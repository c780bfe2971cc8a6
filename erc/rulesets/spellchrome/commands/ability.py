"""``erc ability NAME ABILITY --dc N``: an ability check at the table (SC-P15)."""

from __future__ import annotations

from erc.core.checks import MAX_MOD, renderer
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.spellchrome.rules import ability as rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.session import Loaded


@command(odds=True)
def ability(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who rolls."),
    ability_name: str = Argument(metavar="ABILITY", help="strength or dexterity."),
    dc: int = Option(
        "--dc", metavar="N", min=-1000, max=1000, help="The DC to reach.", required=True
    ),
    mod: int = Option(
        "--mod", metavar="N", min=-MAX_MOD, max=MAX_MOD, help="Situational modifier.", default=0
    ),
) -> Mechanic:
    """An ability check: d20 + the ability's modifier against a DC (a natural 1 or 20
    decides nothing on a check). Who cannot act fails with no die. Takes no action:
    --apply records it and spends nothing.

    Dice for --rolls, in order: the d20.
    """
    who = find(loaded.encounter, name)
    which = rules.ability_name(ability_name)

    def odds() -> dict[str, object]:
        from erc.core.odds import against_odds

        setup = rules.ability_check(None, who, which, dc, bonus=mod)
        return against_odds(setup, sides=20, naturals=False)

    return Mechanic(
        command="ability",
        resolve=lambda dice: rules.ability_check(dice, who, which, dc, bonus=mod),
        render=renderer,
        effects=lambda _result: [],
        odds=odds,
        unresolved=lambda: rules.ability_check(None, who, which, dc, bonus=mod),
    )
