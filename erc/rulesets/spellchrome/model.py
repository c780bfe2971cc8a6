"""The Spellchrome combat model every mechanic reads: combatants, armour, weapons, settings.

The fields a file gives are declared once, in ``erc.rulesets.spellchrome.format``:
``fields.py`` is written from it (``make model``), and so is ``from_file.py``, which builds
the model from a validated file. This module adds the rules' methods, what the file gives
only through a rule (``ex_hp``), and the journal's state, folded in by
``erc.rulesets.spellchrome.events``; frozen, plain data. The closed sets the format
shares are in ``sets.py``.
"""

from __future__ import annotations

from erc.core.text import folded
from erc.rulesets.spellchrome.fields import (
    ArmorFields,
    CombatantFields,
    EncounterFields,
    Settings as Settings,  # the model adds nothing to it
    ShieldFields,
    WeaponFields,
)
from erc.rulesets.spellchrome.sets import (  # the format's, re-exported
    CONDITIONS as CONDITIONS,
    DEFAULT_SPEED as DEFAULT_SPEED,
    INITIATIVE_RULES as INITIATIVE_RULES,
    WEAPON_KINDS as WEAPON_KINDS,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Literal

ABILITIES = ("strength", "dexterity")
"""SC1.1, SC-P4: only Strength and Dexterity are used."""
DEFAULT_SCORE = 10
"""SC-P4: a missing ability score is 10."""

if TYPE_CHECKING:  # type aliases for annotations only
    Kind = Literal["melee", "ranged", "thrown"]


def ability_modifier(score: int) -> int:
    """SC1.1: ``(score - 10) // 2``: 14 -> +2, 8 -> -1."""
    return (score - 10) // 2


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
