"""``erc log``'s sentences read against the rules they record (CONTRACT "The table": one
sentence an event, with totals), each effect produced by a real command with forced dice:
a resource is said in the rulebook's words, never as the journal's name for it
(``dice-given:primary``, ``moved``, ``null-spell``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli.test_table import ok, shipped


def _said(erc: Any, path: Path) -> list[str]:
    ran = erc("log", "-e", str(path))
    assert ran.code == 0, ran.err
    return ran.out.splitlines()[1:]


def test_freeing_with_dice_left_says_the_dice_given_not_the_journal_name(
    erc: Any, tmp_path: Path
) -> None:
    """R8.2: Kaela's action gives 2 of its 3 primary dice to freeing her locked longsword
    and may still attack with the third; the log says so, not 'spends its
    dice-given:primary (2)'."""
    duel = shipped(tmp_path, "duel.yaml")
    ok(erc, duel, "roll-init", "--apply", "--rolls", "5,4,3")
    ok(erc, duel, "disarm", "Ogre", "Kaela", "--lock", "--no-resist", "--apply", "--rolls", "20")
    ok(erc, duel, "free", "Kaela", "--apply")
    said = _said(erc, duel)[-1]
    assert said == (
        "3. round 1, free: the lock on Kaela's longsword ends; "
        "Kaela may still attack with its other dice (2 primary dice given)."
    )


def test_a_freeing_paid_with_one_die_says_die(erc: Any) -> None:
    """R8.2: a freeing spread over two rounds pays its dice one action at a time: '1 die'."""
    from erc.rulesets.er.events import FreeingPaid

    assert FreeingPaid("Kaela", "longsword", 1).said() == (
        "Kaela gives 1 die to freeing its longsword"
    )
    assert FreeingPaid("Kaela", "longsword", 2).said() == (
        "Kaela gives 2 dice to freeing its longsword"
    )


def test_spellchrome_actions_are_said_as_actions(erc: Any, tmp_path: Path) -> None:
    """SC1.3, SC10.1, SC10.2: a double move spends the move and the standard action (not
    'spends its moved (2)'); a spell is cast with the standard action, a null spell with
    none (not 'spends its spell', 'spends its null-spell')."""
    warehouse = shipped(tmp_path, "spellchrome-warehouse.yaml")
    ok(erc, warehouse, "roll-init", "--apply", "--seed", "4")
    ok(erc, warehouse, "movement", "Wren", "--ft", "45", "--double", "--apply")
    ok(erc, warehouse, "cast", "Vex", "--spell", "ward", "--range", "30", "--apply")
    ok(erc, warehouse, "cast", "Sentinel", "--null", "--apply")
    ok(erc, warehouse, "spend", "Sentinel", "--move", "--apply")
    assert _said(erc, warehouse)[1:] == [
        "2. round 1, movement: Wren spends its move action; Wren spends its standard action; "
        "Wren spends 45 ft of movement.",
        "3. round 1, cast: Vex spends its standard action; Vex casts a spell.",
        "4. round 1, cast: Sentinel casts a null spell.",
        "5. round 1, spend: Sentinel spends its move action.",
    ]


def test_a_perception_check_and_a_competition_say_their_totals(erc: Any, tmp_path: Path) -> None:
    """CONTRACT "The table": a sentence an event, with totals. A Perception check (R4.4) and
    a competition (R7; SC's and Elysium's opposed checks, EL1.5) change nothing in the
    fight, yet the log said only 'no change': it says the totals and the outcome."""
    duel = shipped(tmp_path, "duel.yaml")
    ok(erc, duel, "roll-init", "--apply", "--rolls", "5,4,3")
    ok(erc, duel, "perceive", "Fenn", "--apply", "--rolls", "18")
    ok(erc, duel, "competition", "Kaela", "Ogre", "--apply", "--rolls", "3,6")
    ok(erc, duel, "competition", "Kaela", "Ogre", "--apply", "--rolls", "3,1")
    assert _said(erc, duel)[1:] == [
        "2. round 1, perceive: Fenn's Perception check: 19 against DC 14, a success.",
        "3. round 1, competition: Ogre wins, 9 against Kaela's 4.",
        "4. round 1, competition: Kaela and Ogre tie at 4.",
    ]
    warehouse = shipped(tmp_path, "spellchrome-warehouse.yaml")
    ok(erc, warehouse, "roll-init", "--apply", "--seed", "4")
    ok(
        erc,
        warehouse,
        "competition",
        "Sentinel",
        "Wren",
        "--attr",
        "Wren=dexterity",
        "--apply",
        "--rolls",
        "5,7",
    )
    assert _said(erc, warehouse)[-1] == (
        "2. round 1, competition: Wren wins, 12 against Sentinel's 9."
    )
    ogre = shipped(tmp_path, "elysium-ogre.yaml")
    ok(erc, ogre, "roll-init", "--apply", "--seed", "4")
    check = ("--check", "Kharza=athletics", "--check", "Beldo=athletics", "--apply")
    ok(erc, ogre, "competition", "Kharza", "Beldo", *check, "--rolls", "5,7")
    assert _said(erc, ogre)[-1] == "2. round 1, competition: Beldo wins, 12 against Kharza's 8."


def test_a_lesser_morale_level_does_not_read_as_the_level_now(erc: Any, tmp_path: Path) -> None:
    """EL11.3: a combatant keeps its worst Morale level. Terrified first, then an
    intimidation worth Frightened: the log said 'Beldo's Morale is Frightened' while Beldo
    stayed Terrified; it says the level given, unless already worse."""
    ogre = shipped(tmp_path, "elysium-ogre.yaml")
    ok(erc, ogre, "roll-init", "--apply", "--seed", "4")
    ok(erc, ogre, "social", "intimidate", "Kharza", "Beldo", "--apply", "--rolls", "10,1")
    ok(erc, ogre, "roll-init", "--apply", "--seed", "4")
    ok(erc, ogre, "social", "intimidate", "Kharza", "Beldo", "--apply", "--rolls", "6,5")
    said = _said(erc, ogre)
    assert said[1].endswith("; Beldo is Terrified (Morale), unless already worse.")
    assert said[3].endswith("; Beldo is Frightened (Morale), unless already worse.")
    beldo = [line for line in erc("status", "-e", str(ogre)).out.splitlines() if "Beldo" in line]
    assert "Terrified" in beldo[0] and "Frightened" not in beldo[0]


def test_an_escape_bonus_is_said_as_gained_not_as_the_whole_bonus() -> None:
    """EL10.4: damage a pinned combatant deals its grabber adds to its next Escape or Hold
    check, on top of any bonus it already has: a second +3 is 'gains +3', not 'has +3'
    (it then has +5 after a +2)."""
    from erc.rulesets.elysium.events import EscapeBonus

    assert EscapeBonus("Beldo", 3).said() == ("Beldo gains +3 on its next Escape or Hold check")


def test_feet_spent_on_a_pick_up_are_not_said_as_a_move(erc: Any, tmp_path: Path) -> None:
    """R8.3, R12.4: picking a weapon up costs 10 ft of movement; the log said 'Ogre moves
    10 ft' of a pick-up. It says the feet spent, as erc spend and erc pick-up do."""
    duel = shipped(tmp_path, "duel.yaml")
    ok(erc, duel, "roll-init", "--apply", "--rolls", "5,4,3")
    ok(erc, duel, "disarm", "Kaela", "Ogre", "--no-resist", "--apply", "--rolls", "20")
    ok(erc, duel, "pick-up", "Ogre", "greatclub", "--apply")
    assert _said(erc, duel)[-1].endswith("; Ogre spends 10 ft of movement.")


def test_a_lock_that_ends_on_a_dropped_weapon_is_not_said_to_free_it(
    erc: Any, tmp_path: Path
) -> None:
    """R8.2: Kaela let go of her locked longsword; when the Ogre swings the greatclub that
    held it, the lock ends and the longsword lies on the ground. The log said 'Kaela's
    longsword is free'; it says the lock ends. Her own weapon picked up from the ground
    (R8.3, R12.4) reads as picked up, not as freed."""
    duel = shipped(tmp_path, "duel.yaml")
    ok(erc, duel, "roll-init", "--apply", "--rolls", "5,4,3")
    ok(erc, duel, "disarm", "Ogre", "Kaela", "--lock", "--no-resist", "--apply", "--rolls", "20")
    ok(erc, duel, "free", "Kaela", "--drop", "--apply")
    ok(erc, duel, "roll-init", "--apply", "--rolls", "5,4,3")
    ok(erc, duel, "attack", "Ogre", "Fenn", "--with", "greatclub", "--apply", "--rolls", "3,6,20")
    ok(erc, duel, "pick-up", "Kaela", "longsword", "--apply")
    said = _said(erc, duel)
    assert said[4].startswith("5. round 2, attack: Ogre acts; the lock on Kaela's longsword ends;")
    assert said[5] == (
        "6. round 2, pick-up: Kaela picks up its longsword; Kaela spends 10 ft of movement."
    )
