"""The Spellchrome ruleset as a whole (issue 16): SC12 and Part 3.1 `not-in-ruleset`, the
envelope, the fast path and Typer agreeing on Spellchrome lines, the JSON path's imports,
and fuzzing: every input ends as a result or a clean error (exit 2), never a traceback."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from erc import rulesets
from erc.cli import run
from erc.cli.registry import commands
from erc.core.encounter import problems_in
from erc.core.value import fields
from tests.conftest import ROOT
from tests.spellchrome.support import DUMMY, GUARD, VEX, WAREHOUSE, table

LONG = os.environ.get("ERC_FUZZ") == "long"
FUZZ = settings(
    max_examples=3000 if LONG else 120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def quiet(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("command", ["disarm", "drop", "perceive", "free"])
def test_sc12_er_commands_are_not_in_this_ruleset(erc: Any, command: str) -> None:
    """SC12: "`disarm`, `drop`, `perceive`, `free` ... do not exist here: each is an error
    (exit 2, code `not-in-ruleset`) that lists the ruleset's commands"."""
    ran = erc(command, "Vex", "Sentinel", "-e", WAREHOUSE, "--json")
    assert ran.code == 2 and ran.error["code"] == "not-in-ruleset"
    message = ran.error["message"]
    assert "spellchrome" in message
    assert all(name in message for name in ("attack", "delay", "cast", "movement", "roll-init"))


@pytest.mark.parametrize("option", ["--advantage", "--disadvantage", "--pool"])
def test_sc12_er_options_are_not_in_this_ruleset(erc: Any, option: str) -> None:
    """SC12: "ER's advantage do[es] not exist here"; Part 3.1: "A command or option that only
    another ruleset has is `not-in-ruleset`"; issue 16: "an ER-only option on a Spellchrome
    file" is exit 2 with a message naming the ruleset."""
    ran = erc("attack", "Vex", "Sentinel", option, "-e", WAREHOUSE, "--json")
    assert ran.code == 2 and ran.error["code"] == "not-in-ruleset"
    assert "spellchrome" in ran.error["message"]
    # CONTRACT "Commands": it says what the ruleset offers instead: this command's options
    offered = ran.error["message"].split("The spellchrome attack takes: ", 1)[1].split(", ")
    assert {"--with", "--touch", "--flat-footed", "--full"} <= set(offered)
    assert option not in offered


def test_part_3_1_an_option_no_ruleset_has_is_a_usage_error(erc: Any) -> None:
    """Part 3.1: "one that no ruleset has is an ordinary usage error"."""
    ran = erc("attack", "Vex", "Sentinel", "--frobnicate", "-e", WAREHOUSE, "--json")
    assert ran.code == 2 and ran.error["code"] == "usage"
    ran = erc("teleport", "Vex", "-e", WAREHOUSE, "--json")
    assert ran.code == 2 and ran.error["code"] == "usage"


def test_spellchrome_commands_are_not_in_er(erc: Any) -> None:
    """The other way round: `delay` and `cast` are Spellchrome's only."""
    duel = str(ROOT / "encounters" / "duel.yaml")
    for command in ("delay", "cast"):
        ran = erc(command, "Kaela", "-e", duel, "--json")
        assert ran.error["code"] == "not-in-ruleset" and "spellchrome" in ran.error["message"]


def test_the_envelope_names_the_ruleset_and_its_settings(erc: Any) -> None:
    """CONTRACT: "The envelope carries "ruleset", and `rules` lists that ruleset's
    settings"; SC2.4's `initiative` is the one setting."""
    document = erc("status", "-e", WAREHOUSE, "--json", "--journal", os.devnull).json
    assert document["ruleset"] == "spellchrome"
    assert document["rules"] == {"initiative": "keep"}
    assert set(fields(rulesets.get("spellchrome").model_module().Settings)) == set(
        document["rules"]
    )


def test_every_command_has_help(erc: Any) -> None:
    """Every Spellchrome command answers `--help` (exit 0)."""
    for name in rulesets.get("spellchrome").command_names():
        assert erc(name, "--help", "-e", WAREHOUSE).code == 0, name


EVERYDAY = [
    ["roll-init", "--json", "--rolls", "5,9,1,4,7,12", "--bonus", "Vex=3"],
    ["attack", "Vex", "Sentinel", "--full", "--json", "--seed", "3", "--distance", "70"],
    ["attack", "Vex", "Sentinel", "--odds", "--json", "--touch"],
    ["sneak", "Wren", "Lookout", "--json", "--seed", "2"],
    ["competition", "Wren", "Sentinel", "--attr", "Wren=dexterity", "--json", "--seed", "1"],
    ["movement", "Wren", "--ft", "40", "--double", "--json"],
    ["cast", "Wren", "--null", "--json"],
    ["damage", "Sentinel", "15", "--json"],
    ["condition", "Thug 1", "unaware", "--json"],
    ["status", "--json"],
]


@pytest.mark.parametrize("argv", EVERYDAY, ids=lambda a: a[0])
def test_fast_and_typer_paths_agree_on_spellchrome_lines(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """README "Performance": the fast path gives exactly Typer's result."""
    line = [*argv, "-e", WAREHOUSE, "--journal", os.devnull]
    monkeypatch.delenv("ERC_NO_FAST_PATH", raising=False)
    fast = quiet(line)
    monkeypatch.setenv("ERC_NO_FAST_PATH", "1")
    full = quiet(line)
    assert fast == full and fast[0] == 0, fast


PROBE = """
import sys, io, contextlib
from erc.cli import run
with contextlib.redirect_stdout(io.StringIO()):
    code = run(sys.argv[1:])
heavy = sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'typer', 'yaml',
                                                         'msgspec', 'typing', 'dataclasses'})
heavy += ['odds'] if any('.odds' in m for m in sys.modules) else []
print(code, ' '.join(heavy))
"""


def test_the_json_path_imports_nothing_heavy() -> None:
    """Issue 16 "Start-up speed": no typing, dataclasses, rich, msgspec, yaml or odds on the
    JSON path of a Spellchrome command once the file is cached."""
    argv = ["attack", "Vex", "Sentinel", "-e", WAREHOUSE, "--json", "--seed", "1",
            "--journal", os.devnull]  # fmt: skip
    for _ in range(2):  # the first run may parse the file and fill the cache
        done = subprocess.run(
            [sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, cwd=ROOT,
            check=True,
        )  # fmt: skip
    code, _, heavy = done.stdout.strip().partition(" ")
    assert code == "0" and heavy == "", heavy


NAMES = ["Vex", "Wren", "Sentinel", "Thug 1", "Thug", "Lookout", "v", "Nobody", "", "\x1b[31m"]
OPTIONS = [
    "--json", "--seed", "--rolls", "--odds", "--apply", "--with", "--distance", "--touch",
    "--flat-footed", "--full", "--mod", "--damage-mod", "--victim-aware", "--bonus", "--round",
    "--after", "--attr", "--ft", "--double", "--null", "--range", "--spell", "--standard",
    "--move", "--remove", "--rounds", "--advantage", "-e",
]  # fmt: skip
VALUES = ["1", "0", "-1", "11", "600", "601", "99999999999999999999", "20,20,20,20,20", "a,b",
          "Vex=4", "Vex=0", "Vex=11", "Wren=dexterity", "Wren=wis", "baton", "knife", "asleep",
          "prone", "2d10", ",", "Ceburx 44"]  # fmt: skip
COMMANDS = sorted(set(commands(rulesets.get("spellchrome"))) - {"batch"})


@FUZZ
@given(
    st.sampled_from(COMMANDS),
    st.lists(
        st.one_of(
            st.sampled_from(NAMES),
            st.sampled_from(OPTIONS),
            st.sampled_from(VALUES),
            st.text(max_size=10),
        ),
        max_size=9,
    ),
)
def test_fuzz_spellchrome_command_lines(command: str, rest: list[str]) -> None:
    """Random Spellchrome command lines end in 0, 1 or 2, and never with a traceback."""
    argv = [command, *[a for a in rest if a not in ("-e", "--apply")], "-e", WAREHOUSE]
    code, _, err = quiet([*argv, "--journal", os.devnull])
    assert code in (0, 1, 2) and "Traceback" not in err


VALID = open(WAREHOUSE).read()  # noqa: SIM115 - read once at import


@FUZZ
@given(
    st.integers(0, len(VALID) - 1),
    st.integers(0, 40),
    st.text(alphabet="abcdefgimnoprstuvxyz0123456789:{}[],- \n\x00é", max_size=16),
)
def test_fuzz_mutated_spellchrome_file(start: int, cut: int, insert: str) -> None:
    """The shipped Spellchrome file with a slice replaced ends as a model or as problems."""
    text = VALID[:start] + insert + VALID[start + cut :]
    encounter, found = problems_in(text, "mutated.yaml")
    assert (encounter is None) != (found == [])


@pytest.mark.parametrize("argv", EVERYDAY, ids=lambda a: a[0])
def test_human_output_is_a_table_without_colour_when_piped(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CONTRACT: "Human output (the default) is a readable table; colour only on a
    terminal"; every Spellchrome renderer draws its result."""
    monkeypatch.setenv("NO_COLOR", "1")
    line = [a for a in argv if a != "--json"]
    code, out, err = quiet([*line, "-e", WAREHOUSE, "--journal", os.devnull])
    assert code == 0 and out.strip() and "\x1b[" not in out, err


def test_human_output_of_delay_and_kept_initiative(tmp_path: Any) -> None:
    """The renderers of `delay` and of a kept order (SC2.4, SC2.5)."""
    journal = str(tmp_path / "j.jsonl")
    common = ["-e", WAREHOUSE, "--journal", journal]
    assert quiet(["roll-init", "--rolls", "18,17,4,11,10,9", "--apply", *common])[0] == 0
    code, out, _ = quiet(["delay", "Vex", "--after", "Sentinel", "--apply", *common])
    assert code == 0 and "Vex delays: acts immediately after Sentinel" in out
    code, out, _ = quiet(["roll-init", "--apply", *common])
    assert code == 0 and "kept" in out and "after Sentinel" in out
    code, out, _ = quiet(["status", *common])
    assert code == 0 and "round 2: " in out and " is next" in out  # CONTRACT "The table"


def test_the_helpers_write_a_valid_spellchrome_file(erc: Any, tmp_path: Path) -> None:
    """The support itself: the file the helpers write is a Spellchrome encounter."""
    game = table(erc, tmp_path, VEX, DUMMY, GUARD)
    document = game.ok("status")
    assert document["ruleset"] == "spellchrome"
    assert [c["name"] for c in document["result"]["combatants"]] == ["Vex", "Dummy", "Guard"]
