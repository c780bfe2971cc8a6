"""Elysium's Reaction order (EL2, EL Part 3.8) and the round's AP (EL3.1) through the CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.elysium.support import call, fighter, ok, refused, status_row, sword, write


def names(places: list[dict[str, Any]]) -> list[str]:
    return [p["name"] for p in places]


def test_reaction_is_the_die_plus_agility_cunning_and_initiative(erc: Any, tmp_path: Path) -> None:
    """EL2.1: "Reaction (AGI+CUN)" + the file's ``initiative``; EL1.1: one d10."""
    path = write(
        tmp_path,
        fighter("A", abilities={"agility": 3, "cunning": 4}, initiative=-1),
        fighter("B", abilities={"agility": 1}),
    )
    ran = call(erc, path, "roll-init", "--rolls", "5,9")
    assert ran.code == 0, ran.err
    assert [(r["die"], r["for"]) for r in ran.json["rolls"]] == [
        (10, "A reaction"),
        (10, "B reaction"),
    ]
    a = next(p for p in ran.json["result"]["order"] if p["name"] == "A")
    assert a["parts"] == {"agility": 3, "cunning": 4, "initiative": -1}
    assert (a["total"], a["roll"], a["agi_cun"], a["modifier"]) == (11, 5, 7, 6)


def test_declared_lowest_first_resolved_highest_first(erc: Any, tmp_path: Path) -> None:
    """EL2.2: "starting with the lowest number, the GM should call on each participant to
    announce" and "starting with the players who rolled highest ... working down"; EL Part
    3.8: ``declare_order`` is the exact reverse of ``order``."""
    path = write(tmp_path, fighter("A"), fighter("B"), fighter("C"))
    result = ok(erc, path, "roll-init", "--rolls", "4,9,6")
    assert names(result["order"]) == ["B", "C", "A"]
    assert names(result["declare_order"]) == ["A", "C", "B"]
    assert [p["place"] for p in result["declare_order"]] == [1, 2, 3]
    assert [p["total"] for p in result["declare_order"]] == [4, 6, 9]
    for place in result["order"]:
        assert set(place) >= {"place", "name", "total", "roll", "agi_cun", "tiebreak"}


def test_ties_go_to_the_higher_agility_plus_cunning_without_initiative(
    erc: Any, tmp_path: Path
) -> None:
    """EL2.3: "Ties: higher AGI + CUN first"; EL Part 3.8: "Ties on AGI + CUN leave out the
    file's initiative"."""
    path = write(
        tmp_path,
        fighter("Lucky", abilities={"agility": 2, "cunning": 2}, initiative=2),
        fighter("Quick", abilities={"agility": 3, "cunning": 3}),
    )
    tied = ok(erc, path, "roll-init", "--rolls", "3,3")  # Lucky 3+4+2 = 9, Quick 3+6 = 9
    assert [p["total"] for p in tied["order"]] == [9, 9]
    assert names(tied["order"]) == ["Quick", "Lucky"]
    assert all(p["tiebreak"] == [] for p in tied["order"])


def test_still_tied_roll_off_again_until_decided(erc: Any, tmp_path: Path) -> None:
    """EL2.3: "still tied, a d10 roll-off, again until decided"; EL Part 2 dice order: the
    roll-offs by tied group from the highest total down."""
    path = write(tmp_path, fighter("A"), fighter("B"), fighter("C"), fighter("D"))
    # A 7, B 7, C 3, D 3: group {A, B} rolls off first (ties at 4, then 2-8), then {C, D}
    ran = call(erc, path, "roll-init", "--rolls", "7,7,3,3,4,4,2,8,6,1")
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert names(result["order"]) == ["B", "A", "C", "D"]
    by = {p["name"]: p["tiebreak"] for p in result["order"]}
    assert by == {"A": [4, 2], "B": [4, 8], "C": [6], "D": [1]}
    assert [r["for"] for r in ran.json["rolls"][4:]] == [
        "A tie-break 1",
        "B tie-break 1",
        "A tie-break 2",
        "B tie-break 2",
        "C tie-break 1",
        "D tie-break 1",
    ]


def test_roll_offs_use_the_files_die(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.8: "Roll-offs use the file's die"; EL1.1 house rule ``die``."""
    path = write(tmp_path, fighter("A"), fighter("B"), rules={"die": "d20"})
    ran = call(erc, path, "roll-init", "--rolls", "15,15,20,1")
    assert ran.code == 0, ran.err
    assert [r["die"] for r in ran.json["rolls"]] == [20, 20, 20, 20]
    assert ran.json["rules"]["die"] == "d20"
    assert names(ran.json["result"]["order"]) == ["A", "B"]


def places(result: dict[str, Any]) -> list[tuple[str, int, int, dict[str, int]]]:
    return [(p["name"], p["total"], p["roll"], p["parts"]) for p in result["order"]]


def test_initiative_keep_is_the_default_and_reroll_rolls_anew(erc: Any, tmp_path: Path) -> None:
    """EL2.4: house rule ``initiative: keep|reroll``, default keep: "the checks are made when
    combat begins" ("Some GMs prefer that Reaction is rolled only at the beginning of the
    combat encounter"): later rounds keep the whole check, totals and order as round 1, even
    after a Morale level changed the terms; with reroll each round rolls anew."""
    path = write(
        tmp_path,
        fighter("Bully", abilities={"agility": 1, "courage": 5}, skills={"intimidate": 5}),
        fighter("Meek", abilities={"agility": 2, "cunning": 2}),
    )
    first = ok(erc, path, "roll-init", "--rolls", "3,8", "--apply")
    assert places(first) == [
        ("Meek", 12, 8, {"agility": 2, "cunning": 2}),
        ("Bully", 4, 3, {"agility": 1, "cunning": 0}),
    ]
    scared = ok(erc, path, "social", "intimidate", "Bully", "Meek", "--rolls", "10,1", "--apply")
    assert scared["penalty"] == -10  # recomputed, Meek's check would be 2: below Bully's 4
    ran = call(erc, path, "roll-init", "--apply")
    assert ran.code == 0 and ran.json["rolls"] == []
    kept = ran.json["result"]
    assert kept["kept"] is True and kept["round"] == 2
    assert places(kept) == places(first)
    assert [p["name"] for p in kept["declare_order"]] == ["Bully", "Meek"]
    assert places(ok(erc, path, "roll-init", "--apply")) == places(first)  # round 3 too
    reroll = write(tmp_path, fighter("A"), fighter("B"), rules={"initiative": "reroll"})
    ok(erc, reroll, "roll-init", "--rolls", "3,8", "--apply")
    again = call(erc, reroll, "roll-init", "--rolls", "9,1", "--apply")
    assert again.code == 0 and names(again.json["result"]["order"]) == ["A", "B"]
    assert again.json["result"]["kept"] is False


def test_a_round_already_started_is_not_started_again(erc: Any, tmp_path: Path) -> None:
    path = write(tmp_path, fighter("A"))
    ok(erc, path, "roll-init", "--rolls", "3", "--apply")
    error = refused(erc, path, "roll-init", "--round", "1", "--rolls", "3", "--apply")
    assert error["code"] == "round-started"


def test_ap_are_replenished_when_a_round_starts(erc: Any, tmp_path: Path) -> None:
    """EL3.1: "Characters start off with 6 AP, but more can be earned through the Speedy
    Combatant trump ... When a new round starts, your Action Points are replenished";
    unspent AP are lost."""
    path = write(
        tmp_path,
        fighter("A", weapons=[sword(ap=4)]),
        fighter("Speedy", ap=8, trumps=["speedy_combatant"]),
    )
    ok(erc, path, "roll-init", "--rolls", "3,8", "--apply")
    ok(erc, path, "attack", "A", "Speedy", "--rolls", "1,1", "--apply")
    ok(erc, path, "spend", "Speedy", "--ap", "3", "--apply")
    assert status_row(erc, path, "A")["ap_left"] == 2
    assert status_row(erc, path, "Speedy")["ap_left"] == 5
    ok(erc, path, "roll-init", "--apply")
    assert status_row(erc, path, "A")["ap_left"] == 6
    speedy = status_row(erc, path, "Speedy")
    assert (speedy["ap_max"], speedy["ap_left"]) == (8, 8)


def test_morale_and_agitation_apply_to_the_reaction_check(erc: Any, tmp_path: Path) -> None:
    """EL11.1: the levels apply to "ability ... rolls during combat"; the Reaction check is
    AGI + CUN (our reading: it is an ability roll)."""
    path = write(
        tmp_path,
        fighter("Bully", abilities={"courage": 5}, skills={"intimidate": 5}),
        fighter("Meek"),
    )
    ok(erc, path, "social", "intimidate", "Bully", "Meek", "--rolls", "10,1", "--apply")
    result = ok(erc, path, "roll-init", "--rolls", "5,5")
    meek = next(p for p in result["order"] if p["name"] == "Meek")
    assert meek["parts"]["morale"] == -10 and meek["total"] == -5


def test_one_who_cannot_act_keeps_its_place_but_does_not_act(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.13: "Who cannot act: HP 0, asleep, unconscious, paralyzed, bound"."""
    path = write(tmp_path, fighter("A", conditions=["bound"]), fighter("B", hp_current=0, hp=9))
    result = ok(erc, path, "roll-init", "--rolls", "3,8")
    assert {p["name"]: (p["acts"], p["status"]) for p in result["order"]} == {
        "A": (False, "bound"),
        "B": (False, "down"),
    }
