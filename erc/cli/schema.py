"""``erc schema``: the encounter file's JSON Schema, for editors and CI."""

from __future__ import annotations

import json
import sys


def schema() -> int:
    """Print the encounter JSON Schema."""
    from erc.encounter.format import json_schema

    sys.stdout.write(json.dumps(json_schema(), indent=2) + "\n")
    return 0
