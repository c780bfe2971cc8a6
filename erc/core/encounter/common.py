"""What every ruleset's file shares: ``count`` groups, unique names, the combatant limit.

These read the raw YAML data defensively (before or despite schema problems), so ``erc
check`` reports them together with every other problem.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from erc.core.encounter.limits import MAX_COMBATANTS, MAX_COUNT
from erc.core.encounter.validate import dotted
from erc.core.encounter.yamlread import Document, Path
from erc.core.errors import Problem
from erc.core.text import folded, look_alike, name_problem, normal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

Report = Callable[[Path, str], None]


def reporter(doc: Document, problems: list[Problem]) -> Report:
    """``report(path, message)`` appends a problem placed at ``path`` in ``doc``."""

    def report(at: Path, message: str) -> None:
        mark = doc.mark(at) or (None, None)
        problems.append(Problem(f"{dotted(at)}: {message}", *mark))

    return report


def entries(doc: Document) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Each combatant entry that is a mapping, with its path."""
    data = doc.data
    listed = data.get("combatants") if isinstance(data, dict) else None
    if not isinstance(listed, list):
        return
    for i, entry in enumerate(listed):
        if isinstance(entry, dict):
            yield ("combatants", i), entry


def whole(value: Any, default: int | None = None) -> Any:
    """``value`` if it is a whole number (not a boolean), else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def expand(name: str, count: int) -> list[str]:
    """``count: 3`` makes ``Name 1``, ``Name 2``, ``Name 3``; ``count: 1`` keeps the name.
    Names are NFC."""
    name = normal(name)
    return [name] if count == 1 else [f"{name} {n}" for n in range(1, count + 1)]


def repeated_names(doc: Document, kind: str) -> Iterator[tuple[Path, str]]:
    """Each item of a combatant's ``kind`` list (``weapons``, ``spells``) whose ``name`` an
    earlier item of that list already has, ignoring case: the place of its name, and the
    name (what ``--with`` could not tell apart; each ruleset says how bad that is)."""
    for at, entry in entries(doc):
        seen: set[str] = set()
        for j, item in enumerate(listed(entry.get(kind))):
            name = item.get("name") if isinstance(item, dict) else None
            if not isinstance(name, str):
                continue
            if name.casefold() in seen:
                yield (*at, kind, j, "name"), name
            seen.add(name.casefold())


def name_checks(doc: Document, report: Report) -> None:
    """Names unique (ignoring case) once ``count`` groups expand; at most 500 combatants; no
    control or invisible characters or edge spaces in a combatant's, weapon's or spell's
    name (``erc.core.text.name_problem``)."""
    total = 0
    seen: dict[str, Path] = {}
    for at, entry in entries(doc):
        count = whole(entry.get("count"), 1)
        total += max(count, 1)
        name = entry.get("name")
        if not isinstance(name, str) or count < 1 or count > MAX_COUNT:
            continue
        for kind in ("weapons", "spells"):  # what --with and the like name, in every ruleset
            for k, item in enumerate(listed(entry.get(kind))):
                named = item.get("name") if isinstance(item, dict) else None
                bad = name_problem(named) if isinstance(named, str) else None
                if bad:
                    what = kind[:-1]
                    report((*at, kind, k, "name"), f"the {what} name {named!r} has {bad}")
        why = name_problem(name)
        if why:
            report((*at, "name"), f"the name {name!r} has {why}")
            continue
        for each in expand(name, count):
            folded = each.casefold()
            if folded in seen:
                first = doc.mark(seen[folded])
                where = f" (first at line {first[0]})" if first else ""
                report((*at, "name"), f"the name {each!r} is used twice{where}")
                break
            seen[folded] = (*at, "name")
    if total > MAX_COMBATANTS:
        report(
            ("combatants",), f"{total} combatants with counts expanded; at most {MAX_COMBATANTS}"
        )


def look_alike_names(doc: Document) -> list[Problem]:
    """A warning for each combatant name that looks like an earlier one without being it
    (``erc.core.text.look_alike``: a Cyrillic A, U+0410, for a Latin ``A``; a fullwidth B):
    both show as one name in ``status``. Placed at the later name, naming the earlier's
    line."""
    problems: list[Problem] = []
    report = reporter(doc, problems)
    seen: dict[str, tuple[str, Path]] = {}
    for at, entry in entries(doc):
        name, count = entry.get("name"), whole(entry.get("count"), 1)
        if not isinstance(name, str) or not 1 <= count <= MAX_COUNT or name_problem(name):
            continue
        for each in expand(name, count):
            looks = look_alike(each)
            first = seen.get(looks)
            if first is None:
                seen[looks] = (each, (*at, "name"))
            elif folded(first[0]) != folded(each):
                mark = doc.mark(first[1])
                where = f" at line {mark[0]}" if mark else ""
                report(
                    (*at, "name"),
                    f"the name {each!r} looks like {first[0]!r}{where} "
                    f"({_differences(first[0], each)}): a table cannot tell them apart",
                )
                break
    return problems


def _differences(first: str, second: str) -> str:
    """Which characters of the two names differ, by their Unicode names."""
    import unicodedata

    def named(char: str) -> str:
        return f"U+{ord(char):04X} {unicodedata.name(char, '?')}"

    pairs = [
        (a, b)
        for a, b in zip(first, second, strict=False)
        if a != b and a.casefold() != b.casefold()
    ]
    if not pairs or len(first) != len(second):
        return "one with compatibility characters"
    return ", ".join(f"{named(b)} for {named(a)}" for a, b in pairs[:3])
