"""``erc batch`` writes its envelopes with msgspec straight from the result objects
(``erc.core.envelope.native_hook``, issue "Speed at the interpreter's floor": no dict in
between); a one-shot command writes ``to_data``'s dicts with the standard library. Both must
be the same JSON values for every command of every ruleset: each reproducible output of the
corpus (tests/output_corpus.py: the previews, on a journal nothing is applied to, dice from
``--seed`` or ``--rolls``) is run
again as a batch line and compared with what the command wrote alone.
"""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path
from typing import Any

import msgspec
import pytest

from erc.cli import reuse
from erc.cli.commands.batch import _encoder, one
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


def test_batch_lines_encode_as_the_command_alone_for_every_command(corpus: list[Output]) -> None:
    chosen = [o for o in corpus if reproducible(o)]
    assert {(o.ruleset, o.command) for o in chosen} >= {
        ("er", "attack"),
        ("er", "sneak"),
        ("er", "roll-init"),
        ("spellchrome", "attack"),
        ("elysium", "attack"),
    }
    encode = _encoder(ascii_only=False)
    reuse.ON = True
    try:
        for number, output in enumerate(chosen, 1):
            line = shlex.join(output.args).encode()
            document = one(number, line, objects=True)
            assert document is not None and "error" not in document, (output.args, document)
            assert json.loads(encode(document)) == output.document, output.args
            again = one(
                number, line, objects=True
            )  # a repeated line: prepared, classes marked by now
            assert again is not None
            assert json.loads(encode(again)) == output.document, output.args
    finally:
        reuse.ON = False


def test_only_plain_classes_straight_on_value_are_marked() -> None:
    """A class with a set (sorted by to_data), a mapping or a fraction is never encoded
    natively; nor is a subclass (msgspec would write its slots in another order)."""
    from erc.core.value import Value as Base

    class Plain(Base):
        a: int
        b: str
        c: tuple[int, ...] = ()

    class WithSet(Base):
        tags: frozenset[str]

    class Sub(Plain):
        d: int = 0

    encoder = msgspec.json.Encoder(enc_hook=native_hook)
    values: list[Any] = [Plain(1, "x", (2,)), WithSet(frozenset({"z", "a", "m"})), Sub(1, "x")]
    for _ in range(2):  # the first pass marks what it may
        assert json.loads(encoder.encode(values)) == to_data(values)
        assert encoder.encode(values[2]) == b'{"a":1,"b":"x","c":[],"d":0}'
    assert "__attrs_attrs__" in Plain.__dict__
    assert "__attrs_attrs__" not in WithSet.__dict__ and "__attrs_attrs__" not in Sub.__dict__
    assert [f.name for f in Plain.__attrs_attrs__] == ["a", "b", "c"]  # type: ignore[attr-defined]
    assert encoder.encode(WithSet(frozenset({"z", "a", "m"}))) == b'{"tags":["a","m","z"]}'
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
        assert untimed(one_line) == untimed(by_itself), args


def untimed(data: Any) -> Any:
    """The data with each event's time (``at``: when it was recorded) left out."""
    if isinstance(data, dict):
        return {k: untimed(v) for k, v in data.items() if k != "at"}
    if isinstance(data, list):
        return [untimed(v) for v in data]
    return data
