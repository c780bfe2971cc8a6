"""A Spellchrome turn through the journal (issue 16): SC1.2-SC1.4 rounds and the action
budget, SC10 spells and movement, `spend`, `status`, `damage`, `heal`, `condition`,
`undo`, `batch`, `--key`, Part 3.9 and 3.12."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.spellchrome.support import DUMMY, GUARD, VEX, Table, table

WREN = (
    "  - {name: Wren, side: party, hp: 16, speed: 35, abilities: {dexterity: 18},"
    " weapons: [{name: stiletto, kind: melee, damage: 1d4}]}"
)
CHROME = "  - {name: Chrome, side: foes, hp: 20, armor: {bonus: 2, dr: d6, ex_hp: 10}}"


@pytest.fixture
def game(erc: Any, tmp_path: Path) -> Table:
    started = table(erc, tmp_path, VEX, WREN, DUMMY, GUARD, CHROME)
    started.ok("roll-init", "--apply", "--seed", "7")
    return started


# --- SC1: rounds and actions -------------------------------------------------------------


def test_sc1_2_a_round_is_6_seconds_10_to_a_minute(game: Table) -> None:
    """SC1.2: "A round is 6 seconds, 10 to a minute" ("Each round represents 6 seconds")."""
    assert game.result("status")["elapsed_s"] == 0
    game.ok("roll-init", "--round", "11", "--apply")
    assert game.result("status")["elapsed_s"] == 60  # ten rounds: one minute


def test_sc1_3_a_second_standard_action_is_refused(game: Table) -> None:
    """SC1.3: "A second standard action in a round is refused (exit 2, `already-acted`)";
    a preview resolves with a note (the GM may ask "what if")."""
    game.ok("attack", "Vex", "Dummy", "--rolls", "1", "--apply")
    preview = game.result("attack", "Vex", "Dummy", "--rolls", "1")
    assert "already-acted" in preview["notes"][0]
    error = game.error("attack", "Vex", "Dummy", "--rolls", "1", "--apply")
    assert error["code"] == "already-acted" and "standard action" in error["message"]
    for line in (("sneak", "Vex", "Dummy"), ("cast", "Vex"), ("spend", "Vex", "--standard")):
        assert game.error(*line, "--apply")["code"] == "already-acted"


def test_sc1_3_one_move_and_one_standard_in_either_order(game: Table) -> None:
    """SC1.3: "A turn has one move action and one standard action, in either order ("move
    your base rate (30 feet, unless modified) and then attack. Or ... then move")"."""
    game.ok("movement", "Vex", "--apply")
    game.ok("attack", "Vex", "Dummy", "--rolls", "1", "--apply")
    game.ok("attack", "Wren", "Dummy", "--rolls", "1", "--apply")
    game.ok("movement", "Wren", "--apply")
    for name in ("Vex", "Wren"):
        row = game.status(name)
        assert row["standard_used"] and row["move_used"]
    assert game.error("spend", "Vex", "--move", "--apply")["code"] == "already-acted"


def test_sc1_3_a_full_attack_and_a_double_move_take_both_actions(game: Table) -> None:
    """SC1.3: "A full attack (SC4.4) and a double move (SC10.2) take both"."""
    game.ok("attack", "Vex", "Dummy", "--full", "--rolls", "1,1", "--apply")
    row = game.status("Vex")
    assert row["standard_used"] and row["move_used"]
    assert game.error("movement", "Vex", "--double", "--apply")["code"] == "already-acted"
    assert game.error("movement", "Vex", "--ft", "5")["code"] == "not-enough-movement"
    game.ok("movement", "Wren", "--ft", "5", "--apply")
    error = game.error("attack", "Wren", "Dummy", "--full", "--rolls", "1", "--apply")
    assert error["code"] == "already-acted" and "move action" in error["message"]
    game.ok("movement", "Wren", "--double", "--apply")  # the standard spent on moving
    assert game.error("attack", "Wren", "Dummy", "--rolls", "1", "--apply")["code"] == (
        "already-acted"
    )


def test_sc1_4_who_cannot_act(erc: Any, tmp_path: Path) -> None:
    """SC1.4: "A combatant at 0 HP or below cannot act ... nor can one `asleep`,
    `unconscious`, `paralyzed` or `bound`"; Part 3.9: refused as the actor of `attack`,
    `sneak`, `movement`, `cast`."""
    people = [VEX.replace("Vex", "Zero").replace("hp: 22", "hp: 22, hp_current: 0")]
    for condition in ("asleep", "unconscious", "paralyzed", "bound"):
        people.append(
            VEX.replace("Vex", condition.title()).replace(
                "hp: 22", f"hp: 22, conditions: [{condition}]"
            )
        )
    game = table(erc, tmp_path, *people, DUMMY)
    for name in ("Zero", "Asleep", "Unconscious", "Paralyzed", "Bound"):
        for line in (("attack", name, "Dummy"), ("sneak", name, "Dummy"), ("movement", name),
                     ("cast", name)):  # fmt: skip
            error = game.error(*line)
            assert error["code"] == "cannot-act", (line, error)
    assert "0 HP" in game.error("attack", "Zero", "Dummy")["message"]
    game.ok("condition", "Asleep", "asleep", "--remove", "--apply")
    game.ok("attack", "Asleep", "Dummy", "--rolls", "1")


def test_sc1_4_an_unaware_combatant_can_still_act(erc: Any, tmp_path: Path) -> None:
    """SC1.4: who cannot act is one at 0 HP or below, `asleep`, `unconscious`, `paralyzed`
    or `bound`; `unaware` is not among them: it is flat-footed (SC5.3), and acts as ever."""
    scout = VEX.replace("Vex", "Scout").replace("hp: 22", "hp: 22, conditions: [unaware]")
    game = table(erc, tmp_path, scout, DUMMY)
    game.ok("roll-init", "--apply", "--seed", "1")
    assert game.status("Scout")["can_act"] is True
    game.ok("sneak", "Scout", "Dummy", "--rolls", "1")
    game.ok("cast", "Scout", "--null")
    attack = game.result("attack", "Scout", "Dummy", "--rolls", "15,5,5", "--apply")
    assert attack["attacks"][0]["hit"] and attack["damage"] == 10
    moved = game.result("movement", "Scout", "--ft", "30", "--apply")
    assert (moved["spent_ft"], moved["remaining_ft"]) == (30, 0)
    row = game.status("Scout")
    assert row["standard_used"] and row["move_used"] and row["movement_spent_ft"] == 30


# --- SC10: spells and movement ----------------------------------------------------------


def test_sc10_1_one_spell_a_round_a_standard_action(game: Table) -> None:
    """SC10.1: "One spell a round: a standard action"; "a second non-null spell in a round
    is refused" (seed 002: "you can still only cast one spell per round")."""
    cast = game.result("cast", "Wren", "--spell", "chrome ward", "--apply")
    assert (cast["null"], cast["actions"], cast["spell"]) == (False, ["standard"], "chrome ward")
    row = game.status("Wren")
    assert row["spell_cast"] and row["standard_used"]
    error = game.error("cast", "Wren", "--apply")
    assert error["code"] == "already-acted" and "one spell per round" in error["message"]
    game.ok("attack", "Vex", "Dummy", "--full", "--rolls", "1,1", "--apply")
    # seed 002: "casting a spell takes up a full standard action"
    assert game.error("cast", "Vex", "--apply")["code"] == "already-acted"


def test_sc10_1_a_null_spell_takes_no_action(game: Table) -> None:
    """SC10.1: "a spell marked `--null` takes no action" ("certain combat spells that take
    no action to cast (a null action)")."""
    game.ok("attack", "Vex", "Dummy", "--rolls", "1", "--apply")
    for _ in range(2):
        assert game.result("cast", "Vex", "--null", "--apply")["actions"] == []
    game.ok("cast", "Wren", "--null", "--apply")
    game.ok("cast", "Wren", "--apply")  # its one spell that takes an action
    assert not game.status("Vex")["spell_cast"] and game.status("Wren")["spell_cast"]


def test_chapter_move_then_cast_or_cast_then_move_up_to_30_ft(game: Table) -> None:
    """Seed 002 "Casting a Spell": "you can move your base rate (30 feet, unless modified)
    and then cast. Or you could cast a spell and then move up to 30 feet" (SC1.3, SC10)."""
    cast = game.result("cast", "Vex", "--apply")
    assert cast["actions"] == ["standard"]
    moved = game.result("movement", "Vex", "--ft", "30", "--apply")
    assert (moved["available_ft"], moved["spent_ft"], moved["remaining_ft"]) == (30, 30, 0)
    error = game.error("movement", "Vex", "--ft", "1")
    assert error["code"] == "not-enough-movement" and "1 ft short" in error["message"]
    game.ok("roll-init", "--apply")  # the next round: the other order
    moved = game.result("movement", "Vex", "--ft", "30", "--apply")
    assert (moved["available_ft"], moved["remaining_ft"]) == (30, 0)
    assert game.result("cast", "Vex", "--apply")["actions"] == ["standard"]
    row = game.status("Vex")
    assert (row["spell_cast"], row["standard_used"], row["move_used"]) == (True, True, True)
    assert row["movement_spent_ft"] == 30
    assert game.error("movement", "Vex", "--ft", "1")["code"] == "not-enough-movement"


def test_sc7_5_spells_go_no_further_than_their_range(game: Table) -> None:
    """SC7.5: "Spells go no further than their range ("Spells cannot travel further than
    their listed range"): no -6 band for spells"."""
    assert game.result("cast", "Wren", "--range", "30", "--distance", "30")["distance"] == 30
    error = game.error("cast", "Wren", "--range", "30", "--distance", "31")
    assert error["code"] == "out-of-range" and "SC7.5" in error["message"]
    assert game.error("cast", "Wren", "--distance", "31")["code"] == "bad-option"


def test_sc10_2_speed_per_move_action_and_double(game: Table) -> None:
    """SC10.2: "the file's `speed` (default 30 ft) per move action; `--double` spends the
    standard action on a second move"; Part 2: `available_ft`, `spent_ft`, `remaining_ft`,
    `double`."""
    vex = game.result("movement", "Vex")
    assert (vex["available_ft"], vex["spent_ft"], vex["remaining_ft"], vex["double"]) == (
        30,
        30,
        0,
        False,
    )
    wren = game.result("movement", "Wren", "--ft", "45", "--double")
    assert (wren["available_ft"], wren["spent_ft"], wren["remaining_ft"]) == (70, 45, 25)
    assert wren["actions"] == ["move", "standard"]


def test_sc10_2_what_is_left_carries_over_and_too_far_names_the_shortfall(game: Table) -> None:
    """SC10.2: "Moving more than is left is an error naming the shortfall"; a later move in
    the same turn starts from what is left."""
    game.ok("movement", "Vex", "--ft", "20", "--apply")
    rest = game.result("movement", "Vex", "--ft", "10", "--apply")
    assert (rest["available_ft"], rest["actions"], rest["remaining_ft"]) == (10, [], 0)
    error = game.error("movement", "Vex", "--ft", "5")
    assert error["code"] == "not-enough-movement" and "5 ft short" in error["message"]
    assert "--double" in error["message"]
    error = game.error("movement", "Wren", "--ft", "40")
    assert "35 ft of movement" in error["message"] and "5 ft short" in error["message"]
    more = game.result("movement", "Vex", "--ft", "30", "--double", "--apply")
    assert (more["available_ft"], more["remaining_ft"]) == (30, 0)
    assert game.status("Vex")["movement_spent_ft"] == 60


def test_spend_records_actions_erc_does_not_resolve(game: Table) -> None:
    """Part 2: "`spend NAME [--standard] [--move]` for actions erc does not resolve"."""
    assert game.result("spend", "Vex", "--move", "--apply")["actions"] == ["move"]
    assert game.error("spend", "Vex")["code"] == "bad-option"
    assert game.error("movement", "Vex", "--ft", "5")["code"] == "not-enough-movement"
    game.ok("spend", "Vex", "--standard", "--apply")
    assert game.error("spend", "Vex", "--standard", "--apply")["code"] == "already-acted"
    game.ok("roll-init", "--apply")
    assert not game.status("Vex")["standard_used"]  # a new round: both actions back


# --- status and the journal --------------------------------------------------------------


def test_status_fields_order_next_sides_over(game: Table) -> None:
    """Part 2: "`status` per combatant: `hp`, `hp_max`, `ex_hp`, `dr_this_round`,
    `standard_used`, `move_used`, `spell_cast`"; CONTRACT: `order`, `next`, `sides`, `over`."""
    status = game.result("status")
    row = next(r for r in status["combatants"] if r["name"] == "Chrome")
    assert {"hp", "hp_max", "ex_hp", "dr_this_round", "standard_used", "move_used",
            "spell_cast", "conditions", "down", "standing", "side", "name"} <= set(row)  # fmt: skip
    assert (row["hp"], row["ex_hp"], row["dr_this_round"]) == (20, 10, None)
    assert row["armor_classes"] == {"ac": 12, "touch_ac": 10, "flat_footed_ac": 12}
    first = status["order"][0]["name"]
    assert status["next"] == first and set(status["order"][0]) == {
        "place",
        "name",
        "acted",
        "can_act",
    }
    assert {s["side"]: s["standing"] for s in status["sides"]} == {"party": 2, "foes": 3}
    assert status["over"] is False
    game.ok("spend", first, "--move", "--apply")
    after = game.result("status")
    assert after["order"][0]["acted"] and after["next"] == after["order"][1]["name"]


def test_status_combatants_acted_and_can_act(erc: Any, tmp_path: Path) -> None:
    """CONTRACT `erc status`: `result.combatants` lists `acted` (as ER's and Elysium's: a
    boolean, its turn has begun this round) and `can_act` (a boolean, as `order[].can_act`:
    SC1.4, not at 0 HP or below, asleep, unconscious, paralyzed or bound)."""
    tied = DUMMY.replace("Dummy", "Tied").replace("hp: 100", "hp: 10, conditions: [bound]")
    out = DUMMY.replace("Dummy", "Out").replace("hp: 100", "hp: 10, hp_current: 0")
    game = table(erc, tmp_path, VEX, WREN, tied, out, DUMMY)
    game.ok("roll-init", "--apply", "--seed", "7")

    def flags() -> dict[str, tuple[bool, bool]]:
        status = game.result("status")
        rows = {c["name"]: (c["acted"], c["can_act"]) for c in status["combatants"]}
        assert {p["name"]: (p["acted"], p["can_act"]) for p in status["order"]} == rows
        return rows

    assert flags() == {
        "Vex": (False, True),
        "Wren": (False, True),
        "Tied": (False, False),
        "Out": (False, False),
        "Dummy": (False, True),
    }
    game.ok("movement", "Vex", "--ft", "5", "--apply")
    game.ok("attack", "Wren", "Dummy", "--rolls", "1", "--apply")
    game.ok("condition", "Dummy", "asleep", "--apply")
    assert flags()["Vex"] == (True, True) and flags()["Wren"] == (True, True)
    assert flags()["Dummy"] == (False, False)
    game.ok("roll-init", "--apply")
    assert flags()["Vex"] == (False, True)


def test_status_over_when_one_side_stands(erc: Any, tmp_path: Path) -> None:
    """CONTRACT: "`result.over`: bool": fewer than two sides with a standing combatant."""
    game = table(erc, tmp_path, VEX, "  - {name: Frail, side: foes, hp: 3}")
    game.ok("attack", "Vex", "Frail", "--rolls", "15,5,5", "--apply")
    status = game.result("status")
    assert status["over"] and {s["side"]: s["standing"] for s in status["sides"]}["foes"] == 0


def test_damage_ex_hp_first_and_hp_below_0(game: Table) -> None:
    """`damage NAME N`: SC8.3 EX-HP first, SC6.5 HP below 0; a preview records nothing."""
    preview = game.result("damage", "Chrome", "25")
    assert {k: preview[k] for k in ("amount", "dealt", "hp_before", "hp_after", "ex_hp_before",
            "ex_hp_after")} == {"amount": 25, "dealt": 25, "hp_before": 20, "hp_after": 5,
            "ex_hp_before": 10, "ex_hp_after": 0}  # fmt: skip
    assert game.status("Chrome")["hp"] == 20
    game.ok("damage", "Chrome", "25", "--apply")
    game.ok("damage", "Chrome", "8", "--apply")
    row = game.status("Chrome")
    assert (row["hp"], row["ex_hp"], row["down"]) == (-3, 0, True)


def test_heal_up_to_the_maximum_ex_hp_do_not_come_back(game: Table) -> None:
    """`heal NAME N`: HP up to the maximum; SC8.3: EX-HP "replenish per hour, not in
    combat"."""
    game.ok("damage", "Chrome", "15", "--apply")
    healed = game.result("heal", "Chrome", "50", "--apply")
    # issue 32: ``dealt`` the healing as given, ``health_change`` what HP did
    assert (healed["dealt"], healed["health_change"]) == (50, 5)
    assert (healed["hp_after"], healed["ex_hp_after"]) == (20, 0)
    assert game.error("heal", "Chrome", "-1")["code"] == "usage"


def test_condition_adds_removes_and_lasts_rounds(game: Table) -> None:
    """`condition NAME COND... [--remove] [--rounds N]`; Part 3.11's closed set."""
    added = game.result("condition", "Dummy", "unaware", "bound", "--rounds", "2", "--apply")
    assert (added["added"], added["conditions_after"]) == (
        ["unaware", "bound"],
        ["bound", "unaware"],
    )
    rows = game.status("Dummy")["conditions"]
    assert {r["name"]: r["rounds_left"] for r in rows} == {"unaware": 2, "bound": 2}
    assert game.error("movement", "Dummy")["code"] == "cannot-act"  # SC1.4: bound
    attack = game.result("attack", "Vex", "Dummy", "--rolls", "1")["attacks"][0]
    assert attack["ac_kind"] == "flat-footed"  # SC5.3: unaware
    game.ok("roll-init", "--apply")
    game.ok("roll-init", "--apply")
    assert game.status("Dummy")["conditions"] == []
    error = game.error("condition", "Dummy", "prone")
    assert error["code"] == "unknown-condition" and "spellchrome" in error["message"]
    assert "did you mean 'bound'" in game.error("condition", "Dummy", "bund")["message"]
    removed = game.result("condition", "Vex", "asleep", "--remove")
    assert removed["removed"] == [] and "is not asleep" in removed["notes"][0]


def test_condition_by_records_who_caused_it(game: Table) -> None:
    """CONTRACT: `condition NAME COND... [--remove] [--by NAME] [--rounds N]`, shared with
    every ruleset; `by` is recorded on the condition as ER's is (status `conditions`:
    `{name, by, rounds_left, actions_left}`) and must name another combatant."""
    preview = game.result("condition", "Dummy", "bound", "--by", "vex")
    assert (preview["added"], preview["by"]) == (["bound"], "Vex")
    human = game.erc(
        "condition", "Dummy", "bound", "--by", "Vex", "-e", game.path, "--journal", game.journal
    ).out
    assert "Dummy +bound (by Vex)" in human
    added = game.result("condition", "Dummy", "bound", "--by", "Vex", "--rounds", "2", "--apply")
    assert (added["by"], added["rounds"], added["conditions_after"]) == ("Vex", 2, ["bound"])
    (row,) = game.status("Dummy")["conditions"]
    assert row == {"name": "bound", "by": "Vex", "rounds_left": 2, "actions_left": None}
    change = game.result("log")["events"][-1]["effects"][0]
    assert (change["add"], change["by"]) == ("bound", "Vex")
    again = game.result("condition", "Dummy", "bound", "--by", "Wren", "--apply")
    assert again["added"] == ["bound"]  # set again: a new causer
    assert game.status("Dummy")["conditions"][0]["by"] == "Wren"
    assert game.result("condition", "Guard", "unaware")["by"] is None
    assert game.error("condition", "Dummy", "bound", "--by", "Nobody")["code"] == (
        "unknown-combatant"
    )
    error = game.error("condition", "Dummy", "bound", "--by", "Dummy")
    assert error["code"] == "bad-option" and "another combatant" in error["message"]
    error = game.error("condition", "Dummy", "bound", "--remove", "--by", "Vex")
    assert error["code"] == "bad-option" and "--remove" in error["message"]


def test_undo_takes_back_an_attack_and_its_dr(game: Table) -> None:
    """CONTRACT `erc undo`: the last applied event is cancelled: HP, EX-HP, the round's DR
    and the standard action all come back."""
    game.ok("attack", "Vex", "Chrome", "--rolls", "15,10,5,3", "--apply")
    row = game.status("Chrome")
    assert (row["ex_hp"], row["hp"], row["dr_this_round"]) == (0, 18, 3)
    game.ok("undo")
    row = game.status("Chrome")
    assert (row["ex_hp"], row["hp"], row["dr_this_round"]) == (10, 20, None)
    assert not game.status("Vex")["standard_used"]


def test_key_replays_instead_of_applying_twice(game: Table) -> None:
    """CONTRACT `--key`: "a command whose key is already in the journal is not applied
    again"."""
    first = game.ok("damage", "Dummy", "5", "--apply", "--key", "trap-1")
    again = game.ok("damage", "Dummy", "5", "--apply", "--key", "trap-1")
    assert again["applied"]["replayed"] and again["applied"]["event"] == first["applied"]["event"]
    assert game.status("Dummy")["hp"] == 95


def test_batch_runs_spellchrome_lines(erc: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """CONTRACT `erc batch`: one envelope per line, the Spellchrome commands included."""
    import io
    import sys

    game = table(erc, tmp_path, VEX, GUARD)
    lines = "\n".join(
        [
            f"roll-init --rolls 5,6 --apply --journal {game.journal}",
            f"attack Vex Guard --rolls 15,5,5,4 --apply --journal {game.journal}",
            f"status --journal {game.journal}",
            f"disarm Vex Guard --journal {game.journal}",
        ]
    )
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
    ran = erc("batch", "-e", game.path)
    documents = [json.loads(line) for line in ran.out.splitlines()]
    assert ran.code == 2 and [d.get("command") for d in documents] == [
        "roll-init",
        "attack",
        "status",
        "disarm",
    ]
    guard = next(c for c in documents[2]["result"]["combatants"] if c["name"] == "Guard")
    assert (guard["hp"], guard["dr_this_round"]) == (40 - 6, 4)
    assert documents[3]["error"]["code"] == "not-in-ruleset"


def test_part_3_12_a_seed_replays(game: Table) -> None:
    """Part 3.12: "Seeds: results replay within erc; comparisons with other tools use
    `--rolls`"."""
    one = game.ok("attack", "Vex", "Guard", "--full", "--seed", "99")
    two = game.ok("attack", "Vex", "Guard", "--full", "--seed", "99")
    assert one == two
    forced = game.ok("attack", "Vex", "Guard", "--full", "--rolls",
                     ",".join(str(r["value"]) for r in one["rolls"]))  # fmt: skip
    assert forced["result"] == one["result"]


def test_part_3_15_end_turn_gives_up_the_standard_and_move_actions(game: Table) -> None:
    """Part 3.15 (SC-P15): "`erc end-turn NAME --apply` gives up the standard and move actions
    left": next moves on, and neither action can be taken again this round (R14.3: a turn
    ended is not resumed)."""
    first = game.result("status")["next"]
    game.ok("end-turn", first, "--apply")
    status = game.result("status")
    row = game.status(first)
    assert row["resources"] == {"standard": False, "move": False} and row["turn_ended"]
    assert status["next"] != first
    assert game.error("spend", first, "--standard", "--apply")["code"] == "already-acted"
    assert game.error("end-turn", first, "--apply")["code"] == "turn-ended"
