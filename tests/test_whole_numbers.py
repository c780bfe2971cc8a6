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
