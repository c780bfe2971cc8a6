"""A cache of validated encounters, so a repeated call skips YAML and validation.

A game master calls erc hundreds of times on the same file; after the first call, loading
it is one read of the file, a hash of its bytes, one small read and ``marshal.loads``, with
no YAML parser, no validator and no ``pickle`` imported.

- **Keyed by what an entry depends on**, as hash-based ``.pyc`` files are: a SipHash
  (``_imp.source_hash``, built in) of the bytes read, together with erc's version, Python's
  version, the folder erc runs from and the state (size and modification time) of the code
  that builds the model. An edit saved while the file was parsed, or an edit that keeps the
  size and puts the modification time back, can only miss. The entry's name is a digest of
  that key (its ruleset's own files aside: the ruleset is known only once the entry is
  read), so two installs sharing one cache folder (a pipx install and a checkout) keep
  entries of their own and never evict each other's. The whole key, the ruleset's files
  included, is stored in the entry and compared on reading.
- **Validated when loaded**: an entry ends with a checksum of its bytes (a flipped byte or
  a hand edit that leaves it well formed, a number changed, is a miss), and is rebuilt field
  by field against the model's own declaration (``erc.core.value`` classes of the
  ruleset's model module; each field's type checked), so a corrupted or crafted entry is a
  miss, never a traceback or an unchecked model. Numbers are not range-checked again: the
  folder is private (below).
- **Private and bounded**: only a folder owned by this user and writable by no one else is
  used; it is created ``0700`` whatever the umask. Entries are regular files only (a FIFO
  is skipped without blocking); at most ``MAX_ENTRIES`` are kept, the oldest pruned.

Any trouble reading or writing the cache is ignored and the file is simply parsed.
``ERC_CACHE=off`` turns it off; ``ERC_CACHE_DIR`` moves it (default ``$XDG_CACHE_HOME/erc``
or ``~/.cache/erc``).
"""

from __future__ import annotations

import _imp
import marshal
import os
import stat
import sys

from erc import __version__
from erc.core.declared import coerce
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

FORMAT = 3
MAX_ENTRY_BYTES = 8 << 20
MAX_ENTRIES = 256
_HASH_KEY = 0x65726320636163  # any fixed 64-bit key: entries are compared in full anyway
_CORE_SOURCES = (
    # what reads a file, judges it valid and builds its model (a test walks the imports)
    "core/encounter/__init__.py",
    "core/encounter/cache.py",
    "core/encounter/common.py",
    "core/encounter/convert.py",
    "core/encounter/limits.py",
    "core/encounter/spec.py",
    "core/encounter/validate.py",
    "core/encounter/yamlread.py",
    "core/dice.py",
    "core/expr.py",
    "core/model.py",
    "core/text.py",
    "core/declared.py",
    "core/value.py",
)


def folder() -> str | None:
    if os.environ.get("ERC_CACHE", "").lower() in ("0", "off", "no", "false"):
        return None
    explicit = os.environ.get("ERC_CACHE_DIR")
    if explicit:
        return explicit
    return _default_folder()


def _default_folder() -> str:
    """``$XDG_CACHE_HOME/erc``, else ``~/.cache/erc`` (XDG: a relative path "should be
    ignored")."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "erc")


_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def code_stamp(sources: tuple[str, ...]) -> str:
    """The size and modification time of the code an entry depends on: the core's
    (``_CORE_SOURCES``) and ``sources``."""
    return _stamp((*_CORE_SOURCES, *sources))


def _stamp(names: tuple[str, ...]) -> str:
    parts = []
    stat_of = os.stat
    for name in names:
        try:
            info = stat_of(f"{_ROOT}/{name}")
            parts.append(f"{name}:{info.st_mtime_ns}:{info.st_size}")
        except OSError:
            parts.append(f"{name}:missing")
    return "\n".join(parts)


def _head(data: bytes) -> str:
    """The key of an entry for ``data``, all but its ruleset's files: erc's version and
    format, Python's, the folder erc runs from, the core's code, the file's bytes."""
    digest = _imp.source_hash(_HASH_KEY, data).hex()
    return "\n".join(
        [f"erc {__version__} cache {FORMAT}", sys.version, _ROOT, _stamp(_CORE_SOURCES), digest]
    )


def _key(head: str, sources: tuple[str, ...]) -> str:
    """The whole key of an entry: its ``head`` and the state of its ruleset's ``sources``."""
    return f"{head}\n{_stamp(sources)}"


def _entry(data: bytes) -> tuple[str, str] | None:
    """Where the entry for ``data`` is, and its key's head (``_head``); its name is a digest
    of that head. None: the cache is off."""
    where = folder()
    if where is None:
        return None
    head = _head(data)
    name = _imp.source_hash(_HASH_KEY, head.encode("utf-8", "surrogateescape")).hex()
    return os.path.join(where, name + ".marshal"), head


def _trusted(path: str) -> bool:
    """Only this user's own folder, writable by no one else."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o022


CHECK_BYTES = 8
"""Each entry ends with a SipHash of the bytes before it (``write_entry``)."""


def _check(blob: bytes) -> bytes:
    return _imp.source_hash(_HASH_KEY ^ 1, blob)


def read_entry(entry: str, limit: int = MAX_ENTRY_BYTES) -> bytes | None:
    """The bytes of one entry in a trusted folder (``_trusted``), or None: missing, not a
    regular file (found without blocking), too large, unreadable, or not the bytes written
    (a flipped byte, a truncation, a hand edit: its checksum differs), which a well-formed
    entry with one number changed would otherwise pass for."""
    if not _trusted(os.path.dirname(entry)):
        return None
    try:
        fd = os.open(entry, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        raw = os.read(fd, limit + CHECK_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    if not CHECK_BYTES <= len(raw) <= limit + CHECK_BYTES:
        return None
    blob = raw[:-CHECK_BYTES]
    return blob if _check(blob) == raw[-CHECK_BYTES:] else None


def write_entry(entry: str, blob: bytes, suffix: str, keep: int | None = None) -> None:
    """Write one entry atomically (a temporary file renamed over it) in a private folder,
    made ``0700`` whatever the umask, its checksum after it (``read_entry``), then prune the
    folder's ``suffix`` entries; any trouble is ignored (the cache is only a cache)."""
    where = os.path.dirname(entry)
    try:
        if not os.path.isdir(where):
            _make(where)
        if not _trusted(where):
            return
        temporary = f"{entry}.{os.getpid()}.tmp"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(blob + _check(blob))
        os.replace(temporary, entry)
        _prune(where, suffix, MAX_ENTRIES if keep is None else keep)
    except (OSError, ValueError):
        return


def _make(where: str) -> None:
    """Make ``where`` (the cache's folder, or one inside it), each level ``0700`` whatever
    the umask, only in a folder that exists: the cache's folder in its parent (a mistyped
    ``ERC_CACHE_DIR`` makes no tree), and by default ``~/.cache`` in an existing home
    (never a missing home). Else ``OSError``: no cache."""
    root = os.path.abspath(folder() or where)
    missing = []
    at = os.path.abspath(where)
    while not os.path.isdir(at):
        missing.append(at)
        if os.path.dirname(at) == at:
            raise OSError(f"no folder to make {where} in")
        at = os.path.dirname(at)
    allowed = at == os.path.dirname(root) or at == root or at.startswith(root + os.sep)
    if root == os.path.abspath(_default_folder()) and at == os.path.dirname(os.path.dirname(root)):
        allowed = True  # the default's base (~/.cache) is made where its parent exists
    if not allowed:
        raise OSError(f"{at} holds no folder of the cache's path {where}")
    for level in reversed(missing):
        os.mkdir(level, 0o700)
        os.chmod(level, 0o700)


def get(data: bytes, path: str) -> Any | None:
    """The encounter cached for exactly these bytes of the file at ``path``, or None."""
    found = _entry(data)
    if found is None:
        return None
    entry, head = found
    raw = read_entry(entry)
    if raw is None:
        return None
    try:
        stored_key, ruleset, plain = marshal.loads(raw)
        from erc import rulesets

        rules = rulesets.get(ruleset)
        if stored_key != _key(head, rules.sources):
            return None
        encounter = thaw(plain, rules.model_module())
        return _with_path(encounter, path)
    except Exception:  # a corrupted or foreign entry is only a miss
        _remove(entry)
        return None


def put(data: bytes, encounter: Any) -> None:
    found = _entry(data)
    if found is None:
        return
    entry, head = found
    from erc import rulesets

    rules = rulesets.get(encounter.ruleset)
    try:
        blob = marshal.dumps((_key(head, rules.sources), rules.name, freeze(encounter)))
    except ValueError:
        return
    write_entry(entry, blob, ".marshal")


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:  # gone already, or not ours to remove
        return


STALE_TEMPORARY_NS = 10 * 60 * 10**9
"""A temporary file this old is abandoned whatever its process id says (ids are reused)."""


def _abandoned(where: str, name: str, suffix: str) -> bool | None:
    """Whether ``name`` is a temporary file (``ENTRY.PID.tmp``, ``write_entry``) that its
    writer left behind: killed before its rename (kill -9, or Ctrl-C). None: not one."""
    stem, dot, tail = name.rpartition(".")
    entry, _, pid = stem.rpartition(".")
    if tail != "tmp" or not dot or not entry.endswith(suffix) or not pid.isdigit():
        return None
    import time

    try:
        age = time.time_ns() - os.stat(os.path.join(where, name)).st_mtime_ns
    except OSError:
        return False  # renamed or swept meanwhile
    if age > STALE_TEMPORARY_NS:
        return True
    if int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError, ValueError):
        return False  # another user's process, or no way to tell
    return False


def _prune(where: str, suffix: str, keep: int) -> None:
    """Sweep the temporary files writers left behind, and keep at most ``keep`` files of
    ``suffix``, temporary ones being written counted: the least recently written go
    first."""
    try:
        names = os.listdir(where)
        entries = [n for n in names if n.endswith(suffix)]
        writing = 0
        for name in names:
            left = _abandoned(where, name, suffix)
            if left:
                _remove(os.path.join(where, name))
            elif left is False:
                writing += 1
        extra = len(entries) + writing - keep
        if extra <= 0:
            return
        dated = sorted(entries, key=lambda n: os.stat(os.path.join(where, n)).st_mtime_ns)
        for name in dated[:extra]:
            _remove(os.path.join(where, name))
    except OSError:
        return


def _with_path(encounter: Any, path: str) -> Any:
    from erc.core.value import replace

    return replace(encounter, path=path)


# --- freezing and thawing, derived from the model's declaration --------------------------


def freeze(value: Any) -> Any:
    """A model value as marshal-able data: a ``Value`` becomes a list ``[class, fields...]``
    (the model has no lists of its own), tuples stay tuples, frozensets and dicts as they are."""
    if isinstance(value, Value):
        return [type(value).__name__, *(freeze(getattr(value, f)) for f in value._fields)]
    if isinstance(value, tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict) or hasattr(value, "items"):
        return dict(value.items())
    return value


def thaw(plain: Any, module: Any) -> Any:
    """Rebuild a frozen value, checking every field against its declared annotation
    (``erc.core.declared.coerce``); any mismatch raises (the caller treats it as a miss)."""
    if not isinstance(plain, list) or not plain or not isinstance(plain[0], str):
        raise ValueError("not a value")
    cls = getattr(module, plain[0], None)
    if not (isinstance(cls, type) and issubclass(cls, Value) and cls.__module__ == module.__name__):
        raise ValueError(f"{plain[0]!r} is not a model class")
    return coerce(plain, plain[0], _namespace(module), from_json=False)


_namespaces: dict[str, dict[str, Any]] = {}


def _namespace(module: Any) -> dict[str, Any]:
    """The names the model's annotations use: the model module's, over those of the modules
    its classes' fields are declared in (for a class declared elsewhere)."""
    found = _namespaces.get(module.__name__)
    if found is None:
        modules = {
            klass.__module__: None
            for value in list(vars(module).values())
            if isinstance(value, type) and issubclass(value, Value)
            for klass in value.__mro__
        }
        names: dict[str, Any] = {}
        for name in modules:
            names.update(vars(sys.modules[name]))
        found = _namespaces[module.__name__] = {**names, **vars(module)}
    return found
