"""Movement (EL13, EL3.3, EL Part 3.13) and the adjustments (``spend``, ``damage``,
``heal``, ``condition``) on Elysium files through the real CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.elysium.support import fighter, ok, refused, refused_records_nothing, status_row, write


def test_feet_to_ap_and_back(erc: Any, tmp_path: Path) -> None:
    """EL13: "``movement NAME --ft N`` costs ceil(N / ``move_ft_per_ap``) AP; ``--ap N``
    says how far N AP go"; EL3.3 house rule default 5 ft per AP."""
    path = write(tmp_path, fighter("M"))
    for ft, ap in ((0, 0), (1, 1), (5, 1), (6, 2), (20, 4), (30, 6)):
        assert ok(erc, path, "movement", "M", "--ft", ft)["ap_cost"] == ap, ft
    far = ok(erc, path, "movement", "M", "--ap", "3")
    assert (far["ft"], far["ap_cost"]) == (15, 3)
    assert refused(erc, path, "movement", "M", "--ft", "31")["code"] == "not-enough-ap"
    other = write(tmp_path, fighter("M"), rules={"move_ft_per_ap": 10})
    assert ok(erc, other, "movement", "M", "--ft", "25")["ap_cost"] == 3


def test_ft_and_ap_are_exclusive_and_one_is_required(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.13: "``--ft`` and ``--ap`` are exclusive, one is required"."""
    path = write(tmp_path, fighter("M"))
    assert refused(erc, path, "movement", "M")["code"] == "bad-option"
    assert refused(erc, path, "movement", "M", "--ft", "5", "--ap", "1")["code"] == "bad-option"


def test_a_prone_mover_pays_stand_up_ap_and_stands(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.13: "A prone mover pays ``stand_up_ap`` in ``movement``"; EL5.7 prone lasts
    "until the combatant stands up"."""
    path = write(tmp_path, fighter("P", conditions=["prone"]))
    result = ok(erc, path, "movement", "P", "--ft", "10", "--apply")
    assert result["ap_cost"] == 2 + 2 and result["stand_up"] is True
    assert status_row(erc, path, "P")["conditions"] == []
    again = write(tmp_path, fighter("P", conditions=["prone"]))
    assert ok(erc, again, "movement", "P", "--ap", "4")["ft"] == 10
    assert refused(erc, again, "movement", "P", "--ap", "1")["code"] == "not-enough-ap"


def test_a_pinned_combatant_cannot_move(erc: Any, tmp_path: Path) -> None:
    """EL13: "A pinned combatant cannot move"."""
    grabber = fighter("G", abilities={"muscle": 9}, skills={"hand-to-hand": 9})
    path = write(tmp_path, grabber, fighter("V"))
    ok(erc, path, "grab", "G", "V", "--rolls", "10,1", "--apply")
    assert refused_records_nothing(erc, path, "movement", "V", "--ap", "2")["code"] == (
        "cannot-move"
    )


def test_one_who_cannot_act_cannot_move(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.13: "Who cannot act: HP 0, asleep, unconscious, paralyzed, bound"."""
    for condition in ("asleep", "unconscious", "paralyzed", "bound"):
        path = write(tmp_path, fighter("M", conditions=[condition]))
        assert refused(erc, path, "movement", "M", "--ft", "5")["code"] == "cannot-act"
    path = write(tmp_path, fighter("M", conditions=["unaware", "prone"]))
    assert ok(erc, path, "movement", "M", "--ft", "5")["ap_cost"] == 3


def test_damage_and_heal_change_hp_within_0_and_the_maximum(erc: Any, tmp_path: Path) -> None:
    """EL4.4: "HP never go below 0"; healing stops at the maximum; a preview records
    nothing, ``--apply`` does."""
    path = write(tmp_path, fighter("H", hp=20, hp_current=12))
    preview = ok(erc, path, "damage", "H", "5")
    assert (preview["hp_before"], preview["hp_after"]) == (12, 7)
    assert status_row(erc, path, "H")["hp"] == 12
    hit = ok(erc, path, "damage", "H", "50", "--apply")
    assert (hit["amount"], hit["dealt"], hit["hp_after"], hit["down"]) == (50, 50, 0, True)
    assert status_row(erc, path, "H")["down"] is True
    healed = ok(erc, path, "heal", "H", "25", "--apply")
    assert (healed["dealt"], healed["health_change"], healed["hp_after"]) == (25, 20, 20)
    assert set(healed) >= {"name", "amount", "dealt", "hp_before", "hp_after", "notes"}


def test_condition_adds_and_removes_the_closed_set(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.13: "Conditions in Elysium files: ``asleep bound paralyzed prone unaware
    unconscious`` (closed); ``pinned`` comes only from a grab"."""
    path = write(tmp_path, fighter("C"), fighter("B"))
    added = ok(erc, path, "condition", "C", "prone", "unaware", "--by", "B", "--apply")
    assert added["added"] == ["prone", "unaware"] and added["conditions_after"] == [
        "prone",
        "unaware",
    ]
    row = status_row(erc, path, "C")
    assert [(c["name"], c["by"]) for c in row["conditions"]] == [("prone", "B"), ("unaware", "B")]
    removed = ok(erc, path, "condition", "C", "prone", "--remove", "--apply")
    assert removed["removed"] == ["prone"] and removed["conditions_after"] == ["unaware"]
    assert refused(erc, path, "condition", "C", "pinned")["code"] == "bad-condition"
    typo = refused(erc, path, "condition", "C", "sleepy")
    assert typo["code"] == "bad-condition" and "asleep" in typo["message"]


def test_condition_rounds_end_with_the_round(erc: Any, tmp_path: Path) -> None:
    path = write(tmp_path, fighter("C"))
    ok(erc, path, "roll-init", "--rolls", "1", "--apply")
    ok(erc, path, "condition", "C", "paralyzed", "--rounds", "1", "--apply")
    assert status_row(erc, path, "C")["conditions"][0]["rounds_left"] == 1
    ok(erc, path, "roll-init", "--apply")
    assert status_row(erc, path, "C")["conditions"] == []


def test_condition_by_names_another_combatant_not_itself(erc: Any, tmp_path: Path) -> None:
    """``condition --by NAME``: "Who caused them" (EL-P13), another combatant, as in the
    other rulesets (Spellchrome and ER refuse a combatant as its own cause): ``--by`` the
    combatant itself is refused, exit 2, nothing recorded."""
    path = write(tmp_path, fighter("P"), fighter("Q"))
    error = refused(erc, path, "condition", "P", "prone", "--by", "P")
    assert error["code"] == "bad-option" and "itself" in error["message"]
    assert ok(erc, path, "condition", "P", "prone", "--by", "Q")["by"] == "Q"
