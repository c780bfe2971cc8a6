"""Action points (EL3): every action's cost from the table, the one refusal when AP are
short, and ``spend`` for the rest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.elysium.support import (
    FISTS,
    fighter,
    journal_lines,
    ok,
    refused,
    refused_records_nothing,
    status_row,
    sword,
    write,
)

SPELL = {
    "name": "Spark",
    "school": "air",
    "ability": "cunning",
    "ap": 3,
    "levels": [{"mp": 1, "bonus": 0}],
}


@pytest.fixture
def arena(tmp_path: Path) -> Path:
    a = fighter(
        "A",
        mp=10,
        abilities={"muscle": 9, "cunning": 9},
        skills={"hand-to-hand": 5, "hold": 9, "intimidate": 1, "taunt": 1, "negotiate": 1},
        weapons=[sword(ap=3), FISTS],
        spells=[SPELL],
        schools={"air": 1},
    )
    return write(tmp_path, a, fighter("B", weapons=[sword()]))


@pytest.mark.parametrize(
    ("args", "cost"),
    [
        (["attack", "A", "B", "--rolls", "1,1"], 3),
        (["attack", "A", "B", "--with", "fists", "--rolls", "1,1"], 2),
        (["feint", "A", "B", "--rolls", "1,1"], 3),
        (["disarm", "A", "B", "--rolls", "1,1"], 3),
        (["trip", "A", "B", "--with", "fists", "--rolls", "1,1"], 2),
        (["attack", "A", "B", "--charge", "--move-ft", "6", "--rolls", "1,1"], 2 + 3),
        (["trip", "A", "B", "--overrun", "--move-ft", "10", "--rolls", "1,1"], 2 + 3),
        (["grab", "A", "B", "--rolls", "1,1"], 4),
        (["social", "intimidate", "A", "B", "--rolls", "1,1"], 4),
        (["social", "taunt", "A", "B", "--rolls", "1,1"], 4),
        (["social", "negotiate", "A", "B", "--rolls", "1,1"], 4),
        (["cast", "A", "B", "--spell", "spark", "--level", "1", "--rolls", "1,1"], 3),
        (["defend", "A", "--ap", "5"], 5),
        (["movement", "A", "--ft", "11"], 3),
        (["spend", "A", "--ap", "6"], 6),
        (["spend", "A", "--for", "pouch"], 1),
        (["spend", "A", "--for", "backpack"], 3),
        (["spend", "A", "--for", "dig"], 6),
        (["spend", "A", "--for", "consumable"], 1),
        (["spend", "A", "--for", "magic-object"], 4),
        (["spend", "A", "--for", "magic-object", "--ap", "2"], 2),
    ],
)
def test_every_action_costs_what_the_table_says(
    erc: Any, arena: Path, args: list[str], cost: int
) -> None:
    """EL3.3: the weapon's AP for an attack, feint, disarm or trip (greatsword 5); charge =
    move + weapon; grab 4; intimidate, taunt, negotiate 4 each; a spell its ``ap``; going on
    the defensive N; move ceil(feet / 5); items 1, 3, 6; consumable 1; magic object 4
    "unless the item says otherwise"."""
    result = ok(erc, arena, *args, "--apply")
    assert result["ap"] == {"name": "A", "cost": cost, "before": 6, "after": 6 - cost}
    assert status_row(erc, arena, "A")["ap_left"] == 6 - cost


def test_grab_actions_and_escape_cost_4_4_4_2_2(erc: Any, arena: Path) -> None:
    """EL3.3: "grab, squeeze, throw; pry; escape | 4, 4, 4; 2; 2"."""
    ok(erc, arena, "grab", "A", "B", "--no-damage", "--rolls", "10,1", "--apply")
    assert (
        ok(erc, arena, "grab", "A", "B", "--pry", "sword", "--rolls", "1,1", "--apply")["ap"][
            "cost"
        ]
        == 2
    )
    ok(erc, arena, "roll-init", "--rolls", "1,2", "--apply")
    assert (
        ok(erc, arena, "grab", "A", "B", "--squeeze", "--rolls", "1,1", "--apply")["ap"]["cost"]
        == 4
    )
    assert ok(erc, arena, "escape", "B", "--rolls", "1,1", "--apply")["ap"]["cost"] == 2
    ok(erc, arena, "roll-init", "--apply")
    assert ok(erc, arena, "grab", "A", "B", "--throw", "--rolls", "1,1")["ap"]["cost"] == 4
    assert ok(erc, arena, "grab", "A", "B", "--release")["ap"]["cost"] == 0


def test_a_defense_roll_costs_nothing(erc: Any, arena: Path) -> None:
    """EL3.3: "Defense Roll of any kind | 0" ("a free response to an incoming attack")."""
    ok(erc, arena, "attack", "A", "B", "--rolls", "1,1", "--apply")
    assert status_row(erc, arena, "B")["ap_left"] == 6


def test_not_enough_ap_is_refused_saying_what_is_left(erc: Any, arena: Path) -> None:
    """EL3.2: "An action needs its whole cost from what is left; otherwise it is refused
    (exit 2, not-enough-ap, saying what is left)"; a refused action records nothing."""
    ok(erc, arena, "spend", "A", "--ap", "4", "--apply")
    error = refused_records_nothing(erc, arena, "attack", "A", "B", "--rolls", "1,1")
    assert error["code"] == "not-enough-ap"
    assert "A has 2 AP left this round" in error["message"] and "costs 3 AP" in error["message"]
    # the two it has are enough for what costs two
    assert (
        ok(erc, arena, "attack", "A", "B", "--with", "fists", "--rolls", "1,1")["ap"]["after"] == 0
    )


def test_the_files_ap(erc: Any, tmp_path: Path) -> None:
    """EL3.1: "6 AP a round, or the file's ``ap``"."""
    path = write(tmp_path, fighter("Slow", ap=2, weapons=[sword(ap=3)]), fighter("B"))
    error = refused(erc, path, "attack", "Slow", "B")
    assert error["code"] == "not-enough-ap" and "2 AP left" in error["message"]


def test_stand_up_costs_the_house_rule(erc: Any, tmp_path: Path) -> None:
    """EL3.3: "stand up after a trip | house rule ``stand_up_ap``, default 2"."""
    path = write(tmp_path, fighter("P", conditions=["prone"]), rules={"stand_up_ap": 3})
    result = ok(erc, path, "spend", "P", "--for", "stand-up", "--apply")
    assert result["ap"]["cost"] == 3 and result["stand_up"] is True
    assert status_row(erc, path, "P")["conditions"] == []
    assert refused(erc, path, "spend", "P", "--for", "stand-up")["code"] == "not-prone"


def test_stand_up_costs_the_house_rule_whatever_ap_says(erc: Any, tmp_path: Path) -> None:
    """EL3.3: "stand up after a trip | house rule ``stand_up_ap``": ``--ap`` does not change
    it; a pouch (1, "takes 1 AP") and a backpack (3) cost what the chapter says; digging
    "would take 6 AP or more", a consumable "generally" 1 ("Some items may take longer") and
    a magic object 4 "unless noted in the item's description" take the item's cost."""
    path = write(tmp_path, fighter("P", conditions=["prone"], ap=20))
    for kind in ("stand-up", "pouch", "backpack"):
        error = refused_records_nothing(erc, path, "spend", "P", "--for", kind, "--ap", "1")
        assert error["code"] == "bad-option" and "--ap" in error["message"], kind
    assert refused(erc, path, "spend", "P", "--for", "dig", "--ap", "5")["code"] == "bad-option"
    assert ok(erc, path, "spend", "P", "--for", "dig", "--ap", "8")["ap"]["cost"] == 8
    assert ok(erc, path, "spend", "P", "--for", "consumable", "--ap", "2")["ap"]["cost"] == 2
    assert ok(erc, path, "spend", "P", "--for", "magic-object", "--ap", "1")["ap"]["cost"] == 1
    assert ok(erc, path, "spend", "P", "--for", "pouch")["ap"]["cost"] == 1


def test_spend_needs_ap_or_for(erc: Any, arena: Path) -> None:
    assert refused(erc, arena, "spend", "A")["code"] == "bad-option"


def test_a_refused_action_writes_no_journal_at_all(erc: Any, arena: Path) -> None:
    refused_records_nothing(erc, arena, "spend", "A", "--ap", "7")
    assert journal_lines(arena) == []
