"""Generated from ``erc/rulesets/spellchrome/format.py`` by ``make model``: do not edit.

The model's fields that an encounter file gives; ``model.py`` adds the rules' methods
and the journal's state."""

from __future__ import annotations

from erc.core.model import Condition
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Literal

    from erc.rulesets.spellchrome.model import Armor, Combatant, Shield, Weapon


class ArmorFields(Value):
    """Worn armour (SC5, SC8): AC, damage reduction, Extraordinary HP, when empowered."""

    name: str = "armour"
    """Shown in results. Default "armour"."""
    bonus: int = 0
    """Added to AC (SC5.1)."""
    dr: str | None = None
    """Taken off every hit: a number, or a dice expression (`d6`) rolled at the first hit of a
    round and kept for the round (SC8.1).
    """
    ex_hp: int = 0
    """Absorbed before HP (SC8.3). Default 0."""
    empowered: bool = True
    """false: Spellchrome armour without power gives no bonus, DR or EX-HP (SC5.2). Default
    true.
    """


class ShieldFields(Value):
    """A shield: its bonus adds to armour's (SC5.1)."""

    name: str = "shield"
    """Shown in results. Default "shield"."""
    bonus: int = 0
    """Added to AC (SC5.1)."""


class WeaponFields(Value):
    """A weapon; ranged and thrown weapons have a range band, melee ones none (SC4.5, SC7)."""

    name: str
    """What `--with` names; the first listed is the default."""
    kind: Literal["melee", "ranged", "thrown"]
    """melee (Strength; adjacent only), ranged (Dexterity) or thrown (Dexterity to hit,
    Strength on damage) (SC4.3, SC6.2).
    """
    damage: str
    """The damage of a hit: a dice expression (`2d10`, `1d6+1`) or a number (SC6.1)."""
    range: int | None = None
    """The listed range in ft: -6 to hit beyond the effective range, damage halved beyond
    double this too (SC7). Required for ranged and thrown weapons.
    """
    max_range: int | None = None
    """In ft, at least `range`: an attack beyond it is refused (SC7.4)."""
    range_bonus: int = 0
    """Ft added to this weapon's effective range (feats, equipment; SC7.1)."""


class CombatantFields(Value):
    """A combatant, or with ``count`` a group of alike ones."""

    name: str
    """What the command line calls the combatant (case-insensitively; a unique prefix is
    enough). Unique in the file ignoring case, counted after `count` numbers a group; no
    control or invisible characters, no spaces at either end.
    """
    hp_max: int
    """Maximum hit points."""
    hp: int
    """The HP now, when not full: up to `hp`, and below 0 when down (SC6.5). Default `hp`."""
    side: str = ""
    """Any label; combatants on one side are allies, and the fight is over when fewer than two
    sides have a standing combatant. Default "" (no side: nobody's ally, a side of its own).
    """
    scores: Mapping[str, int] = {}
    """Strength and Dexterity scores; default 10 each."""
    modifiers: Mapping[str, int] = {}
    """Explicit modifiers, over the scores' (SC1.1)."""
    bab_melee: tuple[int, ...] = (0,)
    """The melee base attack bonus, or iterative bonuses in order for `--full` (SC4.4). Default
    0.
    """
    bab_ranged: tuple[int, ...] = (0,)
    """The ranged and thrown base attack bonus, or iterative bonuses in order for `--full`.
    Default 0.
    """
    initiative: int = 0
    """Added to d20 + Dexterity modifier (SC2.1). Default 0."""
    speed: int = 30
    """Ft per move action (SC10.2). Default 30."""
    armor: Armor | None = None
    """Worn armour; none by default."""
    shield: Shield | None = None
    """A shield; none by default."""
    natural_armor: int = 0
    """Added to AC, not to touch AC (SC5.1, SC5.4). Default 0."""
    ac_bonus: int = 0
    """Combat Awareness and the like: added to AC, touch and flat-footed AC too. Default 0."""
    range_bonus: int = 0
    """Ft added to every ranged or thrown weapon's effective range (SC7.1)."""
    conditions: tuple[Condition, ...] = ()
    """asleep, bound, paralyzed, unconscious (cannot act, flat-footed) and unaware (flat-
    footed) (SC1.4, SC5.3).
    """
    weapons: tuple[Weapon, ...] = ()
    """The combatant's weapons, in order; no weapon, no attack."""


class Settings(Value):
    """House rules (SC2.4); each key has a documented default."""

    initiative: Literal["keep", "reroll"] = "keep"
    """keep (default): later rounds keep the last applied order, delays included; reroll: roll-
    init anew every round (SC2.4).
    """


class EncounterFields(Value):
    """A Spellchrome encounter."""

    combatants: tuple[Combatant, ...]
    """Everyone in the fight, in file order (the order of roll-init's dice)."""
    name: str = ""
    """The encounter's title. Default ""."""
    rules: Settings = Settings()
    """Settings that change a documented default."""
