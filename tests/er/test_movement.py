"""``erc movement`` (issue 7): RULES.md R9, seed 000 "Movement Revisited", seed 001."""

from __future__ import annotations

from fractions import Fraction
from math import floor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from erc.core.errors import ErcError
from erc.rulesets.er.model import CONDITIONS, Combatant, HouseRules
from erc.rulesets.er.rules.movement import (
    COSTS,
    IMMOBILISING,
    SPECIES_RATES,
    Movement,
    Turn,
    movement,
)
from tests.conftest import conditioned, encounter_path


def person(species: str | None = "human", **fields: Any) -> Combatant:
    return Combatant("Hero", ac=10, body_max=10, body=10, species=species, **conditioned(fields))


def move(who: Combatant, house: HouseRules | None = None, **turn: Any) -> Movement:
    return movement(who, Turn(**turn), house)


def refused(who: Combatant, code: str, **turn: Any) -> str:
    """The message of the ErcError ``code`` that the turn raises."""
    with pytest.raises(ErcError) as caught:
        move(who, **turn)
    assert caught.value.code == code
    return caught.value.message


HUMAN = person("human")
DWARF = person("dwarf")


# --- seed 000 "Movement Revisited": the chapter's own numbers --------------------------


def test_seed_000_human_dismount_costs_25_and_leaves_25() -> None:
    """seed 000: "dismounting a horse for a human costs 25 feet of movement ... the human
    has 25 feet of movement remaining"."""
    result = move(HUMAN, costs=("dismount",))
    assert (result.available_ft, result.spent_ft, result.remaining_ft) == (50, 25, 25)
    assert result.remaining_hexes == 5


def test_seed_000_dwarf_dismount_costs_20_and_leaves_20() -> None:
    """seed 000: "but for a dwarf it costs 20 feet ... the dwarf only has 20 feet to use"."""
    result = move(DWARF, costs=("dismount",))
    assert (result.spent_ft, result.remaining_ft) == (20, 20)


def test_seed_000_quick_stepped_dwarf_dismounts_for_20_and_keeps_30() -> None:
    """seed 000: "the penalty to dismount is still only 20 feet, i.e., half his species
    movement; this would leave him with a remaining 30 feet"."""
    result = move(DWARF, rates=(10,), costs=("dismount",))
    assert (result.total_rate, result.spent_ft, result.remaining_ft) == (50, 20, 30)


def test_seed_000_bound_quick_stepped_dwarf_has_25() -> None:
    """seed 000: "while bound, the dwarf's only has 25 feet of movement to use each round"."""
    result = move(DWARF, rates=(10,), conditions=frozenset({"bound"}))
    assert (result.available_ft, result.immobile) == (25, False)


def test_seed_000_ghoul_touch_leaves_the_bound_dwarf_immobile() -> None:
    """seed 000: "touched by a ghoul ... suddenly, the dwarf is effectively paralyzed, as his
    movement is now zero"."""
    result = move(DWARF, rates=(10,), conditions=frozenset({"bound"}), penalties=(25,))
    assert (result.available_ft, result.remaining_ft, result.immobile) == (0, 0, True)


@pytest.mark.parametrize(
    ("who", "rates"),
    [(person("human", armor="medium"), ()), (HUMAN, (-10,))],
    ids=["armour-in-the-file", "rate-on-the-command-line"],
)
def test_seed_000_encumbered_human_40_bound_20_ghoul_immobile(
    who: Combatant, rates: tuple[int, ...]
) -> None:
    """seed 000: "lowers his total movement ... to only 40 feet ... shackles, which would
    reduce his movement to 20 feet. Now if that ghoul touches him ... he too is paralyzed"."""
    assert move(who, rates=rates).available_ft == 40
    assert move(who, rates=rates, conditions=frozenset({"bound"})).available_ft == 20
    touched = move(who, rates=rates, conditions=frozenset({"bound"}), penalties=(25,))
    assert (touched.available_ft, touched.immobile) == (0, True)
    assert touched.reason == "R9.1-R9.4 leave -5 ft"  # "his movement becomes negative"


def test_seed_000_never_the_smarty_12() -> None:
    """seed 000: "shouldn't he have 12 feet remaining? Okay, smarty ... always apply the
    percentage or fraction first, then add or subtract the static values"."""
    result = move(HUMAN, conditions=frozenset({"bound"}), penalties=(25,))
    assert floor((50 - 25) * Fraction(1, 2)) == 12  # the rejected order
    assert (result.available_ft, result.immobile) == (0, True)
    assert all(step.after_ft != 12 for step in result.steps)


# --- R9.1 species rate ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("species", "rate"),
    [
        ("human", 50),
        ("dwarf", 40),
        ("elf", 55),
        ("gnome", 45),
        ("nhoblit", 45),
        ("jzaka", 55),
        ("batfolk", 40),
        ("jen'esse", 40),
        ("sub-orc", 50),
        ("equirda", 60),
    ],
)
def test_r9_1_species_rates(species: str, rate: int) -> None:
    """R9.1: "human 50, dwarf 40, elf 55, gnome 45, nhoblit 45, jzaka 55, batfolk 40,
    jen'esse 40, sub-orc 50, equirda 60 ft"."""
    result = move(person(species))
    assert (result.species_rate, result.available_ft, result.remaining_hexes) == (
        rate,
        rate,
        rate // 5,
    )
    assert result.steps[0].what == f"species rate ({species})"
    assert SPECIES_RATES[species] == rate


def test_r9_1_species_is_read_case_insensitively() -> None:
    """R9.1: a file's `Dwarf`, or `Jen\u2019esse` with a typographic apostrophe, is in the
    table."""
    assert move(person("Dwarf")).species_rate == 40
    assert move(person(" Jen\u2019esse ")).species_rate == 40


def test_r9_1_speed_overrides_the_species_and_is_its_species_rate() -> None:
    """R9.1: "a combatant's own `speed` overrides (and is then its species rate for the
    percentage costs of step 5)"."""
    rider = person("human", speed=60)
    result = move(rider, costs=("dismount",))
    assert (result.species_rate, result.spent_ft, result.remaining_ft) == (60, 30, 30)
    assert result.steps[0].what == "speed (from the file)"
    assert move(person(None, speed=30), costs=("stand-up",)).spent_ft == 15


def test_r9_1_no_rate_is_a_clear_error() -> None:
    """CONTRACT: "`species` (one outside RULES R9.1 needs `speed` for `movement`)"."""
    message = refused(person("dwraf"), "no-movement-rate")
    assert "did you mean 'dwarf'" in message and "speed" in message
    assert "no species" in refused(person(None), "no-movement-rate")
    assert move(person("dragon", speed=80)).available_ft == 80


# --- R9.2 rate changes ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("armor", "rate"), [("none", 50), ("light", 50), ("medium", 40), ("heavy", 25)]
)
def test_r9_2_encumbrance_from_the_armour_is_automatic(armor: str, rate: int) -> None:
    """R9.2: "encumbrance from the file's armour (medium -10, heavy -25, applied
    automatically)"."""
    result = move(person("human", armor=armor))
    assert (result.total_rate, result.available_ft) == (rate, rate)
    assert any("encumbrance" in s.what for s in result.steps) == (rate != 50)


def test_r9_2_rate_changes_add_up_to_the_total_rate() -> None:
    """R9.2: "any others given on the command line (`--rate`, e.g. quick step +10)"."""
    result = move(person("dwarf", armor="medium"), rates=(10, -5))
    assert result.total_rate == 35
    assert [(s.ft, s.after_ft, s.rule) for s in result.steps] == [
        (40, 40, "R9.1"),
        (-10, 30, "R9.2"),
        (10, 40, "R9.2"),
        (-5, 35, "R9.2"),
    ]


def test_r9_2_a_total_rate_below_zero_is_zero() -> None:
    """R9.7: "Remaining movement is never negative in output", also for a total rate."""
    result = move(person(None, speed=20, armor="heavy"), rates=(-10,))
    assert (result.total_rate, result.available_ft, result.immobile) == (0, 0, True)
    assert min(s.after_ft for s in result.steps) == 0


# --- R9.3 percentage restrictions -------------------------------------------------------


def test_r9_3_bound_halves_the_total_from_the_file_or_the_command_line() -> None:
    """R9.3: "Percentage restrictions of the total: bound x1/2"."""
    from_file = move(person("human", conditions=frozenset({"bound"})))
    from_option = move(HUMAN, conditions=frozenset({"bound"}))
    assert from_file.available_ft == from_option.available_ft == 25
    assert from_file.steps[-1].what == "bound x1/2"


def test_seed_001_sneak_approach_is_half_the_rate() -> None:
    """seed 001: "the total distance that can be traversed in that round is only half of
    one's normal rate"; R9.3: "stealthy sneak approach x1/2"."""
    assert move(person("nhoblit"), sneak_approach=True).available_ft == 22


def test_r9_3_restrictions_do_not_stack() -> None:
    """R9.3: "Several restrictions do not stack: the strongest one applies (x1/2 once, not
    x1/4)"."""
    result = move(HUMAN, conditions=frozenset({"bound"}), sneak_approach=True)
    assert result.available_ft == 25
    assert [s.rule for s in result.steps].count("R9.3") == 1
    assert "once" in result.steps[-1].what


def test_r9_3_floors() -> None:
    """R1.1: "Round down, always (floor)"; a gnome's 45 halved is 22, not 23."""
    assert move(person("gnome"), conditions=frozenset({"bound"})).available_ft == 22
    step = move(person("gnome"), conditions=frozenset({"bound"})).steps[-1]
    assert (step.ft, step.after_ft) == (-23, 22)


def test_house_rule_bound_movement_full() -> None:
    """RULES "House rules": `bound_movement: half|full` (default `half`)."""
    full = HouseRules(bound_movement="full")
    bound = frozenset({"bound"})
    assert move(HUMAN, full, conditions=bound).available_ft == 50
    assert move(HUMAN, full, conditions=bound, sneak_approach=True).available_ft == 25
    assert move(HUMAN, HouseRules(), conditions=bound).available_ft == 25
    assert "bound_movement: full" in move(HUMAN, full, conditions=bound).steps[-1].what


# --- R9.4 flat penalties ----------------------------------------------------------------


def test_r9_4_flat_penalties_come_after_the_restrictions() -> None:
    """R9.4: "Flat penalties: e.g. a ghoul's touch -25" (after the percentages of R9.3)."""
    result = move(person("elf"), conditions=frozenset({"bound"}), penalties=(10, 5))
    assert result.available_ft == 55 // 2 - 15
    assert [s.rule for s in result.steps] == ["R9.1", "R9.3", "R9.4", "R9.4"]


def test_r9_4_a_penalty_is_a_loss_never_negative() -> None:
    """R9.4: a flat penalty is a loss; a gain is a rate change (R9.2)."""
    assert "--rate" in refused(HUMAN, "bad-option", penalties=(-5,))


# --- R9.5 costs of the turn -------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "cost"),
    [
        ("dismount", 25),
        ("mount", 25),
        ("stand-up", 25),
        ("pick-up", 10),
        ("draw", 10),
        ("ready-weapon", 20),
        ("ready-shield", 10),
    ],
)
def test_r9_5_costs_of_the_turn(kind: str, cost: int) -> None:
    """R9.5: "dismount or mount a Medium/Large steed 50% of the species rate ..., stand up
    from prone 50% of species rate, pick up an item 10, draw/sheathe/switch a weapon 10,
    pick up and ready a weapon 20, ready a shield without the skill 10"."""
    result = move(HUMAN, costs=(kind,))
    assert (result.spent_ft, result.remaining_ft) == (cost, 50 - cost)
    assert (result.steps[-1].ft, result.steps[-1].rule) == (-cost, "R9.5")
    assert set(COSTS) >= {kind}


def test_r9_5_percentage_costs_are_of_the_species_rate() -> None:
    """R9.5: "50% of the **species** rate", not of the total: armour and quick step do not
    change it, and it floors (a gnome's 45 gives 22)."""
    assert move(person("human", armor="heavy"), costs=("stand-up",)).spent_ft == 25
    assert move(DWARF, rates=(30,), costs=("mount",)).spent_ft == 20
    assert move(person("gnome"), costs=("dismount",)).spent_ft == 22


@pytest.mark.parametrize(
    ("size", "cost"), [("medium", 25), ("large", 25), ("huge", 50), ("giant", 50), ("colossal", 50)]
)
def test_r9_5_steed_size(size: str, cost: int) -> None:
    """R9.5: a Medium/Large steed 50% of the species rate, "(Huge or bigger 100%, given by an
    option)"; without the option the steed is Medium/Large."""
    assert move(HUMAN, costs=("mount",), steed_size=size).spent_ft == cost
    assert move(HUMAN, costs=("dismount",)).spent_ft == 25


def test_r9_5_steed_size_errors() -> None:
    """R9.5 prices Medium/Large and Huge-or-bigger steeds only, and only for mount/dismount."""
    assert "did you mean 'huge'" in refused(
        HUMAN, "unknown-size", costs=("mount",), steed_size="hug"
    )
    assert "small steed" in refused(HUMAN, "bad-option", costs=("mount",), steed_size="small")
    assert "--cost mount" in refused(HUMAN, "bad-option", costs=("draw",), steed_size="huge")


@pytest.mark.parametrize("kind", ["pick-up", "ready-weapon"])
def test_r9_5_picking_up_needs_the_action_unspent(kind: str) -> None:
    """R9.5: "Picking up needs the combatant's action still unspent this round (it does not
    spend it)"; seed 001: "one must still have an action remaining for the round to pick up
    a free item"."""
    assert "unspent" in refused(HUMAN, "action-spent", costs=(kind,), action_spent=True)
    assert move(HUMAN, costs=("draw",), action_spent=True).remaining_ft == 40


def test_seed_001_picking_up_a_weapon_costs_10() -> None:
    """seed 001: "To pick up a weapon, there is a cost of 10 movement points"; seed 000:
    "whatever movement is left after the 10-ft penalty for grabbing an item"."""
    assert move(DWARF, costs=("pick-up",), hexes=2).remaining_ft == 20


def test_r9_5_costs_may_repeat_and_add_up() -> None:
    """R9.5: each cost of the turn is paid (dismount, then draw twice: switch weapons)."""
    result = move(HUMAN, costs=("dismount", "draw", "draw"))
    assert (result.spent_ft, result.remaining_ft) == (45, 5)


def test_r9_5_unknown_cost_is_an_error_with_a_did_you_mean() -> None:
    """CONTRACT: `--cost` is one of `dismount`, `mount`, `stand-up`, ..."""
    assert "did you mean 'dismount'" in refused(HUMAN, "unknown-cost", costs=("dismout",))


# --- R9.6 the path ----------------------------------------------------------------------


def test_r9_6_hexes_difficult_and_crawled_add_up() -> None:
    """R9.6: "5 ft per hex; difficult terrain ... costs double; crawling (prone) costs
    triple. Counts of normal, difficult and crawled hexes add up"."""
    result = move(HUMAN, hexes=2, difficult=1, crawl=1)
    assert [(s.what, s.ft) for s in result.steps if s.rule == "R9.6"] == [
        ("2 hexes", -10),
        ("1 difficult hex (x2)", -10),
        ("1 crawled hex (x3)", -15),
    ]
    assert (result.spent_ft, result.remaining_ft, result.remaining_hexes) == (35, 15, 3)


def test_r9_6_costs_come_before_the_path() -> None:
    """R9: costs (step 5) are applied before the path (step 6)."""
    result = move(HUMAN, costs=("dismount",), hexes=3)
    assert [s.rule for s in result.steps] == ["R9.1", "R9.5", "R9.6"]
    assert [s.after_ft for s in result.steps] == [50, 25, 10]


def test_r9_6_a_prone_combatant_crawls_or_stands_up() -> None:
    """R9.6: "crawling (prone) costs triple"; walking needs standing up first (R9.5)."""
    prone = person("human", conditions=frozenset({"prone"}))
    assert "--crawl" in refused(prone, "prone", hexes=1)
    assert "--crawl" in refused(HUMAN, "prone", conditions=frozenset({"prone"}), difficult=1)
    assert move(prone, crawl=2).remaining_ft == 20
    assert move(prone, costs=("stand-up",), hexes=5).remaining_ft == 0


@pytest.mark.parametrize("field", ["hexes", "difficult", "crawl"])
def test_r9_6_negative_counts_are_errors(field: str) -> None:
    """Issue 7: "Bad input: negative counts"."""
    assert "negative" in refused(HUMAN, "bad-option", **{field: -1})


# --- R9.7 immobile, never negative, the shortfall ---------------------------------------


def test_r9_7_zero_left_is_immobile() -> None:
    """R9.7: "When steps 1-4 leave zero or less, the combatant is immobile"."""
    exactly = move(person(None, speed=40), penalties=(40,))
    assert (exactly.available_ft, exactly.immobile) == (0, True)
    just = move(person(None, speed=40), penalties=(35,))
    assert (just.available_ft, just.immobile, just.reason) == (5, False, None)


@pytest.mark.parametrize(
    "condition", ["asleep", "unconscious", "paralyzed", "incapacitated", "surprised"]
)
def test_r9_7_immobilising_conditions(condition: str) -> None:
    """R9.7: "Asleep, unconscious, paralysed, incapacitated, and surprised in round 1 are
    immobile too" (R4.3: "no movement ... in round 1")."""
    for who, turn in (
        (person("human", conditions=frozenset({condition})), frozenset[str]()),
        (HUMAN, frozenset({condition})),
    ):
        result = move(who, conditions=turn)
        assert (result.available_ft, result.immobile, result.reason) == (0, True, condition)
        assert result.steps[-1] == result.steps[-1].__class__(
            f"immobile: {condition}", -50, 0, "R9.7"
        )


def test_r9_7_petrified_is_immobile_too() -> None:
    """R9.7 is silent on `petrified`; erc's documented choice: stone does not walk."""
    assert "petrified" in IMMOBILISING
    assert move(HUMAN, conditions=frozenset({"petrified"})).immobile


@pytest.mark.parametrize(
    "condition", sorted(set(CONDITIONS) - set(IMMOBILISING) - {"bound", "prone"})
)
def test_r9_7_other_conditions_leave_the_movement_alone(condition: str) -> None:
    """R9: only bound (R9.3) and the immobilising conditions (R9.7) change the movement."""
    assert move(HUMAN, conditions=frozenset({condition})).available_ft == 50


def test_r9_7_unknown_condition_is_an_error_with_a_did_you_mean() -> None:
    """CONTRACT: `conditions` is a closed set; a typo is an error with a did-you-mean."""
    message = refused(HUMAN, "unknown-condition", conditions=frozenset({"blnd"}))
    assert "did you mean 'blind'" in message and "surprised" in message


def test_r9_7_spending_more_than_is_left_names_the_shortfall() -> None:
    """R9.7: "spending more than is left is an error that names the shortfall"."""
    message = refused(HUMAN, "movement-shortfall", costs=("dismount",), hexes=6)
    assert "50 ft this turn" in message and "55 ft" in message and "5 ft short" in message
    assert "25 ft remain, 5 plain hex(es)" in message
    costs = refused(
        person("human", armor="heavy"),
        "movement-shortfall",
        conditions=frozenset({"bound"}),
        costs=("dismount",),
    )
    assert "13 ft short" in costs and "remain" not in costs
    asleep = refused(HUMAN, "movement-shortfall", conditions=frozenset({"asleep"}), hexes=1)
    assert "immobile (asleep)" in asleep
    assert "; 50 ft is 10 plain hex(es)" in refused(HUMAN, "movement-shortfall", hexes=11)
    assert move(HUMAN, hexes=10).remaining_ft == 0  # spending exactly all is fine


# --- every input: a result that adds up, or a clean error -------------------------------


def oracle_available(who: Combatant, turn: Turn, house: HouseRules) -> int:
    """R9 steps 1-4 and 7 written out again, plainly, from RULES.md (R10: grappled cannot
    move either)."""
    conditions = set(who.condition_names) | turn.conditions
    if conditions & {
        "asleep",
        "unconscious",
        "paralyzed",
        "incapacitated",
        "petrified",
        "surprised",
        "grappled",
    }:
        return 0
    assert who.speed is not None
    enc = {"none": 0, "light": 0, "medium": -10, "heavy": -25}[who.armor]
    total = max(0, who.speed + enc + sum(turn.rates))
    halve = turn.sneak_approach or ("bound" in conditions and house.bound_movement == "half")
    restricted = total // 2 if halve else total
    return max(0, restricted - sum(turn.penalties))


@settings(max_examples=300, deadline=None)
@given(
    speed=st.integers(0, 120),
    armor=st.sampled_from(["none", "light", "medium", "heavy"]),
    rates=st.lists(st.integers(-60, 60), max_size=3),
    penalties=st.lists(st.integers(0, 40), max_size=2),
    conditions=st.sets(st.sampled_from([*CONDITIONS, "surprised"]), max_size=3),
    sneak=st.booleans(),
    costs=st.lists(st.sampled_from(sorted(COSTS)), max_size=3),
    paths=st.tuples(st.integers(0, 12), st.integers(0, 6), st.integers(0, 4)),
    full=st.booleans(),
)
def test_every_turn_adds_up_or_is_a_clean_error(
    speed: int,
    armor: Any,
    rates: list[int],
    penalties: list[int],
    conditions: set[str],
    sneak: bool,
    costs: list[str],
    paths: tuple[int, int, int],
    full: bool,
) -> None:
    """R9: the ledger adds up, movement is never negative, spending never exceeds it."""
    who = person(None, speed=speed, armor=armor)
    house = HouseRules(bound_movement="full" if full else "half")
    turn = Turn(
        tuple(rates),
        tuple(penalties),
        frozenset(conditions),
        sneak,
        tuple(costs),
        None,
        False,
        *paths,
    )
    try:
        result = movement(who, turn, house)
    except ErcError as error:
        assert error.code in ("movement-shortfall", "prone")
        return
    assert result.available_ft == oracle_available(who, turn, house)
    spends = [s for s in result.steps if s.rule in ("R9.5", "R9.6")]
    assert result.spent_ft == -sum(s.ft for s in spends)
    assert result.remaining_ft == result.available_ft - result.spent_ft >= 0
    assert result.remaining_hexes == result.remaining_ft // 5
    assert result.immobile == (result.available_ft == 0)
    assert all(s.after_ft >= 0 for s in result.steps)
    assert result.steps[-1].after_ft == result.remaining_ft
    order = ["R9.1", "R9.2", "R9.3", "R9.4", "R9.7", "R9.5", "R9.6"]
    ranks = [order.index(s.rule) for s in result.steps]
    assert ranks == sorted(ranks)


# --- the command line -------------------------------------------------------------------


def write(tmp_path: Path, combatants: str, rules: str = "") -> str:
    path = tmp_path / "moves.yaml"
    path.write_text(f"erc: 1\n{rules}combatants:\n{combatants}")
    return str(path)


def test_cli_json_fields_and_envelope(erc) -> None:  # type: ignore[no-untyped-def]
    """CONTRACT `movement`: `available_ft`, `spent_ft`, `remaining_ft`, `remaining_hexes`,
    `immobile`, `steps`: list of `{what, ft}` in the order applied; "movement: no dice"."""
    ran = erc(
        "movement",
        "-e",
        encounter_path("stealth.yaml"),
        "Pip",
        "--sneak-approach",
        "--hexes",
        "4",
        "--json",
    )
    assert ran.code == 0, ran.err
    doc = ran.json
    assert (doc["command"], doc["rolls"], doc["seed"]) == ("movement", [], None)
    assert doc["rules"]["bound_movement"] == "half"
    result = doc["result"]
    assert {
        "available_ft",
        "spent_ft",
        "remaining_ft",
        "remaining_hexes",
        "immobile",
        "steps",
    } <= set(result)
    assert (
        result["available_ft"],
        result["spent_ft"],
        result["remaining_ft"],
        result["remaining_hexes"],
        result["immobile"],
    ) == (22, 20, 2, 0, False)
    assert [(s["what"], s["ft"]) for s in result["steps"]] == [
        ("species rate (nhoblit)", 45),
        ("sneak approach x1/2", -23),
        ("4 hexes", -20),
    ]
    assert (result["name"], result["species_rate"], result["total_rate"]) == ("Pip", 45, 45)


def test_cli_reads_bound_and_prone_from_the_file(erc) -> None:  # type: ignore[no-untyped-def]
    """R9.3 bound from the file's conditions; R9.6 a prone combatant crawls (x3)."""
    args = ("movement", "-e", encounter_path("stealth.yaml"), "shackled", "--json")
    assert erc(*args).json["result"]["available_ft"] == 25
    crawled = erc(*args, "--crawl", "1").json["result"]
    assert (crawled["spent_ft"], crawled["remaining_ft"]) == (15, 10)
    walked = erc(*args, "--hexes", "1")
    assert walked.code == 2 and walked.error["code"] == "prone"


def test_cli_speed_and_encumbrance_from_the_file(erc) -> None:  # type: ignore[no-untyped-def]
    """R9.1 `speed` overrides; R9.2 medium armour -10 automatically."""
    ogre = erc("movement", "-e", encounter_path("duel.yaml"), "Ogre", "--json").json["result"]
    assert (ogre["species_rate"], ogre["available_ft"]) == (40, 40)
    kaela = erc("movement", "-e", encounter_path("duel.yaml"), "Kaela", "--json")
    assert kaela.json["result"]["available_ft"] == 40


def test_cli_chapter_numbers(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """seed 000 through the command line: quick-stepped dwarf dismounts and keeps 30; bound,
    25; a ghoul's touch then leaves 0 (immobile); never 12."""
    path = write(
        tmp_path,
        "  - {name: Dwarf, species: dwarf, ac: 10, body: 10}\n"
        "  - {name: Man, species: human, ac: 10, body: 10}\n",
    )

    def result(*args: str) -> Any:
        ran = erc("movement", "-e", path, *args, "--json")
        assert ran.code == 0, ran.err
        return ran.json["result"]

    assert result("Dwarf", "--rate", "+10", "--cost", "dismount")["remaining_ft"] == 30
    assert result("Dwarf", "--rate=+10", "--condition", "bound")["available_ft"] == 25
    touched = result("Dwarf", "--rate", "10", "--condition", "bound", "--penalty", "25")
    assert (touched["available_ft"], touched["immobile"]) == (0, True)
    assert result("Man", "--rate", "-10", "--condition", "bound")["available_ft"] == 20
    smarty = result("Man", "--condition", "bound", "--penalty", "25")
    assert (smarty["available_ft"], smarty["immobile"]) == (0, True)


def test_cli_house_rule_bound_movement(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """RULES "House rules": `bound_movement: full` from the file's `rules:`."""
    path = write(
        tmp_path,
        "  - {name: Man, species: human, ac: 10, body: 10, conditions: [bound]}\n",
        "rules: {bound_movement: full}\n",
    )
    ran = erc("movement", "-e", path, "Man", "--json")
    assert ran.json["rules"]["bound_movement"] == "full"
    assert ran.json["result"]["available_ft"] == 50


def test_cli_human_output_is_a_ledger(erc) -> None:  # type: ignore[no-untyped-def]
    """Issue 7: "the arithmetic as a short ledger, remaining feet and hexes"."""
    ran = erc(
        "movement",
        "-e",
        encounter_path("ambush.yaml"),
        "Vessa",
        "--cost",
        "draw",
        "--hexes",
        "3",
        "--difficult",
        "1",
    )
    assert ran.code == 0, ran.err
    for piece in (
        "species rate (elf)",
        "+55",
        "available",
        "draw, sheathe or switch a weapon",
        "-10",
        "3 hexes",
        "1 difficult hex (x2)",
        "Vessa: 55 ft available, 35 ft spent, 20 ft left = 4 hexes",
    ):
        assert piece in ran.out, piece
    asleep = erc("movement", "-e", encounter_path("ambush.yaml"), "Thorin")
    assert "immobile: asleep" in asleep.out and "Thorin is immobile (asleep)" in asleep.out


def test_cli_difficult_help_names_an_allys_space(erc) -> None:  # type: ignore[no-untyped-def]
    """R9.6: "difficult terrain (an ally's space included)"; seed 000: allies "can walk
    through someone's space; however, it does count as difficult terrain"."""
    ran = erc("movement", "--help")
    assert ran.code == 0 and "ally's space" in ran.out


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["Mira", "--hexes", "-1"], "usage", "--hexes"),
        (["Vessa", "--difficult", "-2"], "usage", "--difficult"),
        (["Vessa", "--penalty", "-5"], "usage", "--penalty"),
        (["Vessa", "--cost", "fly"], "unknown-cost", "one of: dismount"),
        (["Vessa", "--condition", "blnd"], "unknown-condition", "did you mean 'blind'"),
        (["Vessa", "--steed-size", "huge"], "bad-option", "--cost mount"),
        (["Vessa", "--cost", "mount", "--steed-size", "tiny"], "bad-option", "tiny steed"),
        (["Vessa", "--hexes", "12"], "movement-shortfall", "5 ft short"),
        (["Vessa", "--cost", "pick-up", "--action-spent"], "action-spent", "pick-up"),
        (["Thorin", "--hexes", "1"], "movement-shortfall", "immobile (asleep)"),
        (["Vessa", "--rolls", "4"], "bad-rolls", "left over"),
        (["Nobody"], "unknown-combatant", "Nobody"),
    ],
)
def test_cli_bad_input_exits_2(erc, args: list[str], code: str, words: str) -> None:  # type: ignore[no-untyped-def]
    """CONTRACT "Errors": bad input is exit 2 with one JSON error document on stderr."""
    ran = erc("movement", "-e", encounter_path("ambush.yaml"), *args, "--json")
    assert (ran.code, ran.out) == (2, "")
    assert ran.error["code"] == code and words in ran.error["message"], ran.error


def test_cli_no_rate_is_exit_2(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """CONTRACT: a species outside R9.1 "needs `speed` for `movement`"."""
    path = write(tmp_path, "  - {name: Wyrm, species: dragon, ac: 18, body: 80}\n")
    ran = erc("movement", "-e", path, "Wyrm")
    assert ran.code == 2 and "speed" in ran.err and "Traceback" not in ran.err


def test_cli_surprised_from_the_journal_is_immobile(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """R9.7 / R4.3: surprised in round 1 (the journal's state) means no movement; round 2
    moves normally (CONTRACT: "Every command reads the current state from the journal")."""
    from erc.core import journal

    path = write(tmp_path, "  - {name: Man, species: human, ac: 10, body: 10}\n")
    log = str(tmp_path / "moves.journal.jsonl")
    journal.append(
        log,
        {"command": "roll-init", "effects": [{"type": "round", "round": 1, "surprised": ["Man"]}]},
    )
    first = erc("movement", "-e", path, "Man", "--json").json["result"]
    assert (first["immobile"], first["reason"], first["available_ft"]) == (True, "surprised", 0)
    journal.append(log, {"command": "roll-init", "effects": [{"type": "round", "round": 2}]})
    assert erc("movement", "-e", path, "Man", "--json").json["result"]["available_ft"] == 50


def test_r5_8_a_combatant_down_at_zero_body_is_immobile() -> None:
    """R5.8: "at 0 the target is down (not dead)"; a downed combatant does not move."""
    from erc.core.encounter import load
    from erc.core.value import replace
    from erc.rulesets.er.rules.movement import Turn, movement
    from tests.conftest import ENCOUNTERS

    kaela = load(str(ENCOUNTERS / "duel.yaml")).get("Kaela")
    result = movement(replace(kaela, body=0), Turn())
    assert result.immobile and result.remaining_ft == 0 and "down" in (result.reason or "")
