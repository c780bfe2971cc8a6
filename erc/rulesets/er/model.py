"""The Enchanted Realms combat model every mechanic reads: combatants, weapons, settings.

The fields a file gives are declared once, in ``erc.rulesets.er.format``: ``fields.py`` is
written from it (``make model``), and so is ``from_file.py``, which builds the model from a
validated file. This module adds the rules' methods and the journal's state, folded in by
``erc.rulesets.er.events``; frozen, plain data. The closed sets the format shares are in
``sets.py``.
"""

from __future__ import annotations

from erc.core.model import Condition
from erc.core.text import folded
from erc.core.value import Value
from erc.rulesets.er.fields import (
    CombatantFields,
    EncounterFields,
    Settings as Settings,  # the model adds nothing to it
    WeaponFields,
)
from erc.rulesets.er.sets import (  # the format's, re-exported
    ARMORS as ARMORS,
    CONDITIONS as CONDITIONS,
    HANDS as HANDS,
    MAX_SKILL_DICE as MAX_SKILL_DICE,
    NEEDS_BY as NEEDS_BY,
    SIZES as SIZES,
    STYLES as STYLES,
    WEAPON_KINDS as WEAPON_KINDS,
    WEIGHTS as WEIGHTS,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Literal


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
CRIT_STYLES = frozenset({"bludgeoning", "cleaving", "polearms", "slashing"})
POOLS = ("primary", "off", "savage")

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


class Weapon(WeaponFields):
    @property
    def weight_damage(self) -> int:
        """R5.4: light 0, medium 1, heavy 2; a ranged weapon counts 0 unless it gives one."""
        return WEIGHT_DAMAGE[self.weight] if self.weight else 0

    @property
    def ranged(self) -> bool:
        return self.kind == "ranged"

    def has_property(self, name: str) -> bool:
        return name in {p.casefold() for p in self.properties}


SAVAGE_BODY_WEAPON = Weapon(name="body weapon", kind="savage", damage_type="blunt")
"""R5.1: a savage pool with no savage weapon strikes with the body: weight 0, blunt."""


class Combatant(CombatantFields):
    # The journal's state for this round (R11), folded in by erc.rulesets.er.events:
    reaction_used: bool = False
    """Its one reaction this round is spent (chapter 000 "Reactions")."""
    acted: int = 0
    """Actions taken this round (R11.2)."""
    extra_actions: int = 0
    """Actions beyond the one a round that a skill or magic granted (``--extra-action``)."""
    movement_spent: int = 0
    """Feet of movement spent this round (R11.3)."""
    turn_ended: bool = False
    """It gave up what it had left this round (``erc end-turn``, R14.3)."""
    locked_weapons: frozenset[str] = frozenset()
    """Names of its weapons held in a weapon lock (R8.2)."""
    disarmed_weapons: frozenset[str] = frozenset()
    """Names of its weapons flung away by a disarm and not yet picked up (R8.3, R12.4)."""
    dice_given: tuple[tuple[str, int], ...] = ()
    """``(pool, dice)`` this round's action gave to freeing a locked weapon (R8.2): that
    action attacks with the rest (``pool``)."""
    holding_drops_on: tuple[str, ...] = ()
    """The victims of the drops it holds (R6.6), in the order they were taken."""

    def drop_notes(self, dealt: int) -> tuple[str, ...]:
        """R6.6, R12.1: damage to a drop's holder, from any command, calls for its check."""
        if dealt <= 0:
            return ()
        return tuple(
            f"{self.name} holds the drop on {victim}: damage calls for its R6.6 check "
            f"(erc drop {self.name!r} {victim!r} --holder-damaged body)"
            for victim in self.holding_drops_on
        )

    @property
    def own_action_spent(self) -> bool:
        """R11.2: its one action of the round is spent. An action a skill or magic granted
        beyond it (``--extra-action``) leaves it, whichever of the two came first."""
        return self.acted > self.extra_actions

    def score(self, attribute: str) -> int:
        """A sub-attribute score; a missing score is 0."""
        return self.scores.get(attribute, 0)

    def mod(self, attribute: str) -> int:
        """A sub-attribute modifier: the file's, else derived from the score (R1.2)."""
        if attribute in self.modifiers:
            return self.modifiers[attribute]
        return derived_modifier(self.score(attribute))

    def pool(self, name: str) -> int:
        """The pool's dice for this round's action: the file's, less those it gave to
        freeing a locked weapon (R8.2)."""
        dice = self.pools.get(name, 0)
        for pool, given in self.dice_given:
            if pool == name:
                dice -= given
        return max(0, dice)

    def has(self, condition: str) -> bool:
        for c in self.conditions:  # noqa: SIM110 - a loop is faster; asked often in a fight
            if c.name == condition:
                return True
        return False

    def condition(self, name: str) -> Condition | None:
        return next((c for c in self.conditions if c.name == name), None)

    @property
    def condition_names(self) -> tuple[str, ...]:
        return tuple(sorted({c.name for c in self.conditions}))

    @property
    def held_weapons(self) -> tuple[Weapon, ...]:
        """The weapons it holds: all but those disarmed and lying on the ground."""
        return tuple(w for w in self.weapons if w.name not in self.disarmed_weapons)

    def weapon(self, name: str) -> Weapon | None:
        """The held weapon called ``name`` (case-insensitive), or None."""
        wanted = folded(name)
        return next((w for w in self.held_weapons if folded(w.name) == wanted), None)

    def weapon_in_hand(self, hand: str) -> Weapon | None:
        for weapon in self.held_weapons:
            if weapon.hand == hand or (hand == "primary" and weapon.hand == "both"):
                return weapon
        return None

    def primary_weapon(self) -> Weapon | None:
        """R5.1: the weapon with ``hand: primary`` (or both hands), else the first weapon."""
        held = self.held_weapons
        return self.weapon_in_hand("primary") or (held[0] if held else None)


class Drop(Value):
    """A drop held (R6.6): its damage, and the round it was taken (journal state)."""

    holder: str
    victim: str
    damage: int
    round: int


HouseRules = Settings


class Encounter(EncounterFields):
    ruleset: ClassVar[str] = "er"
    path: str | None = None
    """The file it was read from (none for a file on standard input)."""

    def get(self, name: str) -> Combatant:
        """The combatant with exactly this (already resolved) name."""
        for combatant in self.combatants:
            if combatant.name == name:
                return combatant
        raise KeyError(name)
