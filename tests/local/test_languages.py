"""Local mode speaks the language of LANG or --lang: the same refused capture in Italian and in Russian."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import parser
from tests.local.test_session import session

# Italian draughts: after these moves Black's 7x14 takes one piece where 6x15x24 takes two.
OPENING = ["challenge bob white", "24-20", "12-16", "22-18", "11-14", "18x11", "7x14"]


def test_italian_from_lang(tmp_path: Path) -> None:
    out = session(OPENING, tmp_path, language="it_IT.UTF-8")
    assert "Comincia la partita #1: local:alice (Bianco) contro local:bob (Nero), Dama italiana" in out
    assert "Devi mangiare 2 pezzi; 7x14 ne mangia solo 1. Mosse valide: 6x15x24." in out
    assert "local:alice ha giocato 24-20." in out
    assert "Scrivi aiuto per i comandi, esci per uscire." in out


def test_russian_refusal_keeps_the_count(tmp_path: Path) -> None:
    out = session(OPENING, tmp_path, language="ru")
    assert "Вы должны побить 2 шашки; ход 7x14 бьёт только 1. Возможные ходы: 6x15x24." in out


def test_unknown_language_is_english(tmp_path: Path) -> None:
    out = session(OPENING, tmp_path, language="C.UTF-8")
    assert "You must capture 2 pieces; 7x14 captures only 1. Legal: 6x15x24." in out


@pytest.mark.parametrize("argv", [["--lang", "it"], ["--lang=pt-BR"]])
def test_the_lang_option(argv: list[str]) -> None:
    assert parser().parse_args(argv).lang == argv[-1].split("=")[-1]


def test_vacation_and_its_help_line_in_italian(tmp_path: Path) -> None:
    out = session(["help", "vacation status"], tmp_path, language="it_IT.UTF-8")
    assert "ferma i tuoi orologi, o guarda i giorni che ti restano" in out
    assert "pause your clocks" not in out and "You are not on vacation" not in out
    assert "Non sei in vacanza" in out


def test_the_bot_is_named_in_the_session_language(tmp_path: Path) -> None:
    out = session(["play italian white level 2", "board"], tmp_path, language="it_IT.UTF-8")
    assert "Dama bot (livello 2)" in out and "(level 2)" not in out
