"""The Enchanted Realms combat model every mechanic reads: combatants, weapons, settings.

The fields a file gives are declared once, in ``erc.rulesets.er.format``: ``make model``
writes them into the marked part of this module (with the closed sets of ``sets.py`` as
types for the type checker), and writes ``from_file.py``, which builds the model from a
validated file. The rest of this module adds the rules' methods and the journal's state,
folded in by ``erc.rulesets.er.events``; frozen, plain data.
"""

from __future__ import annotations

from erc.core.model import Condition
from erc.core.text import folded
from erc.core.value import Value
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
    from typing import ClassVar


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


# --- Written from format.py by `make model`: do not edit. ----------------------------
if TYPE_CHECKING:  # the format's closed sets, as types
    from collections.abc import Mapping
    from typing import Literal

    Armor = Literal["heavy", "light", "medium", "none"]
    ConditionName = Literal[
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
    ]
    Hand = Literal["both", "off", "primary"]
    Kind = Literal["melee", "ranged", "savage"]
    Size = Literal["colossal", "giant", "huge", "large", "medium", "small", "tiny"]
    Style = Literal["archery", "bludgeoning", "cleaving", "hurling", "polearms", "slashing"]
    Weight = Literal["heavy", "light", "medium"]


class WeaponFields(Value):
    """A weapon; one that is not ranged needs a weight."""

    name: str
    """What `--with` names (two of one name: a check warning)."""
    kind: Kind
    """melee (Strength score on the dice), ranged (Agility score) or savage (claws, tail: the
    savage pool).
    """
    damage_type: str
    """Any text (edged, piercing, blunt, fire, ...), matched against the target's resist,
    immune and vulnerable.
    """
    weight: Weight | None = None
    """light, medium or heavy: +0, +1, +2 damage per strike that hits (R5.4). Required unless
    the weapon is ranged (a ranged weapon counts 0 without).
    """
    hand: Hand | None = None
    """primary, off or both (a bow: no off-hand strike); a weapon with a hand is in hand for
    initiative (R3.1).
    """
    properties: frozenset[str] = frozenset()
    """Open labels: light, reach (sneak attacks, R6.4), mechanical and ammo (not usable while
    bound), and any others.
    """
    sneak: bool = False
    """true: usable for a sneak attack though neither ranged, light nor reach (R6.4). Default
    false.
    """


class CombatantFields(Value):
    """A combatant, or with `count` a group of alike ones."""

    name: str
    """What the command line calls the combatant (case-insensitively; a unique prefix is
    enough). Unique in the file ignoring case, counted after `count` numbers a group; no
    control or invisible characters, no spaces at either end.
    """
    ac: int
    """Each attack die that reaches it hits (R5.2); a raw 20 always hits, a raw 1 always
    misses.
    """
    body_max: int
    """Maximum Body: the hit points."""
    body: int
    """The Body now, when not full: 0 (down) up to `body`. Default `body`."""
    side: str = ""
    """Any label; combatants on one side are allies, and the fight is over when fewer than two
    sides have a standing combatant. Default "" (no side: nobody's ally, a side of its own).
    """
    species: str | None = None
    """Any text; the species of R9.1 (human, dwarf, elf, gnome, nhoblit, jzaka, batfolk,
    jen'esse, sub-orc, equirda) give the movement rate, another needs `speed`. A nhoblit
    entering a hostile's space competes at advantage (R7.2).
    """
    speed: int | None = None
    """The movement rate in ft, over the species' (R9.1)."""
    size: Size = "medium"
    """Large, huge, giant, colossal: +1 to +4 on its attack dice, and on ranged dice against it
    (R5.3). Default medium.
    """
    scores: Mapping[str, int] = {}
    """Sub-attribute scores; a missing one is 0."""
    modifiers: Mapping[str, int] = {}
    """Explicit sub-attribute modifiers, over the ones the scores give (R1.2: max(0, score // 2
    - 1)).
    """
    initiative: int = 0
    """Other initiative modifiers (skills, magic), added to the d10 (R3.1). Default 0."""
    pools: Mapping[str, int] = {}
    """d20s per pool (R5.1); none by default."""
    styles: frozenset[str] = frozenset()
    """With a crit style (bludgeoning cleaving polearms slashing) and 2+ primary dice, a raw 20
    on a melee attack adds an award d20 (R5.6); archery and hurling are the ranged styles.
    """
    weapons: tuple[Weapon, ...] = ()
    """The combatant's weapons, in order."""
    armor: Armor = "none"
    """none (default), light, medium (-10 ft, -2 initiative) or heavy (-25 ft, -5 initiative)."""
    conditions: tuple[Condition, ...] = ()
    """Conditions at the start (R10): a name, or `{condition: charmed, by: NAME}` for charmed
    and grappled.
    """
    resist: frozenset[str] = frozenset()
    """Damage types halved per strike (R5.5)."""
    immune: frozenset[str] = frozenset()
    """Damage types that deal nothing (R5.5)."""
    vulnerable: frozenset[str] = frozenset()
    """Damage types doubled per strike (R5.5)."""


class Settings(Value):
    """House rules; each key has a documented default."""

    advantage_damage: Literal["d3", "none"] = "d3"
    """d3 (default): an attack at advantage adds d3 damage to each target it hits, at
    disadvantage subtracts it (R1.6); none turns this off.
    """
    initiative: Literal["keep", "reroll"] = "reroll"
    """reroll (default): initiative anew every round; keep: later rounds reuse the dice of the
    last applied roll-init.
    """
    bound_movement: Literal["full", "half"] = "half"
    """half (default): a bound combatant moves at x1/2 (R9.3); full lifts it."""


class EncounterFields(Value):
    """An Enchanted Realms encounter."""

    combatants: tuple[Combatant, ...]
    """Everyone in the fight, in file order (the order of roll-init's dice)."""
    name: str = ""
    """The encounter's title. Default ""."""
    rules: Settings = Settings()
    """Settings that change a documented default."""


# --- End of the part written from format.py. ------------------------------------------


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
