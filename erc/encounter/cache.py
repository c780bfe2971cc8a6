"""A cache of validated encounters, so a repeated call skips YAML and validation.

A game master calls erc hundreds of times on the same file; after the first call, loading
it is a ``stat``, one small read and ``marshal.loads``, with no YAML parser, no validator,
no ``pickle`` and no ``hashlib`` imported. An entry is found by the file's identity
(real path, size, modification time in nanoseconds, inode) together with erc's version,
Python's version and the state of the code that builds the model, as Python's own byte-code
cache is; the whole key is stored in the entry and compared on reading, so two files can
never share one. Only a cache folder owned by this user and writable by no one else is
used; any trouble reading or writing it is ignored and the file is simply parsed.

``ERC_CACHE=off`` turns it off; ``ERC_CACHE_DIR`` moves it (default
``$XDG_CACHE_HOME/erc`` or ``~/.cache/erc``).
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib

from erc import __version__
from erc.rules.model import Combatant, Encounter, HouseRules, Weapon

FORMAT = 1
_SOURCES = (
    "encounter/__init__.py",
    "encounter/build.py",
    "encounter/format.py",
    "encounter/validate.py",
    "encounter/yamlread.py",
    "encounter/cache.py",
    "rules/model.py",
)


def folder() -> str | None:
    if os.environ.get("ERC_CACHE", "").lower() in ("0", "off", "no", "false"):
        return None
    explicit = os.environ.get("ERC_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "erc")


def _key(path: str) -> str | None:
    """Everything an entry depends on, as one string; None if the file cannot be stat'ed."""
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parts = [
        f"erc {__version__} format {FORMAT}",
        sys.version,
        os.path.realpath(path),
        f"{stat.st_size}:{stat.st_mtime_ns}:{stat.st_ino}:{stat.st_dev}",
    ]
    for name in _SOURCES:
        try:
            source = os.stat(os.path.join(root, name))
            parts.append(f"{name}:{source.st_mtime_ns}:{source.st_size}")
        except OSError:
            parts.append(f"{name}:missing")
    return "\n".join(parts)


def _entry(key: str) -> str | None:
    where = folder()
    if where is None:
        return None
    name = f"{zlib.crc32(key.encode()):08x}{zlib.adler32(key.encode()):08x}"
    return os.path.join(where, name[:2], name + ".marshal")


def _trusted(folder_path: str) -> bool:
    """Only this user's own folders, writable by no one else."""
    try:
        for place in (folder_path, os.path.dirname(folder_path)):
            stat = os.stat(place)
            if stat.st_uid != os.getuid() or stat.st_mode & 0o022:
                return False
    except OSError:
        return False
    return True


def get(path: str) -> Encounter | None:
    """The cached encounter for the file at ``path`` as it is now, or None."""
    key = _key(path)
    entry = _entry(key) if key else None
    if entry is None or not _trusted(os.path.dirname(entry)):
        return None
    try:
        with open(entry, "rb") as handle:
            stored_key, plain = marshal.loads(handle.read())
        if stored_key != key:
            return None
        return _thaw(plain, path)
    except Exception:
        return None


def put(path: str, encounter: Encounter) -> None:
    key = _key(path)
    entry = _entry(key) if key else None
    if entry is None:
        return
    try:
        os.makedirs(os.path.dirname(entry), mode=0o700, exist_ok=True)
        if not _trusted(os.path.dirname(entry)):
            return
        temporary = f"{entry}.{os.getpid()}.tmp"
        with open(temporary, "wb") as handle:
            handle.write(marshal.dumps((key, _freeze(encounter))))  # type: ignore[arg-type]
        os.replace(temporary, entry)
    except (OSError, ValueError):
        return


def _freeze(encounter: Encounter) -> tuple[object, ...]:
    """The encounter as marshal-able plain data."""
    return (
        encounter.name,
        encounter.rules.as_dict(),
        tuple(
            (
                c.name,
                c.ac,
                c.body_max,
                c.body,
                c.side,
                c.species,
                c.speed,
                c.size,
                c.scores,
                c.modifiers,
                c.initiative,
                c.pools,
                c.styles,
                tuple(
                    (w.name, w.kind, w.damage_type, w.weight, w.hand, w.properties, w.sneak)
                    for w in c.weapons
                ),
                c.armor,
                c.conditions,
                c.resist,
                c.immune,
                c.vulnerable,
            )
            for c in encounter.combatants
        ),
    )


def _thaw(plain: tuple[object, ...], path: str) -> Encounter:
    name, rules, combatants = plain
    people = []
    for row in combatants:  # type: ignore[attr-defined]
        (
            c_name,
            ac,
            body_max,
            body,
            side,
            species,
            speed,
            size,
            scores,
            modifiers,
            initiative,
            pools,
            styles,
            weapons,
            armor,
            conditions,
            resist,
            immune,
            vulnerable,
        ) = row
        people.append(
            Combatant(
                name=c_name,
                ac=ac,
                body_max=body_max,
                body=body,
                side=side,
                species=species,
                speed=speed,
                size=size,
                scores=scores,
                modifiers=modifiers,
                initiative=initiative,
                pools=pools,
                styles=styles,
                weapons=tuple(Weapon(*w) for w in weapons),
                armor=armor,
                conditions=conditions,
                resist=resist,
                immune=immune,
                vulnerable=vulnerable,
            )
        )
    return Encounter(tuple(people), name, HouseRules(**rules), path)  # type: ignore[arg-type]
