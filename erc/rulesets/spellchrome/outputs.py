"""What each spellchrome command writes as its ``--json`` ``result`` (``erc schema
--output``): the result classes by command, and the probabilities its ``--odds`` report.

Read only by ``erc schema --output`` (``erc.cli.outputs``, through ``Ruleset.outputs``); the
odds classes are declarations of the shape ``erc.core.odds.as_odds`` writes, never made.
"""

from __future__ import annotations

from erc.core.checks import Against, AgainstOdds as AgainstOdds
from erc.core.sheet import Sheet
from erc.core.value import Value
from erc.rulesets.spellchrome.commands.actions import Spent
from erc.rulesets.spellchrome.commands.join import Joined
from erc.rulesets.spellchrome.commands.roll_init import Delay
from erc.rulesets.spellchrome.rules.actions import Cast, Movement
from erc.rulesets.spellchrome.rules.adjust import Adjusted, Conditioned
from erc.rulesets.spellchrome.rules.attack import Attack
from erc.rulesets.spellchrome.rules.competition import Competition
from erc.rulesets.spellchrome.rules.initiative import Initiative
from erc.rulesets.spellchrome.status import StatusResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


class AttackOdds(Value):
    """The contract's ``--odds`` of an attack (or a sneak attack)."""

    p_hit: float
    """At least one attack roll hits."""
    expected_damage: float
    """The mean HP lost (over ``distribution``)."""
    distribution: Mapping[int, float]
    """HP lost (the key) -> its probability."""


class CompetitionOdds(Value):
    p_win_a: float
    p_win_b: float
    p_tie: float


RESULTS: dict[str, tuple[type, ...]] = {
    "roll-init": (Initiative,),
    "delay": (Delay,),
    "attack": (Attack,),
    "sneak": (Attack,),
    "competition": (Competition,),
    "movement": (Movement,),
    "cast": (Cast,),
    "spend": (Spent,),
    "damage": (Adjusted,),
    "heal": (Adjusted,),
    "condition": (Conditioned,),
    "status": (StatusResult,),
    "ability": (Against,),
    "join": (Joined,),
    "show": (Sheet,),
}
"""``command -> (result class, ...)``."""
ODDS: dict[str, type] = {
    "attack": AttackOdds,
    "sneak": AttackOdds,
    "competition": CompetitionOdds,
    "ability": AgainstOdds,
}
"""``command -> class`` of ``result.odds``."""
