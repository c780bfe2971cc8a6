"""``erc batch`` against each line run alone: many generated lines of every ruleset (every
read-only command that takes ``--seed``, the seed spelt every way a script spells it, ``-e``
on the line or not, ``--rolls`` lines of the same shape), with recording lines between them
that change what the next lines read. Every envelope is, byte for byte, what the same line
gives run alone at that point of the fight (``erc LINE --json``); an error line's error is
the one the line alone reports.

The batch runs in one process of its own (so ``erc.cli.reuse`` and the ``_seen`` lines keep
what they keep, and msgspec writes the envelopes after the first ``NATIVE_AFTER``); each
line alone runs in this process, in order, on fresh copies of the same files."""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from erc import rulesets
from erc.cli.outputs import names
from tests.conftest import ENCOUNTERS
from tests.output_corpus import (
    EL,
    EL_PREVIEWS,
    ER_PREVIEWS,
    SC,
    SC_PREVIEWS,
    _edited,
    _run,
    takes_dice,
)

NAMES = "names.yaml"
"""duel.yaml with Fenn called 5 and the Ogre "Ogre 12": names of digits."""
PREVIEWS = {"er": ER_PREVIEWS, "spellchrome": SC_PREVIEWS, "elysium": EL_PREVIEWS}
EXTRA = {  # read-only commands with --seed that the corpus previews do not run
    "er": [
        ("duel.yaml", ["simulate", "-n", "3"]),
        ("join-duel.yaml", ["join", "Grub"]),
        ("", ["roll", "3d20+4", "--vs", "14"]),  # (no encounter)
        ("", ["roll", "2d12kh1+3"]),
        (NAMES, ["attack", "Kaela", "5"]),  # a combatant named 5
        (NAMES, ["attack", "5", "Ogre 12"]),
        (NAMES, ["competition", "Ogre 12", "5"]),
    ],
    "spellchrome": [
        (SC, ["simulate", "-n", "2"]),
        (SC, ["delay", "Vex", "--after", "Sentinel"]),
        (f"join-{SC}", ["join", "Drone"]),
    ],
    "elysium": [
        (EL, ["simulate", "-n", "2"]),
        (f"grab-{EL}", ["escape", "Beldo", "--with", "escape"]),
        (f"join-{EL}", ["join", "Goblin"]),
        (EL, ["skill", "Kharza", "athletics", "--vs", "12"]),
        (EL, ["social", "intimidate", "Beldo", "Ogre"]),
        (EL, ["cast", "Kharza", "Ogre", "--spell", "Immolate", "--level", "2"]),
    ],
}
ROLLS = [  # lines of a kept line's shape, with physical dice
    ("duel.yaml", ["competition", "Kaela", "Ogre"], "5,6"),
    ("duel.yaml", ["competition", "Kaela", "Ogre"], "12,1"),
    ("ambush.yaml", ["perceive", "Thorin", "--disadvantage", "--dc", "10"], "3,17"),
    ("ambush.yaml", ["feat", "Thorin", "strength", "--comp", "12"], "11"),
    (EL, ["attack", "Kharza", "Ogre"], "10,1"),
    (SC, ["ability", "Vex", "dexterity", "--dc", "15"], "14"),
]
RECORDING = {  # lines that change the state the next lines read
    NAMES: ["damage 'Ogre 12' 3 --apply", "heal 5 1 --apply"],
    "duel.yaml": [
        "damage Ogre 3 --apply",
        "heal Ogre 1 --apply",
        "condition Ogre prone --apply",
        "roll-init --apply --seed 9",
        "attack Kaela Ogre --apply --seed 4",
        "undo",
    ],
    "ambush.yaml": ["damage Thorin 2 --apply", "condition Mira blind --apply", "undo"],
    "stealth.yaml": ["damage Pip 1 --apply", "undo"],
    SC: ["damage Sentinel 4 --apply", "roll-init --apply --seed 2", "undo"],
    EL: ["damage Ogre 5 --apply", "roll-init --apply --seed 3", "undo"],
}


def spellings(path: str, args: list[str], seed: int) -> list[str]:
    """The line with its seed spelt the ways a script spells it (``-e`` among them, for a
    line with an encounter)."""
    words = shlex.join(args)
    command, rest = shlex.quote(args[0]), shlex.join(args[1:])
    ways = [
        f"{words} --seed {seed}",
        f"{words} --seed={seed}",
        f"{command} --seed {seed} {rest}",
        f"{words} --seed 0{seed}",
        f"{words} '--seed' {seed}",
        f'{words} "--seed={seed}"',
        f"{command} -e {shlex.quote(path)} {rest} --seed {seed}",
        f"{words} --seed {seed} -e {shlex.quote(path)}",
        f"{words} --seed {seed}  # a comment",
    ]
    return ways if path else [w for w in ways if " -e " not in w]


def generated(folder: Path, rng: random.Random, seeded: bool = True) -> list[tuple[str, str]]:
    """(encounter, line) pairs: each preview under several spellings and seeds, the
    ``--rolls`` lines, shuffled, a recording line of the same file every few lines."""
    lines: list[tuple[str, str]] = []
    for ruleset, previews in PREVIEWS.items():
        for name, args in [*previews, *EXTRA[ruleset]]:
            if "--apply" in args or "--rolls" in args or not takes_dice(ruleset, args[0]):
                continue
            path = str(folder / name) if name else ""
            ways = spellings(path, args, 0)
            if not seeded:  # ERC_SEED seeds them
                lines += [(path, shlex.join(args))] * 2
                continue
            for seed in rng.sample(range(1, 40), 3):
                pick = rng.randrange(len(ways))
                lines.append((path, spellings(path, args, seed)[pick]))
                lines.append((path, f"{shlex.join(args)} --seed {seed}"))
    for name, args, rolls in ROLLS:
        path = str(folder / name)
        lines += [
            (path, f"{shlex.join(args)} --seed 3"),
            (path, f"{shlex.join(args)} --rolls {rolls}"),
        ]
        lines.append((path, f"{shlex.join(args)} --seed 4"))
    rng.shuffle(lines)
    out: list[tuple[str, str]] = []
    for i, (path, line) in enumerate(lines):
        out.append((path, line))
        if i % 7 == 6:
            name = rng.choice(sorted(RECORDING))
            out.append((str(folder / name), rng.choice(RECORDING[name])))
    return out


JOINS = {"duel.yaml": ("Kaela", "Grub"), SC: ("Wren", "Drone"), EL: ("Kharza", "Goblin")}
"""Per file, a copy whose fight has begun (``join-FILE``), then one combatant's block copied
under a new name: a combatant to ``join``."""


def fresh(folder: Path) -> None:
    """The shipped encounters and ``NAMES``, no journal but those of ``JOINS``' copies
    (a round begun) and of ``grab-`` Elysium's (the Ogre holds Beldo, who may ``escape``)."""
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(ENCOUNTERS, folder)
    text = (folder / "duel.yaml").read_text()
    text = text.replace("name: Fenn\n", 'name: "5"\n').replace("name: Ogre\n", 'name: "Ogre 12"\n')
    (folder / NAMES).write_text(text)
    for name, newcomer in JOINS.items():
        path = folder / f"join-{name}"
        shutil.copy(folder / name, path)
        recorded(["roll-init", "-e", str(path), "--apply", "--seed", "1"])
        _edited(path, (newcomer[0], newcomer[0]), newcomer).replace(path)
    grab = folder / f"grab-{EL}"
    shutil.copy(folder / EL, grab)
    recorded(["grab", "Ogre", "Beldo", "-e", str(grab), "--apply", "--rolls", "10,1"])


def recorded(args: list[str]) -> None:
    code, _, err = _run(args)
    assert code == 0, (args, err)


def untimed(text: str) -> str:
    """An envelope without the times its events were recorded at (``undo`` shows one)."""
    return re.sub(r'"at":"[^"]*"', '"at":"..."', text)


def difference(line: str, batch: str, single: str) -> str:
    """Where the batch's envelope and the line's own first differ."""
    at = next((i for i, (a, b) in enumerate(zip(batch, single, strict=False)) if a != b), 0)
    return f"{line}: batch ...{batch[at - 80 : at + 80]} alone ...{single[at - 80 : at + 80]}"


def named(path: str, line: str) -> str:
    """The line with ``-e PATH`` after its command, unless it names its file (or has
    none: ``roll``)."""
    if " -e " in line or not path:
        return line
    command, _, rest = line.partition(" ")
    return f"{command} -e {shlex.quote(path)} {rest}"


@pytest.mark.parametrize("seeded", [True, False], ids=["--seed", "ERC_SEED"])
def test_every_batch_envelope_is_the_line_s_own(
    erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seeded: bool
) -> None:
    folder = tmp_path / "encounters"
    fresh(folder)
    lines = generated(folder, random.Random(2934), seeded)
    assert len(lines) > (500 if seeded else 200)
    stdin = "".join(f"{named(path, line)}\n" for path, line in lines)
    if seeded:
        monkeypatch.delenv("ERC_SEED", raising=False)
    else:
        monkeypatch.setenv("ERC_SEED", "2934")
    env = {**os.environ}
    ran = subprocess.run(
        [sys.executable, "-m", "erc", "batch"],
        input=stdin.encode(),
        capture_output=True,
        env=env,
        timeout=600,
    )
    assert b"Traceback" not in ran.stderr, ran.stderr.decode()
    batched = ran.stdout.decode().splitlines()
    assert len(batched) == len(lines)
    fresh(folder)
    mismatched = []
    for (path, line), got in zip(lines, batched, strict=True):
        single = erc(*shlex.split(named(path, line), comments=True), "--json")
        document = json.loads(got)
        if "error" in document:
            if single.code != 2 or json.loads(single.err)["error"] != document["error"]:
                mismatched.append((line, got, single.out or single.err))
        elif single.code != 0 or untimed(single.out) != untimed(got + "\n"):
            mismatched.append((line, got, single.out or single.err))
    assert not mismatched, [difference(*m) for m in mismatched[:3]]
    errors = sum("error" in json.loads(got) for got in batched)
    assert errors < len(lines) / 10  # the lines are good ones, mostly
    resolved = {
        (d["ruleset"] or "er", d["command"]) for d in map(json.loads, batched) if "error" not in d
    }
    resolved |= {(r, "roll") for r in PREVIEWS if ("er", "roll") in resolved}
    wanted = {
        (ruleset, name)
        for ruleset in PREVIEWS
        for name in names(rulesets.get(ruleset))
        if takes_dice(ruleset, name)
    }
    assert wanted <= resolved, wanted - resolved  # every read-only command with --seed
