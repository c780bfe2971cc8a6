"""``erc movement NAME (--ft N | --ap N)`` (EL13): feet to AP and back; no dice."""

from __future__ import annotations

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
def movement(
    loaded: Loaded,
    name: str = Argument(metavar="NAME"),
    ft: int | None = Option("--ft", min=0, max=10_000, metavar="N", help="Feet to move: their AP."),
    ap: int | None = Option(
        "--ap", min=0, max=100, metavar="N", help="AP to move: how far they go."
    ),
) -> Mechanic:
    """Movement: ceil(feet / move_ft_per_ap) AP (EL3.3, EL13); a prone mover first pays
    stand_up_ap; a pinned one cannot move. No dice."""
    from erc.rulesets.elysium.rules.movement import plan_movement

    encounter = loaded.encounter
    result = plan_movement(find(encounter, name), encounter.rules, ft=ft, ap=ap)
    return Mechanic(
        command="movement",
        resolve=lambda dice: result,
        render=renderer,
        effects=events.movement,
        draws=False,
    )
