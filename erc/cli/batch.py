"""``erc batch``: many erc command lines in one process, one JSON envelope a line out."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
import sys

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


MAX_LINE = 10_000
_PLAIN = re.compile(r"[ \t\r\n!#-&(-\[\]-~]*\Z")
"""Printable ASCII with no quotes or backslashes: ``str.split`` then splits exactly as
``shlex.split`` would, and faster."""


def batch() -> int:
    """Read erc command lines from stdin (shell-split, without 'erc'); write one JSON envelope
    per line to stdout, in order. A failing line yields its error envelope and the batch goes
    on; exit 2 if any line failed."""
    from erc.render.envelope import encode

    failed = False
    out = sys.stdout
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        document = _one(number, line)
        failed = failed or "error" in document
        out.write(encode(document).decode())
    out.flush()
    return 2 if failed else 0


def _error(number: int, code: str, message: str) -> dict[str, Any]:
    return {
        "erc": "1",
        "error": {"code": code, "message": message, "path": None, "line": number, "column": None},
    }


def _one(number: int, line: str) -> dict[str, Any]:
    """Run one line; its envelope (collected, not printed), or its error envelope."""
    from erc.cli import run
    from erc.cli.common import sink

    if len(line) > MAX_LINE:
        return _error(number, "usage", f"batch line {number} is longer than {MAX_LINE} characters")
    try:
        # a line with no quoting or escapes splits as a shell would split it on spaces
        args = line.split() if _PLAIN.match(line) else shlex.split(line)
    except ValueError as exc:
        return _error(number, "usage", f"batch line {number}: {exc}")
    if args and args[0] == "erc":
        args = args[1:]
    if not args or args[0] == "batch":
        return _error(number, "usage", f"batch line {number}: expected an erc command")
    if "--json" not in args and args[0] != "check":
        args.append("--json")
    collected: list[dict[str, Any]] = []
    token = sink.set(collected)
    stdout, stderr = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = run(args)
    finally:
        sink.reset(token)
    if collected:
        return collected[-1]
    text = (stdout.getvalue() if code != 2 else stderr.getvalue()).strip()
    try:
        document = json.loads(text.splitlines()[-1]) if text else None
    except ValueError:
        document = None
    if isinstance(document, dict):
        return document
    message = text.splitlines()[-1] if text else f"{args[0]} printed no JSON document"
    return _error(number, "usage", f"batch line {number}: {message}")
