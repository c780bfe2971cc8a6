"""Shared test helpers: run erc in-process, and build combatants without a file."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from erc.cli import run

ROOT = Path(__file__).resolve().parent.parent
ENCOUNTERS = ROOT / "encounters"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@dataclass
class Ran:
    code: int
    out: str
    err: str

    @property
    def json(self) -> Any:
        return json.loads(self.out)

    @property
    def error(self) -> Any:
        return json.loads(self.err)["error"]


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tests use a cache folder of their own, never the user's."""
    import os

    folder = tmp_path_factory.mktemp("erc-cache")
    os.chmod(folder, 0o700)
    os.environ["ERC_CACHE_DIR"] = str(folder / "erc")


@pytest.fixture
def erc(capsys: pytest.CaptureFixture[str]) -> Any:
    """``erc("roll", "3d20")`` -> Ran(code, out, err), run in this process."""

    def call(*args: str) -> Ran:
        capsys.readouterr()
        code = run([str(a) for a in args])
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return call


def encounter_path(name: str) -> str:
    return str(ENCOUNTERS / name)


def conditioned(fields: dict[str, Any]) -> dict[str, Any]:
    """Helpers give conditions by name; the model holds ``Condition`` values."""
    from erc.core.model import Condition

    if "conditions" in fields:
        given = fields["conditions"]
        fields = {
            **fields,
            "conditions": tuple(Condition(c) if isinstance(c, str) else c for c in sorted(given)),
        }
    return fields
