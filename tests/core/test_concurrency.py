"""The journal as a transaction (issue 13; CONTRACT "Combat state": "A writer holds one
exclusive lock from reading the state it checks to the end of its append, so concurrent
commands act as if one ran after the other"). Real processes, started together."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

FIGHT = """erc: 1
combatants:
  - {name: Cutpurse, ac: 12, body: 20, attributes: {strength: 4, agility: 4},
     pools: {primary: 2}, weapons: [{name: dagger, kind: melee, weight: light,
     damage_type: piercing}]}
  - {name: Mark, ac: 10, body: 10000, attributes: {strength: 2, agility: 2}}
"""


SNEAK = ("sneak", "Cutpurse", "Mark", "--drop", "--apply", "--json")
ATTACK = ("attack", "Cutpurse", "Mark", "--apply")


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    path = tmp_path / "fight.yaml"
    path.write_text(FIGHT)
    return path


def together(argvs: list[list[str]]) -> list[subprocess.CompletedProcess[str]]:
    """Start every command line at once, then wait for all of them."""
    env = {**os.environ, "ERC_CACHE": "off"}
    started = [
        subprocess.Popen(
            [sys.executable, "-m", "erc", *argv],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        for argv in argvs
    ]
    done = []
    for process in started:
        out, err = process.communicate(timeout=120)
        done.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
    return done


def events(fight: Path) -> list[dict[str, object]]:
    journal = fight.with_name("fight.journal.jsonl")
    return [json.loads(line) for line in journal.read_text().splitlines()]


def test_twenty_concurrent_roll_inits_record_rounds_1_to_20_in_order(fight: Path) -> None:
    """Issue 13: "20 concurrent `roll-init --apply` record rounds 1..20 in order"."""
    ran = together(
        [["roll-init", "-e", str(fight), "--apply", "--seed", str(i)] for i in range(20)]
    )
    assert [r.returncode for r in ran] == [0] * 20, [r.stderr for r in ran if r.returncode]
    assert [e["round"] for e in events(fight)] == list(range(1, 21))


def test_ten_concurrent_drops_inflict_one_held_drop_once(fight: Path) -> None:
    """Issue 13: "10 concurrent `drop --apply` of one held drop, exactly one succeeds"."""
    held = subprocess.run(
        [sys.executable, "-m", "erc", *SNEAK, "-e", str(fight), "--rolls", "20,20,20,20,3"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(held.stdout)["result"]["drop"]["held_damage"] > 0
    ran = together(
        [
            ["drop", "Cutpurse", "Mark", "-e", str(fight), "--apply", "--seed", str(i), "--json"]
            for i in range(10)
        ]
    )
    codes = sorted(r.returncode for r in ran)
    assert codes == [0] + [2] * 9, [r.stderr for r in ran]
    refused = [json.loads(r.stderr)["error"]["code"] for r in ran if r.returncode]
    assert set(refused) == {"no-drop"}
    assert [e["command"] for e in events(fight)] == ["sneak", "drop"]


def test_five_concurrent_undos_after_six_applies_leave_one(fight: Path) -> None:
    """Issue 13: "5 concurrent `undo` after 6 applies leave exactly one applied"."""
    for i in range(6):
        subprocess.run(
            [sys.executable, "-m", "erc", *ATTACK, "-e", str(fight), "--seed", str(i)],
            capture_output=True,
            cwd=ROOT,
            check=True,
        )
    ran = together([["undo", "-e", str(fight), "--json"] for _ in range(5)])
    assert [r.returncode for r in ran] == [0] * 5
    cancelled = sorted(json.loads(r.stdout)["result"]["cancelled"] for r in ran)
    assert cancelled == [2, 3, 4, 5, 6]  # each undo cancelled a different event
    undone = {
        effect["event"]
        for event in events(fight)
        for effect in event["effects"]  # type: ignore[attr-defined]
        if effect["type"] == "undo"
    }
    applied = [e["id"] for e in events(fight) if e["command"] == "attack" and e["id"] not in undone]
    assert applied == [1]


def test_a_refused_first_apply_leaves_no_journal_and_loses_no_neighbour(fight: Path) -> None:
    """A writer that created the journal and appended nothing (its command refused) takes the
    empty file away, so a refused `--apply` leaves nothing behind; a writer that was waiting
    on that file opens the path again, so every reported success is recorded."""
    journal = fight.with_name("fight.journal.jsonl")
    refused = ["heal", "Nobody", "1", "-e", str(fight), "--apply"]
    alone = together([refused])[0]
    assert alone.returncode == 2 and not journal.exists()
    for _ in range(3):  # the race is in the start-up order: run it a few times
        if journal.exists():
            journal.unlink()
        damage = ["damage", "Mark", "1", "-e", str(fight), "--apply"]
        ran = together([refused if i % 2 else damage for i in range(16)])
        codes = [r.returncode for r in ran]
        assert codes == [2 if i % 2 else 0 for i in range(16)], [r.stderr for r in ran]
        assert [e["command"] for e in events(fight)] == ["damage"] * 8


def test_eight_concurrent_keyed_undos_undo_once_and_seven_replay(fight: Path) -> None:
    """CONTRACT ``--key`` on ``erc undo``: the same retried undo started eight times at once
    records one undo event (of the last damage) and the seven others report it
    (``applied.replayed``); the damage before it stands."""
    first = ["-e", str(fight), "--apply"]
    for argv in (["roll-init", "--seed", "1"], ["damage", "Mark", "5"], ["damage", "Mark", "7"]):
        subprocess.run([sys.executable, "-m", "erc", *argv, *first], cwd=ROOT, check=True)
    ran = together([["undo", "-e", str(fight), "--key", "u", "--json"]] * 8)
    assert [r.returncode for r in ran] == [0] * 8, [r.stderr for r in ran if r.returncode]
    applied = [json.loads(r.stdout)["applied"] for r in ran]
    assert sorted(a.get("replayed", False) for a in applied) == [False] + [True] * 7
    assert {a["event"] for a in applied} == {4}
    assert [e["command"] for e in events(fight)] == ["roll-init", "damage", "damage", "undo"]
    assert events(fight)[-1]["effects"] == [{"type": "undo", "event": 3}]
