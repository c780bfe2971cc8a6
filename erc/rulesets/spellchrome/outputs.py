"""What each spellchrome command writes as its ``--json`` ``result`` (``erc schema
--output``): the result classes by command, and the probabilities its ``--odds`` report.

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
    """The contract's ``--odds`` of an attack (or a sneak attack)."""

    p_hit: float
    """At least one attack roll hits."""
    expected_damage: float
    distribution: Mapping[int, float]
    """HP lost (the key) -> its probability."""


class CompetitionOdds(Value):
    p_win_a: float
    p_win_b: float
    p_tie: float


RESULTS: dict[str, tuple[str, ...]] = {
    "roll-init": ("rules.initiative:Initiative",),
    "delay": ("commands.roll_init:Delay",),
    "attack": ("rules.attack:Attack",),
    "sneak": ("rules.attack:Attack",),
    "competition": ("rules.competition:Competition",),
    "movement": ("rules.actions:Movement",),
    "cast": ("rules.actions:Cast",),
    "spend": ("commands.actions:Spent",),
    "damage": ("rules.adjust:Adjusted",),
    "heal": ("rules.adjust:Adjusted",),
    "condition": ("rules.adjust:Conditioned",),
    "status": ("status:StatusResult",),
    "ability": ("rules.ability:Against",),
    "join": ("commands.join:Joined",),
    "show": ("rules.sheet:Sheet",),
}
"""``command -> ("module:Class", ...)``, modules relative to this package."""
ODDS: dict[str, str] = {
    "attack": "AttackOdds",
    "sneak": "AttackOdds",
    "competition": "CompetitionOdds",
    "ability": "AgainstOdds",
}
"""``command -> class`` (in this module) of ``result.odds``."""
