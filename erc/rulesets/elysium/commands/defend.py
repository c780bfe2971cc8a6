"""``erc defend NAME --ap N``: going on the defensive (EL5.6)."""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.elysium import events

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.elysium.render.plain``: imported only for a human table."""
    from erc.rulesets.elysium.render import plain

    return plain


@command(dice=False)
def defend(
    loaded: Loaded,
    name: str = Argument(metavar="NAME"),
    ap: int | None = Option(
        "--ap", min=1, max=100, metavar="N", help="AP spent: +N to Defense Rolls (required)."
    ),
) -> Mechanic:
    """Go on the defensive: N AP for +N to every Defense Roll this round, and no offensive
    action this round (EL5.6). No dice."""
    from erc.rulesets.elysium.rules.defend import plan_defend

    if ap is None:
        raise ErcError("bad-option", "defend needs --ap N: the AP spent for +N (EL5.6)")
    result = plan_defend(find(loaded.encounter, name), ap)
    return Mechanic(
        command="defend",
        resolve=lambda dice: result,
        render=renderer,
        effects=events.defend,
        draws=False,
    )
