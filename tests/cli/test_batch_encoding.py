"""``erc batch`` writes its envelopes with msgspec straight from the result objects
(``erc.core.envelope.native_hook``, issue "Speed at the interpreter's floor": no dict in
between); a one-shot command writes ``to_data``'s dicts with the standard library. Both must
be the same JSON values for every command of every ruleset: each reproducible output of the
corpus (tests/output_corpus.py: the previews, on a journal nothing is applied to, dice from
``--seed`` or ``--rolls``) is run
again as a batch line and compared with what the command wrote alone.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from erc.cli import reuse
from erc.cli.commands.batch import NATIVE_AFTER, _encoder, one
from erc.core.envelope import _UNPLAIN, Value, native_hook, to_data
from tests.conftest import ENCOUNTERS
from tests.output_corpus import EL_FIGHT, ER_FIGHT, SC_FIGHT, Output, _run, collected

REPRODUCIBLE_SKIP = ("check", "schema", "status", "log", "undo", "batch")
"""Commands whose output depends on the files' or journal's state at the time, or that
write no envelope of the ordinary kind."""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Output]:
    return collected(tmp_path_factory)


def reproducible(output: Output) -> bool:
    args = output.args
    journal = args[args.index("--journal") + 1] if "--journal" in args else ""
    return (
        not output.batch
        and output.command not in ("error", *REPRODUCIBLE_SKIP)
        and "--apply" not in args
        and journal.endswith("-preview.journal.jsonl")  # never applied to
        and ("--seed" in args or "--rolls" in args or "--odds" in args)
    )


def exact(text: str | bytes) -> Any:
    """JSON as data that keeps what ``==`` on parsed JSON forgets: each object's key order
    and each number's type (``1``, ``1.0`` and ``true`` differ)."""

    def mark(value: Any) -> Any:
        if isinstance(value, Pairs):
            return ("object", [(k, mark(v)) for k, v in value])
        if isinstance(value, list):
            return [mark(v) for v in value]
        return (type(value).__name__, value)

    return mark(json.loads(text, object_pairs_hook=Pairs))


class Pairs(list[tuple[str, Any]]):
    """A JSON object's members, in order."""


def test_batch_lines_encode_as_the_command_alone_for_every_command(corpus: list[Output]) -> None:
    chosen = [o for o in corpus if reproducible(o)]
    assert {(o.ruleset, o.command) for o in chosen} >= {
        ("er", "attack"),
        ("er", "sneak"),
        ("er", "roll-init"),
        ("spellchrome", "attack"),
        ("elysium", "attack"),
    }
    encode = _encoder(ascii_only=False, native_after=0)  # msgspec's, from the first
    reuse.ON = True
    try:
        for number, output in enumerate(chosen, 1):
            alone = exact(json.dumps(output.document))  # as the command wrote it, in order
            line = shlex.join(output.args).encode()
            for _ in range(2):  # the second time: prepared, and the classes described
                document = one(number, line, objects=True)
                assert document is not None and "error" not in document, (output.args, document)
                assert exact(encode(document)) == alone, output.args
    finally:
        reuse.ON = False


def test_only_plain_classes_without_subclasses_are_described() -> None:
    """A class with a set (sorted by to_data), a mapping or a fraction is never encoded
    natively; a described class that gains a subclass loses its description (the subclass
    would inherit one without its own fields); the encoding is to_data's, byte for byte."""
    from erc.core.value import Value as Base

    class Plain(Base):
        zeta: int
        alpha: str
        mid: tuple[int, ...] = ()

    class WithSet(Base):
        tags: frozenset[str]

    encoder = msgspec.json.Encoder(enc_hook=native_hook)
    values: list[Any] = [Plain(1, "x", (2,)), WithSet(frozenset({"z", "a", "m"}))]
    for _ in range(2):  # the first pass describes what it may
        assert encoder.encode(values) == json.dumps(to_data(values), separators=(",", ":")).encode()
    assert encoder.encode(values[0]) == b'{"zeta":1,"alpha":"x","mid":[2]}'  # declared order
    assert "__dataclass_fields__" in Plain.__dict__
    assert [f.name for f in dataclasses.fields(Plain(1, "x"))] == ["zeta", "alpha", "mid"]
    assert dataclasses.is_dataclass(Plain) and dataclasses.asdict(Plain(1, "x", (2,))) == {
        "zeta": 1,
        "alpha": "x",
        "mid": (2,),
    }  # the description is the standard one, read by the standard library too
    assert "__dataclass_fields__" not in WithSet.__dict__
    assert encoder.encode(values[1]) == b'{"tags":["a","m","z"]}'  # sorted, as to_data does

    class Sub(Plain):
        extra: int = 0

    assert "__dataclass_fields__" not in Plain.__dict__  # taken away by the subclass
    for _ in range(2):
        assert encoder.encode(Sub(1, "x")) == b'{"zeta":1,"alpha":"x","mid":[],"extra":0}'
        assert encoder.encode(Plain(1, "x")) == b'{"zeta":1,"alpha":"x","mid":[]}'
    assert "__dataclass_fields__" in Sub.__dict__ and "__dataclass_fields__" not in Plain.__dict__
    assert Value is Base and "frozenset" in _UNPLAIN


@pytest.mark.parametrize("ruleset", ["er", "spellchrome", "elysium"])
def test_a_fight_in_a_batch_writes_what_its_commands_write_alone(
    ruleset: str, tmp_path: Path
) -> None:
    """The corpus's fights (every journal command, --apply, --key replays, undo, status
    after events of every kind) run once command by command and once as one batch, each
    on its own copy of the encounters: the same envelopes, line for line (but the times
    events were recorded at)."""
    fight = {"er": ER_FIGHT, "spellchrome": SC_FIGHT, "elysium": EL_FIGHT}[ruleset]
    alone_dir, batch_dir = tmp_path / "alone", tmp_path / "batch"
    for folder in (alone_dir, batch_dir):
        shutil.copytree(ENCOUNTERS, folder)
    alone = []
    for name, args in fight:
        code, out, err = _run([*args, "--json", "-e", str(alone_dir / name)])
        assert code == 0, (args, err)
        alone.append(json.loads(out))
    lines = [shlex.join([*args, "-e", str(batch_dir / name)]) for name, args in fight]
    code, out, err = _run(["batch"], ("\n".join(lines) + "\n").encode())
    assert code == 0, err
    batched = [
        json.loads(text) for text in out.replace(str(batch_dir), str(alone_dir)).split("\n") if text
    ]
    assert len(batched) == len(alone)
    for args, one_line, by_itself in zip(fight, batched, alone, strict=True):
        assert exact(json.dumps(untimed(one_line))) == exact(json.dumps(untimed(by_itself))), args


def untimed(data: Any) -> Any:
    """The data with each event's time (``at``: when it was recorded) left out."""
    if isinstance(data, dict):
        return {k: untimed(v) for k, v in data.items() if k != "at"}
    if isinstance(data, list):
        return [untimed(v) for v in data]
    return data


@pytest.mark.parametrize(("lines", "imported"), [(3, False), (NATIVE_AFTER + 5, True)])
def test_a_short_batch_never_imports_msgspec(
    lines: int, imported: bool, tmp_path: Path, erc: Any
) -> None:
    """The first ``NATIVE_AFTER`` envelopes are written by the standard library, so a short
    batch starts as fast as one command; a longer one imports msgspec for the rest, and
    every line is the same JSON either way."""
    duel = ENCOUNTERS / "duel.yaml"
    journal = tmp_path / "j.jsonl"
    given = "".join(f"attack Kaela Ogre --seed {n} --journal {journal}\n" for n in range(lines))
    probe = (
        "import sys\nfrom erc.cli import main\nsys.argv = ['erc', 'batch', '-e', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('msgspec' in sys.modules, file=sys.stderr)\n"
    )
    env = {**os.environ, "ERC_CACHE_DIR": str(tmp_path / "cache")}
    for _ in range(2):  # the second time with the encounter cached (a first read validates)
        ran = subprocess.run(
            [sys.executable, "-c", probe, str(duel)],
            input=given.encode(),
            capture_output=True,
            env=env,
            timeout=300,
        )
    assert ran.stderr.decode().split() == [str(imported)]
    written = [json.loads(line) for line in ran.stdout.decode().splitlines()]
    assert [d["seed"] for d in written] == list(range(lines))
    for n in (0, lines - 1):
        alone = erc(
            "attack", "Kaela", "Ogre", "-e", duel, "--seed", n, "--journal", journal, "--json"
        )
        assert written[n] == alone.json
