"""Text for a terminal: control characters shown escaped, undecodable bytes too."""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
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
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}"


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
    """A name in Unicode NFC, so names typed or stored differently match (issue 15)."""
    if name.isascii():
        return name
    import unicodedata

    return unicodedata.normalize("NFC", name)


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
