"""Human output of ``erc check``: ``path: ok`` or ``path:line:column: message``, and
``path: skipped (why)`` for a file passed over (``--only-encounters``, or not a regular file).

Plain lines, not a table, so the output reads like a compiler's; every path and message is
shown with control characters escaped.
"""

from __future__ import annotations

from collections.abc import Iterator

from erc.core.outcome import Outcome
from erc.core.text import safe


def lines(outcome: Outcome) -> Iterator[str]:
    reports = outcome.result.files
    for report in reports:  # a file's warnings come before its verdict (issue 30)
        for p in report.errors:
            where = f"{p.line}:{p.column}:" if p.line else ""
            yield f"{safe(report.path)}:{where} {safe(p.message)}"
        for p in report.warnings:
            where = f"{p.line}:{p.column}:" if p.line else ""
            yield f"{safe(report.path)}:{where} warning: {safe(p.message)}"
        if report.ok:
            yield f"{safe(report.path)}: ok"
    skipped = outcome.result.skipped
    for passed in skipped:
        yield f"{safe(passed.path)}: skipped ({passed.reason})"
    bad = sum(not r.ok for r in reports)
    warned = sum(len(r.warnings) for r in reports)
    tail = f", {warned} warning(s)" if warned else ""
    tail += f", {len(skipped)} skipped" if skipped else ""  # each listed above with why
    yield f"{len(reports)} file(s) checked, {bad} invalid{tail}"
