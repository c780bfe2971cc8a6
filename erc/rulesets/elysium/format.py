"""The Elysium encounter file format (RULES-elysium Part 2), declared once: validation,
``erc schema`` and the builder all come from it. The closed sets are the model's
(``erc.rulesets.elysium.model``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from msgspec import Meta

from erc.core.encounter.limits import MAX_COMBATANTS
from erc.core.encounter.spec import Closed as _Closed
from erc.core.encounter.spec import Count, Label, Small, Text
from erc.rulesets.elysium import model

Score = Annotated[int, Meta(ge=-20, le=100)]
Ranks = Annotated[int, Meta(ge=0, le=100, description="skill ranks")]
Cost = Annotated[int, Meta(ge=0, le=100, description="AP")]
Points = Annotated[int, Meta(ge=0, le=10_000)]

if TYPE_CHECKING:  # the checker needs literal values; at run time they come from the model
    Ability = str
    Trump = str
    ConditionName = str
    Die = str
    InitiativeRule = str
    HelplessDefense = str
else:
    Ability = Literal[model.ABILITIES]
    Trump = Literal[model.TRUMPS]
    ConditionName = Literal[model.CONDITIONS]
    Die = Literal[model.DIES]
    InitiativeRule = Literal[model.INITIATIVE_RULES]
    HelplessDefense = Literal[model.HELPLESS_DEFENSES]

SkillMap = Annotated[dict[Text, Ranks], Meta(max_length=100)]
SkillAbilities = Annotated[
    dict[Text, Ability],
    Meta(max_length=100, description="skill -> its key ability (EL1.3)"),
]


class Abilities(_Closed, frozen=True):
    """EL1.2: AGI, CUN, MUS, END and the key abilities; a missing one is 0."""

    agility: Score | None = None
    cunning: Score | None = None
    muscle: Score | None = None
    endurance: Score | None = None
    insight: Score | None = None
    courage: Score | None = None
    self_control: Score | None = None


class WeaponSpec(_Closed, frozen=True):
    name: Text
    skill: Text
    ap: Cost
    damage_score: Small
    disarm_bonus: Small = 0
    disarm_resist: Small = 0
    trip_bonus: Small = 0
    parry_bonus: Small = 0
    magic: Annotated[int, Meta(ge=0, le=100, description="EL5.4: the magic bonus")] = 0
    polearm: bool = False
    natural: bool = False


class SpellLevelSpec(_Closed, frozen=True):
    mp: Points
    bonus: Small


class SpellSpec(_Closed, frozen=True):
    name: Text
    school: Text
    ability: Ability
    ap: Cost
    levels: Annotated[list[SpellLevelSpec], Meta(min_length=1, max_length=model.SPELL_LEVELS)]


class CombatantSpec(_Closed, frozen=True):
    name: Text
    hp: Annotated[int, Meta(ge=1, le=10_000, description="maximum HP")]
    hp_current: Annotated[int, Meta(ge=0, le=10_000)] | None = None
    mp: Points = 0
    mp_current: Points | None = None
    ap: Annotated[int, Meta(ge=0, le=100, description="AP a round (EL3.1)")] = model.DEFAULT_AP
    count: Count = 1
    side: Label = ""
    abilities: Abilities = Abilities()
    skills: SkillMap = {}
    armor_bonus: Small = 0
    mdef: Annotated[int, Meta(ge=0, le=100, description="magic defence")] = 0
    trumps: Annotated[list[Trump], Meta(max_length=len(model.TRUMPS))] = []
    schools: SkillMap = {}
    weapons: Annotated[list[WeaponSpec], Meta(max_length=20)] = []
    spells: Annotated[list[SpellSpec], Meta(max_length=50)] = []
    initiative: Small = 0
    conditions: Annotated[list[ConditionName], Meta(max_length=len(model.CONDITIONS))] = []
    skill_abilities: SkillAbilities = {}


class RulesSpec(_Closed, frozen=True):
    """House rules (RULES-elysium); each key has a documented default."""

    die: Die = "d10"
    initiative: InitiativeRule = "keep"
    move_ft_per_ap: Annotated[int, Meta(ge=1, le=100)] = 5
    stand_up_ap: Annotated[int, Meta(ge=0, le=100)] = 2
    helpless_defense: HelplessDefense = "none"


class EncounterSpec(_Closed, frozen=True):
    erc: Literal[1]
    ruleset: Literal["elysium"]
    combatants: Annotated[list[CombatantSpec], Meta(max_length=MAX_COMBATANTS)]
    name: Label = ""
    rules: RulesSpec = RulesSpec()
    skill_abilities: SkillAbilities = {}
