"""``erc show NAME``: a combatant's sheet at the table (EL-P16; no dice, no write)."""

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
    """A combatant's sheet: HP, MP, AP left, Dodge and Parry, each weapon's attack terms
    and AP cost, abilities and skills, movement and conditions, as the fight stands. No
    dice, nothing recorded."""
    from erc.rulesets.elysium.rules.sheet import sheet

    enc = loaded.encounter
    result = sheet(find(enc, name), loaded.state.round, enc.rules)
    return Mechanic("show", lambda _dice: result, renderer, draws=False)
