"""What ``erc batch`` keeps between lines (``erc.cli.reuse``, the ``_seen`` lines of
``erc.cli.commands.batch``) never answers a line with what another line, or the files as
they were, would give: each envelope is the one the line run alone gives at that point."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ENCOUNTERS, ROOT


@pytest.fixture
def batched(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``batched(line)``: the envelope ``erc batch`` gives for one line, in this process,
    with what earlier lines kept (``reuse.ON`` as the batch sets it)."""
    from erc.cli import reuse
    from erc.cli.commands.batch import one

    def run(line: str) -> Any:
        monkeypatch.setattr(reuse, "ON", True)
        try:
            return one(1, f"{line}\n".encode())
        finally:
            monkeypatch.setattr(reuse, "ON", False)

    return run


def alone(erc: Any, line: str) -> Any:
    """The line run on its own with ``--json``: its envelope, or its error document."""
    ran = erc(*shlex.split(line), "--json")
    return ran.json if ran.code == 0 else {"error": ran.error}


def same(batch: Any, single: Any) -> bool:
    if "error" in batch:
        return "error" in single and batch["error"] == single["error"]
    return bool(batch == single)


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    path = tmp_path / "duel.yaml"
    shutil.copy(ENCOUNTERS / "duel.yaml", path)
    return path


def test_a_seed_that_is_another_option_s_value_is_not_a_kept_line_s_seed(
    erc: Any, batched: Any, duel: Path, tmp_path: Path
) -> None:
    """``--with --seed 5 longsword`` gives --with the value ``--seed`` (and 5 is a second
    target): it is not ``--with longsword --seed 5`` with its seed moved."""
    head = f"attack Kaela Ogre -e {duel} --journal {tmp_path}/j.jsonl"
    lines = [f"{head} --with longsword --seed 5", f"{head} --with --seed 5 longsword"]
    for line in [*lines, *lines]:
        assert same(batched(line), alone(erc, line)), line
    assert alone(erc, lines[1])["error"]["code"] == "unknown-combatant"


@pytest.mark.parametrize("made", ["folder", "fifo"])
def test_a_journal_that_becomes_something_else_than_a_file_is_seen(
    erc: Any, batched: Any, duel: Path, tmp_path: Path, made: str
) -> None:
    """No journal, then a folder or a FIFO where it would be: the line alone says the
    journal is not a regular file, and so does the batch (it once kept the line's
    mechanic, missing and "not a file" both having no identity)."""
    journal = tmp_path / "j.jsonl"
    line = f"attack Kaela Ogre -e {duel} --journal {journal} --seed 5"
    assert "error" not in batched(line)
    assert "error" not in batched(line)
    if made == "folder":
        journal.mkdir()
    else:
        os.mkfifo(journal)
    single = alone(erc, line)
    assert single["error"]["code"] == "bad-journal"
    assert same(batched(line), single)


def test_a_journal_that_another_file_moves_is_read_where_it_now_is(
    erc: Any, batched: Any, tmp_path: Path
) -> None:
    """``NAME.yml``'s journal is the older ``NAME.journal.jsonl`` until a twin ``NAME.yaml``
    appears (``erc.core.journal.default_path``): a line after that reads the new one, as
    the line alone does, not the state it kept from the old one."""
    fight = tmp_path / "fight.yml"
    shutil.copy(ENCOUNTERS / "duel.yaml", fight)
    older = tmp_path / "fight.journal.jsonl"
    assert erc("damage", "Ogre", "7", "-e", fight, "--journal", older, "--apply").code == 0
    line = f"attack Kaela Ogre -e {fight} --seed 5"
    before = batched(line)
    assert before["result"]["targets"][0]["body_before"] == 33
    assert batched(line) == before
    shutil.copy(ENCOUNTERS / "duel.yaml", tmp_path / "fight.yaml")
    single = alone(erc, line)
    assert single["result"]["targets"][0]["body_before"] == 40
    assert batched(line) == single


# ``erc batch`` with a signal sent to it just after its SIGNAL_AT-th event is recorded (as a
# script's ``timeout`` or ``kill`` landing between the append and the envelope).
SIGNALLED = """\
import os, signal, sys

at, number = int(sys.argv.pop(1)), getattr(signal, sys.argv.pop(1))
from erc.core import session

record = session.Loaded.record


def record_then_signal(self, event):
    recorded = record(self, event)
    if recorded["id"] == at:
        os.kill(os.getpid(), number)
    return recorded


session.Loaded.record = record_then_signal
from erc.cli import entry

sys.exit(entry())
"""


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_batch_ended_by_a_signal_reports_every_event_it_recorded(
    tmp_path: Path, name: str
) -> None:
    """The journal holds whole events, each with its envelope on stdout; the batch ends by
    that signal after the line (SIGTERM ended it at once: the event recorded, its envelope
    lost)."""
    import json

    duel = tmp_path / "duel.yaml"
    shutil.copy(ENCOUNTERS / "duel.yaml", duel)
    script = tmp_path / "erc"
    script.write_text(SIGNALLED)
    journal = tmp_path / "j.jsonl"
    lines = "".join(f"damage Ogre {n} --apply --journal {journal}\n" for n in range(1, 6))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ran = subprocess.run(
        [sys.executable, str(script), "3", name, "batch", "-e", str(duel)],
        input=lines.encode(),
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert ran.returncode == -getattr(signal, name), ran.stderr.decode()
    events = [json.loads(line) for line in journal.read_text().splitlines()]
    envelopes = [json.loads(line) for line in ran.stdout.decode().splitlines()]
    assert [e["id"] for e in events] == [1, 2, 3]
    assert [e["applied"]["event"] for e in envelopes] == [1, 2, 3]
    assert b"Traceback" not in ran.stderr


def test_batch_writes_numbers_as_the_command_alone_does_byte_for_byte(
    batched: Any, erc: Any, tmp_path: Path
) -> None:
    """msgspec, which writes a batch's envelopes after the first ``NATIVE_AFTER``, spells
    some floats otherwise than the standard library (``0.00004766666666666667`` for
    ``4.766666666666667e-05``, ``1e16`` for ``1e+16``): the same values, other bytes than
    ``erc LINE --json`` writes. Such an envelope is written by the standard library."""
    from erc.cli.commands.batch import _encoder
    from erc.core.envelope import encode, to_data

    native = _encoder(ascii_only=False, native_after=0)
    for number in (4.766666666666667e-05, 1e-07, 1e16, 1.5e300, -2.5e-10, 0.1, 1.0, 0.0001):
        for document in (
            {"erc": "2", "command": "attack", "result": {"odds": {"p_hit": number}}},
            {"erc": "2", "command": "simulate", "result": {"p_draw": number}},
        ):
            assert native(document) == encode(to_data(document)), number
    warehouse = tmp_path / "warehouse.yaml"
    shutil.copy(ENCOUNTERS / "spellchrome-warehouse.yaml", warehouse)
    line = f"attack Vex Sentinel --full --odds --seed 3 -e {warehouse} --journal {tmp_path}/j"
    single = erc(*shlex.split(line), "--json")
    assert "e-05" in single.out  # chances below 1/10,000 in its distribution
    assert native(batched(line)) == single.out.encode()


def test_floats_are_only_where_batch_looks_for_them() -> None:
    """Every number that is not a whole one, in every command's declared output, is in its
    ``result.odds`` or in a command of ``FLOAT_RESULTS``: the envelopes batch writes without
    looking at their bytes hold none (``erc.cli.commands.batch._with_floats``)."""
    from erc import rulesets
    from erc.cli.commands.batch import FLOAT_RESULTS
    from erc.cli.outputs import names, output_schema

    def numbers(node: Any, path: str, defs: dict[str, Any], seen: set[str]) -> set[str]:
        found: set[str] = set()
        if isinstance(node, list):
            for item in node:
                found |= numbers(item, path, defs, seen)
        elif isinstance(node, dict):
            kind = node.get("type")
            if kind == "number" or (isinstance(kind, list) and "number" in kind):
                found.add(path)
            ref = node.get("$ref", "").rpartition("/")[2]
            if ref and f"{path}>{ref}" not in seen:
                seen.add(f"{path}>{ref}")
                found |= numbers(defs.get(ref, {}), path, defs, seen)
            for key, value in node.items():
                if key == "properties":
                    for name, sub in value.items():
                        found |= numbers(sub, f"{path}.{name}", defs, seen)
                elif key != "$ref":
                    found |= numbers(value, path, defs, seen)
        return found

    walked = 0
    for ruleset in rulesets.available():
        for command in names(rulesets.get(ruleset)):
            if command == "batch" or command in FLOAT_RESULTS:
                continue
            schema = output_schema(command, ruleset)
            found = numbers(schema, "", schema.get("$defs", {}), set())
            walked += bool(found)
            outside = {p for p in found if not p.startswith(".result.odds.")}
            assert not outside, (ruleset, command, outside)
    assert walked > 20  # (the walk finds the odds' numbers)


def test_a_batch_ended_by_sigterm_during_a_long_read_only_line_ends_at_once(
    tmp_path: Path,
) -> None:
    """Only a line that may record holds SIGTERM back: a long ``simulate`` line under
    ``timeout`` is ended when the signal comes, not when the line is done."""
    import time

    duel = tmp_path / "duel.yaml"
    shutil.copy(ENCOUNTERS / "duel.yaml", duel)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = subprocess.Popen(
        [sys.executable, "-m", "erc", "batch", "-e", str(duel)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert started.stdin is not None
    started.stdin.write(b"simulate -n 1000000 --seed 1\n")
    started.stdin.flush()
    time.sleep(1.5)
    sent = time.monotonic()
    started.send_signal(signal.SIGTERM)
    try:
        code = started.wait(timeout=20)
    finally:
        started.kill()
    assert code == -signal.SIGTERM
    assert time.monotonic() - sent < 10


def test_a_symlink_retargeted_to_another_name_of_the_same_file_reads_that_name_s_journal(
    erc: Any, batched: Any, tmp_path: Path
) -> None:
    """A symlinked encounter shares the journal of the name it points to; pointed at another
    name of the same file (a hard link: the file itself unchanged), the next line reads the
    journal beside that name, as the line alone does."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = tmp_path / "a" / "duel.yaml", tmp_path / "b" / "duel.yaml"
    shutil.copy(ENCOUNTERS / "duel.yaml", first)
    os.link(first, second)
    link = tmp_path / "fight.yaml"
    link.symlink_to(first)
    assert erc("damage", "Ogre", "7", "-e", first, "--apply").code == 0
    line = f"attack Kaela Ogre -e {link} --seed 5"
    assert batched(line)["result"]["targets"][0]["body_before"] == 33
    assert batched(line)["result"]["targets"][0]["body_before"] == 33
    link.unlink()
    link.symlink_to(second)
    single = alone(erc, line)
    assert single["result"]["targets"][0]["body_before"] == 40
    assert batched(line) == single
