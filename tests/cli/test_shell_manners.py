"""erc in a shell and a CI log (issue 18): GitHub annotations escaped as the Actions runner
parses them, any terminal encoding, NO_COLOR as no-color.org says, ``erc batch -e``."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ENCOUNTERS, ROOT

DUEL = ENCOUNTERS / "duel.yaml"


def process(
    *args: str, env: dict[str, str] | None = None, **kw: Any
) -> subprocess.CompletedProcess[bytes]:
    full = {**os.environ, **(env or {})}
    full.pop("ERC_SEED", None)
    return subprocess.run(
        [sys.executable, "-m", "erc", *args], capture_output=True, env=full, timeout=60, **kw
    )


def unescape(value: str) -> str:
    """What the Actions runner reads back from an escaped workflow-command value."""
    return (
        value.replace("%0D", "\r")
        .replace("%0A", "\n")
        .replace("%3A", ":")
        .replace("%2C", ",")
        .replace("%25", "%")
    )


ANNOTATION = re.compile(r"^::(error|warning) (?P<props>[^:]*)::(?P<message>.*)$")


def test_github_annotations_escape_paths_and_messages(erc: Any, tmp_path: Path) -> None:
    """Issue 18: "`check --format github` escapes only `%`: a path with a comma or colon, or a
    newline in a message, breaks the annotation"."""
    odd = tmp_path / "a,b:c%d.yaml"
    odd.write_text("erc: 1\ncombatants:\n  - name: X\n    ac: nope\n")
    ran = erc("check", odd, "--format", "github")
    assert ran.code == 1
    found = [ANNOTATION.match(line) for line in ran.out.splitlines() if line.startswith("::")]
    assert found and all(found)
    for match in found:
        assert match is not None
        props = dict(p.split("=", 1) for p in match["props"].split(","))
        assert unescape(props["file"]) == str(odd)
        assert "\n" not in match["message"] and "::" not in match["message"]
        assert int(props["line"]) >= 1


def test_any_terminal_encoding(tmp_path: Path) -> None:
    """Issue 18: "`PYTHONIOENCODING=ascii` gives a traceback"."""
    named = tmp_path / "named.yaml"
    named.write_text(DUEL.read_text(encoding="utf-8").replace("Kaela", "Kaëla"), encoding="utf-8")
    for encoding in ("ascii", "latin-1", "utf-8"):
        env = {"PYTHONIOENCODING": encoding, "ERC_CACHE_DIR": str(tmp_path / "cache")}
        for argv in (
            ("status", "-e", str(named)),
            ("status", "-e", str(named), "--json"),
            ("attack", "Kaëla", "Ogre", "-e", str(named), "--seed", "1"),
            ("attack", "Nobödy", "Ogre", "-e", str(named), "--json"),
        ):
            ran = process(*argv, env=env)
            assert b"Traceback" not in ran.stderr, ran.stderr
            assert ran.returncode in (0, 2)
            if "--json" in argv and ran.returncode == 0:
                document = json.loads(ran.stdout)  # escapes, in any encoding
                assert "Ka\u00ebla" in json.dumps(document, ensure_ascii=False)


def test_a_c_locale_reads_names_and_file_names_as_a_shell_gives_them(tmp_path: Path) -> None:
    """In a C locale with ``PYTHONUTF8=0`` Python decodes arguments as ASCII and keeps each
    other byte as a lone surrogate. A combatant's name typed in UTF-8 (the encounter file's
    encoding) still names it, on a command line and in a batch (a weapon's name too, any
    case); a file with such a name is
    the file the shell names, in a batch as on a command line. Before, the name was unknown
    (``'\\udcc3\\udca6rin'``) and a batch line naming the file was a traceback that ended
    the batch."""
    named = tmp_path / "Ærin's duel.yaml"
    text = DUEL.read_text(encoding="utf-8").replace("Kaela", "Ærin")
    named.write_text(text.replace("longsword", "épée"), "utf-8")
    env = {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "ERC_CACHE_DIR": str(tmp_path / "c")}
    argv = ["attack", "Ærin", "Ogre", "--with", "ÉPÉE", "-e", str(named), "--journal"]
    argv.append(os.devnull)
    alone = process(*argv, "--seed", "7", "--json", env=env)
    assert alone.returncode == 0, alone.stderr
    line = shlex.join([*argv, "--seed", "7"]).encode("utf-8")
    batch = process("batch", input=line + b"\ncheck " + shlex.quote(str(named)).encode(), env=env)
    assert b"Traceback" not in batch.stderr, batch.stderr
    attacked, checked = (json.loads(x) for x in batch.stdout.splitlines())
    assert attacked == json.loads(alone.stdout) and attacked["result"]["attacker"] == "Ærin"
    assert attacked["result"]["strikes"][0]["weapon"] == "épée"  # a weapon's name too
    assert checked["result"]["files"][0]["ok"] is True and batch.returncode == 0


def boxes(out: str) -> list[list[str]]:
    """The tables in ``out``: the lines of each box, from its top border to its bottom one
    (an ASCII box is drawn with ``+`` and ``|``, rich's own with box characters)."""
    found: list[list[str]] = []
    current: list[str] | None = None
    for line in out.splitlines():
        if line[:1] not in ("+", "|", "┏", "┃", "┡", "│", "└"):
            current = None
            continue
        if current is None:
            current = []
            found.append(current)
        current.append(line)
        if len(current) > 1 and line[:1] in ("+", "└"):  # its bottom border
            current = None
    return found


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "utf-8"])
def test_tables_keep_their_columns_in_any_encoding(tmp_path: Path, encoding: str) -> None:
    """Tables that stay readable in any terminal encoding: where standard output cannot
    write erc's arrows, the odds bar, the next-to-act mark or a character of a name, the
    table is laid out with what it writes (``->``, ``#``, ``>``, an escape), so every row of
    a box is as wide as its border; a stream that can write them gets them."""
    named = tmp_path / "named.yaml"
    named.write_text(DUEL.read_text(encoding="utf-8").replace("Kaela", "Kæla"), encoding="utf-8")
    env = {"PYTHONIOENCODING": encoding, "ERC_CACHE_DIR": str(tmp_path / "cache")}
    journal = str(tmp_path / "fight.jsonl")
    process("roll-init", "-e", str(named), "--journal", journal, "--seed", "2", "--apply", env=env)
    unicode = encoding == "utf-8"
    for argv, glyph in (
        (("attack", "Kæla", "Ogre", "--seed", "3"), "→"),
        (("attack", "Kæla", "Ogre", "--odds"), "█"),
        (("status",), "▶"),
    ):
        ran = process(*argv, "-e", str(named), "--journal", journal, env=env)
        assert ran.returncode == 0, ran.stderr
        out = ran.stdout.decode(encoding)
        tables = boxes(out)
        assert tables, out
        for rows in tables:
            assert len({len(row) for row in rows}) == 1, out
        assert (glyph in out) is unicode, out
        assert ("Kæla" in out) is (encoding != "ascii"), out
        assert "\\u" not in out and ("\\xe6" in out) is (encoding == "ascii"), out


@pytest.mark.parametrize(("value", "colour"), [("", True), ("1", False), (None, True)])
def test_no_color_only_when_not_empty(
    value: str | None, colour: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18: "an empty `NO_COLOR` turns colour off (no-color.org: only when not empty)"."""
    import io

    from erc.core.human import console

    if value is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", value)
    out = console(io.StringIO())
    assert out.no_color is (not colour)


def test_batch_e_names_the_encounter_of_lines_that_name_none(tmp_path: Path) -> None:
    """Issue 18: "`erc batch` has no `-e`"; CONTRACT: a failing line's envelope carries its
    `line` and `command`; blank lines and `#` comments are skipped."""
    duel = tmp_path / "duel.yaml"
    shutil.copy(DUEL, duel)
    lines = b"# a comment\n\nattack Kaela Ogre --seed 3\nattack Nobody Ogre\nroll d6 --seed 1\n"
    ran = process(
        "batch",
        "-e",
        str(duel),
        input=lines,
        env={"ERC_CACHE_DIR": str(tmp_path / "cache"), "ERC_JOURNAL": os.devnull},
    )
    documents = [json.loads(x) for x in ran.stdout.splitlines()]
    assert ran.returncode == 2
    assert [d.get("command") for d in documents] == ["attack", "attack", "roll"]
    assert documents[0]["encounter"] == str(duel)
    assert documents[1]["line"] == 4 and documents[1]["error"]["code"] == "unknown-combatant"


def test_batch_lines_lose_a_trailing_comment_as_a_shell_splits_them(tmp_path: Path) -> None:
    """CONTRACT `erc batch`: lines "split as a shell would": a `#` that begins a word starts
    a comment to the end of the line; one inside a word or quotes is kept."""
    from erc.cli.commands.batch import _uncommented

    assert _uncommented("roll d20 --seed 1 # the DM's check") == "roll d20 --seed 1 "
    assert _uncommented("attack Orc#2 Kaela") == "attack Orc#2 Kaela"
    assert _uncommented("attack 'Orc # 2' Kaela #x") == "attack 'Orc # 2' Kaela "
    assert _uncommented('roll "d20" \\#1') == 'roll "d20" \\#1'
    duel = tmp_path / "duel.yaml"
    shutil.copy(DUEL, duel)
    lines = b"roll d20 --seed 1 # the DM's check\nattack Kaela Ogre --seed 3  # round 1\n"
    env = {"ERC_CACHE_DIR": str(tmp_path / "cache"), "ERC_JOURNAL": os.devnull}
    ran = process("batch", "-e", str(duel), input=lines, env=env)
    assert ran.returncode == 0, ran.stdout
    documents = [json.loads(x) for x in ran.stdout.splitlines()]
    assert [d["command"] for d in documents] == ["roll", "attack"]
    assert documents[0]["seed"] == 1 and documents[1]["seed"] == 3


def test_a_batch_line_left_open_is_its_usage_error_not_a_stray_file(tmp_path: Path) -> None:
    """A line ending in an option without its value says so, as the command alone does: the
    ``-e FILE`` and ``--json`` a batch adds to a line went after it, and were taken as its
    value (``--journal`` recorded the event in a file named ``--json``)."""
    duel = tmp_path / "duel.yaml"
    shutil.copy(DUEL, duel)
    lines = (
        f"damage Ogre 1 --apply -e {duel} --journal\n"
        "damage Ogre 1 --apply --key\nroll d6 --vs\nattack Kaela Ogre --with\n"
    )
    env = {"ERC_CACHE_DIR": str(tmp_path / "cache"), "ERC_JOURNAL": str(tmp_path / "j.jsonl")}
    ran = process("batch", "-e", str(duel), input=lines.encode(), env=env, cwd=tmp_path)
    documents = [json.loads(x) for x in ran.stdout.splitlines()]
    assert ran.returncode == 2 and len(documents) == 4
    for document, option in zip(documents, ("--journal", "--key", "--vs", "--with"), strict=True):
        assert document["error"]["code"] == "usage", document
        assert f"'{option}' requires an argument" in document["error"]["message"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "duel.yaml"]


def test_batch_answers_each_line_before_waiting_for_the_next(tmp_path: Path) -> None:
    """A script that writes a line and waits for its envelope (``coproc erc batch``, a
    pipe both ways) gets each envelope before it writes the next line: what has been
    written is flushed before erc waits for input. It used to wait in its output buffer
    until standard input was closed."""
    import select

    duel = tmp_path / "duel.yaml"
    shutil.copy(DUEL, duel)
    env = {**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache"), "ERC_JOURNAL": os.devnull}
    env.pop("PYTHONUNBUFFERED", None)  # a pipe is block-buffered unless told otherwise
    child = subprocess.Popen(
        [sys.executable, "-m", "erc", "batch", "-e", str(duel)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        for seed in (1, 2, 3):
            child.stdin.write(f"attack Kaela Ogre --seed {seed}\n".encode())
            child.stdin.flush()
            ready, _, _ = select.select([child.stdout], [], [], 30)
            assert ready, f"no envelope for line {seed} while the next is awaited"
            assert json.loads(child.stdout.readline())["seed"] == seed
    finally:
        child.stdin.close()
        child.wait(timeout=60)
    assert child.returncode == 0


def test_batch_waits_on_a_non_blocking_standard_input(tmp_path: Path) -> None:
    """A standard input left non-blocking (``O_NONBLOCK``, set by whatever shares it) with
    nothing written yet is not its end: the batch waits for the next line, as on a blocking
    one. It used to take the first empty read for the end and stop, answering no line after
    it (exit 0)."""
    import select

    duel = tmp_path / "duel.yaml"
    shutil.copy(DUEL, duel)
    env = {**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache"), "ERC_JOURNAL": os.devnull}
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "erc", "batch", "-e", str(duel)],
            stdin=read_end,
            stdout=subprocess.PIPE,
            env=env,
        )
    finally:
        os.close(read_end)
    assert child.stdout is not None
    try:
        for seed in (1, 2):  # line 2 is written only once line 1 is answered: erc has waited
            os.write(write_end, f"attack Kaela Ogre --seed {seed}\n".encode())
            ready, _, _ = select.select([child.stdout], [], [], 30)
            assert ready, f"no envelope for line {seed}"
            line = child.stdout.readline()
            assert line and json.loads(line)["seed"] == seed, f"the batch ended before line {seed}"
    finally:
        os.close(write_end)
        child.wait(timeout=60)
    assert child.returncode == 0 and child.stdout.read() == b""


def test_a_non_blocking_terminal_ends_a_batch_at_ctrl_d(tmp_path: Path) -> None:
    """A terminal left non-blocking ends its input with one empty read (Ctrl-D): the batch
    answers the line before it and ends, as on a blocking terminal. It used to wait for
    ever (the empty read was taken for "nothing yet")."""
    import pty
    import termios

    env = {**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache")}
    for blocking in (True, False):
        leader, follower = pty.openpty()
        modes = termios.tcgetattr(follower)
        modes[3] &= ~termios.ECHO
        termios.tcsetattr(follower, termios.TCSANOW, modes)
        os.set_blocking(follower, blocking)
        child = subprocess.Popen(
            [sys.executable, "-m", "erc", "batch"], stdin=follower, stdout=subprocess.PIPE, env=env
        )
        os.close(follower)
        try:
            time.sleep(1)  # erc is waiting for the line
            os.write(leader, b"roll d20 --seed 1\n\x04")
            out, _ = child.communicate(timeout=30)
        finally:
            child.kill()
            os.close(leader)
        assert child.returncode == 0 and len(out.splitlines()) == 1, (blocking, out)


@pytest.mark.parametrize("unbuffered", [True, False])
def test_a_non_blocking_output_gets_every_envelope(tmp_path: Path, unbuffered: bool) -> None:
    """CONTRACT: a recorded event's output is written or reported. A socket left
    non-blocking as erc's standard input and output, read late: erc waits for its reader
    and every envelope arrives, those of recorded events too. Unbuffered
    (``PYTHONUNBUFFERED``) the rest of a write the socket did not take was lost without a
    word (exit 0); buffered, the batch gave up (``output-lost``)."""
    import socket

    duel = tmp_path / "duel.yaml"
    shutil.copy(DUEL, duel)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["ERC_CACHE_DIR"] = str(tmp_path / "cache")
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    ours, theirs = socket.socketpair()
    theirs.setblocking(False)
    child = subprocess.Popen(
        [sys.executable, "-m", "erc", "batch", "-e", str(duel)],
        stdin=theirs.fileno(),
        stdout=theirs.fileno(),
        stderr=subprocess.PIPE,
        env=env,
    )
    theirs.close()
    lines = [f"roll 100d20 --seed {i}" for i in range(40)] + ["heal Ogre 1 --apply"] * 5
    ours.sendall(("\n".join(lines) + "\n").encode())
    ours.shutdown(socket.SHUT_WR)
    time.sleep(2)  # the reader is late: erc's writes would block
    got = b""
    ours.settimeout(30)
    while data := ours.recv(1 << 16):
        got += data
    documents = [json.loads(line) for line in got.splitlines()]
    assert child.wait(timeout=60) == 0, child.stderr.read() if child.stderr else ""
    assert len(documents) == len(lines)
    assert [d["applied"]["event"] for d in documents if "applied" in d] == [1, 2, 3, 4, 5]


def test_batch_skips_an_overlong_line_without_holding_it(tmp_path: Path) -> None:
    """A line past ``MAX_LINE`` characters is its error envelope and the batch goes on; it is
    not kept in memory as it is read, so a huge line without a newline costs none. A blank
    line or a comment is skipped at any length (blanks before the ``#`` too); the last line
    may have no newline; a line of ``MAX_LINE`` characters and its newline is not too long."""
    from erc.cli.commands.batch import CHUNK, MAX_BYTES, MAX_LINE, _lines

    too_long = b"x" * (MAX_BYTES + 1)
    source = io.BytesIO(b"a\n" + b"x" * (MAX_BYTES * 5) + b"\nb\n" + b"y" * (CHUNK * 3))
    flushes: list[int] = []
    lines = list(_lines(source, lambda: flushes.append(1)))
    assert lines == [b"a\n", too_long, b"b\n", too_long]
    assert len(flushes) >= 2  # before each read
    blanks = io.BytesIO(b" " * (CHUNK * 2) + b"\n" + b" " * (CHUNK * 2) + b"# c\n")
    assert list(_lines(blanks, lambda: None)) == [b"\n", b"#\n"]
    huge = b"roll d6 --seed 1 " + b"9" * (MAX_BYTES * 3)
    longest = b"roll d4 --seed 1".ljust(MAX_LINE) + b"\r\n"
    lines = (
        b"#" + b"c" * MAX_BYTES * 2 + b"\n" + b" " * 50_000 + b"\n" + b" " * 70_000 + b"# hi\n"
        + huge + b"\n" + longest + b"roll d20 --seed 1"
    )  # fmt: skip
    ran = process("batch", input=lines, env={"ERC_CACHE_DIR": str(tmp_path / "cache")})
    documents = [json.loads(x) for x in ran.stdout.splitlines()]
    assert ran.returncode == 2 and b"Traceback" not in ran.stderr
    assert documents[0]["line"] == 4 and "longer than" in documents[0]["error"]["message"]
    assert [d["command"] for d in documents[1:]] == ["roll", "roll"]


@pytest.mark.parametrize("spelling", [["--format", "json"], ["--format=json"], ["--json"]])
def test_check_format_json_reports_a_usage_error_as_json(erc: Any, spelling: list[str]) -> None:
    """CONTRACT "Exit codes": with JSON asked for, an error is one JSON document on stderr;
    `check --format json` asks for JSON as `--json` does, usage errors included."""
    ran = erc("check", *spelling, "--bogus", "x.yaml")
    assert ran.code == 2 and ran.out == ""
    assert ran.error["code"] == "usage" and "--bogus" in ran.error["message"]


def test_check_format_text_or_github_keeps_usage_errors_as_text(erc: Any) -> None:
    ran = erc("check", "--format", "github", "--bogus", "x.yaml")
    assert ran.code == 2 and ran.err.startswith("erc: No such option: --bogus")
    last = erc("check", "--format", "json", "--format", "text", "--bogus", "x.yaml")
    assert last.err.startswith("erc: No such option")  # the last --format wins
    after = erc("check", "--strict=3", "--", "--format", "json")  # after --: file names
    assert after.code == 2 and after.err.startswith("erc: ")


@pytest.mark.skipif(shutil.which("jq") is None, reason="the README's example pipes into jq")
def test_the_readme_batch_example_prints_what_it_says(tmp_path: Path) -> None:
    """Issue 18: "the README shows each with a working example": the `erc batch` example of
    the scripting page (docs/scripting.md), run as written from the project's folder."""
    readme = (ROOT / "docs" / "scripting.md").read_text(encoding="utf-8")
    section = readme.split("## Many lines in one process: `erc batch`", 1)[1]
    script = section.split("```sh\n", 1)[1].split("```", 1)[0]
    said = re.findall(
        r"`(\{\"line\".*?\})`", section.split("```", 2)[2].strip().split("\n\n", 1)[0]
    )
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "ERC_CACHE_DIR": str(tmp_path / "cache"),
        "ERC_JOURNAL": os.devnull,
    }
    ran = subprocess.run(
        ["bash", "-o", "pipefail", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 2, ran.stderr  # a line failed: erc batch exits 2
    assert ran.stdout.splitlines() == said and len(said) == 3
