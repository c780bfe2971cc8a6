"""Property tests over Elysium's command lines and journal: whatever comes in ends as a
result or as an error of erc's own family (exit 2), never another exception; and the state
the journal builds stays within its bounds (HP within 0 and the maximum, AP left within 0
and the round's AP, MP never below 0)."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from erc import rulesets
from erc.cli import run
from tests.elysium.support import SHIPPED

LONG = os.environ.get("ERC_FUZZ") == "long"
COMMANDS = sorted(set(rulesets.get("elysium").command_names()))
NAMES = ["Kharza", "Beldo", "Ogre", "kh", "o", "Nobody", "", "[bold]x"]
OPTIONS = [
    "--with",
    "--defense",
    "--parry-with",
    "--charge",
    "--move-ft",
    "--mod",
    "--take",
    "--victim-weapon",
    "--overrun",
    "--sidestep",
    "--no-damage",
    "--squeeze",
    "--throw",
    "--move",
    "--pry",
    "--release",
    "--resist-with",
    "--ap",
    "--ft",
    "--spell",
    "--level",
    "--immune",
    "--check",
    "--for",
    "--remove",
    "--by",
    "--rounds",
    "--round",
    "--odds",
    "--rolls",
    "--seed",
]
VALUES = [
    "1",
    "0",
    "-1",
    "5",
    "20",
    "100",
    "10001",
    "whip",
    "fists",
    "scythe",
    "greatsword",
    "dodge",
    "parry",
    "hold",
    "escape",
    "athletics",
    "Immolate",
    "Kharza=hold",
    "Ogre=bluff",
    "Ogre=agility",
    "pouch",
    "stand-up",
    "prone",
    "asleep",
    "pinned",
    "intimidate",
    "taunt",
    "negotiate",
    "3,8",
    "10,10",
    "1",
    "abc",
    "x=1",
]


def quiet(argv: list[str]) -> int:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(argv)
    assert "Traceback" not in err.getvalue()
    return code


@settings(
    max_examples=3000 if LONG else 200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    command=st.sampled_from(COMMANDS),
    rest=st.lists(
        st.one_of(st.sampled_from(NAMES), st.sampled_from(OPTIONS), st.sampled_from(VALUES)),
        max_size=8,
    ),
)
def test_any_command_line_is_a_result_or_a_clean_error(command: str, rest: list[str]) -> None:
    argv = [command, *rest, "-e", str(SHIPPED), "--journal", os.devnull, "--json"]
    assert quiet(argv) in (0, 2)


LINES = [
    ["roll-init", "--apply"],
    ["attack", "Kharza", "Ogre", "--apply"],
    ["attack", "Ogre", "Beldo", "--apply"],
    ["attack", "Beldo", "Ogre", "--charge", "--move-ft", "5", "--apply"],
    ["sneak", "Kharza", "Beldo", "--apply"],
    ["grab", "Ogre", "Kharza", "--apply"],
    ["grab", "Ogre", "Kharza", "--squeeze", "--apply"],
    ["grab", "Ogre", "Kharza", "--throw", "--apply"],
    ["grab", "Ogre", "Kharza", "--pry", "whip", "--apply"],
    ["escape", "Kharza", "--apply"],
    ["disarm", "Kharza", "Beldo", "--apply"],
    ["disarm", "Kharza", "Ogre", "--with", "fists", "--take", "--apply"],
    ["trip", "Kharza", "Ogre", "--apply"],
    ["feint", "Kharza", "Ogre", "--apply"],
    ["defend", "Beldo", "--ap", "2", "--apply"],
    ["social", "taunt", "Ogre", "Kharza", "--apply"],
    ["social", "intimidate", "Beldo", "Ogre", "--apply"],
    ["cast", "Kharza", "Ogre", "--spell", "Immolate", "--level", "2", "--apply"],
    ["movement", "Ogre", "--ft", "10", "--apply"],
    ["spend", "Beldo", "--for", "pouch", "--apply"],
    ["damage", "Beldo", "7", "--apply"],
    ["heal", "Beldo", "5", "--apply"],
    ["condition", "Ogre", "prone", "--apply"],
    ["undo"],
]


@settings(
    max_examples=300 if LONG else 25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=st.lists(st.tuples(st.sampled_from(LINES), st.integers(1, 10**6)), max_size=14))
def test_the_state_stays_within_its_bounds(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[list[str], int]]
) -> None:
    folder = tmp_path_factory.mktemp("el-fuzz")
    path = folder / "ogre.yaml"
    shutil.copy(SHIPPED, path)
    for line, seed in steps:
        extra = [] if line[0] == "undo" else ["--seed", str(seed)]
        assert quiet([*line, "-e", str(path), "--json", *extra]) in (0, 2)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert run(["status", "-e", str(path), "--json"]) == 0
    import json

    rows: list[dict[str, Any]] = json.loads(out.getvalue())["result"]["combatants"]
    for row in rows:
        assert 0 <= row["hp"] <= row["hp_max"]
        assert 0 <= row["ap_left"] <= row["ap_max"]
        assert 0 <= row["mp"] <= row["mp_max"] or row["mp_max"] == 0
        assert row["pinned_by"] != row["name"]
