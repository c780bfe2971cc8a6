"""Text for a terminal: control characters shown escaped, undecodable bytes too."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

_CONTROL = (
    r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff"
    r"\udc80-\udcff]"
)
_compiled: list[re.Pattern[str]] = []
"""The pattern, compiled on first use (a JSON command never needs it)."""


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return _byte(code)
    return f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}"


def _byte(code: int) -> str:
    return f"\\x{code - 0xDC00:02x}"


def undecodable_shown(text: str) -> str:
    """``text`` with each byte that was not UTF-8 (a surrogate escape, from a file name)
    written ``\\xNN`` as ``safe`` shows it, and nothing else changed (JSON output)."""
    if text.isascii():
        return text
    return "".join(_byte(ord(c)) if 0xDC80 <= ord(c) <= 0xDCFF else c for c in text)


def safe(value: object) -> str:
    """``value`` as text with every control, invisible-format or undecodable character shown
    as an escape, so a file name or combatant name cannot drive the terminal."""
    text = str(value)
    if text.isascii() and text.isprintable():
        return text
    if not _compiled:
        import re

        _compiled.append(re.compile(_CONTROL))
    return _compiled[0].sub(_escape, text)


def normal(name: str) -> str:
    """A name in Unicode NFC, so names typed or stored differently match (issue 15). A name
    given in bytes the system could not decode (an argument in a C locale with
    ``PYTHONUTF8=0``: Python keeps each such byte as a lone surrogate) is read as UTF-8,
    the encounter file's encoding, when they are UTF-8."""
    if name.isascii():
        return name
    import unicodedata

    return unicodedata.normalize("NFC", _as_utf8(name))


def folded(name: str) -> str:
    """A name as names are compared: in NFC (``normal``), without spaces at its ends, case
    folded. Combatants, weapons and spells alike: ``folded(typed) == folded(stored)``."""
    return normal(name).strip().casefold()


def _as_utf8(text: str) -> str:
    """``text`` with its undecodable bytes (lone surrogates) read as UTF-8, if they are."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        import os

        try:
            return os.fsencode(text).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            return text
    return text


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a combatant's name: a control or invisible character, or
    spaces at either end, make names that look alike or cannot be typed."""
    if name != name.strip():
        return "spaces at its start or end"
    if name.isascii():
        bad = next((ch for ch in name if not ch.isprintable()), None)
    else:
        import unicodedata

        bad = next(
            (ch for ch in name if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")), None
        )
    return None if bad is None else f"an invisible or control character (U+{ord(bad):04X})"


ASCII_SPACE = " \t\n\r\f\v"
"""The white space around a number or an expression that erc reads (``str.strip()`` alone
also drops a no-break space and the like)."""


def whole_number(text: str, *, signed: bool = True, most_digits: int = 25) -> int | None:
    """``text`` as a whole number written in ASCII digits, with a sign when ``signed`` and
    ASCII white space around it; None for anything else (``1_000``, ``0x5``, ``5.0``, digits
    of other scripts, which ``int()`` would read)."""
    stripped = text.strip(ASCII_SPACE)
    digits = stripped[1:] if signed and stripped[:1] in ("+", "-") else stripped
    if not digits or len(digits) > most_digits or not digits.isascii() or not digits.isdigit():
        return None
    return int(stripped)


def as_written(value: object) -> str:
    """A value from a file as its reader would write it: text quoted, the rest as JSON
    (``null``, ``true``, ``["er"]``; YAML's own flow style), not Python's ``None`` and
    ``['er']``."""
    if isinstance(value, str):
        return repr(value)
    import json

    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


# Letters of other scripts drawn like a Latin letter in common fonts, each with that letter:
# Cyrillic and Greek capitals and the lowercase letters whose shape is the Latin one (not
# those only alike in some fonts: Cyrillic н, Greek η). A small, deliberate part of Unicode's
# confusables (UTS #39), for names a GM types: fullwidth and other compatibility forms are
# NFKC's, and case is casefold's.
_LOOK_ALIKES = str.maketrans(
    {
        "\u0410": "A",  # CYRILLIC CAPITAL LETTER A
        "\u0412": "B",  # CYRILLIC CAPITAL LETTER VE
        "\u0415": "E",  # CYRILLIC CAPITAL LETTER IE
        "\u041a": "K",  # CYRILLIC CAPITAL LETTER KA
        "\u041c": "M",  # CYRILLIC CAPITAL LETTER EM
        "\u041d": "H",  # CYRILLIC CAPITAL LETTER EN
        "\u041e": "O",  # CYRILLIC CAPITAL LETTER O
        "\u0420": "P",  # CYRILLIC CAPITAL LETTER ER
        "\u0421": "C",  # CYRILLIC CAPITAL LETTER ES
        "\u0422": "T",  # CYRILLIC CAPITAL LETTER TE
        "\u0425": "X",  # CYRILLIC CAPITAL LETTER HA
        "\u0423": "Y",  # CYRILLIC CAPITAL LETTER U
        "\u0405": "S",  # CYRILLIC CAPITAL LETTER DZE
        "\u0406": "I",  # CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I
        "\u0408": "J",  # CYRILLIC CAPITAL LETTER JE
        "\u051a": "Q",  # CYRILLIC CAPITAL LETTER QA
        "\u051c": "W",  # CYRILLIC CAPITAL LETTER WE
        "\u04ae": "Y",  # CYRILLIC CAPITAL LETTER STRAIGHT U
        "\u04c0": "I",  # CYRILLIC LETTER PALOCHKA
        "\u0430": "a",  # CYRILLIC SMALL LETTER A
        "\u0435": "e",  # CYRILLIC SMALL LETTER IE
        "\u043e": "o",  # CYRILLIC SMALL LETTER O
        "\u0440": "p",  # CYRILLIC SMALL LETTER ER
        "\u0441": "c",  # CYRILLIC SMALL LETTER ES
        "\u0443": "y",  # CYRILLIC SMALL LETTER U
        "\u0445": "x",  # CYRILLIC SMALL LETTER HA
        "\u0455": "s",  # CYRILLIC SMALL LETTER DZE
        "\u0456": "i",  # CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I
        "\u0458": "j",  # CYRILLIC SMALL LETTER JE
        "\u0501": "d",  # CYRILLIC SMALL LETTER KOMI DE
        "\u051b": "q",  # CYRILLIC SMALL LETTER QA
        "\u051d": "w",  # CYRILLIC SMALL LETTER WE
        "\u04bb": "h",  # CYRILLIC SMALL LETTER SHHA
        "\u04af": "y",  # CYRILLIC SMALL LETTER STRAIGHT U
        "\u04cf": "l",  # CYRILLIC SMALL LETTER PALOCHKA
        "\u0391": "A",  # GREEK CAPITAL LETTER ALPHA
        "\u0392": "B",  # GREEK CAPITAL LETTER BETA
        "\u0395": "E",  # GREEK CAPITAL LETTER EPSILON
        "\u0396": "Z",  # GREEK CAPITAL LETTER ZETA
        "\u0397": "H",  # GREEK CAPITAL LETTER ETA
        "\u0399": "I",  # GREEK CAPITAL LETTER IOTA
        "\u039a": "K",  # GREEK CAPITAL LETTER KAPPA
        "\u039c": "M",  # GREEK CAPITAL LETTER MU
        "\u039d": "N",  # GREEK CAPITAL LETTER NU
        "\u039f": "O",  # GREEK CAPITAL LETTER OMICRON
        "\u03a1": "P",  # GREEK CAPITAL LETTER RHO
        "\u03a4": "T",  # GREEK CAPITAL LETTER TAU
        "\u03a5": "Y",  # GREEK CAPITAL LETTER UPSILON
        "\u03a7": "X",  # GREEK CAPITAL LETTER CHI
        "\u03bf": "o",  # GREEK SMALL LETTER OMICRON
        "\u03bd": "v",  # GREEK SMALL LETTER NU
        "\u03b1": "a",  # GREEK SMALL LETTER ALPHA
        "\u03c1": "p",  # GREEK SMALL LETTER RHO
        "\u03c7": "x",  # GREEK SMALL LETTER CHI
        "\u03b9": "i",  # GREEK SMALL LETTER IOTA
        "\u0131": "i",  # LATIN SMALL LETTER DOTLESS I
    }
)


def look_alike(name: str) -> str:
    """What ``name`` looks like: NFKC (fullwidth B, U+FF22, is ``B``), the letters of
    ``_LOOK_ALIKES`` as the Latin ones they are drawn like, then casefold. Two names with one
    look-alike that are not one name cannot be told apart on a screen."""
    import unicodedata

    return unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKES).casefold()


TRUE_WORDS = frozenset({"1", "true", "t", "yes", "y", "on"})
FALSE_WORDS = frozenset({"0", "false", "f", "no", "n", "off"})
"""The words a boolean environment variable takes (click's, lower-cased): ``ERC_APPLY=1``."""


ENDS_SHOWN = 10
"""The most items ``ends`` keeps of a long list (the first and last halves)."""


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` with ``noun``, plural unless one: "1 event", "6 events", "2 dice"."""
    return f"{number} {noun}" if number == 1 else f"{number} {plural or noun + 's'}"


def ends(items: list[str], most: int = ENDS_SHOWN) -> list[str]:
    """A long list by its ends: the first and last ``most // 2`` items with ``... N more``
    between them (the events an ``erc undo --to`` takes back: not pages of ids)."""
    if len(items) <= most:
        return items
    half = most // 2
    return [*items[:half], f"... {len(items) - 2 * half} more", *items[-half:]]
