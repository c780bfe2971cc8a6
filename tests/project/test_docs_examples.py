"""Every shell example of the docs runs (issue 33; typer's habit): README.md and every page
under docs/ (``docs/**/*.md``, so a new page is covered without being listed here), and the
``# erc ...`` comments of the shipped encounter files.

How a page marks its examples (docs/maintainers/testing.md says the same for writers):

- A ```` ```console ```` block is a session, run in order from the project's folder with a
  journal of its own (``ERC_JOURNAL`` in a temporary folder) and ``ERC_SEED=1``. A line
  starting with ``$ `` is a command; the lines after it, until the next ``$ ``, its output as
  shown. ``$ export NAME=value`` sets a variable for the rest of the block. ``$ erc ...``
  runs in this process; a line with a pipe runs in bash with erc on ``PATH`` (skipped where
  jq is missing). A command whose shown output starts with ``erc: `` is an error the page
  means to show and must exit 2; any other must exit 0. What a step shows is what erc
  prints for it (``test_console_output_is_what_erc_prints`` says which steps it skips).
- A ``yaml`` block holding a whole encounter file passes ``erc check --strict``.
- An inline erc command line in backquotes naming a shipped encounter runs once, with a
  seed, and must exit 0.
- Any other block (``sh``, ``text``, ``yaml``) is not run.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ENCOUNTERS, ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md"))]
CONSOLE = re.compile(r"^```console[^\n]*\n(.*?)^```", re.M | re.S)
INLINE = re.compile(r"`(erc [^`]*-e encounters/[^`]*)`")


class Step:
    def __init__(self, command: str, shown: list[str]) -> None:
        self.command = command
        self.shown = shown

    @property
    def expected(self) -> int:
        return 2 if self.shown and self.shown[0].startswith("erc: ") else 0


def sessions() -> list[Any]:
    """Each console block of each page, as ``pytest.param(steps, id=page:line)``."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in CONSOLE.finditer(text):
            line = text[: block.start()].count("\n") + 1
            steps: list[Step] = []
            for raw in block.group(1).splitlines():
                if raw.startswith("$ "):
                    steps.append(Step(raw[2:].strip(), []))
                elif steps:
                    steps[-1].shown.append(raw)
            name = f"{page.relative_to(ROOT)}:{line}"
            assert steps, f"{name}: a console block with no $ command"
            found.append(pytest.param(steps, id=name))
    return found


def inline_examples() -> list[str]:
    found: list[str] = []
    for page in PAGES:
        found += INLINE.findall(page.read_text(encoding="utf-8"))
    for path in sorted(ENCOUNTERS.glob("*.yaml")):
        found += re.findall(r"^#\s+(erc .*)$", path.read_text(encoding="utf-8"), re.M)
    return sorted(set(found))


def test_there_are_examples() -> None:
    assert len(sessions()) >= 10 and len(inline_examples()) >= 8
    assert any(p.name == "README.md" for p in PAGES)
    assert (ROOT / "docs" / "getting-started.md") in PAGES


def test_every_console_line_is_a_command_erc_can_run() -> None:
    """A console block holds erc sessions: `$ erc ...` or `$ export ...` lines."""
    for param in sessions():
        for step in param.values[0]:
            assert step.command.startswith(("erc ", "export ")), (param.id, step.command)


@pytest.mark.parametrize("steps", sessions())
def test_console_session_runs(
    steps: list[Step], erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("ERC_JOURNAL", str(tmp_path / "session.journal.jsonl"))
    monkeypatch.setenv("ERC_SEED", "1")
    for step in steps:
        if step.command.startswith("export "):
            name, _, value = step.command.removeprefix("export ").partition("=")
            monkeypatch.setenv(name.strip(), shlex.split(value)[0] if value else "")
            continue
        if "|" in shlex.split(step.command, posix=True) or " | " in step.command:
            code, out = _in_bash(step.command)
        else:
            ran = erc(*shlex.split(step.command)[1:])
            code, out = ran.code, ran.out + ran.err
        assert "Traceback" not in out, step.command
        assert code == step.expected, f"$ {step.command} -> exit {code}\n{out}"
        if step.expected == 2:  # the error shown is the one erc gives (its last words)
            assert step.shown[0][-40:] in out.replace("\n", " "), (step.command, out)


def _in_bash(line: str) -> tuple[int, str]:
    if "jq" in line and shutil.which("jq") is None:
        pytest.skip("the example pipes into jq, which is not installed")
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
    }
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", line],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize("line", inline_examples())
def test_inline_example_runs(line: str, erc: Any, tmp_path: Path) -> None:
    args = shlex.split(line)[1:]
    args = [str(ROOT / a) if a.startswith("encounters/") else a for a in args]
    ran = erc(*args, "--seed", "1", "--journal", os.path.join(tmp_path, "j.jsonl"))
    assert ran.code == 0, ran.err


def test_an_error_shown_is_an_error_expected() -> None:
    """The marking is not vacuous: the GM's guide shows a refused second action."""
    refused = [
        step
        for param in sessions()
        for step in param.values[0]
        if param.id.startswith("docs/gm-guide.md")
    ]
    assert any(step.expected == 2 for step in refused)


@pytest.mark.skipif(shutil.which("jq") is None, reason="the coproc script uses jq")
def test_the_coproc_script_talks_to_one_batch(tmp_path: Path) -> None:
    """Scripting, "Talking to a batch: coproc": the bash block runs as written and prints
    what the page says it prints."""
    page = (ROOT / "docs" / "scripting.md").read_text(encoding="utf-8")
    section = page.split("## Talking to a batch: coproc", 1)[1].split("\n## ", 1)[0]
    script = section.split("```bash\n", 1)[1].split("```", 1)[0]
    said = re.search(r"It prints `([^`]*)`", section)
    assert said is not None
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "ERC_JOURNAL": str(tmp_path / "j.jsonl"),
    }
    done = subprocess.run(
        ["bash", "-e", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == said.group(1)
    assert json.loads(lines[1]) == {"next": None, "over": False}


def test_the_table_page_has_sessions_for_each_new_command() -> None:
    """docs/table-commands.md shows each command issue 30 added, in a session that runs."""
    page = "docs/table-commands.md"
    lines = [s.command for p in sessions() if p.id.startswith(page) for s in p.values[0]]
    for command in ("feat", "ability", "skill", "show", "undo --to", "new-fight", "rename", "join"):
        assert any(line.startswith(f"erc {command}") for line in lines), command


def test_a_session_records_only_in_its_own_journal() -> None:
    """A console block that records keeps its events in the test's temporary journal
    (``ERC_JOURNAL``): a ``--journal FILE`` of its own (``/tmp/duel-journal.jsonl``) would
    write outside it, grow with every run and show event numbers that are not the reader's.
    Allowed: ``--journal /dev/null`` (keeps nothing) and a journal erc refuses (an error
    shown)."""
    named = [
        f"{param.id}: {step.command}"
        for param in sessions()
        for step in param.values[0]
        if step.expected == 0 and re.search(r"--journal(?:=|\s+)(?!/dev/null\b)\S", step.command)
    ]
    assert named == []


def encounter_blocks() -> list[Any]:
    """Each YAML block of the docs that is a whole encounter file (``erc: 1`` and its
    ``combatants``), as ``pytest.param(text, id=page:line)``."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in re.finditer(r"^```ya?ml\n(.*?)^```", text, re.M | re.S):
            body = block.group(1)
            if re.search(r"^erc: 1$", body, re.M) and re.search(r"^combatants:", body, re.M):
                line = text[: block.start()].count("\n") + 1
                found.append(pytest.param(body, id=f"{page.relative_to(ROOT)}:{line}"))
    return found


def test_there_are_encounter_blocks() -> None:
    assert len(encounter_blocks()) >= 4


@pytest.mark.parametrize("body", encounter_blocks())
def test_an_encounter_shown_is_one_erc_plays(body: str, erc: Any, tmp_path: Path) -> None:
    """An encounter file a page shows passes ``erc check --strict``: valid, and nothing in it
    that would fail in play (a primary pool with no weapon, no species and no speed)."""
    path = tmp_path / "shown.yaml"
    path.write_text(body, encoding="utf-8")
    ran = erc("check", "--strict", str(path))
    assert ran.code == 0, ran.out + ran.err


JOURNAL_PATH = re.compile(r"[^\s:()'\"]*journal\.jsonl")
"""A journal's path in an output: the page shows the reader's (``encounters/duel.journal.jsonl``),
the test writes its own temporary one; both read ``JOURNAL``."""

STALE: dict[tuple[str, str], str] = {}
"""Shown outputs known to be stale, each with why it is left: the test fails once one is
mended (or differs no more), so that its entry goes too."""


def _lines(text: str) -> list[str]:
    lines = [JOURNAL_PATH.sub("JOURNAL", line.rstrip()) for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


@pytest.mark.parametrize("steps", sessions())
def test_console_output_is_what_erc_prints(
    steps: list[Step], erc: Any, monkeypatch: pytest.MonkeyPatch, request: Any
) -> None:
    """What a page shows under a command is what erc prints for it, as a reader running the
    block would see it: no ``ERC_SEED``, the journal's path read as ``JOURNAL``. Skipped: a
    command with no shown output, one shown in outline (``  # ...``), one run through a pipe,
    and one that drew unseeded dice (its output names the seed erc drew)."""
    page = request.node.callspec.id.split(":")[0]
    monkeypatch.chdir(ROOT)
    short = Path(tempfile.mkdtemp(prefix="erc", dir="/tmp"))  # a path no longer than a page's
    request.addfinalizer(lambda: shutil.rmtree(short, ignore_errors=True))
    monkeypatch.setenv("ERC_JOURNAL", str(short / "j.journal.jsonl"))
    monkeypatch.delenv("ERC_SEED", raising=False)
    stale: list[str] = []
    for step in steps:
        if step.command.startswith("export "):
            name, _, value = step.command.removeprefix("export ").partition("=")
            monkeypatch.setenv(name.strip(), shlex.split(value)[0] if value else "")
            continue
        if "|" in step.command:
            continue
        ran = erc(*shlex.split(step.command)[1:])
        real, shown = _lines(ran.out + ran.err), _lines("\n".join(step.shown))
        drew = not re.search(r"--seed|--rolls", step.command) and any(
            re.match(r"seed \d+", line) for line in real
        )
        if not shown or shown[0].startswith("  #") or drew:
            continue
        if (page, step.command) in STALE:
            stale.append(step.command)
            assert real != shown, f"{step.command}: mended; remove it from STALE"
            continue
        assert real == shown, f"$ {step.command}"
    assert len(stale) == len([k for k in STALE if k[0] == page and _in(k[1], steps)])


def _in(command: str, steps: list[Step]) -> bool:
    return any(step.command == command for step in steps)
