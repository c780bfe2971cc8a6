"""What each er command writes as its ``--json`` ``result`` (``erc schema --output``): the
result classes by command, and the probabilities its ``--odds`` report.

Read only by ``erc schema --output`` (``erc.cli.outputs``, through ``Ruleset.part``); the
odds classes are declarations of the shape ``erc.core.odds.as_odds`` writes, never made.
"""

from __future__ import annotations

from erc.core.checks import AgainstOdds as AgainstOdds
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


class AttackOdds(Value):
    """CONTRACT ``--odds`` of an attack."""

    p_hit: float
    """At least one die hits."""
    expected_damage: float
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


RESULTS: dict[str, tuple[str, ...]] = {
    "roll-init": ("rules.initiative:Initiative",),
    "attack": ("rules.attack:Attack",),
    "sneak": ("rules.sneak:Sneak",),
    "drop": ("rules.drop:Inflicted", "rules.drop:Hold"),
    "competition": ("rules.competition:Competition",),
    "disarm": ("rules.weapon_negation:Disarm",),
    "free": ("rules.weapon_negation:Freeing", "rules.weapon_negation:DroppedWeapon"),
    "movement": ("rules.movement:Movement",),
    "perceive": ("rules.surprise:Awareness",),
    "damage": ("rules.adjust:Adjusted",),
    "heal": ("rules.adjust:Adjusted",),
    "condition": ("rules.adjust:Conditioned",),
    "pick-up": ("rules.adjust:PickedUp",),
    "spend": ("rules.adjust:Spent",),
    "status": ("status:StatusResult",),
    "feat": ("rules.feat:Against",),
    "join": ("commands.join:Joined",),
    "show": ("rules.sheet:Sheet",),
}
"""``command -> ("module:Class", ...)``, modules relative to this package; a command with
several forms lists each (``drop --holder-damaged`` checks the hold)."""
ODDS: dict[str, str] = {
    "attack": "AttackOdds",
    "sneak": "SneakOdds",
    "competition": "CompetitionOdds",
    "disarm": "DisarmOdds",
    "feat": "AgainstOdds",
}
"""``command -> class`` (in this module) of ``result.odds``."""
