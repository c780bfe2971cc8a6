"""Building blocks every ruleset's file format shares (msgspec declarations)."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from erc.core.encounter.limits import MAX_COUNT

Text = Annotated[str, Meta(min_length=1, max_length=80)]
Label = Annotated[str, Meta(max_length=80)]
Small = Annotated[int, Meta(ge=-100, le=100)]
Count = Annotated[int, Meta(ge=1, le=MAX_COUNT, description="makes 'Name 1'...'Name N'")]


class Closed(Struct, forbid_unknown_fields=True, omit_defaults=True, kw_only=True, frozen=True):
    """A mapping with a closed set of keys: an unknown key is an error with a did-you-mean."""
