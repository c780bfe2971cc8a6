"""The one error family of erc: every bad input ends as an ErcError, exit code 2."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from erc.core.value import Value


class Problem(Value):
    """One problem in an input, with its place where the input has one."""

    message: str
    line: int | None = None
    column: int | None = None


class ErcError(Exception):
    """Bad usage or bad input. ``code`` is stable for scripts; ``message`` is for people."""

    def __init__(
        self,
        code: str,
        message: str,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        problems: Iterable[Problem] = (),
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.problems = list(problems)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"ErcError({self.code!r}, {self.message!r})"

    def where(self) -> str:
        """``file:line:column: `` prefix for a human message, or ``""``."""
        if self.path is None:
            return ""
        parts = [p for p in (self.path, self.line, self.column) if p is not None]
        return ":".join(str(p) for p in parts) + ": "


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a close match, else ``""``: matched without regard to
    case, suggested as ``choices`` spell it (a file's ``Ogre`` stays ``Ogre``)."""
    import difflib  # only on the error path

    spelled: dict[str, str] = {}
    for choice in choices:
        spelled.setdefault(str(choice).casefold(), str(choice))
    close = difflib.get_close_matches(str(word).casefold(), list(spelled), n=1, cutoff=0.6)
    return f" (did you mean {spelled[close[0]]!r}?)" if close else ""


def one_of(what: str, value: str, choices: Iterable[str], code: str = "bad-option") -> ErcError:
    """``unknown <what> 'x' (did you mean 'y'?); one of: a, b, c`` as an error."""
    listed = list(choices)
    return ErcError(
        code,
        f"unknown {what} {value!r}{did_you_mean(value, listed)}; one of: {', '.join(listed)}",
    )


def chosen(
    given: Iterable[str], choices: Sequence[str], what: str, code: str = "bad-option"
) -> tuple[str, ...]:
    """Each name ``given`` (spaces trimmed, case folded) from the closed set ``choices``, in
    order and once each; any other is ``one_of``'s error (conditions on the command line)."""
    out: list[str] = []
    for raw in given:
        name = raw.strip().casefold()
        if name not in choices:
            raise one_of(what, raw, choices, code)
        if name not in out:
            out.append(name)
    return tuple(out)


# --- warnings -----------------------------------------------------------------------------

_held: list[str] | None = None
"""Warnings kept back while a ``--json`` command runs (``hold_warnings``), else None."""


def warn(message: str) -> None:
    """A warning for the user (a torn journal line repaired): on stderr at once, or kept
    back (``hold_warnings``) so that a ``--json`` command's error stays one JSON document."""
    from erc.core.text import safe

    shown = safe(message)
    if _held is not None:
        _held.append(shown)
    else:
        show_warnings([shown])


def show_warnings(texts: Iterable[str]) -> None:
    import sys

    for text in texts:
        sys.stderr.write(f"erc: warning: {text}\n")


def hold_warnings() -> None:
    """Keep warnings back until ``released_warnings``."""
    global _held
    _held = []


def released_warnings() -> list[str]:
    """The warnings kept back since ``hold_warnings`` (none when nothing held them); from
    now on they are written at once."""
    global _held
    kept, _held = _held or [], None
    return kept
