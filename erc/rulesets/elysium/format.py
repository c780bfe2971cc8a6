"""The Elysium encounter file format (RULES-elysium Part 2), declared once: validation,
``erc schema``, the model's fields and its builder all come from it (``MODEL`` and
``Meta(extra=...)`` say what the model makes of a key; ``erc.core.encounter.generate``). The
closed sets are the model's (``erc.rulesets.elysium.sets``).

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
from erc.rulesets.elysium import sets

Score = Annotated[int, Meta(ge=-20, le=100)]
Ranks = Annotated[int, Meta(ge=0, le=100)]
Cost = Annotated[int, Meta(ge=0, le=100)]
AttackCost = Annotated[int, Meta(ge=1, le=100)]
"""A weapon's AP: at least 1, or its attacks would never run out (EL3.2)."""
Points = Annotated[int, Meta(ge=0, le=10_000)]

if TYPE_CHECKING:  # the same sets as types: `make model` writes them into model.py
    from erc.rulesets.elysium.model import (
        Ability,
        ConditionName,
        Die,
        HelplessDefense,
        InitiativeRule,
        Trump,
    )
else:
    Ability = Literal[sets.ABILITIES]
    Trump = Literal[sets.TRUMPS]
    ConditionName = Literal[sets.CONDITIONS]
    Die = Literal[sets.DIES]
    InitiativeRule = Literal[sets.INITIATIVE_RULES]
    HelplessDefense = Literal[sets.HELPLESS_DEFENSES]

SkillMap = Annotated[dict[Text, Ranks], Meta(max_length=100)]
SkillAbilities = Annotated[dict[Text, Ability], Meta(max_length=100)]

MP_RULE = {
    "if": {
        "not": {
            "required": ["mp"],
            "properties": {"mp": {"minimum": 1, "description": "A combatant with MP ..."}},
        }
    },
    "then": {
        "properties": {
            "mp_current": {
                "enum": [0, None],
                "errorMessage": "at most mp, which is 0 (or not given)",
                "description": "Without MP, none left either.",
            }
        }
    },
}
"""``cross_checks``: ``mp_current`` at most ``mp``, where JSON Schema can say it (no ``mp``,
or 0: none left either)."""


class Abilities(_Closed, frozen=True):
    """EL1.2: AGI, CUN, MUS, END and the key abilities; raw numbers, a missing one is 0."""

    agility: Annotated[
        Score | None,
        Meta(
            title="Agility (AGI)",
            description="Reaction (EL2.1), Dodge (EL5.2), spell defense, trip defense; escape's "
            "key ability.",
        ),
    ] = None
    cunning: Annotated[
        Score | None,
        Meta(
            title="Cunning (CUN)",
            description="Reaction, attack rolls (EL4.1), Parry, disarm and trip; bluff's and "
            "taunt's key ability.",
        ),
    ] = None
    muscle: Annotated[
        Score | None,
        Meta(
            title="Muscle (MUS)",
            description="Attack rolls, disarm, trip and its defense; hold's and athletics' key "
            "ability.",
        ),
    ] = None
    endurance: Annotated[
        Score | None,
        Meta(title="Endurance (END)", description="Dodge, Parry and spell defense (EL5, EL12)."),
    ] = None
    insight: Annotated[
        Score | None,
        Meta(title="Insight", description="Discern's and negotiate's key ability (EL1.3)."),
    ] = None
    courage: Annotated[
        Score | None,
        Meta(
            title="Courage",
            description="Intimidate's key ability, and Discern's against intimidation (EL11.1).",
        ),
    ] = None
    self_control: Annotated[
        Score | None,
        Meta(title="Self-control", description="Discern's key ability against a taunt (EL11.2)."),
    ] = None


class WeaponSpec(_Closed, frozen=True):
    """A weapon: its skill, AP cost, damage score and bonuses (EL4-EL8)."""

    MODEL: ClassVar[str] = "Weapon"

    name: Annotated[
        Text,
        Meta(title="Name", description="What `--with` names; unique for the combatant."),
    ]
    skill: Annotated[
        Text,
        Meta(
            title="Skill",
            description="The skill whose ranks it uses (`hand-to-hand`, `whip`, ...; EL4.1).",
        ),
    ]
    ap: Annotated[
        AttackCost,
        Meta(
            title="AP cost",
            description="AP of an attack, feint, disarm or trip with it, at least 1 (EL3.3).",
        ),
    ]
    damage_score: Annotated[
        Small,
        Meta(
            title="Damage score",
            description="Added to its attack rolls (EL4.1), not to parries.",
        ),
    ]
    disarm_bonus: Annotated[
        Small,
        Meta(title="Disarm bonus", description="Added when disarming with it (EL7). Default 0."),
    ] = 0
    disarm_resist: Annotated[
        Small,
        Meta(
            title="Disarm resistance",
            description="Added when resisting a disarm of it (EL7). Default 0.",
        ),
    ] = 0
    trip_bonus: Annotated[
        Small,
        Meta(title="Trip bonus", description="Added when tripping with it (EL8). Default 0."),
    ] = 0
    parry_bonus: Annotated[
        Small,
        Meta(
            title="Parry bonus",
            description="Added when parrying with it; may be negative (EL5.3). Default 0.",
        ),
    ] = 0
    magic: Annotated[
        Annotated[int, Meta(ge=0, le=100)],
        Meta(
            title="Magic bonus",
            description="Added to its attacks less the defender's `mdef`, never negative, and "
            "to its parries (EL5.4). Default 0.",
        ),
    ] = 0
    polearm: Annotated[
        bool,
        Meta(
            title="Polearm",
            description="true: parrying a charge with it deals the negative margin back "
            "(EL6.4). Default false.",
        ),
    ] = False
    natural: Annotated[
        bool,
        Meta(
            title="Natural weapon",
            description="true: bare hands, claws; cannot be disarmed, and the grab's damage "
            "score (EL7, EL10). Default false.",
        ),
    ] = False


class SpellLevelSpec(_Closed, frozen=True):
    """One level of a spell (EL12)."""

    MODEL: ClassVar[str] = "SpellLevel"

    mp: Annotated[Points, Meta(title="MP cost", description="MP spent casting at this level.")]
    bonus: Annotated[
        Small, Meta(title="Bonus", description="Added to the Spell Attack at this level.")
    ]


class SpellSpec(_Closed, frozen=True):
    """A spell (EL12): Spell Attack = die + school ranks + ability + the level's bonus."""

    MODEL: ClassVar[str] = "Spell"

    name: Annotated[
        Text,
        Meta(title="Name", description="What `cast --spell` names; unique for the combatant."),
    ]
    school: Annotated[
        Text,
        Meta(title="School", description="The magic school whose ranks (`schools`) it uses."),
    ]
    ability: Annotated[
        Ability,
        Meta(title="Casting ability", description="The ability added to its Spell Attack."),
    ]
    ap: Annotated[Cost, Meta(title="AP cost", description="AP of casting it (EL3.3).")]
    levels: Annotated[
        list[SpellLevelSpec],
        Meta(
            min_length=1,
            max_length=sets.SPELL_LEVELS,
            title="Levels",
            description="One to five levels of intensity, from 1 (`cast --level N`).",
        ),
    ]


class CombatantSpec(_Closed, frozen=True):
    """A combatant, or with `count` a group of alike ones."""

    MODEL: ClassVar[str] = "Combatant"

    name: CombatantName
    hp: Annotated[
        int,
        Meta(
            extra={"as": "hp_max"},
            ge=1,
            le=10_000,
            title="HP",
            description="Maximum health points.",
        ),
    ]
    hp_current: Annotated[
        Annotated[int, Meta(ge=0, le=10_000)] | None,
        Meta(
            extra={"as": "hp", "current": "hp"},
            title="Current HP",
            description="The HP now, when not full: 0 (down) up to `hp`. Default `hp`.",
        ),
    ] = None
    mp: Annotated[
        Points,
        Meta(extra={"as": "mp_max"}, title="MP", description="Maximum magic points. Default 0."),
    ] = 0
    mp_current: Annotated[
        Points | None,
        Meta(
            extra={"as": "mp", "current": "mp"},
            title="Current MP",
            description="The MP now, when not full: up to `mp`. Default `mp`.",
        ),
    ] = None
    ap: Annotated[
        Annotated[int, Meta(ge=0, le=100)],
        Meta(
            title="AP",
            description="Action points a round (EL3.1; the Speedy Combatant trump: more). "
            "Default 6.",
        ),
    ] = sets.DEFAULT_AP
    count: Count = 1
    side: Side = ""
    abilities: Annotated[
        Abilities,
        Meta(
            extra={"to": "given"},
            title="Abilities",
            description="Raw ability numbers; a missing one is 0 (EL1.2).",
        ),
    ] = Abilities()
    skills: Annotated[
        SkillMap,
        Meta(
            title="Skills",
            description="Skill name -> ranks, an open map (dodge, athletics, bluff, discern, "
            "hold, escape, intimidate, taunt, negotiate, hand-to-hand, weapon skills); a "
            "missing skill is 0, and one no action uses is a `check` warning.",
        ),
    ] = {}
    armor_bonus: Annotated[
        Small,
        Meta(
            title="Armor bonus",
            description="Added to Dodge, Parry and spell defense (EL5.2, EL12). Default 0.",
        ),
    ] = 0
    mdef: Annotated[
        Annotated[int, Meta(ge=0, le=100)],
        Meta(
            title="Magic defense",
            description="Taken off a magical weapon's bonus (EL5.4); spell defense uses it or "
            "the school's ranks, the greater (EL12). Default 0.",
        ),
    ] = 0
    trumps: Annotated[
        list[Trump],
        Meta(
            extra={"to": "as_set"},
            max_length=len(sets.TRUMPS),
            title="Trumps",
            description="sidestep (a free trip after dodging a charge), counterattack, "
            "focus_casting (cast while pinned), speedy_combatant.",
        ),
    ] = []
    schools: Annotated[
        SkillMap,
        Meta(
            title="Magic schools",
            description="School name -> ranks, for Spell Attacks and spell defense (EL12); one "
            "no spell belongs to is a `check` warning.",
        ),
    ] = {}
    weapons: Annotated[
        list[WeaponSpec],
        Meta(
            max_length=20,
            title="Weapons",
            description="The combatant's weapons, in order; the first is the default.",
        ),
    ] = []
    spells: Annotated[
        list[SpellSpec],
        Meta(max_length=50, title="Spells", description="The spells it can cast (EL12)."),
    ] = []
    initiative: Annotated[
        Small,
        Meta(
            title="Initiative modifier",
            description="Added to the Reaction check (EL2.1). Default 0.",
        ),
    ] = 0
    conditions: Annotated[
        list[ConditionName],
        Meta(
            extra={"to": "conditions"},
            max_length=len(sets.CONDITIONS),
            title="Conditions",
            description="asleep, bound, paralyzed, unconscious (cannot act, no Defense Roll), "
            "unaware (no Defense Roll), prone (-4 to defense).",
        ),
    ] = []
    skill_abilities: Annotated[
        SkillAbilities,
        Meta(
            extra={"param": True},
            title="Skill abilities",
            description="This combatant's skill -> key ability, over the file's (EL1.3).",
        ),
    ] = {}


class RulesSpec(_Closed, frozen=True):
    """House rules; each key has a documented default."""

    MODEL: ClassVar[str] = "Settings"
    MODEL_ADDS: ClassVar[bool] = False

    die: Annotated[
        Die,
        Meta(title="Die", description="The die of every roll: d10 (default), d20 or d12 (EL1.1)."),
    ] = "d10"
    initiative: Annotated[
        InitiativeRule,
        Meta(
            title="Initiative",
            description="keep (default): later rounds reuse the first round's dice; reroll: "
            "Reaction anew every round (EL2.4).",
        ),
    ] = "keep"
    move_ft_per_ap: Annotated[
        Annotated[int, Meta(ge=1, le=100)],
        Meta(title="Ft per AP", description="Movement: ft per AP (EL3.3, EL13). Default 5."),
    ] = 5
    stand_up_ap: Annotated[
        Annotated[int, Meta(ge=0, le=100)],
        Meta(title="Stand-up AP", description="AP to stand up when prone (EL3.3). Default 2."),
    ] = 2
    helpless_defense: Annotated[
        HelplessDefense,
        Meta(
            title="Helpless defense",
            description="none (default): a helpless defender's defense total is 0; static: its "
            "defense without the die (EL5.5).",
        ),
    ] = "none"


class EncounterSpec(_Closed, frozen=True):
    """An Elysium encounter."""

    MODEL: ClassVar[str] = "Encounter"

    erc: FormatVersion
    ruleset: Annotated[
        Literal["elysium"],
        Meta(
            extra={"skip": True},
            title="Ruleset",
            description="elysium: required, since a file without it is ER.",
        ),
    ]
    combatants: Annotated[
        list[Annotated[CombatantSpec, Meta(extra_json_schema=MP_RULE)]],
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
    skill_abilities: Annotated[
        SkillAbilities,
        Meta(
            extra={"skip": True},
            title="Skill abilities",
            description="Skill -> key ability for the whole file (EL1.3), e.g. `lore: insight`.",
        ),
    ] = {}
