"""The Enchanted Realms encounter file format, declared once: validation, ``erc schema`` and
the builder all come from it. The closed sets are the model's (``erc.rulesets.er.model``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from msgspec import Meta

from erc.core.encounter.limits import MAX_COMBATANTS
from erc.core.encounter.spec import Closed as _Closed
from erc.core.encounter.spec import Count, Label, Small, Text
from erc.rulesets.er import model

Score = Annotated[int, Meta(ge=-20, le=100)]
PoolDice = Annotated[int, Meta(ge=0, le=5, description="d20s in this pool (R1.4: at most 5)")]

if TYPE_CHECKING:  # the checker needs literal values; at run time they come from the model
    from erc.rulesets.er.model import Armor, Hand, Kind, Size, Weight

    Style = str
    ConditionName = str
else:
    Size = Literal[model.SIZES]
    Armor = Literal[model.ARMORS]
    Kind = Literal[model.WEAPON_KINDS]
    Weight = Literal[model.WEIGHTS]
    Hand = Literal[model.HANDS]
    Style = Literal[model.STYLES]
    ConditionName = Literal[model.CONDITIONS]


class SubAttributes(_Closed, frozen=True):
    """The nine ER sub-attributes."""

    strength: Score | None = None
    agility: Score | None = None
    resilience: Score | None = None
    logic: Score | None = None
    perception: Score | None = None
    judgment: Score | None = None
    will: Score | None = None
    faith: Score | None = None
    muse: Score | None = None


class Pools(_Closed, frozen=True):
    primary: PoolDice = 0
    off: PoolDice = 0
    savage: PoolDice = 0


class WeaponSpec(_Closed, frozen=True):
    name: Text
    kind: Kind
    damage_type: Text
    weight: Weight | None = None
    hand: Hand | None = None
    properties: Annotated[list[Text], Meta(max_length=20)] = []
    sneak: bool = False


class ConditionSpec(_Closed, frozen=True):
    """A condition with who caused it (R10.2: charmed and grappled need ``by``)."""

    condition: ConditionName
    by: Text | None = None


class CombatantSpec(_Closed, frozen=True):
    name: Text
    ac: Annotated[int, Meta(ge=0, le=100)]
    body: Annotated[int, Meta(ge=1, le=10_000, description="maximum Body")]
    body_current: Annotated[int, Meta(ge=0, le=10_000)] | None = None
    count: Count = 1
    side: Label = ""
    species: Text | None = None
    speed: Annotated[int, Meta(ge=0, le=1000, description="movement in ft")] | None = None
    size: Size = "medium"
    attributes: SubAttributes = SubAttributes()
    modifiers: SubAttributes = SubAttributes()
    initiative: Small = 0
    pools: Pools = Pools()
    styles: Annotated[list[Style], Meta(max_length=6)] = []
    weapons: Annotated[list[WeaponSpec], Meta(max_length=20)] = []
    armor: Armor = "none"
    conditions: Annotated[list[ConditionName | ConditionSpec], Meta(max_length=12)] = []
    resist: Annotated[list[Text], Meta(max_length=30)] = []
    immune: Annotated[list[Text], Meta(max_length=30)] = []
    vulnerable: Annotated[list[Text], Meta(max_length=30)] = []


class RulesSpec(_Closed, frozen=True):
    """House rules (RULES.md, end); each key has a documented default."""

    advantage_damage: Literal["d3", "none"] = "d3"
    initiative: Literal["reroll", "keep"] = "reroll"
    bound_movement: Literal["half", "full"] = "half"


class EncounterSpec(_Closed, frozen=True):
    erc: Literal[1]
    combatants: Annotated[list[CombatantSpec], Meta(max_length=MAX_COMBATANTS)]
    ruleset: Literal["er"] = "er"
    name: Label = ""
    rules: RulesSpec = RulesSpec()
