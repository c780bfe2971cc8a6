"""``erc batch``: many erc command lines in one process, one JSON envelope a line out."""

from __future__ import annotations

import contextlib
import io
import json
import shlex
import sys

MAX_LINE = 10_000


def batch() -> int:
    """Read erc command lines from stdin (shell-split, without 'erc'); write one JSON envelope
    per line to stdout, in order. A failing line yields its error envelope and the batch goes
    on; exit 2 if any line failed."""
    from erc.cli import run

    failed = False
    out = sys.stdout
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        document = _one(run, number, line)
        if "error" in document:
            failed = True
        out.write(json.dumps(document, separators=(",", ":")) + "\n")
    out.flush()
    return 2 if failed else 0


def _one(run: object, number: int, line: str) -> dict[str, object]:
    from erc.cli import run as run_line

    def error(code: str, message: str) -> dict[str, object]:
        return {
            "erc": "1",
            "error": {
                "code": code,
                "message": message,
                "path": None,
                "line": number,
                "column": None,
            },
        }

    if len(line) > MAX_LINE:
        return error("usage", f"batch line {number} is longer than {MAX_LINE} characters")
    try:
        args = shlex.split(line)
    except ValueError as exc:
        return error("usage", f"batch line {number}: {exc}")
    if args and args[0] == "erc":
        args = args[1:]
    if not args or args[0] == "batch":
        return error("usage", f"batch line {number}: expected an erc command")
    if "--json" not in args:
        args.append("--json")
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = run_line(args)
    text = stdout.getvalue() if code == 0 else stderr.getvalue()
    try:
        document = json.loads(text.strip().splitlines()[-1]) if text.strip() else {}
    except (ValueError, IndexError):
        document = {}
    if not isinstance(document, dict) or not document:
        return error("usage", f"batch line {number}: {args[0]} printed no JSON document")
    return document
