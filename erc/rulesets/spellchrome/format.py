"""The Spellchrome encounter file format (RULES-spellchrome Part 2), declared once:
validation, ``erc schema`` and the builder all come from it. The closed sets are the
model's (``erc.rulesets.spellchrome.model``).

``ruleset: spellchrome`` is required: a file without the key is Enchanted Realms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from msgspec import Meta

from erc.core.encounter.limits import MAX_COMBATANTS
from erc.core.encounter.spec import Closed as _Closed
from erc.core.encounter.spec import Count, Label, Small, Text
from erc.rulesets.spellchrome import model

Score = Annotated[int, Meta(ge=0, le=100, description="an ability score (default 10)")]
Modifier = Annotated[int, Meta(ge=-50, le=50)]
BabStep = Annotated[int, Meta(ge=-20, le=100)]
Bab = (
    BabStep
    | Annotated[
        list[BabStep],
        Meta(min_length=1, max_length=10, description="iterative attack bonuses, in order"),
    ]
)
Feet = Annotated[int, Meta(ge=1, le=100_000, description="ft")]
Bonus = Annotated[int, Meta(ge=0, le=100)]
Dice = Annotated[str, Meta(min_length=1, max_length=200, description="a dice expression")]

if TYPE_CHECKING:  # the checker needs literal values; at run time they come from the model
    from erc.rulesets.spellchrome.model import Kind

    ConditionName = str
    Initiative = str
else:
    Kind = Literal[model.WEAPON_KINDS]
    ConditionName = Literal[model.CONDITIONS]
    Initiative = Literal[model.INITIATIVE_RULES]


class Abilities(_Closed, frozen=True):
    """Part 3.4: only Strength and Dexterity."""

    strength: Score | None = None
    dexterity: Score | None = None


class AbilityModifiers(_Closed, frozen=True):
    """SC1.1: an explicit modifier wins over the one derived from the score."""

    strength: Modifier | None = None
    dexterity: Modifier | None = None


class BabSpec(_Closed, frozen=True):
    """SC4.3, SC4.4: a number, or a list of iterative bonuses (``ranged: [6, 1]``)."""

    melee: Bab = 0
    ranged: Bab = 0


class ArmorSpec(_Closed, frozen=True):
    name: Text = "armour"
    bonus: Bonus = 0
    dr: Annotated[int, Meta(ge=0, le=1000)] | Dice | None = None
    ex_hp: Annotated[int, Meta(ge=0, le=10_000)] = 0
    ex_hp_current: Annotated[int, Meta(ge=0, le=10_000)] | None = None
    empowered: bool = True


class ShieldSpec(_Closed, frozen=True):
    name: Text = "shield"
    bonus: Bonus = 0


class WeaponSpec(_Closed, frozen=True):
    name: Text
    kind: Kind
    damage: Annotated[int, Meta(ge=0, le=1_000_000)] | Dice
    range: Feet | None = None
    max_range: Feet | None = None
    range_bonus: Annotated[int, Meta(ge=0, le=100_000)] = 0


class CombatantSpec(_Closed, frozen=True):
    name: Text
    hp: Annotated[int, Meta(ge=1, le=10_000, description="maximum HP")]
    hp_current: Annotated[int, Meta(ge=-10_000, le=10_000)] | None = None
    count: Count = 1
    side: Label = ""
    abilities: Abilities = Abilities()
    modifiers: AbilityModifiers = AbilityModifiers()
    bab: BabSpec = BabSpec()
    initiative: Small = 0
    speed: Annotated[int, Meta(ge=0, le=1000, description="ft per move action")] = (
        model.DEFAULT_SPEED
    )
    armor: ArmorSpec | None = None
    shield: ShieldSpec | None = None
    natural_armor: Bonus = 0
    ac_bonus: Small = 0
    range_bonus: Annotated[int, Meta(ge=0, le=100_000)] = 0
    conditions: Annotated[list[ConditionName], Meta(max_length=5)] = []
    weapons: Annotated[list[WeaponSpec], Meta(max_length=20)] = []


class RulesSpec(_Closed, frozen=True):
    """House rules (SC2.4); each key has a documented default."""

    initiative: Initiative = "keep"


class EncounterSpec(_Closed, frozen=True):
    erc: Literal[1]
    ruleset: Literal["spellchrome"]
    combatants: Annotated[list[CombatantSpec], Meta(max_length=MAX_COMBATANTS)]
    name: Label = ""
    rules: RulesSpec = RulesSpec()
