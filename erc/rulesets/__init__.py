"""The registry of rulesets: the one way the core and the CLI reach a ruleset.

An encounter file's ``ruleset:`` (default ``er``) picks one. Each package's ``__init__``
declares its ``RULESET`` (``erc.core.ruleset.Ruleset``) and imports nothing else, so asking
for a ruleset costs one small module.
"""

from __future__ import annotations

from erc.core import module as load
from erc.core.errors import ErcError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.ruleset import Ruleset

PACKAGES = {
    "er": "erc.rulesets.er",
    "spellchrome": "erc.rulesets.spellchrome",
    "elysium": "erc.rulesets.elysium",
}
NAMES = tuple(PACKAGES)
DEFAULT = "er"

_loaded: dict[str, Ruleset] = {}


def available() -> tuple[str, ...]:
    """The rulesets whose package is present."""
    import importlib.util

    return tuple(n for n in NAMES if importlib.util.find_spec(PACKAGES[n]) is not None)


def get(name: str) -> Ruleset:
    """The ruleset called ``name``; an unknown one is an error with a did-you-mean."""
    found = _loaded.get(name)
    if found is not None:
        return found
    if name not in PACKAGES:
        from erc.core.errors import did_you_mean

        raise ErcError(
            "unknown-ruleset",
            f"no ruleset {name!r}{did_you_mean(name, NAMES)}; one of: {', '.join(NAMES)}",
        )
    try:
        module = load(PACKAGES[name])
    except ModuleNotFoundError:
        raise ErcError(
            "unknown-ruleset", f"the {name} ruleset is not part of this erc yet"
        ) from None
    ruleset: Ruleset = module.RULESET
    _loaded[name] = ruleset
    return ruleset
