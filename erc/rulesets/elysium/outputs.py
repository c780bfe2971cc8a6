"""What each elysium command writes as its ``--json`` ``result`` (``erc schema --output``):
the result classes by command, and the probabilities its ``--odds`` report.

Read only by ``erc schema --output`` (``erc.cli.outputs``, through ``Ruleset.outputs``); the
odds classes are declarations of the shape ``erc.core.odds.as_odds`` writes, never made.
"""

from __future__ import annotations

from erc.core.checks import AgainstOdds as AgainstOdds
from erc.core.sheet import Sheet
from erc.core.value import Value
from erc.rulesets.elysium.commands.join import Joined
from erc.rulesets.elysium.rules.adjust import ConditionResult, HpChange, PickedUp, SpendResult
from erc.rulesets.elysium.rules.attack import Attack
from erc.rulesets.elysium.rules.competition import Competition
from erc.rulesets.elysium.rules.defend import Defend
from erc.rulesets.elysium.rules.disarm import Disarm
from erc.rulesets.elysium.rules.feint import FeintResult
from erc.rulesets.elysium.rules.grab import Escape, Grab
from erc.rulesets.elysium.rules.initiative import Initiative
from erc.rulesets.elysium.rules.movement import Movement
from erc.rulesets.elysium.rules.skill import SkillCheck
from erc.rulesets.elysium.rules.social import Social
from erc.rulesets.elysium.rules.spell import Cast
from erc.rulesets.elysium.rules.trip import Trip
from erc.rulesets.elysium.status import StatusResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


class OpposedOdds(Value):
    """Every opposed roll's odds (``erc.rulesets.elysium.odds.opposed``)."""

    margin_distribution: Mapping[int, float]
    """The margin (initiator minus opponent, the key) -> its probability."""
    p_initiator: float
    """The initiator wins (a strictly higher total)."""
    p_opponent: float
    """The opponent wins (a strictly higher total)."""
    p_tie: float
    """The totals are equal: nobody wins."""
    p_success: float
    """The initiator's action succeeds: it wins."""


class DamageOdds(OpposedOdds):
    """An opposed roll that deals damage: the contract's attack odds too."""

    p_hit: float
    """Damage above 0."""
    expected_damage: float
    """The mean damage dealt (over ``distribution``)."""
    distribution: Mapping[int, float]
    """Damage dealt (the key) -> its probability."""


class AttackOdds(DamageOdds):
    p_counter: float
    """The polearm's counter deals damage (EL6.4)."""


class DisarmOdds(OpposedOdds):
    """The contract's disarm odds (``{p_hit, p_success}``) with the opposed roll's."""

    p_hit: float
    """The disarm roll (its first and only roll) beats the defender's: in Elysium the
    disarm's hit is its success (EL7: "If the attacker's result is greater ... the
    defender's weapon is dropped"), so ``p_hit`` equals ``p_success``."""


class CompetitionOdds(OpposedOdds):
    p_win_a: float
    p_win_b: float


RESULTS: dict[str, tuple[type, ...]] = {
    "roll-init": (Initiative,),
    "attack": (Attack,),
    "sneak": (Attack,),
    "disarm": (Disarm,),
    "trip": (Trip,),
    "feint": (FeintResult,),
    "grab": (Grab,),
    "escape": (Escape,),
    "defend": (Defend,),
    "social": (Social,),
    "cast": (Cast,),
    "competition": (Competition,),
    "movement": (Movement,),
    "spend": (SpendResult,),
    "pick-up": (PickedUp,),
    "damage": (HpChange,),
    "heal": (HpChange,),
    "condition": (ConditionResult,),
    "status": (StatusResult,),
    "skill": (SkillCheck,),
    "join": (Joined,),
    "show": (Sheet,),
}
"""``command -> (result class, ...)``."""
ODDS: dict[str, type] = {
    "attack": AttackOdds,
    "sneak": AttackOdds,
    "disarm": DisarmOdds,
    "trip": OpposedOdds,
    "feint": OpposedOdds,
    "grab": DamageOdds,
    "escape": OpposedOdds,
    "social": OpposedOdds,
    "cast": DamageOdds,
    "competition": CompetitionOdds,
    "skill": AgainstOdds,
}
"""``command -> class`` of ``result.odds``."""
