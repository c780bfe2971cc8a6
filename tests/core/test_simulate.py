"""``erc simulate`` (RULES.md R15; Spellchrome point 16, Elysium point 18): whole fights
through the rules the commands use, reproducible, replayable, checked against exact odds."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from erc.core import simulate as sim
from tests.conftest import ENCOUNTERS, FIXTURES, ROOT

LONG = os.environ.get("ERC_FUZZ") == "long"
DUELS = FIXTURES / "simulate"
SHIPPED = sorted(p.name for p in ENCOUNTERS.glob("*.yaml"))
ERC = (sys.executable, "-m", "erc")
Z999 = 3.2905267314919255
"""The normal quantile of a two-sided 99.9% interval."""


def _shipped(name: str) -> str:
    return str(ENCOUNTERS / name)


# --- R15: the same rules, not a copy: a traced fight replays through erc batch ----------------


@pytest.mark.parametrize("name", SHIPPED)
def test_trace_replays_through_batch_to_the_same_status(
    name: str, erc: Any, tmp_path: Path
) -> None:
    """R15: fight K printed as erc command lines with --rolls and --apply gives, replayed
    through ``erc batch`` on a fresh journal, the final ``status`` the simulation reached."""
    path = _shipped(name)
    traced = erc("simulate", "-e", path, "--seed", "11", "--trace", "3", "--json")
    assert traced.code == 0, traced.err
    result = traced.json["result"]
    lines = result["lines"]
    assert lines and all(line.endswith("--apply") for line in lines)
    assert any(" attack " in line for line in lines)
    journal = tmp_path / "fight.jsonl"
    env = {**os.environ, "ERC_JOURNAL": str(journal)}
    batch = subprocess.run(
        [sys.executable, "-m", "erc", "batch"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )
    assert batch.returncode == 0, batch.stdout[-2000:]
    replayed = erc("status", "-e", path, "--journal", str(journal), "--json").json["result"]
    simulated = result["final_status"]
    replayed.pop("journal")
    simulated.pop("journal")
    assert replayed == simulated
    assert simulated["over"] or simulated["round"] == 100


def test_trace_human_lines_are_the_json_lines(erc: Any) -> None:
    path = _shipped("duel.yaml")
    human = erc("simulate", "-e", path, "--seed", "4", "--trace", "1")
    lines = erc("simulate", "-e", path, "--seed", "4", "--trace", "1", "--json").json["result"]
    shown = human.out.splitlines()
    assert shown[0].startswith("# fight 1 of seed 4:")
    assert shown[1:] == lines["lines"]


# --- reproducible: fight i's dice from (S, i); any --jobs, the same bytes ---------------------


def test_jobs_give_byte_identical_output() -> None:
    """Fight i's dice come from (S, i) alone: --jobs 1 and --jobs 2 print the same bytes."""
    outputs = []
    line = [*ERC, "simulate", "-e", _shipped("stealth.yaml"), "-n", "96", "--seed", "5"]
    for jobs in ("1", "2"):
        ran = subprocess.run(
            [*line, "--jobs", jobs, "--json"],
            capture_output=True,
            check=False,
        )
        assert ran.returncode == 0, ran.stderr
        assert ran.stderr == b""  # no progress bar in a pipe
        outputs.append(ran.stdout)
    assert outputs[0] == outputs[1]


def test_the_fights_do_not_depend_on_how_they_are_cut() -> None:
    settings = sim.Settings()
    path = _shipped("duel.yaml")
    whole = sim.run_job(sim.Job(path, settings, 3, 1, 13))
    parts = [f for job in sim.jobs_of(path, settings, 3, 12, 5) for f in sim.run_job(job)]
    assert whole == parts
    assert sim.run_job(sim.Job(path, settings, 3, 7, 8)) == [whole[6]]


def test_another_seed_other_fights(erc: Any) -> None:
    path = _shipped("duel.yaml")
    one = erc("simulate", "-e", path, "-n", "40", "--seed", "1", "--json").json["result"]
    two = erc("simulate", "-e", path, "-n", "40", "--seed", "2", "--json").json["result"]
    assert one["seed"] == 1 and two["seed"] == 2
    assert one["combatants"] != two["combatants"]


# --- R15.2: the foe each attacker picks ---------------------------------------------------------


def _table(name: str, target: str = "weakest") -> sim.Table:
    ruleset, base, model = sim.loaded_parts(_shipped(name))
    settings = sim.Settings(target)
    return sim.Table(ruleset, base, model=model, settings=settings, seed=1, fight=1)


def test_r15_2_weakest_is_the_lowest_current_body_strongest_the_highest() -> None:
    """R15.2: `weakest` the standing foe with the lowest current Body, `strongest` the
    highest (ties in file order)."""
    assert _table("ambush.yaml").pick("Vessa") == "Brother Aldo"  # Body 11 of 18
    assert _table("ambush.yaml", "strongest").pick("Vessa") == "Thorin"  # Body 24
    assert _table("ambush.yaml").pick("Thorin") == "Bandit 1"  # three at 9: file order
    assert _table("ambush.yaml", "strongest").pick("Thorin") == "Vessa"


def test_r15_2_random_picks_every_standing_foe_from_the_fights_own_generator() -> None:
    """R15.2 `random`: one of them with equal chances, from the fight's own generator."""
    ruleset, base, model = sim.loaded_parts(_shipped("ambush.yaml"))
    picked = set()
    for fight in range(1, 60):
        table = sim.Table(
            ruleset, base, model=model, settings=sim.Settings("random"), seed=9, fight=fight
        )
        picked.add(table.pick("Thorin"))
    assert picked == {"Vessa", "Bandit 1", "Bandit 2", "Bandit 3"}


def test_r15_3_a_combatant_with_no_weapon_gives_its_action_up(tmp_path: Path, erc: Any) -> None:
    """R15.3: a combatant with no weapon for any pool does nothing that turn."""
    path = tmp_path / "unarmed.yaml"
    path.write_text(
        "erc: 1\ncombatants:\n"
        "  - {name: Monk, side: a, ac: 10, body: 5, attributes: {strength: 1}, pools: {}}\n"
        "  - name: Guard\n    side: b\n    ac: 10\n    body: 30\n"
        "    attributes: {strength: 3}\n    pools: {primary: 1}\n"
        "    weapons: [{name: club, kind: melee, weight: light, damage_type: blunt}]\n"
    )
    lines = erc("simulate", "-e", path, "--seed", "2", "--trace", "1", "--json").json["result"]
    assert any(line.split()[1:2] == ["spend"] and "--action" in line for line in lines["lines"])
    assert lines["winner"] == "b"


# --- R15.4, Spellchrome 16, Elysium 18: the end of the fight --------------------------------


def test_r15_4_a_draw_after_max_rounds(erc: Any) -> None:
    """R15.4: a draw when --max-rounds rounds have passed."""
    result = erc(
        "simulate",
        "-e",
        _shipped("duel.yaml"),
        "-n",
        "20",
        "--seed",
        "1",
        "--max-rounds",
        "1",
        "--json",
    ).json["result"]
    assert result["draws"] == 20 and result["p_draw"] == 1.0
    assert result["fight_rounds"]["histogram"] == [[1, 20]]
    assert result["settings"]["max_rounds"] == 1


# --- the report -------------------------------------------------------------------------------


def test_wilson_interval() -> None:
    """The Wilson score interval: 0 of 20 gives [0, z²/(n+z²)]; k of n is centred on
    (k + z²/2) / (n + z²)."""
    low, high = sim.wilson(0, 20)
    z2 = sim.Z95**2
    assert low == 0.0
    assert high == pytest.approx(z2 / (20 + z2))
    low, high = sim.wilson(5, 10)
    assert (low + high) / 2 == pytest.approx(0.5)
    assert (low, high) == pytest.approx((0.2366, 0.7634), abs=1e-4)  # the textbook 5 of 10


def test_report_fields(erc: Any) -> None:
    ran = erc("simulate", "-e", _shipped("ambush.yaml"), "-n", "50", "--seed", "8", "--json")
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert result["n"] == 50 and result["seed"] == 8
    assert result["settings"]["target"] == "weakest"
    assert result["settings"]["rules"]["initiative"] == "reroll"
    assert [s["side"] for s in result["sides"]] == ["party", "bandits"]
    assert sum(s["wins"] for s in result["sides"]) + result["draws"] == 50
    for side in result["sides"]:
        low, high = side["interval"]
        assert low <= side["p_win"] <= high
    rounds = result["fight_rounds"]
    assert sum(k for _, k in rounds["histogram"]) == 50
    assert rounds["median"] <= rounds["p90"]
    names = [c["name"] for c in result["combatants"]]
    assert names[:3] == ["Thorin", "Mira", "Brother Aldo"] and len(names) == 7
    dealt = sum(c["mean_damage_dealt"] for c in result["combatants"])
    taken = sum(c["mean_damage_taken"] for c in result["combatants"])
    assert dealt == pytest.approx(taken)
    assert result["exact_duel"] is None


def test_human_report_has_the_chart_and_the_table(erc: Any) -> None:
    ran = erc("simulate", "-e", _shipped("duel.yaml"), "-n", "30", "--seed", "2")
    assert ran.code == 0, ran.err
    assert "95% interval" in ran.out
    assert "█" in ran.out and "median" in ran.out
    assert "standing at end" in ran.out


# --- --expect --------------------------------------------------------------------------------


def test_expect_missed_exits_1_with_the_interval(erc: Any) -> None:
    path = _shipped("duel.yaml")
    missed = erc("simulate", "-e", path, "-n", "30", "--seed", "1", "--expect", "party>=0.6")
    assert missed.code == 1
    assert "MISSED" in missed.out and "95% interval" in missed.out
    met = erc(
        "simulate",
        "-e",
        path,
        "-n",
        "30",
        "--seed",
        "1",
        "--expect",
        "monsters>=0.6",
        "--expect",
        "Party>=0",
        "--json",
    )
    assert met.code == 0
    expect = met.json["result"]["expect"]
    assert [e["side"] for e in expect] == ["monsters", "party"]
    assert all(e["met"] for e in expect)


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["-n", "0"], None),
        (["--expect", "pirates>=0.5"], "bad-expect"),
        (["--expect", "party>=1.5"], "bad-expect"),
        (["--expect", "party>=-0.1"], "bad-expect"),
        (["--expect", "party"], "bad-expect"),
        (["--expect", "party>=lots"], "bad-expect"),
        (["--exact"], "exact-needs-duel"),
        (["--target", "nearest"], None),
    ],
)
def test_bad_input_is_exit_2(args: list[str], code: str | None, erc: Any) -> None:
    ran = erc("simulate", "-e", _shipped("duel.yaml"), "--json", *args)
    assert ran.code == 2
    assert ran.out == ""
    if code is not None:
        assert ran.error["code"] == code


def test_a_file_with_one_side_is_exit_2(tmp_path: Path, erc: Any) -> None:
    path = tmp_path / "one.yaml"
    path.write_text(
        "erc: 1\ncombatants:\n  - {name: A, side: x, ac: 10, body: 5}\n"
        "  - {name: B, side: x, ac: 10, body: 5}\n"
    )
    ran = erc("simulate", "-e", path, "--json")
    assert ran.code == 2
    assert ran.error["code"] == "one-side"
    assert "one side" in ran.error["message"]


# --- R15.6 --exact ---------------------------------------------------------------------------


def test_r15_6_exact_recurrence_by_hand() -> None:
    """R15.6: A acts first with its chance, each turn's damage with its distribution,
    summed over every sequence of rounds up to --max-rounds. A hits for 5 half the time,
    B always; 5 health each: A wins only first and hitting (1/2 * 1/2)."""
    half = Fraction(1, 2)
    duel = sim.Duel("A", "B", 5, 5, {0: half, 5: half}, {5: Fraction(1)}, half, False)
    assert sim.exact(duel, 1) == (Fraction(1, 4), Fraction(3, 4), Fraction(0))
    slow = sim.Duel("A", "B", 2, 2, {1: Fraction(1)}, {0: Fraction(1)}, half, False)
    assert sim.exact(slow, 1) == (0, 0, 1)  # two hits needed: a draw after one round
    assert sim.exact(slow, 2) == (1, 0, 0)
    kept = sim.Duel("A", "B", 5, 5, {5: Fraction(1)}, {5: Fraction(1)}, Fraction(1, 3), True)
    assert sim.exact(kept, 3) == (Fraction(1, 3), Fraction(2, 3), Fraction(0))


@pytest.mark.parametrize("ruleset", ["er", "spellchrome", "elysium"])
def test_exact_agrees_with_simulation(ruleset: str, erc: Any) -> None:
    """R15.6 against R15.1-R15.5: the exact chance of each side lies inside the 99.9%
    Wilson interval of the simulated fights (20,000 of them with ERC_FUZZ=long)."""
    n = 20_000 if LONG else 1_500
    path = DUELS / f"{ruleset}-duel.yaml"
    ran = erc(
        "simulate", "-e", path, "-n", str(n), "--seed", "21", "--exact", "--jobs", "2", "--json"
    )
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    exact = result["exact_duel"]
    total = Fraction(0)
    for side in result["sides"]:
        p = Fraction(exact["win"][side["side"]]["exact"])
        total += p
        low, high = sim.wilson(side["wins"], n, Z999)
        assert low <= float(p) <= high, (side, float(p))
    assert total + Fraction(exact["draw"]["exact"]) == 1


def test_exact_initiative_odds_enumerate_the_rule() -> None:
    """R15.6: an equal total is one half (R3.3). Two combatants with equal modifiers
    lead with one half each, whatever the dice's size."""
    ruleset, base, model = sim.loaded_parts(str(DUELS / "er-duel.yaml"))
    table = sim.Table(ruleset, base, model=model, settings=sim.Settings(), seed=1, fight=0)
    duel = model.duel(table, "Kaela", "Brute")
    assert isinstance(duel, sim.Duel)
    # Kaela's Agility modifier beats the Brute's: more than even, less than certain
    assert Fraction(1, 2) < duel.p_a_first < 1
    assert sum(duel.a_to_b.values()) == 1 and sum(duel.b_to_a.values()) == 1


def test_exact_refuses_turns_that_depend_on_more_than_health(tmp_path: Path, erc: Any) -> None:
    text = (
        (DUELS / "er-duel.yaml")
        .read_text()
        .replace("    body: 12\n", "    body: 12\n    conditions: [blind]\n")
    )
    path = tmp_path / "blind.yaml"
    path.write_text(text)
    ran = erc("simulate", "-e", path, "--exact", "--json")
    assert ran.code == 2
    assert ran.error["code"] == "exact-refused"
    assert "blind" in ran.error["message"]
    armour = (DUELS / "spellchrome-duel.yaml").read_text().replace("ex_hp: 0", "ex_hp: 4")
    path = tmp_path / "exhp.yaml"
    path.write_text(armour)
    ran = erc("simulate", "-e", path, "--exact", "--json")
    assert ran.code == 2
    assert ran.error["code"] == "exact-refused"
    assert "EX-HP" in ran.error["message"]


def test_json_is_one_document(erc: Any) -> None:
    ran = erc("simulate", "-e", _shipped("elysium-ogre.yaml"), "-n", "10", "--seed", "1", "--json")
    assert ran.code == 0 and ran.err == ""
    document = json.loads(ran.out)
    assert document["command"] == "simulate"


def _documented() -> list[str]:
    page = (ROOT / "docs" / "simulate.md").read_text()
    blocks = re.findall(r"```console\n(.*?)```", page, re.S)
    return [line[2:] for block in blocks for line in block.splitlines() if line.startswith("$ ")]


def test_the_page_has_examples() -> None:
    assert len(_documented()) >= 6


@pytest.mark.parametrize("line", _documented())
def test_documented_example_runs(line: str, erc: Any) -> None:
    args = shlex.split(line)
    assert args[0] == "erc"
    args = [str(ROOT / a) if a.startswith("encounters/") else a for a in args[1:]]
    ran = erc(*args)
    assert ran.code == 0, ran.err
