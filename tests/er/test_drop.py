"""``erc drop`` (issue 5): RULES R6.6 (and R6.5 on the damage inflicted); seed 001 "Getting
The Drop"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, PhysicalSource
from erc.core.errors import ErcError
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.rules.drop import (
    Inflicted,
    best_attribute,
    drop_comp,
    hold_check,
    inflict,
    inflicted_damage,
)
from tests.conftest import conditioned, encounter_path

STEALTH = encounter_path("stealth.yaml")


def holder() -> Combatant:
    return Combatant("Holder", ac=14, body_max=12, body=12)


def victim(**more: Any) -> Combatant:
    """Body 12 (shock threshold 6); Strength 4 (+1) and Agility 2 (+0) unless given."""
    return Combatant(
        "Victim",
        ac=12,
        body_max=12,
        body=more.pop("body", 12),
        scores=more.pop("scores", {"strength": 4, "agility": 2}),
        **conditioned(more),
    )


def run(rolls: list[int], held: int, who: Combatant | None = None, **options: Any) -> Inflicted:
    source = PhysicalSource(rolls)
    result = inflict(Dice(source), holder(), who or victim(), held, **options)
    source.check_all_used()
    return result


# --- the chapter's own numbers ----------------------------------------------------------


@pytest.mark.parametrize(
    ("rounds", "comp"), [(0, 20), (1, 19), (3, 17), (6, 14), (7, 14), (50, 14)]
)
def test_seed_comp_20_lowered_per_round_floor_14(rounds: int, comp: int) -> None:
    """seed 001: "a Strength or Agility check (Comp:20) ... each round, which at the end of
    each causes the Comp to lower by one point ... the minimum it can be lowered is to
    Comp:14"."""
    assert drop_comp(rounds) == comp
    assert run([], 1, rounds=rounds, resist=False).comp == comp


def test_seed_comp_lowered_per_minute_of_parley() -> None:
    """seed 001: "If combat stops and parley begins, then the timespan is one minute";
    rounds of combat before the parley count too (both lower it by 1 each)."""
    assert drop_comp(parley_minutes=2) == 18
    assert drop_comp(2, 3) == 15
    assert drop_comp(4, 30) == 14


@pytest.mark.parametrize(("held", "halved"), [(7, 3), (6, 3), (3, 1), (2, 1), (1, 1)])
def test_seed_half_damage_floor_at_least_1(held: int, halved: int) -> None:
    """seed 001: "to suffer only half damage ... the damage will always inflict at least 1
    point" (R1.1: floor)."""
    assert inflicted_damage(held, True) == halved
    assert inflicted_damage(held, False) == held


def test_seed_feat_succeeds_halves_the_damage() -> None:
    """R6.6: a Strength feat (d20 + modifier +1) of 16 + 1 = 17 against Comp 17 (three
    rounds) halves 7 held damage to 3."""
    result = run([16], 7, rounds=3)
    assert result.reaction is not None
    assert (result.reaction.attribute, result.reaction.total, result.reaction.comp) == (
        "strength",
        17,
        17,
    )
    assert result.reaction.success and result.halved
    assert (result.damage, result.body_before, result.body_after) == (3, 12, 9)


def test_r6_6_failed_feat_takes_it_all_and_shocks_on_the_damage_inflicted() -> None:
    """R6.6 and R6.5 ("Held damage ... shocks when it is inflicted"): 7 >= 6 (half of Body
    12) -> a Resilience feat against Comp 5 + 7; failing, incapacitated for d3 actions."""
    result = run([10, 11, 3], 7, rounds=3)
    assert result.reaction is not None and not result.reaction.success
    assert result.damage == 7 and result.body_after == 5
    shock = result.shock
    assert (shock.triggered, shock.comp, shock.roll, shock.saved) == (True, 12, 11, False)
    assert shock.incapacitated_actions == 3


def test_r6_6_shock_counts_the_halved_damage() -> None:
    """R6.5 on the damage inflicted, not held: 13 held, halved to 6: Comp 11."""
    result = run([19, 11], 13)
    assert result.damage == 6 and result.shock.comp == 11 and result.shock.saved


# --- the victim's feat ------------------------------------------------------------------


def test_r6_6_foul_play_rolls_at_advantage() -> None:
    """R6.6: "advantage with foul-play" (R1.5: two dice, keep the better)."""
    result = run([5, 16], 7, rounds=3, foul_play=True)
    assert result.reaction is not None
    assert [(d.value, d.kept) for d in result.reaction.dice] == [(5, False), (16, True)]
    assert (result.reaction.roll, result.reaction.advantage) == (16, "advantage")
    assert result.halved


def test_r6_6_bound_victim_at_disadvantage_foul_play_cancels() -> None:
    """R6.6 with R7.2's "Bound: disadvantage" (R10 bound: its Strength, Agility and
    Resilience feats at disadvantage, so the shock save too); R1.5: advantage and
    disadvantage cancel; R13.5: the reason names the condition and who has it."""
    bound = victim(conditions=frozenset({"bound"}))
    worse = run([16, 5, 6, 20, 2], 7, bound, rounds=3)  # the shock save keeps the 6
    assert worse.reaction is not None and worse.reaction.roll == 5
    assert worse.reaction.disadvantage_from == ("Victim is bound",)
    assert [(d.value, d.kept) for d in worse.shock.dice] == [(6, True), (20, False)]
    assert worse.shock.roll == 6
    even = run([16], 7, bound, rounds=3, foul_play=True)
    assert even.reaction is not None and even.reaction.advantage == "normal"


def test_r6_6_strength_or_agility_the_better_unless_chosen() -> None:
    """R6.6: "a Strength or Agility feat": by default the victim's better modifier
    (Strength on a tie); ``attribute`` chooses."""
    nimble = victim(scores={"strength": 2, "agility": 6})
    assert best_attribute(nimble) == "agility"
    assert best_attribute(victim(scores={"strength": 4, "agility": 5})) == "strength"
    chosen = run([15], 7, nimble, rounds=6, attribute="strength")
    assert chosen.reaction is not None
    assert (chosen.reaction.attribute, chosen.reaction.modifier) == ("strength", 0)
    with pytest.raises(ErcError):
        run([], 7, attribute="will")


def test_r6_6_no_reaction_left_cannot_resist() -> None:
    """R6.6 ("the victim may react") with R8.4's rule: a victim without a reaction left this
    round cannot resist: no die, full damage; asking it to is an error."""
    spent = victim(reaction_used=True)
    result = run([], 5, spent)
    assert result.resists is False and result.reaction is None and result.damage == 5
    assert any("reaction" in n for n in result.notes)
    with pytest.raises(ErcError) as caught:
        run([], 7, spent, resist=True)
    assert caught.value.code == "no-reaction"


def test_r6_6_victim_that_cannot_act_cannot_resist() -> None:
    """R6.6: the feat is a reaction; an asleep (or incapacitated, ...) victim has none."""
    result = run([], 3, victim(conditions=frozenset({"asleep"})))
    assert result.resists is False and result.damage == 3


def test_r6_6_no_resist_chosen() -> None:
    """R6.6: "the victim can use a reaction" (a choice): ``resist=False`` rolls nothing."""
    result = run([], 3, resist=False)
    assert result.reaction is None and result.damage == 3


def test_r6_6_a_drop_holds_at_least_1() -> None:
    """R6.6: an attack that dealt nothing holds nothing to inflict."""
    with pytest.raises(ErcError):
        run([], 0)


# --- breaking the drop -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("damaged", "attribute"), [("body", "resilience"), ("mind", "judgment"), ("spirit", "muse")]
)
def test_r6_6_damage_to_the_holder_forces_a_check_against_comp_14(
    damaged: str, attribute: str
) -> None:
    """R6.6: "Damage to the holder forces a Resilience, Mind or Muse check against Comp 14
    or the drop is broken" (seed 001: "damage against Body, Mind or Spirit"; Mind's check is
    Judgment): 12 + 2 = 14 holds, 11 + 2 breaks."""
    scores = {attribute: 6}  # modifier +2
    dropper = Combatant("Holder", ac=14, body_max=12, body=12, scores=scores)
    held = hold_check(Dice(PhysicalSource([12])), dropper, victim(), damaged)
    broke = hold_check(Dice(PhysicalSource([11])), dropper, victim(), damaged)
    assert (held.attribute, held.total, held.comp, held.broken) == (attribute, 14, 14, False)
    assert (broke.total, broke.broken) == (13, True)


# --- the command line -------------------------------------------------------------------


def journal(path: Path, rounds: int, damage: int, drop_round: int = 1) -> None:
    """A journal: rounds 1..``rounds``, and a drop by Pip on Gate guard 1 in ``drop_round``."""
    events: list[dict[str, Any]] = []
    for number in range(1, rounds + 1):
        new_round = {"type": "round", "round": number, "surprised": []}
        events.append({"command": "roll-init", "round": number - 1, "effects": [new_round]})
        if number == drop_round:
            held = {"type": "drop", "holder": "Pip", "victim": "Gate guard 1", "damage": damage}
            events.append({"command": "sneak", "round": number, "effects": [held]})
    lines = [json.dumps({"id": i, **e}) for i, e in enumerate(events, 1)]
    path.write_text("\n".join(lines) + "\n")


@pytest.fixture
def drop(erc: Any, tmp_path: Path) -> Any:
    """``drop("Pip", "Gate guard 1", "--held", "3")`` on stealth.yaml with a journal of its
    own (``tmp_path / "j.jsonl"``)."""

    def call(*args: str) -> Any:
        return erc("drop", "-e", STEALTH, "--journal", str(tmp_path / "j.jsonl"), *args)

    return call


def test_cli_held_and_rounds_from_the_journal(drop: Any, tmp_path: Path) -> None:
    """CONTRACT "Combat state": held drops come from the journal: the damage held, and the
    rounds since the drop (round 4 - round 1: Comp 17)."""
    journal(tmp_path / "j.jsonl", rounds=4, damage=7)
    ran = drop("Pip", "Gate guard 1", "--json", "--rolls", "16")
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert (result["held_damage"], result["held_from"], result["rounds"]) == (7, "journal", 3)
    assert result["comp"] == 17 and result["reaction"]["total"] == 17  # Strength 4: +1
    assert (result["damage"], result["body_after"]) == (3, 9)
    assert [r["for"] for r in ran.json["rolls"]] == ["Gate guard 1 drop strength feat"]


def test_cli_options_override_the_journal(drop: Any, tmp_path: Path) -> None:
    """``--held`` and ``--rounds`` win over the journal (a note says so)."""
    journal(tmp_path / "j.jsonl", rounds=4, damage=7)
    ran = drop("Pip", "Gate guard 1", "--json", "--held", "9", "--rounds", "0", "--rolls", "2,9,1")
    result = ran.json["result"]
    assert (result["held_damage"], result["held_from"], result["comp"]) == (9, "--held", 20)
    assert any("overrides" in n for n in result["notes"])
    assert [r["for"] for r in ran.json["rolls"]] == [
        "Gate guard 1 drop strength feat",
        "Gate guard 1 shock resilience feat",
        "Gate guard 1 incapacitated actions",
    ]
    assert result["shock"]["comp"] == 14 and result["shock"]["incapacitated_actions"] == 1


def test_cli_no_drop_and_no_held_is_an_error(drop: Any) -> None:
    """Without a journal drop, ``--held`` is required (exit 2, a clean message)."""
    ran = drop("Pip", "Gate guard 1", "--json")
    assert ran.code == 2 and ran.error["code"] == "no-drop"
    assert "--held" in ran.error["message"]


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("Pip", "Pip", "--held", "3"), "bad-target"),
        (("Pip", "Gate guard 1", "--held", "0"), "bad-option"),
        (("Pip", "Gate guard 1", "--held", "3", "--attr", "will"), "usage"),
        (("Pip", "Gate guard 1", "--held", "3", "--rounds", "-1"), "usage"),
        (("Pip", "Captain Orsk", "--held", "3", "--resist"), "no-reaction"),
    ],
)
def test_cli_bad_input_exit_2(drop: Any, args: tuple[str, ...], code: str) -> None:
    """Bad input is exit 2 with a clean error (a sleeping captain cannot resist)."""
    ran = drop(*args, "--json", "--seed", "1")
    assert ran.code == 2 and ran.out == ""
    assert ran.error["code"] == code


def test_cli_parley_minutes_and_human_output(drop: Any) -> None:
    """Issue 5: the story in words: the Comp and why, the feat, damage, shock."""
    ran = drop("Pip", "Gate guard 1", "--held", "7", "--rounds", "2", "--parley-minutes", "3",
               "--foul-play", "--rolls", "4,15")  # fmt: skip
    assert ran.code == 0, ran.err
    out = " ".join(ran.out.split())
    for words in (
        "Pip inflicts the drop on Gate guard 1: 7 damage held",
        "Comp 15: 20 - 2 round(s) - 3 minute(s) of parley",
        "strength feat at advantage",
        "halves",
        "damage 3 (half of 7",
        "Body 12 → 9",
        "no shock",
    ):
        assert words in out, words


def test_cli_holder_damaged(drop: Any) -> None:
    """R6.6 through the CLI: ``--holder-damaged body`` rolls the holder's Resilience feat
    (Pip: +0) against Comp 14 and inflicts nothing; inflicting options are refused."""
    ran = drop("Pip", "Gate guard 1", "--holder-damaged", "body", "--json", "--rolls", "13")
    result = ran.json["result"]
    assert (result["attribute"], result["total"], result["broken"]) == ("resilience", 13, True)
    assert [r["for"] for r in ran.json["rolls"]] == ["Pip hold resilience"]
    refused = drop("Pip", "Gate guard 1", "--holder-damaged", "body", "--held", "3", "--json")
    assert refused.code == 2 and refused.error["code"] == "bad-option"
