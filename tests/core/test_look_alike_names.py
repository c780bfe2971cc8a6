"""Look-alike names (issue 32): "`Anna` and `\u0410nna` with a Cyrillic A, `Bob` and
`\uff22ob` pass `erc check` silently and show as two identical rows in `status`". `erc
check` warns, with both lines; names that only differ in case are one name already (an
error)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from erc.core.text import look_alike
from tests.conftest import ENCOUNTERS

ROW = (
    '  - {{name: "{name}", ac: 10, body: 10, attributes: {{strength: 4}}, pools: {{primary: 1}},'
    " speed: 30, weapons: [{{name: stick, kind: melee, weight: light, damage_type: blunt}}]}}\n"
)


def _file(tmp_path: Path, *names: str) -> Path:
    path = tmp_path / "names.yaml"
    path.write_text("erc: 1\ncombatants:\n" + "".join(ROW.format(name=n) for n in names))
    return path


@pytest.mark.parametrize(
    ("first", "second", "why"),
    [
        ("Anna", "\u0410nna", "CYRILLIC CAPITAL LETTER A"),
        ("Bob", "\uff22ob", "FULLWIDTH LATIN CAPITAL LETTER B"),
        ("Pope", "\u0420\u043e\u0440\u0435", "CYRILLIC"),  # all Cyrillic
        ("Xena", "\u03a7ena", "GREEK CAPITAL LETTER CHI"),
        ("Ivo", "\u0406vo", "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I"),
    ],
)
def test_look_alike_names_are_a_warning_with_both_lines(
    erc: Any, tmp_path: Path, first: str, second: str, why: str
) -> None:
    ran = erc("check", _file(tmp_path, first, "Carl", second), "--json")
    assert ran.code == 0
    (report,) = ran.json["result"]["files"]
    (warning,) = report["warnings"]
    assert warning["line"] == 5  # the second name's line
    assert "line 3" in warning["message"] and why in warning["message"]
    assert repr(first) in warning["message"] and repr(second) in warning["message"]
    strict = erc("check", _file(tmp_path, first, "Carl", second), "--strict", "--json")
    assert strict.code == 1


@pytest.mark.parametrize(
    "names",
    [
        ("Anna", "Anne"),
        ("\u0410\u043d\u043d\u0430", "\u0410\u043d\u044f"),  # two Cyrillic names
        ("Goblin", "Goblins"),
        ("\u0417\u043e\u044f", "Zoya"),  # Cyrillic Ze is not drawn like Z
    ],
)
def test_names_that_differ_on_screen_are_not_warned(
    erc: Any, tmp_path: Path, names: tuple[str, ...]
) -> None:
    ran = erc("check", _file(tmp_path, *names), "--json")
    assert ran.code == 0 and ran.json["result"]["files"][0]["warnings"] == []


def test_the_shipped_encounters_have_no_look_alike_names(erc: Any) -> None:
    ran = erc("check", ENCOUNTERS, "--json")
    for report in ran.json["result"]["files"]:
        assert not [w for w in report["warnings"] if "looks like" in w["message"]]


def test_the_look_alike_of_a_name() -> None:
    assert look_alike("\u0410nna") == look_alike("Anna") == "anna"
    assert look_alike("\uff22ob") == look_alike("BOB") == "bob"
    assert look_alike("\u0391\u039b\u0395\u039e") != look_alike("ALEX")  # Λ and Ξ are not
