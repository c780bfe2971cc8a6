"""The combat model every mechanic reads: combatants, weapons and house rules.

Built by the encounter loader from a validated file; frozen, plain data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Literal


SUB_ATTRIBUTES = (
    "strength",
    "agility",
    "resilience",
    "logic",
    "perception",
    "judgment",
    "will",
    "faith",
    "muse",
)
SIZES = ("tiny", "small", "medium", "large", "huge", "giant", "colossal")
ARMORS = ("none", "light", "medium", "heavy")
WEAPON_KINDS = ("melee", "ranged", "savage")
WEIGHTS = ("light", "medium", "heavy")
HANDS = ("primary", "off", "both")
STYLES = ("archery", "hurling", "bludgeoning", "cleaving", "polearms", "slashing")
CRIT_STYLES = frozenset({"bludgeoning", "cleaving", "polearms", "slashing"})
POOLS = ("primary", "off", "savage")
CONDITIONS = (
    "asleep",
    "blind",
    "bound",
    "charmed",
    "deaf",
    "grappled",
    "incapacitated",
    "paralyzed",
    "petrified",
    "prone",
    "stunned",
    "unconscious",
)
NO_ACTION = ("surprised", "asleep", "unconscious", "paralyzed", "petrified", "incapacitated")
"""Conditions under which a combatant takes no action this round (R4.3, R6.5; R9.7)."""
MAX_SKILL_DICE = 5
"""R1.4: a skill pool holds at most 5 dice."""

if TYPE_CHECKING:  # type aliases for annotations only
    Size = Literal["tiny", "small", "medium", "large", "huge", "giant", "colossal"]
    Armor = Literal["none", "light", "medium", "heavy"]
    Kind = Literal["melee", "ranged", "savage"]
    Weight = Literal["light", "medium", "heavy"]
    Hand = Literal["primary", "off", "both"]
    PoolName = Literal["primary", "off", "savage"]

WEIGHT_DAMAGE = {"light": 0, "medium": 1, "heavy": 2}
"""seed 000: "light weapon have a zero weight value ... medium +1 ... heavy adds +2"."""


def size_modifier(size: str) -> int:
    """seed 000: "Large creatures gain +1 ... Huge +2 ... Giant +3, and colossal +4".

    The same scale gives the ranged bonus against a large target; medium or smaller is 0.
    """
    return max(0, SIZES.index(size) - SIZES.index("medium"))


def derived_modifier(score: int) -> int:
    """R1.2: ``max(0, score // 2 - 1)``; Strength 4 gives +1 (seed 000)."""
    return max(0, score // 2 - 1)


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str
    kind: Kind
    damage_type: str
    weight: Weight | None = None
    hand: Hand | None = None
    properties: frozenset[str] = frozenset()
    sneak: bool = False

    @property
    def weight_damage(self) -> int:
        """R5.4: light 0, medium 1, heavy 2; a ranged weapon counts 0 unless it gives one."""
        return WEIGHT_DAMAGE[self.weight] if self.weight else 0

    @property
    def ranged(self) -> bool:
        return self.kind == "ranged"


SAVAGE_BODY_WEAPON = Weapon(name="body weapon", kind="savage", damage_type="blunt")
"""R5.1: a savage pool with no savage weapon strikes with the body: weight 0, blunt."""


@dataclass(frozen=True, slots=True)
class Combatant:
    name: str
    ac: int
    body_max: int
    body: int
    side: str = ""
    species: str | None = None
    speed: int | None = None
    size: Size = "medium"
    scores: dict[str, int] = field(default_factory=dict)
    modifiers: dict[str, int] = field(default_factory=dict)
    initiative: int = 0
    pools: dict[str, int] = field(default_factory=dict)
    styles: frozenset[str] = frozenset()
    weapons: tuple[Weapon, ...] = ()
    armor: Armor = "none"
    conditions: frozenset[str] = frozenset()
    resist: frozenset[str] = frozenset()
    immune: frozenset[str] = frozenset()
    vulnerable: frozenset[str] = frozenset()
    reaction_used: bool = False
    """Whether its one reaction this round is spent (chapter 000 "Reactions"; journal state)."""
    locked_weapons: frozenset[str] = frozenset()
    """Names of its weapons held in a weapon lock (R8.2; journal state)."""

    def score(self, attribute: str) -> int:
        """A sub-attribute score; a missing score is 0."""
        return self.scores.get(attribute, 0)

    def mod(self, attribute: str) -> int:
        """A sub-attribute modifier: the file's, else derived from the score (R1.2)."""
        if attribute in self.modifiers:
            return self.modifiers[attribute]
        return derived_modifier(self.score(attribute))

    def pool(self, name: str) -> int:
        return self.pools.get(name, 0)

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    def cannot_act(self) -> str | None:
        """Why it can take no action now (a condition, or ``down`` at 0 Body), else None."""
        if self.body <= 0:
            return "down (0 Body)"
        return next((c for c in NO_ACTION if c in self.conditions), None)

    def weapon(self, name: str) -> Weapon | None:
        """The weapon called ``name`` (case-insensitive), or None."""
        folded = name.casefold()
        for weapon in self.weapons:
            if weapon.name.casefold() == folded:
                return weapon
        return None

    def weapon_in_hand(self, hand: str) -> Weapon | None:
        for weapon in self.weapons:
            if weapon.hand == hand or (hand == "primary" and weapon.hand == "both"):
                return weapon
        return None

    def primary_weapon(self) -> Weapon | None:
        """R5.1: the weapon with ``hand: primary`` (or both hands), else the first weapon."""
        return self.weapon_in_hand("primary") or (self.weapons[0] if self.weapons else None)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """RULES.md "House rules": documented defaults an encounter's ``rules:`` may change."""

    advantage_damage: Literal["d3", "none"] = "d3"
    initiative: Literal["reroll", "keep"] = "reroll"
    bound_movement: Literal["half", "full"] = "half"

    def as_dict(self) -> dict[str, str]:
        return {
            "advantage_damage": self.advantage_damage,
            "initiative": self.initiative,
            "bound_movement": self.bound_movement,
        }


@dataclass(frozen=True, slots=True)
class Encounter:
    combatants: tuple[Combatant, ...]
    name: str = ""
    rules: HouseRules = HouseRules()
    path: str | None = None

    def get(self, name: str) -> Combatant:
        """The combatant with exactly this (already resolved) name."""
        for combatant in self.combatants:
            if combatant.name == name:
                return combatant
        raise KeyError(name)
