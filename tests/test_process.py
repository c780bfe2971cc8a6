"""The process erc runs in (issue "Speed at the interpreter's floor"): erc's byte-code is
there to load, and a one-shot command runs without the cyclic garbage collector (its
objects live until the process ends; reference counting frees the rest) while ``erc
batch``, which runs on, has it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ENCOUNTERS, ROOT

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


def _modules(root: Path) -> list[Path]:
    return sorted(p for p in (root / "erc").rglob("*.py") if "__pycache__" not in p.parts)


def test_the_set_up_leaves_byte_code_for_every_module() -> None:
    """Issue "Speed at the interpreter's floor": "byte-code present after the README's
    set-up" (`make setup` compiles erc: an editable install is never compiled by pip, and
    with PYTHONDONTWRITEBYTECODE nothing else writes it)."""
    missing = [
        str(p.relative_to(ROOT))
        for p in _modules(ROOT)
        if not Path(importlib.util.cache_from_source(str(p))).is_file()
    ]
    assert missing == [], "run `make bytecode`"


def test_a_plain_pip_install_has_byte_code(tmp_path: Path) -> None:
    """... "and after a plain `pip install`", even where PYTHONDONTWRITEBYTECODE is set."""
    target = tmp_path / "site"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    ran = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", target, ROOT],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    installed = _modules(target)
    assert len(installed) == len(_modules(ROOT))
    missing = [p for p in installed if not Path(importlib.util.cache_from_source(str(p))).is_file()]
    assert missing == []
