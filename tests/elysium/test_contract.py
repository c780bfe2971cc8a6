"""Elysium's part of the contract (EL Part 2, EL1, EL Part 3.1-3.2, 3.15): one shape for
every opposed roll, the dice order, the house-rule die, commands of other rulesets, the
fast path, start-up imports, human output."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from erc.cli import run
from tests.conftest import ROOT
from tests.elysium.support import SHIPPED, call, fighter, ok, refused, sword, write

NULL = ("--journal", os.devnull)
OPPOSED = [
    ["attack", "Kharza", "Ogre"],
    ["sneak", "Kharza", "Ogre"],
    ["disarm", "Kharza", "Beldo"],
    ["trip", "Kharza", "Beldo"],
    ["feint", "Kharza", "Ogre"],
    ["grab", "Ogre", "Beldo"],
    ["social", "intimidate", "Beldo", "Ogre"],
    ["social", "negotiate", "Beldo", "Ogre"],
    ["cast", "Kharza", "Ogre", "--spell", "Immolate", "--level", "1"],
    ["competition", "Kharza", "Ogre", "--check", "Kharza=hold", "--check", "Ogre=hold"],
]


def is_roller(side: Any) -> bool:
    return (
        isinstance(side, dict)
        and set(side) == {"name", "roll", "parts", "total"}
        and isinstance(side["name"], str)
        and (side["roll"] is None or isinstance(side["roll"], int))
        and isinstance(side["total"], int)
        and all(isinstance(k, str) and isinstance(v, int) for k, v in side["parts"].items())
    )


@pytest.mark.parametrize("args", OPPOSED, ids=lambda a: " ".join(a[:2]))
def test_every_opposed_roll_reports_one_shape(erc: Any, args: list[str]) -> None:
    """Issue 17: "Every opposed roll reports both sides' parts, the margin and the winner in
    one shape"; EL Part 2: ``initiator`` and ``opponent`` each ``{name, roll, parts:
    {term: value}, total}``, ``margin`` (initiator minus opponent), ``winner`` (a name or
    null), ``ap`` ``{name, cost, before, after}``; EL Part 3.2."""
    for seed in range(1, 13):
        ran = call(erc, SHIPPED, *args, "--seed", seed, *NULL)
        assert ran.code == 0, ran.err
        result = ran.json["result"]
        first, second = result["initiator"], result["opponent"]
        assert is_roller(first) and is_roller(second)
        assert result["margin"] == first["total"] - second["total"]
        expected = (
            first["name"]
            if result["margin"] > 0
            else second["name"]
            if result["margin"] < 0
            else None
        )
        assert result["winner"] == expected
        assert set(result["ap"]) == {"name", "cost", "before", "after"}
        assert result["ap"]["before"] - result["ap"]["cost"] == result["ap"]["after"]
        for side in (first, second):
            if side["roll"] is not None:
                assert side["total"] == side["roll"] + sum(side["parts"].values())


@pytest.mark.parametrize("args", [a for a in OPPOSED if a[0] != "sneak"], ids=lambda a: a[0])
def test_dice_are_the_initiators_then_the_opponents(erc: Any, args: list[str]) -> None:
    """EL Part 2 "Dice order": "Every opposed roll: the initiator's die, then the
    opponent's"."""
    ran = call(erc, SHIPPED, *args, "--rolls", "3,8", *NULL)
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert (result["initiator"]["roll"], result["opponent"]["roll"]) == (3, 8)
    first, second = ran.json["rolls"]
    assert first["for"].startswith(result["initiator"]["name"] + " ")
    assert second["for"].startswith(result["opponent"]["name"] + " ")


@pytest.mark.parametrize(("die", "sides"), [("d10", 10), ("d20", 20), ("d12", 12)])
def test_every_roll_is_one_die_of_the_files_size(
    erc: Any, tmp_path: Path, die: str, sides: int
) -> None:
    """EL1.1: "Every roll is one d10 + its terms; house rule ``die: d10|d20|d12`` changes it
    for the whole file"."""
    path = write(tmp_path, fighter("A", weapons=[sword()]), fighter("B"), rules={"die": die})
    ran = call(erc, path, "attack", "A", "B", "--rolls", f"{sides},1")
    assert ran.code == 0 and [r["die"] for r in ran.json["rolls"]] == [sides, sides]
    over = call(erc, path, "attack", "A", "B", "--rolls", f"{sides + 1},1")
    assert over.code == 2 and over.error["code"] == "bad-rolls"


def test_no_natural_roll_rule(erc: Any, tmp_path: Path) -> None:
    """EL1.4: "There is no natural-roll rule and no critical hit": a 20 on the d20 still
    loses to a higher defense; a 1 still wins against a lower one."""
    strong = fighter("D", abilities={"endurance": 40})
    path = write(tmp_path, fighter("A", weapons=[sword()]), strong, rules={"die": "d20"})
    top = ok(erc, path, "attack", "A", "D", "--rolls", "20,1")
    assert top["winner"] == "D" and top["damage"] == 0
    weak = write(
        tmp_path, fighter("A", weapons=[sword(damage_score=40)]), fighter("D"), rules={"die": "d20"}
    )
    low = ok(erc, weak, "attack", "A", "D", "--rolls", "1,20")
    assert low["winner"] == "A" and low["damage"] == 21


def test_the_same_seed_replays_the_same_result(erc: Any) -> None:
    """EL Part 3.15: "Seeds: results replay within erc"."""
    args = ("attack", "Kharza", "Ogre", "--seed", "99", *NULL)
    assert call(erc, SHIPPED, *args).json == call(erc, SHIPPED, *args).json


@pytest.mark.parametrize(
    "args",
    [
        ["drop", "Kharza", "Ogre"],
        ["perceive", "Kharza"],
        ["free", "Kharza"],
        ["attack", "Kharza", "Ogre", "--pool", "primary"],
        ["roll-init", "--surprise"],
        ["disarm", "Kharza", "Beldo", "--lock"],
        ["attack", "Kharza", "Ogre", "--advantage"],
    ],
)
def test_what_only_another_ruleset_has_is_not_in_ruleset(erc: Any, args: list[str]) -> None:
    """EL Part 2: "Not in this ruleset: ``drop``, ``perceive``, ``free`` (exit 2,
    ``not-in-ruleset``)"; EL Part 3.1: a command or option that only another ruleset has."""
    error = refused(erc, SHIPPED, *args, *NULL)
    assert error["code"] == "not-in-ruleset" and "elysium" in error["message"]


def test_what_no_ruleset_has_is_a_usage_error(erc: Any) -> None:
    """EL Part 3.1: "one that no ruleset has is an ordinary usage error"."""
    assert refused(erc, SHIPPED, "attack", "Kharza", "Ogre", "--bogus", *NULL)["code"] == "usage"
    assert refused(erc, SHIPPED, "fly", "Kharza", *NULL)["code"] == "usage"


@pytest.mark.parametrize("command", ["defend", "grab", "social", "escape", "cast", "trip"])
def test_elysium_commands_are_not_in_an_er_file(erc: Any, command: str) -> None:
    ran = erc(command, "Kaela", "-e", str(ROOT / "encounters" / "duel.yaml"), "--json", *NULL)
    assert ran.code == 2 and ran.error["code"] == "not-in-ruleset"


def both_ways(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, str]]:
    results = []
    for disabled in ("", "1"):
        monkeypatch.setenv("ERC_NO_FAST_PATH", disabled)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run(argv)
        results.append((code, out.getvalue(), err.getvalue()))
    return results


LINES = [
    *OPPOSED,
    ["roll-init"],
    ["escape", "Beldo"],
    ["grab", "Ogre", "Beldo", "--throw"],
    ["defend", "Beldo", "--ap", "2"],
    ["defend", "Beldo"],
    ["movement", "Ogre", "--ft", "12"],
    ["movement", "Ogre", "--ap", "2"],
    ["spend", "Kharza", "--for", "pouch"],
    ["damage", "Ogre", "4"],
    ["heal", "Beldo", "2"],
    ["condition", "Ogre", "prone", "asleep"],
    ["status"],
    ["attack", "Ogre", "Kharza", "--charge", "--move-ft", "20"],
    ["attack", "Kharza", "Ogre", "--odds"],
    ["cast", "Kharza", "Ogre", "--level", "1"],
]


@pytest.mark.parametrize("args", LINES, ids=lambda a: " ".join(a))
def test_fast_path_and_typer_agree(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path gives Elysium's commands exactly what Typer would."""
    seeded = () if args[0] == "status" else ("--seed", "5")
    fast, full = both_ways([*args, "-e", str(SHIPPED), "--json", *seeded, *NULL], monkeypatch)
    assert fast == full


def test_human_output_of_every_command(erc: Any) -> None:
    """Every command renders a table without error (no colour off a terminal)."""
    for args in [*OPPOSED, *LINES]:
        extra = () if args[0] == "status" else ("--seed", "3")
        ran = erc(*args, "-e", str(SHIPPED), *extra, *NULL)
        assert ran.code in (0, 2), args
        assert "Traceback" not in ran.err and "\x1b[" not in ran.out
        if ran.code == 0:
            assert ran.out.strip(), args


PROBE = """
import sys, io, contextlib
from erc.cli import run
with contextlib.redirect_stdout(io.StringIO()):
    code = run(sys.argv[1:])
heavy = sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'typer', 'yaml', 'msgspec',
                                                         'typing', 'dataclasses', 'inspect'})
heavy += ['odds'] if any('.odds' in m for m in sys.modules) else []
print(code, ' '.join(heavy))
"""


def test_the_json_path_imports_nothing_heavy() -> None:
    """Start-up (README "Performance"): an Elysium command's JSON path imports no rich,
    typer, typing or odds code; with the cache warm no YAML or msgspec either."""
    argv = ["attack", "Kharza", "Ogre", "-e", str(SHIPPED), "--json", "--seed", "1", *NULL]
    for _ in range(2):  # the first run may fill the cache
        done = subprocess.run(
            [sys.executable, "-c", PROBE, *argv],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
        code, _, heavy = done.stdout.strip().partition(" ")
    assert code == "0" and heavy == ""


def test_batch_runs_elysium_lines(
    erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CONTRACT ``erc batch`` on an Elysium file: one envelope a line, errors as envelopes."""
    path = tmp_path / "ogre.yaml"
    path.write_text(SHIPPED.read_text())
    lines = (
        "roll-init --rolls 5,7,2 --apply\nfeint Kharza Ogre --rolls 9,4 --apply\n"
        "attack Ogre Kharza --charge --move-ft 20\nstatus\n"
    )
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
    ran = erc("batch", "-e", str(path))
    import json

    documents = [json.loads(line) for line in ran.out.splitlines()]
    assert ran.code == 2 and len(documents) == 4
    assert documents[1]["result"]["bonus"] == 12
    assert documents[2]["error"]["code"] == "not-enough-ap" and documents[2]["line"] == 3
    kharza = next(c for c in documents[3]["result"]["combatants"] if c["name"] == "Kharza")
    assert kharza["feints"] == [{"target": "Ogre", "bonus": 12, "until_round": 2}]


MAPS = {"rules", "parts", "exact", "margin_distribution", "distribution"}
"""Objects whose keys are data, not fields: the house rules (named by the rulings), a roll's
terms, the odds' distributions and their exact fractions."""
SHARED = {"standing", "ap"}
"""The shared commands' own keys, fixed by CONTRACT "Combat state" (``erc status``: a
combatant's ``standing`` a boolean, a side's ``standing`` a count, R13.6: a conflict within
CONTRACT, tests/core/test_json_types.py ``KNOWN``) and "The table" (``status``'s
``resources.ap``, the AP a round, beside the actions' ``ap`` object); not Elysium's to
change. (Envelope 2:
``status`` counts events in ``n_events``, so ``events`` is ``log``'s list alone.)"""


def json_types(value: Any, found: dict[str, set[str]]) -> None:
    """Every key's JSON types, anywhere in ``value`` (null left out: any key may be null)."""
    kinds = {
        dict: "object",
        list: "array",
        str: "string",
        bool: "boolean",
        int: "number",
        float: "number",
    }
    if isinstance(value, dict):
        for key, item in value.items():
            if item is not None:
                found.setdefault(key, set()).add(kinds[type(item)])
            if key not in MAPS:
                json_types(item, found)
    elif isinstance(value, list):
        for item in value:
            json_types(item, found)


def test_a_key_has_one_json_type_in_every_command(erc: Any, tmp_path: Path) -> None:
    """CONTRACT: "A key means one thing and has one JSON type wherever it appears"; over a
    scripted fight with every Elysium command."""
    path = tmp_path / "ogre.yaml"
    path.write_text(SHIPPED.read_text())
    lines = [
        ["roll-init", "--rolls", "5,7,2", "--apply"],
        ["feint", "Kharza", "Ogre", "--rolls", "9,4", "--apply"],
        ["attack", "Kharza", "Ogre", "--rolls", "5,3", "--apply", "--odds"],
        ["sneak", "Kharza", "Ogre", "--rolls", "1"],
        ["grab", "Ogre", "Beldo", "--rolls", "9,1", "--apply", "--odds"],
        ["grab", "Ogre", "Beldo", "--pry", "scythe", "--rolls", "9,1"],
        ["roll-init", "--apply"],
        ["grab", "Ogre", "Beldo", "--throw", "--rolls", "9,1"],
        ["grab", "Ogre", "Beldo", "--release"],
        ["escape", "Beldo", "--rolls", "1,1", "--odds"],
        ["disarm", "Kharza", "Ogre", "--rolls", "9,1", "--odds"],
        ["trip", "Kharza", "Ogre", "--rolls", "9,1", "--odds"],
        ["social", "taunt", "Ogre", "Kharza", "--rolls", "9,1", "--odds"],
        ["cast", "Kharza", "Ogre", "--spell", "Immolate", "--level", "1", "--rolls", "9,1"],
        [
            "competition",
            "Kharza",
            "Ogre",
            "--check",
            "Kharza=hold",
            "--check",
            "Ogre=hold",
            "--rolls",
            "1,1",
            "--odds",
        ],
        ["defend", "Kharza", "--ap", "1"],
        ["movement", "Kharza", "--ft", "3"],
        ["spend", "Beldo", "--for", "pouch"],
        ["damage", "Ogre", "3"],
        ["heal", "Ogre", "3"],
        ["condition", "Ogre", "prone"],
        ["disarm", "Kharza", "Beldo", "--with", "whip", "--rolls", "9,1", "--apply"],
        ["pick-up", "Beldo", "scythe", "--ap", "1", "--apply"],
        [
            "attack",
            "Kharza",
            "Beldo",
            "--charge",
            "--move-ft",
            "5",
            "--defense",
            "dodge",
            "--rolls",
            "1,10",
            "--apply",
        ],
        ["trip", "Beldo", "Kharza", "--sidestep", "--rolls", "5,5"],
        ["spend", "Beldo", "--for", "magic-object", "--ap", "3"],
        ["status"],
        ["log"],
    ]
    found: dict[str, set[str]] = {}
    for line in lines:
        ran = call(erc, path, *line)
        assert ran.code == 0, (line, ran.err)
        json_types(ran.json, found)
    mixed = {key: kinds for key, kinds in found.items() if len(kinds) > 1 and key not in SHARED}
    assert mixed == {}


def test_every_elysium_command_has_help_and_is_in_the_readme(erc: Any) -> None:
    """sqlite-utils style: every command of the ruleset answers ``--help`` (with the file
    that names the ruleset) and the docs document it (the ruleset's page and its generated
    command reference)."""
    from erc import rulesets

    guide = (ROOT / "docs" / "rulesets" / "elysium.md").read_text()
    reference = (ROOT / "docs" / "reference" / "elysium.md").read_text()
    for name in rulesets.get("elysium").command_names():
        ran = erc(name, "--help", "-e", str(SHIPPED))
        assert ran.code == 0 and f"Usage: erc {name}" in ran.out, name
        assert f"erc {name}" in guide and f"## `erc {name}`" in reference, name
