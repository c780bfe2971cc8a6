"""The table's journal commands (issue 30 part B; RULES.md R14.2, R14.4-R14.6, CONTRACT "The
table"): ``journal-name-missing``, ``erc rename``, ``erc new-fight``, ``erc undo --to``,
``erc join`` in every ruleset. Bad input is exit 2 and records nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, PhysicalSource
from erc.core.fold import renamed
from erc.core.join import JoinSetup, Member, join
from erc.core.journal import Entry
from tests.conftest import ENCOUNTERS


def _copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copy(ENCOUNTERS / name, target)
    return target


def _journal(path: Path) -> Path:
    return path.with_name(path.stem + ".journal.jsonl")


def _ok(erc: Any, *args: Any) -> Any:
    ran = erc(*[str(a) for a in args], "--json")
    assert ran.code == 0, ran.err
    return ran.json


def _refused(erc: Any, path: Path, *args: Any) -> Any:
    """Exit 2 with one JSON error, and the journal byte for byte as it was."""
    journal = _journal(path)
    before = journal.read_bytes() if journal.exists() else None
    ran = erc(*[str(a) for a in args], "-e", str(path), "--json")
    assert ran.code == 2, ran.out
    after = journal.read_bytes() if journal.exists() else None
    assert after == before, "a refused command changed the journal"
    return ran.error


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    return _copy(tmp_path, "duel.yaml")


def _fight(erc: Any, duel: Path) -> None:
    _ok(erc, "roll-init", "-e", duel, "--rolls", "5,4,3", "--apply")  # Fenn, Kaela, Ogre
    _ok(erc, "damage", "Ogre", "6", "-e", duel, "--apply")


# --- R14.4: the journal survives edits --------------------------------------------------------


def test_a_name_the_file_lost_is_journal_name_missing_with_the_way_on(erc: Any, duel: Path) -> None:
    """CONTRACT "The table": `journal-name-missing` names it and suggests `erc rename` or
    `erc new-fight`, for every command that reads the fight (not "malformed 'round'")."""
    _fight(erc, duel)
    _edit(duel, "name: Ogre", "name: Ogre Chief")
    for argv in (("status",), ("log",), ("undo",), ("attack", "Kaela", "Ogre Chief")):
        error = _refused(erc, duel, *argv)
        assert error["code"] == "journal-name-missing", (argv, error)
        message = error["message"]
        assert "'Ogre'" in message and "erc rename Ogre NEW --apply" in message
        assert "erc new-fight" in message and "malformed" not in message


def test_rename_carries_the_fight_over_and_undo_reverses_it(erc: Any, duel: Path) -> None:
    """R14.4: "the journal's OLD is the file's NEW from that event on ... Undo reverses it"."""
    _fight(erc, duel)
    _edit(duel, "name: Ogre", "name: Ogre Chief")
    preview = _ok(erc, "rename", "Ogre", "Ogre Chief", "-e", duel)
    assert preview["result"] == {
        "name": "Ogre Chief",
        "old": "Ogre",
        "journal": str(_journal(duel)),
    }
    assert "applied" not in preview and len(_journal(duel).read_text().splitlines()) == 2
    applied = _ok(erc, "rename", "Ogre", "Ogre Chief", "-e", duel, "--apply")
    assert applied["applied"]["event"] == 3
    status = _ok(erc, "status", "-e", duel)["result"]
    chief = next(c for c in status["combatants"] if c["name"] == "Ogre Chief")
    assert chief["body"] == 34  # the 6 damage recorded for 'Ogre'
    assert [p["name"] for p in status["order"]] == ["Fenn", "Kaela", "Ogre Chief"]
    _ok(erc, "damage", "Ogre Chief", "4", "-e", duel, "--apply")
    assert _ok(erc, "status", "-e", duel)["result"]["combatants"][2]["body"] == 30
    _ok(erc, "undo", "-e", duel)  # the 4
    _ok(erc, "undo", "-e", duel)  # the rename: the journal names 'Ogre' again
    assert _refused(erc, duel, "status")["code"] == "journal-name-missing"


def test_bad_renames_are_exit_2_and_record_nothing(erc: Any, duel: Path) -> None:
    """R14.4: OLD a name the journal has and the file no longer has, NEW one the file has
    and the journal does not; renaming to a name the file lacks is exit 2."""
    _fight(erc, duel)
    _edit(duel, "name: Ogre", "name: Ogre Chief")
    lacks = _refused(erc, duel, "rename", "Ogre", "Ogre King", "--apply")
    assert lacks["code"] == "unknown-combatant" and "'Ogre King'" in lacks["message"]
    still = _refused(erc, duel, "rename", "Kaela", "Ogre Chief", "--apply")
    assert still["code"] == "bad-rename" and "still in the encounter file" in still["message"]
    never = _refused(erc, duel, "rename", "Grub", "Ogre Chief", "--apply")
    assert never["code"] == "bad-rename" and "never names 'Grub'" in never["message"]
    _ok(erc, "rename", "Ogre", "Ogre Chief", "-e", duel, "--apply")
    _edit(duel, "name: Fenn", "name: Fenn Swift")
    taken = _refused(erc, duel, "rename", "Fenn", "Ogre Chief", "--apply")
    assert taken["code"] == "bad-rename" and "already in the fight" in taken["message"]


def test_two_renames_of_one_combatant_chain(erc: Any, duel: Path) -> None:
    """R14.4 "from that event on": a name renamed twice reads through both."""
    _fight(erc, duel)
    _edit(duel, "name: Ogre", "name: Brute")
    _ok(erc, "rename", "Ogre", "Brute", "-e", duel, "--apply")
    _ok(erc, "damage", "Brute", "1", "-e", duel, "--apply")
    _edit(duel, "name: Brute", "name: Ogre Chief")
    _ok(erc, "rename", "Brute", "Ogre Chief", "-e", duel, "--apply")
    status = _ok(erc, "status", "-e", duel)["result"]
    assert status["combatants"][2] == {**status["combatants"][2], "name": "Ogre Chief", "body": 33}


def test_renames_apply_to_the_events_before_them_only() -> None:
    """R14.4: the journal's OLD is the file's NEW "from that event on": each entry reads the
    renames after it, composed (A -> B, then B -> C: A and B are C before both)."""

    def entry(ident: int, *effects: dict[str, Any]) -> Entry:
        return Entry(ident, ident, "x", 1, None, effects)

    entries = [
        entry(1, {"type": "damage", "target": "A", "amount": 1}),
        entry(2, {"type": "rename", "old": "A", "new": "B"}),
        entry(3, {"type": "damage", "target": "B", "amount": 1}),
        entry(4, {"type": "rename", "old": "B", "new": "C"}),
        entry(5, {"type": "damage", "target": "C", "amount": 1}),
    ]
    names = renamed(entries, set())
    assert names == [{"B": "C", "A": "C"}, {"B": "C"}, {"B": "C"}, {}, {}]
    assert renamed(entries, {4}) == [{"A": "B"}, {}, {}, {}, {}]  # undone: not read
    assert renamed(entries[:1], set()) is None


# --- R14.5: a new fight -----------------------------------------------------------------------


def test_new_fight_moves_the_journal_aside_never_deletes_it(erc: Any, duel: Path) -> None:
    """R14.5: "the journal is moved aside, never deleted (to the first free NAME.N beside
    it), and the next command starts at round 0 from the file"."""
    journal = _journal(duel)
    _fight(erc, duel)
    recorded = journal.read_bytes()
    preview = _ok(erc, "new-fight", "-e", duel)["result"]
    assert preview["would_move_to"] == f"{journal}.1" and preview["moved_to"] is None
    assert journal.read_bytes() == recorded
    moved = _ok(erc, "new-fight", "-e", duel, "--apply")
    assert moved["result"]["moved_to"] == f"{journal}.1" and moved["result"]["n_events"] == 2
    assert not journal.exists() and Path(f"{journal}.1").read_bytes() == recorded
    status = _ok(erc, "status", "-e", duel)["result"]
    assert status["round"] == 0 and status["combatants"][2]["body"] == 40
    _ok(erc, "damage", "Ogre", "1", "-e", duel, "--apply")
    again = _ok(erc, "new-fight", "-e", duel, "--apply")["result"]
    assert again["moved_to"] == f"{journal}.2" and Path(f"{journal}.1").read_bytes() == recorded
    nothing = _ok(erc, "new-fight", "-e", duel, "--apply")["result"]
    assert nothing["moved_to"] is None and nothing["n_events"] == 0


def test_new_fight_human_output_says_where(erc: Any, duel: Path) -> None:
    _fight(erc, duel)
    ran = erc("new-fight", "-e", str(duel), "--apply")
    assert ran.code == 0 and f"moved aside to {_journal(duel)}.1" in ran.out.replace("\n", "")


# --- R14.6: undo to a point -------------------------------------------------------------------


def test_undo_to_cancels_everything_after_in_one_event_and_undo_restores(
    erc: Any, duel: Path
) -> None:
    """R14.6: "every live event after ID is cancelled, recorded as one event; undoing that
    event restores them all"."""
    _fight(erc, duel)  # events 1, 2
    _ok(erc, "damage", "Ogre", "3", "-e", duel, "--apply")  # 3
    _ok(erc, "heal", "Ogre", "1", "-e", duel, "--apply")  # 4
    _ok(erc, "undo", "-e", duel)  # 5 cancels 4
    back = _ok(erc, "undo", "--to", "1", "-e", duel, "--apply")
    assert back["result"]["cancelled_ids"] == [2, 3] and back["result"]["to"] == 1
    lines = _journal(duel).read_text().splitlines()
    assert len(lines) == 6 and json.loads(lines[-1])["command"] == "undo-to"
    assert _ok(erc, "status", "-e", duel)["result"]["combatants"][2]["body"] == 40
    assert _ok(erc, "status", "-e", duel)["result"]["round"] == 1
    _ok(erc, "undo", "-e", duel)  # cancels the undo --to: 2 and 3 are back, 4 stays undone
    assert _ok(erc, "status", "-e", duel)["result"]["combatants"][2]["body"] == 31


def test_undo_to_bad_points_are_exit_2(erc: Any, duel: Path) -> None:
    """Undo past the first event, to an event the journal lacks, or with nothing after."""
    _fight(erc, duel)
    past = _refused(erc, duel, "undo", "--to", "0")
    assert past["code"] == "bad-undo" and "erc new-fight" in past["message"]
    assert _refused(erc, duel, "undo", "--to", "9")["code"] == "bad-undo"
    assert _refused(erc, duel, "undo", "--to", "2")["code"] == "nothing-to-undo"


def test_undo_to_leaves_a_rename_in_force(erc: Any, duel: Path) -> None:
    """A rename follows the file, not the fight: undo --to keeps it (it would leave the
    journal naming someone the file lacks); the fight's own events go."""
    _fight(erc, duel)
    _edit(duel, "name: Ogre", "name: Ogre Chief")
    _ok(erc, "rename", "Ogre", "Ogre Chief", "-e", duel, "--apply")
    _ok(erc, "damage", "Ogre Chief", "2", "-e", duel, "--apply")
    assert _ok(erc, "undo", "--to", "1", "-e", duel, "--apply")["result"]["cancelled_ids"] == [2, 4]
    assert _ok(erc, "status", "-e", duel)["result"]["combatants"][2]["body"] == 40


# --- R14.2: joining ---------------------------------------------------------------------------


def _rolls(*faces: int) -> Dice:
    return Dice(PhysicalSource(list(faces)))


def test_join_takes_its_place_by_total() -> None:
    """R14.2: it "takes its place by total"; ties "rolled off ... against the tied ones
    only": its die, then each tied one's, again while level; it goes after those who beat
    it."""
    members = [Member("A", 15, 0, False), Member("B", 9, 0, False), Member("C", 9, 0, False)]
    setup = JoinSetup("New", 10, 20, {"agility": 2})
    clear = join(_rolls(9), setup, members, round=2)
    assert (clear.total, clear.place, clear.new_order) == (11, 2, ("A", "New", "B", "C"))
    # total 9 ties B and C: New 12, B 15, C 12 (C level) -> New 7, C 3: after B only
    tied = join(_rolls(7, 12, 15, 12, 7, 3), setup, members, round=2)
    assert tied.rolled_off_with == ("B", "C") and tied.tiebreak == (12, 7)
    assert tied.new_order == ("A", "B", "New", "C") and tied.place == 3


def test_join_waits_when_its_place_was_passed() -> None:
    """R14.2: "if that place comes before a combatant who has already acted this round, it
    waits for the next round"."""
    members = [Member("A", 15, 0, True), Member("B", 9, 0, True), Member("C", 5, 0, False)]
    setup = JoinSetup("New", 10, 20, {})
    assert join(_rolls(10), setup, members, round=1).waits  # before B, who acted
    assert not join(_rolls(7), setup, members, round=1).waits  # after B, before C


def test_spellchrome_ties_go_by_dexterity_first() -> None:
    """Part 3.5 (SC2.3 as Part 3.15 applies it): equal totals and equal Dexterity tie."""
    members = [Member("A", 12, 14, False), Member("B", 12, 10, False)]
    setup = JoinSetup("New", 20, 10, {"dexterity": 2}, tie=12)
    result = join(_rolls(10), setup, members, round=1)
    assert result.rolled_off_with == () and result.new_order == ("A", "New", "B")


def test_er_join_through_the_cli(erc: Any, tmp_path: Path) -> None:
    """R14.2 in ER: it rolls initiative at once (R3.1), the round's order takes it, a
    place passed waits (marked `joins next round`: it has acted this round), and joining
    someone already in the fight, or with no round started, is exit 2."""
    duel = _copy(tmp_path, "duel.yaml")
    reinforced = _copy(tmp_path, "duel-reinforced.yaml")
    journal = tmp_path / "fight.journal.jsonl"
    _ok(erc, "roll-init", "-e", duel, "--journal", journal, "--rolls", "5,4,3", "--apply")
    _ok(
        erc, "attack", "Fenn", "Ogre", "-e", duel, "--journal", journal, "--rolls", "2,2", "--apply"
    )
    on = ("-e", reinforced, "--journal", journal)
    assert erc("status", *on).code == 2  # the Ogre is the Ogre Chief now
    _ok(erc, "rename", "Ogre", "Ogre Chief", *on, "--apply")
    # the order's totals: Fenn 4 + 2 = 6, Kaela 5 + 1 - 2 (medium armour) = 4, the Ogre 3 - 1
    joined = _ok(erc, "join", "Grub", *on, "--rolls", "9", "--apply")["result"]
    assert joined["total"] == 9 and joined["place"] == 1 and joined["waits"] is True
    status = _ok(erc, "status", *on)["result"]
    assert status["order"][0]["name"] == "Grub"
    assert next(c for c in status["combatants"] if c["name"] == "Grub")["acted"] is True
    again = erc("join", "Grub", *on, "--rolls", "1", "--apply", "--json")
    assert again.code == 2 and json.loads(again.err)["error"]["code"] == "already-in-fight"
    assert len(journal.read_text().splitlines()) == 4
    fresh = tmp_path / "fresh.jsonl"
    early = erc("join", "Grub", "-e", reinforced, "--journal", fresh, "--rolls", "1", "--json")
    assert early.code == 2 and json.loads(early.err)["error"]["code"] == "no-round"
    nobody = erc("join", "Nobody", *on, "--json")
    assert nobody.code == 2 and json.loads(nobody.err)["error"]["code"] == "unknown-combatant"


def _add(path: Path, anchor: str, block: str) -> None:
    _edit(path, anchor, block + anchor)


def test_a_writer_waiting_while_the_journal_is_moved_aside_writes_the_new_one(
    tmp_path: Path,
) -> None:
    """R14.5 with CONTRACT's lock: a command that waited for the lock while `erc new-fight`
    moved the journal aside opens the path again, so nothing lands in the old fight."""
    import threading

    from erc.cli.commands.table import _move_aside
    from erc.core.journal import Handle

    path = tmp_path / "j.jsonl"
    path.write_text('{"id":1,"command":"damage","round":0,"effects":[]}\n')
    held = Handle(str(path), True)
    done: list[dict[str, Any]] = []

    def waiting() -> None:
        with Handle(str(path), True) as handle:
            handle.next = 1
            done.append(handle.append({"command": "damage", "round": 0, "effects": []}))

    worker = threading.Thread(target=waiting)
    worker.start()
    worker.join(0.3)  # it waits for the lock
    assert worker.is_alive()
    moved = _move_aside(str(path))
    held.close()
    worker.join(10)
    assert moved == f"{path}.1" and len(Path(moved).read_text().splitlines()) == 1
    assert len(path.read_text().splitlines()) == 1 and done[0]["id"] == 1


# --- CONTRACT --key: the table's journal commands -------------------------------------------
# "a command whose key is already in the journal is not applied again; it reports the event
# recorded the first time (exit 0, applied.replayed: true), so a script can retry after a crash
# or a lost output without applying twice": erc undo, erc undo --to ID --apply, erc rename.


def _events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in _journal(path).read_text().splitlines()]


def _fight_of_three(erc: Any, duel: Path) -> None:
    """Events 1 roll-init (Fenn, Kaela, Ogre), 2 and 3 damage to the Ogre (6, then 3)."""
    _fight(erc, duel)
    _ok(erc, "damage", "Ogre", "3", "-e", duel, "--apply")


def test_undo_with_a_key_retried_undoes_once(erc: Any, duel: Path) -> None:
    """CONTRACT ``--key``: a retried ``erc undo --key K`` reports the undo recorded the first
    time (the same event, the same event it cancelled) and cancels nothing more."""
    _fight_of_three(erc, duel)
    first = _ok(erc, "undo", "-e", duel, "--key", "undo-1")
    again = _ok(erc, "undo", "-e", duel, "--key", "undo-1")
    assert first["result"]["cancelled"] == again["result"]["cancelled"] == 3
    assert first["applied"]["event"] == again["applied"]["event"] == 4
    assert again["applied"]["replayed"] is True and "replayed" not in first["applied"]
    assert again["result"]["command"] == "damage"
    assert again["result"]["undo_event"] == first["result"]["undo_event"]
    assert [e["command"] for e in _events(duel)] == ["roll-init", "damage", "damage", "undo"]
    assert _events(duel)[-1]["key"] == "undo-1"
    assert _ok(erc, "status", "-e", duel)["result"]["combatants"][2]["body"] == 34  # 40 - 6


def test_undo_to_with_a_key_retried_applies_once(erc: Any, duel: Path) -> None:
    """R14.6 with ``--key``: the retry reports the one undo-to event, not a refusal
    (``nothing-to-undo``) and not a second event."""
    _fight_of_three(erc, duel)
    on = ("undo", "--to", "1", "-e", duel, "--apply", "--key", "back")
    first = _ok(erc, *on)
    again = _ok(erc, *on)
    assert first["result"]["cancelled_ids"] == again["result"]["cancelled_ids"] == [2, 3]
    assert again["result"]["commands"] == ["damage", "damage"] and again["result"]["to"] == 1
    assert again["applied"] == {**first["applied"], "replayed": True, "undone": False}
    assert [e["command"] for e in _events(duel)][-1] == "undo-to"
    assert len(_events(duel)) == 4


def test_rename_with_a_key_retried_applies_once(erc: Any, duel: Path) -> None:
    """R14.4 with ``--key``: after the first rename the journal no longer names OLD, so a
    retry without a key is refused (``bad-rename``); with its key it reports the rename."""
    _fight_of_three(erc, duel)
    text = duel.read_text()
    duel.write_text(text.replace("name: Ogre", "name: Ogre Chief", 1))
    on = ("rename", "Ogre", "Ogre Chief", "-e", duel, "--apply", "--key", "chief")
    first = _ok(erc, *on)
    again = _ok(erc, *on)
    assert again["result"] == first["result"]
    assert again["applied"] == {**first["applied"], "replayed": True, "undone": False}
    assert [e["command"] for e in _events(duel)].count("rename") == 1
    assert _events(duel)[-1]["key"] == "chief"
    assert _refused(erc, duel, "rename", "Ogre", "Ogre Chief", "--apply")["code"] == "bad-rename"


def _keyed(key: str, new: str) -> list[tuple[str, ...]]:
    """``erc undo``, ``erc undo --to 1`` and ``erc rename Ogre NEW``, each recorded under
    ``key``."""
    return [
        ("undo", "--key", key),
        ("undo", "--to", "1", "--apply", "--key", key),
        ("rename", "Ogre", new, "--apply", "--key", key),
    ]


@pytest.mark.parametrize("argv", _keyed("round1", "Fenn"))
def test_a_key_of_another_command_is_key_conflict(erc: Any, duel: Path, argv: Any) -> None:
    """CONTRACT: a key used by an event of another command is ``key-conflict``, exit 2,
    nothing written."""
    _ok(erc, "roll-init", "-e", duel, "--rolls", "5,4,3", "--apply")
    _ok(erc, "damage", "Ogre", "6", "-e", duel, "--apply", "--key", "round1")
    error = _refused(erc, duel, *argv)
    assert error["code"] == "key-conflict" and "'round1'" in error["message"]


@pytest.mark.parametrize(
    "argv",
    [
        ("undo", "--to", "1", "--key", "k"),  # a preview records nothing to key
        ("rename", "Ogre", "Fenn", "--key", "k"),
        ("undo", "--key", " "),
        ("undo", "--to", "1", "--apply", "--key", ""),
        ("rename", "Ogre", "Fenn", "--apply", "--key", "k" * 201),
    ],
)
def test_a_key_without_apply_or_blank_is_a_usage_error(erc: Any, duel: Path, argv: Any) -> None:
    """As for every ``--apply`` command: ``--key`` goes with a recorded result and is not
    blank or overlong (plain ``erc undo`` always records, so it takes a key alone)."""
    _fight_of_three(erc, duel)
    assert _refused(erc, duel, *argv)["code"] == "usage"


def test_a_replayed_undo_reads_as_the_first_in_a_terminal(erc: Any, duel: Path) -> None:
    """The human output of a replay says it was recorded before, naming the event."""
    _fight_of_three(erc, duel)
    _ok(erc, "undo", "-e", duel, "--key", "u")
    ran = erc("undo", "-e", str(duel), "--key", "u")
    assert ran.code == 0, ran.err
    assert "event 4" in ran.out and "already" in ran.out.lower()


def test_new_fight_retried_finds_nothing_to_move(erc: Any, duel: Path) -> None:
    """R14.5: ``erc new-fight`` records no event, so it takes no key: a retry after it moved
    the journal aside finds none and moves nothing (exit 0); one event is "1 event"."""
    _ok(erc, "roll-init", "-e", duel, "--rolls", "5,4,3", "--apply")
    moved = erc("new-fight", "-e", str(duel), "--apply")
    assert moved.code == 0 and "the fight (1 event) was moved aside" in moved.out
    again = _ok(erc, "new-fight", "-e", duel, "--apply")["result"]
    assert again["moved_to"] is None and again["n_events"] == 0
    assert sorted(p.name for p in duel.parent.iterdir()) == ["duel.journal.jsonl.1", "duel.yaml"]


def test_a_replayed_rename_is_the_rename_its_event_records(erc: Any, duel: Path) -> None:
    """R14.4 with ``--key``: a rename event written by hand (or by an erc that kept no
    ``result``) replays as the rename its effect records, fitting ``erc schema --output
    rename`` (it was ``result: null``); one whose effects rename nothing is ``bad-journal``."""
    import jsonschema

    _fight(erc, duel)
    with _journal(duel).open("a") as out:
        out.write(
            '{"id":3,"command":"rename","round":1,"key":"k","ruleset":"er",'
            '"effects":[{"type":"rename","old":"Ogre","new":"Fenn"}]}\n'
            '{"id":4,"command":"rename","round":1,"key":"none","ruleset":"er","effects":[]}\n'
        )
    again = _ok(erc, "rename", "Ogre", "Fenn", "-e", duel, "--apply", "--key", "k")
    assert again["result"] == {"name": "Fenn", "old": "Ogre", "journal": str(_journal(duel))}
    schema = _ok(erc, "schema", "--output", "rename")["result"]
    jsonschema.validate(again, schema)
    error = _refused(erc, duel, "rename", "Ogre", "Fenn", "--apply", "--key", "none")
    assert error["code"] == "bad-journal" and "event 4" in error["message"]


def test_key_conflict_names_the_command_as_typed(erc: Any, duel: Path) -> None:
    """CONTRACT ``--key``: the refusal names the command that took the key as a user types
    it ('an erc undo --to', not 'a undo-to command')."""
    _fight_of_three(erc, duel)
    _ok(erc, "undo", "--to", "1", "--apply", "-e", duel, "--key", "k")
    message = _refused(erc, duel, "undo", "--key", "k")["message"]
    assert "was used by event 4, an erc undo --to, not erc undo:" in message
    message = _refused(erc, duel, "damage", "Ogre", "1", "--apply", "--key", "k")["message"]
    assert "was used by event 4, an erc undo --to, not erc damage:" in message


def test_a_keyed_undo_to_that_an_undo_cancelled_replays_as_undone(erc: Any, duel: Path) -> None:
    """R14.6 with ``--key``: ``erc undo`` restores what an undo-to cancelled; the undo-to's
    retry then reports it (``undone: true``) and cancels nothing again."""
    _fight_of_three(erc, duel)
    on = ("undo", "--to", "1", "-e", duel, "--apply", "--key", "back")
    _ok(erc, *on)
    _ok(erc, "undo", "-e", duel)
    again = _ok(erc, *on)
    assert again["applied"] == {
        "journal": str(_journal(duel)),
        "event": 4,
        "replayed": True,
        "undone": True,
    }
    assert len(_events(duel)) == 5
    assert _ok(erc, "status", "-e", duel)["result"]["combatants"][2]["body"] == 31


@pytest.mark.parametrize("argv", _keyed("k\udcff", "Ogre Chief"))
def test_a_key_that_is_not_utf8_is_bad_text(erc: Any, duel: Path, argv: Any) -> None:
    """A key read from bytes that are not UTF-8 (``--key $'k\\xff'``) cannot be recorded:
    ``bad-text``, exit 2, the journal as it was."""
    _fight_of_three(erc, duel)
    if argv[0] == "rename":
        duel.write_text(duel.read_text().replace("name: Ogre", "name: Ogre Chief", 1))
    error = _refused(erc, duel, *argv)
    assert error["code"] == "bad-text" and "not UTF-8" in error["message"]
