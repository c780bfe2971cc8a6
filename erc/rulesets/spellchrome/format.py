"""The Spellchrome encounter file format (RULES-spellchrome Part 2), declared once:
validation, ``erc schema``, the model's fields and its builder all come from it (``MODEL``
and ``Meta(extra=...)`` say what the model makes of a key; ``erc.core.encounter.generate``).
The closed sets are the model's (``erc.rulesets.spellchrome.sets``).

``ruleset: spellchrome`` is required: a file without the key is Enchanted Realms. Each key's
title and description sit in its ``Meta``; the rules of ``build.cross_checks`` that JSON
Schema can state sit beside the declarations as ``extra_json_schema`` (read only by ``erc
schema``; ``erc.core.encounter.spec`` says why).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from msgspec import Meta

from erc.core.encounter.limits import MAX_COMBATANTS
from erc.core.encounter.spec import (
    Closed as _Closed,
    CombatantName,
    Count,
    EncounterName,
    FormatVersion,
    Side,
    Small,
    Text,
)
from erc.rulesets.spellchrome import sets

Score = Annotated[int, Meta(ge=0, le=100)]
Modifier = Annotated[int, Meta(ge=-50, le=50)]
BabStep = Annotated[int, Meta(ge=-20, le=100)]
Bab = BabStep | Annotated[list[BabStep], Meta(min_length=1, max_length=10)]
Feet = Annotated[int, Meta(ge=1, le=100_000)]
Bonus = Annotated[int, Meta(ge=0, le=100)]
RangeBonus = Annotated[int, Meta(ge=0, le=100_000)]

DICE_PATTERN = r"^[-+()0-9dDkKhHlL% \t\n\v\f\r]*[0-9%][-+()0-9dDkKhHlL% \t\n\v\f\r]*(?![\s\S])"
"""What a dice expression may hold (``erc.core.expr``: dice such as ``2d10`` or ``2d12kh1``,
numbers, ``+ - ( )``, ASCII white space): every expression erc rolls matches it;
``cross_checks`` parses it."""
Dice = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        extra_json_schema={
            "pattern": DICE_PATTERN,
            "patternErrorMessage": "a dice expression: dice (2d10, 2d12kh1), numbers, + - ( )",
        },
    ),
]

if TYPE_CHECKING:  # the same sets as types: `make model` writes them into model.py
    from erc.rulesets.spellchrome.model import ConditionName, Initiative, Kind
else:
    Kind = Literal[sets.WEAPON_KINDS]
    ConditionName = Literal[sets.CONDITIONS]
    Initiative = Literal[sets.INITIATIVE_RULES]

RANGE_RULE = {
    "allOf": [
        {
            "if": {
                "required": ["kind"],
                "properties": {"kind": {"const": "melee", "description": "A melee weapon ..."}},
            },
            "then": {
                "properties": {
                    "range": {"not": {}, "description": "... has no range (SC4.5),"},
                    "max_range": {"not": {}, "description": "... no max_range,"},
                    "range_bonus": {"not": {}, "description": "... and no range_bonus."},
                }
            },
        },
        {
            "if": {
                "required": ["kind"],
                "properties": {
                    "kind": {
                        "enum": ["ranged", "thrown"],
                        "description": "A ranged or thrown weapon ...",
                    }
                },
            },
            "then": {
                "required": ["range"],
                "properties": {
                    "range": {"type": "integer", "description": "... needs a range (SC7.1)."}
                },
            },
        },
    ]
}
"""``cross_checks`` (SC4.5, SC7.1): a range band only for ranged and thrown weapons, which
need a ``range``."""
EX_HP_RULE = {
    "if": {
        "not": {
            "required": ["ex_hp"],
            "properties": {"ex_hp": {"minimum": 1, "description": "Armour with EX-HP ..."}},
        }
    },
    "then": {
        "properties": {
            "ex_hp_current": {
                "enum": [0, None],
                "errorMessage": "at most ex_hp, which is 0 (or not given)",
                "description": "Without EX-HP, none left either.",
            }
        }
    },
}
"""``cross_checks``: ``ex_hp_current`` at most ``ex_hp``, where JSON Schema can say it (no
``ex_hp``, or 0: none left either)."""


class Abilities(_Closed, frozen=True):
    """Ability scores (SC-P4: only Strength and Dexterity); a missing one is 10."""

    strength: Annotated[
        Score | None,
        Meta(
            title="Strength",
            description="Its modifier adds to melee attacks and to melee and thrown damage "
            "(SC4.3, SC6.2). Default 10.",
        ),
    ] = None
    dexterity: Annotated[
        Score | None,
        Meta(
            title="Dexterity",
            description="Its modifier adds to ranged and thrown attacks, AC and initiative "
            "(SC4.3, SC5.1, SC2.1); the score breaks initiative ties. Default 10.",
        ),
    ] = None


class AbilityModifiers(_Closed, frozen=True):
    """SC1.1: an explicit modifier wins over the one derived from the score."""

    strength: Annotated[
        Modifier | None,
        Meta(
            title="Strength modifier",
            description="Over the one the score gives ((score - 10) // 2, SC1.1).",
        ),
    ] = None
    dexterity: Annotated[
        Modifier | None,
        Meta(
            title="Dexterity modifier",
            description="Over the one the score gives ((score - 10) // 2, SC1.1).",
        ),
    ] = None


class BabSpec(_Closed, frozen=True):
    """SC4.3, SC4.4: a number, or a list of iterative bonuses (`ranged: [6, 1]`)."""

    melee: Annotated[
        Bab,
        Meta(
            extra={"to": "steps"},
            title="Melee BAB",
            description="The melee base attack bonus, or iterative bonuses in order for "
            "`--full` (SC4.4). Default 0.",
        ),
    ] = 0
    ranged: Annotated[
        Bab,
        Meta(
            extra={"to": "steps"},
            title="Ranged BAB",
            description="The ranged and thrown base attack bonus, or iterative bonuses in "
            "order for `--full`. Default 0.",
        ),
    ] = 0


class ArmorSpec(_Closed, frozen=True):
    """Worn armour (SC5, SC8): AC, damage reduction, Extraordinary HP, when empowered."""

    MODEL: ClassVar[str] = "Armor"

    name: Annotated[Text, Meta(title="Name", description='Shown in results. Default "armour".')] = (
        "armour"
    )
    bonus: Annotated[Bonus, Meta(title="Armour bonus", description="Added to AC (SC5.1).")] = 0
    dr: Annotated[
        Annotated[int, Meta(ge=0, le=1000)] | Dice | None,
        Meta(
            extra={"to": "text"},
            title="Damage reduction",
            description="Taken off every hit: a number, or a dice expression (`d6`) rolled at "
            "the first hit of a round and kept for the round (SC8.1).",
        ),
    ] = None
    ex_hp: Annotated[
        Annotated[int, Meta(ge=0, le=10_000)],
        Meta(
            title="Extraordinary HP",
            description="Absorbed before HP (SC8.3). Default 0.",
        ),
    ] = 0
    ex_hp_current: Annotated[
        Annotated[int, Meta(ge=0, le=10_000)] | None,
        Meta(
            extra={"skip": True, "current": "ex_hp"},  # the combatant's ex_hp (build.py)
            title="Current Extraordinary HP",
            description="EX-HP left, when not full: up to `ex_hp`. Default `ex_hp`.",
        ),
    ] = None
    empowered: Annotated[
        bool,
        Meta(
            title="Empowered",
            description="false: Spellchrome armour without power gives no bonus, DR or EX-HP "
            "(SC5.2). Default true.",
        ),
    ] = True


class ShieldSpec(_Closed, frozen=True):
    """A shield: its bonus adds to armour's (SC5.1)."""

    MODEL: ClassVar[str] = "Shield"

    name: Annotated[Text, Meta(title="Name", description='Shown in results. Default "shield".')] = (
        "shield"
    )
    bonus: Annotated[Bonus, Meta(title="Shield bonus", description="Added to AC (SC5.1).")] = 0


class WeaponSpec(_Closed, frozen=True):
    """A weapon; ranged and thrown weapons have a range band, melee ones none (SC4.5, SC7)."""

    MODEL: ClassVar[str] = "Weapon"

    name: Annotated[
        Text,
        Meta(title="Name", description="What `--with` names; the first listed is the default."),
    ]
    kind: Annotated[
        Kind,
        Meta(
            title="Kind",
            description="melee (Strength; adjacent only), ranged (Dexterity) or thrown "
            "(Dexterity to hit, Strength on damage) (SC4.3, SC6.2).",
        ),
    ]
    damage: Annotated[
        Annotated[int, Meta(ge=0, le=1_000_000)] | Dice,
        Meta(
            extra={"to": "text"},
            title="Damage",
            description="The damage of a hit: a dice expression (`2d10`, `1d6+1`) or a number "
            "(SC6.1).",
        ),
    ]
    range: Annotated[
        Feet | None,
        Meta(
            title="Range",
            description="The listed range in ft: -6 to hit beyond the effective range, damage "
            "halved beyond double this too (SC7). Required for ranged and thrown weapons.",
        ),
    ] = None
    max_range: Annotated[
        Feet | None,
        Meta(
            title="Maximum range",
            description="In ft, at least `range`: an attack beyond it is refused (SC7.4).",
        ),
    ] = None
    range_bonus: Annotated[
        RangeBonus,
        Meta(
            title="Range bonus",
            description="Ft added to this weapon's effective range (feats, equipment; SC7.1).",
        ),
    ] = 0


class CombatantSpec(_Closed, frozen=True):
    """A combatant, or with `count` a group of alike ones."""

    MODEL: ClassVar[str] = "Combatant"

    name: CombatantName
    hp: Annotated[
        int,
        Meta(
            extra={"as": "hp_max"}, ge=1, le=10_000, title="HP", description="Maximum hit points."
        ),
    ]
    hp_current: Annotated[
        Annotated[int, Meta(ge=-10_000, le=10_000)] | None,
        Meta(
            extra={"as": "hp", "current": "hp"},
            title="Current HP",
            description="The HP now, when not full: up to `hp`, and below 0 when down (SC6.5). "
            "Default `hp`.",
        ),
    ] = None
    count: Count = 1
    side: Side = ""
    abilities: Annotated[
        Abilities,
        Meta(
            extra={"as": "scores", "to": "given"},
            title="Abilities",
            description="Strength and Dexterity scores; default 10 each.",
        ),
    ] = Abilities()
    modifiers: Annotated[
        AbilityModifiers,
        Meta(
            extra={"to": "given"},
            title="Ability modifiers",
            description="Explicit modifiers, over the scores' (SC1.1).",
        ),
    ] = AbilityModifiers()
    bab: Annotated[
        BabSpec,
        Meta(
            extra={"flatten": True},
            title="Base attack bonus",
            description="Melee and ranged BAB (SC4.3): numbers or iterative bonuses.",
        ),
    ] = BabSpec()
    initiative: Annotated[
        Small,
        Meta(
            title="Initiative modifier",
            description="Added to d20 + Dexterity modifier (SC2.1). Default 0.",
        ),
    ] = 0
    speed: Annotated[
        Annotated[int, Meta(ge=0, le=1000)],
        Meta(title="Speed", description="Ft per move action (SC10.2). Default 30."),
    ] = sets.DEFAULT_SPEED
    armor: Annotated[
        ArmorSpec | None,
        Meta(
            title="Armour",
            description="Worn armour; none by default.",
            extra_json_schema=EX_HP_RULE,
        ),
    ] = None
    shield: Annotated[
        ShieldSpec | None,
        Meta(title="Shield", description="A shield; none by default."),
    ] = None
    natural_armor: Annotated[
        Bonus,
        Meta(
            title="Natural armour",
            description="Added to AC, not to touch AC (SC5.1, SC5.4). Default 0.",
        ),
    ] = 0
    ac_bonus: Annotated[
        Small,
        Meta(
            title="AC bonus",
            description="Combat Awareness and the like: added to AC, touch and flat-footed AC "
            "too. Default 0.",
        ),
    ] = 0
    range_bonus: Annotated[
        RangeBonus,
        Meta(
            title="Range bonus",
            description="Ft added to every ranged or thrown weapon's effective range (SC7.1).",
        ),
    ] = 0
    conditions: Annotated[
        list[ConditionName],
        Meta(
            extra={"to": "conditions"},
            max_length=5,
            title="Conditions",
            description="asleep, bound, paralyzed, unconscious (cannot act, flat-footed) and "
            "unaware (flat-footed) (SC1.4, SC5.3).",
        ),
    ] = []
    weapons: Annotated[
        list[Annotated[WeaponSpec, Meta(extra_json_schema=RANGE_RULE)]],
        Meta(
            max_length=20,
            title="Weapons",
            description="The combatant's weapons, in order; no weapon, no attack.",
        ),
    ] = []


class RulesSpec(_Closed, frozen=True):
    """House rules (SC2.4); each key has a documented default."""

    MODEL: ClassVar[str] = "Settings"
    MODEL_ADDS: ClassVar[bool] = False

    initiative: Annotated[
        Initiative,
        Meta(
            title="Initiative",
            description="keep (default): later rounds keep the last applied order, delays "
            "included; reroll: roll-init anew every round (SC2.4).",
        ),
    ] = "keep"


class EncounterSpec(_Closed, frozen=True):
    """A Spellchrome encounter."""

    MODEL: ClassVar[str] = "Encounter"

    erc: FormatVersion
    ruleset: Annotated[
        Literal["spellchrome"],
        Meta(
            extra={"skip": True},
            title="Ruleset",
            description="spellchrome: required, since a file without it is Enchanted Realms.",
        ),
    ]
    combatants: Annotated[
        list[CombatantSpec],
        Meta(
            extra={"param": True},
            max_length=MAX_COMBATANTS,
            extra_json_schema={"minItems": 1},  # erc check: "the file has no combatants"
            title="Combatants",
            description="Everyone in the fight, in file order (the order of roll-init's dice).",
        ),
    ]
    name: EncounterName = ""
    rules: Annotated[
        RulesSpec,
        Meta(title="House rules", description="Settings that change a documented default."),
    ] = RulesSpec()
