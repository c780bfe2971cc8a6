"""``erc batch`` keeps a line's parse and prepared mechanic for the next line that differs only
by its seed (``erc.cli.reuse``, issue 19): whatever it keeps, every envelope is the one the
line run alone, at that point of the fight, gives."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ENCOUNTERS

LINES = [
    "attack Kaela Ogre --seed {n}",
    "attack Kaela Ogre --odds --seed {n}",
    'sneak Kaela Ogre --with "hand axe" --seed={n}',
    "roll-init --seed {n}",
    "competition Kaela Ogre --attr Kaela=agility --seed {n}",
    "status",
    "roll 3d20+4 --vs 14 --seed {n}",
]


def sequence() -> list[str]:
    """Lines repeated with new seeds, with recording lines between them that change what
    the next lines read."""
    out = []
    for n in range(1, 4):
        out += [line.format(n=n) for line in LINES]
        out += [line.format(n=n + 10) for line in LINES]
        out.append(f"attack Kaela Ogre --seed {n} --apply")
        out.append("condition Ogre blind --apply" if n == 1 else "heal Ogre 1 --apply")
        out += [line.format(n=n + 20) for line in LINES]
    return out


def documents(stdout: str) -> list[Any]:
    return [json.loads(line) for line in stdout.splitlines()]


def run_batch(tmp_path: Path, encounter: Path, given: str) -> tuple[int, list[Any]]:
    """``erc batch -e ENCOUNTER`` over ``given`` (no ``ERC_SEED``): its exit code and
    envelopes."""
    env = {**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("ERC_SEED", None)
    ran = subprocess.run(
        [sys.executable, "-m", "erc", "batch", "-e", str(encounter)],
        input=given.encode(),
        capture_output=True,
        env=env,
        timeout=300,
    )
    assert not ran.stderr, ran.stderr
    return ran.returncode, documents(ran.stdout.decode())


def test_batch_envelopes_equal_the_lines_run_alone(erc: Any, tmp_path: Path) -> None:
    duel = tmp_path / "duel.yaml"
    shutil.copy(ENCOUNTERS / "duel.yaml", duel)
    journal = tmp_path / "fight.jsonl"
    lines = sequence()

    def where(line: str) -> str:
        return "" if line.startswith("roll ") else f" --journal {journal}"

    code, batched = run_batch(tmp_path, duel, "".join(f"{line}{where(line)}\n" for line in lines))
    assert code == 0
    journal.unlink()
    alone = []
    for line in lines:
        extra = [] if line.startswith("roll ") else ["--journal", journal, "-e", duel]
        single = erc(*shlex.split(line), *extra, "--json")
        assert single.code == 0, single.err
        alone.append(single.json)
    assert len(batched) == len(alone) == len(lines)
    for line, one, other in zip(lines, batched, alone, strict=True):
        assert one == other, line


def test_an_encounter_edited_between_lines_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even a same-size edit with the modification time put back (its change time moves)."""
    from erc.cli import reuse
    from erc.cli.commands.batch import one

    duel = tmp_path / "duel.yaml"
    shutil.copy(ENCOUNTERS / "duel.yaml", duel)
    journal = tmp_path / "j.jsonl"
    line = f"attack Kaela Ogre -e {duel} --journal {journal} --seed 4\n".encode()
    monkeypatch.setattr(reuse, "ON", True)
    first = one(1, line)
    again = one(2, line)
    assert first is not None and again is not None
    assert again["result"] == first["result"]
    info = duel.stat()
    text = duel.read_text()
    edited = text.replace("ac: 13\n    body: 40", "ac: 19\n    body: 40", 1)
    assert len(edited) == len(text) and edited != text
    duel.write_text(edited)
    os.utime(duel, ns=(info.st_atime_ns, info.st_mtime_ns))
    after = one(3, line)
    assert after is not None
    assert [p["ac"] for p in after["result"]["plan"]] == [19, 19]
    assert [p["ac"] for p in first["result"]["plan"]] == [13, 13]


def test_another_process_appending_is_seen(
    erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from erc.cli import reuse
    from erc.cli.commands.batch import one

    duel = tmp_path / "duel.yaml"
    shutil.copy(ENCOUNTERS / "duel.yaml", duel)
    journal = tmp_path / "j.jsonl"
    line = f"attack Kaela Ogre -e {duel} --journal {journal} --seed 4\n".encode()
    monkeypatch.setattr(reuse, "ON", True)
    before = one(1, line)
    monkeypatch.setattr(reuse, "ON", False)
    assert erc("damage", "Ogre", "5", "-e", duel, "--journal", journal, "--apply").code == 0
    monkeypatch.setattr(reuse, "ON", True)
    after = one(2, line)
    assert before is not None and after is not None
    assert (
        after["result"]["targets"][0]["body_before"]
        == before["result"]["targets"][0]["body_before"] - 5
    )


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("attack Kaela Ogre --seed 5\n", True),
        ('sneak Kaela Ogre --with "hand axe" --seed 5 # a comment\n', True),
        ("attack Kaela Ogre --seed 0\n", True),
        ('attack Kaela "Ogre --seed 5" --seed 5\n', False),  # the first digits are a name's
        ("attack Kaela 'Ogre --seed 5 ' --seed 5\n", False),
        ("attack Kaela Ogre --seed 5 # --seed 5\n", True),
    ],
)
def test_a_line_is_kept_by_its_seeds_digits_only_when_they_are_its_seed(
    line: str, kept: bool
) -> None:
    """``erc batch`` keeps a line by its bytes around the digits of its first ``--seed N``;
    only when a line with other digits there splits into the same words but its seed."""
    from erc.cli.commands.batch import _SEED, _seen_key, _words
    from erc.cli.reuse import without_seed

    raw = line.encode()
    args = _words(line)
    at = args.index("--seed") + 1
    _, seed = without_seed(args)
    assert seed is not None
    key = _seen_key(raw, None, args, _SEED.search(raw), seed)
    assert (key is not None) is kept
    if key is not None:
        _, before, after = key
        assert seed == "5" or seed == "0"
        other = _words((before + b"123" + after).decode())
        assert other == [*args[:at], "123", *args[at + 1 :]]


def test_digits_that_are_not_the_seed_are_never_taken_for_it(erc: Any, tmp_path: Path) -> None:
    """A combatant named with a ``--seed N`` in it: lines differing in those digits name
    different combatants, and each envelope is the one the line run alone gives."""
    duel = tmp_path / "duel.yaml"
    text = (ENCOUNTERS / "duel.yaml").read_text()
    duel.write_text(text.replace("- name: Ogre", '- name: "Ogre --seed 5"', 1))
    journal = tmp_path / "none.jsonl"
    lines = [
        'attack Kaela "Ogre --seed 5" --seed 5',
        'attack Kaela "Ogre --seed 6" --seed 5',  # no such combatant
        'attack Kaela "Ogre --seed 5" --seed 7',
        'attack Kaela "Ogre --seed 5" --seed 5',
    ]
    code, batched = run_batch(
        tmp_path, duel, "".join(f"{line} --journal {journal}\n" for line in lines)
    )
    assert code == 2  # the second line
    codes = [b.get("error", {}).get("code") for b in batched]
    assert codes == [None, "unknown-combatant", None, None]
    for line, one in zip(lines, batched, strict=True):
        single = erc(*shlex.split(line), "--journal", journal, "-e", duel, "--json")
        if "error" in one:
            assert one["error"]["message"] == single.error["message"]
        else:
            assert one == single.json


def test_a_seed_word_that_is_another_option_s_value_is_not_taken_for_the_seed(
    erc: Any, tmp_path: Path
) -> None:
    """``--journal --seed 5`` gives --journal the value ``--seed`` (and 5 is a name): a line
    kept without its ``--seed N`` must read, whole, as that line and its seed."""
    duel = tmp_path / "duel.yaml"
    shutil.copy(ENCOUNTERS / "duel.yaml", duel)
    lines = [
        f"attack Kaela Ogre {options} {n}"
        for options in ("--journal --seed", "--split --seed", f"--journal {tmp_path}/j --seed")
        for n in (5, 6, 5)
    ]
    code, batched = run_batch(tmp_path, duel, "".join(f"{line}\n" for line in lines))
    assert code == 2
    for line, one in zip(lines, batched, strict=True):
        alone = erc(*shlex.split(line), "-e", duel, "--json")
        if "error" in one:
            assert one["error"] == alone.error, line
        else:
            assert alone.code == 0 and one == alone.json, line
