"""The process erc runs in: a one-shot command without the cyclic garbage collector (its
objects live until the process ends; reference counting frees the rest), ``erc batch``,
which runs on, with it (issue "Speed at the interpreter's floor")."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ENCOUNTERS

PROBE = (
    "import atexit, gc, sys\n"
    "atexit.register(lambda: sys.stderr.write(f'collector on: {gc.isenabled()}\\n'))\n"
    "sys.argv = ['erc', *sys.argv[1:]]\n"
    "from erc.cli import main\n"
    "main()\n"
)


def collector_after(*args: str, stdin: str = "") -> bool:
    ran = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stderr.strip().splitlines()[-1] == "collector on: True"


def test_a_one_shot_command_runs_without_the_cyclic_collector() -> None:
    assert collector_after("roll", "2d6", "--seed", "1", "--json") is False


def test_a_batch_turns_the_collector_back_on() -> None:
    duel = str(ENCOUNTERS / "duel.yaml")
    lines = "".join(f"attack Kaela Ogre -e {duel} --seed {n}\n" for n in range(1, 4))
    assert collector_after("batch", stdin=lines) is True
