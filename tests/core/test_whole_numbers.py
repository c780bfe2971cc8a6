"""Whole numbers on the command line are ASCII digits with an optional sign, on every path:
a seed and ``--rolls`` always were; an argument or option such as ``damage N`` or
``--rounds`` now is too (click's ``int()`` took ``1_000`` and other scripts' digits). Bad
input is a usage error, exit 2, with nothing recorded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ENCOUNTERS

DUEL = str(ENCOUNTERS / "duel.yaml")


@pytest.mark.parametrize("text", ["\uff15", "\u0665", "1_0", "5\u00a0", "0x5", "5.0", "++5"])
def test_a_whole_number_in_other_digits_is_a_usage_error(
    erc: Any, tmp_path: Path, text: str
) -> None:
    journal = tmp_path / "j.jsonl"
    ran = erc("damage", "Ogre", text, "-e", DUEL, "--json", "--apply", "--journal", journal)
    assert ran.code == 2 and ran.error["code"] == "usage"
    assert "is not a valid integer (digits 0-9)" in ran.error["message"]
    assert not journal.exists()
    ran = erc("condition", "Ogre", "prone", "--rounds", text, "-e", DUEL, "--json")
    assert ran.code == 2 and ran.error["code"] == "usage"


@pytest.mark.parametrize(("text", "dealt"), [("5", 5), ("+5", 5), (" 5", 5), ("05", 5)])
def test_ascii_whole_numbers_still_read(erc: Any, text: str, dealt: int) -> None:
    ran = erc("damage", "Ogre", text, "-e", DUEL, "--json", "--journal", "/dev/null")
    assert ran.code == 0, ran.err
    assert ran.json["result"]["dealt"] == dealt


def test_batch_lines_read_whole_numbers_alike(erc: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """``erc batch`` runs each line as the one-shot command would."""
    import io
    import sys

    lines = f"damage Ogre 5 -e {DUEL} --json --journal /dev/null\n"
    lines += f"damage Ogre \uff15 -e {DUEL} --json --journal /dev/null\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
    ran = erc("batch")
    documents = [json.loads(line) for line in ran.out.splitlines()]
    assert documents[0]["result"]["dealt"] == 5
    assert documents[1]["error"]["code"] == "usage"


@pytest.mark.parametrize("text", ["\uff13", "1_0", "3\u00a0"])
def test_named_numbers_are_ascii_too(erc: Any, text: str) -> None:
    """``--mod NAME=N`` (every ruleset's competition) and Spellchrome's ``--bonus NAME=N``
    read N as every whole number is read; ``--rolls`` too."""
    ran = erc("competition", "Kaela", "Ogre", "--mod", f"Kaela={text}", "-e", DUEL, "--json")
    assert ran.code == 2 and ran.error["code"] == "bad-option"
    warehouse = str(ENCOUNTERS / "spellchrome-warehouse.yaml")
    ran = erc("roll-init", "--bonus", f"Vex={text}", "-e", warehouse, "--json")
    assert ran.code == 2 and ran.error["code"] == "bad-bonus"
    ran = erc("roll", "1d6", "--rolls", text, "--json")
    assert ran.code == 2 and ran.error["code"] == "bad-rolls"


@pytest.mark.parametrize("text", ["5\u00a0", "\u30005", "\uff15"])
def test_a_seed_is_ascii_with_ascii_white_space(erc: Any, text: str) -> None:
    ran = erc("roll", "1d6", "--seed", text, "--json")
    assert ran.code == 2 and ran.error["code"] == "bad-seed"


def test_named_numbers_in_ascii_still_read(erc: Any) -> None:
    ran = erc("competition", "Kaela", "Ogre", "--mod", "Kaela= +2 ", "-e", DUEL, "--json")
    assert ran.code == 0, ran.err
    ran = erc("roll", "1d6", "--rolls", " 4 ", "--json")
    assert ran.code == 0 and ran.json["result"]["total"] == 4
    ran = erc("roll", "1d6", "--seed", " 5\t", "--json")
    assert ran.code == 0 and ran.json["seed"] == 5


@pytest.mark.parametrize("split", ["\uff12,1", "2,1_0", "2\u00a0,1"])
def test_a_split_counts_dice_in_ascii_digits(erc: Any, split: str) -> None:
    """``--split`` (R5.1: a pool's dice split between targets) reads its counts as every
    whole number is read."""
    ran = erc("attack", "Kaela", "Ogre", "Ogre", "--split", split, "-e", DUEL, "--json")
    assert ran.code == 2 and ran.error["code"] == "bad-split"
