"""What each elysium command writes as its ``--json`` ``result`` (``erc schema --output``):
the result classes by command, and the probabilities its ``--odds`` report.

Read only by ``erc schema --output`` (``erc.cli.outputs``, through ``Ruleset.part``); the
odds classes are declarations of the shape ``erc.core.odds.as_odds`` writes, never made.
"""

from __future__ import annotations

from erc.core.checks import AgainstOdds as AgainstOdds
from erc.core.value import Value

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
    p_tie: float
    p_success: float
    """The initiator's action succeeds: it wins."""


class DamageOdds(OpposedOdds):
    """An opposed roll that deals damage: the contract's attack odds too."""

    p_hit: float
    """Damage above 0."""
    expected_damage: float
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


RESULTS: dict[str, tuple[str, ...]] = {
    "roll-init": ("rules.initiative:Initiative",),
    "attack": ("rules.attack:Attack",),
    "sneak": ("rules.attack:Attack",),
    "disarm": ("rules.disarm:Disarm",),
    "trip": ("rules.trip:Trip",),
    "feint": ("rules.feint:FeintResult",),
    "grab": ("rules.grab:Grab",),
    "escape": ("rules.grab:Escape",),
    "defend": ("rules.defend:Defend",),
    "social": ("rules.social:Social",),
    "cast": ("rules.spell:Cast",),
    "competition": ("rules.competition:Competition",),
    "movement": ("rules.movement:Movement",),
    "spend": ("rules.adjust:SpendResult",),
    "pick-up": ("rules.adjust:PickedUp",),
    "damage": ("rules.adjust:HpChange",),
    "heal": ("rules.adjust:HpChange",),
    "condition": ("rules.adjust:ConditionResult",),
    "status": ("status:StatusResult",),
    "skill": ("rules.skill:SkillCheck",),
    "join": ("commands.join:Joined",),
    "show": ("rules.sheet:Sheet",),
}
"""``command -> ("module:Class", ...)``, modules relative to this package."""
ODDS: dict[str, str] = {
    "attack": "AttackOdds",
    "sneak": "AttackOdds",
    "disarm": "DisarmOdds",
    "trip": "OpposedOdds",
    "feint": "OpposedOdds",
    "grab": "DamageOdds",
    "escape": "OpposedOdds",
    "social": "OpposedOdds",
    "cast": "DamageOdds",
    "competition": "CompetitionOdds",
    "skill": "AgainstOdds",
}
"""``command -> class`` (in this module) of ``result.odds``."""
