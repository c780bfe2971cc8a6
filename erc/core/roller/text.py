"""A rolled result as one line, in d20's manner: ``4d6kh3 (6, 5, ~~1~~, 4) + 3``.

A dropped die or group is struck through (``~~1~~``), a face rerolled away too, an
exploded die carries ``!``, a face ``mi``/``ma`` changed shows both (``1 -> 2``);
annotations follow what they annotate."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.roller.roll import Die, Rolled


def number(value: object) -> str:
    """An int as written; a fraction as a decimal, as d20 shows its floats (7.5)."""
    if isinstance(value, int):
        return str(value)
    text = f"{float(value):.4f}".rstrip("0").rstrip(".")  # type: ignore[arg-type]
    return text


def _die(die: Die) -> str:
    shown = [f"~~{f}~~" for f in die.faces[:-1]]
    last = str(die.faces[-1]) if die.forced is None else f"{die.faces[-1]} -> {die.forced}"
    if die.exploded:
        last += "!"
    shown.append(last if die.kept else f"~~{last}~~")
    return ", ".join(shown)


def written(rolled: Rolled) -> str:
    kind = rolled.kind
    ops = "".join(str(o) for o in rolled.ops)
    if kind == "literal":
        out = number(rolled.value)
    elif kind == "dice":
        out = f"{rolled.node}{ops} ({', '.join(_die(d) for d in rolled.dice)})"
    elif kind == "set":
        inner = ", ".join(written(i) for i in rolled.items)
        out = f"({inner},){ops}" if len(rolled.items) == 1 else f"({inner}){ops}"
    elif kind == "paren":
        out = f"({written(rolled.items[0])}){ops}"
    elif kind == "unop":
        out = f"{rolled.op}{written(rolled.items[0])}"
    else:
        out = f"{written(rolled.items[0])} {rolled.op} {written(rolled.items[1])}"
    if rolled.annotations:
        out += " " + " ".join(rolled.annotations)
    if not rolled.kept and kind != "dice":
        return f"~~{out}~~"
    if not rolled.kept:
        return f"~~{out}~~"
    return out
