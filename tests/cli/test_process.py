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


# Runs ``erc.cli.<first argument>`` on the rest, with an exit handler, saying when the process
# ends without the interpreter's teardown (``os._exit``).
ENDING = (
    "import atexit, sys\n"
    "atexit.register(lambda: sys.stderr.write('exit handler ran\\n'))\n"
    "import os\n"
    "end = os._exit\n"
    "os._exit = lambda code: (sys.stderr.write('left without the teardown\\n'), end(code))\n"
    "name, sys.argv = sys.argv[1], ['erc', *sys.argv[2:]]\n"
    "import erc.cli\n"
    "if name == 'profiled entry':\n"
    "    name = 'entry'\n"
    "    sys.setprofile(lambda *seen: None)\n"
    "getattr(erc.cli, name)()\n"
)


def ending(entry: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ENDING, entry, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_executable_ends_without_the_interpreters_teardown() -> None:
    """Issue "Speed at the interpreter's floor": the teardown freed, object by object, what
    the operating system reclaims at once. Exit handlers still run and the output is whole."""
    ran = ending("entry", "roll", "d6", "--rolls", "4", "--json")
    assert ran.returncode == 0
    assert '"total":4' in ran.stdout
    assert ran.stderr.splitlines() == ["exit handler ran", "left without the teardown"]
    called = ending("main", "roll", "d6", "--rolls", "4", "--json")  # for a program calling it
    assert called.returncode == 0 and called.stdout == ran.stdout
    assert called.stderr.splitlines() == ["exit handler ran"]


def test_the_executable_keeps_every_exit_code(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("erc: 1\ncombatants: 7\n")
    duel = str(ENCOUNTERS / "duel.yaml")
    for args, code in (
        (["attack", "Kaela", "Ogre", "-e", duel, "--rolls", "18,17,4,11", "--json"], 0),
        (["check", str(bad)], 1),
        (["roll", "d6", "--no-such-option"], 2),
        (["attack", "Nobody", "Ogre", "-e", duel, "--json"], 2),
    ):
        ran = ending("entry", *args)
        called = ending("main", *args)
        assert (ran.returncode, ran.stdout) == (code, called.stdout), args
        assert ran.stderr.replace("left without the teardown\n", "") == called.stderr


def test_under_a_profiler_the_interpreter_ends_it(tmp_path: Path) -> None:
    """A profiler, a tracer or coverage reports at the interpreter's exit: under one, erc
    leaves the ending to it; ``python -m erc`` (runpy) always does."""
    ran = ending("profiled entry", "roll", "d6", "--rolls", "4", "--json")
    assert ran.returncode == 0 and '"total":4' in ran.stdout
    assert ran.stderr.splitlines() == ["exit handler ran"]
    profile = tmp_path / "profile"
    argv = ["-m", "cProfile", "-o", str(profile), "-m", "erc", "roll", "d6", "--json"]
    subprocess.run([sys.executable, *argv], capture_output=True, timeout=120, check=True)
    assert profile.stat().st_size > 0
