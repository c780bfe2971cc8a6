"""``erc schema`` as it is (an editor's schema file), not a table."""

from __future__ import annotations

import json
from collections.abc import Iterator

from erc.core.outcome import Outcome


def lines(outcome: Outcome) -> Iterator[str]:
    yield json.dumps(outcome.result, indent=2)
