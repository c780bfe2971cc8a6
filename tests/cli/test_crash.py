"""Crash and retry (issue 15, "Done when"): commands killed with SIGKILL at any moment of an
``--apply``, hundreds of times, then retried with their ``--key`` until they succeed: the
journal still folds, and every success reported is in it exactly once."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.conftest import ENCOUNTERS

KILLS = 240
WORKERS = 4


def erc_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "erc", *args]


def test_kill_9_during_apply_then_retry_with_key(tmp_path: Path) -> None:
    journal = tmp_path / "fight.journal.jsonl"
    duel = str(ENCOUNTERS / "duel.yaml")
    env = {**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("ERC_SEED", None)

    def apply(key: str) -> subprocess.Popen[bytes]:
        argv = erc_argv(
            "damage",
            "Ogre",
            "0",
            "-e",
            duel,
            "--journal",
            str(journal),
            "--apply",
            "--json",
            "--key",
            key,
        )
        return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)

    started = time.perf_counter()  # how long one whole command takes on this machine,
    apply("warm").communicate()  # busy as it will be, so that most kills land during one
    with ThreadPoolExecutor(WORKERS) as pool:
        list(pool.map(lambda n: apply(f"warm{n}").communicate(), range(WORKERS)))
    lasts = (time.perf_counter() - started) / 2

    def attempt(n: int) -> tuple[str, bool]:
        """One command killed at a random moment of its run (or just after it); whether it
        reported success first."""
        key = f"k{n}"
        chance = random.Random(n)
        proc = apply(key)
        time.sleep(chance.uniform(0.0, 1.5 * lasts))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        return key, proc.returncode == 0 and b'"applied"' in out

    with ThreadPoolExecutor(WORKERS) as pool:
        attempts = list(pool.map(attempt, range(KILLS)))
    killed = sum(1 for _, ok in attempts if not ok)
    assert killed >= KILLS // 4, killed  # the kills landed during the commands, not after

    reported = {key for key, ok in attempts if ok}
    for key, _ in attempts:  # every retry until it succeeds: at most once in the journal
        for _ in range(3):
            proc = apply(key)
            out, err = proc.communicate()
            if proc.returncode == 0:
                envelope = json.loads(out)
                assert key not in reported or envelope["applied"].get("replayed") is True
                reported.add(key)
                break
        else:
            raise AssertionError(f"{key} never succeeded: {err.decode()}")

    status = subprocess.run(
        erc_argv("status", "-e", duel, "--journal", str(journal), "--json"),
        capture_output=True,
        env=env,
    )
    assert status.returncode == 0, status.stderr
    events = [json.loads(line) for line in journal.read_text().splitlines() if line.strip()]
    keys = [e.get("key") for e in events]
    warm = {"warm", *(f"warm{n}" for n in range(WORKERS))}
    assert sorted(k for k in keys if k not in warm) == sorted(reported - warm)
    assert sorted(reported - warm) == sorted(k for k, _ in attempts)
    assert [e["id"] for e in events] == list(range(1, len(events) + 1))
