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


def test_weapon_and_spell_names_compare_as_combatant_names() -> None:
    """Issue 15 (names typed or stored differently match): a weapon's or a spell's name, in
    every ruleset, matches in any case, in NFC or NFD, and typed as undecodable UTF-8 bytes
    (an argument in a C locale with ``PYTHONUTF8=0``), as a combatant's does."""
    from erc.core.text import folded

    nfd = "E\u0301pe\u0301e"
    typed = "\udcc3\udca9p\udcc3\udca9e"  # the UTF-8 bytes of "épée", undecoded
    assert folded(nfd) == folded("ÉPÉE") == folded(" épée ") == folded(typed) == "épée"
    er = parse("""erc: 1
combatants:
  - {name: Zoë, ac: 10, body: 5, weapons: [{name: "E\u0301pe\u0301e", kind: melee,
     weight: light, damage_type: edged}]}
""")
    (zoe,) = er.combatants
    assert zoe.weapon("ÉPÉE") is zoe.weapons[0] and zoe.weapon("epee") is None
    assert find(er, "zoe\u0308").name == "Zoë"
    el = parse("""erc: 1
ruleset: elysium
combatants:
  - {name: Kharza, hp: 30, mp: 10,
     weapons: [{name: Fouet, skill: whip, ap: 2, damage_score: 1}],
     spells: [{name: Boule de Feu, school: fire, ability: cunning, ap: 4,
               levels: [{mp: 2, bonus: 1}]}]}
""")
    (kharza,) = el.combatants
    assert kharza.weapon("FOUET") is not None and kharza.spell("boule de feu") is not None
    sc = parse("""erc: 1
ruleset: spellchrome
combatants:
  - {name: Vex, hp: 10, weapons: [{name: Ceburx 44, kind: ranged, damage: 2d10, range: 60}]}
""")
    assert sc.combatants[0].weapon("ceburx 44 ") is not None
