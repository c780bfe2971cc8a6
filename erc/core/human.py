"""Human output: rich tables, colour only on a terminal, a non-empty ``NO_COLOR`` honoured.

User text (names, weapons) is always wrapped in ``Text`` (never parsed as markup) and
control characters are shown escaped, so a file cannot drive the terminal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from typing import IO

from rich.console import Console, ConsoleOptions
from rich.table import Table
from rich.text import Text

from erc.core.outcome import Outcome
from erc.core.text import safe

_ENCODING = str(getattr(sys.stdout, "encoding", None) or "utf-8")
_UNICODE = _ENCODING.lower().replace("-", "").startswith("utf")


def _glyph(wanted: str, fallback: str) -> str:
    """``wanted`` if standard output can write it, else ``fallback`` (ASCII): a stream that
    cannot would write the glyph as an escape, wider than the column rich measured."""
    try:
        wanted.encode(_ENCODING)
    except UnicodeEncodeError:
        return fallback
    return wanted


ARROW = _glyph("→", "->")
"""From a value to what it became: 3→8, Body 40 → 35."""
NEXT = _glyph("▶", ">")
"""The next to act, in ``status``."""
BAR = _glyph("█", "#")
"""One cell of an odds bar."""


def clean(value: object) -> str:
    """User text with every control character shown as an escape, and, where standard
    output cannot write a character (``PYTHONIOENCODING=ascii``), that one too, before rich
    lays out the table (else the stream's escape would widen the cell after it)."""
    shown = safe(value)
    if _UNICODE or shown.isascii():
        return shown
    return shown.encode(_ENCODING, "backslashreplace").decode(_ENCODING)


def text(value: object, style: str = "") -> Text:
    """User text, safe: no markup, no control characters."""
    return Text(clean(value), style=style)


class Flow:
    """Short items on as many lines as the terminal's width needs, broken only between two
    items, never inside one (``erc show``: "self_control 2" stays one piece): ``head``, then
    the items joined by ``between``; a line broken after an item keeps the separator's mark
    (the comma of ", ")."""

    def __init__(self, items: Iterable[str], between: str = "  ", head: str = "") -> None:
        self.items = [clean(item) for item in items]
        self.between = between
        self.head = clean(head)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        from rich.cells import cell_len

        width = options.max_width
        line = self.head
        for i, item in enumerate(self.items):
            joined = item if i == 0 else self.between + item
            if i and cell_len(line + joined) > width:
                yield Text(line + self.between.rstrip())
                line = item
            else:
                line += joined
        yield Text(line)


class _Console(Console):
    def on_broken_pipe(self) -> None:
        """A reader that stopped reading (``| head``): the caller decides (rich would exit 1)."""
        self.quiet = True
        raise BrokenPipeError


def console(file: IO[str] | None = None) -> Console:
    return _Console(
        file=file or sys.stdout,
        no_color=bool(os.environ.get("NO_COLOR")),  # no-color.org: set and not empty
        highlight=False,
        emoji=False,
        markup=False,
        soft_wrap=False,
    )


def table(title: str | None = None, *columns: str) -> Table:
    grid = Table(title=clean(title) if title else None, title_justify="left", expand=False)
    for column in columns:
        grid.add_column(column)
    return grid


def hit_text(hit: bool) -> Text:
    return Text("hit", style="bold green") if hit else Text("miss", style="dim")


def footer(outcome: Outcome) -> Text:
    """The seed and the dice, so any result can be replayed with --seed or --rolls."""
    line = Text(style="dim")
    if outcome.seed is not None:
        line.append(f"seed {outcome.seed}")
    if outcome.rolls:
        values = ",".join(str(r.value) for r in outcome.rolls)
        line.append(("  " if outcome.seed is not None else "") + f"rolls {values}")
    if outcome.applied:
        line.append(f"  applied: event {outcome.applied['event']} in {outcome.applied['journal']}")
    return Text(clean(line.plain), style="dim")


def show(outcome: Outcome, file: IO[str] | None = None) -> None:
    """Print ``outcome`` with its renderer (``outcome.render()``, imported only now)."""
    out = console(file)
    drawing = outcome.render()
    assert hasattr(drawing, "render"), "a plain renderer's lines are printed by erc.cli.emit"
    for part in drawing.render(outcome):
        # a line marked no_wrap is printed whole: the terminal wraps it, grep sees one line
        out.print(part, soft_wrap=bool(getattr(part, "no_wrap", False)))
    tail = footer(outcome)
    if tail.plain:
        out.print(tail)
    if outcome.preview:
        out.print(Text("preview: nothing was recorded (--apply records it)", "dim"))
