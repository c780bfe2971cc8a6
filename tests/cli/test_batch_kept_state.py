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
