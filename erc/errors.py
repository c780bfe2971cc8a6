"""The one error family of erc: every bad input ends as an ErcError, exit code 2."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in an input, with its place where the input has one."""

    message: str
    line: int | None = None
    column: int | None = None


@dataclass
class ErcError(Exception):
    """Bad usage or bad input. ``code`` is stable for scripts; ``message`` is for people."""

    code: str
    message: str
    path: str | None = None
    line: int | None = None
    column: int | None = None
    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        return self.message

    def where(self) -> str:
        """``file:line:column: `` prefix for a human message, or ``""``."""
        if self.path is None:
            return ""
        parts = [p for p in (self.path, self.line, self.column) if p is not None]
        return ":".join(str(p) for p in parts) + ": "


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a close match, else ``""``."""
    import difflib  # only on the error path

    close = difflib.get_close_matches(str(word).lower(), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
