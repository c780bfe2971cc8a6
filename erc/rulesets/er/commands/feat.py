"""``erc feat NAME ATTR --comp N``: a feat or a Preservation save at the table (R14.1)."""

from __future__ import annotations

from erc.core.checks import MAX_MOD, renderer
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.er.rules import feat as rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.checks import Against
    from erc.core.dice import Dice
    from erc.core.session import Loaded


@command(odds=True)
def feat(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who rolls."),
    attribute: str = Argument(
        metavar="ATTR", help="The sub-attribute: strength, agility, resilience, will, ..."
    ),
    comp: int = Option(
        "--comp", metavar="N", min=-1000, max=1000, help="The Comp to reach.", required=True
    ),
    preservation: bool = Option(
        "--preservation",
        help="A Preservation save (R2.2): d20 + the sub-attribute's score, not its modifier.",
    ),
    mod: int = Option(
        "--mod", metavar="N", min=-MAX_MOD, max=MAX_MOD, help="Situational modifier.", default=0
    ),
    advantage: bool = Option("--advantage", help="Two d20, the better (R1.5)."),
    disadvantage: bool = Option("--disadvantage", help="Two d20, the worse (R1.5)."),
) -> Mechanic:
    """A feat (R2.1: d20 + the sub-attribute's modifier) or, with --preservation, a
    Preservation save (R2.2: d20 + its score) against a Comp; a raw 20 succeeds, a raw 1
    fails. Not an action: --apply records it and spends nothing.

    Dice for --rolls, in order: the d20 (two at advantage or disadvantage).
    """
    who = find(loaded.encounter, name)
    attr = rules.attribute_name(attribute)

    def resolve(dice: Dice | None) -> Against:
        return rules.feat(
            dice,
            who,
            attr,
            comp,
            preservation=preservation,
            bonus=mod,
            advantage=advantage,
            disadvantage=disadvantage,
        )

    def odds() -> dict[str, object]:
        from erc.core.odds import against_odds

        return against_odds(resolve(None), sides=20, naturals=True)

    return Mechanic(
        command="feat",
        resolve=resolve,
        render=renderer,
        effects=lambda _result: [],
        odds=odds,
        unresolved=lambda: resolve(None),
    )
