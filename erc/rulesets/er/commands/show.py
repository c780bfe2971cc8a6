"""``erc show NAME``: a combatant's sheet at the table (R14; no dice, no journal write)."""

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
    """A combatant's sheet: AC, Body, each weapon's pool dice and the bonus on every die,
    its damage terms, movement, conditions and what is left this round, as the fight
    stands. No dice, nothing recorded."""
    from erc.core.errors import ErcError
    from erc.rulesets.er.rules.movement import species_rate
    from erc.rulesets.er.rules.sheet import sheet

    who = find(loaded.encounter, name)
    filed = find(loaded.base, who.name)
    try:
        rate = species_rate(who)
    except ErcError as error:  # no rate: the sheet still shows, saying so
        rate = (0, error.message)
    result = sheet(who, filed, loaded.state.round, rate)
    return Mechanic("show", lambda _dice: result, renderer, draws=False)
