"""``erc show NAME``: a combatant's sheet at the table (SC-P15; no dice, no write)."""

from __future__ import annotations

from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, command
from erc.core.sheet import renderer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.session import Loaded


@command(dice=False, apply=False)
def show(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Whose sheet."),
) -> Mechanic:
    """A combatant's sheet: HP and EX-HP, AC (touch, flat-footed), each weapon's attack
    bonuses and damage, speed, conditions and the actions left this round, as the fight
    stands. No dice, nothing recorded."""
    from erc.rulesets.spellchrome.rules.sheet import sheet

    result = sheet(find(loaded.encounter, name), loaded.state.round)
    return Mechanic("show", lambda _dice: result, renderer, draws=False)
