"""Board pictures speak the game's language, and every character of every shipped language's caption has a
glyph in the font chosen for it (a missing glyph would draw the empty .notdef box)."""

from __future__ import annotations

import pytest
from PIL import ImageFont

from messages.i18n import SHIPPED
from render import RenderOptions
from render.draw import caption_lines
from render.layers import family_for, font
from tests.render.support import ITALIAN, start

NOT_A_CHARACTER = "\uffff"  # no font has a glyph for it: it draws .notdef


def _mask(face: ImageFont.FreeTypeFont | ImageFont.ImageFont, char: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(char)
    return mask.size, bytes(mask)


def missing_glyphs(text: str) -> set[str]:
    face = font(16, family_for(text))
    notdef = _mask(face, NOT_A_CHARACTER)
    return {c for c in set(text) if not c.isspace() and _mask(face, c) == notdef}


@pytest.mark.parametrize("language", ["en", *SHIPPED])
def test_every_caption_character_has_a_glyph(language: str) -> None:
    position = start(ITALIAN)
    for result in (None, "1-0", "0-1", "1/2-1/2"):
        options = RenderOptions(move_number=12, note="22x13", result=result, language=language)
        for line in caption_lines(position, options):
            assert missing_glyphs(line) == set(), (language, line)


def test_the_glyph_check_sees_a_missing_glyph() -> None:
    assert missing_glyphs("ok\ue000") == {"\ue000"}  # a private-use character no shipped font draws


def test_captions_are_in_the_games_language() -> None:
    position = start(ITALIAN)
    assert caption_lines(position, RenderOptions(move_number=1, language="it"))[2] == "Mossa 1 · Tocca al Bianco"
    assert caption_lines(position, RenderOptions(move_number=1, language="ru"))[2] == "Ход 1 · Ходят Белые"
    assert caption_lines(position, RenderOptions(result="0-1", language="it"))[2] == "0-1 Vince il Nero"
    assert caption_lines(position, RenderOptions(move_number=1))[2] == "Move 1 · White to move"
    assert family_for("Ход 1") == "dejavu" and family_for("ตาที่ 1") == "thai" and family_for("Mossa 1") == "default"
