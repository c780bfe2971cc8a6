"""Checks against a number and sheets at the table (issue 30 part B): ER ``erc feat`` (R14.1,
R2.1, R2.2, R1.3, R1.5, R10, R13.1), Spellchrome ``erc ability`` (Part 3.15), Elysium ``erc
skill`` (Part 3.16), and ``erc show`` in each ruleset."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, SeededSource
from erc.core.encounter import load
from erc.core.odds import against_odds
from erc.rulesets.er.rules.feat import feat
from tests.conftest import ENCOUNTERS, encounter_path

AMBUSH = encounter_path("ambush.yaml")
DUEL = encounter_path("duel.yaml")
WAREHOUSE = encounter_path("spellchrome-warehouse.yaml")
OGRE = encounter_path("elysium-ogre.yaml")


def _ok(erc: Any, *args: Any) -> Any:
    ran = erc(*[str(a) for a in args], "--json", "--journal", "/dev/null")
    assert ran.code == 0, ran.err
    return ran.json["result"]


def _error(erc: Any, *args: Any) -> Any:
    ran = erc(*[str(a) for a in args], "--json", "--journal", "/dev/null")
    assert ran.code == 2, ran.out
    return json.loads(ran.err)["error"]


# --- ER feat: R14.1 ---------------------------------------------------------------------------


def test_feat_is_d20_plus_the_modifier_against_comp(erc: Any) -> None:
    """R2.1: "d20 + sub-attribute modifier against a Comp. Succeeds when total >= Comp"
    (Thorin: Strength 4, modifier +1)."""
    hit = _ok(erc, "feat", "Thorin", "strength", "--comp", "12", "-e", AMBUSH, "--rolls", "11")
    assert (hit["roll"], hit["modifier"], hit["total"], hit["target"]) == (11, 1, 12, 12)
    assert hit["success"] is True and hit["name"] == "Thorin" and hit["no_roll"] is None
    miss = _ok(erc, "feat", "Thorin", "str", "--comp", "12", "-e", AMBUSH, "--rolls", "10")
    assert miss["success"] is False and miss["check"] == "strength feat"


def test_preservation_adds_the_score(erc: Any) -> None:
    """R2.2: "d20 + sub-attribute score + other influences", with --mod."""
    save = _ok(
        erc, "feat", "Thorin", "strength", "--comp", "15", "--preservation", "--mod", "2",
        "-e", AMBUSH, "--rolls", "9",
    )  # fmt: skip
    assert save["modifier"] == 4 + 2 and save["total"] == 15 and save["success"] is True
    assert save["parts"] == {"strength score": 4, "mod": 2}


def test_raw_20_and_raw_1_decide_a_feat(erc: Any) -> None:
    """R1.3: "The same holds for a d20 save, feat or Perception check (raw 20 succeeds,
    raw 1 fails)"."""
    high = _ok(erc, "feat", "Thorin", "agility", "--comp", "40", "-e", AMBUSH, "--rolls", "20")
    low = _ok(erc, "feat", "Thorin", "agility", "--comp", "-10", "-e", AMBUSH, "--rolls", "1")
    assert high["success"] is True and high["natural"] is True
    assert low["success"] is False and low["natural"] is True


def test_advantage_keeps_the_better_and_bound_is_disadvantage(erc: Any, tmp_path: Path) -> None:
    """R1.5: "roll two, keep the better; disadvantage: keep the worse"; R10 bound: its
    Strength, Agility and Resilience feats at disadvantage; with --advantage they cancel."""
    better = _ok(
        erc, "feat", "Vessa", "agility", "--comp", "10", "--advantage", "-e", AMBUSH,
        "--rolls", "3,15",
    )  # fmt: skip
    assert better["roll"] == 15 and [d["kept"] for d in better["dice"]] == [False, True]
    path = tmp_path / "ambush.yaml"
    shutil.copy(AMBUSH, path)
    assert erc("condition", "Vessa", "bound", "-e", path, "--apply").code == 0
    ran = erc("feat", "Vessa", "agility", "--comp", "10", "-e", path, "--rolls", "3,15", "--json")
    bound = ran.json["result"]
    assert bound["roll"] == 3 and bound["advantage"] == "disadvantage"
    assert bound["disadvantage_from"] == ["Vessa is bound"]
    assert ran.json.get("applied") is None
    both = erc(
        "feat", "Vessa", "agility", "--comp", "10", "--advantage", "-e", path, "--rolls", "3",
        "--json",
    ).json["result"]  # fmt: skip
    assert both["advantage"] == "normal" and len(both["dice"]) == 1


def test_who_cannot_roll_fails_with_no_die(erc: Any, tmp_path: Path) -> None:
    """R13.1 as R14.1 applies it: "A combatant that cannot roll (R13.1) fails with no die
    (`no_roll` says why)"."""
    path = tmp_path / "ambush.yaml"
    shutil.copy(AMBUSH, path)
    assert erc("condition", "Vessa", "unconscious", "-e", path, "--apply").code == 0
    out = erc("feat", "Vessa", "will", "--comp", "5", "-e", path, "--json")
    result = out.json["result"]
    assert result["no_roll"] == "unconscious" and result["success"] is False
    assert result["dice"] == [] and out.json["rolls"] == []


def test_feat_applied_spends_nothing(erc: Any, tmp_path: Path) -> None:
    """R14.1: "It is not an action: it spends nothing and may be applied to record it"."""
    path = tmp_path / "duel.yaml"
    shutil.copy(DUEL, path)
    ran = erc(
        "feat",
        "Kaela",
        "resilience",
        "--comp",
        "12",
        "-e",
        path,
        "--seed",
        "1",
        "--apply",
        "--json",
    )
    assert ran.code == 0 and ran.json["applied"]["event"] == 1
    event = json.loads(path.with_name("duel.journal.jsonl").read_text())
    assert event["command"] == "feat" and event["effects"] == []
    status = erc("status", "-e", path, "--json").json["result"]
    assert all(not c["acted"] for c in status["combatants"])


def test_feat_odds_are_exact(erc: Any) -> None:
    """--odds: d20 + 1 >= 12 is faces 11-20 (10/20), raw 1 and 20 included; at advantage
    1 - (10/20)^2 = 3/4."""
    plain = erc("feat", "Thorin", "strength", "--comp", "12", "-e", AMBUSH, "--odds", "--json")
    odds = plain.json["result"]["odds"]
    assert odds["exact"]["p_success"] == "1/2" and plain.json["rolls"] == []
    up = erc(
        "feat", "Thorin", "strength", "--comp", "12", "--advantage", "-e", AMBUSH, "--odds",
        "--json",
    )  # fmt: skip
    assert up.json["result"]["odds"]["exact"]["p_success"] == "3/4"
    hopeless = erc("feat", "Thorin", "strength", "--comp", "99", "-e", AMBUSH, "--odds", "--json")
    assert hopeless.json["result"]["odds"]["exact"]["p_success"] == "1/20"  # a raw 20


def test_feat_rolls_agree_with_the_exact_odds() -> None:
    """Seeded feats at advantage land near the exact chance (3/4): 4,000 rolls, within
    four standard deviations."""
    thorin = load(AMBUSH).get("Thorin")
    exact = Fraction(
        against_odds(feat(None, thorin, "strength", 12, advantage=True), sides=20, naturals=True)[
            "exact"
        ]["p_success"]
    )
    dice = Dice(SeededSource(2026), budget=10**6)
    n = 4000
    wins = sum(bool(feat(dice, thorin, "strength", 12, advantage=True).success) for _ in range(n))
    p = float(exact)
    assert abs(wins / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_bad_feat_input_is_exit_2(erc: Any) -> None:
    assert (
        _error(erc, "feat", "Nobody", "strength", "--comp", "5", "-e", AMBUSH)["code"]
        == "unknown-combatant"
    )
    bad = _error(erc, "feat", "Thorin", "wisdom", "--comp", "5", "-e", AMBUSH)
    assert bad["code"] == "bad-option" and "strength" in bad["message"]
    other = _error(erc, "feat", "Vex", "strength", "--comp", "5", "-e", WAREHOUSE)
    assert other["code"] == "not-in-ruleset"


# --- Spellchrome ability check: Part 3.15 -----------------------------------------------------


# --- Elysium skill check: Part 3.16 -----------------------------------------------------------


# --- erc show ---------------------------------------------------------------------------------


def test_er_sheet_has_ac_body_and_the_per_die_bonus(erc: Any) -> None:
    """R5.2, R5.3: melee dice + Strength score + attacker size (the huge Ogre +2); R5.4: the
    Strength modifier once a target and the weight once a strike; R9.1 movement."""
    ogre = _ok(erc, "show", "Ogre", "-e", DUEL)
    assert ogre["defense"] == {"AC": 13} and (ogre["health"], ogre["health_max"]) == (40, 40)
    club, fist = ogre["weapon_lines"]
    assert club["numbers"]["pool"] == "primary" and club["numbers"]["dice"] == 2
    assert club["numbers"]["bonus_per_die"] == 8 + 2
    assert club["numbers"]["modifier_per_target"] == 3 and club["numbers"]["weight_per_strike"] == 2
    assert fist["numbers"]["pool"] == "savage" and fist["numbers"]["dice"] == 1
    assert ogre["movement"] == {"rate_ft": 40, "spent_ft": 0, "left_ft": 40}
    assert ogre["resources"] == {"action": True, "reaction": True, "movement_left_ft": 40}
    fenn = _ok(erc, "show", "Fenn", "-e", DUEL)
    assert fenn["weapon_lines"][0]["numbers"]["bonus_per_die"] == 6  # ranged: Agility score


def test_er_sheet_follows_the_fight(erc: Any, tmp_path: Path) -> None:
    path = tmp_path / "duel.yaml"
    shutil.copy(DUEL, path)
    assert erc("damage", "Ogre", "5", "-e", path, "--apply").code == 0
    assert erc("condition", "Ogre", "prone", "-e", path, "--apply").code == 0
    ogre = erc("show", "Ogre", "-e", path, "--json").json["result"]
    assert ogre["health"] == 35 and [c["name"] for c in ogre["conditions"]] == ["prone"]
    assert path.with_name("duel.journal.jsonl").read_text().count("\n") == 2  # show wrote nothing


@pytest.mark.parametrize(
    "command", ["feat", "show", "join", "rename", "new-fight", "undo", "ability", "skill"]
)
def test_each_new_command_has_help(erc: Any, command: str) -> None:
    encounter = {"ability": WAREHOUSE, "skill": OGRE}.get(command, AMBUSH)
    ran = erc(command, "--help", "-e", encounter)
    assert ran.code == 0 and "--json" in ran.out


def test_show_unknown_name_is_exit_2(erc: Any) -> None:
    for path in (AMBUSH, WAREHOUSE, OGRE):
        assert _error(erc, "show", "Nobody", "-e", path)["code"] == "unknown-combatant"


def test_the_shipped_files_exist() -> None:
    assert (ENCOUNTERS / "duel-reinforced.yaml").exists()
