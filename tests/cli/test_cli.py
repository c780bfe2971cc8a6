"""The CLI contract (issue 2 items 3, 5): envelope, errors, exit codes, check, help."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from erc.cli.app import app_for
from tests.conftest import ENCOUNTERS, FIXTURES

app = app_for("er")

ENVELOPE_KEYS = {"erc", "command", "encounter", "ruleset", "seed", "rules", "rolls", "result"}


def test_envelope_keys_are_pinned(erc) -> None:  # type: ignore[no-untyped-def]
    document = erc("roll", "d20", "--json", "--seed", "1").json
    assert set(document) == ENVELOPE_KEYS
    assert document["erc"] == "2" and document["command"] == "roll"
    assert set(document["rolls"][0]) == {"die", "value", "for"}
    assert document["ruleset"] is None and document["rules"] == {}  # roll reads no encounter
    resolved = erc(
        "attack", "Kaela", "Ogre", "-e", ENCOUNTERS / "duel.yaml", "--json", "--seed", "1"
    )
    assert set(resolved.json) == ENVELOPE_KEYS and resolved.json["ruleset"] == "er"
    assert resolved.json["rules"] == {
        "advantage_damage": "d3",
        "initiative": "reroll",
        "bound_movement": "half",
    }


def test_json_error_is_one_document_on_stderr(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("roll", "3x", "--json")
    assert ran.code == 2 and ran.out == ""
    document = json.loads(ran.err)
    assert document["erc"] == "2"
    assert set(document["error"]) >= {"code", "message", "path", "line", "column"}


def test_usage_errors_exit_2_also_as_json(erc) -> None:  # type: ignore[no-untyped-def]
    assert erc("roll").code == 2
    assert erc("nonsense").code == 2
    ran = erc("roll", "d20", "--bogus", "--json")
    assert ran.code == 2 and json.loads(ran.err)["error"]["code"] == "usage"


def test_check_shipped_encounters_pass(erc) -> None:  # type: ignore[no-untyped-def]
    """Issue 2: "`erc check encounters/` exits 0"."""
    ran = erc("check", str(ENCOUNTERS))
    assert ran.code == 0, ran.out


def test_check_reports_every_error_and_exits_1(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("check", str(FIXTURES / "three_mistakes.yaml"), "--format", "json")
    assert ran.code == 1
    (report,) = ran.json["result"]["files"]
    assert report["ok"] is False and len(report["errors"]) == 3
    assert all(e["line"] and e["column"] for e in report["errors"])


def test_check_github_annotations(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("check", str(FIXTURES / "three_mistakes.yaml"), "--format", "github")
    lines = ran.out.strip().splitlines()
    assert len(lines) == 3 and all(line.startswith("::error file=") for line in lines)
    assert ",line=7,col=5::" in lines[0]


def test_check_missing_path_is_an_error_entry(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """CONTRACT: "a path that does not exist is an error entry for that path"."""
    good = ENCOUNTERS / "duel.yaml"
    ran = erc("check", str(tmp_path / "nope.yaml"), str(good), "--json")
    assert ran.code == 1
    missing, ok = ran.json["result"]["files"]
    assert not missing["ok"] and "no such file" in missing["errors"][0]["message"]
    assert ok["ok"]


def test_check_folder_recurses(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "x.yml").write_text("erc: 1\ncombatants: []\n")
    (tmp_path / "notes.txt").write_text("not yaml")
    ran = erc("check", str(tmp_path), "--json")
    assert [f["path"].endswith("x.yml") for f in ran.json["result"]["files"]] == [True]


def test_pre_commit_hook_declared() -> None:
    text = (ENCOUNTERS.parent / ".pre-commit-hooks.yaml").read_text()
    assert "id: erc-check" in text and "entry: erc check" in text


def test_every_command_has_help(erc) -> None:  # type: ignore[no-untyped-def]
    """sqlite-utils style: every registered command answers --help with its options."""
    names = [c.name for c in app.registered_commands]
    assert {"roll", "check", "schema"} <= set(names)
    for name in names:
        ran = erc(name, "--help")
        assert ran.code == 0 and "Usage: erc " + name in ran.out, name


def test_every_command_is_in_the_docs() -> None:
    """Each command has its section in a generated command reference (docs/reference/)."""
    pages = "".join(p.read_text() for p in (ENCOUNTERS.parent / "docs" / "reference").glob("*.md"))
    for command in app.registered_commands:
        assert f"## `erc {command.name}`" in pages, command.name


def test_human_output_has_no_colour_off_a_terminal(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("roll", "3d20+4", "--seed", "7")
    assert ran.code == 0 and "\x1b[" not in ran.out and "3d20+4 = " in ran.out


def test_no_traceback_in_a_real_process() -> None:
    """The installed entry point: a bad input is a message and exit 2, never a traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "erc", "roll", "d0"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr and "erc:" in done.stderr


@pytest.mark.parametrize("args", [["--version"], ["-h"]])
def test_top_level(erc, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    assert erc(*args).code == 0


@pytest.mark.parametrize(
    ("spelling", "title"),
    [
        (["--help", "-e", "spellchrome-warehouse.yaml"], "Spellchrome"),
        (["-e", "elysium-ogre.yaml", "--help"], "Elysium"),
        (["--help", "--encounter=elysium-ogre.yaml"], "Elysium"),
        (["--help"], "Enchanted Realms"),
    ],
)
def test_top_level_help_of_a_files_ruleset(erc, spelling: list[str], title: str) -> None:  # type: ignore[no-untyped-def]
    """The top-level help says "`erc --help -e FILE` shows that file's" commands: it does."""
    from tests.conftest import ENCOUNTERS

    args = [
        a.replace("=", f"={ENCOUNTERS}/")
        if a.startswith("--encounter=")
        else str(ENCOUNTERS / a)
        if a.endswith(".yaml")
        else a
        for a in spelling
    ]
    ran = erc(*args)
    assert ran.code == 0, ran.err
    assert f"{title} combat resolver" in ran.out
