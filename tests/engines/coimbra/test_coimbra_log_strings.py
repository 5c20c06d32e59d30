"""Every log key the Coimbra engine can write, not only those random games happen to reach,
reads in English and Russian (static/js/games/coimbra/log_strings.json)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.engines.core.test_log_strings import strings_of

ENGINE = Path(__file__).resolve().parents[3] / "engines" / "coimbra"
pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node to read the ES module")


def test_every_log_key_in_the_engines_source_has_english_and_russian():
    source = "".join(p.read_text() for p in ENGINE.glob("*.py") if p.name != "bot.py")
    keys = set(re.findall(r'key=f?"(co\.[a-z_]+)"', source)) | {"co.gain_coins", "co.gain_guards", "co.gain_vp"}
    assert len(keys) > 30
    strings = strings_of("coimbra")
    for lang in ("en", "ru"):
        assert keys <= set(strings[lang]), f"{lang} lacks {keys - set(strings[lang])}"
