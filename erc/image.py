"""Writes erc's start-up image, which ``erc/__init__.py`` reads: ``python -m erc.image``.

``make bytecode`` (part of the README's set-up, and of ``make test``) writes it after
compiling erc, compiling here whatever has no up-to-date ``.pyc``. After a command
that found it missing or out of date, ``erc.cli.main`` writes it again where the interpreter
itself may write byte-code (not under ``PYTHONDONTWRITEBYTECODE`` or ``-B``, nor where the
image's folder is not writable), from the ``.pyc`` files that are up to date, so
a command never compiles the modules it did not import. A plain ``pip install`` compiles
every module, so its first command writes a whole image.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys

import erc

_HEADER = 16  # a timestamp-based .pyc: magic, flags, source mtime, source size


def _magic() -> bytes:
    from importlib.util import MAGIC_NUMBER

    return MAGIC_NUMBER


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


def _byte_code(source: str, info: os.stat_result, magic: bytes) -> bytes | None:
    """The code in ``source``'s ``.pyc`` when it is the timestamp-based byte-code of the
    source as it is now (the check the import makes), else None."""
    from importlib.util import cache_from_source

    try:
        with open(cache_from_source(source), "rb") as file:
            data = file.read()
    except OSError:
        return None
    expected = (
        magic
        + bytes(4)
        + (int(info.st_mtime) & 0xFFFFFFFF).to_bytes(4, "little")
        + (info.st_size & 0xFFFFFFFF).to_bytes(4, "little")
    )
    return data[_HEADER:] if data[:_HEADER] == expected else None


def image(folder: str, *, compile_rest: bool) -> tuple[bytes, int]:
    """The image of the erc package in ``folder`` and the number of modules it holds: each
    module's code from its ``.pyc`` where that is up to date, else (``compile_rest``)
    compiled from its source, else left out."""
    magic = _magic()
    index: dict[str, tuple[str, int, int, int, int, bool]] = {}
    blobs: list[bytes] = []
    offset = 0
    for name, path, package in modules(folder):
        source = os.path.join(folder, *path.split("/"))
        try:
            info = os.stat(source)
            blob = _byte_code(source, info, magic)
            if blob is None and compile_rest:
                with open(source, "rb") as file:
                    text = file.read()
                code = compile(text, source, "exec", dont_inherit=True, optimize=0)
                blob = marshal.dumps(code)
        except OSError:
            blob = None
        if blob is None:
            continue
        index[name] = (path, offset, len(blob), info.st_mtime_ns, info.st_size, package)
        blobs.append(blob)
        offset += len(blob)
    table = marshal.dumps(index)
    head = erc.IMAGE_FORMAT + magic + len(table).to_bytes(4, "little")
    return b"".join([head, table, *blobs]), len(index)


def write(folder: str, *, compile_rest: bool) -> int:
    """Replace the image of ``folder`` at once (a reader sees the old one or the new one);
    return the number of modules it holds. Where no image may be written, nothing is built."""
    target = erc.image_path(folder)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    partial = f"{target}.{os.getpid()}"
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        with open(fd, "wb") as file:
            data, count = image(folder, compile_rest=compile_rest)
            file.write(data)
        os.replace(partial, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise
    return count


def package_folder() -> str:
    return os.path.dirname(os.path.abspath(erc.__file__ or ""))


def refresh() -> None:
    """Write the image again from the up-to-date byte-code, if this process may (see the
    module's docstring); never fails the command that asks."""
    if sys.dont_write_bytecode or sys.flags.optimize:
        return
    with contextlib.suppress(OSError, ValueError):
        write(package_folder(), compile_rest=False)


def main() -> None:
    folder = package_folder()
    count = write(folder, compile_rest=True)
    print(f"{erc.image_path(folder)}: {count} modules")


if __name__ == "__main__":
    main()
