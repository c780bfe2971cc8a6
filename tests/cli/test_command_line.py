"""Issue 29: each command declares its command line once (``erc.core.mechanic.Option`` and
``Argument`` as its parameters' defaults); the fast parser and Typer's command are both
read from that declaration, and one tokenizer reads every argument list."""

from __future__ import annotations

from typing import Any

import pytest

from erc.cli.app import command_for
from erc.cli.boundary import params
from erc.cli.fast import ENCOUNTER, spec_of, split
from erc.cli.registry import commands, load_command
from erc.core.mechanic import Declared, Option, Param, declared
from erc.rulesets import available, get

EVERY = [(r, c) for r in available() for c in commands(get(r))]


@pytest.mark.parametrize(("ruleset", "name"), EVERY, ids=[f"{r}-{c}" for r, c in EVERY])
def test_typer_shows_the_declared_line(ruleset: str, name: str) -> None:
    """The click command Typer builds has exactly the declared parameters, with the same
    spellings, arity, requirement, limits and choices as the fast parser reads."""
    spec = spec_of(ruleset, name)
    assert spec is not None
    click = command_for(ruleset).commands[name]
    shown = [p for p in click.params if p.name != "help"]
    assert [p.name for p in shown] == [p.name for p in spec.params]
    for typer_param, param in zip(shown, spec.params, strict=True):
        assert typer_param.param_type_name == param.kind
        assert bool(typer_param.required) == param.required, param.name
        assert typer_param.multiple == param.multiple, param.name
        assert typer_param.nargs == param.nargs, param.name
        if param.kind == "option":
            assert list(typer_param.opts) == param.opts
            assert list(typer_param.secondary_opts) == param.secondary
            assert bool(typer_param.is_flag) == param.flag, param.name
        kind: Any = typer_param.type
        assert (getattr(kind, "min", None), getattr(kind, "max", None)) == (param.low, param.high)
        choices = [getattr(c, "value", c) for c in getattr(kind, "choices", ())]
        assert tuple(choices) == param.choices, param.name


@pytest.mark.parametrize(("ruleset", "name"), EVERY, ids=[f"{r}-{c}" for r, c in EVERY])
def test_a_direct_call_gets_plain_defaults(ruleset: str, name: str) -> None:
    """A command called as a function (a simulated fight, a test) gets what a line without
    the option gets, not the declaration; the declaration is kept beside it."""
    command = load_command(get(ruleset), name)
    func = getattr(command, "erc_wrapped", command)
    defaults = [*(func.__defaults__ or ()), *(func.__kwdefaults__ or {}).values()]
    assert not any(isinstance(d, Declared) for d in defaults)
    assert declared(func) == func.erc_line
    by_name = {p.name: p for p in params(command)}
    for (key, _), default in zip(
        declared(func)[::-1], (func.__defaults__ or ())[::-1], strict=False
    ):
        if not by_name[key].required:
            assert default == by_name[key].default, key


def test_the_type_is_the_annotation() -> None:
    """``list[Pool] | None`` is a repeatable choice of the module's enum, None when absent;
    a plain ``bool`` option is a flag, False when absent; a ``/`` spells its negation."""
    from erc.rulesets.er.commands.attack import Pool

    pools = Param("pools", Option("--pool"), "list[Pool] | None", {"Pool": Pool})
    assert (pools.type, pools.multiple, pools.enum, pools.default) == ("choice", True, Pool, None)
    assert pools.choices == ("primary", "off", "savage")
    flag = Param("lock", Option("--lock/--no-lock"), "bool", {})
    assert (flag.flag, flag.default, flag.opts, flag.secondary) == (
        True,
        False,
        ["--lock"],
        ["--no-lock"],
    )
    maybe = Param("lock", Option("--lock/--no-lock"), "bool | None", {})
    assert maybe.default is None
    count = Param("n", Option("-n", default=1000, min=1, max=9), "int", {})
    assert (count.type, count.low, count.high, count.default) == ("int", 1, 9, 1000)


def test_the_tokenizer_reads_as_click_does() -> None:
    takes = {"--with": True, "-e": True, "--encounter": True, "--json": False}
    read = split(
        ["A", "--with", "-x", "--json", "-eduel.yaml", "--bogus=1", "--encounter=", "--", "-1"],
        takes,
    )
    assert read.options == [
        ("--with", "-x", 1, 3),  # a value-taking option takes the next word, whatever it is
        ("--json", None, 3, 4),
        ("-e", "duel.yaml", 4, 5),
        ("--encounter", "", 6, 7),
    ]
    assert read.unknown == [("--bogus", 5)]
    assert read.words == ["A", "-1"] and read.dashes == 7
    assert split(["A", "--with"], takes).pending == "--with"
    assert split(["--json=1"], takes).options == [("--json", "1", 0, 1)]  # the caller refuses


def test_the_encounter_is_found_before_the_command_is_known() -> None:
    read = split(["attack", "A", "--with", "x", "-e", "f.yaml", "--", "-e", "g"], ENCOUNTER)
    assert [value for _, value, _, _ in read.options] == ["f.yaml"]
