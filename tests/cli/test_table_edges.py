"""The table's commands at their edges, as a GM and a script author meet them (RULES.md R14,
SC-P15, EL-P17, CONTRACT "The table" and "Combat state"): a file edited mid-fight, names
typed as the command line allows, turns ended, the journal damaged. Bad input is exit 2
with a message, and the journal is left as it was."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ENCOUNTERS


def _copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copy(ENCOUNTERS / name, target)
    return target


def _ok(erc: Any, *args: Any) -> Any:
    ran = erc(*[str(a) for a in args], "--json")
    assert ran.code == 0, ran.err
    return ran.json


def _refused(erc: Any, journal: Path, *args: Any) -> Any:
    """Exit 2 with one JSON error, no traceback, and the journal byte for byte as it was."""
    before = journal.read_bytes() if journal.exists() else None
    ran = erc(*[str(a) for a in args], "--json")
    assert ran.code == 2, ran.out
    assert "Traceback" not in ran.err
    after = journal.read_bytes() if journal.exists() else None
    assert after == before, "a refused command changed the journal"
    return json.loads(ran.err)["error"]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _grub(tmp_path: Path) -> Path:
    """duel.yaml with Grub added at its end (duel-reinforced.yaml's newcomer)."""
    duel = _copy(tmp_path, "duel.yaml")
    reinforced = (ENCOUNTERS / "duel-reinforced.yaml").read_text()
    grub = reinforced[reinforced.index("  - name: Grub") :]
    target = tmp_path / "duel-grub.yaml"
    target.write_text(duel.read_text() + grub)
    return target


def _hand_journal(journal: Path, *damages: tuple[str, int]) -> None:
    """A journal written as erc writes it: duel.yaml's round 1 (Fenn, Kaela, Ogre), then one
    damage event per ``(target, amount)``."""
    order = [["Fenn", 4, []], ["Kaela", 5, []], ["Ogre", 3, []]]
    start = {"type": "round", "round": 1, "order": order}
    events = [{"id": 1, "command": "roll-init", "round": 1, "effects": [start]}]
    for ident, (target, amount) in enumerate(damages, 2):
        hurt = {"type": "damage", "target": target, "amount": amount}
        events.append({"id": ident, "command": "damage", "round": 1, "effects": [hurt]})
    journal.write_text("".join(json.dumps(e) + "\n" for e in events))


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    return tmp_path / "fight.journal.jsonl"


# --- R14.2 joining --------------------------------------------------------------------------


def test_er_join_waits_when_its_place_is_before_a_turn_already_ended(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.2 "if that place comes before a combatant who has already acted this round, it
    waits": a turn ended (R14.3) has passed, as `erc status` shows it (`acted`), even with
    no action spent."""
    duel = _copy(tmp_path, "duel.yaml")
    grub = _grub(tmp_path)
    _ok(erc, "roll-init", "-e", duel, "--journal", journal, "--rolls", "5,4,3", "--apply")
    _ok(erc, "end-turn", "Fenn", "-e", duel, "--journal", journal, "--apply")  # first place
    joined = _ok(erc, "join", "Grub", "-e", grub, "--journal", journal, "--rolls", "10")
    assert joined["result"]["place"] == 1 and joined["result"]["waits"] is True


# --- R14.4 renaming -------------------------------------------------------------------------


def _renamed_fight(erc: Any, tmp_path: Path, journal: Path, new_name: str) -> Path:
    """A fight recorded for duel.yaml (the Ogre damaged and prone), then the Ogre renamed
    ``new_name`` in the file."""
    duel = _copy(tmp_path, "duel.yaml")
    on = ("-e", duel, "--journal", journal)
    _ok(erc, "roll-init", *on, "--rolls", "5,4,3", "--apply")
    _ok(erc, "damage", "Ogre", "6", *on, "--apply")
    _ok(erc, "condition", "Ogre", "prone", *on, "--apply")
    _edit(duel, "name: Ogre", f"name: {new_name}")
    return duel


def test_rename_takes_names_as_the_command_line_does_case_and_unicode_form(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """CONTRACT "Commands": combatants are named on the command line case-insensitively
    (and in any Unicode form, as every lookup compares them): `erc rename ogre "zoë
    chief"` is the journal's 'Ogre' and the file's 'Zoë Chief'; the event records the
    names as the journal and the file spell them."""
    duel = _renamed_fight(erc, tmp_path, journal, "Zoë Chief")
    on = ("-e", duel, "--journal", journal)
    decomposed = "zoe\u0308 chief"  # 'ë' as e + a combining diaeresis (NFD)
    renamed = _ok(erc, "rename", "ogre", decomposed, *on, "--apply")["result"]
    assert (renamed["old"], renamed["name"]) == ("Ogre", "Zoë Chief")
    chief = _ok(erc, "status", *on)["result"]["combatants"][2]
    assert (chief["name"], chief["body"]) == ("Zoë Chief", 34)


def test_rename_to_a_name_differing_only_in_case(erc: Any, tmp_path: Path, journal: Path) -> None:
    """R14.4: the file's 'OGRE' is not the journal's 'Ogre' (the journal names exactly);
    `erc rename Ogre OGRE` carries the fight over."""
    duel = _renamed_fight(erc, tmp_path, journal, "OGRE")
    on = ("-e", duel, "--journal", journal)
    assert _refused(erc, journal, "status", *on)["code"] == "journal-name-missing"
    _ok(erc, "rename", "Ogre", "OGRE", *on, "--apply")
    assert _ok(erc, "status", *on)["result"]["combatants"][2]["body"] == 34


def test_rename_refuses_an_old_name_that_is_no_combatant_of_the_journal(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.4: "OLD must be a name the journal has": a condition's name ('prone'), a weapon's
    or a damage type's is not one; renaming it would rewrite the Ogre's condition into a
    combatant's name."""
    duel = _renamed_fight(erc, tmp_path, journal, "Ogre")  # the file unchanged
    grub = tmp_path / "with-grub.yaml"
    grub.write_text(_grub(tmp_path).read_text())
    for old in ("prone", "greatclub"):
        error = _refused(erc, journal, "rename", old, "Grub", "-e", grub, "--journal", journal)
        assert error["code"] == "bad-rename" and f"never names {old!r}" in error["message"]
    ogre = _ok(erc, "status", "-e", duel, "--journal", journal)["result"]["combatants"][2]
    assert [c["name"] for c in ogre["conditions"]] == ["prone"]


# --- R14.5 a new fight ----------------------------------------------------------------------


def test_a_second_new_fight_waiting_on_the_first_moves_nothing(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.5 with CONTRACT's lock: two `erc new-fight --apply` at once act as one after the
    other, so the second finds no fight recorded: it moves nothing and leaves no empty
    'earlier fight' behind (it moved an empty journal it had just created to NAME.2)."""
    import threading

    from erc.core.journal import Handle

    duel = _copy(tmp_path, "duel.yaml")
    on = ("-e", str(duel), "--journal", str(journal))
    _ok(erc, "roll-init", *on, "--rolls", "5,4,3", "--apply")
    from erc.cli.commands.table import new_fight

    held = Handle(str(journal), True)  # the first new-fight, holding the lock
    second: list[Any] = []
    worker = threading.Thread(
        target=lambda: second.append(new_fight(str(duel), True, True, str(journal)))
    )
    worker.start()
    worker.join(0.3)
    assert worker.is_alive()  # it waits for the lock
    first = f"{journal}.1"
    Path(first).write_bytes(journal.read_bytes())  # the first moves the fight aside
    journal.unlink()
    held.close()
    worker.join(10)
    result = second[0].result
    assert (result.moved_to, result.n_events) == (None, 0)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(journal.name)) == [
        "fight.journal.jsonl.1"
    ]


def test_new_fight_with_an_empty_journal_moves_nothing(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.5: with no fight recorded (an empty journal file) there is nothing to move."""
    duel = _copy(tmp_path, "duel.yaml")
    journal.write_bytes(b"")
    moved = _ok(erc, "new-fight", "-e", duel, "--journal", journal, "--apply")["result"]
    assert (moved["moved_to"], moved["n_events"]) == (None, 0)
    assert not Path(f"{journal}.1").exists()


# --- R14.6 undo to a point ------------------------------------------------------------------


def test_undo_to_far_back_lists_the_ends_not_every_event(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.6 in a long fight: `erc undo --to 1` after 300 events says how many it undid and
    names the first and last few (it printed every id, a page of them); JSON keeps all."""
    duel = _copy(tmp_path, "duel.yaml")
    _hand_journal(journal, *[("Ogre", 0)] * 300)
    ran = erc("undo", "--to", "1", "-e", duel, "--journal", journal, "--apply")
    assert ran.code == 0, ran.err
    said = " ".join(ran.out.split("erc undo cancels")[0].split())
    assert said.startswith("back to event 1: undid 300 events: 2 (damage), 3 (damage)")
    assert "297 (damage), 298 (damage), 299 (damage), 300 (damage), 301 (damage)" in said
    assert "150 (damage)" not in said and len(said) < 300
    listed = _ok(erc, "undo", "-e", duel, "--journal", journal)  # restores them
    assert listed["result"]["command"] == "undo-to"


def test_new_fight_moves_a_journal_with_a_bad_line_aside_whole(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.5 "the journal is moved aside, never deleted": a journal that no command can read
    (a line of garbage, a hand edit gone wrong) is exactly what a GM starts over from; it
    was refused. It moves byte for byte, and the next command starts at round 0."""
    duel = _copy(tmp_path, "duel.yaml")
    on = ("-e", duel, "--journal", journal)
    _ok(erc, "roll-init", *on, "--rolls", "5,4,3", "--apply")
    with journal.open("a") as out:
        out.write("garbage\n")
    _ok(erc, "damage", "Ogre", "1", "-e", duel, "--journal", tmp_path / "other.jsonl")
    damaged = journal.read_bytes()
    assert _refused(erc, journal, "status", *on)["code"] == "bad-journal"
    preview = _ok(erc, "new-fight", *on)["result"]
    assert preview["would_move_to"] == f"{journal}.1" and journal.read_bytes() == damaged
    moved = erc("new-fight", *[str(a) for a in on], "--apply", "--json")
    assert moved.code == 0, moved.err
    assert "journal line 2" in moved.err  # said why the count is of lines
    assert moved.json["result"]["moved_to"] == f"{journal}.1"
    assert Path(f"{journal}.1").read_bytes() == damaged and not journal.exists()
    assert _ok(erc, "status", *on)["result"]["round"] == 0


# --- R14.3 ending a turn --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset_file", "seed"),
    [("duel.yaml", 1), ("spellchrome-warehouse.yaml", 3), ("elysium-ogre.yaml", 1)],
)
def test_end_turn_of_one_not_in_the_order_is_refused_until_it_joins(
    erc: Any, tmp_path: Path, journal: Path, ruleset_file: str, seed: int
) -> None:
    """R14.3 with R14.2: a combatant added to the file mid-fight has no turn in the round
    until `erc join` gives it a place; ending that turn was recorded, and the join after it
    then found its turn over in a round whose place had not been passed."""
    path = _copy(tmp_path, ruleset_file)
    on = ("-e", path, "--journal", journal)
    _ok(erc, "roll-init", *on, "--seed", seed, "--apply")
    text = path.read_text()
    first = text.index("  - name: ")
    block = text[first : text.index("  - name: ", first + 1)]
    name = block.split("\n", 1)[0].removeprefix("  - name: ")
    path.write_text(text.rstrip("\n") + "\n" + block.replace(f"name: {name}", "name: Newcomer", 1))
    error = _refused(erc, journal, "end-turn", "Newcomer", *on, "--apply")
    assert error["code"] == "cannot-act" and "erc join Newcomer" in error["message"]


def test_rename_after_a_disarm_carries_the_weapon_over(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.4 when the journal holds more than Body: the Ogre's greatclub knocked away is
    the Ogre Chief's, on the ground, after the rename (the rename's own check of the
    journal's names must read a weapon's event too)."""
    duel = _copy(tmp_path, "duel.yaml")
    on = ("-e", duel, "--journal", journal)
    _ok(erc, "roll-init", *on, "--rolls", "5,4,3", "--apply")
    disarm = _ok(erc, "disarm", "Kaela", "Ogre", *on, "--rolls", "18,9,12,3", "--apply")
    assert disarm["result"]["outcome"] == "disarmed"
    _edit(duel, "name: Ogre", "name: Ogre Chief")
    _ok(erc, "rename", "Ogre", "Ogre Chief", *on, "--apply")
    chief = _ok(erc, "status", *on)["result"]["combatants"][2]
    assert chief["name"] == "Ogre Chief" and any("greatclub" in m for m in chief["marks"])


def test_join_places_by_the_order_as_it_stands_after_a_delay() -> None:
    """R14.2 "takes its place by total" in an order that is no longer sorted by total: one
    who delayed to the end (SC2.5) or one down listed last (R3.5) keeps its rolled total,
    but acts where it now stands; a newcomer of 16 goes first, not after Thug 1 (15)
    behind a Sentinel (20) that now acts last."""
    from erc.core.dice import Dice, PhysicalSource
    from erc.core.join import JoinSetup, Member, join

    members = [
        Member("Thug 1", 15, 11, False),
        Member("Wren", 11, 18, False),
        Member("Vex", 7, 16, False),
        Member("Sentinel", 20, 10, False),  # delayed after Vex
    ]
    setup = JoinSetup("Grub", 20, 10, {"dexterity": 0}, tie=10)
    first = join(Dice(PhysicalSource([16])), setup, members, round=1)
    assert (first.place, first.new_order[:2]) == (1, ("Grub", "Thug 1"))
    between = join(Dice(PhysicalSource([9])), setup, members, round=1)
    assert between.new_order == ("Thug 1", "Wren", "Grub", "Vex", "Sentinel")


def test_undo_after_new_fight_says_where_the_fight_went(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.5: a new fight is not an event, so `erc undo` cannot take it back; with nothing
    to undo it says where the last fight was moved and how to bring it back (it said only
    that the journal had nothing to undo)."""
    duel = _copy(tmp_path, "duel.yaml")
    on = ("-e", duel, "--journal", journal)
    _ok(erc, "roll-init", *on, "--rolls", "5,4,3", "--apply")
    _ok(erc, "new-fight", *on, "--apply")
    for argv in (("undo",), ("undo", "--to", "1")):
        error = _refused(erc, journal, *argv, *on)
        assert error["code"] == "nothing-to-undo"
        assert f"{journal}.1" in error["message"] and "mv" in error["message"]


# --- a journal of another ruleset (a fix for erc/core/journal.py and session.py) --------------


def test_a_journal_of_another_ruleset_is_refused_with_what_is_wrong(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """The guide: bad input "never corrupts what was recorded". An Enchanted Realms journal
    given to an Elysium file whose combatants have the same names folds without a word
    (ER's damage and order read as Elysium's); it should be exit 2 naming both rulesets."""
    duel = _copy(tmp_path, "duel.yaml")
    elysium = _copy(tmp_path, "elysium-ogre.yaml")
    _edit(elysium, "name: Kharza", "name: Fenn")
    _edit(elysium, "name: Beldo", "name: Kaela")
    _ok(erc, "roll-init", "-e", duel, "--journal", journal, "--rolls", "5,4,3", "--apply")
    _ok(erc, "damage", "Ogre", "3", "-e", duel, "--journal", journal, "--apply")
    before = journal.read_bytes()
    error = _refused(erc, journal, "status", "-e", elysium, "--journal", journal)
    assert error["code"] == "bad-journal" and "er ruleset" in error["message"]
    assert "elysium" in error["message"] and "erc new-fight" in error["message"]
    for argv in (("damage", "Fenn", "1", "--apply"), ("rename", "Ogre", "Fenn", "--apply")):
        error = _refused(erc, journal, *argv, "-e", elysium, "--journal", journal)
        assert error["code"] == "bad-journal"
    assert journal.read_bytes() == before  # nothing of the other ruleset's recorded


def test_events_say_their_ruleset_and_a_journal_from_before_still_folds(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """Each event records the ruleset it was recorded under (rename's too); a journal
    written before erc did so has none, and folds as it always did."""
    duel = _copy(tmp_path, "duel.yaml")
    on = ("-e", duel, "--journal", journal)
    _ok(erc, "roll-init", *on, "--rolls", "5,4,3", "--apply")
    _edit(duel, "name: Ogre", "name: Ogre Chief")
    _ok(erc, "rename", "Ogre", "Ogre Chief", *on, "--apply")
    events = [json.loads(line) for line in journal.read_text().splitlines()]
    assert [e["ruleset"] for e in events] == ["er", "er"]
    journal.write_text(
        "".join(json.dumps({k: v for k, v in e.items() if k != "ruleset"}) + "\n" for e in events)
    )
    assert _ok(erc, "status", *on)["result"]["round"] == 1


# --- erc log: one sentence an event, with totals (CONTRACT "The table") -----------------------


def test_log_tells_the_table_events_in_words_with_totals(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """CONTRACT "The table": `erc log` is "one sentence an event, with totals": a rename,
    a join (its total and place, or that it waits) and a check (its total against its
    target, and the outcome) were told as raw fields ("rename (old Ogre, new Ogre Chief)",
    "Grub: join (roll 9, modifier 0, total 9)") or not at all ("feat: no change")."""
    duel = _copy(tmp_path, "duel.yaml")
    reinforced = _copy(tmp_path, "duel-reinforced.yaml")
    _ok(erc, "roll-init", "-e", duel, "--journal", journal, "--rolls", "5,4,3", "--apply")
    _ok(
        erc, "attack", "Fenn", "Ogre", "-e", duel, "--journal", journal, "--rolls", "2,2", "--apply"
    )
    on = ("-e", reinforced, "--journal", journal)
    _ok(erc, "rename", "Ogre", "Ogre Chief", *on, "--apply")
    _ok(erc, "join", "Grub", *on, "--rolls", "9", "--apply")
    _ok(erc, "feat", "Kaela", "strength", "--comp", "12", *on, "--rolls", "11", "--apply")
    ran = erc("log", *[str(a) for a in on])
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    assert lines[3] == "3. round 1, rename: the fight's Ogre is now Ogre Chief."
    assert lines[4] == (
        "4. round 1, join: Grub joins at place 1 with 9 (rolled 9), from the next round."
    )
    assert lines[5] == "5. round 1, feat: Kaela's strength feat: 12 against Comp 12, a success."


def test_er_join_of_one_down_draws_no_die_and_goes_last(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.2 with R3.5: a combatant that is not standing "rolls no initiative: it draws no
    die, is listed after everyone who rolled"; joining, it rolled a d10 (asked of --rolls)
    and could take the first place."""
    duel = _copy(tmp_path, "duel.yaml")
    grub = _grub(tmp_path)
    _edit(grub, "    body: 24\n", "    body: 24\n    body_current: 0\n")
    _ok(erc, "roll-init", "-e", duel, "--journal", journal, "--rolls", "5,4,3", "--apply")
    joined = _ok(erc, "join", "Grub", "-e", grub, "--journal", journal, "--rolls", "", "--apply")
    assert joined["rolls"] == [] and joined["result"]["roll"] == 0
    assert joined["result"]["new_order"] == ["Fenn", "Kaela", "Ogre", "Grub"]
    status = _ok(erc, "status", "-e", grub, "--journal", journal)["result"]
    assert [p["name"] for p in status["order"]] == ["Fenn", "Kaela", "Ogre", "Grub"]


def test_log_tells_an_undo_to_in_one_short_sentence(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.6 in `erc log`: an `undo --to` is one sentence, the point it went back to and how
    many events it cancelled (each was its own clause, "cancels event 2; cancels event 3;
    ...": a line of thousands of characters after a long fight)."""
    duel = _copy(tmp_path, "duel.yaml")
    on = ("-e", duel, "--journal", journal)
    _ok(erc, "roll-init", *on, "--rolls", "5,4,3", "--apply")
    for _ in range(3):
        _ok(erc, "damage", "Ogre", "1", *on, "--apply")
    _ok(erc, "undo", "--to", "1", *on, "--apply")
    ran = erc("log", *[str(a) for a in on])
    assert (
        ran.out.splitlines()[-1]
        == "5. round 1, undo-to: back to event 1, cancels 3 events (2, 3, 4)."
    )


def test_undo_to_without_apply_is_a_preview(erc: Any, tmp_path: Path, journal: Path) -> None:
    """CONTRACT "The table": "New commands, each with `--apply`/`--json` and a preview
    without `--apply`: ... `erc undo --to ID`"."""
    duel = _copy(tmp_path, "duel.yaml")
    on = ("-e", duel, "--journal", journal)
    _ok(erc, "roll-init", *on, "--rolls", "5,4,3", "--apply")
    _ok(erc, "damage", "Ogre", "1", *on, "--apply")
    before = journal.read_bytes()
    preview = _ok(erc, "undo", "--to", "1", *on)
    assert "applied" not in preview and journal.read_bytes() == before
    assert preview["result"]["cancelled_ids"] == [2] and preview["result"]["undo_event"] is None


def test_undo_to_records_with_apply_and_plain_undo_records_as_ever(
    erc: Any, tmp_path: Path, journal: Path, monkeypatch: Any
) -> None:
    """R14.6 with ``--apply`` (or ``ERC_APPLY=1``); ``erc undo`` alone records at once
    (CONTRACT "Combat state"), whatever ``--apply`` says."""
    duel = _copy(tmp_path, "duel.yaml")
    on = ("-e", duel, "--journal", journal)
    _ok(erc, "roll-init", *on, "--rolls", "5,4,3", "--apply")
    _ok(erc, "damage", "Ogre", "1", *on, "--apply")
    _ok(erc, "damage", "Ogre", "2", *on, "--apply")
    recorded = _ok(erc, "undo", "--to", "2", *on, "--apply")
    assert recorded["applied"]["event"] == 4 and recorded["result"]["cancelled_ids"] == [3]
    assert _ok(erc, "undo", *on)["applied"]["event"] == 5  # restores event 3
    monkeypatch.setenv("ERC_APPLY", "1")
    again = _ok(erc, "undo", "--to", "1", *on)
    assert again["applied"]["event"] == 6 and again["result"]["cancelled_ids"] == [2, 3]


def test_rename_in_a_journal_the_fold_stops_in_still_refuses_a_name_the_file_has(
    erc: Any, tmp_path: Path, journal: Path
) -> None:
    """R14.4 "OLD one the file no longer has", even when a later line of the journal does
    not fold (the rename's check of the names then reads them as text)."""
    duel = _copy(tmp_path, "duel.yaml")
    _edit(duel, "name: Ogre", "name: Ogre Chief")
    _hand_journal(journal, ("Kaela", -5))  # a damage below 0 does not fold
    on = ("-e", duel, "--journal", journal)
    error = _refused(erc, journal, "rename", "Kaela", "Ogre Chief", *on, "--apply")
    assert error["code"] == "bad-rename" and "still in the encounter file" in error["message"]
    _ok(erc, "rename", "Ogre", "Ogre Chief", *on)  # the preview of the rename it needs
