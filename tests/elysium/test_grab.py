"""The Grab (EL10, EL Part 3.9): pin, squeeze, throw, move, pry, release and escape through
the real CLI, the state kept in the journal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.elysium.support import (
    FISTS,
    fighter,
    ok,
    refused,
    refused_records_nothing,
    status_row,
    sword,
    write,
)


@pytest.fixture
def hold(tmp_path: Path) -> Path:
    # G: grab roll 2 + 3 + 4 + 1 = 10; hold 2 + 4 = 6
    # V: dodge 2 + 1 + 2 = 5; escape 3 + 2 = 5; athletics 1 + 1 = 2; hold 1 + 1 = 2
    return write(tmp_path, *_hold_fighters())


def pin(erc: Any, path: Path, *extra: str) -> dict[str, Any]:
    result = ok(
        erc, path, "grab", "G", "V", "--defense", "dodge", *extra, "--rolls", "5,2", "--apply"
    )
    assert result["outcome"] == "pinned"
    return result


def test_grab_is_a_hand_to_hand_attack_roll_against_a_defense_roll(erc: Any, hold: Path) -> None:
    """EL10.1: "Attempting a Grab takes 4 AP, and an attacker must roll their normal
    Hand-to-hand Attack Roll. Defenders must roll a Defense Roll"; EL Part 3.9: the first
    natural weapon's damage score; the difference is damage; the defender is pinned."""
    result = pin(erc, hold)
    assert result["initiator"]["parts"] == {
        "cunning": 2,
        "hand-to-hand": 3,
        "muscle": 4,
        "damage_score": 1,
    }
    assert result["opponent"]["parts"] == {
        "agility": 2,
        "dodge": 1,
        "endurance": 2,
        "armor_bonus": 0,
    }
    assert result["margin"] == 8 and result["damage"] == 8 and result["ap"]["cost"] == 4
    assert result["targets"] == [
        {"name": "V", "damage": 8, "hp_before": 30, "hp_after": 22, "down": False}
    ]
    row = status_row(erc, hold, "V")
    assert row["pinned_by"] == "G" and row["hp"] == 22
    assert status_row(erc, hold, "G")["pinning"] == ["V"]


def test_grab_without_a_natural_weapon_has_damage_score_0(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.9: "The grab's attack roll uses A's first natural weapon's damage score (0
    without one); it always costs 4 AP"; EL Part 3.14: "grab still works"."""
    path = write(tmp_path, fighter("G", weapons=[sword(ap=1)]), fighter("V"))
    result = ok(erc, path, "grab", "G", "V", "--rolls", "5,2")
    assert result["initiator"]["parts"]["damage_score"] == 0 and result["ap"]["cost"] == 4


def test_no_damage_pins_without_damage_and_a_miss_pins_nothing(erc: Any, hold: Path) -> None:
    """EL10.1: "he or she can opt to forgo damage, but either way, the defender is
    considered pinned"; EL1.5: a tie changes nothing."""
    missed = ok(erc, hold, "grab", "G", "V", "--defense", "dodge", "--rolls", "1,6")
    assert missed["outcome"] == "missed" and missed["damage"] == 0
    result = pin(erc, hold, "--no-damage")
    assert result["damage"] == 0 and status_row(erc, hold, "V")["hp"] == 30


def test_a_pinned_defender_cannot_move(erc: Any, hold: Path) -> None:
    """EL10.2: "D cannot move" ("rendered basically immobile"); EL13."""
    pin(erc, hold)
    assert refused_records_nothing(erc, hold, "movement", "V", "--ft", "5")["code"] == (
        "cannot-move"
    )


def test_squeeze_is_an_attack_roll_against_the_pinned_defense(erc: Any, hold: Path) -> None:
    """EL10.3: "Squeeze - 4 AP. The attacker tightens the Grab and deals crushing damage
    using a normal attack roll (as noted above, the defender adds neither Agility nor Dodge
    on the defense)"."""
    pin(erc, hold, "--no-damage")
    ok(erc, hold, "roll-init", "--rolls", "2,1", "--apply")
    result = ok(erc, hold, "grab", "G", "V", "--squeeze", "--rolls", "5,2", "--apply")
    assert result["opponent"]["parts"] == {"endurance": 2, "armor_bonus": 0}
    assert result["damage"] == 11 and result["ap"]["cost"] == 4  # 15 against 4
    assert result["outcome"] == "held" and status_row(erc, hold, "V")["hp"] == 19
    assert result["escape_bonus"] == 0  # G, not pinned, earns no escape bonus (EL10.4)


def test_actions_after_the_pin_need_it(erc: Any, hold: Path) -> None:
    """EL10.3: "After the pin has been established, the attacker can do any of the
    following"."""
    for option in (["--squeeze"], ["--throw"], ["--move", "5"], ["--pry", "dagger"], ["--release"]):
        error = refused_records_nothing(erc, hold, "grab", "G", "V", *option)
        assert error["code"] == "not-pinned", option
    pin(erc, hold)
    assert refused(erc, hold, "grab", "G", "V")["code"] == "already-pinned"
    assert refused(erc, hold, "grab", "G", "V", "--throw", "--squeeze")["code"] == "bad-option"


def test_throw_opposed_hold_winner_margin_in_feet(erc: Any, hold: Path) -> None:
    """EL10.3: "The attack and defender roll opposed Hold checks (the defender can
    optionally roll an Escape check). If the defender wins, he or she breaks out of the
    hold. If the attacker wins, the defender is thrown by that many feet"."""
    pin(erc, hold)
    # V's default check: escape (5) over hold (2)
    result = ok(erc, hold, "grab", "G", "V", "--throw", "--rolls", "9,3")
    assert result["initiator"]["parts"] == {"hold": 2, "muscle": 4}
    assert result["opponent"]["parts"] == {"escape": 3, "agility": 2}
    assert result["outcome"] == "thrown" and result["thrown_ft"] == 7
    assert result["thrower_released"] is False  # G was not pinned by V
    held = ok(erc, hold, "grab", "G", "V", "--throw", "--resist-with", "hold", "--rolls", "3,7")
    assert held["opponent"]["parts"] == {"hold": 1, "muscle": 1} and held["outcome"] == "held"
    broke = ok(erc, hold, "grab", "G", "V", "--throw", "--rolls", "1,9", "--apply")
    assert broke["outcome"] == "broke-free" and broke["thrown_ft"] is None
    assert status_row(erc, hold, "V")["pinned_by"] is None


def test_thrown_defender_is_released(erc: Any, hold: Path) -> None:
    """EL10.3: "A higher: D is thrown that many feet and released"."""
    pin(erc, hold)
    ok(erc, hold, "grab", "G", "V", "--throw", "--rolls", "9,3", "--apply")
    assert status_row(erc, hold, "V")["pinned_by"] is None
    assert status_row(erc, hold, "G")["pinning"] == []


def test_move_carries_the_defender_for_the_moves_ap(erc: Any, hold: Path) -> None:
    """EL10.3: "Move - You can pick up the defender and drag or carry him or her along ...
    opposed Hold checks ... The AP cost is normal for moving"."""
    pin(erc, hold, "--no-damage")
    carried = ok(erc, hold, "grab", "G", "V", "--move", "7", "--rolls", "9,3", "--apply")
    assert carried["outcome"] == "carried" and carried["ap"]["cost"] == 2
    assert status_row(erc, hold, "V")["pinned_by"] == "G"
    broke = ok(erc, hold, "grab", "G", "V", "--move", "5", "--rolls", "1,9", "--apply")
    assert broke["outcome"] == "broke-free"


def test_pry_opposed_hold_takes_the_item(erc: Any, hold: Path) -> None:
    """EL10.3: "Pry - 2 AP ... Make opposed Hold checks. If the defender wins, he or she
    keeps the item. If the attacker wins, the item is taken"."""
    pin(erc, hold)
    kept = ok(erc, hold, "grab", "G", "V", "--pry", "dagger", "--rolls", "1,5")
    assert kept["opponent"]["parts"] == {"hold": 1, "muscle": 1}
    assert kept["outcome"] == "kept" and kept["ap"]["cost"] == 2
    taken = ok(erc, hold, "grab", "G", "V", "--pry", "dagger", "--rolls", "9,1", "--apply")
    assert taken["outcome"] == "taken" and taken["taken_weapon"] == "dagger"
    assert status_row(erc, hold, "G")["weapons"] == ["sword", "fists", "dagger"]
    assert status_row(erc, hold, "V")["weapons"] == []
    trinket = ok(erc, hold, "grab", "G", "V", "--pry", "amulet", "--rolls", "9,1")
    assert trinket["outcome"] == "taken" and trinket["taken_weapon"] is None


def test_release_is_free(erc: Any, hold: Path) -> None:
    """EL10.1: "The attacker is free to release the Grab at any time"; EL10.3
    ``--release`` (0 AP)."""
    pin(erc, hold)
    ran = erc("grab", "G", "V", "--release", "-e", str(hold), "--json", "--apply")
    assert ran.code == 0 and ran.json["rolls"] == []
    result = ran.json["result"]
    assert result["outcome"] == "released" and result["ap"]["cost"] == 0
    assert result["initiator"] is None and result["opponent"] is None
    assert status_row(erc, hold, "V")["pinned_by"] is None


def test_escape_is_athletics_or_escape_against_the_grabbers_hold(erc: Any, hold: Path) -> None:
    """EL10.4: "For 2 AP on his or her turn, a defender can try to break out of the pin.
    Either a Athletics check or an Escape check can be used"."""
    pin(erc, hold)
    result = ok(erc, hold, "escape", "V", "--rolls", "5,3")
    assert result["check"] == "escape" and result["initiator"]["name"] == "V"
    assert result["initiator"]["parts"] == {"escape": 3, "agility": 2}
    assert result["opponent"]["parts"] == {"hold": 2, "muscle": 4}
    assert result["outcome"] == "broke-free" and result["ap"]["cost"] == 2
    athletic = ok(erc, hold, "escape", "V", "--with", "athletics", "--rolls", "5,3")
    assert athletic["initiator"]["parts"] == {"athletics": 1, "muscle": 1}
    assert athletic["outcome"] == "held"
    ok(erc, hold, "escape", "V", "--rolls", "5,3", "--apply")
    assert status_row(erc, hold, "V")["pinned_by"] is None
    assert refused(erc, hold, "escape", "V")["code"] == "not-pinned"


def test_damage_dealt_to_the_grabber_adds_to_the_next_escape_or_hold(erc: Any, hold: Path) -> None:
    """EL10.4: "If the defending character inflicts damage against the attacker while in the
    Grab, he or she can add the amount of damage done to his or her next Escape or Hold
    check"."""
    pin(erc, hold, "--no-damage")
    struck = ok(erc, hold, "attack", "V", "G", "--rolls", "10,1", "--apply")
    assert struck["damage"] > 0 and struck["escape_bonus"] == struck["damage"]
    assert status_row(erc, hold, "V")["escape_bonus"] == struck["damage"]
    athletic = ok(erc, hold, "escape", "V", "--with", "athletics", "--rolls", "1,1")
    assert "escape_bonus" not in athletic["initiator"]["parts"]  # not an Escape or Hold check
    ok(erc, hold, "roll-init", "--rolls", "1,2", "--apply")
    escape = ok(erc, hold, "escape", "V", "--with", "escape", "--rolls", "1,10", "--apply")
    assert escape["initiator"]["parts"]["escape_bonus"] == struck["damage"]
    assert escape["escape_bonus_used"] is True
    assert status_row(erc, hold, "V")["escape_bonus"] == 0


def test_counter_grab_damage_dealt_to_the_grabber_adds_to_the_next_escape(
    erc: Any, hold: Path
) -> None:
    """EL10.4: "If the defending character inflicts damage against the attacker while in the
    Grab, he or she can add the amount of damage done to his or her next Escape or Hold
    check": a pinned defender's grab of its grabber deals damage like an attack (EL10.1
    "the defender ... takes the difference as damage"), and earns the bonus as an attack's
    or a spell's does."""
    pin(erc, hold, "--no-damage")
    # V: 1 + muscle 1 = 11 against G's pinned defense 1 + endurance 1 = 2
    counter = ok(erc, hold, "grab", "V", "G", "--rolls", "10,1", "--apply")
    assert counter["outcome"] == "pinned" and counter["damage"] == 9
    assert counter["escape_bonus"] == 9
    assert status_row(erc, hold, "G")["hp"] == 21
    assert status_row(erc, hold, "V")["escape_bonus"] == 9
    escape = ok(erc, hold, "escape", "V", "--with", "escape", "--rolls", "1,10", "--apply")
    assert escape["initiator"]["parts"] == {"escape": 3, "agility": 2, "escape_bonus": 9}
    assert escape["escape_bonus_used"] is True and escape["outcome"] == "held"  # 15 to 16
    assert status_row(erc, hold, "V")["escape_bonus"] == 0
    ok(erc, hold, "roll-init", "--rolls", "1,2", "--apply")
    struck = ok(erc, hold, "attack", "V", "G", "--rolls", "10,1")
    assert struck["escape_bonus"] == struck["damage"] > 0  # the same rule as an attack's


def test_a_counter_grab_pins_both_and_frees_nobody(erc: Any, hold: Path) -> None:
    """EL10.1 "If the attacker is successful ... the defender is considered pinned", EL10.4
    (a choice where the chapter is silent: a pinned defender grabbing its own grabber):
    the two pin each other; each is still pinned until it escapes or is released; the
    grabber pinned in turn cannot carry (EL10.2 "rendered basically immobile"), and its
    squeeze of the one pinning it earns it the escape bonus too."""
    pin(erc, hold, "--no-damage")
    counter = ok(erc, hold, "grab", "V", "G", "--rolls", "10,1", "--apply")
    assert any("pin each other" in n for n in counter["notes"])
    v, g = status_row(erc, hold, "V"), status_row(erc, hold, "G")
    assert (v["pinned_by"], v["pinning"]) == ("G", ["G"])
    assert (g["pinned_by"], g["pinning"]) == ("V", ["V"])
    assert refused(erc, hold, "grab", "G", "V", "--move", "5")["code"] == "cannot-move"
    assert refused(erc, hold, "grab", "V", "G")["code"] == "already-pinned"
    # G: 10 + 5 = 15 against V's pinned defense 2 + 1 = 3
    squeeze = ok(erc, hold, "grab", "G", "V", "--squeeze", "--rolls", "5,1", "--apply")
    assert squeeze["damage"] == 12 and squeeze["escape_bonus"] == 12
    assert status_row(erc, hold, "G")["escape_bonus"] == 12
    broke = ok(erc, hold, "escape", "V", "--rolls", "5,1", "--apply")
    assert broke["outcome"] == "broke-free"
    v, g = status_row(erc, hold, "V"), status_row(erc, hold, "G")
    assert (v["pinned_by"], v["pinning"], v["escape_bonus"]) == (None, ["G"], 0)
    assert (g["pinned_by"], g["escape_bonus"]) == ("V", 12)


def test_a_throw_ends_a_mutual_pin(erc: Any, hold: Path) -> None:
    """EL10.3: "If the attacker wins, the defender is thrown by that many feet" ("D is thrown
    that many feet and released"): in a mutual pin (a choice, the chapter is silent) the
    thrown defender cannot keep its hold on the thrower, so both pins end."""
    pin(erc, hold, "--no-damage")
    ok(erc, hold, "grab", "V", "G", "--no-damage", "--rolls", "10,1", "--apply")
    # G hold 6 against V's escape 5: 10 + 6 to 1 + 5
    thrown = ok(erc, hold, "grab", "G", "V", "--throw", "--rolls", "10,1", "--apply")
    assert thrown["outcome"] == "thrown" and thrown["thrown_ft"] == 10
    assert thrown["thrower_released"] is True
    assert any("letting go of G" in n for n in thrown["notes"])
    for name in ("V", "G"):
        row = status_row(erc, hold, name)
        assert (row["pinned_by"], row["pinning"]) == (None, []), name


def test_a_pinned_grabbers_own_hold_check_takes_its_escape_bonus(erc: Any, hold: Path) -> None:
    """EL10.4: the damage is added "to his or her next Escape or Hold check": in a mutual
    pin, the grabber's Hold check against the one pinning it (a pry or a throw) is one,
    as in ``competition`` (EL Part 2: "opposed skill checks (Hold, Escape, ...)")."""
    pin(erc, hold, "--no-damage")
    ok(erc, hold, "grab", "V", "G", "--rolls", "10,1", "--apply")  # 9 damage: bonus 9
    pry = ok(erc, hold, "grab", "V", "G", "--pry", "sword", "--rolls", "1,1", "--apply")
    assert pry["initiator"]["parts"] == {"hold": 1, "muscle": 1, "escape_bonus": 9}
    assert pry["outcome"] == "taken" and pry["taken_weapon"] == "sword"  # 12 to 7
    assert pry["escape_bonus_used_by"] == ["V"] and pry["escape_bonus_used"] is False
    assert status_row(erc, hold, "V")["escape_bonus"] == 0


def test_a_pinned_caster_needs_focus_casting(erc: Any, tmp_path: Path) -> None:
    """Seed 004 "Escaping a Grab": "If the defender doesn't require the use of gestures to
    cast spells (say, the character has Focus Casting ...), he or she can cast normally";
    EL10.2: a spell cast with the arms is lost at the pin, its MP kept."""
    spell = {
        "name": "Burn",
        "school": "fire",
        "ability": "cunning",
        "ap": 2,
        "levels": [{"mp": 1, "bonus": 0}],
    }
    grabber = fighter("G", abilities={"muscle": 9}, skills={"hand-to-hand": 5})
    plain = fighter("C", mp=5, spells=[spell])
    focused = fighter("F", mp=5, spells=[spell], trumps=["focus_casting"])
    path = write(tmp_path, grabber, plain, focused)
    pinned = ok(erc, path, "grab", "G", "C", "--no-damage", "--rolls", "10,1", "--apply")
    assert any("MP are kept" in n for n in pinned["notes"])
    error = refused(erc, path, "cast", "C", "G", "--spell", "Burn", "--level", "1")
    assert error["code"] == "cannot-cast"
    ok(erc, path, "roll-init", "--rolls", "1,2,3", "--apply")
    ok(erc, path, "grab", "G", "C", "--release", "--apply")
    focus = ok(erc, path, "grab", "G", "F", "--no-damage", "--rolls", "10,1", "--apply")
    assert focus["outcome"] == "pinned"
    assert not any("MP are kept" in n for n in focus["notes"])  # no gestures: nothing lost
    cast = ok(erc, path, "cast", "F", "G", "--spell", "Burn", "--level", "1", "--rolls", "9,1")
    assert cast["damage"] == 8 and cast["escape_bonus"] == 8


def test_a_feint_goes_to_the_grabs_attack_roll(erc: Any, hold: Path) -> None:
    """EL9: the feint's difference is "added to the attacker's next Attack Roll"; the grab's
    is "their normal Hand-to-hand Attack Roll" (EL10.1), so it takes the feint."""
    feinter = fighter("F", abilities={"cunning": 5}, skills={"bluff": 5}, weapons=[FISTS])
    path = write(hold.parent, feinter, fighter("V"))
    assert ok(erc, path, "feint", "F", "V", "--rolls", "5,1", "--apply")["bonus"] == 14
    grab = ok(erc, path, "grab", "F", "V", "--rolls", "1,1", "--apply")
    assert grab["initiator"]["parts"]["feint"] == 14 and grab["feint_used"] == 14
    assert status_row(erc, path, "F")["feints"] == []


def test_the_lost_spell_note_is_for_one_who_casts_with_its_arms(erc: Any, hold: Path) -> None:
    """EL10.2: "If the defender was casting a spell that required the use of their arms at
    the time of the pin, the spell is lost but the Magic Points are kept": not said of a
    defender with no spell to lose."""
    pinned = pin(erc, hold)
    assert not any("spell" in n for n in pinned["notes"])


def test_a_grabber_moves_with_its_pin_only_by_carrying(erc: Any, hold: Path) -> None:
    """EL10.3: "Move - You can pick up the defender and drag or carry him or her along with
    you. The attack and defender roll opposed Hold checks": a grabber holding a pin moves
    only so (or lets go first, EL10.1 "free to release the Grab at any time"); walking or
    charging away keeping the pin is refused."""
    other = fighter("O")
    path = write(hold.parent, *_hold_fighters(), other)
    pin(erc, path)
    for command in (
        ["movement", "G", "--ft", "5"],
        ["attack", "G", "O", "--charge", "--move-ft", "5"],
        ["trip", "G", "O", "--overrun", "--move-ft", "5"],
    ):
        error = refused_records_nothing(erc, path, *command)
        assert error["code"] == "cannot-move", command
        assert "grab G V --move" in error["message"] and "--release" in error["message"]
    carried = ok(erc, path, "grab", "G", "V", "--move", "5", "--rolls", "9,3")
    assert carried["outcome"] == "carried"
    ok(erc, path, "grab", "G", "V", "--release", "--apply")
    assert ok(erc, path, "movement", "G", "--ft", "5")["ft"] == 5


def test_a_prone_grabber_stands_up_to_carry(erc: Any, tmp_path: Path) -> None:
    """EL5.7, EL Part 3.13: a prone mover stands up first for ``stand_up_ap``; EL10.3 "The
    AP cost is normal for moving"."""
    grabber, victim = _hold_fighters()
    path = write(tmp_path, {**grabber, "conditions": ["prone"]}, victim)
    pin(erc, path, "--no-damage")
    args = ("grab", "G", "V", "--move", "5", "--rolls", "9,3")
    carried = ok(erc, path, *args, "--apply")
    assert carried["ap"]["cost"] == 1 + 2 and carried["stand_up"] is True
    assert status_row(erc, path, "G")["conditions"] == []
    again = ok(erc, path, *args)
    assert again["ap"]["cost"] == 1 and again["stand_up"] is False


def test_the_default_escape_check_counts_the_escape_bonus(erc: Any, tmp_path: Path) -> None:
    """EL10.4: "Either a Athletics check or an Escape check can be used" and the damage
    dealt the grabber goes "to his or her next Escape or Hold check": the default, the
    higher check, compares the totals with the bonus."""
    grabber, victim = _hold_fighters()
    strong = {**victim, "skills": {"escape": 1, "athletics": 4}, "weapons": [FISTS]}
    path = write(tmp_path, grabber, strong)  # escape 1 + 2 = 3; athletics 4 + 1 = 5
    pin(erc, path, "--no-damage")
    assert ok(erc, path, "escape", "V", "--rolls", "1,1")["check"] == "athletics"
    struck = ok(erc, path, "attack", "V", "G", "--rolls", "10,1", "--apply")
    assert struck["escape_bonus"] >= 3  # escape 3 + the bonus beats athletics 5
    result = ok(erc, path, "escape", "V", "--rolls", "1,1")
    assert result["check"] == "escape"
    assert result["initiator"]["parts"] == {
        "escape": 1,
        "agility": 2,
        "escape_bonus": struck["escape_bonus"],
    }


def _hold_fighters() -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``hold`` fixture's two combatants."""
    grabber = fighter(
        "G",
        ap=20,
        abilities={"cunning": 2, "muscle": 4, "agility": 3, "endurance": 1},
        skills={"hand-to-hand": 3, "hold": 2, "dodge": 2},
        weapons=[sword(), FISTS],
    )
    victim = fighter(
        "V",
        abilities={"agility": 2, "endurance": 2, "muscle": 1},
        skills={"dodge": 1, "escape": 3, "athletics": 1, "hold": 1},
        weapons=[sword(name="dagger", skill="dagger")],
    )
    return grabber, victim


def test_a_grabber_that_cannot_act_lets_go_for_good(erc: Any, hold: Path) -> None:
    """EL4.4 "at 0 a combatant is `down` and cannot act or defend", EL Part 3.13 (who cannot
    act: HP 0, asleep, unconscious, paralyzed, bound), EL10.1 ("The attacker is free to
    release the Grab"): a grabber that cannot act holds no pin; healed or woken, it has
    let go."""
    pin(erc, hold)
    ok(erc, hold, "damage", "G", "30", "--apply")
    row = status_row(erc, hold, "V")
    assert row["pinned_by"] is None and status_row(erc, hold, "G")["pinning"] == []
    assert ok(erc, hold, "movement", "V", "--ft", "5")["ap"]["cost"] == 1
    ok(erc, hold, "heal", "G", "30", "--apply")
    assert status_row(erc, hold, "V")["pinned_by"] is None
    pin(erc, hold)
    ok(erc, hold, "condition", "G", "asleep", "--apply")
    assert status_row(erc, hold, "V")["pinned_by"] is None
