"""Text that people show each other (names, chat): it must be seen, read in order, and told apart.

Three things a stranger could do with Unicode, and what is done about each:

- a name or a message of nothing but invisible characters (zero-width spaces, the Hangul
  filler, a braille blank) looks like no text at all: refused;
- the bidirectional override and isolate controls (U+202A–U+202E, U+2066–U+2069) make text
  show in another order than it is written, so a name could pass for another or a line run
  into the next: refused anywhere in it;
- a name in look-alike letters (Cyrillic "Во" beside Latin "Bo") is told apart rather than
  refused: :func:`name_key` is what a name looks like, folded by decancer, which follows the
  Unicode confusables data and more (styled letters, case, accents) and is kept up to date
  with it. The pages tag names whose keys are equal (``static/js/core/account/names.js``).

decancer maps blank-looking letters to spaces as well; it is asked too, so the list of
invisible characters is Unicode's categories plus the library's, not one kept here by hand.
"""

from __future__ import annotations

import functools
import unicodedata

import decancer_py

from app import messages as msg

#: Embeddings, overrides and isolates: they reorder what follows them on the screen.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _seen(text: str) -> bool:
    """Tells whether some character of ``text`` draws something (not a control, space or lone mark)."""
    return any(unicodedata.category(c)[0] not in "CZ" and unicodedata.category(c) not in ("Mn", "Me") for c in text)


def _cured(text: str) -> str:
    try:
        return str(decancer_py.parse(text))
    except Exception:  # noqa: BLE001 - the library refuses nothing we store; if it ever does, fall back
        return text.lower()


def refusal(text: str) -> msg.Message | None:
    """Returns why ``text`` may not be shown to others (None when it may).

    >>> refusal("Ana") is None, refusal("\\u200b" * 500).key, refusal("\\u3164").key
    (True, 'app.text_invisible', 'app.text_invisible')
    >>> refusal("Ana\\u202egnp.exe").key
    'app.text_reordered'
    """
    if any(c in BIDI_CONTROLS for c in text):
        return msg.TEXT_REORDERED
    if not _seen(text) or not _seen(_cured(text)):
        return msg.TEXT_INVISIBLE
    return None


@functools.lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """Returns what a name looks like: two names with the same key are look-alikes.

    >>> name_key("Bo") == name_key("Во") == name_key(" BO ") == name_key("𝐁𝐨")
    True
    >>> name_key("Ana") == name_key("Ben")
    False
    """
    return "".join(c for c in _cured(name) if _seen(c))
