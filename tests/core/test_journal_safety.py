"""Nothing lost, nothing bricked (issues 13 and 15; CONTRACT "Combat state"): torn tails
repaired by the next writer, the size limit checked before writing, ``--key`` retries."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from erc.core import journal
from tests.conftest import ENCOUNTERS

DUEL = str(ENCOUNTERS / "duel.yaml")


def attack(erc: Any, path: Path, *more: str) -> Any:
    return erc("attack", "Kaela", "Ogre", "-e", DUEL, "--journal", path, "--json", *more)


def assert_batch_goes_on_past_a_bad_journal(line: str) -> None:
    """CONTRACT ``erc batch``: "A failing line yields its error envelope ... and the batch
    goes on; exit 2 if any line failed" (a line reading a bad journal, then a roll)."""
    lines = f"{line}\nroll d20 --seed 1\n".encode()
    batch = subprocess.run(
        [sys.executable, "-m", "erc", "batch", "-e", DUEL], input=lines, capture_output=True
    )
    documents = [json.loads(line) for line in batch.stdout.splitlines()]
    assert batch.returncode == 2 and b"Traceback" not in batch.stderr
    assert documents[0]["error"]["code"] == "bad-journal" and documents[1]["command"] == "roll"


def test_a_torn_tail_that_ends_in_a_brace_is_repaired_not_bricked(erc: Any, tmp_path: Path) -> None:
    """Issue 15: a torn last line that happens to end in ``}`` (a cut after an inner object)
    is truncated away by the next writer, which says so; every later command reads the
    journal."""
    path = tmp_path / "j.jsonl"
    assert attack(erc, path, "--apply", "--seed", "1").code == 0
    whole = path.read_bytes()
    second = attack(erc, path, "--apply", "--seed", "2")
    line = path.read_bytes()[len(whole) :]
    cut = line.index(b"}") + 1  # ends in a brace, not a whole event
    path.write_bytes(whole + line[:cut])
    assert second.code == 0
    repaired = attack(erc, path, "--apply", "--seed", "3")
    assert repaired.code == 0 and "truncated away" in repaired.err
    assert path.read_bytes().count(b"\n") == 2
    assert erc("status", "-e", DUEL, "--journal", path, "--json").code == 0
    assert erc("undo", "-e", DUEL, "--journal", path, "--json").code == 0


def test_a_write_past_the_limit_is_refused_before_anything_is_written(
    erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CONTRACT: "A write that would take the journal past its limit is refused before
    anything is written"; the journal stays readable, and an undo still fits (the last bytes
    under the limit are kept for undo events)."""
    path = tmp_path / "j.jsonl"
    assert attack(erc, path, "--apply", "--seed", "1").code == 0
    monkeypatch.setattr(journal, "UNDO_RESERVE", 500)
    monkeypatch.setattr(journal, "MAX_JOURNAL_BYTES", path.stat().st_size + 600)
    before = path.read_bytes()
    refused = attack(erc, path, "--apply", "--seed", "2")
    assert refused.code == 2 and refused.error["code"] == "journal-full"
    assert path.read_bytes() == before
    assert erc("undo", "-e", DUEL, "--journal", path, "--json").code == 0


def test_a_key_already_in_the_journal_is_not_applied_again(erc: Any, tmp_path: Path) -> None:
    """CONTRACT: "a command whose key is already in the journal is not applied again; it
    reports the event recorded the first time (exit 0, `applied.replayed: true`)"."""
    path = tmp_path / "j.jsonl"
    first = attack(erc, path, "--apply", "--key", "round1-kaela", "--seed", "5")
    again = attack(erc, path, "--apply", "--key", "round1-kaela", "--seed", "9")
    assert first.code == again.code == 0
    assert again.json["applied"] == {
        "journal": str(path),
        "event": 1,
        "replayed": True,
        "undone": False,
    }
    assert again.json["result"] == first.json["result"] and again.json["seed"] == 5
    assert again.json["rolls"] == first.json["rolls"]
    assert len(path.read_text().splitlines()) == 1
    other = erc("roll-init", "-e", DUEL, "--journal", path, "--apply", "--key", "round1-kaela")
    assert (
        other.code == 2
        and "key-conflict"
        in erc(
            "roll-init", "-e", DUEL, "--journal", path, "--apply", "--key", "round1-kaela", "--json"
        ).err
    )
    assert attack(erc, path, "--key", "x").code == 2  # --key goes with --apply


@pytest.mark.parametrize("key", ["", "  ", "k" * 201])
def test_a_blank_or_overlong_key_is_refused(erc: Any, tmp_path: Path, key: str) -> None:
    """CONTRACT ``--key``: a retry is not applied twice, so a blank key (``--key "$KEY"``
    with the variable unset) would make every later result a replay of the first: it is
    refused, as is a key past ``MAX_KEY``; nothing is written."""
    path = tmp_path / "j.jsonl"
    assert attack(erc, path, "--apply", "--key", "k" * 200, "--seed", "1").code == 0
    before = path.read_bytes()
    for _ in range(2):
        ran = attack(erc, path, "--apply", "--key", key, "--seed", "2")
        assert ran.code == 2 and ran.error["code"] == "usage", ran.err
    assert path.read_bytes() == before


def test_ids_and_rounds_stay_exact_in_every_json_reader(erc: Any, tmp_path: Path) -> None:
    """An event id or round past 2^53 - 1 (``MAX_NUMBER``; a hand-written journal) is a
    bad journal, and erc never writes one past it: the next round or event is refused with
    nothing written, so what erc writes stays readable (by erc and by doubles)."""
    from erc.core.events import MAX_NUMBER

    path = tmp_path / "j.jsonl"
    assert erc("roll-init", "-e", DUEL, "--journal", path, "--apply", "--seed", "3").code == 0
    event = json.loads(path.read_text())
    for number, code in ((MAX_NUMBER, 0), (MAX_NUMBER + 1, 2)):
        event["round"] = number
        event["effects"][0]["round"] = number
        path.write_text(json.dumps(event) + "\n")
        ran = erc("status", "-e", DUEL, "--journal", path, "--json")
        assert ran.code == code, ran.err
    event["round"] = event["effects"][0]["round"] = MAX_NUMBER
    path.write_text(json.dumps(event) + "\n")
    before = path.read_bytes()
    ran = erc("roll-init", "-e", DUEL, "--journal", path, "--apply", "--seed", "3", "--json")
    assert ran.code == 2 and ran.error["code"] == "journal-full", ran.err
    assert path.read_bytes() == before
    event = {**json.loads(before), "round": 1, "effects": []}
    for ident, code in ((MAX_NUMBER, 0), (MAX_NUMBER + 1, 2)):
        path.write_text(json.dumps({**event, "id": ident}) + "\n")
        ran = erc("status", "-e", DUEL, "--journal", path, "--json")
        assert ran.code == code, ran.err
    path.write_text(json.dumps({**event, "id": MAX_NUMBER}) + "\n")
    ran = erc("damage", "Ogre", "1", "-e", DUEL, "--journal", path, "--apply", "--json")
    assert ran.code == 2 and ran.error["code"] == "journal-full", ran.err
    assert erc("status", "-e", DUEL, "--journal", path, "--json").code == 0


def test_a_whole_last_event_without_its_newline_is_never_truncated(
    erc: Any, tmp_path: Path
) -> None:
    """Nothing recorded is lost: a last line that holds a whole event and lacks only its
    newline (an editor that dropped it) was truncated away as torn by the next writer,
    losing a reported success and giving its id to another event. No write cut short can
    leave a whole JSON object, but one cut just before the newline can, and erc cannot tell
    the two apart: the writer refuses, nothing written, and says how to keep it."""
    path = tmp_path / "j.jsonl"
    for seed in ("1", "2"):
        assert attack(erc, path, "--apply", "--seed", seed).code == 0
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    before = path.read_bytes()
    read = erc("status", "-e", DUEL, "--journal", path)  # a reader says what it is, too
    assert read.code == 0 and "holds a whole event but no newline" in read.err
    refused = attack(erc, path, "--apply", "--seed", "3")
    assert refused.code == 2 and refused.error["code"] == "bad-journal", refused.err
    assert "whole event" in refused.error["message"] and refused.error["line"] == 2
    assert path.read_bytes() == before
    path.write_bytes(before + b"\n")  # the newline added back: the event counts again
    assert attack(erc, path, "--apply", "--seed", "3").json["applied"]["event"] == 3


@pytest.mark.parametrize(
    "lines",
    [
        # two events on one line: once credited to the next line, whose event went missing
        [b'{"id":1,"effects":[]},{"id":2,"effects":[]}', b'{"id":3,"effects":[]}'],
        # an open string running into the next line: once an IndexError traceback
        [b'{"id":1,"command":"a","effects":["', b'{ }"]}'],
        # one value running on into the next line, and that line holding two: as many
        # values as lines, each one's event but another line's
        [
            b'{"id":1,"effects":[{"type":"damage","target":"Kaela","amount":5}],"x":[0',
            b'{"id":2}],"y":1}, {"id":9,"effects":[{"type":"damage","target":"Fenn","amount":4}]}',
        ],
    ],
)
def test_hand_edited_lines_that_do_not_split_as_events_are_a_clean_error(
    erc: Any, tmp_path: Path, lines: list[bytes]
) -> None:
    """A journal is one event a line: every reader and writer refuses a line that is not
    one (``bad-journal`` naming a line, exit 2), and nothing is written; the many lines
    decoded at once are read line by line when they do not come out one event a line."""
    path = tmp_path / "j.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    before = path.read_bytes()
    for argv in (("status",), ("log",), ("damage", "Ogre", "1", "--apply"), ("undo",)):
        ran = erc(*argv, "-e", DUEL, "--journal", path, "--json")
        assert ran.code == 2 and ran.error["code"] == "bad-journal", (argv, ran.err)
        assert "Traceback" not in ran.err
    assert path.read_bytes() == before
    assert_batch_goes_on_past_a_bad_journal(f"status --journal {path}")


@pytest.mark.parametrize("before", [b" ", b"\t", b"\xef\xbb\xbf"])
def test_a_line_with_a_blank_or_a_bom_before_its_event_is_read_once(
    erc: Any, tmp_path: Path, before: bytes
) -> None:
    """A hand-edited line with white space (or a byte-order mark) before its event is the
    event it holds: it was read twice and called "the event id 1 is used twice"."""
    path = tmp_path / "j.jsonl"
    for seed in ("1", "2"):
        assert attack(erc, path, "--apply", "--seed", seed).code == 0
    path.write_bytes(before + path.read_bytes())
    status = erc("status", "-e", DUEL, "--journal", path, "--json")
    assert status.code == 0, status.err
    assert len(erc("log", "-e", DUEL, "--journal", path, "--json").json["result"]["events"]) == 2
    assert attack(erc, path, "--apply", "--seed", "3").json["applied"]["event"] == 3


def test_the_encounter_file_is_never_the_journal(erc: Any, tmp_path: Path) -> None:
    """CONTRACT: "The encounter file itself is never rewritten": a journal that is the
    encounter file (by its name or another link to it) is refused before anything is read
    or written; a one-line encounter once looked like a torn event and was truncated away."""
    encounter = tmp_path / "one.yaml"
    encounter.write_text('{"erc": 1, "combatants": [{"name": "Ogre", "ac": 13, "body": 40}]}')
    before = encounter.read_bytes()
    (tmp_path / "link.yaml").hardlink_to(encounter)
    for named in (encounter, tmp_path / "link.yaml"):
        for argv in (("damage", "Ogre", "1", "--apply"), ("status",), ("undo",)):
            ran = erc(*argv, "-e", encounter, "--journal", named, "--json")
            assert ran.code == 2 and ran.error["code"] == "bad-journal", ran.err
            assert "encounter file itself" in ran.error["message"]
    assert encounter.read_bytes() == before


def test_a_last_line_no_event_begins_with_is_not_truncated(erc: Any, tmp_path: Path) -> None:
    """The torn-tail repair takes away only what can be the start of an event erc wrote
    (every line begins ``{"id":``): another file named as the journal is refused, whole."""
    path = tmp_path / "notes.jsonl"
    path.write_bytes(b"x" * 100)
    ran = attack(erc, path, "--apply", "--seed", "1")
    assert ran.code == 2 and ran.error["code"] == "bad-journal"
    assert path.read_bytes() == b"x" * 100
    torn = tmp_path / "torn.jsonl"
    torn.write_bytes(b'{"id":1,"comm')
    repaired = attack(erc, torn, "--apply", "--seed", "1")
    assert repaired.code == 0 and "truncated away" in repaired.err
    assert torn.read_bytes().count(b"\n") == 1


def test_a_line_nested_past_the_decoders_depth_is_a_clean_error(erc: Any, tmp_path: Path) -> None:
    """Bad input of any kind: a journal line nested a thousand deep (the JSON decoder's
    recursion limit) is ``bad-journal`` naming the line, exit 2, in every command; in a
    batch it is that line's error and the batch goes on."""
    path = tmp_path / "deep.jsonl"
    deep = "[" * 1000 + "]" * 1000
    inner = '{"id":2,"command":"damage","round":0,"effects":[],"note":' + deep + "}"
    for line in (deep, inner):
        path.write_text('{"id":1,"command":"damage","round":0,"effects":[]}\n' + line + "\n")
        for argv in (("status",), ("undo",), ("damage", "Ogre", "1", "--apply")):
            ran = erc(*argv, "-e", DUEL, "--journal", path, "--json")
            assert ran.code == 2 and ran.error["code"] == "bad-journal", ran.err
            assert "journal line 2" in ran.error["message"]
    assert_batch_goes_on_past_a_bad_journal(f"status --journal {path}")


def test_a_round_naming_someone_not_in_the_encounter_is_an_error(erc: Any, tmp_path: Path) -> None:
    """README: "an event naming someone not in the encounter is an error with its line", the
    names of a round's order and its surprised too (a journal of another encounter); CONTRACT
    "The table": its code is `journal-name-missing`, the message the way on (R14.4)."""
    path = tmp_path / "j.jsonl"
    for effect in (
        '{"type":"round","round":1,"order":[["Nobody",1,[]]]}',
        '{"type":"round","round":1,"surprised":["Nobody"]}',
    ):
        path.write_text('{"id":1,"command":"roll-init","round":1,"effects":[' + effect + "]}\n")
        ran = erc("status", "-e", DUEL, "--journal", path, "--json")
        assert ran.code == 2 and ran.error["code"] == "journal-name-missing"
        assert "Nobody" in ran.error["message"] and "erc rename" in ran.error["message"]


def test_with_json_an_error_is_one_document_its_warnings_in_it(erc: Any, tmp_path: Path) -> None:
    """CONTRACT: "With `--json`, an error is one JSON document on stderr": a torn tail
    repaired before the error is reported inside it (`warnings`), not beside it; without
    `--json` it stays a warning line before the error's."""
    path = tmp_path / "j.jsonl"
    path.write_bytes(b'{"id":1,"comm')
    ran = erc("undo", "-e", DUEL, "--journal", path, "--json")
    document = json.loads(ran.err)  # the whole of stderr
    assert ran.code == 2 and document["error"]["code"] == "nothing-to-undo"
    [warning] = document["warnings"]
    assert "truncated away" in warning["message"] and "j.jsonl:1" in warning["message"]
    import jsonschema

    from erc.core.outschema import error_document

    jsonschema.Draft202012Validator(error_document()).validate(document)
    path.write_bytes(b'{"id":1,"comm')
    plain = erc("undo", "-e", DUEL, "--journal", path)
    lines = plain.err.splitlines()
    assert plain.code == 2 and len(lines) == 2 and "warning" in lines[0]


def test_a_result_nested_too_deeply_is_a_clean_error_where_it_is_read(
    erc: Any, tmp_path: Path
) -> None:
    """Bad input of any kind: nesting past the head the fold reads (in ``result``) is
    ``bad-journal`` naming the line where the whole line is read (``log``, a ``--key``
    replay, a batch line), never a traceback, and never an event ``log`` leaves out."""
    for depth in (600, 100_000):
        path = tmp_path / f"d{depth}.jsonl"
        nested = "[" * depth + "]" * depth
        path.write_text(
            '{"id":1,"command":"spend","round":0,"key":"k","effects":[],"at":"x","result":'
            + nested
            + "}\n"
        )
        assert erc("status", "-e", DUEL, "--journal", path, "--json").code == 0  # its head
        for argv in (("log",), ("spend", "Kaela", "--action", "--apply", "--key", "k")):
            ran = erc(*argv, "-e", DUEL, "--journal", path, "--json")
            assert ran.code == 2 and ran.error["code"] == "bad-journal", (argv, ran.err)
    assert_batch_goes_on_past_a_bad_journal(f"log --journal {path}")


def test_readers_and_writers_agree_on_a_last_line_that_is_no_event(
    erc: Any, tmp_path: Path
) -> None:
    """An unfinished last line that cannot begin an event erc wrote is an error for a reader
    as for a writer (not "an interrupted write, skipped"); a torn event is skipped by a
    reader and truncated by the next writer."""
    path = tmp_path / "j.jsonl"
    assert attack(erc, path, "--apply", "--seed", "1").code == 0
    whole = path.read_bytes()
    path.write_bytes(whole + b"garbage")
    for argv in (("status",), ("log",)):
        ran = erc(*argv, "-e", DUEL, "--journal", path, "--json")
        assert ran.code == 2 and ran.error["code"] == "bad-journal", ran.err
        assert ran.error["line"] == 2
    path.write_bytes(whole + b'{"id":2,"comm')
    read = erc("status", "-e", DUEL, "--journal", path, "--json")
    assert read.code == 0 and "skipped" in read.err
