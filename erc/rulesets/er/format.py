"""The Enchanted Realms encounter file format, declared once: validation, ``erc schema``, the
model's fields and its builder all come from it (``MODEL`` and ``Meta(extra=...)`` say what
the model makes of a key; ``erc.core.encounter.generate``). The closed sets are the model's
(``erc.rulesets.er.sets``).

Each key's title and description sit in its ``Meta``; the rules of ``build.cross_checks``
that JSON Schema can state sit beside the declarations as ``extra_json_schema`` (read only
by ``erc schema``; ``erc.core.encounter.spec`` says why).
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
from erc.rulesets.er import sets

Score = Annotated[int, Meta(ge=-20, le=100)]
PoolDice = Annotated[int, Meta(ge=0, le=sets.MAX_SKILL_DICE)]
DamageTypes = Annotated[list[Text], Meta(max_length=30)]

if TYPE_CHECKING:  # the same sets as types: `make model` writes them into model.py
    from erc.rulesets.er.model import Armor, ConditionName, Hand, Kind, Size, Style, Weight
else:
    Size = Literal[sets.SIZES]
    Armor = Literal[sets.ARMORS]
    Kind = Literal[sets.WEAPON_KINDS]
    Weight = Literal[sets.WEIGHTS]
    Hand = Literal[sets.HANDS]
    Style = Literal[sets.STYLES]
    ConditionName = Literal[sets.CONDITIONS]

WEIGHT_RULE = {
    "if": {
        "required": ["kind"],
        "properties": {
            "kind": {
                "enum": [k for k in sets.WEAPON_KINDS if k != "ranged"],
                "description": "A weapon that is not ranged ...",
            }
        },
    },
    "then": {
        "required": ["weight"],
        "properties": {
            "weight": {
                "enum": list(sets.WEIGHTS),
                "description": "... needs a weight: light, medium or heavy.",
            }
        },
    },
}
"""``cross_checks``: a weapon that is not ranged needs a weight."""
BY_RULE = {
    "allOf": [
        {
            "if": {"enum": list(sets.NEEDS_BY)},
            "then": {
                "type": "object",
                "errorMessage": "charmed and grappled name who did it: {condition: charmed, by: X}",
            },
        },
        {
            "if": {
                "type": "object",
                "required": ["condition"],
                "properties": {
                    "condition": {
                        "enum": list(sets.NEEDS_BY),
                        "description": "Charmed or grappled ...",
                    }
                },
            },
            "then": {
                "required": ["by"],
                "properties": {
                    "by": {"type": "string", "description": "... names who did it in `by`."}
                },
            },
            "else": {
                "properties": {
                    "by": {
                        "type": "null",
                        "errorMessage": "by is for charmed and grappled only",
                        "description": "Other conditions take no `by`.",
                    }
                }
            },
        },
    ]
}
"""``cross_checks`` (R10.2): charmed and grappled only as ``{condition, by}``; ``by`` only for
them."""


class SubAttributes(_Closed, frozen=True):
    """The nine ER sub-attributes (R1.2): scores, or explicit modifiers."""

    strength: Annotated[
        Score | None,
        Meta(
            title="Strength",
            description="Melee and savage attacks: the score on every die, the modifier on the "
            "damage (R5.2, R5.4); disarm and lock attempts (R8.1); feats; competitions' default.",
        ),
    ] = None
    agility: Annotated[
        Score | None,
        Meta(
            title="Agility",
            description="Ranged attacks: the score on every die, the modifier on the damage; "
            "the initiative modifier (R3.1); feats.",
        ),
    ] = None
    resilience: Annotated[
        Score | None,
        Meta(title="Resilience", description="The shock save (R6.5) and Body feats."),
    ] = None
    logic: Annotated[Score | None, Meta(title="Logic", description="A Mind sub-attribute.")] = None
    perception: Annotated[
        Score | None,
        Meta(title="Perception", description="Perception checks (R2.3): surprise, sneaks."),
    ] = None
    judgment: Annotated[
        Score | None,
        Meta(title="Judgment", description="A Mind sub-attribute; the drop holder's Mind feat."),
    ] = None
    will: Annotated[Score | None, Meta(title="Will", description="A Mind sub-attribute.")] = None
    faith: Annotated[Score | None, Meta(title="Faith", description="A Spirit sub-attribute.")] = (
        None
    )
    muse: Annotated[
        Score | None,
        Meta(title="Muse", description="A Spirit sub-attribute; the drop holder's Spirit feat."),
    ] = None


class Pools(_Closed, frozen=True):
    """d20s per die pool (R5.1); each pool is one strike against one target."""

    primary: Annotated[
        PoolDice,
        Meta(
            title="Primary pool",
            description="d20s of the primary hand's strike (at most 5): the `hand: primary` "
            "weapon, else the first weapon.",
        ),
    ] = 0
    off: Annotated[
        PoolDice,
        Meta(
            title="Off-hand pool",
            description="d20s of the off hand's strike (at most 5), with the `hand: off` weapon.",
        ),
    ] = 0
    savage: Annotated[
        PoolDice,
        Meta(
            title="Savage pool",
            description="d20s of the savage strike (at most 5): the first `kind: savage` "
            "weapon, else a body weapon (weight 0, blunt).",
        ),
    ] = 0


class WeaponSpec(_Closed, frozen=True):
    """A weapon; one that is not ranged needs a weight."""

    MODEL: ClassVar[str] = "Weapon"

    name: Annotated[
        Text,
        Meta(title="Name", description="What `--with` names (two of one name: a check warning)."),
    ]
    kind: Annotated[
        Kind,
        Meta(
            title="Kind",
            description="melee (Strength score on the dice), ranged (Agility score) or savage "
            "(claws, tail: the savage pool).",
        ),
    ]
    damage_type: Annotated[
        Text,
        Meta(
            title="Damage type",
            description="Any text (edged, piercing, blunt, fire, ...), matched against the "
            "target's resist, immune and vulnerable.",
        ),
    ]
    weight: Annotated[
        Weight | None,
        Meta(
            title="Weight",
            description="light, medium or heavy: +0, +1, +2 damage per strike that hits "
            "(R5.4). Required unless the weapon is ranged (a ranged weapon counts 0 without).",
        ),
    ] = None
    hand: Annotated[
        Hand | None,
        Meta(
            title="Hand",
            description="primary, off or both (a bow: no off-hand strike); a weapon with a hand "
            "is in hand for initiative (R3.1).",
        ),
    ] = None
    properties: Annotated[
        list[Text],
        Meta(
            extra={"to": "as_set"},
            max_length=20,
            title="Properties",
            description="Open labels: light, reach (sneak attacks, R6.4), mechanical and ammo "
            "(not usable while bound), and any others.",
        ),
    ] = []
    sneak: Annotated[
        bool,
        Meta(
            title="Sneak weapon",
            description="true: usable for a sneak attack though neither ranged, light nor "
            "reach (R6.4). Default false.",
        ),
    ] = False


class ConditionSpec(_Closed, frozen=True):
    """A condition with who caused it (R10.2: charmed and grappled need `by`)."""

    condition: Annotated[
        ConditionName,
        Meta(title="Condition", description="One of the conditions of R10."),
    ]
    by: Annotated[
        Text | None,
        Meta(
            title="By",
            description="Who caused it: another combatant of the file. Required for charmed "
            "and grappled, and only for them.",
        ),
    ] = None


class CombatantSpec(_Closed, frozen=True):
    """A combatant, or with `count` a group of alike ones."""

    MODEL: ClassVar[str] = "Combatant"

    name: CombatantName
    ac: Annotated[
        int,
        Meta(
            ge=0,
            le=100,
            title="Armor Class",
            description="Each attack die that reaches it hits (R5.2); a raw 20 always hits, a "
            "raw 1 always misses.",
        ),
    ]
    body: Annotated[
        int,
        Meta(
            extra={"as": "body_max"},
            ge=1,
            le=10_000,
            title="Body",
            description="Maximum Body: the hit points.",
        ),
    ]
    body_current: Annotated[
        Annotated[int, Meta(ge=0, le=10_000)] | None,
        Meta(
            extra={"as": "body", "current": "body"},
            title="Current Body",
            description="The Body now, when not full: 0 (down) up to `body`. Default `body`.",
        ),
    ] = None
    count: Count = 1
    side: Side = ""
    species: Annotated[
        Text | None,
        Meta(
            title="Species",
            description="Any text; the species of R9.1 (human, dwarf, elf, gnome, nhoblit, "
            "jzaka, batfolk, jen'esse, sub-orc, equirda) give the movement rate, another needs "
            "`speed`. A nhoblit entering a hostile's space competes at advantage (R7.2).",
        ),
    ] = None
    speed: Annotated[
        Annotated[int, Meta(ge=0, le=1000)] | None,
        Meta(
            title="Speed",
            description="The movement rate in ft, over the species' (R9.1).",
        ),
    ] = None
    size: Annotated[
        Size,
        Meta(
            title="Size",
            description="Large, huge, giant, colossal: +1 to +4 on its attack dice, and on "
            "ranged dice against it (R5.3). Default medium.",
        ),
    ] = "medium"
    attributes: Annotated[
        SubAttributes,
        Meta(
            extra={"as": "scores", "to": "given"},
            title="Scores",
            description="Sub-attribute scores; a missing one is 0.",
        ),
    ] = SubAttributes()
    modifiers: Annotated[
        SubAttributes,
        Meta(
            extra={"to": "given"},
            title="Modifiers",
            description="Explicit sub-attribute modifiers, over the ones the scores give (R1.2: "
            "max(0, score // 2 - 1)).",
        ),
    ] = SubAttributes()
    initiative: Annotated[
        Small,
        Meta(
            title="Initiative modifier",
            description="Other initiative modifiers (skills, magic), added to the d10 (R3.1). "
            "Default 0.",
        ),
    ] = 0
    pools: Annotated[
        Pools,
        Meta(
            extra={"to": "given"},
            title="Die pools",
            description="d20s per pool (R5.1); none by default.",
        ),
    ] = Pools()
    styles: Annotated[
        list[Style],
        Meta(
            extra={"to": "as_set"},
            max_length=6,
            title="Style skills",
            description="With a crit style (bludgeoning cleaving polearms slashing) and 2+ "
            "primary dice, a raw 20 on a melee attack adds an award d20 (R5.6); archery and "
            "hurling are the ranged styles.",
        ),
    ] = []
    weapons: Annotated[
        list[Annotated[WeaponSpec, Meta(extra_json_schema=WEIGHT_RULE)]],
        Meta(max_length=20, title="Weapons", description="The combatant's weapons, in order."),
    ] = []
    armor: Annotated[
        Armor,
        Meta(
            title="Armor",
            description="none (default), light, medium (-10 ft, -2 initiative) or heavy (-25 "
            "ft, -5 initiative).",
        ),
    ] = "none"
    conditions: Annotated[
        list[Annotated[ConditionName | ConditionSpec, Meta(extra_json_schema=BY_RULE)]],
        Meta(
            extra={"to": "conditions"},
            max_length=12,
            title="Conditions",
            description="Conditions at the start (R10): a name, or `{condition: charmed, by: "
            "NAME}` for charmed and grappled.",
        ),
    ] = []
    resist: Annotated[
        DamageTypes,
        Meta(
            extra={"to": "folded_set"},
            title="Resists",
            description="Damage types halved per strike (R5.5).",
        ),
    ] = []
    immune: Annotated[
        DamageTypes,
        Meta(
            extra={"to": "folded_set"},
            title="Immune",
            description="Damage types that deal nothing (R5.5).",
        ),
    ] = []
    vulnerable: Annotated[
        DamageTypes,
        Meta(
            extra={"to": "folded_set"},
            title="Vulnerable",
            description="Damage types doubled per strike (R5.5).",
        ),
    ] = []


class RulesSpec(_Closed, frozen=True):
    """House rules; each key has a documented default."""

    MODEL: ClassVar[str] = "Settings"
    MODEL_ADDS: ClassVar[bool] = False

    advantage_damage: Annotated[
        Literal["d3", "none"],
        Meta(
            title="Advantage damage",
            description="d3 (default): an attack at advantage adds d3 damage to each target it "
            "hits, at disadvantage subtracts it (R1.6); none turns this off.",
        ),
    ] = "d3"
    initiative: Annotated[
        Literal["reroll", "keep"],
        Meta(
            title="Initiative",
            description="reroll (default): initiative anew every round; keep: later rounds "
            "reuse the dice of the last applied roll-init.",
        ),
    ] = "reroll"
    bound_movement: Annotated[
        Literal["half", "full"],
        Meta(
            title="Bound movement",
            description="half (default): a bound combatant moves at x1/2 (R9.3); full lifts it.",
        ),
    ] = "half"


class EncounterSpec(_Closed, frozen=True):
    """An Enchanted Realms encounter."""

    MODEL: ClassVar[str] = "Encounter"

    erc: FormatVersion
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
    ruleset: Annotated[
        Literal["er"],
        Meta(
            extra={"skip": True},
            title="Ruleset",
            description="er: Enchanted Realms, also when the key is left out.",
        ),
    ] = "er"
    name: EncounterName = ""
    rules: Annotated[
        RulesSpec,
        Meta(title="House rules", description="Settings that change a documented default."),
    ] = RulesSpec()
