"""docs/table-commands.md: every ```console block runs as a session, in order, from the
project's folder, with a journal of its own and ERC_SEED=1; a command whose shown output
starts with ``erc: `` must exit 2, any other 0 (the conventions of the docs' runner)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

PAGE = ROOT / "docs" / "table-commands.md"
CONSOLE = re.compile(r"^```console[^\n]*\n(.*?)^```", re.M | re.S)


def sessions() -> list[Any]:
    text = PAGE.read_text(encoding="utf-8")
    found = []
    for block in CONSOLE.finditer(text):
        steps: list[tuple[str, list[str]]] = []
        for raw in block.group(1).splitlines():
            if raw.startswith("$ "):
                steps.append((raw[2:].strip(), []))
            elif steps:
                steps[-1][1].append(raw)
        found.append(pytest.param(steps, id=f"line {text[: block.start()].count(chr(10)) + 1}"))
    return found


def test_the_page_has_sessions_for_each_new_command() -> None:
    lines = [step[0] for param in sessions() for step in param.values[0]]
    for command in ("feat", "ability", "skill", "show", "undo --to", "new-fight", "rename", "join"):
        assert any(line.startswith(f"erc {command}") for line in lines), command


@pytest.mark.parametrize("steps", sessions())
def test_console_session_runs(
    steps: list[tuple[str, list[str]]], erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("ERC_JOURNAL", str(tmp_path / "session.journal.jsonl"))
    monkeypatch.setenv("ERC_SEED", "1")
    for command, shown in steps:
        words = shlex.split(command)
        if words[0] == "export":
            name, _, value = words[1].partition("=")
            monkeypatch.setenv(name, value)
            continue
        ran = erc(*words[1:])
        expected = 2 if shown and shown[0].startswith("erc: ") else 0
        assert "Traceback" not in ran.err
        assert ran.code == expected, f"$ {command} -> exit {ran.code}\n{ran.out}{ran.err}"
        if expected == 2:
            assert shown[0][-40:] in ran.err.replace("\n", " "), (command, ran.err)  # its words
