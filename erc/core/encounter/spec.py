"""Building blocks every ruleset's file format shares (msgspec declarations).

Every property of a format says what it is where it is declared: ``Meta(title=...,
description=...)`` in its ``Annotated`` type, here for the keys every ruleset shares and in
each ``erc/rulesets/<name>/format.py`` for the others. ``erc schema`` publishes them and a
test fails when one is missing. A rule that ``cross_checks`` enforces in Python and JSON
Schema can also state sits beside the declaration as ``extra_json_schema``, which only
``erc schema`` reads (``msgspec.convert`` ignores it, so ``erc check``'s messages stay its
own); its ``errorMessage`` and ``patternErrorMessage`` are what editors built on
vscode-json-languageservice (yaml-language-server) show instead of a generic message, and
validators ignore them. A cached load never imports a format, so none of this costs a
command anything.

A format is also the model's one declaration: ``MODEL`` on a declaration and
``Meta(extra=...)`` on a key say what the model makes of it, and
``erc.core.encounter.generate`` writes the model's fields (the marked part of the ruleset's
``model.py``) and ``from_file.py`` (the builder) from it (``make model``; a test fails when
they are stale).
"""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, Struct

from erc.core.encounter.limits import MAX_COUNT

Text = Annotated[str, Meta(min_length=1, max_length=80)]
Label = Annotated[str, Meta(max_length=80)]
Small = Annotated[int, Meta(ge=-100, le=100)]

NAME_PATTERN = (
    r"^[^\u0000-\u0020\u007f-\u00a0\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2"
    r"\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\ufeff"
    r"\ufff9-\ufffb](?:[^\u0000-\u001f\u007f-\u009f\u00ad\u0600-\u0605\u061c\u06dd\u070f"
    r"\u0890-\u0891\u08e2\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
    r"\ufff9-\ufffb]*[^\u0000-\u0020\u007f-\u00a0\u00ad\u0600-\u0605\u061c\u06dd\u070f"
    r"\u0890-\u0891\u08e2\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f"
    r"\u3000\ufeff\ufff9-\ufffb])?(?![\s\S])"
)
"""``erc.core.text.name_problem`` as a JSON Schema pattern: no control or invisible format
character (Unicode Cc, Cf, Zl, Zp) and no white space at either end, over the Basic
Multilingual Plane (a test compares the two on every character of it). ``(?![\\s\\S])`` ends
the text in ECMAScript and Python alike, where ``$`` would let Python accept a final
newline."""

CombatantName = Annotated[
    str,
    Meta(
        extra={"param": True},  # the builder's caller names each of a count group
        min_length=1,
        max_length=80,
        title="Name",
        description="What the command line calls the combatant (case-insensitively; a unique "
        "prefix is enough). Unique in the file ignoring case, counted after `count` numbers a "
        "group; no control or invisible characters, no spaces at either end.",
        extra_json_schema={
            "pattern": NAME_PATTERN,
            "patternErrorMessage": "no control or invisible characters, no spaces at either end",
        },
    ),
]
Side = Annotated[
    str,
    Meta(
        max_length=80,
        title="Side",
        description="Any label; combatants on one side are allies, and the fight is over when "
        'fewer than two sides have a standing combatant. Default "" (no side: nobody\'s '
        "ally, a side of its own).",
    ),
]
Count = Annotated[
    int,
    Meta(
        extra={"skip": True},  # the file's alone: it makes that many combatants
        ge=1,
        le=MAX_COUNT,
        title="Count",
        description="This many alike: `count: 3` makes 'Name 1', 'Name 2', 'Name 3' (`count: "
        "1`, the default, keeps the plain name). At most 500 combatants in a file, counts "
        "expanded.",
    ),
]
FormatVersion = Annotated[
    Literal[1],
    Meta(
        extra={"skip": True},  # the file's alone
        title="Format version",
        description="The encounter file format's version: 1.",
    ),
]
EncounterName = Annotated[
    str,
    Meta(max_length=80, title="Encounter name", description='The encounter\'s title. Default "".'),
]


class Closed(Struct, forbid_unknown_fields=True, omit_defaults=True, kw_only=True, frozen=True):
    """A mapping with a closed set of keys: an unknown key is an error with a did-you-mean."""
