"""Ability checks at the table (SC-P15): ``erc ability NAME ABILITY
--dc N``: d20 + the ability's modifier (SC1.1) against a DC, a success when the total is at
least the DC. A natural 1 or 20 decides nothing on a check (SC5.1 is for attack rolls). Who
cannot act (SC1.4) fails with no die (``no_roll``). It takes no action."""

from __future__ import annotations

from erc.core.checks import Against, against
from erc.core.dice import Dice
from erc.core.errors import ErcError, did_you_mean
from erc.rulesets.spellchrome.conditions import cannot_act
from erc.rulesets.spellchrome.model import ABILITIES, Combatant


def ability_name(text: str) -> str:
    """An ability by name or a unique prefix (SC-P4: strength and dexterity only)."""
    wanted = text.strip().casefold()
    found = [a for a in ABILITIES if wanted and a.startswith(wanted)]
    if wanted in ABILITIES:
        return wanted
    if len(found) == 1:
        return found[0]
    raise ErcError(
        "bad-option",
        f"no ability called {text!r}{did_you_mean(wanted, ABILITIES)}; "
        f"Spellchrome checks one of: {', '.join(ABILITIES)}",
    )


def ability_check(
    dice: Dice | None, who: Combatant, ability: str, dc: int, *, bonus: int = 0
) -> Against:
    """SC-P15: d20 + the ability's modifier (+ ``bonus``) against ``dc``; ``dice`` None:
    nothing drawn (``--odds`` alone)."""
    parts = {f"{ability} modifier": who.mod(ability)}
    if bonus:
        parts["mod"] = bonus
    return against(
        dice,
        name=who.name,
        check=f"{ability} check",
        parts=parts,
        target=dc,
        target_name="DC",
        naturals=False,
        no_roll=cannot_act(who),
    )
