"""``make bench``: erc's latency and throughput, measured honestly on this machine.

- one-shot: ``erc attack ... --json`` and ``erc roll-init ... --json`` against
  ``python -c 'import yaml'`` (same interpreter), interleaved in the same run; medians and
  the median ratio (target <= 2.5, aim 2.0);
- ``erc batch`` over 2,000 attack lines: resolutions per second (target >= 5,000);
- ``--odds`` of a seven-die sneak attack, in process: milliseconds (target < 5);
- loading a 200-combatant encounter, in process: milliseconds (target < 40).
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DUEL = str(ROOT / "encounters" / "duel.yaml")
BIN = Path(sys.executable).parent
ERC = str(BIN / "erc") if (BIN / "erc").exists() else None
ROUNDS = int(os.environ.get("ERC_BENCH_ROUNDS", "40"))


def wall(argv: list[str], stdin: bytes | None = None) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        argv, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    elapsed = time.perf_counter() - start
    if done.returncode not in (0,):
        raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}: {done.stderr[-300:]!r}")
    return elapsed


def in_process(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def one_shot() -> tuple[float, float, float]:
    erc = [ERC or sys.executable, *([] if ERC else ["-m", "erc"])]
    cases = {
        "yaml": [sys.executable, "-c", "import yaml"],
        "attack": [*erc, "attack", "Kaela", "Ogre", "-e", DUEL, "--json", "--seed", "1"],
        "roll-init": [*erc, "roll-init", "-e", DUEL, "--json", "--seed", "1"],
    }
    for argv in cases.values():  # warm the file cache and the byte-code
        wall(argv)
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(ROUNDS):
        for name, argv in cases.items():
            times[name].append(wall(argv))
    medians = {name: statistics.median(values) for name, values in times.items()}
    return medians["yaml"], medians["attack"], medians["roll-init"]


def batch_rate(lines: int = 2000) -> float:
    erc = [ERC or sys.executable, *([] if ERC else ["-m", "erc"])]
    text = "".join(f"attack Kaela Ogre -e {DUEL} --seed {i}\n" for i in range(lines)).encode()
    with tempfile.TemporaryDirectory() as tmp:
        env_journal = os.path.join(tmp, "none.jsonl")
        os.environ["ERC_JOURNAL"] = env_journal
        try:
            elapsed = min(wall([*erc, "batch"], text) for _ in range(3))
        finally:
            del os.environ["ERC_JOURNAL"]
    return lines / elapsed


SEVEN = """erc: 1
combatants:
  - {name: Shade, ac: 14, body: 20, attributes: {strength: 4, agility: 6},
     pools: {primary: 5}, styles: [slashing],
     weapons: [{name: stiletto, kind: melee, weight: light, damage_type: piercing,
                properties: [light]}]}
  - {name: Guard, ac: 15, body: 30, resist: [piercing]}
"""


def odds_ms(tmp: str) -> float:
    from erc.cli import run

    path = os.path.join(tmp, "seven.yaml")
    Path(path).write_text(SEVEN)
    argv = [
        "sneak",
        "Shade",
        "Guard",
        "-e",
        path,
        "--odds",
        "--json",
        "--journal",
        os.path.join(tmp, "j.jsonl"),
    ]
    devnull = open(os.devnull, "w")  # noqa: SIM115
    real = sys.stdout
    sys.stdout = devnull
    try:
        if run(argv) != 0:
            raise RuntimeError("sneak --odds failed")
        return in_process(lambda: run(argv), 50) * 1000
    finally:
        sys.stdout = real
        devnull.close()


def load_ms(tmp: str) -> tuple[float, float]:
    """Loading 200 combatants: parsed and validated (cache off), and a warm cache hit."""
    from erc.core.encounter import load

    lines = ["erc: 1", "name: Two hundred", "combatants:"]
    for i in range(200):
        lines += [
            f"  - name: Fighter {i}",
            f"    side: {'red' if i % 2 else 'blue'}",
            "    species: human",
            "    ac: 13",
            "    body: 20",
            "    attributes: {strength: 4, agility: 3, resilience: 2, perception: 2}",
            "    pools: {primary: 2, off: 1}",
            "    styles: [slashing]",
            "    weapons:",
            "      - {name: sword, kind: melee, weight: medium, damage_type: edged, hand: primary}",
            "      - {name: dagger, kind: melee, weight: light, damage_type: piercing, hand: off}",
            "    armor: light",
        ]
    path = os.path.join(tmp, "big.yaml")
    Path(path).write_text("\n".join(lines) + "\n")
    os.environ["ERC_CACHE_DIR"] = os.path.join(tmp, "cache")
    os.environ["ERC_CACHE"] = "off"
    load(path)
    cold = in_process(lambda: load(path), 30) * 1000
    del os.environ["ERC_CACHE"]
    load(path)
    warm = in_process(lambda: load(path), 30) * 1000
    return cold, warm


def main() -> int:
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, {platform.system()} {platform.release()}"
    )
    rows: list[tuple[str, str, str, bool]] = []
    base, attack, init = one_shot()
    ratio_attack, ratio_init = attack / base, init / base
    rows.append(("python -c 'import yaml'", f"{base * 1000:.1f} ms", "baseline", True))
    rows.append(
        (
            "erc attack --json",
            f"{attack * 1000:.1f} ms  ratio {ratio_attack:.2f}",
            "ratio <= 2.5",
            ratio_attack <= 2.5,
        )
    )
    rows.append(
        (
            "erc roll-init --json",
            f"{init * 1000:.1f} ms  ratio {ratio_init:.2f}",
            "ratio <= 2.5",
            ratio_init <= 2.5,
        )
    )
    rate = batch_rate()
    rows.append(
        ("erc batch, 2,000 attacks", f"{rate:,.0f} resolutions/s", ">= 5,000", rate >= 5000)
    )
    with tempfile.TemporaryDirectory() as tmp:
        odds = odds_ms(tmp)
        rows.append(("sneak --odds, seven dice", f"{odds:.2f} ms", "< 5 ms", odds < 5))
        cold, warm = load_ms(tmp)
        rows.append(("load 200 combatants (parse)", f"{cold:.1f} ms", "< 40 ms", cold < 40))
        rows.append(("load 200 combatants (cached)", f"{warm:.1f} ms", "", True))
    width = max(len(r[0]) for r in rows)
    for name, value, target, ok in rows:
        print(f"{name:<{width}}  {value:<30} {target:<14} {'ok' if ok else 'MISSED'}")
    return 0 if all(r[3] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
