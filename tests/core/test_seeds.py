"""CONTRACT "JSON envelope": "A seed that erc draws is below 2^53, so it survives JSON readers
that use doubles (jq, JavaScript)"; README "Limits": ``--seed``/``ERC_SEED`` 0 to 2^63-1."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from erc.core import dice
from erc.core.dice import MAX_DRAWN_SEED, MAX_SEED, new_seed
from tests.conftest import ENCOUNTERS

DUEL = str(ENCOUNTERS / "duel.yaml")


def test_a_drawn_seed_comes_from_1_to_2_53_minus_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound itself: ``new_seed`` asks the system's random source for a number in
    [1, 2^53), the largest range whose every member a double holds exactly."""
    asked: list[tuple[int, int]] = []

    def randrange(self: random.SystemRandom, start: int, stop: int) -> int:
        asked.append((start, stop))
        return stop - 1

    monkeypatch.setattr(random.SystemRandom, "randrange", randrange)
    assert new_seed() == 2**53 - 1 and asked == [(1, 2**53)]
    assert MAX_DRAWN_SEED == 2**53 and float(2**53 - 1) == 2**53 - 1


def test_drawn_seeds_are_below_2_53_and_survive_doubles() -> None:
    """Statistically: 20,000 drawn seeds, every one in [1, 2^53) and equal to itself read
    back as a double; they spread over the range (a seed above 2^52 half the time: the
    chance that none of them is, were the range used, is 2^-20000)."""
    seeds = [new_seed() for _ in range(20_000)]
    assert all(1 <= s < 2**53 and int(float(s)) == s for s in seeds)
    assert any(s >= 2**52 for s in seeds)
    assert len(set(seeds)) > 19_990  # no narrow range hides behind the bound


def test_a_drawn_seed_in_the_envelope_replays(erc: Any) -> None:
    """Without ``--seed`` the envelope reports the seed drawn; parsed as a double (as jq or
    JavaScript would) it is the same number, and ``--seed`` with it replays the result."""
    for _ in range(20):
        ran = erc("attack", "Kaela", "Ogre", "-e", DUEL, "--json")
        assert ran.code == 0, ran.err
        seed = ran.json["seed"]
        assert isinstance(seed, int) and 1 <= seed < 2**53
        as_double = json.loads(ran.out, parse_int=float)["seed"]
        assert as_double == seed
        again = erc("attack", "Kaela", "Ogre", "-e", DUEL, "--json", "--seed", str(int(as_double)))
        assert again.json["rolls"] == ran.json["rolls"]
        assert again.json["result"] == ran.json["result"]


@pytest.mark.parametrize("seed", [0, 2**53 - 1, 2**53, 2**53 + 1, 2**62, MAX_SEED])
def test_given_seeds_up_to_2_63_minus_1_work(erc: Any, seed: int) -> None:
    """A given seed is used and reported as given, whatever its size (only drawn seeds are
    kept below 2^53), on the ``roll`` command and on a ruleset's command, by ``--seed`` and
    by ``ERC_SEED``; the same seed gives the same dice."""
    first = erc("roll", "3d20", "--seed", str(seed), "--json")
    assert first.code == 0, first.err
    assert first.json["seed"] == seed
    assert erc("roll", "3d20", "--seed", str(seed), "--json").json == first.json
    fight = erc("attack", "Kaela", "Ogre", "-e", DUEL, "--seed", str(seed), "--json")
    assert fight.code == 0 and fight.json["seed"] == seed


def test_env_seed_up_to_2_63_minus_1(erc: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ERC_SEED", str(MAX_SEED))
    ran = erc("roll", "d20", "--json")
    assert ran.code == 0 and ran.json["seed"] == MAX_SEED


@pytest.mark.parametrize("seed", [str(2**63), str(10**19), "-1"])
def test_seeds_past_2_63_minus_1_are_clean_errors(erc: Any, seed: str) -> None:
    ran = erc("roll", "d20", "--seed", seed, "--json")
    assert ran.code == 2 and ran.out == ""
    assert ran.error["code"] in ("bad-seed", "usage") and "Traceback" not in ran.err


def test_a_large_given_seed_draws_fair_dice() -> None:
    """The seeded source works the same for a seed past 2^53: every face of a d6 comes up
    over 6,000 draws from seed 2^63-1 (each 1,000 expected; none below 800)."""
    source = dice.SeededSource(MAX_SEED)
    counts = [0] * 6
    for _ in range(6_000):
        counts[source.draw(6, "test") - 1] += 1
    assert min(counts) > 800
