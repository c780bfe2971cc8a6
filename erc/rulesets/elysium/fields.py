"""Generated from ``erc/rulesets/elysium/format.py`` by ``make model``: do not edit.

The model's fields that an encounter file gives; ``model.py`` adds the rules' methods
and the journal's state."""

from __future__ import annotations

from erc.core.model import Condition
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Literal

    from erc.rulesets.elysium.model import Combatant, Spell, SpellLevel, Weapon


class WeaponFields(Value):
    """A weapon: its skill, AP cost, damage score and bonuses (EL4-EL8)."""

    name: str
    """What `--with` names; unique for the combatant."""
    skill: str
    """The skill whose ranks it uses (`hand-to-hand`, `whip`, ...; EL4.1)."""
    ap: int
    """AP of an attack, feint, disarm or trip with it (EL3.3)."""
    damage_score: int
    """Added to its attack rolls (EL4.1), not to parries."""
    disarm_bonus: int = 0
    """Added when disarming with it (EL7). Default 0."""
    disarm_resist: int = 0
    """Added when resisting a disarm of it (EL7). Default 0."""
    trip_bonus: int = 0
    """Added when tripping with it (EL8). Default 0."""
    parry_bonus: int = 0
    """Added when parrying with it; may be negative (EL5.3). Default 0."""
    magic: int = 0
    """Added to its attacks less the defender's `mdef`, never negative, and to its parries
    (EL5.4). Default 0.
    """
    polearm: bool = False
    """true: parrying a charge with it deals the negative margin back (EL6.4). Default false."""
    natural: bool = False
    """true: bare hands, claws; cannot be disarmed, and the grab's damage score (EL7, EL10).
    Default false.
    """


class SpellLevelFields(Value):
    """One level of a spell (EL12)."""

    mp: int
    """MP spent casting at this level."""
    bonus: int
    """Added to the Spell Attack at this level."""


class SpellFields(Value):
    """A spell (EL12): Spell Attack = die + school ranks + ability + the level's bonus."""

    name: str
    """What `cast --spell` names; unique for the combatant."""
    school: str
    """The magic school whose ranks (`schools`) it uses."""
    ability: Literal[
        "agility", "courage", "cunning", "endurance", "insight", "muscle", "self_control"
    ]
    """The ability added to its Spell Attack."""
    ap: int
    """AP of casting it (EL3.3)."""
    levels: tuple[SpellLevel, ...]
    """One to five levels of intensity, from 1 (`cast --level N`)."""


class CombatantFields(Value):
    """A combatant, or with ``count`` a group of alike ones."""

    name: str
    """What the command line calls the combatant (case-insensitively; a unique prefix is
    enough). Unique in the file ignoring case, counted after `count` numbers a group; no
    control or invisible characters, no spaces at either end.
    """
    hp_max: int
    """Maximum health points."""
    hp: int
    """The HP now, when not full: 0 (down) up to `hp`. Default `hp`."""
    mp_max: int = 0
    """Maximum magic points. Default 0."""
    mp: int = 0
    """The MP now, when not full: up to `mp`. Default `mp`."""
    ap: int = 6
    """Action points a round (EL3.1; the Speedy Combatant trump: more). Default 6."""
    side: str = ""
    """Any label; combatants on one side are allies, and the fight is over when fewer than two
    sides have a standing combatant. Default "" (no side: nobody's ally, a side of its own).
    """
    abilities: Mapping[str, int] = {}
    """Raw ability numbers; a missing one is 0 (EL1.2)."""
    skills: Mapping[str, int] = {}
    """Skill name -> ranks, an open map (dodge, athletics, bluff, discern, hold, escape,
    intimidate, taunt, negotiate, hand-to-hand, weapon skills); a missing skill is 0, and
    one no action uses is a `check` warning.
    """
    armor_bonus: int = 0
    """Added to Dodge, Parry and spell defence (EL5.2, EL12). Default 0."""
    mdef: int = 0
    """Taken off a magical weapon's bonus (EL5.4); spell defence uses it or the school's ranks,
    the greater (EL12). Default 0.
    """
    trumps: frozenset[str] = frozenset()
    """sidestep (a free trip after dodging a charge), counterattack, focus_casting (cast while
    pinned), speedy_combatant.
    """
    schools: Mapping[str, int] = {}
    """School name -> ranks, for Spell Attacks and spell defence (EL12); one no spell belongs
    to is a `check` warning.
    """
    weapons: tuple[Weapon, ...] = ()
    """The combatant's weapons, in order; the first is the default."""
    spells: tuple[Spell, ...] = ()
    """The spells it can cast (EL12)."""
    initiative: int = 0
    """Added to the Reaction check (EL2.1). Default 0."""
    conditions: tuple[Condition, ...] = ()
    """asleep, bound, paralyzed, unconscious (cannot act, no Defense Roll), unaware (no Defense
    Roll), prone (-4 to defence).
    """


class Settings(Value):
    """House rules; each key has a documented default."""

    die: Literal["d10", "d12", "d20"] = "d10"
    """The die of every roll: d10 (default), d20 or d12 (EL1.1)."""
    initiative: Literal["keep", "reroll"] = "keep"
    """keep (default): later rounds reuse the first round's dice; reroll: Reaction anew every
    round (EL2.4).
    """
    move_ft_per_ap: int = 5
    """Movement: ft per AP (EL3.3, EL13). Default 5."""
    stand_up_ap: int = 2
    """AP to stand up when prone (EL3.3). Default 2."""
    helpless_defense: Literal["none", "static"] = "none"
    """none (default): a helpless defender's defence total is 0; static: its defence without
    the die (EL5.5).
    """


class EncounterFields(Value):
    """An Elysium encounter."""

    combatants: tuple[Combatant, ...]
    """Everyone in the fight, in file order (the order of roll-init's dice)."""
    name: str = ""
    """The encounter's title. Default ""."""
    rules: Settings = Settings()
    """Settings that change a documented default."""
