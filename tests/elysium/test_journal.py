"""Elysium's combat state through the journal: ``status``, ``log``, ``undo`` on Elysium files,
typed effects folded (EL Part 2 ``status`` fields)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.elysium.support import (
    SHIPPED,
    call,
    journal_lines,
    journal_of,
    ok,
    refused,
    status_row,
)


def shipped(tmp_path: Path) -> Path:
    path = tmp_path / "ogre.yaml"
    path.write_text(SHIPPED.read_text())
    return path


def test_status_has_the_contracts_fields(erc: Any, tmp_path: Path) -> None:
    """EL Part 2: "``status`` per combatant: ``hp``, ``hp_max``, ``mp``, ``ap_left``,
    ``defensive_bonus``, ``offensive_taken``, ``pinned_by``, ``morale``, ``agitation``"; the
    shared ``order``, ``next``, ``sides``, ``over``."""
    path = shipped(tmp_path)
    ok(erc, path, "roll-init", "--rolls", "5,7,2", "--apply")
    ok(erc, path, "grab", "Ogre", "Beldo", "--no-damage", "--rolls", "10,1", "--apply")
    ok(erc, path, "defend", "Kharza", "--ap", "2", "--apply")
    ok(erc, path, "social", "intimidate", "Beldo", "Ogre", "--rolls", "10,1", "--apply")
    result = ok(erc, path, "status")
    assert result["round"] == 1
    rows = {r["name"]: r for r in result["combatants"]}
    for row in rows.values():
        assert set(row) >= {
            "name",
            "side",
            "hp",
            "hp_max",
            "mp",
            "ap_left",
            "defensive_bonus",
            "offensive_taken",
            "pinned_by",
            "morale",
            "agitation",
            "conditions",
            "down",
            "standing",
        }
    assert rows["Beldo"]["pinned_by"] == "Ogre" and rows["Ogre"]["pinning"] == ["Beldo"]
    assert rows["Kharza"]["defensive_bonus"] == 2 and rows["Kharza"]["ap_left"] == 4
    assert rows["Ogre"]["offensive_taken"] is True and rows["Kharza"]["offensive_taken"] is False
    assert rows["Ogre"]["morale"]["level"] > 0 and rows["Ogre"]["agitation"]["level"] == 0
    assert [p["name"] for p in result["order"]] == ["Kharza", "Beldo", "Ogre"]
    assert all({"place", "name", "acted", "can_act"} == set(p) for p in result["order"])
    # Part 3.17: next is the first who can act, has AP left and has not ended its
    # turn; Kharza has spent 2 of its AP, so it is still next
    assert result["next"] == "Kharza"
    assert {s["side"]: s["standing"] for s in result["sides"]} == {"party": 2, "foes": 1}
    assert result["over"] is False


def test_next_is_the_first_who_can_act_and_has_not_yet(erc: Any, tmp_path: Path) -> None:
    """Part 3.17 (EL-P17): "Next (the tracker): the first combatant in the round's order who
    can act, has AP left and has not ended its turn. `erc end-turn NAME --apply` gives up
    the AP it has left" (issue 30: after Kharza spent some of its AP, status had moved on)."""
    path = shipped(tmp_path)
    ok(erc, path, "roll-init", "--rolls", "5,7,2", "--apply")
    assert ok(erc, path, "status")["next"] == "Kharza"
    ok(erc, path, "feint", "Kharza", "Ogre", "--rolls", "1,1", "--apply")
    status = ok(erc, path, "status")
    kharza = next(c for c in status["combatants"] if c["name"] == "Kharza")
    assert 0 < kharza["resources"]["ap_left"] < kharza["resources"]["ap"]
    assert status["next"] == "Kharza"  # AP left: still its turn
    ok(erc, path, "end-turn", "Kharza", "--apply")
    status = ok(erc, path, "status")
    kharza = next(c for c in status["combatants"] if c["name"] == "Kharza")
    assert kharza["resources"]["ap_left"] == 0 and kharza["turn_ended"] is True
    assert status["next"] == "Beldo"
    ok(erc, path, "undo")
    assert ok(erc, path, "status")["next"] == "Kharza"  # the end of its turn undone


def test_the_fight_is_over_when_one_side_is_down(erc: Any, tmp_path: Path) -> None:
    path = shipped(tmp_path)
    ok(erc, path, "damage", "Ogre", "100", "--apply")
    result = ok(erc, path, "status")
    assert result["over"] is True
    assert next(s for s in result["sides"] if s["side"] == "foes")["standing"] == 0


def test_undo_takes_back_hp_ap_and_the_feint(erc: Any, tmp_path: Path) -> None:
    """CONTRACT "erc undo": an event cancelling the last applied one; the fold skips it."""
    path = shipped(tmp_path)
    ok(erc, path, "feint", "Kharza", "Ogre", "--rolls", "9,4", "--apply")
    ok(erc, path, "attack", "Kharza", "Ogre", "--rolls", "5,3", "--apply")
    assert status_row(erc, path, "Ogre")["hp"] == 33
    undone = ok(erc, path, "undo")
    assert undone["command"] == "attack"
    assert status_row(erc, path, "Ogre")["hp"] == 45
    kharza = status_row(erc, path, "Kharza")
    assert kharza["ap_left"] == 4 and kharza["feints"][0]["bonus"] == 12
    assert [e["command"] for e in ok(erc, path, "log")["events"]] == ["feint", "attack", "undo"]


def test_effects_are_typed_in_the_journal(erc: Any, tmp_path: Path) -> None:
    """State across commands only through typed effects: AP a core ``spend`` of ``ap``, the
    offensive mark, the feint with its round, the pin, MP spent."""
    path = shipped(tmp_path)
    ok(erc, path, "feint", "Kharza", "Ogre", "--rolls", "9,4", "--apply")
    ok(erc, path, "grab", "Ogre", "Beldo", "--rolls", "10,1", "--apply")
    ok(
        erc,
        path,
        "cast",
        "Kharza",
        "Ogre",
        "--spell",
        "Immolate",
        "--level",
        "1",
        "--rolls",
        "1,1",
        "--apply",
    )
    effects = [e["effects"] for e in journal_lines(path)]
    assert effects[0] == [
        {"type": "spend", "who": "Kharza", "resource": "ap", "amount": 2},
        {"type": "offensive", "who": "Kharza"},
        {"type": "feint", "who": "Kharza", "target": "Ogre", "bonus": 12},
    ]
    assert {"type": "pinned", "who": "Beldo", "by": "Ogre"} in effects[1]
    assert {"type": "mp", "who": "Kharza", "amount": 2} in effects[2]


def test_a_bad_effect_in_the_journal_is_a_clean_error(erc: Any, tmp_path: Path) -> None:
    path = shipped(tmp_path)
    ok(erc, path, "feint", "Kharza", "Ogre", "--rolls", "9,4", "--apply")
    journal = journal_of(path)
    event = json.loads(journal.read_text())
    event["effects"] = [{"type": "pinned", "who": "Beldo", "by": "Nobody"}]
    journal.write_text(json.dumps(event) + "\n")
    error = refused(erc, path, "status")
    assert error["code"] == "journal-name-missing"  # CONTRACT "The table"


def test_refusals_read_the_folded_state(erc: Any, tmp_path: Path) -> None:
    """``--apply`` refusals come from the journal's state: AP spent by earlier events."""
    path = shipped(tmp_path)
    ok(erc, path, "spend", "Beldo", "--ap", "3", "--apply")
    ran = call(erc, path, "attack", "Beldo", "Ogre", "--rolls", "1,1", "--apply")
    assert ran.code == 2 and ran.error["code"] == "not-enough-ap"
    assert "3 AP left" in ran.error["message"]
    assert len(journal_lines(path)) == 1
