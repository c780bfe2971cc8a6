"""erc: a scriptable dice and combat resolver for the Enchanted Realms tabletop RPG.

Importing erc puts its start-up image first on ``sys.meta_path`` (``erc.image`` writes it):
the byte-code of every erc module in one file, so a command's thirty-odd modules load
without the search and the ``.pyc`` reading of the ordinary import (4.6M of the 110M
instructions ``attack --json`` took, measured). A module is taken from the image only while
its source has the size and modification time the image recorded; anything else (no image,
another interpreter, ``-O``, a damaged file, a module edited or added since) is imported as
usual.
"""

from __future__ import annotations

import sys

__version__ = "0.2.0"

IMAGE_FORMAT = b"erc image 1\n"
"""The first bytes of an image; then the interpreter's byte-code magic number, the length of
the index (4 bytes, little-endian), the index (``marshal``: module name -> path from the
package folder, offset from the index's end, length, source ``st_mtime_ns``, source size,
whether a package) and the modules' code objects (``marshal``)."""

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import CodeType, ModuleType
    from typing import Any

stale = False
"""Whether this process imported an erc module its image lacked or held an older copy of
(``erc.cli.main`` then writes the image again where the interpreter may write byte-code)."""


def image_path(folder: str) -> str:
    """Where the image of the erc package in ``folder`` lives (one per interpreter): beside
    its ``.pyc`` files, in the tree below ``PYTHONPYCACHEPREFIX`` when that is set."""
    name = f"erc.{sys.implementation.cache_tag}.image"
    prefix = sys.pycache_prefix
    return f"{prefix}/{folder.lstrip('/')}/{name}" if prefix else f"{folder}/__pycache__/{name}"


def _start_up_image() -> None:
    from _imp import _fix_co_filename  # type: ignore[attr-defined]  # what the import uses
    from marshal import loads
    from os import O_RDONLY, close, open as open_file, pread, sep, stat

    global stale
    magic = getattr(sys.modules.get("_frozen_importlib_external"), "MAGIC_NUMBER", None)
    here = (__file__ or "").rpartition(sep)[0]
    if sys.flags.optimize or not here or not isinstance(magic, bytes):
        return
    start = len(IMAGE_FORMAT) + len(magic) + 4
    try:
        fd = open_file(image_path(here), O_RDONLY)
    except OSError:
        stale = True
        return
    if fd < 3:  # a standard descriptor closed at start-up: its number stays free (erc.cli)
        close(fd)
        return
    try:
        head = pread(fd, start, 0)
        size = int.from_bytes(head[-4:], "little")
        index = loads(pread(fd, size, start)) if head[:-4] == IMAGE_FORMAT + magic else None
    except (OSError, ValueError, EOFError, TypeError):
        index = None
    if type(index) is not dict:
        close(fd)
        stale = True
        return
    table: dict[str, Any] = index
    base = start + size
    code_type = type(_start_up_image.__code__)
    spec_type = type(__spec__)

    class Image:
        """Finder and loader of the modules the image holds."""

        @staticmethod
        def find_spec(
            name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
        ) -> ModuleSpec | None:
            global stale
            entry = table.get(name)
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
                where, offset, length, mtime_ns, source_size, package = entry
                origin = f"{here}/{where}"
                info = stat(origin)
                if info.st_mtime_ns != mtime_ns or info.st_size != source_size:
                    stale = True
                    return None
                code = loads(pread(fd, length, base + offset))
            except (OSError, ValueError, EOFError, TypeError):
                return None
            if type(code) is not code_type:
                return None
            _fix_co_filename(code, origin)  # as the import does: the file where it is now
            spec: ModuleSpec = spec_type(
                name,
                Image,  # type: ignore[arg-type]  # a loader by its methods, not importlib.abc's
                origin=origin,
                loader_state=code,
                is_package=bool(package),
            )
            if package:
                spec.submodule_search_locations = [origin.rpartition("/")[0]]
            return spec

        @staticmethod
        def create_module(spec: ModuleSpec) -> None:
            return None  # the default module

        @staticmethod
        def exec_module(module: ModuleType) -> None:
            spec = module.__spec__
            assert spec is not None
            module.__file__ = spec.origin
            exec(spec.loader_state, module.__dict__)

        @staticmethod
        def get_code(name: str) -> CodeType:
            """For ``python -m`` (runpy)."""
            spec = Image.find_spec(name)
            if spec is None:
                raise ImportError(f"{name} is not in erc's start-up image", name=name)
            code: CodeType = spec.loader_state
            return code

        @staticmethod
        def is_package(name: str) -> bool:
            spec = Image.find_spec(name)
            return spec is not None and spec.submodule_search_locations is not None

    sys.meta_path.insert(0, Image)


_start_up_image()
