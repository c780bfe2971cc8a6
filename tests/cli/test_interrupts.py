"""Ctrl-C from erc's first instruction to its last (issue 32): never a crash, never a
traceback; the process ends by SIGINT (130 in a shell), and with ``--json`` stdout holds
nothing or one whole document.

Two ways to land an interrupt: exactly, at each module lookup an extension's import makes
(an interrupt there was swallowed by msgspec 0.23's import and its next ``convert``
segfaulted), and by the clock, at many moments of start-up and of ``check`` on an uncached
file. ``make fuzz`` (``ERC_FUZZ=long``) runs many more moments."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ENCOUNTERS

LONG = os.environ.get("ERC_FUZZ") == "long"

# A stand-in for the console script (``.venv/bin/erc``) that sends the process a SIGINT at
# the N-th module lookup made while MODULE is being imported (as a Ctrl-C landing there).
LAUNCHER = """\
import os, signal, sys

module, at = sys.argv.pop(1), int(sys.argv.pop(1))


class Interrupter:
    seen = 0

    def find_spec(self, name, path=None, target=None):
        loading = sys.modules.get(module)
        spec = getattr(loading, "__spec__", None)
        if loading is not None and getattr(spec, "_initializing", False):
            Interrupter.seen += 1
            if Interrupter.seen == at:
                os.kill(os.getpid(), signal.SIGINT)
        return None


sys.meta_path.insert(0, Interrupter())
from erc.cli import entry

sys.exit(entry())
"""


@pytest.fixture
def launcher(tmp_path: Path) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "erc"
    script.write_text(LAUNCHER)
    return script


def _env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "ERC_CACHE": "off", "ERC_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("ERC_SEED", None)
    return env


PACKAGE = str(Path(__file__).resolve().parents[2] / "erc")


def _before_erc(ran: subprocess.CompletedProcess[bytes]) -> bool:
    """Whether the interrupt landed before erc's first instruction: the interpreter's own
    start-up (``site``), or the console script's ``import re`` that pip writes. erc cannot
    act there; the traceback then names no erc module."""
    said = ran.stderr.decode(errors="replace")
    return "Traceback" in said and f'File "{PACKAGE}' not in said


def _judge(ran: subprocess.CompletedProcess[bytes], as_json: bool) -> None:
    """Ended by SIGINT or finished as usual; never a crash, never a traceback; with
    ``--json`` stdout is empty or one whole document."""
    if _before_erc(ran):
        return
    assert ran.returncode in (-signal.SIGINT, 0, 1), (ran.returncode, ran.stderr.decode())
    assert b"Traceback" not in ran.stderr and b"KeyboardInterrupt" not in ran.stderr
    if as_json and ran.stdout:
        json.loads(ran.stdout)


def _lookups(launcher: Path, tmp_path: Path, module: str) -> int:
    """How many module lookups ``module``'s import makes in ``erc check`` (0: none)."""
    probe = (
        "import sys\n"
        f"module = {module!r}\n"
        "class Count:\n"
        "    seen = 0\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        spec = getattr(sys.modules.get(module), '__spec__', None)\n"
        "        if spec is not None and getattr(spec, '_initializing', False):\n"
        "            Count.seen += 1\n"
        "        return None\n"
        "sys.meta_path.insert(0, Count())\n"
        "from erc.cli import run\n"
        f"run(['check', {str(ENCOUNTERS / 'duel.yaml')!r}, '--json'])\n"
        "sys.stderr.write(str(Count.seen))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", probe],
        env=_env(tmp_path),
        capture_output=True,
        timeout=60,
    )
    return int(ran.stderr.decode().strip().splitlines()[-1])


@pytest.mark.parametrize("module", ["msgspec", "yaml"])
def test_sigint_at_each_lookup_of_an_extensions_import(
    launcher: Path, tmp_path: Path, module: str
) -> None:
    """Issue 32: "an interrupt that lands during `import msgspec` is swallowed, the import
    completes, and the next `convert` segfaults". An interrupt at any lookup of an
    extension's import ends the command by SIGINT, with no traceback."""
    count = _lookups(launcher, tmp_path, module)
    assert count > 0, f"{module} was not imported by check, or imported before erc"
    encounter = str(ENCOUNTERS / "duel.yaml")
    for at in range(1, count + 1):
        ran = subprocess.run(
            [sys.executable, str(launcher), module, str(at), "check", encounter, "--json"],
            env=_env(tmp_path),
            capture_output=True,
            timeout=60,
        )
        _judge(ran, as_json=True)
        assert ran.returncode == -signal.SIGINT, (at, ran.returncode, ran.stderr.decode())
        assert ran.stdout == b"", at


def _timed(tmp_path: Path, argv: list[str], delay: float) -> subprocess.CompletedProcess[bytes]:
    proc = subprocess.Popen(
        argv, env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def _erc_executable() -> str:
    """The console script beside this interpreter (what a user runs), else ``-m erc``."""
    return str(Path(sys.executable).with_name("erc"))


@pytest.mark.parametrize("as_json", [True, False])
def test_fuzz_sigint_at_many_moments_of_check_on_an_uncached_file(
    tmp_path: Path, as_json: bool
) -> None:
    """Issue 32: "a SIGINT 12-35 ms into `erc check` killed it with SIGSEGV"; "Ctrl-C in the
    first milliseconds prints a `KeyboardInterrupt` traceback". The delays spread over a
    whole command's run (measured first), from its first millisecond."""
    script = _erc_executable()
    argv = [script] if os.path.exists(script) else [sys.executable, "-m", "erc"]
    argv += ["check", str(ENCOUNTERS)] + (["--format", "json"] if as_json else [])
    started = time.perf_counter()
    subprocess.run(argv, env=_env(tmp_path), capture_output=True, timeout=60)
    lasts = time.perf_counter() - started
    runs = 400 if LONG else 24
    for n in range(runs):
        ran = _timed(tmp_path, argv, lasts * 1.1 * n / runs)
        _judge(ran, as_json)


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_simulate_workers_stop_when_the_run_is_ended_by_sigterm(tmp_path: Path) -> None:
    """`erc simulate --jobs 2` ended by SIGTERM (a script's `timeout`, `kill`): the workers
    stop at their next fight instead of playing their jobs out with nowhere to report."""
    env = {**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache")}
    args = ["-e", str(ENCOUNTERS / "ambush.yaml"), "-n", "200000", "--jobs", "2", "--json"]
    run = subprocess.Popen(
        [sys.executable, "-m", "erc", "simulate", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
        workers = _children(run.pid)
    assert len(workers) >= 2, "the workers never started"
    time.sleep(0.5)  # inside their jobs
    run.send_signal(signal.SIGTERM)
    assert run.wait(timeout=30) == -signal.SIGTERM
    deadline = time.monotonic() + 20
    while not all(_gone(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all(_gone(pid) for pid in workers)


@pytest.mark.parametrize("how", ["console script", "python -m erc"])
def test_an_interrupt_after_the_command_is_done_ends_it_without_a_traceback(
    tmp_path: Path, how: str
) -> None:
    """Issue 32, the last moments: a SIGINT once the command's output is written (here from
    an exit handler, exactly then) ends the process by SIGINT. It was a ``KeyboardInterrupt``
    traceback ("Exception ignored in atexit callback") under ``python -m erc``, and in the
    few instructions between the command and ``leave`` for the console script (seen once in
    the clock fuzz of ``check``)."""
    start = (
        "from erc.cli import entry; entry()"
        if how == "console script"
        else "import runpy; runpy.run_module('erc', run_name='__main__')"
    )
    program = (
        "import atexit, os, signal, sys\n"
        "atexit.register(lambda: os.kill(os.getpid(), signal.SIGINT))\n"
        "sys.argv = ['erc', 'roll', '1d6', '--seed', '1', '--json']\n"
        f"{start}\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", program], env=_env(tmp_path), capture_output=True, timeout=60
    )
    assert ran.returncode == -signal.SIGINT, (ran.returncode, ran.stderr.decode())
    assert b"Traceback" not in ran.stderr and b"KeyboardInterrupt" not in ran.stderr
    assert json.loads(ran.stdout)["result"]["total"] == 2  # the output was written first


# ``erc`` with a signal sent to it the moment its event is recorded (a script's ``timeout``
# or ``kill``, a closed terminal, landing between the append and the output).
SIGNALLED = """\
import os, signal, sys

number = getattr(signal, sys.argv.pop(1))
from erc.core import session

record = session.Loaded.record


def record_then_signal(self, event):
    recorded = record(self, event)
    os.kill(os.getpid(), number)
    return recorded


session.Loaded.record = record_then_signal
from erc.cli import entry

entry()
"""


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_command_ended_by_a_signal_as_it_records_reports_its_event_first(
    tmp_path: Path, name: str
) -> None:
    """CONTRACT "Combat state": a signal that lands as an event is appended waits for the
    event's output, then ends erc by that signal (SIGTERM and SIGHUP ended it at once: the
    event recorded, its output lost, the script none the wiser)."""
    journal = tmp_path / "j.jsonl"
    argv = ["damage", "Ogre", "3", "-e", str(ENCOUNTERS / "duel.yaml"), "--journal", str(journal)]
    ran = subprocess.run(
        [sys.executable, "-c", SIGNALLED, name, *argv, "--apply", "--json"],
        env=_env(tmp_path),
        capture_output=True,
        timeout=60,
    )
    assert ran.returncode == -getattr(signal, name), ran.stderr.decode()
    assert json.loads(ran.stdout)["applied"]["event"] == 1
    assert len(journal.read_text().splitlines()) == 1
    assert b"Traceback" not in ran.stderr
