"""Hostile input (issue 10): limits, odd files, and user text that must never drive the
terminal or be read as rich markup, in every human table."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from erc.core.encounter import problems_in
from tests.conftest import ENCOUNTERS

MARKUP = "[bold red]Evil[/]"
HOSTILE = f"""erc: 1
name: "Night \\e[2J of [blink]terror[/blink]"
combatants:
  - name: "{MARKUP}"
    side: "\\e]0;pwned\\a"
    ac: 12
    body: 20
    attributes: {{strength: 4, agility: 4, perception: 2}}
    pools: {{primary: 2}}
    weapons:
      - {{name: "[link=http://x]knife[/link]", kind: melee, weight: light,
          damage_type: "\\e[31mred", properties: [light]}}
  - name: "Victim"
    side: "\\e[31mred team"
    species: human
    ac: 10
    body: 30
    attributes: {{strength: 2, agility: 2}}
    pools: {{primary: 1}}
    weapons: [{{name: "sword", kind: melee, weight: medium, damage_type: "edged\\u202e"}}]
"""


@pytest.fixture
def hostile(tmp_path: Path) -> str:
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE)
    return str(path)


COMMANDS = [
    ["attack", "[bold", "Victim", "--seed", "1"],
    ["attack", "[bold", "Victim", "--odds"],
    ["sneak", "[bold", "Victim", "--seed", "1"],
    ["roll-init", "--seed", "1"],
    ["roll-init", "--surprise", "--trigger", "[bold", "--seed", "1"],
    ["perceive", "Victim", "--seed", "1"],
    ["competition", "[bold", "Victim", "--seed", "1"],
    ["disarm", "[bold", "Victim", "--seed", "1"],
    ["free", "Victim"],
    ["movement", "Victim", "--hexes", "1"],
    ["status"],
    ["drop", "[bold", "Victim", "--held", "5", "--seed", "1"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=[c[0] + str(i) for i, c in enumerate(COMMANDS)])
def test_user_text_is_never_markup_or_control(
    argv: list[str],
    hostile: str,
    erc,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    """Issue 10: "user text (names, weapon names) never interpreted as rich markup and control
    characters (terminal escapes) never printed raw, in every human table"."""
    ran = erc(*argv, "-e", hostile, "--journal", str(tmp_path / "j.jsonl"))
    assert ran.code == 0, ran.err
    for stream in (ran.out, ran.err):
        assert "\x1b" not in stream and "\x07" not in stream and "\u202e" not in stream
    assert (
        MARKUP in ran.out or "[bold red]" in ran.out or argv[0] in ("free", "movement", "perceive")
    )


def test_log_and_errors_escape_user_text(hostile: str, erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    journal = str(tmp_path / "j.jsonl")
    assert (
        erc(
            "attack",
            "[bold",
            "Victim",
            "-e",
            hostile,
            "--journal",
            journal,
            "--apply",
            "--rolls",
            "20,20",
        ).code
        == 0
    )
    ran = erc("log", "-e", hostile, "--journal", journal)
    assert ran.code == 0 and "\x1b" not in ran.out
    bad = erc("attack", "Nobody\x1b[2J", "Victim", "-e", hostile)
    assert bad.code == 2 and "\x1b" not in bad.err


@pytest.mark.parametrize(
    ("snippet", "expected"),
    [
        ("ac: .inf", "expected int, got float"),
        ("ac: .nan", "expected int, got float"),
        ("ac: 1e400", "expected int"),
        ("ac: 99999999999999999999999", "more than 18 digits"),
        ("ac: -1", ">= 0"),
        ("ac: 101", "<= 100"),
        ("count: -1", ">= 1"),
        ("count: 0", ">= 1"),
        ("pools: {primary: -1}", ">= 0"),
        ("pools: {primary: 6}", "<= 5"),
        ("body: 0", ">= 1"),
        ("body: 10001", "<= 10000"),
        ("name: ''", "length >= 1"),
    ],
)
def test_number_and_size_limits(snippet: str, expected: str) -> None:
    """README "Limits": sizes of numbers, non-finite numbers, negative counts."""
    key = snippet.split(":")[0]
    base = {"ac": "ac: 10", "body": "body: 5", "name": "name: A"}
    fields = [base.get(k, v) for k, v in base.items() if k != key] + [snippet]
    text = "erc: 1\ncombatants:\n  - {" + ", ".join(fields) + "}\n"
    _, problems = problems_in(text, "t.yaml")
    assert any(expected in p.message for p in problems), problems


def test_combatants_per_file_limit() -> None:
    groups = "".join(f"  - {{name: G{i}, count: 100, ac: 1, body: 1}}\n" for i in range(6))
    _, problems = problems_in("erc: 1\ncombatants:\n" + groups, "t.yaml")
    assert any("at most 500" in p.message for p in problems)


@pytest.mark.parametrize("text", ["", "   \n\n", "# only a comment\n", "~\n", "[]\n", "42\n"])
def test_empty_or_shapeless_files(text: str) -> None:
    encounter, problems = problems_in(text, "t.yaml")
    assert encounter is None and problems


def test_symlink_loop_and_folder_as_encounter(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    loop = tmp_path / "loop.yaml"
    os.symlink(loop, loop)
    ran = erc("attack", "A", "B", "-e", str(loop), "--json")
    assert ran.code == 2 and ran.error["path"] == str(loop)
    assert erc("attack", "A", "B", "-e", str(tmp_path)).code == 2
    checked = erc("check", str(loop), str(ENCOUNTERS / "duel.yaml"), "--json")
    assert checked.code == 1
    first, second = checked.json["result"]["files"]
    assert not first["ok"] and second["ok"]


def test_check_goes_on_when_a_file_vanishes(
    erc,
    tmp_path: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from erc.cli.commands import check as check_module

    doomed = tmp_path / "a.yaml"
    doomed.write_text((ENCOUNTERS / "duel.yaml").read_text())
    kept = tmp_path / "b.yaml"
    kept.write_text((ENCOUNTERS / "duel.yaml").read_text())
    real_expand = check_module.expand

    def expand_then_vanish(paths: list[str], passed_over: list[Any] | None = None) -> list[str]:
        found = real_expand(paths, passed_over)
        doomed.unlink()
        return found

    monkeypatch.setattr(check_module, "expand", expand_then_vanish)
    ran = erc("check", str(tmp_path), "--json")
    assert ran.code == 1
    gone, fine = ran.json["result"]["files"]
    assert "no such file" in gone["errors"][0]["message"] and fine["ok"]


def test_binary_and_invalid_utf8_in_check(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "bin.yaml").write_bytes(b"\x00\x01\x02erc")
    (tmp_path / "latin.yaml").write_bytes(b"erc: 1\nname: caf\xe9\n")
    ran = erc("check", str(tmp_path), "--json")
    messages = [f["errors"][0]["message"] for f in ran.json["result"]["files"]]
    assert ran.code == 1 and any("binary" in m for m in messages)
    assert any("not UTF-8" in m for m in messages)


@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "d20", "--seed", "99999999999999999999999999"],
        ["roll", "d20", "--seed", "-5"],
        ["roll", "d20", "--rolls", ",".join(["1"] * 1001)],
        ["roll", "d20", "--rolls", "x" * 30000],
        ["roll", "(" * 50 + "d6" + ")" * 50],
        ["roll", "d" + "9" * 5000],
        ["movement", "Kaela", "--hexes", "-1"],
        ["attack", "Kaela", "Ogre", "--split", "9" * 40],
    ],
)
def test_absurd_arguments_exit_2(argv: list[str], erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc(*argv, "-e", str(ENCOUNTERS / "duel.yaml"), "--journal", os.devnull)
    assert ran.code == 2 and "Traceback" not in ran.err


@pytest.mark.parametrize("option", ["-e", "--journal"])
def test_fuzz_finding_nul_byte_in_a_path(option: str, erc) -> None:  # type: ignore[no-untyped-def]
    """Found by the fuzz suite: a path with a NUL byte made open() raise ValueError."""
    argv = ["status", "-e", str(ENCOUNTERS / "duel.yaml"), "--journal", os.devnull]
    argv[argv.index(option) + 1] = "bad\x00name.yaml"
    ran = erc(*argv, "--json")
    assert ran.code == 2 and "NUL" in ran.error["message"]
    assert erc("check", "bad\x00name.yaml").code == 1
