"""Combat state through the real CLI (issue 8): --apply, status, undo, batch, crashes."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ENCOUNTERS, ROOT

ARENA = """erc: 1
name: Arena
combatants:
  - name: Champion
    ac: 12
    body: 30
    attributes: {strength: 5, agility: 3}
    pools: {primary: 3}
    weapons: [{name: axe, kind: melee, weight: heavy, damage_type: edged}]
  - {name: Dummy, ac: 10, body: 10000, attributes: {strength: 4}, pools: {primary: 1},
     weapons: [{name: stick, kind: melee, weight: light, damage_type: blunt}]}
"""


def erc_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "erc", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


@pytest.fixture
def arena(tmp_path: Path) -> Path:
    path = tmp_path / "arena.yaml"
    path.write_text(ARENA)
    return path


def status_of(erc, encounter: Path | str, name: str) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """The `erc status --json` entry of one combatant."""
    combatants = erc("status", "-e", str(encounter), "--json").json["result"]["combatants"]
    return next(c for c in combatants if c["name"] == name)  # type: ignore[no-any-return]


def body_of(erc, encounter: Path | str, name: str) -> int:  # type: ignore[no-untyped-def]
    return int(str(status_of(erc, encounter, name)["body"]))


def lock(erc, encounter: str, attacker: str, victim: str) -> None:  # type: ignore[no-untyped-def]
    """An applied weapon lock that hits on a raw 20 and is not resisted (R8.2)."""
    ran = erc(
        "disarm",
        attacker,
        victim,
        "--lock",
        "--no-resist",
        "-e",
        encounter,
        "--apply",
        "--json",
        "--rolls",
        "20",
    )
    assert ran.json["result"]["outcome"] == "locked"


def test_apply_records_damage_and_status_reads_it(erc, arena: Path) -> None:  # type: ignore[no-untyped-def]
    """CONTRACT: "Every command reads the current state from the journal"; the encounter
    file is never rewritten."""
    before = arena.read_text()
    ran = erc(
        "attack", "Champion", "Dummy", "-e", str(arena), "--apply", "--json", "--rolls", "20,15,2"
    )
    dealt = ran.json["result"]["damage"]
    assert dealt > 0 and ran.json["applied"]["event"] == 1
    assert body_of(erc, arena, "Dummy") == 10000 - dealt
    again = erc("attack", "Champion", "Dummy", "-e", str(arena), "--json", "--rolls", "2,2,2")
    (target,) = again.json["result"]["targets"]
    assert target["body_before"] == 10000 - dealt  # damage comes off current Body
    assert arena.read_text() == before
    assert (arena.parent / "arena.journal.jsonl").exists()


def test_undo_restores_the_previous_state(erc, arena: Path) -> None:  # type: ignore[no-untyped-def]
    erc("attack", "Champion", "Dummy", "-e", str(arena), "--apply", "--rolls", "20,20,20")
    erc("attack", "Champion", "Dummy", "-e", str(arena), "--apply", "--rolls", "20,1,1")
    after_two = body_of(erc, arena, "Dummy")
    ran = erc("undo", "-e", str(arena), "--json")
    assert ran.code == 0 and ran.json["result"]["cancelled"] == 2
    after_undo = body_of(erc, arena, "Dummy")
    assert after_undo > after_two
    erc("undo", "-e", str(arena))
    assert body_of(erc, arena, "Dummy") == 10000
    events = erc("log", "-e", str(arena), "--json").json["result"]["events"]
    assert [e["command"] for e in events] == ["attack", "attack", "undo", "undo"]
    assert erc("undo", "-e", str(arena)).code == 2  # nothing left to undo


def test_reactions_reset_on_the_next_roll_init(erc, arena: Path) -> None:  # type: ignore[no-untyped-def]
    """seed 000 "Reactions": one a round; CONTRACT: "`roll-init --apply` starts the next round
    (reactions reset, durations tick)"; R8.4: no reaction left, no resistance."""
    enc = str(arena)
    erc("roll-init", "-e", enc, "--apply", "--seed", "1")
    # The attempt hits on a raw 20; Dummy resists with its reaction (d12s: Dummy, Champion x2).
    ran = erc("disarm", "Champion", "Dummy", "-e", enc, "--apply", "--json", "--rolls", "20,12,1,1")
    assert ran.json["result"]["reaction"] is not None
    assert status_of(erc, enc, "Dummy")["reaction_used"]
    refused = erc("disarm", "Champion", "Dummy", "-e", enc, "--resist", "--rolls", "20")
    assert refused.code == 2
    erc("roll-init", "-e", enc, "--apply", "--seed", "2")
    assert erc("status", "-e", enc, "--json").json["result"]["round"] == 2
    assert not status_of(erc, enc, "Dummy")["reaction_used"]


def test_surprised_combatants_cannot_attack_in_round_one(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """R4.3: "A failed check means surprised: no action ... in round 1"."""
    path = tmp_path / "ambush.yaml"
    path.write_text((ENCOUNTERS / "ambush.yaml").read_text())
    # One Perception d20 each in file order (Thorin, Mira, Brother Aldo, the three bandits;
    # the trigger Vessa rolls none): all 2s fail. Then the d10s in file order, chosen so no
    # totals tie: Thorin 1-2, Mira 9+1, Aldo 4, Vessa 6+3, the bandits 7, 8, 2.
    rolls = ",".join(["2"] * 6 + ["1", "9", "4", "6", "7", "8", "2"])
    ran = erc(
        "roll-init",
        "-e",
        str(path),
        "--surprise",
        "--trigger",
        "Vessa",
        "--apply",
        "--json",
        "--rolls",
        rolls,
    )
    assert ran.code == 0, ran.err
    surprised = ran.json["result"]["surprised"]
    assert surprised == ["Thorin", "Mira", "Brother Aldo", "Bandit 1", "Bandit 2", "Bandit 3"]
    refused = erc("attack", surprised[0], "Vessa", "-e", str(path), "--rolls", "10")
    assert refused.code == 2 and "cannot act" in refused.err


def _batch_writer(encounter: str, journal: str, start: int) -> subprocess.Popen[str]:
    lines = "".join(
        f"attack Champion Dummy -e {encounter} --apply --seed {start + i}\n" for i in range(25)
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "erc", "batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "ERC_JOURNAL": journal},
    )
    assert process.stdin is not None
    process.stdin.write(lines)
    process.stdin.close()
    return process


def test_eight_processes_by_25_attacks_leave_200_events(arena: Path) -> None:
    """Issue 8: "8 processes x 25 applied attacks leave exactly 200 events and Body reduced
    by their sum"."""
    journal = str(arena.parent / "shared.jsonl")
    processes = [_batch_writer(str(arena), journal, 1000 * k) for k in range(8)]
    dealt = 0
    for process in processes:
        assert process.stdout is not None
        for line in process.stdout:
            document = json.loads(line)
            dealt += document["result"]["damage"]
        assert process.wait() == 0
    lines = Path(journal).read_text().splitlines()
    assert len(lines) == 200
    assert sorted(json.loads(line)["id"] for line in lines) == list(range(1, 201))
    status = erc_process("status", "-e", str(arena), "--json", "--journal", journal)
    dummy = next(
        c for c in json.loads(status.stdout)["result"]["combatants"] if c["name"] == "Dummy"
    )
    assert dealt > 0 and dummy["body"] == 10000 - dealt


def test_a_killed_writer_loses_no_acknowledged_event(arena: Path) -> None:
    """Issue 8: "a process killed mid-write loses no acknowledged event"; the torn tail, if
    any, is skipped."""
    journal = str(arena.parent / "killed.jsonl")
    commands = arena.parent / "commands.txt"
    commands.write_text(
        "".join(f"attack Champion Dummy -e {arena} --apply --seed {i}\n" for i in range(5000))
    )
    with commands.open() as stdin:
        process = subprocess.Popen(
            [sys.executable, "-m", "erc", "batch"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "ERC_JOURNAL": journal},
        )
    assert process.stdout is not None
    acknowledged = []
    for line in process.stdout:
        acknowledged.append(json.loads(line)["applied"]["event"])
        if len(acknowledged) == 40:
            process.send_signal(signal.SIGKILL)
            break
    process.wait()
    done = erc_process("log", "-e", str(arena), "--json", "--journal", journal)
    assert done.returncode == 0, done.stderr
    recorded = {e["id"] for e in json.loads(done.stdout)["result"]["events"]}
    assert set(acknowledged) <= recorded
    assert "Traceback" not in done.stderr


def test_torn_journal_through_the_cli(erc, arena: Path) -> None:  # type: ignore[no-untyped-def]
    journal = arena.parent / "arena.journal.jsonl"
    erc("attack", "Champion", "Dummy", "-e", str(arena), "--apply", "--rolls", "20,20,20")
    with journal.open("ab") as handle:
        handle.write(b'{"id": 2, "command": "attack", "effe')
    ran = erc("status", "-e", str(arena), "--json")
    assert ran.code == 0 and "torn" in ran.err
    erc("attack", "Champion", "Dummy", "-e", str(arena), "--apply", "--rolls", "1,1,1")
    events = erc("log", "-e", str(arena), "--json").json["result"]["events"]
    assert [e["id"] for e in events] == [1, 2]


def test_a_corrupt_journal_is_a_clean_error(erc, arena: Path) -> None:  # type: ignore[no-untyped-def]
    journal = arena.parent / "arena.journal.jsonl"
    journal.write_text('{"id":1,"effects":[{"type":"damage","target":"Ghost","amount":1}]}\n')
    ran = erc("status", "-e", str(arena), "--json")
    assert ran.code == 2
    assert ran.error["line"] == 1 and "Ghost" in ran.error["message"]


@pytest.mark.skipif(shutil.which("jq") is None, reason="the example script needs jq")
def test_three_rounds_example_script(tmp_path: Path) -> None:
    """Issue 8: a shell script runs three rounds of a shipped encounter with --apply and jq."""
    env = {
        **os.environ,
        "ERC": f"{sys.executable} -m erc",
        "ERC_JOURNAL": str(tmp_path / "j.jsonl"),
    }
    done = subprocess.run(
        ["bash", str(ROOT / "examples" / "three_rounds.sh"), str(ENCOUNTERS / "duel.yaml"), "7"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "round 1:" in done.stdout
    assert "round 3:" in done.stdout or "down" in done.stdout
    events = [json.loads(line) for line in (tmp_path / "j.jsonl").read_text().splitlines()]
    dealt_to_ogre = sum(
        e["amount"]
        for ev in events
        for e in ev["effects"]
        if e["type"] == "damage" and e["target"] == "Ogre"
    )
    ogre_line = next(line for line in done.stdout.splitlines() if line.startswith("Ogre:"))
    assert ogre_line == f"Ogre: {max(0, 40 - dealt_to_ogre)}/40"
    assert sum(ev["command"] == "roll-init" for ev in events) >= 1


@pytest.fixture
def stealth(tmp_path: Path) -> Path:
    path = tmp_path / "stealth.yaml"
    path.write_text((ENCOUNTERS / "stealth.yaml").read_text())
    return path


def test_shock_incapacitation_counts_down_through_the_journal(erc, stealth: Path) -> None:  # type: ignore[no-untyped-def]
    """R6.5: "incapacitated for its next d3 actions": darts, four hitting dice (4 + Agility
    modifier 2 + weight 0 = 6 >= 12 // 2), the save 3 + 0 < Comp 11 fails, d3 = 2."""
    enc = str(stealth)
    ran = erc(
        "sneak",
        "Pip",
        "Gate guard 1",
        "--with",
        "darts",
        "-e",
        enc,
        "--apply",
        "--json",
        "--rolls",
        "10,10,10,10,3,2",
    )
    assert ran.json["result"]["shock"]["incapacitated_actions"] == 2
    assert body_of(erc, stealth, "Gate guard 1") == 6

    def guard() -> dict[str, object]:
        return status_of(erc, enc, "Gate guard 1")

    assert guard()["incapacitated_actions"] == 2
    assert erc("attack", "Gate guard 1", "Pip", "-e", enc, "--rolls", "5").code == 2
    erc("roll-init", "-e", enc, "--apply", "--seed", "1")  # round 1: its first lost action
    assert guard()["incapacitated_actions"] == 2
    erc("roll-init", "-e", enc, "--apply", "--seed", "2")  # round 2
    assert guard()["incapacitated_actions"] == 1
    erc("roll-init", "-e", enc, "--apply", "--seed", "3")  # round 3: it acts again
    assert guard()["incapacitated_actions"] == 0 and guard()["conditions"] == []
    assert erc("attack", "Gate guard 1", "Pip", "-e", enc, "--rolls", "5").code == 0


def test_a_held_drop_is_inflicted_later_from_the_journal(erc, stealth: Path) -> None:  # type: ignore[no-untyped-def]
    """R6.6: "roll the sneak attack but hold the damage"; the Comp falls 1 a round since the
    drop; held damage and age come from the journal."""
    enc = str(stealth)
    held = erc(
        "sneak",
        "Pip",
        "Gate guard 2",
        "--with",
        "darts",
        "--drop",
        "-e",
        enc,
        "--apply",
        "--json",
        "--rolls",
        "10,10,10,10",
    )
    assert held.json["result"]["drop"]["held_damage"] == 6
    assert body_of(erc, stealth, "Gate guard 2") == 12
    status = erc("status", "-e", enc, "--json").json["result"]
    assert status["drops"] == [{"holder": "Pip", "victim": "Gate guard 2", "damage": 6, "round": 0}]
    erc("roll-init", "-e", enc, "--apply", "--seed", "1")
    erc("roll-init", "-e", enc, "--apply", "--seed", "2")
    # The victim resists: its feat die 1 fails (R1.3), then the shock save 20 succeeds.
    ran = erc("drop", "Pip", "Gate guard 2", "-e", enc, "--apply", "--json", "--rolls", "1,20")
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    # made before round 1 (round 0): only round 1 has ended by round 2 (R6.6)
    assert (result["held_damage"], result["rounds"], result["comp"]) == (6, 1, 19)
    assert body_of(erc, stealth, "Gate guard 2") == 12 - result["damage"]
    assert erc("status", "-e", enc, "--json").json["result"]["drops"] == []


def test_house_rule_initiative_keep_reuses_the_last_rounds_dice(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """RULES "House rules": `initiative: reroll|keep` (default reroll, R3.4 "Initiative is
    rolled anew every round"); with keep, later rounds keep the journal's dice."""
    path = tmp_path / "keep.yaml"
    path.write_text(
        (ENCOUNTERS / "duel.yaml")
        .read_text()
        .replace("name: The ogre at the bridge", "name: Kept\nrules: {initiative: keep}")
    )
    enc = str(path)
    first = erc("roll-init", "-e", enc, "--apply", "--json", "--rolls", "3,9,8")
    assert first.code == 0, first.err
    order = [(p["name"], p["roll"]) for p in first.json["result"]["order"]]
    second = erc("roll-init", "-e", enc, "--apply", "--json", "--rolls", "")
    assert second.code == 0, second.err
    assert second.json["rolls"] == [] and second.json["result"]["kept"] is True
    assert second.json["result"]["round"] == 2
    assert [(p["name"], p["roll"]) for p in second.json["result"]["order"]] == order
    reroll = tmp_path / "reroll.yaml"
    reroll.write_text((ENCOUNTERS / "duel.yaml").read_text())
    erc("roll-init", "-e", str(reroll), "--apply", "--rolls", "3,9,8")
    again = erc("roll-init", "-e", str(reroll), "--apply", "--json", "--rolls", "1,2,6")
    assert again.json["result"]["kept"] is False and len(again.json["rolls"]) == 3


def test_a_locked_weapon_is_held_useless_until_freed(erc, arena: Path) -> None:  # type: ignore[no-untyped-def]
    """R8.2: "A locked weapon gives no bonuses ... the weapon is held useless"; the journal
    records the lock, so the wielder cannot strike with it and `erc free` knows which one."""
    enc = str(arena)
    lock(erc, enc, "Dummy", "Champion")  # Champion's axe, not resisted
    refused = erc("attack", "Champion", "Dummy", "-e", enc, "--rolls", "10,10,10")
    assert refused.code == 2 and "weapon lock" in refused.err
    freeing = erc("free", "Champion", "-e", enc, "--json")
    assert freeing.code == 0 and freeing.json["result"]["weapon"] == "axe"
    assert erc("free", "Champion", "--with", "stick", "-e", enc).code == 2


def test_round_two_order_sees_surprise_over(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """R4.4: "Round 2: everyone acts normally": the round-2 order is computed with round 1's
    surprise over, before the round is applied."""
    path = tmp_path / "ambush.yaml"
    path.write_text((ENCOUNTERS / "ambush.yaml").read_text())
    enc = str(path)
    first = erc(
        "roll-init",
        "-e",
        enc,
        "--surprise",
        "--trigger",
        "Vessa",
        "--apply",
        "--json",
        "--seed",
        "3",
    )
    surprised = set(first.json["result"]["surprised"]) - {"Thorin", "Mira"}  # sleepers sleep on
    second = erc("roll-init", "-e", enc, "--json", "--seed", "4")
    statuses = {p["name"]: p["status"] for p in second.json["result"]["order"]}
    assert second.json["result"]["round"] == 2
    assert all(statuses[name] == "acts" for name in surprised)
    assert "surprised" not in statuses.values()
    again = erc("roll-init", "-e", enc, "--round", "1", "--apply", "--seed", "5")
    assert again.code == 2 and "already started" in again.err


def test_a_sleeper_wakes_with_a_made_check(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """R4.4: a sleeper checks again to wake (DC 17): `perceive --apply` records it."""
    path = tmp_path / "ambush.yaml"
    path.write_text((ENCOUNTERS / "ambush.yaml").read_text())
    enc = str(path)
    ran = erc("perceive", "Thorin", "-e", enc, "--apply", "--json", "--rolls", "20")
    assert ran.json["result"]["dc"] == 17 and ran.json["result"]["success"]
    thorin = status_of(erc, enc, "Thorin")
    assert "asleep" not in thorin["conditions"]


def test_a_sleeper_woken_after_round_1_checks_for_surprise(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """R4.4: "a sleeper who stayed asleep checks again to wake (DC 17) and, once woken,
    checks for surprise (DC 14)". ``perceive --surprise`` is that check: failed, the woken
    sleeper is surprised for the rest of the round (R4.3: no action, no movement, no
    reaction), and the next round ends it; made, nothing changes. Refused in round 1
    (``roll-init --surprise`` decides it) and for one still asleep."""

    def conditions(erc, path: Path) -> list[str]:  # type: ignore[no-untyped-def]
        return [c["name"] for c in status_of(erc, str(path), "Thorin")["conditions"]]

    path = tmp_path / "ambush.yaml"
    path.write_text((ENCOUNTERS / "ambush.yaml").read_text())
    enc = ["-e", str(path), "--json"]
    assert erc("roll-init", *enc, "--surprise", "--trigger", "Vessa", "--silent", "--seed", "1",
               "--apply").code == 0  # fmt: skip
    early = erc("perceive", "Thorin", *enc, "--surprise", "--rolls", "3")
    assert early.code == 2 and "from round 2 on" in early.error["message"]
    assert erc("roll-init", *enc, "--seed", "2", "--apply").code == 0
    asleep = erc("perceive", "Thorin", *enc, "--surprise", "--rolls", "3")
    assert asleep.code == 2 and "checks to wake first" in asleep.error["message"]
    assert erc("perceive", "Thorin", *enc, "--rolls", "20", "--apply").code == 0  # wakes
    failed = erc("perceive", "Thorin", *enc, "--surprise", "--rolls", "3", "--apply")
    result = failed.json["result"]
    assert (result["dc"], result["success"], result["surprise_check"]) == (14, False, True)
    assert "surprised" in conditions(erc, path)
    refused = erc("attack", "Thorin", "Vessa", *enc, "--rolls", "5,5", "--apply")
    assert refused.code == 2 and refused.error["code"] == "cannot-act"
    assert erc("roll-init", *enc, "--seed", "3", "--apply").code == 0
    assert "surprised" not in conditions(erc, path)
    made = erc("perceive", "Thorin", *enc, "--surprise", "--rolls", "20", "--apply")
    assert made.json["result"]["success"]
    assert "surprised" not in conditions(erc, path)


def test_a_victim_that_cannot_react_cannot_resist(erc, arena: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """R8.4 with R4.3: a surprised victim has "no reaction in round 1"; asleep, too."""
    path = tmp_path / "sleepy.yaml"
    path.write_text(ARENA.replace("body: 10000,", "body: 10000, conditions: [asleep],"))
    ran = erc("disarm", "Champion", "Dummy", "-e", str(path), "--json", "--rolls", "20")
    assert ran.json["result"]["resists"] is False
    assert ran.json["result"]["outcome"] == "disarmed"
    assert (
        erc("disarm", "Champion", "Dummy", "-e", str(path), "--resist", "--rolls", "20").code == 2
    )


def test_a_lock_is_freed_by_paying_or_by_a_third_party(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """R8.2: freeing costs 2 attack dice (`erc free --apply`); "a third party locking the
    locker also frees it"."""
    path = tmp_path / "three.yaml"
    path.write_text(
        ARENA
        + """  - {name: Third, ac: 10, body: 20, attributes: {strength: 4},
     pools: {primary: 1}, weapons: [{name: club, kind: melee, weight: medium,
     damage_type: blunt}]}
"""
    )
    enc = str(path)

    def locked(name: str) -> object:
        return status_of(erc, enc, name)["locked_weapons"]

    lock(erc, enc, "Dummy", "Champion")
    assert locked("Champion") == ["axe"]
    assert erc("free", "Champion", "-e", enc, "--apply").code == 0
    assert locked("Champion") == []
    lock(erc, enc, "Dummy", "Champion")
    lock(erc, enc, "Third", "Dummy")  # a third party locks the locker
    assert locked("Champion") == [] and locked("Dummy") == ["stick"]


def test_r8_2_freeing_is_paid_from_the_wielders_action(erc, arena: Path) -> None:  # type: ignore[no-untyped-def]
    """R8.2 "Freeing it costs 2 attack dice from the wielder's next action (spread over two
    rounds when the pool has fewer than 2 dice)"; seed 001: with 3d20 "2 dice are sacrificed
    but a 1d20 attack can still be made"; R10, R11.2: one that cannot act, or has acted,
    cannot pay."""
    enc = str(arena)

    def next_round() -> None:
        assert erc("roll-init", "-e", enc, "--apply", "--rolls", "9,2").code == 0

    next_round()
    lock(erc, enc, "Dummy", "Champion")  # Champion: 3 primary dice
    paid = erc("free", "Champion", "-e", enc, "--apply", "--json").json["result"]
    assert (paid["sacrificed"], paid["attack_dice_left"], paid["freed"]) == (2, 1, True)
    champion = status_of(erc, enc, "Champion")
    assert champion["locked_weapons"] == [] and champion["acted"] is False
    swing = erc("attack", "Champion", "Dummy", "-e", enc, "--apply", "--json", "--rolls", "15")
    assert swing.code == 0 and len(swing.json["rolls"]) == 1  # the 1d20 left
    assert erc("attack", "Champion", "Dummy", "-e", enc, "--rolls", "15", "--apply").code == 2
    next_round()
    lock(erc, enc, "Champion", "Dummy")  # Dummy: 1 primary die, so two rounds
    assert erc("free", "Dummy", "-e", enc, "--json").json["result"]["freed"] is False  # preview
    first = erc("free", "Dummy", "-e", enc, "--apply", "--json").json["result"]
    assert (first["sacrificed"], first["freed"]) == (1, False)
    assert status_of(erc, enc, "Dummy")["locked_weapons"] == ["stick"]
    again = erc("free", "Dummy", "-e", enc, "--apply", "--json")
    assert again.code == 2 and again.error["code"] == "already-acted"
    next_round()
    second = erc("free", "Dummy", "-e", enc, "--apply", "--json").json["result"]
    assert (second["paid_before"], second["sacrificed"], second["freed"]) == (1, 1, True)
    assert status_of(erc, enc, "Dummy")["locked_weapons"] == []
    loose = erc("free", "Dummy", "-e", enc, "--apply", "--json")
    assert loose.code == 2 and loose.error["code"] in ("not-locked", "already-acted")
    next_round()
    assert erc("free", "Dummy", "-e", enc, "--apply", "--json").error["code"] == "not-locked"
    lock(erc, enc, "Dummy", "Champion")
    erc("condition", "Champion", "incapacitated", "-e", enc, "--apply")
    stuck = erc("free", "Champion", "-e", enc, "--apply", "--json")
    assert stuck.code == 2 and stuck.error["code"] == "cannot-act"


def test_r8_2_freeing_costs_2_dice_not_the_other_hands(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """R8.2 "Freeing it costs 2 attack dice from the wielder's next action": an off-hand
    weapon's 2 dice paid, the action still attacks with the primary pool (more off-hand
    dice must not make freeing cheaper)."""
    path = tmp_path / "hands.yaml"
    path.write_text(
        """erc: 1
combatants:
  - {name: Kaela, species: human, ac: 15, body: 22, attributes: {strength: 5},
     pools: {primary: 3, off: 2},
     weapons: [{name: sword, kind: melee, weight: medium, damage_type: edged, hand: primary},
               {name: axe, kind: melee, weight: light, damage_type: edged, hand: off}]}
  - {name: Ogre, species: human, ac: 10, body: 40, attributes: {strength: 8},
     pools: {primary: 2}, weapons: [{name: club, kind: melee, weight: heavy,
     damage_type: blunt}]}
"""
    )
    enc = str(path)
    assert erc("roll-init", "-e", enc, "--apply", "--rolls", "9,2").code == 0
    ran = erc(
        "disarm", "Ogre", "Kaela", "--lock", "--victim-weapon", "axe", "--no-resist",
        "-e", enc, "--apply", "--json", "--rolls", "20",
    )  # fmt: skip
    assert ran.json["result"]["outcome"] == "locked", ran.err
    paid = erc("free", "Kaela", "--with", "axe", "-e", enc, "--apply", "--json").json["result"]
    assert (paid["sacrificed"], paid["attack_dice_left"], paid["freed"]) == (2, 0, True)
    assert paid["attacks_on"] is True and status_of(erc, enc, "Kaela")["acted"] is False
    swing = erc("attack", "Kaela", "Ogre", "-e", enc, "--apply", "--json", "--rolls", "15,15,15")
    assert swing.code == 0, swing.err
    assert [s["pool"] for s in swing.json["result"]["strikes"]] == ["primary"]


def test_a_missed_drop_holds_nothing_and_inflicting_spends_the_holders_reaction(  # type: ignore[no-untyped-def]
    erc, stealth: Path
) -> None:
    """R6.6: a drop holds the damage a sneak attack dealt: nothing hit, nothing held; the
    holder inflicts it "on the next action [or] an available reaction"."""
    enc = str(stealth)
    miss = erc(
        "sneak",
        "Pip",
        "Gate guard 1",
        "--with",
        "darts",
        "--drop",
        "-e",
        enc,
        "--apply",
        "--json",
        "--rolls",
        "1,1,1,1",
    )
    assert miss.json["result"]["drop"]["held_damage"] == 0
    assert erc("status", "-e", enc, "--json").json["result"]["drops"] == []
    erc(
        "sneak",
        "Pip",
        "Gate guard 2",
        "--with",
        "darts",
        "--drop",
        "-e",
        enc,
        "--apply",
        "--rolls",
        "10,10,10,10",
    )
    erc("roll-init", "-e", enc, "--apply", "--seed", "1")
    ran = erc(
        "drop",
        "Pip",
        "Gate guard 2",
        "-e",
        enc,
        "--apply",
        "--json",
        "--no-resist",
        "--rolls",
        "20",
    )
    assert ran.code == 0, ran.err
    assert ran.json["result"]["rounds"] == 0 and ran.json["result"]["comp"] == 20
    pip = status_of(erc, enc, "Pip")
    assert pip["reaction_used"]
