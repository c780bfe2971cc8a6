"""Generated from ``erc/rulesets/er/format.py`` by ``make model``: do not edit.

The model's fields that an encounter file gives; ``model.py`` adds the rules' methods
and the journal's state."""

from __future__ import annotations

from erc.core.model import Condition
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Literal

    from erc.rulesets.er.model import Combatant, Weapon


class WeaponFields(Value):
    """A weapon; one that is not ranged needs a weight."""

    name: str
    """What `--with` names (two of one name: a check warning)."""
    kind: Literal["melee", "ranged", "savage"]
    """melee (Strength score on the dice), ranged (Agility score) or savage (claws, tail: the
    savage pool).
    """
    damage_type: str
    """Any text (edged, piercing, blunt, fire, ...), matched against the target's resist,
    immune and vulnerable.
    """
    weight: Literal["heavy", "light", "medium"] | None = None
    """light, medium or heavy: +0, +1, +2 damage per strike that hits (R5.4). Required unless
    the weapon is ranged (a ranged weapon counts 0 without).
    """
    hand: Literal["both", "off", "primary"] | None = None
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
    """A combatant, or with ``count`` a group of alike ones."""

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
    size: Literal["colossal", "giant", "huge", "large", "medium", "small", "tiny"] = "medium"
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
    armor: Literal["heavy", "light", "medium", "none"] = "none"
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
