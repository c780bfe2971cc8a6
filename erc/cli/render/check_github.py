"""``erc check --format github``: workflow commands that GitHub Actions shows as annotations.

The runner reads ``::error file=PATH,line=N,col=N::MESSAGE``; in the message ``%``, CR and
LF are escaped (``%25``, ``%0D``, ``%0A``), and in property values also ``:`` and ``,``
(``%3A``, ``%2C``), as the runner's own toolkit escapes them. A file ``--only-encounters``
skipped is a ``::debug::`` line, shown only when the workflow's debug logging is on.
"""

from __future__ import annotations

from collections.abc import Iterator

from erc.core.outcome import Outcome
from erc.core.text import safe


def data(value: object) -> str:
    """Escape a message for a workflow command."""
    return str(value).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def prop(value: object) -> str:
    """Escape a property value (``file=...``) for a workflow command."""
    return data(value).replace(":", "%3A").replace(",", "%2C")


def lines(outcome: Outcome) -> Iterator[str]:
    for report in outcome.result.files:
        for kind, found in (("error", report.errors), ("warning", report.warnings)):
            for p in found:
                where = f"file={prop(safe(report.path))}"
                if p.line:
                    where += f",line={p.line},col={p.column}"
                yield f"::{kind} {where}::{data(safe(p.message))}"
    for passed in outcome.result.skipped:
        yield f"::debug::erc check skipped {data(safe(passed.path))} ({data(passed.reason)})"
