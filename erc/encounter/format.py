"""The encounter file format, declared once: validation and ``erc schema`` both come from it."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

MAX_COMBATANTS = 500
"""The most combatants one file may hold, ``count`` groups expanded."""

Text = Annotated[str, Meta(min_length=1, max_length=80)]
Label = Annotated[str, Meta(max_length=80)]
Score = Annotated[int, Meta(ge=-20, le=100)]
Small = Annotated[int, Meta(ge=-100, le=100)]
PoolDice = Annotated[int, Meta(ge=0, le=5, description="d20s in this pool (R1.4: at most 5)")]

Size = Literal["tiny", "small", "medium", "large", "huge", "giant", "colossal"]
Armor = Literal["none", "light", "medium", "heavy"]
Kind = Literal["melee", "ranged", "savage"]
Weight = Literal["light", "medium", "heavy"]
Hand = Literal["primary", "off", "both"]
Style = Literal["archery", "hurling", "bludgeoning", "cleaving", "polearms", "slashing"]
Condition = Literal[
    "asleep",
    "blind",
    "bound",
    "charmed",
    "deaf",
    "grappled",
    "incapacitated",
    "paralyzed",
    "petrified",
    "prone",
    "stunned",
    "unconscious",
]


class _Closed(Struct, forbid_unknown_fields=True, omit_defaults=True, kw_only=True, frozen=True):
    pass


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


class CombatantSpec(_Closed, frozen=True):
    name: Text
    ac: Annotated[int, Meta(ge=0, le=100)]
    body: Annotated[int, Meta(ge=1, le=10_000, description="maximum Body")]
    body_current: Annotated[int, Meta(ge=0, le=10_000)] | None = None
    count: Annotated[int, Meta(ge=1, le=100, description="makes 'Name 1'...'Name N'")] = 1
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
    conditions: Annotated[list[Condition], Meta(max_length=12)] = []
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
    name: Label = ""
    rules: RulesSpec = RulesSpec()


def json_schema() -> dict[str, object]:
    schema = msgspec.json.schema(EncounterSpec)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "erc encounter"
    return schema
