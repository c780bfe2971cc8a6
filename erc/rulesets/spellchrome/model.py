"""The Spellchrome combat model every mechanic reads: combatants, armour, weapons, settings.

The fields a file gives are declared once, in ``erc.rulesets.spellchrome.format``: ``make
model`` writes them into the marked part of this module (with the closed sets of
``sets.py`` as types for the type checker), and writes ``from_file.py``, which builds the
model from a validated file. The rest of this module adds the rules' methods, what the file
gives only through a rule (``ex_hp``), and the journal's state, folded in by
``erc.rulesets.spellchrome.events``; frozen, plain data.
"""

from __future__ import annotations

from erc.core.model import Condition
from erc.core.text import folded
from erc.core.value import Value
from erc.rulesets.spellchrome.sets import (  # the format's, re-exported
    CONDITIONS as CONDITIONS,
    DEFAULT_SPEED as DEFAULT_SPEED,
    INITIATIVE_RULES as INITIATIVE_RULES,
    WEAPON_KINDS as WEAPON_KINDS,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar

ABILITIES = ("strength", "dexterity")
"""SC1.1, SC-P4: only Strength and Dexterity are used."""
DEFAULT_SCORE = 10
"""SC-P4: a missing ability score is 10."""


def ability_modifier(score: int) -> int:
    """SC1.1: ``(score - 10) // 2``: 14 -> +2, 8 -> -1."""
    return (score - 10) // 2


# --- Written from format.py by `make model`: do not edit. ----------------------------
if TYPE_CHECKING:  # the format's closed sets, as types
    from collections.abc import Mapping
    from typing import Literal

    ConditionName = Literal["asleep", "bound", "paralyzed", "unaware", "unconscious"]
    Initiative = Literal["keep", "reroll"]
    Kind = Literal["melee", "ranged", "thrown"]


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
    kind: Kind
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
    """A combatant, or with `count` a group of alike ones."""

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

    initiative: Initiative = "keep"
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


# --- End of the part written from format.py. ------------------------------------------


class Weapon(WeaponFields):
    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    @property
    def adds_strength(self) -> bool:
        """SC6.2: "When you hit with a melee or thrown weapon, add your Strength modifier"."""
        return self.kind in ("melee", "thrown")


class Armor(ArmorFields):
    """Body armour: its bonus, damage reduction (a dice expression or a whole number, as
    text) and Extraordinary HP. Spellchrome armour that is not empowered gives none of them
    (SC5.2)."""


class Shield(ShieldFields):
    """A shield: its bonus combines with armour (SC5.1); it is not Spellchrome armour."""


class Combatant(CombatantFields):
    ex_hp: int = 0
    """Current Extraordinary HP (SC8.3)."""
    # The journal's state for this round, folded in by erc.rulesets.spellchrome.events:
    standard_used: bool = False
    move_used: bool = False
    turn_ended: bool = False
    """It gave up the actions it had left this round (``erc end-turn``, SC-P15)."""
    moves: int = 0
    """Actions this round spent on moving (SC10.2: 1, or 2 with a double move)."""
    movement_spent: int = 0
    """Feet moved this round."""
    spell_cast: bool = False
    """A spell that takes an action was cast this round (SC10.1)."""
    null_spells: int = 0
    dr_this_round: int | None = None
    """The damage reduction rolled at its first hit this round (SC8.1), if any."""

    def score(self, ability: str) -> int:
        return self.scores.get(ability, DEFAULT_SCORE)

    def mod(self, ability: str) -> int:
        """SC1.1: the file's modifier, else ``(score - 10) // 2``."""
        if ability in self.modifiers:
            return self.modifiers[ability]
        return ability_modifier(self.score(ability))

    def has(self, condition: str) -> bool:
        for c in self.conditions:  # noqa: SIM110 - a loop is faster; asked often in a fight
            if c.name == condition:
                return True
        return False

    @property
    def condition_names(self) -> tuple[str, ...]:
        return tuple(sorted({c.name for c in self.conditions}))

    @property
    def working_armor(self) -> Armor | None:
        """The armour when it works: SC5.2, not empowered it gives nothing."""
        return self.armor if self.armor is not None and self.armor.empowered else None

    @property
    def armor_bonus(self) -> int:
        armor = self.working_armor
        return armor.bonus if armor is not None else 0

    @property
    def shield_bonus(self) -> int:
        return self.shield.bonus if self.shield is not None else 0

    @property
    def dr(self) -> str | None:
        armor = self.working_armor
        return armor.dr if armor is not None else None

    @property
    def ex_hp_max(self) -> int:
        armor = self.working_armor
        return armor.ex_hp if armor is not None else 0

    @property
    def down(self) -> bool:
        """SC6.5: at 0 HP or below."""
        return self.hp <= 0

    def bab(self, weapon: Weapon) -> tuple[int, ...]:
        """SC4.3: melee BAB for a melee weapon, ranged BAB for ranged and thrown ones."""
        return self.bab_melee if weapon.melee else self.bab_ranged

    def weapon(self, name: str) -> Weapon | None:
        wanted = folded(name)
        return next((w for w in self.weapons if folded(w.name) == wanted), None)


class Encounter(EncounterFields):
    ruleset: ClassVar[str] = "spellchrome"
    path: str | None = None
    """The file it was read from (none for a file on standard input)."""

    def get(self, name: str) -> Combatant:
        for combatant in self.combatants:
            if combatant.name == name:
                return combatant
        raise KeyError(name)
