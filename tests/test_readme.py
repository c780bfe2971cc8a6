"""Documented examples run (typer's habit): the README's set-up command and every concrete
`erc ... -e encounters/...` example in the README and in the shipped encounters' comments."""

from __future__ import annotations

import os
import re
import shlex

import pytest

from tests.conftest import ENCOUNTERS, ROOT

README = (ROOT / "README.md").read_text()


def examples() -> list[str]:
    found = re.findall(r"`(erc [^`]*-e encounters/[^`]*)`", README)
    for path in sorted(ENCOUNTERS.glob("*.yaml")):
        found += re.findall(r"^#\s+(erc .*)$", path.read_text(), re.M)
    first = README.split("```sh\n", 1)[1].splitlines()[0]
    found.append(first.split(".venv/bin/", 1)[1])
    return sorted(set(found))


def test_there_are_examples() -> None:
    assert len(examples()) >= 8


@pytest.mark.parametrize("line", examples())
def test_documented_example_runs(line: str, erc, tmp_path) -> None:  # type: ignore[no-untyped-def]
    args = shlex.split(line)[1:]
    args = [str(ROOT / a) if a.startswith("encounters/") else a for a in args]
    ran = erc(*args, "--seed", "1", "--journal", os.path.join(tmp_path, "j.jsonl"))
    assert ran.code == 0, ran.err
