"""The fast path (issue 9): ordinary command lines run without typer, with exactly the
arguments Typer would pass, and the JSON path imports neither rich nor the odds library."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from erc.cli import run
from erc.cli.fast import parse
from erc.cli.registry import commands
from erc.rulesets import get
from tests.conftest import ENCOUNTERS, ROOT
from tests.core.test_fuzz import NAMES, OPTIONS, VALUES

DUEL = str(ENCOUNTERS / "duel.yaml")


COMMANDS = commands(get("er"))


def test_parse_gives_typer_style_arguments() -> None:
    kwargs = parse(["attack", "Kaela", "Ogre", "-e", DUEL, "--pool", "primary", "--seed=5"])
    assert kwargs is not None
    assert kwargs["targets"] == ["Ogre"] and kwargs["seed"] == "5"
    assert [p.value for p in kwargs["pools"]] == ["primary"]
    assert kwargs["rolls"] is None and kwargs["apply"] is False


@pytest.mark.parametrize(
    "argv",
    [
        ["attack", "Kaela", "--help"],
        ["attack", "Kaela"],
        ["attack", "Kaela", "O", "--seed"],
        ["attack", "Kaela", "O", "--bogus"],
        ["attack", "Kaela", "O", "--json=1"],
        ["roll", "d20", "--vs"],
        ["check", "x", "--format", "JSON"],
        ["nonsense"],
    ],
)
def test_anything_unusual_is_left_to_typer(argv: list[str]) -> None:
    assert parse(argv) is None


def both_ways(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    results = []
    for fast in (True, False):
        if fast:
            monkeypatch.delenv("ERC_NO_FAST_PATH", raising=False)
        else:
            monkeypatch.setenv("ERC_NO_FAST_PATH", "1")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run(argv)
        results.append((code, out.getvalue(), err.getvalue()))
    return results[0], results[1]


@settings(
    max_examples=3000 if os.environ.get("ERC_FUZZ") == "long" else 150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    command=st.sampled_from(sorted(set(COMMANDS) - {"batch"})),
    rest=st.lists(
        st.one_of(st.sampled_from(NAMES), st.sampled_from(OPTIONS), st.sampled_from(VALUES)),
        max_size=8,
    ),
)
def test_fuzz_fast_and_typer_paths_agree(
    command: str, rest: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the command line, both paths give the same exit code and output."""
    monkeypatch.setenv("ERC_SEED", "11")
    argv = [command, *[a for a in rest if a != "--journal"], "-e", DUEL, "--journal", os.devnull]
    fast, full = both_ways(argv, monkeypatch)
    assert fast == full


@pytest.mark.parametrize(
    "argv",
    [
        ["attack", "Kaela", "Ogre", "--json", "--seed", "3"],
        ["attack", "Fenn", "Ogre", "--odds", "--json"],
        ["roll-init", "--json", "--rolls", "5,9,1"],
        ["movement", "Kaela", "--hexes", "3", "--rate", "-10", "--json"],
        ["competition", "Kaela", "Ogre", "--attr", "Kaela=agility", "--json", "--seed", "1"],
        ["disarm", "Kaela", "Ogre", "--lock", "--json", "--seed", "2"],
        ["status", "--json"],
    ],
)
def test_paths_agree_on_everyday_lines(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    fast, full = both_ways([*argv, "-e", DUEL, "--journal", os.devnull], monkeypatch)
    assert fast == full and fast[0] == 0  # type: ignore[index]


PROBE = """
import sys
from erc.cli import run
import io, contextlib
with contextlib.redirect_stdout(io.StringIO()):
    code = run(sys.argv[1:])
heavy = sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'typer', 'yaml',
                                                         'msgspec', 'typing', 'pickle',
                                                         'dataclasses', 'inspect',
                                                         'fractions', 'decimal'})
heavy += ['erc.odds'] if any(m.endswith('.odds') or '.odds.' in m for m in sys.modules) else []
print(code, ' '.join(heavy))
"""


def probe(*argv: str) -> tuple[int, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        env={**os.environ},
    )
    code, _, modules = done.stdout.strip().partition(" ")
    return int(code), set(modules.split())


@pytest.mark.parametrize(
    "argv",
    [
        ("attack", "Kaela", "Ogre", "-e", DUEL, "--json", "--seed", "1"),
        ("roll-init", "-e", DUEL, "--json", "--seed", "1"),
    ],
)
def test_the_json_path_of_attack_imports_no_rich_no_odds_no_typer(argv: tuple[str, ...]) -> None:
    """Issue 9: the JSON path of `attack` pulls in neither rich nor the odds library; issue
    "Speed at the interpreter's floor": once the encounter is cached, nor yaml, msgspec,
    `dataclasses` or `inspect` (on `roll-init`'s either), nor `fractions` and `decimal`
    (4 ms: the movement rule's, which the journal's effects once pulled in)."""
    code, first = probe(*argv)  # may parse the file and fill the cache (msgspec validates)
    assert code == 0 and not first & {"rich", "erc.odds", "typer"}
    code, warm = probe(*argv)  # the cache is warm: no YAML, no validator, no dataclasses
    assert code == 0 and warm == set()


def test_human_output_and_odds_import_their_libraries_only_when_asked() -> None:
    code, human = probe("attack", "Kaela", "Ogre", "-e", DUEL, "--seed", "1")
    assert code == 0 and "rich" in human and "erc.odds" not in human
    code, odds = probe("attack", "Kaela", "Ogre", "-e", DUEL, "--odds", "--json")
    assert code == 0 and "erc.odds" in odds and "rich" not in odds
    code, help_path = probe("attack", "--help")
    assert code == 0 and "typer" in help_path
