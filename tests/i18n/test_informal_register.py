"""One register per language. Italian, Spanish and Dutch address the player informally everywhere (tu, tú,
je): a sentence in the formal voice (Lei, usted, u) among them reads as another speaker's. The newer features'
sentences (web pages, ballots, the explorer, the restart notices) once did."""

from __future__ import annotations

import re

import pytest

from messages.catalogue import read_locale

FORMAL = {
    "it": re.compile(
        r"\b(vostr[aoie]|Lei|Suo|Sua|attenda|ricarichi|riprovi|Riprovi|indicate|giocatela)\b"
        # a sentence or description that opens with a voi imperative ("Partite da…" also reads as the noun)
        r"|^(Partite da|Sorteggiate|Scegliete|Scrivete|Usate|Premete|Provate|Aprite|Mostrate|Chiedete|Inviate)\b"
    ),
    "es-ES": re.compile(
        r"\b(usted|ustedes|su dirección|inténtelo|juéguela|compruebe|indique|espere|vuelva a)\b", re.IGNORECASE
    ),
    "nl": re.compile(r"(?<!\}\s)\b(u|uw)\b", re.IGNORECASE),  # not the hour unit after a number ("{hours} u")
}


def translations(locale: str) -> list[tuple[str, str]]:
    found = []
    for message in read_locale(locale):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found.extend((str(message.context), text) for text in strings if text)
    return found


@pytest.mark.parametrize("locale", list(FORMAL))
def test_no_formal_voice_among_informal_sentences(locale: str) -> None:
    formal = [(key, text) for key, text in translations(locale) if FORMAL[locale].search(text)]
    assert formal == []


def test_the_register_check_can_fail() -> None:
    assert FORMAL["it"].search("Troppe richieste: attenda un minuto, poi ricarichi la pagina.")
    assert FORMAL["it"].search("Partite da un'apertura pubblicata sorteggiata")
    assert FORMAL["it"].search("Sorteggiate un'apertura pubblicata: due partite")
    assert not FORMAL["it"].search("Partite attive di un giocatore")
    assert FORMAL["es-ES"].search("Algo ha fallado. Inténtelo de nuevo más tarde.")
    assert FORMAL["nl"].search("Probeert u het later opnieuw.")
    assert not FORMAL["it"].search("le mosse e i comandi senza #N vanno a lei")  # "lei": the game, not "you"
    assert len(translations("it")) > 500
