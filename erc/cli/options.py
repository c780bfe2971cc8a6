"""The options every command shares, declared once (``erc.core.params``).

``erc.cli.boundary`` gives each ruleset command the ones its ``Traits`` say (typed by the
fields of ``boundary.Options``); the shared commands name them as their parameters'
defaults (``as_json: bool = JSON``).
"""

from __future__ import annotations

from erc.core.params import Option

ENCOUNTER = Option(
    "--encounter",
    "-e",
    envvar="ERC_ENCOUNTER",
    show_envvar=True,
    help="The encounter file (YAML).",
    metavar="FILE",
)
JSON = Option("--json", help="Print one JSON document.")
SEED = Option(
    "--seed",
    metavar="N",
    help="Seed the dice (0 to 2^63-1; else ERC_SEED): the same seed gives the same result.",
)
ROLLS = Option(
    "--rolls",
    metavar="N,N,...",
    help="Physical dice read at the table, in the documented order.",
)
APPLY = Option(
    "--apply/--no-apply",
    envvar="ERC_APPLY",
    show_envvar=True,
    help="Record the result in the encounter's journal (ERC_APPLY=1: the default; "
    "--no-apply previews).",
)
KEY = Option(
    "--key",
    metavar="KEY",
    help="With --apply: a key already in the journal is not applied again; the first "
    "event is reported (applied.replayed), so a script can retry safely.",
)
JOURNAL = Option(
    "--journal",
    envvar="ERC_JOURNAL",
    show_envvar=True,
    metavar="FILE",
    help="The journal (default: <encounter>.journal.jsonl beside it).",
)
ODDS = Option("--odds", help="Exact probabilities; alone it draws no dice.")
