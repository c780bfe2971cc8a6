"""Issue 31: dice expressions as GMs write them (d20's grammar), what happened to each
die, the --rolls order, limits as clean errors with their column, and exact --odds."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from erc.core.dice import Dice, PhysicalSource, SeededSource
from erc.core.errors import ErcError
from erc.core.roller.odds import distribution, enumerate_node, expression_odds
from erc.core.roller.parse import parse
from erc.core.roller.roll import EXPLODE_DEPTH, roll


def forced(text: str, values: list[int], vs: int | None = None):  # type: ignore[no-untyped-def]
    source = PhysicalSource(values)
    result = roll(text, Dice(source), vs)
    source.check_all_used()
    return result


# --- meaning, with the dice forced (each total worked out by hand) -------------------


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [
        ("4d6kh3", [4, 4, 6, 3], 14),  # d20's README: highest 3 of 4
        ("4d6k3", [3, 5, 3, 1], 6),  # d20: k3 keeps the dice showing 3
        ("2d6ro<3", [1, 3, 6], 9),  # the 1 is rerolled once (to 6): 3 + 6
        ("2d6ro<3", [1, 4, 1], 5),  # once only: the new 1 stays, though below 3
        ("1d20rr1", [1, 1, 17], 17),  # rr: again until it is not a 1
        ("8d6mi2", [1, 6, 4, 2, 6, 2, 5, 6], 33),  # d20's README example
        ("10d6ma5", [6] * 10, 50),
        ("3d6e6", [6, 2, 6, 6, 1, 3], 24),  # two 6s explode, a new 6 explodes again
        ("4d6e6kh3", [6, 2, 3, 1, 6, 4], 16),  # the added dice join the keep: 6, 6, 4
        ("2d20ra20", [20, 5, 20], 45),  # ra: one die explodes, once
        ("4d6pl1", [2, 5, 1, 6], 13),
        ("4d6k>3", [2, 5, 4, 6], 15),
        ("4d6p<2", [1, 5, 1, 6], 11),
        ("(1d20+5, 1d20+5)kh1", [8, 14], 19),
        ("(1d4 + 1, 3, 2d6kl1)kh1", [2, 2, 5], 3),  # d20's README example
        ("-1d4", [3], -3),
        ("-(1d8 + 3) [healing]", [7], -10),
        ("15 / 2", [], 7),  # d20: / is exact, the total cut toward zero
        ("-15 / 2", [], -7),
        ("2d6 * 3 // 4", [3, 4], 5),
        ("1d20 % 7", [16], 2),
        ("1d20 >= 15", [15], 1),
        ("1d20 + 5 < 10", [6], 0),
        ("0d6 + 2", [], 2),
        ("10d6k1ph1", [1, 1, 2, 3, 4, 5, 6, 1, 2, 3], 2),  # keep the 1s, then drop one
        ("d%", [100], 100),  # erc: d% is a d100
    ],
)
def test_forced_totals(text: str, faces: list[int], total: int) -> None:
    assert forced(text, faces).total == total


def test_what_happened_to_each_die() -> None:
    """The result says which dice were kept, rerolled from what, exploded, or set by mi."""
    result = forced("3d6ro1e6mi2", [1, 6, 3, 4, 1])
    dice = [(d.value, d.kept, d.rerolled_from, d.exploded, d.from_explosion) for d in result.dice]
    assert dice == [
        (4, True, (1,), False, False),  # rerolled once from 1
        (6, True, (), True, False),  # exploded
        (3, True, (), False, False),
        (2, True, (), False, True),  # added by the explosion; its 1 raised to 2 by mi2
    ]
    assert result.dice[3].clamped_from == 1
    assert result.total == 15
    assert result.text == "3d6ro1e6mi2 (~~1~~, 4, 6!, 3, 1 -> 2) = 15"


def test_annotations_are_carried() -> None:
    result = forced("3d6 [fire] + 1d4 [piercing]", [3, 2, 2, 3])
    assert result.annotations == ("[fire]", "[piercing]")
    assert result.text == "3d6 (3, 2, 2) [fire] + 1d4 (3) [piercing] = 10"


def test_a_dropped_group_does_not_count_its_dice() -> None:
    result = forced("(1d20, 1d20)kh1", [4, 15])
    assert [d.kept for d in result.dice] == [False, True]


def test_rolls_order_and_labels(erc) -> None:  # type: ignore[no-untyped-def]
    """--rolls: a term's dice first, then its rerolls and explosions as d20 makes them."""
    ran = erc("roll", "2d6ro1e6+1d4", "--rolls", "1,6,2,5,3", "--json")
    assert ran.code == 0, ran.err
    document = ran.json
    assert [r["for"] for r in document["rolls"]] == [
        "2d6ro1e6 1",
        "2d6ro1e6 2",
        "2d6ro1e6 1 reroll",
        "2d6ro1e6 3 explosion",
        "1d4",
    ]
    assert document["result"]["total"] == 2 + 6 + 5 + 3


def test_explosions_stop_at_the_depth_limit() -> None:
    result = forced("1d2e2", [2] * (EXPLODE_DEPTH + 1))
    assert result.capped and len(result.dice) == EXPLODE_DEPTH + 1
    assert result.total == 2 * (EXPLODE_DEPTH + 1)


# --- limits and bad expressions: exit 2 with the column ------------------------------


@pytest.mark.parametrize(
    ("text", "code", "column"),
    [
        ("2d6x3", "bad-expression", 4),  # an unknown operator
        ("4d6kz3", "bad-expression", 5),
        ("3d20+", "bad-expression", 6),  # a missing operand
        ("*2", "bad-expression", 1),
        ("(1d6, ,)", "bad-expression", 7),
        ("(" + ",".join(["1"] * 51) + ")", "bad-expression", 102),  # a set too large
        ("1d1e1", "endless-dice", 4),  # an explosion that cannot stop
        ("1d20e<21", "endless-dice", 5),
        ("1d1rr1", "endless-dice", 4),
        ("1d20rr<21", "endless-dice", 5),
        ("2d6rrh1", "endless-dice", 4),
        ("10d6mil1", "bad-expression", 5),
        ("1001d6", "dice-budget", 1),
        ("600d6+600d6", "dice-budget", 1),
        ("1000d6ro<7", "dice-budget", 7),  # rerolls count against the budget
        ("4d6 kh3", "bad-expression", 5),
        ("(1d6", "bad-expression", 1),
        ("1d6)", "bad-expression", 4),
        ("1d6 [fire", "bad-expression", 5),
        ("d0", "bad-expression", 1),
        ("10 / (1d1 - 1)", "division-by-zero", 4),
        ("(" * 40 + "1" + ")" * 40, "bad-expression", 33),
    ],
)
def test_bad_expressions_exit_2_with_the_column(
    erc, text: str, code: str, column: int | None
) -> None:  # type: ignore[no-untyped-def]
    ran = erc("roll", text, "--json", "--seed", "1")
    assert ran.code == 2 and ran.out == ""
    error = ran.error
    assert error["code"] == code, error
    if column is not None:
        assert error["column"] == column, error
        assert f"column {column}" in error["message"]


def test_a_leading_minus_is_the_expression(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("roll", "-1d4", "--rolls", "3", "--json")
    assert ran.code == 0 and ran.json["result"]["total"] == -3
    ran = erc("roll", "--json", "-d4+1", "--vs", "-3", "--rolls", "2")
    assert ran.code == 0 and ran.json["result"]["total"] == -1


def test_a_leading_minus_in_batch() -> None:
    ran = subprocess.run(
        [sys.executable, "-m", "erc", "batch"],
        input="roll -1d4 --rolls 3\nroll --rolls 1,2 -2d6\n",
        capture_output=True,
        text=True,
        check=False,
    )
    totals = [json.loads(line)["result"]["total"] for line in ran.stdout.splitlines()]
    assert ran.returncode == 0 and totals == [-3, -3]


# --- --odds --------------------------------------------------------------------------

SMALL = [
    "2d6", "3d6kh2", "4d6kh3", "4d6kl1+2", "2d20kh1+5", "2d6ro<3", "1d6ro1e6", "3d4k3",
    "4d4pl1", "4d4ph2", "3d6p<3kh1", "1d4e4", "2d4e4mi2", "1d6ral1", "2d6*1d4",
    "1d20/3", "1d8//1d4", "1d10%3", "(1d6, 1d8, 3)kh1", "(1d6 + 1d4, 2d4)kl1", "1d6 >= 4",
    "1d4 - 1d6", "(2d4)kh1", "(1d6)k>3", "-1d4", "3d6k1k2", "(1d4, 1d4, 1d4)ph1pl1",
    "2d4ma3mi2", "0d6+1", "1.5*1d4", "2d6kh1ro1", "2d4e4kh1", "2d4e4pl1", "2d3e3kl1",
    "2d4e4ph1", "2d4e4p1kh1",
]  # fmt: skip


@pytest.mark.parametrize("text", SMALL)
def test_odds_equal_brute_force(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact method against following every way the dice fall through the roller
    (``rr`` has no end to follow: it is checked against icepool and 20,000 rolls). The
    reference may follow longer explosion chains (``2d4e4mi2``) than a user's --odds."""
    from erc.core.roller import odds

    monkeypatch.setattr(odds, "MAX_WORK", 10_000_000)
    tree = parse(text)
    exact = distribution(tree, text)
    brute = enumerate_node(tree, text, None)
    totals: dict[int, Fraction] = {}
    for value, ways in brute.ways.items():
        totals[int(value)] = totals.get(int(value), Fraction(0)) + Fraction(ways, brute.den)
    assert exact.fractions() == totals
    assert Fraction(exact.cut, exact.den) == Fraction(brute.cut, brute.den)


@pytest.mark.parametrize("text", ["3d20+4", "2d20kh1+2", "1d6e6+1d4", "2d20ro1-3"])
def test_vs_odds_equal_brute_force(text: str) -> None:
    tree = parse(text)
    odds = expression_odds(tree, text, vs=14)
    brute = enumerate_node(tree, text, (int(roll(text, Dice(SeededSource(1))).constant), 14))
    assert odds["exact"]["distribution"] == {
        str(v): f"{Fraction(w, brute.den).numerator}/{Fraction(w, brute.den).denominator}"
        for v, w in sorted(brute.ways.items())
    }


def _chi_square(text: str, n: int = 20_000) -> tuple[float, int]:
    exact = distribution(parse(text), text).fractions()
    dice = Dice(SeededSource(31337), budget=10**9)
    tree = parse(text)
    counts = Counter(roll(text, dice, tree=tree).total for _ in range(n))
    bins: list[tuple[float, int]] = []  # adjacent totals merged until 5 expected
    expected, seen = 0.0, 0
    for value, p in exact.items():
        expected += n * float(p)
        seen += counts.pop(value, 0)
        if expected >= 5:
            bins.append((expected, seen))
            expected, seen = 0.0, 0
    if bins and expected:
        last_expected, last_seen = bins.pop()
        bins.append((last_expected + expected, last_seen + seen))
    assert not counts, f"totals outside the exact support: {counts}"
    stat = sum((o - e) ** 2 / e for e, o in bins)
    return stat, len(bins) - 1


@pytest.mark.parametrize(
    "text", ["20d6kh10", "10d10e10", "8d6mi2+1d20rr1", "6d6ro<3kl4", "4d6e6kh3"]
)
def test_odds_against_20000_seeded_rolls(text: str) -> None:
    """Chi-square of 20,000 seeded rolls against the exact distribution, 99.9th percentile
    (Wilson-Hilferty approximation of the chi-square quantile)."""
    stat, df = _chi_square(text)
    z = 3.09
    critical = df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3
    assert stat < critical, (stat, df, critical)


def test_odds_agree_with_icepool() -> None:
    icepool = pytest.importorskip("icepool")
    cases = {
        "20d6kh10": icepool.d6.pool(20).highest(10).sum(),
        "4d6kh3+2": icepool.d6.pool(4).highest(3).sum() + 2,
        "1d20rr1": icepool.d20.reroll([1], depth="inf"),
        "3d6e6": 3 @ icepool.d6.explode([6], depth=EXPLODE_DEPTH),
        "8d6mi2": 8 @ icepool.d6.map(lambda x: max(x, 2)),
    }
    for text, die in cases.items():
        ours = distribution(parse(text), text).fractions()
        theirs = {
            int(k): Fraction(v) for k, v in zip(die.outcomes(), die.probabilities(), strict=True)
        }
        assert ours == {k: v for k, v in theirs.items() if v}, text


def test_odds_through_the_cli(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("roll", "2d20kh1+5", "--odds", "--at-least", "15", "--json")
    assert ran.code == 0 and ran.json["rolls"] == []
    odds = ran.json["result"]["odds"]
    assert odds["exact"]["at_least"] == {"15": "319/400"}  # 1 - (9/20)^2... of 2d20kh1 >= 10
    assert odds["exact"]["mean"] == "753/40"
    assert len(odds["distribution"]) == 20
    ran = erc("roll", "3d20+4", "--vs", "14", "--odds", "--json")
    assert ran.json["result"]["odds"]["exact"]["distribution"]["3"] == "1331/8000"  # (11/20)^3
    ran = erc("roll", "1000d6", "--odds", "--json")
    assert ran.code == 2 and ran.error["code"] == "odds-too-costly"
    assert erc("roll", "2d6", "--at-least", "7").code == 2


def test_odds_with_seed_also_rolls(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("roll", "4d6kh3", "--odds", "--seed", "5", "--json")
    assert ran.code == 0 and len(ran.json["rolls"]) == 4
    assert ran.json["result"]["odds"]["exact"]["distribution"]["18"] == "7/432"  # 21 of 1296


def test_odds_drawn_as_bars(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("roll", "2d6", "--odds", "--at-least", "10")
    assert ran.code == 0
    assert "10 or more: 16.67%" in ran.out
    assert "#" in ran.out or "█" in ran.out


# --- the grammar, generated: every roll falls inside its --odds support ----------------


def _expressions() -> st.SearchStrategy[str]:
    selector = st.tuples(st.sampled_from(["", "h", "l", "<", ">"]), st.integers(1, 4)).map(
        lambda s: f"{s[0]}{s[1]}"
    )
    dice_op = st.tuples(st.sampled_from(["k", "p", "ro", "mi", "ma", "ra"]), selector).map(
        lambda o: o[0] + o[1] if o[0] not in ("mi", "ma") else o[0] + o[1].lstrip("hl<>")
    )
    dice = st.tuples(
        st.integers(0, 3), st.sampled_from([2, 3, 4, 6]), st.lists(dice_op, max_size=2)
    ).map(lambda d: f"{d[0]}d{d[1]}{''.join(d[2])}")
    atom = st.one_of(dice, st.integers(0, 9).map(str))

    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "==", "<"]), inner).map(
            lambda b: f"{b[0]} {b[1]} {b[2]}"
        )
        keep = st.tuples(
            st.lists(inner, min_size=1, max_size=3), st.sampled_from(["kh1", "kl1", "p<3", ""])
        ).map(lambda s: f"({', '.join(s[0])},){s[1]}")
        return st.one_of(binary, keep, inner.map(lambda x: f"-({x})"))

    return st.recursive(atom, grow, max_leaves=4)


@settings(max_examples=200, deadline=None)
@given(_expressions(), st.integers(0, 2**32))
def test_generated_rolls_fall_in_the_odds_support(text: str, seed: int) -> None:
    tree = parse(text)
    try:
        support = distribution(tree, text).ways
    except ErcError as error:
        assert error.code in ("odds-too-costly", "division-by-zero")
        return
    assert roll(text, Dice(SeededSource(seed)), tree=tree).total in support


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789dkhlprmiae%+-*/=<>!()[], .x", max_size=30))
def test_any_text_is_a_result_or_a_clean_error(text: str) -> None:
    try:
        result = roll(text, Dice(SeededSource(1)))
    except ErcError as error:
        assert error.message
    else:
        assert isinstance(result.total, int)


# --- docs/dice.md: every example runs and prints what the page shows -----------------


def _doc_examples() -> list[tuple[str, str]]:
    from tests.conftest import ROOT

    page = (ROOT / "docs" / "dice.md").read_text(encoding="utf-8")
    found = []
    for block in page.split("```console\n")[1:]:
        body = block.split("```", 1)[0]
        for chunk in body.split("$ ")[1:]:
            command, _, shown = chunk.partition("\n")
            found.append((command, shown))
    return found


def test_the_page_has_examples() -> None:
    assert len(_doc_examples()) >= 5


@pytest.mark.parametrize(("command", "shown"), _doc_examples())
def test_documented_example(erc, command: str, shown: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import shlex

    monkeypatch.setenv("NO_COLOR", "1")
    words = shlex.split(command)
    assert words[0] == "erc"
    ran = erc(*words[1:])
    if shown.startswith("erc: "):  # an error the page means to show
        assert (ran.code, ran.err) == (2, shown)
    else:
        assert ran.code == 0, ran.err
        assert ran.out == shown


# --- red-team pass (rollred) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "total"), [("0d8rrh3", 0), ("0d1e1", 0), ("1d6rrh0", 4), ("0d6rr<7+2", 2)]
)
def test_no_die_to_reroll_or_explode_is_not_endless(text: str, total: int) -> None:
    """d20 rolls these (no die, or no die selected, so nothing rerolls or explodes):
    they are not refused as ``endless-dice``, and their odds are exact."""
    faces = [4] if text.startswith("1d") else []
    assert forced(text, faces).total == total
    odds = expression_odds(parse(text), text)
    assert odds["exact"]["distribution"][str(total)] in ("1/1", "1/6")


@pytest.mark.parametrize("text", ["1d6mi", "1d6ma", "8d6MI"])
def test_mi_and_ma_without_a_number_ask_for_a_number(text: str) -> None:
    """``mi``/``ma`` take a plain number; the message does not suggest ``mih3``."""
    with pytest.raises(ErcError) as raised:
        parse(text)
    assert "needs a number, as in m" in raised.value.message
    assert "h3" not in raised.value.message


@pytest.mark.parametrize("text", ["1d6el4", "2d4eh7", "3d6eh6kh1"])
def test_a_costly_die_by_die_enumeration_is_refused_early(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An explosion of the highest or lowest dice followed die by die replays ever longer
    prefixes: the budget counts a replay by its length, so the refusal comes after a few
    thousand replays (it took 10,000 and ~5 s), while ``4d6ral1`` (9,331) still resolves."""
    from erc.core.roller import roll as rolling

    replays = 0
    evaluate = rolling.Roller.evaluate

    def counted(self: rolling.Roller, node: object) -> object:
        nonlocal replays
        replays += 1
        return evaluate(self, node)  # type: ignore[arg-type]

    monkeypatch.setattr(rolling.Roller, "evaluate", counted)
    with pytest.raises(ErcError) as raised:
        expression_odds(parse(text), text)
    assert raised.value.code == "odds-too-costly"
    assert replays < 4000, replays
    replays = 0
    assert expression_odds(parse("4d6ral1"), "4d6ral1")["mean"] > 14


@pytest.mark.parametrize(
    "text", ["1000d2kh500", "1000d6kh1", "500d6pl250", "200d20kh100", "1d1000*1d1000"]
)
def test_odds_too_costly_are_refused_not_worked_for_minutes(text: str) -> None:
    """Keeping the highest of many dice counts its steps and the size of its numbers
    (``1000d2kh500`` took 230 s, ``200d20kh100`` 245 s); a product of two d1000s has
    more totals than a distribution may have (it took 24 s): each is ``odds-too-costly``."""
    with pytest.raises(ErcError) as raised:
        expression_odds(parse(text), text)
    assert raised.value.code == "odds-too-costly"


@pytest.mark.parametrize(
    ("text", "mean"),
    [("60d20kh30", None), ("100d6kh50", None), ("4d6kh3", Fraction(15869, 1296)),
     ("1d100*1d100", Fraction(10201, 4)), ("1d20 >= 1d20", Fraction(21, 40))],
)  # fmt: skip
def test_odds_within_the_budgets_still_resolve(text: str, mean: Fraction | None) -> None:
    odds = expression_odds(parse(text), text)
    total = sum(Fraction(p) for p in odds["exact"]["distribution"].values())
    assert total == 1
    if mean is not None:
        assert Fraction(odds["exact"]["mean"]) == mean
