"""Property tests over every input surface (issues 2 and 10): whatever comes in ends as a
result or as an error of erc's own family (exit 2), never another exception.

``make test`` runs a short profile; ``make fuzz`` (ERC_FUZZ=long) runs a long one.
"""

from __future__ import annotations

import contextlib
import io
import os
import string

from hypothesis import HealthCheck, given, settings, strategies as st

from erc.cli import run
from erc.cli.app import app_for
from erc.core.dice import Dice, PhysicalSource, SeededSource, parse_rolls
from erc.core.encounter import problems_in
from erc.core.errors import ErcError
from erc.core.expr import roll
from tests.conftest import ENCOUNTERS

app = app_for("er")

LONG = os.environ.get("ERC_FUZZ") == "long"
FUZZ = settings(
    max_examples=20_000 if LONG else 150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

COMMANDS = sorted(c.name for c in app.registered_commands if c.name and c.name != "batch")
NAMES = ["Kaela", "Ogre", "Fenn", "kae", "o", "Nobody", "", "Goblin 1", "\x1b[31m", "[bold]x"]
OPTIONS = [
    "--json",
    "--seed",
    "--rolls",
    "--odds",
    "--advantage",
    "--disadvantage",
    "--with",
    "--pool",
    "--split",
    "--round",
    "--surprise",
    "--trigger",
    "--foreknowledge",
    "--silent",
    "--noise",
    "--attr",
    "--mod",
    "--lock",
    "--resist",
    "--no-resist",
    "--rate",
    "--penalty",
    "--condition",
    "--cost",
    "--hexes",
    "--difficult",
    "--crawl",
    "--dc",
    "--scan",
    "--stealth-dc",
    "--drop",
    "--held",
    "--rounds",
    "--vs",
    "-e",
    "--apply",
    "--steed-size",
    "--sneak-approach",
    "--format",
]
VALUES = [
    "1",
    "0",
    "-1",
    "20",
    "99999999999999999999",
    "1,2,3",
    "20,20,20,20,20,20",
    "a,b",
    "nan",
    "primary",
    "off",
    "savage",
    "strength",
    "Kaela=agility",
    "Ogre=3",
    "bound",
    "dismount",
    "huge",
    "3d20+4",
    "d0",
    "1e9",
    "-5",
    "",
    ",",
    "longbow",
    "greatclub",
]


def run_quietly(argv: list[str]) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return run(argv)


argument_lists = st.tuples(
    st.sampled_from(COMMANDS),
    st.lists(
        st.one_of(
            st.sampled_from(NAMES),
            st.sampled_from(OPTIONS),
            st.sampled_from(VALUES),
            st.text(max_size=12),
        ),
        max_size=10,
    ),
)


@FUZZ
@given(argument_lists, st.booleans())
def test_fuzz_cli_arguments(case: tuple[str, list[str]], with_encounter: bool) -> None:
    """Issue 10: random argument lists through the real entry point end in 0, 1 or 2."""
    command, rest = case
    argv = [command, *rest]
    if with_encounter:
        argv += ["-e", str(ENCOUNTERS / "duel.yaml"), "--journal", os.devnull]
    assert run_quietly(argv) in (0, 1, 2)


@FUZZ
@given(st.text(alphabet=string.digits + ", -+x\n", max_size=60))
def test_fuzz_rolls_parsing(text: str) -> None:
    try:
        values = parse_rolls(text)
    except ErcError as error:
        assert error.code == "bad-rolls"
    else:
        assert all(isinstance(v, int) and v >= 0 for v in values)


@FUZZ
@given(
    st.text(alphabet="0123456789dDkhlKHL%+-() x", max_size=40),
    st.lists(st.integers(-2, 25), max_size=30),
)
def test_fuzz_dice_expressions_with_physical_rolls(text: str, values: list[int]) -> None:
    source = PhysicalSource(values)
    try:
        result = roll(text, Dice(source))
        source.check_all_used()
    except ErcError as error:
        assert error.message
    else:
        assert isinstance(result.total, int)


VALID = (ENCOUNTERS / "duel.yaml").read_text()


@FUZZ
@given(
    st.integers(0, len(VALID) - 1),
    st.integers(0, 40),
    st.text(alphabet=string.printable + "\x00\u2028é", max_size=20),
)
def test_fuzz_mutated_encounter(start: int, cut: int, insert: str) -> None:
    """A shipped encounter with a slice replaced ends as a model or as problems."""
    text = VALID[:start] + insert + VALID[start + cut :]
    encounter, problems = problems_in(text, "mutated.yaml")
    assert (encounter is None) != (problems == [])


@FUZZ
@given(
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8)),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=30,
    )
)
def test_fuzz_any_shape_under_combatants(shape: object) -> None:
    """Any JSON-like shape where a combatant belongs is a list of problems, not a crash."""
    import json

    text = "erc: 1\ncombatants:\n  - " + json.dumps(shape) + "\n"
    encounter, problems = problems_in(text, "shape.yaml")
    assert (encounter is None) != (problems == [])


def test_seeded_source_never_leaves_faces() -> None:
    source = SeededSource(5)
    assert all(1 <= source.draw(7, "x") <= 7 for _ in range(2000))
