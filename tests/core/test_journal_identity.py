"""Which journal, and which files a journal may not be (issue 32): one journal per encounter
file whatever its name; a journal that is the encounter, stdout or stderr (any name for the
same file) is refused before anything is written."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from erc.core.journal import default_path
from tests.conftest import ENCOUNTERS

DUEL = ENCOUNTERS / "duel.yaml"
OGRE = ENCOUNTERS / "elysium-ogre.yaml"


def test_the_naming_rule_keeps_ordinary_names() -> None:
    """docs/journal.md: `NAME.yaml` -> `NAME.journal.jsonl` (as before), `NAME.yml` ->
    `NAME.yml.journal.jsonl` (as before), any other name -> `NAME.erc-journal.jsonl`."""
    assert default_path("a/ambush.yaml") == "a/ambush.journal.jsonl"
    assert default_path("a/x.yml") == "a/x.yml.journal.jsonl"
    assert default_path("a/fight") == "a/fight.erc-journal.jsonl"
    assert default_path("a/x.yml.yaml") == "a/x.yml.yaml.erc-journal.jsonl"
    assert default_path("a/x.yaml.yaml") == "a/x.yaml.yaml.erc-journal.jsonl"
    assert default_path("a/x.txt") == "a/x.txt.erc-journal.jsonl"


def test_no_two_names_share_a_journal(tmp_path: Path) -> None:
    """Issue 32: "`fight.yaml` and `fight` both write `fight.journal.jsonl`; `x.yml` and
    `x.yml.yaml` share `x.yml.journal.jsonl`". Every pair of these names keeps its own."""
    stems = ["fight", "x", "x.yml", "x.yaml", "x.journal", "x.erc-journal", "x.jsonl", "a.b"]
    tails = ["", ".yaml", ".yml", ".yaml.yaml", ".yml.yaml", ".yaml.yml", ".yml.yml", ".txt"]
    names = {stem + tail for stem in stems for tail in tails}
    journals = {default_path(str(tmp_path / name)) for name in names}
    assert len(journals) == len(names)
    assert not names & {Path(j).name for j in journals}  # no journal is an encounter's name


def test_fight_yaml_and_fight_keep_their_own_states(erc: Any, tmp_path: Path) -> None:
    """Issue 32: "the ER fight's status counts the Elysium damage"."""
    er, elysium = tmp_path / "fight.yaml", tmp_path / "fight"
    shutil.copy(DUEL, er)
    shutil.copy(OGRE, elysium)
    ogre = erc("status", "-e", elysium, "--json").json["result"]["combatants"][0]["name"]
    assert erc("damage", ogre, "3", "-e", elysium, "--apply", "--json").code == 0
    assert erc("status", "-e", er, "--json").json["result"]["n_events"] == 0
    assert (tmp_path / "fight.erc-journal.jsonl").exists()
    assert not (tmp_path / "fight.journal.jsonl").exists()


def test_x_yml_and_x_yml_yaml_keep_their_own_states(erc: Any, tmp_path: Path) -> None:
    first, second = tmp_path / "x.yml", tmp_path / "x.yml.yaml"
    shutil.copy(DUEL, first)
    shutil.copy(DUEL, second)
    assert erc("damage", "Ogre", "3", "-e", second, "--apply", "--json").code == 0
    assert erc("status", "-e", first, "--json").json["result"]["n_events"] == 0
    assert erc("status", "-e", second, "--json").json["result"]["n_events"] == 1


def test_an_older_yml_journal_is_still_found(erc: Any, tmp_path: Path) -> None:
    """Backward compatible: `x.yml`'s journal from before (`x.journal.jsonl`) is kept."""
    fight = tmp_path / "x.yml"
    shutil.copy(DUEL, fight)
    assert (
        erc(
            "damage", "Ogre", "3", "-e", fight, "--journal", tmp_path / "x.journal.jsonl", "--apply"
        ).code
        == 0
    )
    assert erc("status", "-e", fight, "--json").json["result"]["n_events"] == 1


def _run(argv: list[str], **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ}
    env.pop("ERC_SEED", None)
    return subprocess.run([sys.executable, "-m", "erc", *argv], env=env, timeout=60, **kwargs)


@pytest.mark.parametrize("stream", ["stdout", "stderr"])
@pytest.mark.parametrize("command", ["apply", "status"])
def test_a_journal_that_is_a_standard_stream_is_refused(
    tmp_path: Path, stream: str, command: str
) -> None:
    """Issue 32: "`--journal /dev/stdout > out.txt` reports success, then erc's own output
    overwrites the event". Refused before anything is written, by any name of the file."""
    duel = tmp_path / "duel.yaml"
    shutil.copy(DUEL, duel)
    target = tmp_path / "out.txt"
    target.write_text("")
    argv = ["-e", str(duel), "--json", "--journal", f"/dev/{stream}"]
    argv = (["damage", "Ogre", "1", "--apply"] if command == "apply" else ["status"]) + argv
    with open(target, "ab") as sink:
        other = subprocess.PIPE
        ran = _run(
            argv,
            stdout=sink if stream == "stdout" else other,
            stderr=sink if stream == "stderr" else other,
        )
    assert ran.returncode == 2
    said = target.read_text() if stream == "stderr" else ran.stderr.decode()
    assert (
        "bad-journal" in said and f"standard {'output' if stream == 'stdout' else 'error'}" in said
    )
    if stream == "stdout":
        assert target.read_text() == ""


@pytest.mark.parametrize("how", ["same", "hard link", "symlink"])
def test_a_journal_that_is_the_encounter_is_refused(erc: Any, tmp_path: Path, how: str) -> None:
    duel = tmp_path / "duel.yaml"
    shutil.copy(DUEL, duel)
    journal = duel
    if how != "same":
        journal = tmp_path / "other.yaml"
        (os.link if how == "hard link" else os.symlink)(duel, journal)
    before = duel.read_bytes()
    ran = erc("damage", "Ogre", "1", "-e", duel, "--journal", journal, "--apply", "--json")
    assert ran.code == 2 and ran.error["code"] == "bad-journal"
    assert duel.read_bytes() == before


def test_the_null_device_stays_a_journal_that_keeps_nothing(tmp_path: Path) -> None:
    """`--journal /dev/null` with stdout on the null device too is not "the same file"."""
    ran = _run(
        ["damage", "Ogre", "1", "-e", str(DUEL), "--journal", os.devnull, "--apply"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert ran.returncode == 0, ran.stderr
