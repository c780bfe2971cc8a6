"""The journal and the environment (issue 15): nothing lost, nothing bricked, no traceback.

Each test names the case of the issue it checks. Commands that need a real process (closed
descriptors, signals, bytes that are not UTF-8 in ``argv``) run ``python -m erc``."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from erc.core.encounter import cache, load
from tests.conftest import ENCOUNTERS

DUEL = ENCOUNTERS / "duel.yaml"


def erc_process(
    *args: str | bytes, tmp_path: Path, **kwargs: Any
) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache"), **kwargs.pop("env", {})}
    env.pop("ERC_SEED", None)
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "erc", *args], env=env, timeout=60, **kwargs)


def no_traceback(ran: subprocess.CompletedProcess[bytes]) -> None:
    assert b"Traceback" not in ran.stderr, ran.stderr.decode()


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    target = tmp_path / "duel.yaml"
    shutil.copy(DUEL, target)
    return target


# --- only regular files; nothing blocks ---------------------------------------------------


def test_a_fifo_as_the_encounter_is_a_clean_error(erc: Any, tmp_path: Path) -> None:
    """Issue 15: "Hangs: a FIFO as the encounter"."""
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    ran = erc("status", "-e", fifo, "--json")
    assert ran.code == 2 and "not a regular file" in ran.error["message"]


def test_a_fifo_as_the_journal_is_a_clean_error(erc: Any, duel: Path, tmp_path: Path) -> None:
    """Issue 15: "Hangs: a FIFO as ... the journal"; reading and writing alike."""
    fifo = tmp_path / "j.jsonl"
    os.mkfifo(fifo)
    for extra in ((), ("--apply",)):
        ran = erc("damage", "Ogre", "1", "-e", duel, "--journal", fifo, "--json", *extra)
        assert ran.code == 2 and ran.error["code"] == "bad-journal"
        assert "not a regular file" in ran.error["message"]


def test_a_fifo_as_a_cache_entry_is_skipped(
    duel: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: "Hangs: a FIFO as ... a cache entry": skipped without blocking."""
    folder = tmp_path / "private"
    monkeypatch.setenv("ERC_CACHE_DIR", str(folder))
    first = load(str(duel))
    (entry,) = folder.glob("*.marshal")
    entry.unlink()
    os.mkfifo(entry)
    assert cache.get(duel.read_bytes(), str(duel)) is None
    assert load(str(duel)) == first


def test_a_fifo_inside_a_checked_folder_does_not_hang(erc: Any, tmp_path: Path) -> None:
    """Issue 15: "Hangs: ... inside a folder given to `erc check`"."""
    folder = tmp_path / "encounters"
    folder.mkdir()
    shutil.copy(DUEL, folder / "duel.yaml")
    os.mkfifo(folder / "pipe.yaml")
    ran = erc("check", folder, "--format", "json")
    assert ran.code == 0
    assert [Path(f["path"]).name for f in ran.json["result"]["files"]] == ["duel.yaml"]
    pipe = str(folder / "pipe.yaml")  # passed over, and said to be
    assert ran.json["result"]["skipped"] == [{"path": pipe, "reason": "not a regular file"}]
    text = erc("check", folder)
    assert f"{pipe}: skipped (not a regular file)" in text.out.splitlines()
    assert text.out.splitlines()[-1] == "1 file(s) checked, 0 invalid, 1 skipped"
    (folder / "duel.yaml").unlink()  # nothing but the FIFO: no file to check, and it says why
    alone = erc("check", folder, "--json")
    assert alone.code == 2 and "1 passed over: not regular files" in alone.error["message"]


def test_dev_full_is_not_called_too_large(erc: Any, duel: Path) -> None:
    """Issue 15: "`/dev/full` is reported as too large"."""
    for args in (("-e", "/dev/full"), ("-e", duel, "--journal", "/dev/full")):
        ran = erc("status", *args, "--json")
        assert ran.code == 2 and "not a regular file" in ran.error["message"]
        assert "larger" not in ran.error["message"]


# --- paths and arguments ------------------------------------------------------------------


def test_a_path_that_is_not_utf8(tmp_path: Path) -> None:
    """Issue 15: "Tracebacks: ... a path that is not UTF-8 (every command)"."""
    name = os.fsencode(str(tmp_path)) + b"/d\xffuel.yaml"
    shutil.copy(DUEL, name.decode("utf-8", "surrogateescape"))
    for argv in (
        ("status", "-e", name, "--json"),
        ("attack", "Kaela", "Ogre", "-e", name, "--seed", "1"),
        ("damage", "Ogre", "2", "-e", name, "--apply", "--json"),
        ("log", "-e", name),
        ("undo", "-e", name, "--json"),
        ("check", name),
        ("check", name, "--format", "github"),
    ):
        ran = erc_process(*argv, tmp_path=tmp_path)
        no_traceback(ran)
        assert ran.returncode == 0, (argv, ran.stderr)
    missing = os.fsencode(str(tmp_path)) + b"/n\xfeone.yaml"
    ran = erc_process("status", "-e", missing, "--json", tmp_path=tmp_path)
    no_traceback(ran)
    assert ran.returncode == 2 and json.loads(ran.stderr)["error"]["code"] == "file-not-found"


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_json_shows_a_paths_undecodable_bytes_as_the_human_output_does(
    tmp_path: Path, encoding: str
) -> None:
    """CONTRACT: one JSON document on stdout: a file name's bytes that are not UTF-8 are
    written as the text ``\\xff`` (as the human output escapes them), never as a lone
    surrogate, which is not Unicode and which strict JSON readers refuse."""
    name = os.fsencode(str(tmp_path)) + b"/d\xffuel.yaml"
    shutil.copy(DUEL, name.decode("utf-8", "surrogateescape"))
    env = {"PYTHONIOENCODING": encoding}
    for argv in (("check", name, "--json"), ("status", "-e", name, "--json")):
        ran = erc_process(*argv, tmp_path=tmp_path, env=env)
        no_traceback(ran)
        text = ran.stdout.decode("utf-8")  # strict: no lone surrogate, escaped or not
        assert "\\udc" not in text and "d\\\\xffuel.yaml" in text, text
        json.dumps(json.loads(text), ensure_ascii=False).encode("utf-8")  # no surrogate
    human = erc_process("check", name, tmp_path=tmp_path)
    assert b"d\\xffuel.yaml" in human.stdout


@pytest.mark.parametrize(
    "argument", [("--key", b"x\xff"), ("--type", b"fire\xff"), ("--key", b"\xed\xa0\x80")]
)
def test_an_argument_that_is_not_utf8_is_refused_when_recorded(
    argument: tuple[str, bytes], tmp_path: Path
) -> None:
    """Issue 15: no traceback for bytes that are not UTF-8: an argument the event would
    record (a key, a damage type) is exit 2, code bad-text, and nothing is written."""
    duel = tmp_path / "duel.yaml"
    shutil.copy(DUEL, duel)
    journal = tmp_path / "duel.journal.jsonl"
    erc_process("damage", "Ogre", "1", "-e", str(duel), "--apply", tmp_path=tmp_path)
    before = journal.read_bytes()
    option, value = argument
    argv = ("damage", "Ogre", "1", "-e", str(duel), "--apply", option, value)
    for mode in ((), ("--json",)):
        ran = erc_process(*argv, *mode, tmp_path=tmp_path)
        no_traceback(ran)
        assert ran.returncode == 2, ran.stderr
        assert b"not UTF-8" in ran.stderr
        assert journal.read_bytes() == before
    assert json.loads(ran.stderr)["error"]["code"] == "bad-text"


@pytest.mark.parametrize(
    "seed", ["--5", "-5", "+-5", "+5", "1_0", "5.0", "1e3", "0x10", "", "\uff15", "\u0665"]
)
def test_a_bad_seed_is_one_error_on_both_paths(
    erc: Any, seed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: "`--seed --5` and other doubled signs in the fast path"; "every integer
    option is parsed one way on both CLI paths"."""
    results = []
    for fast in (True, False):
        if not fast:
            monkeypatch.setenv("ERC_NO_FAST_PATH", "1")
        ran = erc("attack", "Kaela", "Ogre", "-e", DUEL, f"--seed={seed}", "--json")
        assert ran.code == 2
        results.append(ran.error)
    assert results[0] == results[1] and results[0]["code"] == "bad-seed"
    assert "--seed" in results[0]["message"]


def test_a_seed_error_blames_where_the_seed_came_from(
    erc: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: "seed errors blame `ERC_SEED` when `--seed` was given"."""
    monkeypatch.setenv("ERC_SEED", "7")
    ran = erc("roll", "d20", "--seed", "x", "--json")
    assert ran.code == 2 and "--seed" in ran.error["message"]
    assert "ERC_SEED" not in ran.error["message"]
    monkeypatch.setenv("ERC_SEED", "y")
    ran = erc("roll", "d20", "--json")
    assert ran.code == 2 and "ERC_SEED" in ran.error["message"]
    assert erc("roll", "d20", "--seed", "3", "--json").json["seed"] == 3  # --seed wins


def test_erc_seed_is_read_only_where_a_seed_would_be_used(
    erc: Any, duel: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CONTRACT ``--seed N`` (or ``ERC_SEED``): the seed of what draws dice. A bad
    ``ERC_SEED`` left in the environment broke commands it has no part in (``damage``, an
    attack given ``--rolls``); they run, with ``seed`` null as no seed was used. Where a
    seed is drawn from it, it is still an error naming it."""
    enc = ["-e", str(duel), "--journal", os.devnull, "--json"]
    monkeypatch.setenv("ERC_SEED", "abc")
    for argv in (("damage", "Ogre", "1"), ("attack", "Kaela", "Ogre", "--rolls", "18,17,4,11")):
        ran = erc(*argv, *enc)
        assert ran.code == 0 and ran.json["seed"] is None, (argv, ran.err)
    ran = erc("attack", "Kaela", "Ogre", *enc)
    assert ran.code == 2 and ran.error["code"] == "bad-seed" and "ERC_SEED" in ran.error["message"]
    monkeypatch.setenv("ERC_SEED", "5")
    assert erc("damage", "Ogre", "1", *enc).json["seed"] is None  # it draws no dice
    assert erc("attack", "Kaela", "Ogre", *enc).json["seed"] == 5


@pytest.mark.parametrize("value", ["--2", "1.5", "two", "-0x1"])
def test_integer_options_parse_one_way(
    erc: Any, value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: "every integer option is parsed one way on both CLI paths"."""
    codes = []
    for fast in (True, False):
        if not fast:
            monkeypatch.setenv("ERC_NO_FAST_PATH", "1")
        ran = erc("movement", "Kaela", "-e", DUEL, f"--hexes={value}", "--json")
        codes.append((ran.code, ran.error["code"]))
    assert codes[0] == codes[1] == (2, "usage")


# --- batch reads bytes ----------------------------------------------------------------------


def test_batch_reports_a_bad_line_by_number_and_goes_on(tmp_path: Path) -> None:
    """Issue 15: "bad bytes on `erc batch`'s stdin (and the rest of the batch is not run)";
    "batch reads its input as bytes and reports a bad line by number, going on". A line's
    bytes make the words they make on a command line of their own (decoded as the system
    decodes arguments): what is not UTF-8 is the error the command alone gives (an unknown
    command; text an event would record, ``bad-text``), and a file name that is not UTF-8
    names its file."""
    odd = tmp_path / os.fsdecode(b"caf\xe9.yaml")
    shutil.copy(DUEL, odd)
    lines = (
        b"roll d20 --seed 1\n\xff\xfe bad\nroll d6 --seed 2\n"
        b"damage Ogre 1 --apply --key x\xff -e " + os.fsencode(odd) + b"\n"
        b"status -e " + os.fsencode(odd) + b"\n"
    )
    ran = erc_process("batch", tmp_path=tmp_path, input=lines)
    no_traceback(ran)
    out = [json.loads(line) for line in ran.stdout.splitlines()]
    assert ran.returncode == 2
    assert [o.get("command") for o in out] == ["roll", "\\xff\\xfe", "roll", "damage", "status"]
    alone = erc_process("\udcff\udcfe", "bad", "--json", tmp_path=tmp_path)
    assert out[1]["line"] == 2 and out[1]["error"] == json.loads(alone.stderr)["error"]
    assert out[3]["error"]["code"] == "bad-text" and "not UTF-8" in out[3]["error"]["message"]
    assert out[4]["result"]["round"] == 0 and out[4]["encounter"].endswith("caf\\xe9.yaml")


def test_batch_with_stdin_that_cannot_be_read(tmp_path: Path) -> None:
    """No traceback for a standard input that fails to read (``erc batch 0>FILE`` opens it
    for writing only; a terminal that hangs up fails alike): exit 2 and a message."""
    with open(tmp_path / "out.txt", "wb") as write_only:
        ran = erc_process("batch", tmp_path=tmp_path, stdin=write_only)
    no_traceback(ran)
    assert ran.returncode == 2 and b"could not read standard input" in ran.stderr
    assert ran.stderr.count(b"\n") == 1 and ran.stdout == b""


def test_batch_with_stdin_closed(tmp_path: Path) -> None:
    """Issue 15: "`erc batch <&-`"."""
    ran = erc_process(
        "batch",
        tmp_path=tmp_path,
        stdin=subprocess.DEVNULL,
        close_fds=True,
        preexec_fn=lambda: os.close(0),
    )
    no_traceback(ran)
    assert ran.returncode == 2 and b"closed" in ran.stderr


# --- hand-edited journals -----------------------------------------------------------------


@pytest.mark.parametrize("ident", ['"abc"', "null", "1e400", "-3", "true", "1.5"])
@pytest.mark.parametrize("command", ["apply", "undo", "status"])
def test_hand_edited_ids_are_a_clean_error(
    erc: Any, tmp_path: Path, ident: str, command: str
) -> None:
    """Issue 15: "hand-edited journal ids ("abc", null, 1e400) on apply and undo"."""
    journal = tmp_path / "j.jsonl"
    journal.write_text(f'{{"id":{ident},"command":"damage","effects":[]}}\n')
    before = journal.read_bytes()
    argv = {
        "apply": ("damage", "Ogre", "1", "--apply"),
        "undo": ("undo",),
        "status": ("status",),
    }[command]
    ran = erc(*argv, "-e", DUEL, "--journal", journal, "--json")
    assert ran.code == 2 and ran.error["code"] == "bad-journal"
    assert ran.error["line"] == 1 and "id" in ran.error["message"]
    assert journal.read_bytes() == before


@pytest.mark.parametrize("target", ['"abc"', "null", "1e400", "true"])
def test_hand_edited_undo_targets_are_a_clean_error(erc: Any, tmp_path: Path, target: str) -> None:
    journal = tmp_path / "j.jsonl"
    journal.write_text(
        f'{{"id":1,"command":"undo","effects":[{{"type":"undo","event":{target}}}]}}\n'
    )
    for argv in (("status",), ("undo",), ("log",)):
        ran = erc(*argv, "-e", DUEL, "--journal", journal, "--json")
        assert ran.code in (0, 2) and "Traceback" not in ran.err
        if argv[0] != "log":
            assert ran.code == 2 and ran.error["code"] == "bad-journal"


# --- output that cannot be written, and Ctrl-C --------------------------------------------


@pytest.mark.parametrize("as_json", [True, False])
def test_a_closed_stdout_after_recording_names_the_event(
    tmp_path: Path, duel: Path, as_json: bool
) -> None:
    """Issue 15: "An output that cannot be written after recording: a one-line message on
    stderr naming the event's id, exit 2"."""
    journal = tmp_path / "j.jsonl"
    argv = ["damage", "Ogre", "1", "-e", str(duel), "--journal", str(journal), "--apply"]
    argv += ["--json"] if as_json else []
    ran = erc_process(*argv, tmp_path=tmp_path, preexec_fn=lambda: os.close(1))
    no_traceback(ran)
    assert ran.returncode == 2
    assert ran.stderr.decode().count("\n") == 1 and "event 1 was recorded" in ran.stderr.decode()
    assert len(journal.read_text().splitlines()) == 1


def test_a_full_stdout_after_recording_names_the_event(tmp_path: Path, duel: Path) -> None:
    journal = tmp_path / "j.jsonl"
    with open("/dev/full", "w") as full:
        ran = erc_process(
            "damage",
            "Ogre",
            "1",
            "-e",
            str(duel),
            "--journal",
            str(journal),
            "--apply",
            "--json",
            tmp_path=tmp_path,
            stdout=full,
            stderr=subprocess.PIPE,
        )
    no_traceback(ran)
    assert ran.returncode == 2 and b"event 1 was recorded" in ran.stderr


@pytest.mark.parametrize("unbuffered", [True, False])
@pytest.mark.parametrize("lines", [1, 3, 40])
@pytest.mark.parametrize("records", [True, False])
def test_a_batch_into_a_full_stdout_is_a_clean_error(
    tmp_path: Path, duel: Path, unbuffered: bool, lines: int, records: bool
) -> None:
    """CONTRACT: an output that cannot be written "is reported on stderr with the event's id,
    exit 2, no traceback", in a batch too, whether stdout is buffered (the usual case) or not
    (``PYTHONUNBUFFERED``): a short batch's envelopes, still in the buffer at its end, were a
    traceback and exit 120. A recorded event is named."""
    journal = tmp_path / "j.jsonl"
    first = "damage Ogre 1 --apply" if records else "roll d6"
    text = f"{first}\n" + "".join(f"attack Kaela Ogre --seed {i}\n" for i in range(lines - 1))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["ERC_CACHE_DIR"] = str(tmp_path / "cache")
    env["ERC_JOURNAL"] = str(journal)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "wb") as full:
        ran = subprocess.run(
            [sys.executable, "-m", "erc", "batch", "-e", str(duel)],
            input=text.encode(),
            stdout=full,
            stderr=subprocess.PIPE,
            env=env,
            timeout=60,
        )
    no_traceback(ran)
    assert ran.returncode == 2, ran.stderr.decode()
    said = ran.stderr.decode()
    assert said.count("\n") == 1 and "could not be written" in said
    assert ("event 1 was recorded" in said) is records
    if records:
        assert len(journal.read_text().splitlines()) == 1  # the lines after it were not run


@pytest.mark.parametrize("as_json", [True, False])
def test_an_undo_whose_output_is_lost_names_its_event(
    tmp_path: Path, duel: Path, as_json: bool
) -> None:
    """CONTRACT: "An output that cannot be written after the event was recorded ... is
    reported on stderr with the event's id, exit 2": ``undo`` records too (its envelope
    carries ``applied`` as an applied command's does)."""
    journal = tmp_path / "j.jsonl"
    enc = ["-e", str(duel), "--journal", str(journal)]
    erc_process("damage", "Ogre", "1", *enc, "--apply", tmp_path=tmp_path)
    argv = ["undo", *enc, *(["--json"] if as_json else [])]
    ran = erc_process(*argv, tmp_path=tmp_path, preexec_fn=lambda: os.close(1))
    no_traceback(ran)
    assert ran.returncode == 2 and "event 2 was recorded" in ran.stderr.decode()
    assert len(journal.read_text().splitlines()) == 2


def test_a_reader_that_stops_reading_is_not_an_error(tmp_path: Path, duel: Path) -> None:
    """``erc status | head -1`` ends with exit 0 and nothing on stderr (issue 18)."""
    for argv in (("status", "-e", str(duel)), ("log", "-e", str(duel)), ("roll", "100d6")):
        proc = subprocess.Popen(
            [sys.executable, "-m", "erc", *argv],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache"), "COLUMNS": "40"},
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.read(1)
        proc.stdout.close()
        err = proc.stderr.read()
        assert proc.wait(timeout=60) == 0, err
        assert b"Traceback" not in err


def test_sigint_in_a_batch_ends_by_the_signal_with_every_event_reported(
    tmp_path: Path, duel: Path
) -> None:
    """Issue 15: "SIGINT: exit by SIGINT (130 in a shell), no traceback, every recorded event
    of a batch has had its envelope written"."""
    journal = tmp_path / "j.jsonl"
    lines, out_file = tmp_path / "lines.txt", tmp_path / "out.jsonl"
    lines.write_text(f"damage Ogre 0 -e {duel} --journal {journal} --apply --json\n" * 2000)
    with open(lines, "rb") as given, open(out_file, "wb") as taken:
        proc = subprocess.Popen(
            [sys.executable, "-m", "erc", "batch"],
            stdin=given,
            stdout=taken,
            stderr=subprocess.PIPE,
            env={**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache")},
        )
        deadline = time.monotonic() + 60
        while not journal.exists() or journal.stat().st_size < 3000:  # some events recorded
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGINT
    assert b"Traceback" not in err
    reported = [json.loads(x)["applied"]["event"] for x in out_file.read_text().splitlines()]
    recorded = [json.loads(x)["id"] for x in journal.read_text().splitlines()]
    assert reported == recorded and 0 < len(recorded) < 2000


def test_sigint_while_loading_exits_by_the_signal(tmp_path: Path, duel: Path) -> None:
    """Ctrl-C anywhere: no traceback, killed by SIGINT."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "erc", "batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache")},
    )
    time.sleep(0.5)  # waiting on its input
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGINT and b"Traceback" not in err


# --- the cache ----------------------------------------------------------------------------


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "private" / "erc"
    where.parent.mkdir()  # the cache makes its own folder, in a folder that exists
    monkeypatch.setenv("ERC_CACHE_DIR", str(where))
    return where


def test_a_same_size_edit_with_the_time_put_back_is_a_miss(folder: Path, duel: Path) -> None:
    """Issue 15: "a same-size edit with the mtime put back reads stale data"."""
    first = load(str(duel))
    info = duel.stat()
    text = duel.read_text()
    edited = text.replace("ac: 13\n    body: 40", "ac: 14\n    body: 40", 1)
    assert len(edited) == len(text) and edited != text
    duel.write_text(edited)
    os.utime(duel, ns=(info.st_atime_ns, info.st_mtime_ns))
    from erc.core.encounter import _loaded

    _loaded.clear()
    again = load(str(duel))
    assert again != first and again.get("Ogre").ac == 14


def test_an_edit_saved_while_parsing_is_not_stored_under_the_new_content(
    folder: Path, duel: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: "an edit saved while a file is parsed stores old content under the new key
    for good"."""
    import erc.core.encounter as encounters

    old = duel.read_bytes()
    new = old.replace(b"ac: 13\n    body: 40", b"ac: 15\n    body: 40", 1)
    parse = encounters.parse

    def parse_and_edit(text: str, path: str | None = None) -> Any:
        duel.write_bytes(new)  # the game master saves mid-parse
        return parse(text, path)

    monkeypatch.setattr(encounters, "parse", parse_and_edit)
    assert load(str(duel)).get("Ogre").ac == 13  # what was read
    monkeypatch.setattr(encounters, "parse", parse)
    assert cache.get(new, str(duel)) is None
    assert load(str(duel)).get("Ogre").ac == 15


def test_a_crafted_entry_is_validated(folder: Path, duel: Path) -> None:
    """Issue 15: "a crafted one skips validation": an entry whose fields do not fit the
    model is a miss, never a model built from it."""
    import marshal

    good = load(str(duel))
    (entry,) = folder.glob("*.marshal")
    key, ruleset, plain = marshal.loads(entry.read_bytes()[: -cache.CHECK_BYTES])
    crafted = repr(plain).replace("'Ogre', 13", "'Ogre', 'thirteen'", 1)
    assert crafted != repr(plain)
    blob = marshal.dumps((key, ruleset, eval(crafted)))  # our own data
    entry.write_bytes(blob + cache._check(blob))  # its checksum right: thaw must refuse it
    assert cache.get(duel.read_bytes(), str(duel)) is None
    assert load(str(duel)) == good


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", b"\xe3" + b"\xff" * 64])
def test_a_corrupted_entry_is_a_miss(folder: Path, duel: Path, damage: bytes) -> None:
    good = load(str(duel))
    (entry,) = folder.glob("*.marshal")
    entry.write_bytes(damage)
    assert cache.get(duel.read_bytes(), str(duel)) is None
    assert load(str(duel)) == good


def test_the_cache_works_under_umask_002(folder: Path, duel: Path) -> None:
    """Issue 15: "under umask 002 the cache is silently off"."""
    previous = os.umask(0o002)
    try:
        load(str(duel))
    finally:
        os.umask(previous)
    assert folder.stat().st_mode & 0o777 == 0o700
    (entry,) = folder.glob("*.marshal")
    assert entry.stat().st_mode & 0o077 == 0
    assert cache.get(duel.read_bytes(), str(duel)) is not None


def test_the_cache_is_pruned(folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: "Entries are never removed"."""
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    text = DUEL.read_text()
    for n in range(6):
        path = tmp_path / f"e{n}.yaml"
        path.write_text(text.replace("ac: 13", f"ac: {n + 10}", 1))
        load(str(path))
        time.sleep(0.01)
    assert len(list(folder.glob("*.marshal"))) == 3


# --- names --------------------------------------------------------------------------------

NAMED = """erc: 1
combatants:
  - name: {first}
    ac: 10
    body: 10
    attributes: {{strength: 2}}
    pools: {{primary: 1}}
    weapons: [{{name: club, kind: melee, weight: light, damage_type: blunt}}]
  - name: {second}
    ac: 10
    body: 10
    attributes: {{strength: 2}}
    pools: {{primary: 1}}
    weapons: [{{name: club, kind: melee, weight: light, damage_type: blunt}}]
"""


def named(tmp_path: Path, first: str, second: str = '"Bob"') -> Path:
    path = tmp_path / "named.yaml"
    path.write_text(NAMED.format(first=first, second=second), encoding="utf-8")
    return path


def test_names_differing_only_by_normalisation_are_one_name(erc: Any, tmp_path: Path) -> None:
    """Issue 15: "names that differ only by Unicode normalisation ... look identical"; names
    are NFC when loading and matching."""
    composed, decomposed = "Jos\u00e9", "Jose\u0301"
    assert unicodedata.normalize("NFC", decomposed) == composed
    twins = named(tmp_path, f'"{composed}"', f'"{decomposed}"')
    ran = erc("check", twins, "--format", "json")
    assert ran.code == 1 and "used twice" in json.dumps(ran.json)
    single = named(tmp_path, f'"{decomposed}"')
    status = erc("status", "-e", single, "--json")
    assert next(c["name"] for c in status.json["result"]["combatants"]) == composed
    hit = erc("damage", composed, "1", "-e", single, "--json")
    assert hit.code == 0 and hit.json["result"]["name"] == composed
    hit = erc("damage", decomposed, "1", "-e", single, "--json")
    assert hit.code == 0 and hit.json["result"]["name"] == composed


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ('"Bob\\u200b"', "U+200B"),  # zero-width space
        ('"\\u200dBob"', "U+200D"),  # zero-width joiner
        ('" Bob"', "spaces"),
        ('"Bob "', "spaces"),
        ('"Bo\\tb"', "U+0009"),
        ('"Bo\\u202eb"', "U+202E"),
    ],
)
def test_a_name_with_invisible_characters_is_an_error_with_its_line(
    erc: Any, tmp_path: Path, name: str, why: str
) -> None:
    """Issue 15: "a name with control, zero-width or leading or trailing space characters is
    an encounter error with its line"."""
    ran = erc("status", "-e", named(tmp_path, name, '"Al"'), "--json")
    assert ran.code == 2 and ran.error["code"] == "invalid-encounter"
    assert ran.error["line"] == 3 and why in ran.error["message"]


@pytest.mark.parametrize("ruleset", ["er", "spellchrome", "elysium"])
def test_a_weapon_name_with_invisible_characters_is_an_error_with_its_line(
    erc: Any, tmp_path: Path, ruleset: str
) -> None:
    """The names `--with` matches are held to the same rule as combatants' (issue 15): a
    weapon name with a zero-width character or an edge space is an error with its line, in
    every ruleset."""
    shipped = {
        "er": "duel.yaml",
        "spellchrome": "spellchrome-warehouse.yaml",
        "elysium": "elysium-ogre.yaml",
    }
    text = (ENCOUNTERS / shipped[ruleset]).read_text()
    first = text.index("weapons:")
    at = text.index("name: ", first) + len("name: ")
    end = min(i for i in (text.find(",", at), text.find("}", at), text.find("\n", at)) if i > 0)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text[:at] + '"a\\u200bxe"' + text[end:])
    ran = erc("check", bad, "--json")
    assert ran.code == 1
    (report,) = ran.json["result"]["files"]
    messages = [e["message"] for e in report["errors"]]
    assert any("weapon name" in m and "U+200B" in m for m in messages), messages
    line = text[:at].count("\n") + 1
    assert any(e["line"] == line for e in report["errors"])


# --- which journal ------------------------------------------------------------------------


def test_a_symlinked_encounter_shares_its_targets_journal(
    erc: Any, duel: Path, tmp_path: Path
) -> None:
    """Issue 15: "a symlinked encounter gets its own journal"."""
    link = tmp_path / "tonight.yaml"
    link.symlink_to(duel)
    assert erc("damage", "Ogre", "3", "-e", link, "--apply", "--json").code == 0
    status = erc("status", "-e", duel, "--json").json
    ogre = next(c for c in status["result"]["combatants"] if c["name"] == "Ogre")
    assert ogre["body"] == ogre["body_max"] - 3
    assert (tmp_path / "duel.journal.jsonl").exists()
    assert not (tmp_path / "tonight.journal.jsonl").exists()


def test_yml_and_yaml_twins_do_not_share_a_journal(erc: Any, duel: Path, tmp_path: Path) -> None:
    """Issue 15: "`x.yaml` and `x.yml` share one"."""
    twin = tmp_path / "duel.yml"
    shutil.copy(duel, twin)
    assert erc("damage", "Ogre", "3", "-e", twin, "--apply", "--json").code == 0
    assert (tmp_path / "duel.yml.journal.jsonl").exists()
    assert erc("status", "-e", duel, "--json").json["result"]["n_events"] == 0


def test_stdin_encounters_share_no_journal(tmp_path: Path) -> None:
    """Issue 15: "`/dev/stdin` encounters share one journal": a pipe has no journal beside
    it, so recording needs --journal."""
    ran = erc_process(
        "damage",
        "Ogre",
        "1",
        "-e",
        "/dev/stdin",
        "--apply",
        "--json",
        tmp_path=tmp_path,
        input=DUEL.read_bytes(),
        cwd=tmp_path,
    )
    no_traceback(ran)
    assert ran.returncode == 2
    assert not list(Path("/dev").glob("stdin.journal.jsonl"))
