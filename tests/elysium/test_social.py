"""Intimidate, taunt and negotiate (EL11, EL Part 3.11) through the real CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from erc.rulesets.elysium.rules.social import level_of
from tests.elysium.support import fighter, ok, refused, refused_records_nothing, status_row, write


@pytest.fixture
def talk(tmp_path: Path) -> Path:
    speaker = fighter(
        "S",
        ap=20,
        abilities={"courage": 2, "cunning": 3, "insight": 1},
        skills={"intimidate": 3, "taunt": 2, "negotiate": 4},
    )
    target = fighter(
        "T",
        abilities={"courage": 1, "self_control": 2, "insight": 3, "agility": 1},
        skills={"discern": 2, "dodge": 1},
        skill_abilities={"discern": "agility"},
    )
    return write(tmp_path, speaker, target)


@pytest.mark.parametrize(
    ("margin", "level"),
    [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4), (9, 5), (10, 5), (30, 5)],
)
def test_level_from_the_margin(margin: int, level: int) -> None:
    """EL11.3: "1-2 the first, 3-4 the second, 5-6 the third, 7-8 the fourth, 9 and more
    the fifth"; EL Part 3.11: ``min(5, ceil(margin / 2))``."""
    assert level_of(margin) == level


def test_intimidate_is_against_discern_with_courage(erc: Any, talk: Path) -> None:
    """Seed 004 "Intimidating": "The Intimidate check is opposed by a target's Discern using
    Courage as the key ability instead of Insight"; EL Part 3.10: courage beats
    ``skill_abilities.discern``; EL11.1 the Morale table."""
    result = ok(erc, talk, "social", "intimidate", "S", "T", "--rolls", "6,1", "--apply")
    assert result["initiator"]["parts"] == {"intimidate": 3, "courage": 2}
    assert result["opponent"]["parts"] == {"discern": 2, "courage": 1}
    assert result["margin"] == 7 and result["success"] is True
    assert (result["level"], result["label"], result["penalty"]) == (4, "Running scared", -8)
    assert result["table"] == "morale" and result["ap"]["cost"] == 4
    morale = status_row(erc, talk, "T")["morale"]
    assert morale == {"level": 4, "label": "Running scared", "penalty": -8}


def test_taunt_is_against_discern_with_self_control(erc: Any, talk: Path) -> None:
    """Seed 004 "Taunting": "opposed by a target's Discern using Self-Control as the key
    ability"; EL11.2 the Agitation table."""
    result = ok(erc, talk, "social", "taunt", "S", "T", "--rolls", "5,3", "--apply")
    assert result["initiator"]["parts"] == {"taunt": 2, "cunning": 3}
    assert result["opponent"]["parts"] == {"discern": 2, "self_control": 2}
    assert (result["level"], result["label"], result["penalty"]) == (2, "Flustered", -4)
    assert status_row(erc, talk, "T")["agitation"]["label"] == "Flustered"


MORALE_TABLE = [
    (1, "Unnerved", -2),
    (2, "Frightened", -4),
    (3, "Terrified", -6),
    (4, "Running scared", -8),
    (5, "Paralyzed", -10),
]
"""EL11.1, the seed's "Morale table": "Unnerved -2, Frightened -4, Terrified -6, Running
scared -8, Paralyzed -10"."""
AGITATION_TABLE = [
    (1, "Bothered", -2),
    (2, "Flustered", -4),
    (3, "Vexed", -6),
    (4, "Enraged", -8),
    (5, "Meltdown", -10),
]
"""EL11.2, the seed's "Agitation table": "Bothered -2, Flustered -4, Vexed -6, Enraged -8,
Meltdown -10"."""


@pytest.mark.parametrize(
    ("action", "table", "other", "plus", "against", "level", "label", "penalty"),
    [
        *(("intimidate", "morale", "agitation", 1, 3, *row) for row in MORALE_TABLE),
        *(("taunt", "agitation", "morale", 0, 1, *row) for row in AGITATION_TABLE),
    ],
)
def test_every_row_of_the_morale_and_agitation_tables(
    erc: Any,
    talk: Path,
    action: str,
    table: str,
    other: str,
    plus: int,
    against: int,
    level: int,
    label: str,
    penalty: int,
) -> None:
    """EL11.1: "success gives D a Morale level: Unnerved -2, Frightened -4, Terrified -6,
    Running scared -8, Paralyzed -10"; EL11.2: "Taunt against Discern with self_control;
    Agitation: Bothered -2, Flustered -4, Vexed -6, Enraged -8, Meltdown -10, applied to the
    same rolls"; EL11.3: the level from the margin (1 and 2 the first, ... 9 and more the
    fifth); the penalty on D's rolls. (Intimidate 5 + roll against discern 3 + 3; taunt 5 +
    roll against discern 4 + 1.)"""
    margin = 2 * level - 1
    rolls = f"{margin + plus},{against}"
    result = ok(erc, talk, "social", action, "S", "T", "--rolls", rolls, "--apply")
    assert result["margin"] == margin and result["table"] == table
    assert (result["level"], result["label"], result["penalty"]) == (level, label, penalty)
    row = status_row(erc, talk, "T")
    assert row[table] == {"level": level, "label": label, "penalty": penalty}
    assert row[other]["level"] == 0
    defense = ok(erc, talk, "grab", "S", "T", "--rolls", "1,1")["opponent"]["parts"]
    assert defense[table] == penalty and other not in defense


def test_failure_gives_nothing_and_the_fields_are_null(erc: Any, talk: Path) -> None:
    """EL Part 3.11: ``level``, ``label``, ``penalty`` "all null on failure"; EL1.5."""
    result = ok(erc, talk, "social", "intimidate", "S", "T", "--rolls", "1,4", "--apply")
    assert result["success"] is False
    assert (result["level"], result["label"], result["penalty"]) == (None, None, None)
    assert status_row(erc, talk, "T")["morale"]["level"] == 0


def test_penalties_apply_to_every_roll_and_each_table_keeps_its_worst(erc: Any, talk: Path) -> None:
    """EL11.1: "imposing penalties on the opponent's attack, defense, ability, and skill
    rolls during combat"; EL11.3: "Each table keeps its worst level; the two penalties
    add"."""
    ok(erc, talk, "social", "intimidate", "S", "T", "--rolls", "6,1", "--apply")  # level 4
    ok(erc, talk, "social", "intimidate", "S", "T", "--rolls", "1,10", "--apply")  # level 1
    assert status_row(erc, talk, "T")["morale"]["level"] == 4
    ok(erc, talk, "social", "taunt", "S", "T", "--rolls", "1,9", "--apply")  # 6 to 5: level 1
    defense = ok(erc, talk, "grab", "S", "T", "--rolls", "1,1")["opponent"]["parts"]
    assert defense["morale"] == -8 and defense["agitation"] == -2
    check = ok(
        erc,
        talk,
        "competition",
        "T",
        "S",
        "--check",
        "T=discern",
        "--check",
        "S=bluff",
        "--rolls",
        "1,1",
    )
    assert check["initiator"]["parts"]["morale"] == -8
    assert check["initiator"]["parts"]["agitation"] == -2


def test_negotiate_is_against_discern_with_insight_and_the_modifiers(erc: Any, talk: Path) -> None:
    """EL11.4: "Negotiate against Discern with insight, +2 when D is intimidated, -2 when
    taunted, ``--mod`` for rewards or a hostage; the result is the success and the margin";
    it is not offensive (EL5.6)."""
    plain = ok(erc, talk, "social", "negotiate", "S", "T", "--mod", "2", "--rolls", "4,4")
    assert plain["initiator"]["parts"] == {"negotiate": 4, "insight": 1, "mod": 2}
    # skill_abilities.discern (agility) holds where courage and self_control do not
    assert plain["opponent"]["parts"] == {"discern": 2, "agility": 1}
    assert plain["success"] is True and plain["margin"] == 4
    assert (plain["level"], plain["label"], plain["penalty"], plain["table"]) == (
        None,
        None,
        None,
        None,
    )
    ok(erc, talk, "social", "intimidate", "S", "T", "--rolls", "6,1", "--apply")
    ok(erc, talk, "social", "taunt", "S", "T", "--rolls", "6,1", "--apply")
    both = ok(erc, talk, "social", "negotiate", "S", "T", "--rolls", "4,4", "--apply")
    assert both["initiator"]["parts"]["intimidated"] == 2
    assert both["initiator"]["parts"]["taunted"] == -2
    assert status_row(erc, talk, "S")["offensive_taken"] is True  # from the intimidate
    ok(erc, talk, "roll-init", "--rolls", "1,2", "--apply")
    ok(erc, talk, "social", "negotiate", "S", "T", "--rolls", "4,4", "--apply")
    assert status_row(erc, talk, "S")["offensive_taken"] is False


def test_immune_is_refused_and_only_for_negotiate(erc: Any, talk: Path) -> None:
    """EL11.4: "``--immune`` when the GM rules D beyond negotiation: refused"; EL Part 3.11:
    "``--immune`` only for negotiate"."""
    error = refused_records_nothing(erc, talk, "social", "negotiate", "S", "T", "--immune")
    assert error["code"] == "immune"
    wrong = refused(erc, talk, "social", "taunt", "S", "T", "--immune")
    assert wrong["code"] == "bad-option"
