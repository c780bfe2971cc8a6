"""Combatant lookup (issue 2 item 7, CONTRACT "Commands")."""

from __future__ import annotations

import pytest

from erc.core.encounter import parse
from erc.core.errors import ErcError
from erc.core.lookup import find

ENC = parse("""erc: 1
combatants:
  - {name: Goblin, count: 3, ac: 12, body: 7}
  - {name: Gob, ac: 12, body: 7}
  - {name: Thorin, ac: 15, body: 24}
  - {name: Thora, ac: 15, body: 24}
""")


def test_case_insensitive_exact() -> None:
    assert find(ENC, "thorin").name == "Thorin"
    assert find(ENC, "GOBLIN 2").name == "Goblin 2"


def test_unique_prefix() -> None:
    assert find(ENC, "thori").name == "Thorin"


def test_exact_name_wins_over_prefix() -> None:
    """CONTRACT: "on the command line an exact name wins over a prefix"."""
    assert find(ENC, "gob").name == "Gob"


def test_ambiguous_lists_candidates() -> None:
    with pytest.raises(ErcError) as caught:
        find(ENC, "thor")
    assert caught.value.code == "ambiguous-combatant"
    assert "Thorin" in caught.value.message and "Thora" in caught.value.message


def test_unknown_lists_candidates() -> None:
    with pytest.raises(ErcError) as caught:
        find(ENC, "Ogre")
    assert caught.value.code == "unknown-combatant"
    assert "Goblin 1" in caught.value.message and "Thora" in caught.value.message


def test_empty_name() -> None:
    with pytest.raises(ErcError):
        find(ENC, "  ")
