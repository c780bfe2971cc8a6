"""``erc roll-init`` and ``erc delay`` on Spellchrome files (issue 16): SC2 initiative, ties
and the keep rule, SC2.5 delays, SC2.6 readying, SC3 surprise bonuses, Part 3.5; the
chapter's door guard and its A at 23 delaying for B at 8, dice forced with ``--rolls``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.spellchrome.support import table


def fighter(name: str, side: str = "party", dex: int = 10, **more: Any) -> str:
    extra = "".join(f", {k}: {v}" for k, v in more.items())
    return (
        f"  - {{name: {name}, side: {side}, hp: 10, abilities: {{dexterity: {dex}}}{extra},"
        " weapons: [{name: pistol, kind: ranged, damage: 2d10, range: 60}]}"
    )


def order(result: dict[str, Any]) -> list[str]:
    return [p["name"] for p in result["order"]]


def place(result: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in result["order"] if p["name"] == name)  # type: ignore[no-any-return]


# --- the chapter's numbers -------------------------------------------------------------


def test_chapter_the_door_guard_rolls_1_and_still_acts_second(erc: Any, tmp_path: Path) -> None:
    """SC2.6, seed 002 "Readying an action": "only the guarding character should gain an
    initiative bonus ... it is possible that the guarding character will roll a 1 on his
    initiative roll while the character opening the door might roll a 20 and still act
    first"."""
    game = table(erc, tmp_path, fighter("Guard"), fighter("Opener", "foes"), fighter("Ally"))
    document = game.ok("roll-init", "--bonus", "Guard=10", "--rolls", "1,20,8")
    result = document["result"]
    assert order(result) == ["Opener", "Guard", "Ally"]
    guard = place(result, "Guard")
    assert (guard["roll"], guard["modifier"], guard["bonus"], guard["total"]) == (1, 0, 10, 11)
    assert [p["bonus"] for p in result["order"]] == [0, 10, 0]  # the guard alone
    assert [r["for"] for r in document["rolls"]] == [
        "Guard initiative",
        "Opener initiative",
        "Ally initiative",
    ]


def test_chapter_a_at_23_delays_for_b_at_8(erc: Any, tmp_path: Path) -> None:
    """SC2.5, seed 002 "Waiting for an ally or an enemy": "If character A gets a 23 and
    character B rolls an 8, character A would have to delay their action until the number 7
    comes up in the turn order - acting just after character B"; "a character may take both
    their move action and standard action even after a delay"."""
    game = table(erc, tmp_path, fighter("A", dex=14, initiative=3), fighter("B"), fighter("C"))
    started = game.result("roll-init", "--rolls", "18,8,7", "--apply")
    assert [(p["name"], p["total"]) for p in started["order"]] == [("A", 23), ("B", 8), ("C", 7)]
    delayed = game.result("delay", "A", "--after", "B", "--apply")
    assert [p["name"] for p in delayed["order"]] == ["B", "A", "C"]
    assert (delayed["place"], delayed["took_place"]) == (2, False)
    assert place(delayed, "A")["delayed_after"] == "B"
    # A acts once the count falls below B's 8: before C, whose own total is 7
    assert game.result("status")["next"] == "B"
    game.ok("spend", "B", "--standard", "--move", "--apply")
    assert game.result("status")["next"] == "A"
    game.ok("movement", "A", "--ft", "30", "--apply")
    game.ok("attack", "A", "C", "--rolls", "2", "--apply")
    row = game.status("A")
    assert row["standard_used"] and row["move_used"]
    assert game.result("status")["next"] == "C"


# --- SC2: the roll ---------------------------------------------------------------------


def test_sc2_1_d20_plus_dex_modifier_plus_initiative_plus_bonus(erc: Any, tmp_path: Path) -> None:
    """SC2.1: "d20 + Dexterity modifier + the file's `initiative` + any surprise bonus";
    Part 3.5: "`modifier` is Dex modifier + `initiative`; `total` = roll + modifier +
    bonus"."""
    game = table(erc, tmp_path, fighter("Vex", dex=16, initiative=2), fighter("Foe", "foes"))
    result = game.result("roll-init", "--bonus", "Vex=3", "--rolls", "10,4")
    vex = place(result, "Vex")
    assert (vex["roll"], vex["modifier"], vex["bonus"], vex["total"]) == (10, 3 + 2, 3, 18)
    assert (vex["dex_score"], vex["tiebreak"], vex["delayed_after"]) == (16, [], None)
    assert {"place", "name", "total", "roll", "modifier", "bonus", "dex_score", "tiebreak",
            "delayed_after"} <= set(vex)  # fmt: skip
    assert (result["round"], result["kept"]) == (1, False)


def test_sc2_2_highest_first(erc: Any, tmp_path: Path) -> None:
    """SC2.2: "Highest first" ("counting down from the highest to the lowest result")."""
    game = table(erc, tmp_path, fighter("X"), fighter("Y"), fighter("Z"))
    result = game.result("roll-init", "--rolls", "3,17,9")
    assert order(result) == ["Y", "Z", "X"] and [p["place"] for p in result["order"]] == [1, 2, 3]


def test_sc2_3_a_tie_goes_to_the_higher_dexterity_score(erc: Any, tmp_path: Path) -> None:
    """SC2.3: "the character with the higher Dexterity score goes first"; the score, not the
    modifier (Dex 15 and 14 both give +2)."""
    game = table(erc, tmp_path, fighter("Low", dex=14), fighter("High", dex=15))
    document = game.ok("roll-init", "--rolls", "10,10")
    assert order(document["result"]) == ["High", "Low"]
    assert len(document["rolls"]) == 2  # no d10: the scores decided


def test_sc2_3_still_tied_roll_d10s_again_until_decided(erc: Any, tmp_path: Path) -> None:
    """SC2.3: "still tied, those combatants roll d10, higher first"; "Tied d10s roll again
    until decided"; Part 3.5: "each roll-off round is in file order; `tiebreak` lists a
    combatant's d10s"."""
    game = table(erc, tmp_path, fighter("P"), fighter("Q"), fighter("R"))
    document = game.ok("roll-init", "--rolls", "12,12,12,5,5,3,7,2")
    result = document["result"]
    assert order(result) == ["P", "Q", "R"]
    assert [place(result, n)["tiebreak"] for n in "PQR"] == [[5, 7], [5, 2], [3]]
    assert [(r["die"], r["for"]) for r in document["rolls"][3:]] == [
        (10, "P tie-break 1"),
        (10, "Q tie-break 1"),
        (10, "R tie-break 1"),
        (10, "P tie-break 2"),
        (10, "Q tie-break 2"),
    ]


def test_sc2_3_tied_groups_roll_off_from_the_highest_total_down(erc: Any, tmp_path: Path) -> None:
    """SC2.3: "tied groups from the highest total down, depth first (as ER R3.3)"."""
    names = ("Lo1", "Hi1", "Lo2", "Hi2")
    game = table(erc, tmp_path, *(fighter(n) for n in names))
    document = game.ok("roll-init", "--rolls", "5,15,5,15,2,9,4,4,1,8")
    assert [r["for"] for r in document["rolls"][4:]] == [
        "Hi1 tie-break 1",
        "Hi2 tie-break 1",
        "Lo1 tie-break 1",
        "Lo2 tie-break 1",
        "Lo1 tie-break 2",
        "Lo2 tie-break 2",
    ]
    assert order(document["result"]) == ["Hi2", "Hi1", "Lo2", "Lo1"]


def test_sc2_3_a_group_that_ties_again_rerolls_before_the_next_group(
    erc: Any, tmp_path: Path
) -> None:
    """SC2.3: "Tied d10s roll again until decided, tied groups from the highest total down,
    depth first (as ER R3.3)": the high pair ties its d10s (4, 4) and rolls again at once,
    before the low pair's first roll-off."""
    names = ("Lo1", "Hi1", "Lo2", "Hi2")
    game = table(erc, tmp_path, *(fighter(n) for n in names))
    document = game.ok("roll-init", "--rolls", "5,15,5,15,4,4,2,9,1,8")
    assert [r["for"] for r in document["rolls"][4:]] == [
        "Hi1 tie-break 1",
        "Hi2 tie-break 1",
        "Hi1 tie-break 2",
        "Hi2 tie-break 2",
        "Lo1 tie-break 1",
        "Lo2 tie-break 1",
    ]
    result = document["result"]
    assert order(result) == ["Hi2", "Hi1", "Lo2", "Lo1"]
    assert [place(result, n)["tiebreak"] for n in names] == [[1], [4, 2], [8], [4, 9]]


def test_sc2_4_keep_is_the_default_and_keeps_the_order_rolling_nothing(
    erc: Any, tmp_path: Path
) -> None:
    """SC2.4: "House rule `initiative: keep|reroll`, default **keep**"; "`keep` keeps the
    whole order of the last applied `roll-init`, delays included, and rolls nothing"."""
    game = table(erc, tmp_path, fighter("X"), fighter("Y", dex=14))
    first = game.ok("roll-init", "--rolls", "3,17", "--apply")
    assert first["rules"] == {"initiative": "keep"}
    second = game.ok("roll-init", "--apply")
    assert second["rolls"] == [] and second["result"]["kept"]
    assert second["result"]["round"] == 2
    keys = ("name", "total", "roll", "modifier", "bonus", "tiebreak")
    assert [{k: p[k] for k in keys} for p in second["result"]["order"]] == [
        {k: p[k] for k in keys} for p in first["result"]["order"]
    ]
    assert game.error("roll-init", "--rolls", "5")["code"] == "bad-rolls"  # nothing is drawn
    error = game.error("roll-init", "--bonus", "X=2")
    assert error["code"] == "bad-option" and "keep" in error["message"]


def test_sc2_4_reroll_rolls_every_round(erc: Any, tmp_path: Path) -> None:
    """SC2.4: "An alternative method is to roll initiative each round" (`reroll`)."""
    game = table(erc, tmp_path, fighter("X"), fighter("Y"), rules="{initiative: reroll}")
    game.ok("roll-init", "--rolls", "3,17", "--apply")
    second = game.ok("roll-init", "--rolls", "18,2", "--apply")
    assert not second["result"]["kept"] and order(second["result"]) == ["X", "Y"]


def test_sc2_5_under_keep_the_delayed_place_lasts(erc: Any, tmp_path: Path) -> None:
    """SC2.5: "Under `keep` the new place lasts"; under `reroll` the next roll decides."""
    for rules, lasting in (("", True), ("{initiative: reroll}", False)):
        folder = tmp_path / ("keep" if lasting else "reroll")
        folder.mkdir()
        game = table(erc, folder, fighter("A"), fighter("B"), rules=rules)
        game.ok("roll-init", "--rolls", "20,5", "--apply")
        game.ok("delay", "A", "--after", "B", "--apply")
        nxt = game.result("roll-init", "--apply", *(() if lasting else ("--rolls", "20,5")))
        if lasting:
            assert order(nxt) == ["B", "A"] and place(nxt, "A")["delayed_after"] == "B"
        else:
            assert order(nxt) == ["A", "B"] and place(nxt, "A")["delayed_after"] is None


def test_sc2_5_if_the_other_cannot_act_the_delayer_takes_its_place(
    erc: Any, tmp_path: Path
) -> None:
    """SC2.5: "If the other cannot act, the delayer takes the other's place"."""
    game = table(
        erc, tmp_path, fighter("A"), fighter("D"), fighter("B", conditions="[asleep]"), fighter("C")
    )
    game.ok("roll-init", "--rolls", "20,15,8,7", "--apply")
    result = game.result("delay", "A", "--after", "B", "--apply")
    assert [p["name"] for p in result["order"]] == ["D", "A", "B", "C"]
    assert result["took_place"] and "cannot act" in result["notes"][0]
    assert game.result("status")["order"][1]["name"] == "A"


def test_sc2_5_those_waiting_move_with_the_one_they_wait_for(erc: Any, tmp_path: Path) -> None:
    """SC2.5: "a combatant may act immediately after a named other"; seed 002: "They then act
    immediately after that character". A waits for B; when B then delays after C, A still
    acts immediately after B (C, B, A, D), not before the ally it waits for, in the delay's
    output, in `status` and in the kept order of round 2; undoing B's delay restores A's."""
    game = table(erc, tmp_path, fighter("A"), fighter("B"), fighter("C", "foes"), fighter("D"))
    game.ok("roll-init", "--rolls", "20,15,10,5", "--apply")
    assert order(game.result("delay", "A", "--after", "B", "--apply")) == ["B", "A", "C", "D"]
    moved = game.result("delay", "B", "--after", "C", "--apply")
    assert order(moved) == ["C", "B", "A", "D"] and moved["place"] == 2
    assert [p["delayed_after"] for p in moved["order"]] == [None, "C", "B", None]
    assert moved["notes"] == ["A, waiting for B, moves with it"]
    status = game.result("status")
    assert [p["name"] for p in status["order"]] == ["C", "B", "A", "D"]
    assert status["next"] == "C"
    assert game.status("A")["delayed_after"] == "B"
    game.ok("undo")
    status = game.result("status")
    assert [p["name"] for p in status["order"]] == ["B", "A", "C", "D"]
    assert status["next"] == "B" and game.status("B")["delayed_after"] is None
    game.ok("delay", "B", "--after", "C", "--apply")
    kept = game.result("roll-init", "--apply")
    assert order(kept) == ["C", "B", "A", "D"]
    assert [p["delayed_after"] for p in kept["order"]] == [None, "C", "B", None]


def test_sc2_5_a_chain_of_waits_moves_whole(erc: Any, tmp_path: Path) -> None:
    """SC2.5: "They then act immediately after that character", down a chain: A waits for
    B, X for A; when B delays after C, A and X come with it, in their order (C, B, A, X, D).
    One who waits can still delay again on its own: it leaves the chain with its own
    waiters (X follows A after D)."""
    game = table(
        erc, tmp_path, fighter("A"), fighter("X"), fighter("B"), fighter("C", "foes"), fighter("D")
    )
    game.ok("roll-init", "--rolls", "20,18,15,10,5", "--apply")
    game.ok("delay", "A", "--after", "B", "--apply")
    assert order(game.result("delay", "X", "--after", "A", "--apply")) == list("BAXCD")
    moved = game.result("delay", "B", "--after", "C", "--apply")
    assert order(moved) == list("CBAXD")
    assert moved["notes"] == ["A, X, waiting for B, move with it"]
    assert [p["delayed_after"] for p in moved["order"]] == [None, "C", "B", "A", None]
    again = game.result("delay", "A", "--after", "D", "--apply")
    assert order(again) == list("CBDAX")
    assert [p["name"] for p in game.result("status")["order"]] == list("CBDAX")


def test_sc2_5_one_cannot_wait_for_who_waits_for_it(erc: Any, tmp_path: Path) -> None:
    """SC2.5: a delayer acts "immediately after" the other, so two cannot wait for each
    other, directly or down a chain: neither would ever act (*choice*: refused, bad-delay,
    nothing recorded)."""
    game = table(erc, tmp_path, fighter("A"), fighter("X"), fighter("B"), fighter("C"))
    game.ok("roll-init", "--rolls", "20,18,15,10", "--apply")
    game.ok("delay", "A", "--after", "B", "--apply")
    error = game.error("delay", "B", "--after", "A", "--apply")
    assert error["code"] == "bad-delay" and "A is waiting for B" in error["message"]
    game.ok("delay", "X", "--after", "A", "--apply")
    error = game.error("delay", "B", "--after", "X")
    assert error["code"] == "bad-delay" and "X is waiting for B (through A)" in error["message"]
    assert [p["name"] for p in game.result("status")["order"]] == list("BAXC")


def test_sc2_5_a_journal_holding_two_who_wait_for_each_other_still_reads(
    erc: Any, tmp_path: Path
) -> None:
    """Nothing recorded is lost: erc 0.2.0 recorded a wait for one who waits for it (now
    refused), moving the delayer alone. Such a journal is folded as it was then, not
    refused as a bad journal."""
    import json

    game = table(erc, tmp_path, fighter("A"), fighter("B"), fighter("C"))
    game.ok("roll-init", "--rolls", "20,15,10", "--apply")
    game.ok("delay", "A", "--after", "B", "--apply")
    journal = Path(game.journal)
    lines = journal.read_text().splitlines()
    event = json.loads(lines[-1])
    event["id"] += 1
    event["effects"] = [
        {**e, "who": "B", "after": "A"} if e.get("type") == "sc-delay" else e
        for e in event["effects"]
    ]
    journal.write_text("\n".join([*lines, json.dumps(event)]) + "\n")
    assert [p["name"] for p in game.result("status")["order"]] == list("ABC")


def test_sc2_5_one_in_the_others_place_does_not_move_with_it(erc: Any, tmp_path: Path) -> None:
    """SC2.5: "If the other cannot act, the delayer takes the other's place", and "Under
    `keep` the new place lasts": A, waiting for a sleeping B, holds B's place (ahead of B)
    into round 2; when B, awake, delays after C, A keeps that place and does not follow B."""
    game = table(erc, tmp_path, fighter("A"), fighter("B"), fighter("C", "foes"), fighter("D"))
    game.ok("roll-init", "--rolls", "20,15,10,5", "--apply")
    game.ok("condition", "B", "asleep", "--apply")
    took = game.result("delay", "A", "--after", "B", "--apply")
    assert took["took_place"] and order(took) == ["A", "B", "C", "D"]
    game.ok("condition", "B", "asleep", "--remove", "--apply")
    assert order(game.result("roll-init", "--apply")) == ["A", "B", "C", "D"]
    assert order(game.result("delay", "B", "--after", "C", "--apply")) == ["A", "C", "B", "D"]


def test_sc2_5_a_delay_only_waits(erc: Any, tmp_path: Path) -> None:
    """SC2.5: a delay is acting *after* a named other; nothing to delay without an order;
    a combatant that has acted has chosen not to wait."""
    game = table(erc, tmp_path, fighter("A"), fighter("B"))
    assert game.error("delay", "A", "--after", "B")["code"] == "no-order"
    game.ok("roll-init", "--rolls", "20,5", "--apply")
    assert game.error("delay", "B", "--after", "A")["code"] == "bad-delay"
    assert game.error("delay", "A", "--after", "A")["code"] == "bad-delay"
    assert game.error("delay", "A")["code"] == "usage"
    game.ok("spend", "A", "--move", "--apply")
    preview = game.result("delay", "A", "--after", "B")
    assert "already-acted" in preview["notes"][0]
    assert game.error("delay", "A", "--after", "B", "--apply")["code"] == "already-acted"


# --- SC3: surprise ---------------------------------------------------------------------


def test_sc3_1_the_bonus_is_1_to_10(erc: Any, tmp_path: Path) -> None:
    """SC3.1: "an integer from 1 to 10 ("The bonus can be anywhere from +1 to +10"); 0 or 11
    is an error"; issue 16: "`--bonus` 0 or 11 ... exit 2 with a clear message"."""
    game = table(erc, tmp_path, fighter("X"), fighter("Y"))
    for bad in ("0", "11", "-3"):
        error = game.error("roll-init", "--bonus", f"X={bad}")
        assert error["code"] == "bad-bonus" and "+1 to +10" in error["message"]
    for edge in ("1", "10"):
        assert place(game.result("roll-init", "--bonus", f"X={edge}", "--rolls", "5,5"), "X")[
            "bonus"
        ] == int(edge)
    assert game.error("roll-init", "--bonus", "X=two")["code"] == "bad-bonus"
    assert game.error("roll-init", "--bonus", "X")["code"] == "bad-option"
    assert game.error("roll-init", "--bonus", "Nobody=2")["code"] == "unknown-combatant"


def test_sc3_1_part_3_5_a_bonus_names_a_combatant_group_side_or_prefix(
    erc: Any, tmp_path: Path
) -> None:
    """SC3.1: "It may name a combatant, a `count` group or a side"; Part 3.5: "`--bonus`
    looks a name up as an exact combatant, then a group, then a side, then a prefix;
    bonuses that reach one combatant add up"."""
    guard = fighter("Guard", "watch", count=2)
    game = table(erc, tmp_path, guard, fighter("Watchman", "guard"), fighter("Vex"))

    def bonuses(*given: str) -> dict[str, int]:
        rolled = game.result("roll-init", *given, "--rolls", "1,5,10,15")
        return {p["name"]: p["bonus"] for p in rolled["order"] if p["bonus"]}

    assert bonuses("--bonus", "Guard=2") == {"Guard 1": 2, "Guard 2": 2}  # group over side
    assert bonuses("--bonus", "watch=3") == {"Guard 1": 3, "Guard 2": 3}  # side over prefix
    assert bonuses("--bonus", "Watchm=4") == {"Watchman": 4}  # a prefix
    assert bonuses("--bonus", "Guard 1=1") == {"Guard 1": 1}  # exact
    assert bonuses("--bonus", "Guard=2", "--bonus", "Guard 2=5") == {"Guard 1": 2, "Guard 2": 7}


def test_part_3_5_an_exact_name_wins_over_a_group_of_the_same_stem(
    erc: Any, tmp_path: Path
) -> None:
    """Part 3.5: "`--bonus` looks a name up as an exact combatant, then a group": a file with
    one `Guard` and a `count: 2` group of Guards (`Guard 1`, `Guard 2`) gives `Guard=2` to
    `Guard` alone."""
    game = table(
        erc,
        tmp_path,
        "  - {name: Guard, side: watch, hp: 10}",
        "  - {name: Guard, side: watch, count: 2, hp: 10}",
    )
    result = game.result("roll-init", "--bonus", "Guard=2", "--rolls", "1,5,10")
    assert {p["name"]: (p["roll"], p["bonus"]) for p in result["order"]} == {
        "Guard": (1, 2),
        "Guard 1": (5, 0),
        "Guard 2": (10, 0),
    }


def test_sc3_2_there_is_no_surprise_round(erc: Any, tmp_path: Path) -> None:
    """SC3.2: "There is no surprise round": a bonus only moves places; everyone acts in
    round 1 (ER's `--surprise` is not this ruleset's)."""
    game = table(erc, tmp_path, fighter("X"), fighter("Y", "foes"))
    result = game.result("roll-init", "--bonus", "party=10", "--rolls", "5,5")
    assert all(p["acts"] for p in result["order"])
    assert game.error("roll-init", "--surprise")["code"] in ("usage", "not-in-ruleset")


def test_part_3_9_who_cannot_act_still_appears_in_roll_init(erc: Any, tmp_path: Path) -> None:
    """Part 3.9: "it still appears in `roll-init`"; SC1.4: asleep or at 0 HP or below."""
    game = table(
        erc, tmp_path, fighter("Up"), fighter("Sleepy", conditions="[asleep]"),
        fighter("Out", hp_current=-2),
    )  # fmt: skip
    result = game.result("roll-init", "--rolls", "5,6,7")
    assert {p["name"]: (p["acts"], p["status"]) for p in result["order"]} == {
        "Up": (True, "acts"),
        "Sleepy": (False, "asleep"),
        "Out": (False, "down"),
    }


def test_roll_init_apply_starts_each_round_once(erc: Any, tmp_path: Path) -> None:
    """CONTRACT: "`roll-init --apply` starts the next round"; "rounds only go up"."""
    game = table(erc, tmp_path, fighter("X"), fighter("Y"))
    assert game.result("roll-init", "--rolls", "5,6", "--apply")["round"] == 1
    assert game.error("roll-init", "--round", "1", "--apply")["code"] == "round-started"
    assert game.result("roll-init", "--round", "4", "--apply")["round"] == 4
    assert game.result("status")["round"] == 4
