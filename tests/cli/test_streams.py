"""Output that cannot be written (issue 32): a broken pipe never changes a command's verdict;
help and the version into a full or closed stdout end with one line on stderr and exit 2,
with no traceback; an event recorded whose output and error report both fail exits 2."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ENCOUNTERS


def _env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("ERC_SEED", None)
    return env


def _erc(*args: str) -> list[str]:
    return [sys.executable, "-m", "erc", *args]


@pytest.mark.parametrize("fmt", ["text", "json", "github"])
def test_a_broken_pipe_keeps_checks_verdict(tmp_path: Path, fmt: str) -> None:
    """Issue 32: "`erc check DIR | head -c 1` exits 0 about half the time although a file
    is invalid". The reader stops after one byte, every time: the exit stays 1."""
    folder = tmp_path / "files"
    folder.mkdir()
    shutil.copy(ENCOUNTERS / "duel.yaml", folder / "duel.yaml")
    (folder / "bad.yaml").write_text("combatants: 3\n")
    for _ in range(4):
        proc = subprocess.Popen(
            _erc("check", str(folder), "--format", fmt),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(tmp_path),
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.read(1)
        proc.stdout.close()  # before erc writes the rest, or after: the verdict is the same
        err = proc.stderr.read()
        assert proc.wait(timeout=60) == 1, err
        assert b"Traceback" not in err


HELP = [("--help",), ("--version",), ("attack", "--help"), ("check", "--help")]


@pytest.mark.parametrize("argv", HELP)
@pytest.mark.parametrize("stdout", ["full", "closed"])
def test_help_and_version_into_a_full_or_closed_stdout(
    tmp_path: Path, argv: tuple[str, ...], stdout: str
) -> None:
    """Issue 32: "`--help`, `--version` and `attack --help` to `>/dev/full` or a closed
    stdout print a traceback and exit 1"."""
    extra: dict[str, Any] = {}
    if stdout == "closed":
        extra["preexec_fn"] = lambda: os.close(1)
    where = ("-e", str(ENCOUNTERS / "duel.yaml")) if argv[0] == "attack" else ()
    with open("/dev/full", "wb") as full:
        ran = subprocess.run(
            _erc(*where, *argv),
            stdout=full if stdout == "full" else None,
            stderr=subprocess.PIPE,
            env=_env(tmp_path),
            timeout=60,
            **extra,
        )
    said = ran.stderr.decode()
    assert ran.returncode == 2, said
    assert "Traceback" not in said and said.count("\n") == 1
    assert "cannot write the output" in said


@pytest.mark.parametrize("stderr", ["full", "closed"])
@pytest.mark.parametrize("as_json", [True, False])
def test_a_recorded_event_whose_output_and_report_both_fail_exits_2(
    tmp_path: Path, stderr: str, as_json: bool
) -> None:
    """Issue 32: "an applied event whose output and error report both fail exits 1, not the
    documented 2" (CONTRACT "Combat state": exit 2)."""
    journal = tmp_path / "j.jsonl"
    argv = ["damage", "Ogre", "1", "-e", str(ENCOUNTERS / "duel.yaml"), "--journal", str(journal)]
    argv += ["--apply"] + (["--json"] if as_json else [])

    def close() -> None:
        os.close(1)
        if stderr == "closed":
            os.close(2)

    with open("/dev/full", "wb") as full:
        ran = subprocess.run(
            _erc(*argv),
            stdout=None,
            stderr=full if stderr == "full" else None,
            env=_env(tmp_path),
            timeout=60,
            preexec_fn=close,
        )
    assert ran.returncode == 2
    assert len(journal.read_text().splitlines()) == 1
