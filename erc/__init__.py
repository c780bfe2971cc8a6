"""erc: a scriptable dice and combat resolver for the Enchanted Realms tabletop RPG.

Importing erc puts its start-up image on ``sys.meta_path``, just before the path's own
finder (``erc.image`` writes it):
the byte-code of every erc module in one file, so a command's thirty-odd modules load
without the search and the ``.pyc`` reading of the ordinary import (4.6M of the 110M
instructions ``attack --json`` took, measured). A module is taken from the image only while
its source has the size and modification time the image recorded; anything else (no image,
another interpreter, ``-O``, a damaged file, a module edited or added since) is imported as
usual.
"""

import _signal  # type: ignore[import-not-found]  # the interpreter's own (no stub)
import sys

# erc's first instruction (before any import that could be interrupted: this module has no
# ``from __future__`` import, which imports a module): in the erc command, Ctrl-C ends the
# process at once by SIGINT, the system's default, with no traceback and nothing written,
# even inside an extension's initialisation, until ``erc.cli.main`` takes over
# (``erc.cli.interrupts``). An interrupt the parent ignores stays ignored; a program that
# imports erc keeps Python's own handler.
if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler and (
    (getattr(sys, "argv", None) or [""])[0] == "-m"
    or str((getattr(sys, "argv", None) or [""])[0]).rpartition("/")[2] == "erc"
):
    _signal.signal(_signal.SIGINT, _signal.SIG_DFL)

__version__ = "0.2.0"

IMAGE_FORMAT = b"erc image 2\n"
"""The first line of a start-up image (its layout: ``erc.image``)."""
IMAGE_HASH_KEY = 0x65726369
"""The key of each module's digest in the image (``_imp.source_hash``)."""

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec, SourceFileLoader as _SourceLoader
    from types import CodeType, ModuleType
    from typing import Any
else:  # the ordinary loader of a source file, without importing importlib
    _SourceLoader = getattr(sys.modules.get("_frozen_importlib_external"), "SourceFileLoader", None)

stale = False
"""Whether this process imported an erc module its image lacked or held an older or damaged
copy of (``erc.cli.main`` then writes the image again where the interpreter may write
byte-code)."""


def _cache_file(folder: str, name: str) -> str:
    """Where byte-code ``name`` for the sources in ``folder`` lives, as the import puts it:
    in ``folder/__pycache__``, or the tree below ``PYTHONPYCACHEPREFIX`` when that is set."""
    prefix = sys.pycache_prefix
    return f"{prefix}/{folder.lstrip('/')}/{name}" if prefix else f"{folder}/__pycache__/{name}"


def image_path(folder: str) -> str:
    """Where the image of the erc package in ``folder`` lives (one per interpreter), beside
    its ``.pyc`` files."""
    return _cache_file(folder, f"erc.{sys.implementation.cache_tag}.image")


def _start_up_image() -> None:
    from _imp import (  # type: ignore[attr-defined]  # what the import itself uses
        _fix_co_filename,
        source_hash,
    )
    from marshal import loads
    from os import O_NONBLOCK, O_RDONLY, close, fstat, open as open_file, pread, sep, stat
    from stat import S_ISREG

    global stale
    magic = getattr(sys.modules.get("_frozen_importlib_external"), "MAGIC_NUMBER", None)
    here = (__file__ or "").rpartition(sep)[0]
    if sys.flags.optimize or not here or not isinstance(magic, bytes) or _SourceLoader is None:
        return
    for finder in list(sys.meta_path):  # erc imported again (a reload): one image, this one
        if getattr(finder, "erc_image", False):
            sys.meta_path.remove(finder)
            old: int = getattr(finder, "fd", -1)
            if old >= 0:
                close(old)
    try:
        fd = open_file(image_path(here), O_RDONLY | O_NONBLOCK)
    except OSError:
        stale = True
        return
    if fd < 3:  # a standard descriptor closed at start-up: its number stays free (erc.cli)
        close(fd)
        return
    start = len(IMAGE_FORMAT) + len(magic) + 4
    try:
        info = fstat(fd)
        whole = info.st_size
        head = pread(fd, start, 0)
        size = int.from_bytes(head[-4:], "little")
        if not S_ISREG(info.st_mode) or head[:-4] != IMAGE_FORMAT + magic or size > whole:
            raise ValueError("not an image")
        modules, folders = loads(pread(fd, size, start))
        if type(modules) is not dict or type(folders) is not dict:
            raise TypeError("not an index")
    except Exception:  # a cache: whatever is wrong with it, the ordinary import is there
        close(fd)
        stale = True
        return
    base = start + size
    descriptor = fd
    code_type = type(_start_up_image.__code__)
    module_type = type(sys)
    spec_type = type(__spec__)
    seen: dict[str, bool] = {}

    def unchanged(folder: str) -> bool:
        """Whether ``folder`` holds the files it held (a file added, removed or replaced
        changes a folder's time): what the ordinary import would find there is the same."""
        same = seen.get(folder)
        if same is None:
            try:
                now = stat(f"{here}/{folder}" if folder else here).st_mtime_ns
            except OSError:
                now = None
            same = seen[folder] = now is not None and now == folders.get(folder)
        return same

    tag = sys.implementation.cache_tag

    def cached(folder: str, file: str) -> str:
        """Where the ``.pyc`` of ``folder/file`` is, as ``importlib.util.cache_from_source``
        says (unoptimised byte-code; ``-O`` never reads the image)."""
        place = f"{here}/{folder}" if folder else here
        return _cache_file(place, f"{file.rpartition('.')[0]}.{tag}.pyc")

    class Loader(_SourceLoader):
        """A source file's ordinary loader (``__file__``, ``__cached__``, its source and
        resources) whose code comes from the image."""

        code: "CodeType | None"
        erc_image = True

        def get_code(self, fullname: str) -> "CodeType | None":
            """The image's code, once (a module's code lives on only in its functions, as
            in the ordinary import); again, the ordinary loader's."""
            code, self.code = self.code, None
            return code if code is not None else super().get_code(fullname)

        def create_module(self, spec: "ModuleSpec") -> "ModuleType":
            """The module with the attributes the import gives it from the spec already
            set, which spares it a failed look-up of each (1M instructions a command)."""
            module = module_type(spec.name)
            module.__file__ = spec.origin
            module.__cached__ = spec.cached  # type: ignore[attr-defined]
            if spec.submodule_search_locations is not None:
                module.__path__ = spec.submodule_search_locations
            return module

    class Image:
        """Finds the erc modules the image holds as they are."""

        erc_image = True
        fd = descriptor

        @staticmethod
        def find_spec(
            name: str,
            path: "Sequence[str] | None" = None,
            target: "ModuleType | None" = None,
        ) -> "ModuleSpec | None":
            global stale
            entry: Any = modules.get(name)
            if entry is None:  # stale if it is a module added since
                if name.startswith("erc."):
                    inner = name[4:].replace(".", "/")
                    for source in (f"{here}/{inner}.py", f"{here}/{inner}/__init__.py"):
                        try:
                            stat(source)
                        except OSError:
                            continue
                        stale = True
                return None
            try:
                where, offset, length, mtime_ns, source_size, package, digest = entry
                folder = where.rpartition("/")[0]
                above = folder.rpartition("/")[0] if package else folder
                if path is None or (f"{here}/{above}" if above else here) not in path:
                    return None  # erc from another folder
                origin = f"{here}/{where}"
                info = stat(origin)
                if info.st_mtime_ns != mtime_ns or info.st_size != source_size:
                    stale = True
                    return None
                beside = where[:-3]  # a folder named as the module, holding a package now?
                if (
                    not unchanged(folder)
                    or not unchanged(above)
                    or (beside in folders and not unchanged(beside))
                ):
                    stale = True
                    return None
                if offset < 0 or length < 0 or base + offset + length > whole:
                    raise ValueError("outside the image")
                blob = pread(fd, length, base + offset)
                if source_hash(IMAGE_HASH_KEY, blob) != digest:
                    raise ValueError("damaged")
                code = loads(blob)
                if type(code) is not code_type:
                    raise TypeError("not code")
            except Exception:  # a damaged image: this module is imported as usual
                stale = True
                return None
            _fix_co_filename(code, origin)  # as the import does: the file where it is now
            loader = Loader(name, origin)
            loader.code = code
            spec: ModuleSpec = spec_type(name, loader, origin=origin, is_package=bool(package))
            spec.has_location = True
            spec.cached = cached(folder, where.rpartition("/")[2])
            if package:
                spec.submodule_search_locations = [f"{here}/{folder}"]
            return spec

    # Where the path's own finder is: an import hook installed before erc (one that checks
    # or instruments modules as they load) still sees erc's modules first.
    place = len(sys.meta_path)
    for number, finder in enumerate(sys.meta_path):
        if getattr(finder, "__name__", "") == "PathFinder":
            place = number
            break
    sys.meta_path.insert(place, Image)


_start_up_image()
