"""``erc check PATH...``: validate encounter files without rolling (for CI).

With ``--only-encounters`` (the pre-commit hook's entry) a YAML file without a top-level
``erc:`` key is not an encounter file: it is skipped and reported as skipped, not failed.
"""

from __future__ import annotations

import os
import re
import stat
from enum import StrEnum

from erc.core.errors import ErcError, Problem
from erc.core.mechanic import Argument, Option, shared
from erc.core.outcome import Outcome
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Lines


def _text() -> Lines:
    """``erc check``'s plain text, ``erc.cli.render.check_text``."""
    from erc.cli.render import check_text

    return check_text


def _github() -> Lines:
    """``erc check --format github``: workflow commands, ``erc.cli.render.check_github``."""
    from erc.cli.render import check_github

    return check_github


class Format(StrEnum):
    text = "text"
    json = "json"
    github = "github"


class Found(Value):
    """One problem in a file (CONTRACT ``check``: ``{line, column, message}``)."""

    line: int | None
    column: int | None
    message: str


class FileReport(Value):
    path: str
    ok: bool
    errors: tuple[Found, ...]
    warnings: tuple[Found, ...] = ()


class Skipped(Value):
    """A file passed over, and why: without a top-level ``erc:`` key (``--only-encounters``),
    or not a regular file (a FIFO or device found in a folder)."""

    path: str
    reason: str


class CheckResult(Value):
    files: tuple[FileReport, ...]
    strict: bool = False
    skipped: tuple[Skipped, ...] = ()


NOT_AN_ENCOUNTER = "no top-level erc: key"

_TOP_LEVEL_ERC = re.compile(r"""^(?:\{[ \t]*)?(?:erc|"erc"|'erc')[ \t]*:""", re.MULTILINE)
"""``erc:`` at the start of a line (or of a flow mapping): a top-level key, however broken
the rest of the file."""


NOT_A_FILE = "not a regular file"


def expand(paths: list[str], passed_over: list[Skipped] | None = None) -> list[str]:
    """Files as given, folders searched recursively for ``*.yaml`` and ``*.yml`` (regular
    files only: a FIFO or device in a folder is passed over without being opened, and
    added to ``passed_over``)."""
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            matches = []
            for root, dirs, files in os.walk(path, followlinks=False):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in files:
                    if not name.endswith((".yaml", ".yml")) or name.startswith("."):
                        continue
                    full = os.path.join(root, name)
                    try:
                        if stat.S_ISREG(os.stat(full).st_mode):
                            matches.append(full)
                        elif passed_over is not None:
                            passed_over.append(Skipped(full, NOT_A_FILE))
                    except OSError:
                        matches.append(full)  # reported as unreadable by check_file
            found += sorted(matches)
        else:
            found.append(path)
    return found


def _found(problems: list[Problem]) -> tuple[Found, ...]:
    ordered = sorted(problems, key=lambda p: (p.line or 0, p.column or 0))
    return tuple(Found(p.line, p.column, p.message) for p in ordered)


def is_encounter(text: str) -> bool:
    """Whether ``text`` has a top-level ``erc:`` key, as every encounter file must: seen at
    the start of a line, so a broken encounter is still checked (and fails) rather than
    skipped, and read from the parsed YAML otherwise (quoting, anchors, merge keys)."""
    if _TOP_LEVEL_ERC.search(text):
        return True
    from erc.core.encounter.yamlread import read

    data = read(text).data
    return isinstance(data, dict) and "erc" in data


def check_file(path: str, strict: bool = False, only_encounters: bool = False) -> FileReport | None:
    """The report on one file; None when ``only_encounters`` skips it (no top-level ``erc:``
    key). A file that cannot be read is an error either way."""
    from erc.core.encounter import checked, read_text

    try:
        text = read_text(path)
    except ErcError as error:
        return FileReport(path, False, (Found(error.line, error.column, error.message),))
    if only_encounters and not is_encounter(text):
        return None
    encounter, problems, warned = checked(text, path)
    errors = _found(problems + (warned if strict else []))
    if encounter is not None and not encounter.combatants:  # valid YAML, but nobody to fight
        from erc.core.encounter.yamlread import read

        line, column = read(text).mark(("combatants",)) or (1, 1)
        why = "the file has no combatants: list them under `combatants:`"
        errors += (Found(line, column, why),)
    return FileReport(path, not errors, errors, () if strict else _found(warned))


@shared
def check(
    paths: list[str] = Argument(metavar="PATH...", help="Files or folders."),
    output: Format = Option("--format", help="text, json or github.", default=Format.text),
    as_json: bool = Option("--json", help="Same as --format json."),
    strict: bool = Option("--strict", help="Warnings (what would fail in play) are errors."),
    only_encounters: bool = Option(
        "--only-encounters",
        help="Skip (not fail) YAML files without a top-level erc: key, and list them "
        "(the pre-commit hook's mode).",
    ),
) -> Outcome:
    """Validate encounter files (exit 0 all valid, 1 if any is invalid)."""
    skipped: list[Skipped] = []
    found = expand(paths, skipped)
    if not found:
        passed = f" ({len(skipped)} passed over: not regular files)" if skipped else ""
        raise ErcError("usage", f"no encounter files (*.yaml, *.yml) under the given paths{passed}")
    reports: list[FileReport] = []
    for path in found:
        report = check_file(path, strict, only_encounters)
        if report is None:
            skipped.append(Skipped(path, NOT_AN_ENCOUNTER))
        else:
            reports.append(report)
    fmt = Format.json if as_json else output
    return Outcome(
        command="check",
        result=CheckResult(tuple(reports), strict, tuple(skipped)),
        render=_github if fmt is Format.github else _text,
        code=0 if all(r.ok for r in reports) else 1,
        json=fmt is Format.json,
    )
