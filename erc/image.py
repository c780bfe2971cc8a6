"""Writes erc's start-up image, which ``erc/__init__.py`` reads: ``python -m erc.image``.

``make bytecode`` (part of the README's set-up, and of ``make test``) writes it after
compiling erc, compiling here whatever has no up-to-date ``.pyc``. After a command that
found it missing or out of date, ``erc.cli.main`` writes it again where the interpreter
itself may write byte-code (not under ``PYTHONDONTWRITEBYTECODE`` or ``-B``), from the
``.pyc`` files that are up to date, so a command compiles no module it did not import (but
one whose ``.pyc`` was written in the second its source changed, which it cannot trust). A
plain ``pip install`` compiles every module, so its first command writes a whole image.

The image (``erc.IMAGE_FORMAT``): the format's first line, the interpreter's byte-code magic
number, the length of the index (4 bytes, little-endian), the index, then each module's code
object (``marshal``). The index (``marshal``) is a pair: module name -> (path from the
package folder, offset after the index, length, the source's ``st_mtime_ns`` and size,
whether a package, ``_imp.source_hash(erc.IMAGE_HASH_KEY, code)``), and folder (path from
the package folder, "" for itself) -> its ``st_mtime_ns``, so a file added beside a module
(a package of the same name, a compiled extension) is seen as the ordinary import sees it.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import stat
import sys

import erc

_HEADER = 16  # a .pyc: magic, flags, then source mtime and size, or the source's hash


def modules(folder: str) -> list[tuple[str, str, bool]]:
    """(module name, path from ``folder``, whether a package) for every module below it but
    the package itself, which reads the image."""
    found = []
    for where, folders, files in os.walk(folder):
        folders[:] = sorted(f for f in folders if f != "__pycache__" and not f.startswith("."))
        inner = os.path.relpath(where, folder)
        parts = [] if inner == os.curdir else inner.split(os.sep)
        for file in sorted(files):
            stem, dot, extension = file.rpartition(".")
            if not dot or extension != "py" or not stem.isidentifier():
                continue
            path = "/".join([*parts, file])
            if stem == "__init__":
                if parts:
                    found.append((".".join(["erc", *parts]), path, True))
            else:
                found.append((".".join(["erc", *parts, stem]), path, False))
    return found


def _read_regular(path: str) -> tuple[bytes, os.stat_result] | None:
    """A regular file's bytes and status, without waiting on anything else (a FIFO)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks), info
    except OSError:
        return None
    finally:
        os.close(fd)


def _byte_code(source: str, info: os.stat_result) -> tuple[bytes | None, bool]:
    """The code in ``source``'s ``.pyc`` when it is the byte-code of the source as it is now
    (the checks the import makes), else None; and whether it was left out only because a
    timestamp-based ``.pyc`` was written in the second its source last changed, when the
    source may have changed again unseen (git's "racy" rule)."""
    from importlib.util import MAGIC_NUMBER, cache_from_source, source_hash

    found = _read_regular(cache_from_source(source))
    if found is None:
        return None, False
    data, written = found
    flags = int.from_bytes(data[4:8], "little")
    if data[:4] != MAGIC_NUMBER or len(data) < _HEADER or flags & ~0b11:
        return None, False
    if flags == 0:
        stamp = (int(info.st_mtime) & 0xFFFFFFFF).to_bytes(4, "little")
        size = (info.st_size & 0xFFFFFFFF).to_bytes(4, "little")
        if data[8:16] != stamp + size:
            return None, False
        if int(written.st_mtime) <= int(info.st_mtime):
            return None, True
    elif flags & 0b10:  # hash-based, checked against its source
        text = _read_regular(source)
        if text is None or source_hash(text[0]) != data[8:16]:
            return None, False
    return data[_HEADER:], False


def image(folder: str, *, compile_rest: bool) -> tuple[bytes, int]:
    """The image of the erc package in ``folder`` and the number of modules it holds: each
    module's code from its ``.pyc`` where that is up to date, else (``compile_rest``)
    compiled from its source, else left out."""
    import _imp
    from importlib.util import MAGIC_NUMBER

    found = modules(folder)
    folders: dict[str, int] = {}
    places = {path.rpartition("/")[0] for _, path, _ in found}
    places |= {  # a folder named as a module (a package there would win, as in the import)
        path[:-3]
        for _, path, package in found
        if not package and os.path.isdir(os.path.join(folder, *path[:-3].split("/")))
    }
    for place in sorted(places):
        with contextlib.suppress(OSError):
            folders[place] = os.stat(os.path.join(folder, *place.split("/"))).st_mtime_ns
    index: dict[str, tuple[str, int, int, int, int, bool, bytes]] = {}
    blobs: list[bytes] = []
    offset = 0
    for name, path, package in found:
        source = os.path.join(folder, *path.split("/"))
        try:
            info = os.stat(source)
            blob, racy = _byte_code(source, info)
            if blob is None and (compile_rest or racy):
                with open(source, "rb") as file:
                    text = file.read()
                code = compile(text, source, "exec", dont_inherit=True, optimize=0)
                blob = marshal.dumps(code)
        except OSError:
            blob = None
        if blob is None:
            continue
        digest = _imp.source_hash(erc.IMAGE_HASH_KEY, blob)
        index[name] = (path, offset, len(blob), info.st_mtime_ns, info.st_size, package, digest)
        blobs.append(blob)
        offset += len(blob)
    table = marshal.dumps((index, folders))
    head = erc.IMAGE_FORMAT + MAGIC_NUMBER + len(table).to_bytes(4, "little")
    return b"".join([head, table, *blobs]), len(index)


def write(folder: str, *, compile_rest: bool) -> int:
    """Replace the image of ``folder`` at once (a reader sees the old one or the new one);
    return the number of modules it holds. Its mode is the package's, as a ``.pyc`` takes
    its source's."""
    target = erc.image_path(folder)
    place = os.path.dirname(target)
    os.makedirs(place, exist_ok=True)  # first: a new folder changes its parent's time
    if not os.access(place, os.W_OK):  # a read-only install: nothing to build it for
        raise PermissionError(f"{place} is not writable")
    data, count = image(folder, compile_rest=compile_rest)
    _sweep(place, os.path.basename(target))
    mode = (os.stat(os.path.join(folder, "__init__.py")).st_mode | 0o200) & 0o666
    partial = f"{target}.{os.getpid()}"
    with contextlib.suppress(FileNotFoundError):
        os.unlink(partial)  # left by a process of the same number that was killed
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(partial, flags, mode)
    try:
        with open(fd, "wb") as file:
            file.write(data)
        os.replace(partial, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise
    return count


def _sweep(place: str, name: str) -> None:
    """Remove the partial images of writers that were killed before they finished."""
    for entry in os.listdir(place):
        stem, dot, pid = entry.rpartition(".")
        if stem != name or not dot or not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(place, entry))
        except OSError:
            pass  # alive, under another user


def package_folder() -> str:
    return os.path.dirname(os.path.abspath(erc.__file__ or ""))


def refresh() -> None:
    """Write the image again from the up-to-date byte-code, if this process may (see the
    module's docstring); never fails the command that asks, nor holds up its end: an
    interrupt leaves the image for another command."""
    if sys.dont_write_bytecode or sys.flags.optimize:
        return
    with contextlib.suppress(OSError, ValueError, KeyboardInterrupt):
        write(package_folder(), compile_rest=False)


def main() -> None:
    folder = package_folder()
    count = write(folder, compile_rest=True)
    print(f"{erc.image_path(folder)}: {count} modules")


if __name__ == "__main__":
    main()
