"""``erc competition`` (issue 6): RULES.md R7 and R2.4; seed 000 "Competitions" (the loose
potion) and the space-control paragraphs of "Movement Revisited"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, PhysicalSource
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.rules.competition import (
    BOUND,
    ENTERING_NHOBLIT,
    OWNER,
    compete,
    competition_setup,
    contender,
)

POTION = """\
erc: 1
name: The loose potion (seed 000 "Competitions")
combatants:
  - {name: Person A, side: left, ac: 12, body: 10, attributes: {strength: 4, agility: 6}}
  - {name: Person B, side: right, ac: 12, body: 10, attributes: {strength: 4, agility: 2}}
  - {name: Nhoblit B, side: right, species: nhoblit, size: small, ac: 13, body: 8,
     attributes: {strength: 2, agility: 7}}
  - {name: Bound C, side: right, ac: 10, body: 10, attributes: {strength: 4},
     conditions: [bound]}
"""


@pytest.fixture
def potion(tmp_path: Path) -> str:
    path = tmp_path / "potion.yaml"
    path.write_text(POTION)
    return str(path)


@pytest.fixture
def compete_cli(erc: Any, potion: str) -> Any:
    """``compete_cli("Person A", "Person B", "--rolls", "5,7")`` -> the JSON result."""

    def call(*args: str) -> Any:
        ran = erc("competition", "-e", potion, "--json", *args)
        assert ran.code == 0, ran.err
        return ran.json

    return call


def sides(document: Any) -> list[tuple[str, str, list[int], int, int, int, str]]:
    """Each side as ``(name, attribute, faces, roll, modifier, total, advantage)``, its dice
    checked against CONTRACT's shape on the way: each ``{die, value, kept}``, one d12 kept,
    the one ``roll`` reports."""
    out = []
    for s in document["result"]["sides"]:
        assert all(set(d) == {"die", "value", "kept"} and d["die"] == 12 for d in s["dice"])
        assert [d["value"] for d in s["dice"] if d["kept"]] == [s["roll"]]
        faces = [d["value"] for d in s["dice"]]
        out.append(
            (s["name"], s["attribute"], faces, s["roll"], s["modifier"], s["total"], s["advantage"])
        )
    return out


# --- R2.4, R7.1: d12 + the chosen sub-attribute's modifier ---------------------------


def test_r2_4_r7_1_d12_plus_modifier_strength_by_default(compete_cli: Any) -> None:
    """R2.4: "each side rolls d12 + the modifier of its chosen sub-attribute"; R7.1: "usually
    Strength or Agility" (Strength when none is chosen). Strength 4 gives +1 (R1.2)."""
    document = compete_cli("Person A", "Person B", "--rolls", "5,7")
    assert sides(document) == [
        ("Person A", "strength", [5], 5, 1, 6, "normal"),
        ("Person B", "strength", [7], 7, 1, 8, "normal"),
    ]
    assert document["result"]["winner"] == "Person B"
    assert [r["for"] for r in document["rolls"]] == [
        "Person A strength competition",
        "Person B strength competition",
    ]


def test_r7_1_each_side_chooses_its_sub_attribute(compete_cli: Any) -> None:
    """R7.1: "The sub-attribute is each side's choice"; a unique prefix names it."""
    document = compete_cli("Person A", "Person B", "--attr", "person a=agi", "--rolls", "5,7")
    assert sides(document)[0][1:6] == ("agility", [5], 5, 2, 7)  # Agility 6 gives +2
    assert sides(document)[1][1] == "strength"


def test_r2_4_situational_modifiers_are_summed(compete_cli: Any) -> None:
    """R2.4: "(+ situational modifiers)": ``--mod`` adds to a side; several add up."""
    document = compete_cli(
        "Person A", "Person B", "--mod", "Person A=3", "--mod", "person a=-1", "--rolls", "6,7"
    )
    assert sides(document)[0][4:6] == (3, 9)  # 6 + Strength +1 + 3 - 1, against 7 + 1
    assert document["result"]["winner"] == "Person A"


def test_r2_4_r7_3_a_tie_changes_nothing(compete_cli: Any) -> None:
    """R2.4: "a tie changes nothing (the status quo holds)"; CONTRACT: ``winner`` null."""
    document = compete_cli("Person A", "Person B", "--rolls", "6,6")
    assert document["result"]["winner"] is None
    assert document["result"]["contested"] and document["result"]["resolved"]


# --- R7.2: advantage from the situation ------------------------------------------------


def test_r7_2_owner_defending_its_space_rolls_at_advantage(compete_cli: Any) -> None:
    """R7.2: "A side defending an item or its own controlled space rolls at advantage";
    R1.5: two d12, keep the better. Dice: A's, then B's."""
    document = compete_cli("Person A", "Person B", "--owner", "Person A", "--rolls", "9,2,8")
    assert sides(document) == [
        ("Person A", "strength", [9, 2], 9, 1, 10, "advantage"),
        ("Person B", "strength", [8], 8, 1, 9, "normal"),
    ]
    assert document["result"]["setup"][0]["advantage_from"] == [OWNER]


def test_r7_2_passing_through_is_an_even_competition(compete_cli: Any) -> None:
    """R7.2: "passing through an occupied space is an even competition"; seed 000: "Passing
    through another's occupied space is a mere competition": a human entering gets nothing."""
    document = compete_cli("Person A", "Person B", "--entering", "Person B", "--rolls", "3,4")
    assert [s[6] for s in sides(document)] == ["normal", "normal"]


def test_r7_2_a_nhoblit_entering_a_hostile_space_rolls_at_advantage(compete_cli: Any) -> None:
    """R7.2: "a nhoblit entering a hostile's space rolls at advantage"; seed 000: "those
    nimble nhoblits are at advantage for entering someone's space"."""
    document = compete_cli("Person A", "Nhoblit B", "--entering", "nhob", "--rolls", "7,3,10")
    assert sides(document)[1] == ("Nhoblit B", "strength", [3, 10], 10, 0, 10, "advantage")
    assert document["result"]["setup"][1]["advantage_from"] == [ENTERING_NHOBLIT]


def test_r7_2_bound_rolls_at_disadvantage_from_the_file(compete_cli: Any) -> None:
    """R7.2: "Bound: disadvantage", read from the combatant's conditions."""
    document = compete_cli("Bound C", "Person B", "--rolls", "9,2,8")
    assert sides(document)[0] == ("Bound C", "strength", [9, 2], 2, 1, 3, "disadvantage")
    assert document["result"]["setup"][0]["disadvantage_from"] == [BOUND]
    assert document["result"]["winner"] == "Person B"


def test_r1_5_bound_owner_advantage_and_disadvantage_cancel(compete_cli: Any) -> None:
    """R1.5: "advantage and disadvantage together cancel": a bound owner rolls one d12."""
    document = compete_cli("Bound C", "Person B", "--owner", "bound", "--rolls", "9,8")
    assert sides(document)[0][2:4] == ([9], 9) and sides(document)[0][6] == "normal"


def test_r1_5_advantage_cannot_be_gained_twice(compete_cli: Any) -> None:
    """R1.5: "Advantage cannot be gained twice": owner and --advantage still roll two d12."""
    document = compete_cli(
        "Person A",
        "Person B",
        "--owner",
        "Person A",
        "--advantage",
        "Person A",
        "--rolls",
        "1,12,5",
    )
    assert sides(document)[0][2:4] == ([1, 12], 12)
    assert document["result"]["setup"][0]["advantage_from"] == ["given (--advantage)", OWNER]


def test_r1_5_given_disadvantage_keeps_the_worse(compete_cli: Any) -> None:
    """R1.5: "disadvantage: keep the worse" for a single-die roll."""
    document = compete_cli(
        "Person A", "Person B", "--disadvantage", "person b", "--rolls", "5,11,4"
    )
    assert sides(document)[1][2:4] == ([11, 4], 4)


# --- seed 000 "Competitions": the loose potion -----------------------------------------


def test_seed_000_neutral_potion_one_side_without_action_no_competition(
    compete_cli: Any,
) -> None:
    """seed 000: "If person A has already taken an action, but person B still had an action
    available, then there is no competition; person B grabs the potion." No dice."""
    document = compete_cli("Person A", "Person B", "--no-action", "Person A", "--rolls", "")
    result = document["result"]
    assert (result["contested"], result["winner"], result["sides"]) == (False, "Person B", [])
    assert result["item"]["taken_by"] == "Person B" and document["rolls"] == []


def test_seed_000_neutral_potion_is_an_equal_competition(compete_cli: Any) -> None:
    """seed 000: "it is an equal competition if the potion is in a space not controlled by
    either": one d12 each, and the winner (with an action) takes it."""
    document = compete_cli("Person A", "Person B", "--item", "--rolls", "4,9")
    assert [s[6] for s in sides(document)] == ["normal", "normal"]
    assert document["result"]["item"]["taken_by"] == "Person B"


def test_seed_000_potion_in_a_space_b_wins_and_grabs_it(compete_cli: Any) -> None:
    """seed 000: "person A controls the space; thus, that person will roll at advantage ...
    person B would only roll one d12 ... If person B wins the competition, then the potion
    is grabbed". A has no action, but still defends its space."""
    document = compete_cli(
        "Person A", "Person B", "--owner", "Person A", "--no-action", "Person A",
        "--rolls", "2,5,11",
    )  # fmt: skip
    assert sides(document) == [
        ("Person A", "strength", [2, 5], 5, 1, 6, "advantage"),
        ("Person B", "strength", [11], 11, 1, 12, "normal"),
    ]
    result = document["result"]
    assert result["contested"] and result["winner"] == "Person B"
    assert result["item"]["taken_by"] == "Person B"
    assert "10 ft" in result["item"]["note"]


def test_seed_000_potion_winner_without_an_action_cannot_take_it(compete_cli: Any) -> None:
    """seed 000: "if person A wins ... person A had no action available; so while winning
    the action to thwart the attempt, no action is available to pick it up. On the floor it
    remains." R7.3: "Winning a contest for an item needs an action left to take it"."""
    document = compete_cli(
        "Person A", "Person B", "--owner", "Person A", "--no-action", "Person A",
        "--rolls", "3,10,8",
    )  # fmt: skip
    result = document["result"]
    assert result["winner"] == "Person A" and result["item"]["taken_by"] is None
    assert "no action left" in result["item"]["note"]


def test_seed_000_potion_winner_with_an_action_takes_it(compete_cli: Any) -> None:
    """seed 000: "Had person A won and had an available action, then it could have been
    acquired"."""
    document = compete_cli(
        "Person A", "Person B", "--owner", "Person A", "--item", "--rolls", "3,10,8"
    )
    assert document["result"]["item"]["taken_by"] == "Person A"


def test_seed_000_potion_tie_stays_on_the_ground(compete_cli: Any) -> None:
    """seed 000: "Finally, if the score is tied, the potion would also stay on the ground"."""
    document = compete_cli(
        "Person A", "Person B", "--owner", "Person A", "--no-action", "Person A",
        "--rolls", "6,1,6",
    )  # fmt: skip
    result = document["result"]
    assert result["winner"] is None and result["item"]["taken_by"] is None
    assert "tie" in result["item"]["note"]


def test_seed_000_potion_nhoblit_both_sides_at_advantage(compete_cli: Any) -> None:
    """seed 000: "person B is a nhoblit ... nhoblits have advantage to enter a hostile's
    occupied space. In this case, both sides would roll the competition with advantage."
    Four d12: A's two, then B's two."""
    document = compete_cli(
        "Person A", "Nhoblit B", "--owner", "Person A", "--entering", "Nhoblit B",
        "--no-action", "Person A", "--attr", "Nhoblit B=agility", "--rolls", "4,8,12,2",
    )  # fmt: skip
    assert sides(document) == [
        ("Person A", "strength", [4, 8], 8, 1, 9, "advantage"),
        ("Nhoblit B", "agility", [12, 2], 12, 2, 14, "advantage"),
    ]
    assert [r["for"] for r in document["rolls"]] == [
        "Person A strength competition (advantage 1)",
        "Person A strength competition (advantage 2)",
        "Nhoblit B agility competition (advantage 1)",
        "Nhoblit B agility competition (advantage 2)",
    ]
    assert document["result"]["item"]["taken_by"] == "Nhoblit B"


def test_seed_000_owner_with_an_action_against_a_side_without_takes_it_uncontested() -> None:
    """seed 000: a side with no action cannot grab ("then there is no competition"); here
    the owner has an action and takes its own item; with no action on either side nobody
    can."""
    a = Combatant("A", ac=10, body_max=5, body=5)
    b = Combatant("B", ac=10, body_max=5, body=5)
    first, second = competition_setup(a, b, owner="A", no_action={"B"})
    assert compete(first, second, None, item=True).item.taken_by == "A"  # type: ignore[union-attr]
    first, second = competition_setup(a, b, owner="A", no_action={"A", "B"})
    result = compete(first, second, None, item=True)
    assert (result.contested, result.winner, result.item.taken_by) == (False, None, None)  # type: ignore[union-attr]


def test_rules_level_contest_draws_a_then_b() -> None:
    """CONTRACT "The order of dice": "side A's dice, then side B's" (rules level)."""
    a = contender(Combatant("A", ac=10, body_max=5, body=5, scores={"strength": 6}))
    b = contender(Combatant("B", ac=10, body_max=5, body=5), advantage_from=("x",))
    source = PhysicalSource([4, 9, 3])
    result = compete(a, b, Dice(source))
    source.check_all_used()
    assert [([d.value for d in s.dice], s.total) for s in result.sides] == [([4], 6), ([9, 3], 9)]
    assert result.winner == "B" and result.item is None


# --- human output and bad input --------------------------------------------------------


def test_human_output_shows_dice_kept_totals_and_the_outcome(erc: Any, potion: str) -> None:
    """Issue 6: "Human output: both sides' dice, kept die, totals, outcome in words"."""
    ran = erc(
        "competition", "-e", potion, "Person A", "Nhoblit B", "--owner", "Person A",
        "--entering", "Nhoblit B", "--item", "--rolls", "4,8,12,2",
    )  # fmt: skip
    assert ran.code == 0
    for piece in ("Person A", "Nhoblit B", "4 8", "12 2", "advantage", "Nhoblit B wins 12 to 9"):
        assert piece in ran.out, piece
    assert "takes the item" in ran.out and "rolls 4,8,12,2" in ran.out
    tie = erc("competition", "-e", potion, "Person A", "Person B", "--rolls", "6,6")
    assert "Tie at 7: nothing changes" in tie.out


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["Person A", "Nobody"], "unknown-combatant", "no combatant called"),
        (["Person A", "person a"], "bad-option", "two combatants"),
        (["Person A", "Person B", "--attr", "Person A=strenght"], "bad-option", "strength"),
        (["Person A", "Person B", "--attr", "Person A"], "bad-option", "NAME=VALUE"),
        (["Person A", "Person B", "--attr", "Bound C=agility"], "bad-option", "not in this"),
        (["Person A", "Person B", "--mod", "Person A=two"], "bad-option", "whole number"),
        (["Person A", "Person B", "--mod", "Person A=1000"], "bad-option", "at most"),
        (["Person A", "Person B", "--advantage", "Nhoblit"], "bad-option", "not in this"),
        (
            ["Person A", "Person B", "--owner", "Person A", "--entering", "Person A"],
            "bad-option",
            "both own",
        ),
        (["Person A", "Person B", "--rolls", "5"], "rolls-exhausted", "Person B"),
        (["Person A", "Person B", "--rolls", "5,6,7"], "bad-rolls", "left over"),
        (["Person A", "Person B", "--rolls", "5,13"], "bad-rolls", "d12"),
    ],
)
def test_bad_input_is_a_clean_error(
    erc: Any, potion: str, args: list[str], code: str, words: str
) -> None:
    """CONTRACT "Errors and exit codes": bad input is exit 2 and one JSON error document."""
    ran = erc("competition", "-e", potion, "--json", *args)
    assert ran.code == 2 and ran.out == ""
    assert ran.error["code"] == code and words in ran.error["message"]
