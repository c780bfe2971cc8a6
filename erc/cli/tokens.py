"""An argument list read as click reads it, once for everything that looks at one.

``split(words, takes)``: ``takes`` maps each known spelling of an option to whether it takes
a value. Out come the options with their values (``--with X``, ``--with=X``, ``-eFILE``),
the positional words (those after ``--`` too), the words that look like options nobody
declared, and an option left waiting for its value at the end. The fast parser
(``erc.cli.fast``), the ruleset's ``-e`` lookup and the not-in-ruleset check
(``erc.cli.dispatch``), ``erc batch`` and shell completion all read a line through it.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence


class Tokens:
    """One argument list, read."""

    __slots__ = ("dashes", "options", "pending", "unknown", "words")

    def __init__(self) -> None:
        self.options: list[tuple[str, str | None, int, int]] = []
        """Each known option: its flag, its value (None: a flag given alone), and the
        indexes of its first word and just past its last."""
        self.words: list[str] = []
        """The positional words, in order (after ``--`` too)."""
        self.unknown: list[tuple[str, int]] = []
        """Each word that starts with ``-`` but is no known option (before ``--``): its flag
        (``--x`` of ``--x=1``) and its index."""
        self.dashes: int | None = None
        """The index of ``--``, after which every word is positional."""
        self.pending: str | None = None
        """A value-taking option last on the line, its value not given yet."""


def split(words: Sequence[str], takes: Mapping[str, bool]) -> Tokens:
    """Read ``words`` against ``takes`` (each known option spelling: takes a value?)."""
    out = Tokens()
    i = 0
    count = len(words)
    while i < count:
        word = words[i]
        start = i
        i += 1
        if out.dashes is not None or word[:1] != "-" or word == "-":
            out.words.append(word)
            continue
        if word == "--":
            out.dashes = start
            continue
        if word[:2] == "--":
            flag, eq, inline = word.partition("=")
        elif len(word) > 2 and takes.get(word[:2]):  # -eFILE
            flag, eq, inline = word[:2], "=", word[2:]
        else:
            flag, eq, inline = word, "", ""
        value_taken = takes.get(flag)
        if value_taken is None:
            out.unknown.append((flag, start))
        elif eq:
            out.options.append((flag, inline, start, i))
        elif not value_taken:
            out.options.append((flag, None, start, i))
        elif i < count:
            out.options.append((flag, words[i], start, i + 1))
            i += 1
        else:
            out.pending = flag
    return out


ENCOUNTER = {"-e": True, "--encounter": True}
"""The spellings of the encounter option, which every command that reads one takes: read
before the ruleset (and so the command's other options) is known."""
