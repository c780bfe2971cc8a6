"""Action points (EL3): what is left, the one check every action makes, and movement's
feet-to-AP conversion (EL3.3, EL13)."""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.model import Combatant

ITEM_COSTS = {
    "pouch": 1,
    "backpack": 3,
    "dig": 6,
    "consumable": 1,
    "magic-object": 4,
}
"""EL3.3: an item from a pouch or bandoleer 1, from a backpack 3, digging through a pack 6;
a consumable 1; a magic object 4 unless the item says otherwise."""
ITEM_AT_LEAST = {"dig": 6, "consumable": 1, "magic-object": 0}
"""EL3.3: the items whose cost ``spend --ap`` may give instead of the table's, and the
least it may be: digging "would take 6 AP or more"; a consumable "will generally take 1
AP. Some items may take longer"; a magic object 4 "unless noted in the item's
description". A pouch (1) and a backpack (3) cost what the chapter says."""
GRAB_AP = 4
SQUEEZE_AP = 4
THROW_AP = 4
PRY_AP = 2
ESCAPE_AP = 2
SOCIAL_AP = 4
"""EL3.3: grab, squeeze, throw 4; pry, escape 2; intimidate, taunt, negotiate 4."""


class ApSpend(Value):
    """``ap``: an action's cost, and the AP left before and after it."""

    name: str
    """Who pays."""
    cost: int
    """The action's cost in AP."""
    before: int
    """AP left this round before it."""
    after: int
    """AP left this round after it."""


def pay(who: Combatant, cost: int, what: str) -> ApSpend:
    """EL3.2: an action needs its whole cost from what is left this round, or it is refused
    (``not-enough-ap``, saying what is left)."""
    left = who.ap_left
    if cost > left:
        spent = f"{who.ap} a round, {who.ap_spent} spent" if who.ap_spent else f"{who.ap} a round"
        raise ErcError(
            "not-enough-ap",
            f"{who.name} has {left} AP left this round ({spent}); {what} costs {cost} AP "
            "(EL3.2: an action needs its whole cost)",
        )
    return ApSpend(who.name, cost, left, left - cost)


def move_ap(ft: int, ft_per_ap: int) -> int:
    """EL3.3: moving costs ceil(feet / ``move_ft_per_ap``) AP."""
    return -(-ft // ft_per_ap)


def ft_for(ap: int, ft_per_ap: int) -> int:
    """EL13: how far ``ap`` AP go."""
    return max(0, ap) * ft_per_ap
