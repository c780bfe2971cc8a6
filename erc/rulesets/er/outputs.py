"""What each er command writes as its ``--json`` ``result`` (``erc schema --output``): the
result classes by command, and the probabilities its ``--odds`` report.

Read only by ``erc schema --output`` (``erc.cli.outputs``, through ``Ruleset.outputs``); the
odds classes are declarations of the shape ``erc.core.odds.as_odds`` writes, never made.
"""

from __future__ import annotations

from erc.core.checks import Against, AgainstOdds as AgainstOdds
from erc.core.sheet import Sheet
from erc.core.value import Value
from erc.rulesets.er.commands.join import Joined
from erc.rulesets.er.rules.adjust import Adjusted, Conditioned, PickedUp, Spent
from erc.rulesets.er.rules.attack import Attack
from erc.rulesets.er.rules.competition import Competition
from erc.rulesets.er.rules.drop import Hold, Inflicted
from erc.rulesets.er.rules.initiative import Initiative
from erc.rulesets.er.rules.movement import Movement
from erc.rulesets.er.rules.sneak import Sneak
from erc.rulesets.er.rules.surprise import Awareness
from erc.rulesets.er.rules.weapon_negation import Disarm, DroppedWeapon, Freeing
from erc.rulesets.er.status import StatusResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


class AttackOdds(Value):
    """CONTRACT ``--odds`` of an attack."""

    p_hit: float
    """At least one die hits."""
    expected_damage: float
    """The mean damage dealt (over ``distribution``)."""
    distribution: Mapping[int, float]
    """Damage dealt (the key) -> its probability."""


class SneakOdds(AttackOdds):
    """A sneak attack's odds: the attack's, and the sneak die and the shock."""

    p_sneak_die: float
    """The victim misses its second check: the sneak die stays."""
    p_shock: float
    p_incapacitated: float


class CompetitionOdds(Value):
    p_win_a: float
    p_win_b: float
    p_tie: float


class DisarmOdds(Value):
    p_hit: float
    p_success: float
    """The weapon ends locked or disarmed."""


RESULTS: dict[str, tuple[type, ...]] = {
    "roll-init": (Initiative,),
    "attack": (Attack,),
    "sneak": (Sneak,),
    "drop": (Inflicted, Hold),
    "competition": (Competition,),
    "disarm": (Disarm,),
    "free": (Freeing, DroppedWeapon),
    "movement": (Movement,),
    "perceive": (Awareness,),
    "damage": (Adjusted,),
    "heal": (Adjusted,),
    "condition": (Conditioned,),
    "pick-up": (PickedUp,),
    "spend": (Spent,),
    "status": (StatusResult,),
    "feat": (Against,),
    "join": (Joined,),
    "show": (Sheet,),
}
"""``command -> (result class, ...)``; a command with several forms lists each
(``drop --holder-damaged`` checks the hold)."""
ODDS: dict[str, type] = {
    "attack": AttackOdds,
    "sneak": SneakOdds,
    "competition": CompetitionOdds,
    "disarm": DisarmOdds,
    "feat": AgainstOdds,
}
"""``command -> class`` of ``result.odds``."""
