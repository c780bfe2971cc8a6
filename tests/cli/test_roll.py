"""``erc roll`` (issue 2 item 6): expressions, keep, --vs, limits, reproducibility."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from erc.core.dice import Dice, PhysicalSource, SeededSource
from erc.core.errors import ErcError
from erc.core.expr import Constant, DiceTerm, parse, roll


def forced(text: str, values: list[int], vs: int | None = None):  # type: ignore[no-untyped-def]
    source = PhysicalSource(values)
    result = roll(text, Dice(source), vs)
    source.check_all_used()
    return result


def test_parse_terms() -> None:
    assert parse("3d20+4") == (DiceTerm(1, 3, 20), Constant(1, 4))
    assert parse("d3") == (DiceTerm(1, 1, 3),)
    assert parse("2d12kh1") == (DiceTerm(1, 2, 12, "h", 1),)
    assert parse("4d6kl3 - 2") == (DiceTerm(1, 4, 6, "l", 3), Constant(-1, 2))
    assert parse("10-(d4-1)") == (Constant(1, 10), DiceTerm(-1, 1, 4), Constant(1, 1))
    assert parse("d%") == (DiceTerm(1, 1, 100),)


def test_totals_with_forced_dice() -> None:
    assert forced("3d20+4", [17, 4, 9]).total == 34
    assert forced("2d12kh1", [3, 11]).total == 11
    assert forced("2d12kl1", [3, 11]).total == 3
    assert forced("d3-1", [2]).total == 1
    assert forced("4d6kh3", [1, 6, 6, 2]).total == 14


def test_keep_marks_dice() -> None:
    result = forced("3d6kh2", [5, 2, 5])
    assert [d.kept for d in result.dice] == [True, False, True]


def test_vs_counts_dice_like_an_er_pool() -> None:
    """CONTRACT: `--vs N`: kept dice whose value plus the constant reaches N, raw 20 and raw
    1 counting for d20s (R1.3: "a raw 20 always hits and a raw 1 always misses")."""
    assert forced("3d20+4", [10, 9, 11], vs=14).successes == 2  # 14 and 15 reach, 13 not
    assert forced("2d20+30", [1, 2], vs=14).successes == 1  # raw 1 never counts
    assert forced("2d20-30", [20, 19], vs=14).successes == 1  # raw 20 always counts


@pytest.mark.parametrize(
    "text",
    [
        "",
        "3d",
        "d0",
        "0d6",
        "3d20+",
        "+",
        "(d6",
        "d6)",
        "3d6kh4",
        "3d6kh0",
        "2x3",
        "1d1001",
        "d6 d6",
        "()",
        "((((((((((d6))))))))))",
        "9" * 12,
        "1" + "+1" * 120,
        "\uff12d6",  # fullwidth 2: dice and numbers are ASCII digits
        "2d\u0666",  # Arabic-Indic 6
        "d6\u2003+1",  # an em space is not the white space between terms
        "2d6\u3000",  # nor around them
        "\u00a02d6",
    ],
)
def test_bad_expressions_are_clean_errors(text: str) -> None:
    with pytest.raises(ErcError) as caught:
        parse(text)
    assert caught.value.code in ("bad-expression", "dice-budget")


def test_huge_counts_refused_before_rolling(erc) -> None:  # type: ignore[no-untyped-def]
    """Issue 2: "`erc roll 100000000d20` exits 2 at once"."""
    ran = erc("roll", "100000000d20", "--json")
    assert ran.code == 2 and ran.out == ""
    assert ran.error["code"] == "dice-budget"
    assert erc("roll", "600d20+600d20").code == 2


def test_same_seed_same_json(erc) -> None:  # type: ignore[no-untyped-def]
    """Issue 2: "`erc roll 3d20+4 --seed 7 --json` is identical run to run"."""
    first = erc("roll", "3d20+4", "--seed", "7", "--json")
    second = erc("roll", "3d20+4", "--seed", "7", "--json")
    assert first.code == 0 and first.out == second.out
    document = first.json
    assert document["seed"] == 7
    assert [r["die"] for r in document["rolls"]] == [20, 20, 20]
    values = [r["value"] for r in document["rolls"]]
    assert document["result"]["total"] == sum(values) + 4


def test_without_seed_a_seed_is_reported_and_replays(erc) -> None:  # type: ignore[no-untyped-def]
    first = erc("roll", "5d20", "--json").json
    replay = erc("roll", "5d20", "--json", "--seed", str(first["seed"])).json
    assert replay["rolls"] == first["rolls"]


def test_env_seed(erc, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ERC_SEED", "7")
    assert erc("roll", "d20", "--json").json["seed"] == 7


def test_rolls_and_seed_together_is_an_error(erc) -> None:  # type: ignore[no-untyped-def]
    assert erc("roll", "d20", "--seed", "1", "--rolls", "3").code == 2


def test_rolls_errors_through_cli(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("roll", "2d20", "--rolls", "3,21", "--json")
    assert ran.code == 2 and "d20" in ran.error["message"]
    assert erc("roll", "2d20", "--rolls", "3").code == 2
    assert erc("roll", "2d20", "--rolls", "3,4,5").code == 2


def test_sum_distribution_matches_exact() -> None:
    """2d6 over 20,000 seeded rolls against the exact convolution (chi-square, 10 df)."""
    exact = Counter(a + b for a, b in product(range(1, 7), repeat=2))
    n = 20_000
    dice = Dice(SeededSource(31337), budget=2 * n)
    counts = Counter(roll("2d6", dice).total for _ in range(n))
    stat = sum((counts.get(s, 0) - n * k / 36) ** 2 / (n * k / 36) for s, k in exact.items())
    assert stat < 29.59  # chi-square 99.9th percentile, 10 degrees of freedom


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789dDkhlKHL%+-() x", max_size=40))
def test_any_expression_is_a_result_or_a_clean_error(text: str) -> None:
    """Issue 2: any dice expression ends as a result or an ErcError."""
    try:
        result = roll(text, Dice(SeededSource(1)))
    except ErcError as error:
        assert error.message
    else:
        assert isinstance(result.total, int)


def test_the_schemas_dice_pattern_takes_what_the_roller_reads() -> None:
    """The Spellchrome schema's dice pattern (an editor's check) and the roller agree on
    digits and white space: of every digit and space character of the Basic Multilingual
    Plane, both take exactly the ASCII ones (inside, after and before an expression)."""
    import re

    from erc.rulesets.spellchrome.format import DICE_PATTERN

    pattern = re.compile(DICE_PATTERN)
    taken = []
    for code in range(0x10000):
        c = chr(code)
        if not (c.isdigit() or c.isspace()) or 0xD800 <= code <= 0xDFFF:
            continue
        for text in (f"d6+{c}1", f"d6+1{c}", f"{c}+d6"):
            try:
                parse(text)
                read = True
            except ErcError:
                read = False
            assert read == (pattern.match(text) is not None), (hex(code), text)
        if read:
            taken.append(c)
    assert "".join(taken) == "\t\n\x0b\x0c\r 0123456789"
