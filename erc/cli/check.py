"""``erc check PATH...``: validate encounter files without rolling (for CI)."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from enum import StrEnum

from erc.errors import ErcError, Problem

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Annotated


if TYPE_CHECKING:
    import typer


class Format(StrEnum):
    text = "text"
    json = "json"
    github = "github"


@dataclass
class FileReport:
    path: str
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def expand(paths: list[str]) -> list[str]:
    """Files as given, folders searched recursively for ``*.yaml`` and ``*.yml``."""
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            matches = []
            for root, dirs, files in os.walk(path, followlinks=False):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                matches += [
                    os.path.join(root, f)
                    for f in files
                    if f.endswith((".yaml", ".yml")) and not f.startswith(".")
                ]
            found += sorted(matches)
        else:
            found.append(path)
    return found


def check_file(path: str) -> FileReport:
    from erc.encounter import problems_in, read_text

    try:
        text = read_text(path)
    except ErcError as error:
        return FileReport(path, [Problem(error.message, error.line, error.column)])
    _, problems = problems_in(text, path)
    return FileReport(path, sorted(problems, key=lambda p: (p.line or 0, p.column or 0)))


def check(
    paths: Annotated[list[str], typer.Argument(metavar="PATH...", help="Files or folders.")],
    output: Annotated[Format, typer.Option("--format", help="text, json or github.")] = Format.text,
    as_json: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
) -> int:
    """Validate encounter files (exit 0 all valid, 1 if any is invalid)."""
    reports = [check_file(p) for p in expand(paths)]
    if not reports:
        raise ErcError("usage", "no encounter files (*.yaml, *.yml) under the given paths")
    fmt = Format.json if as_json else output
    if fmt is Format.json:
        document = {
            "erc": "1",
            "command": "check",
            "result": {
                "files": [
                    {
                        "path": r.path,
                        "ok": r.ok,
                        "errors": [
                            {"line": p.line, "column": p.column, "message": p.message}
                            for p in r.problems
                        ],
                    }
                    for r in reports
                ]
            },
        }
        sys.stdout.write(json.dumps(document) + "\n")
    else:
        from erc.render.human import clean

        for report in reports:
            if fmt is Format.github:
                for p in report.problems:
                    where = f"file={report.path}" + (
                        f",line={p.line},col={p.column}" if p.line else ""
                    )
                    message = clean(p.message).replace("%", "%25")
                    sys.stdout.write(f"::error {where}::{message}\n")
                continue
            if report.ok:
                sys.stdout.write(f"{clean(report.path)}: ok\n")
            for p in report.problems:
                where = f"{p.line}:{p.column}:" if p.line else ""
                sys.stdout.write(f"{clean(report.path)}:{where} {clean(p.message)}\n")
        bad = sum(not r.ok for r in reports)
        if fmt is Format.text:
            sys.stdout.write(f"{len(reports)} file(s) checked, {bad} invalid\n")
    return 0 if all(r.ok for r in reports) else 1
