"""Local mode read and written in the session's language, all of it (issue 57): variant names, choices and the
help's placeholders as each language types them (with or without accents, in any case, English ids still);
a bare move goes to a puzzle only while the prompt names it; input that is no command is quoted short and
readable. The expected facts come from the database (the variant and format stored, the moves played) and
from the languages themselves, not from the session's own words."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.local.test_run import clean_env
from tests.local.test_session import session, table

DB = "dama.sqlite3"


@pytest.mark.parametrize(
    ("locale", "line", "variant"),
    [
        ("ru", "играть русские", "russian"),
        ("ru", "ИГРАТЬ Русские", "russian"),
        ("ru", "играть russian", "russian"),  # the English ids still work
        ("it", "gioca russa", "russian"),
        ("it", "gioca internazionale", "international"),
        ("pt-BR", "jogar brasileiro", "brazilian"),
        ("pt-BR", "jogar brasileira", "brazilian"),
        ("es-ES", "jugar rusas", "russian"),
        ("cs", "hrat ruska", "russian"),  # without the accents of hrát ruská
        ("cs", "hrát česká", "czech"),
        ("tr", "oyna İtalyan", "italian"),  # Turkish dotted capital I
        ("tr", "oyna uluslararasi", "international"),  # dotless ı typed as i
        ("fr", "jouer brésiliennes", "brazilian"),
        ("fr", "jouer bresilienne", "brazilian"),
        ("nl", "spelen russisch", "russian"),
        ("th", "เล่น รัสเซีย", "russian"),
    ],
)
def test_a_variant_named_in_the_session_language_starts_that_variant(
    tmp_path: Path, locale: str, line: str, variant: str
) -> None:
    out = session([line], tmp_path, language=locale, pictures=False)
    assert table(tmp_path / DB, "SELECT variant FROM games") == [(variant,)], out


def test_colours_and_options_with_or_without_accents(tmp_path: Path) -> None:
    out = session(["играть русские черные", "вызов bob русские ЧЁРНЫЕ"], tmp_path, language="ru", pictures=False)
    assert table(tmp_path / DB, "SELECT variant, black_id FROM games ORDER BY id") == [("russian", 1), ("russian", 1)]
    assert "Не понимаю" not in out


@pytest.mark.parametrize(
    ("locale", "line", "kind"),
    [
        ("ru", "турнир создать Кубок швейцарский", "swiss"),
        ("ru", "турнир создать Кубок круговой", "round-robin"),
        ("it", "torneo crea Coppa svizzero", "swiss"),
        ("pt-BR", "torneio criar Copa suico", "swiss"),
        ("es-ES", "torneo crear Copa suizo", "swiss"),
    ],
)
def test_tournament_kinds_in_the_session_language(tmp_path: Path, locale: str, line: str, kind: str) -> None:
    out = session([line], tmp_path, language=locale, pictures=False)
    assert table(tmp_path / DB, "SELECT name, format FROM tournaments") == [(line.split()[2], kind)], out


def test_a_tournament_keeps_its_name_even_when_it_is_a_word_of_the_language(tmp_path: Path) -> None:
    session(["torneo crea russa svizzero"], tmp_path, language="it", pictures=False)
    assert table(tmp_path / DB, "SELECT name, variant, format FROM tournaments") == [("russa", "italian", "swiss")]


def test_pictures_off_in_italian(tmp_path: Path) -> None:
    out = session(["immagini no", "gioca"], tmp_path, language="it")
    assert not (tmp_path / "boards").exists(), out
    assert "immagini sì|no" in session(["aiuto"], tmp_path, language="it")


LATIN_WORD = re.compile(r"\b[A-Za-z][A-Za-z_-]+\b")
# Latin words a Russian help may show: the players' names, file formats, the prompt and the program.
KEPT = {"bob", "bot", "local", "alice", "fen", "FEN", "pdn", "PDN", "Discord", "PNG", "dama", "python"}


def test_russian_help_has_no_english_word(tmp_path: Path) -> None:
    out = session(["помощь"], tmp_path, language="ru", pictures=False)
    shown = out[out.index("помощь\n") :]
    # vote's subcommands take their words from /vote-game, which has no translated names yet
    shown = "\n".join(line for line in shown.splitlines() if not line.startswith("  голосовать "))
    english = sorted(set(LATIN_WORD.findall(shown)) - KEPT)
    assert english == [], english
    assert "[ВАРИАНТ]" in shown and "ход ХОД [#N]" in shown and "импорт ФАЙЛ [ВАРИАНТ]" in shown
    assert "Варианты: итальянские, международные, английские, русские," in shown


def test_italian_help_and_refusals_list_italian_variant_words(tmp_path: Path) -> None:
    out = session(["aiuto", "gioca klingon", "problema klingon"], tmp_path, language="it", pictures=False)
    assert "gioca [VARIANTE] [livello 1-5] [bianco|nero|caso]" in out
    assert "Varianti: italiana, internazionale, inglese, russa," in out
    assert "Non capisco 'klingon'. Varianti: italiana, " in out
    assert "Scrivi problema [variante] per un problema, problema MOSSA per giocarci" in out
    assert "problema statistiche per le tue statistiche" in out
    assert "VARIANT]" not in out and "random" not in out and "puzzle" not in out and "on|off" not in out


def test_no_discord_syntax_in_local_mode(tmp_path: Path) -> None:
    out = session(["play italian", "analyse"], tmp_path, pictures=False)
    assert "Game #1 is still being played: analyses are for finished games (hint gives a hint where" in out
    assert "/hint" not in out
    ru = session(["анализ"], tmp_path, language="ru", pictures=False)
    assert "(подсказка даёт подсказку там, где партия это позволяет)" in ru and "/" not in ru.split("анализ\n")[1]


def test_a_bare_move_goes_to_the_puzzle_only_while_the_prompt_names_it(tmp_path: Path) -> None:
    out = session(["challenge bob white", "puzzle italian", "board", "22-18"], tmp_path, pictures=False)
    assert re.search(r"\npuzzle \((White|Black) to move\)> board\n", out), out
    assert "#1 local:alice (White) to move> 22-18\nlocal:alice played 22-18." in out
    assert [r[0] for r in table(tmp_path / DB, "SELECT path FROM moves")] == ["22-18"]


def test_a_puzzle_answer_typed_while_the_prompt_names_it(tmp_path: Path) -> None:
    out = session(["puzzle italian", "help", "1-2"], tmp_path, language="it", pictures=False)
    assert re.search(r"\nproblema \(tocca al (Bianco|Nero)\)> 1-2\n", out), out  # help keeps the puzzle open
    assert "Non c'è nessuna partita" not in out


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "There is no game to play 22-18 in: start one first with play (against the bot) or challenge bob."),
        (
            "it",
            "Non c'è nessuna partita in cui giocare 22-18: prima iniziane una con gioca (contro il bot) o sfida bob.",
        ),
        ("ru", "Нет партии, в которой можно сыграть 22-18: сначала начните её — играть (против бота) или вызов bob."),
    ],
)
def test_a_move_with_no_game_says_how_to_start_one(tmp_path: Path, locale: str, expected: str) -> None:
    out = session(["22-18"], tmp_path, language=locale, pictures=False)
    assert expected in out
    assert "22-18'" not in out  # not answered as an unknown command


def test_a_pasted_page_is_quoted_short(tmp_path: Path) -> None:
    out = session(["x" * 5000, "board #" + "9" * 5000, "play " + "y" * 5000], tmp_path, pictures=False)
    assert "Unknown command '" + "x" * 39 + "…'" in out
    assert "is not a game number" in out and "'#" + "9" * 38 + "…'" in out
    assert "I don't understand '" + "y" * 39 + "…'" in out
    assert "x" * 201 not in out and "9" * 201 not in out and "y" * 201 not in out
    assert max(len(line) for line in out.splitlines()) < 400


def run_piped(tmp_path: Path, data: bytes, *args: str, lang: str | None = None) -> tuple[str, str]:
    env = clean_env(tmp_path) | {"LOCAL_PICTURES": "off"}
    env.pop("LANG", None)
    if lang is not None:
        env["LANG"] = lang
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env, input=data, capture_output=True, timeout=120
    )
    stdout, stderr = done.stdout.decode("utf-8"), done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, stderr
    assert "Traceback" not in stdout + stderr
    return stdout, stderr


def test_bytes_that_are_not_text_show_as_replacement_characters(tmp_path: Path) -> None:
    for lang in ("C.UTF-8", "en_US.UTF-8"):  # surrogate escapes under C, strict decoding under a UTF-8 locale
        stdout, _ = run_piped(tmp_path, b"\xff\xfe\x00garbage\n22-1\xff\nquit\n", lang=lang)
        assert "Unknown command '\ufffd\ufffd\ufffdgarbage'" in stdout, stdout
        assert "\\udc" not in stdout and "\\x00" not in stdout


def test_an_unknown_language_is_named_with_the_shipped_ones(tmp_path: Path) -> None:
    stdout, _ = run_piped(tmp_path, b"quit\n", "--lang", "xx")
    assert "There is no 'xx' translation, so local mode speaks English; the languages are en (English), " in stdout
    assert "it (Italiano), ru (Русский), pt-BR (Português do Brasil)" in stdout and "fr (Français)" in stdout
    plain, _ = run_piped(tmp_path, b"quit\n", lang="C.UTF-8")
    assert "translation" not in plain
    shipped, _ = run_piped(tmp_path, b"quit\n", "--lang", "pt_BR.UTF-8")
    assert "translation" not in shipped and "modo local" in shipped.lower()


def test_a_game_number_alone_gives_the_prompt_back_to_that_game(tmp_path: Path) -> None:
    out = session(["challenge bob white", "play", "puzzle italian", "#1", "22-18"], tmp_path, language="ru")
    assert "\n#1 ходит local:alice (Белые)> 22-18\nlocal:alice делает ход 22-18." in out, out
    assert "Неизвестная команда" not in out
    assert table(tmp_path / DB, "SELECT game_id, path FROM moves WHERE ply = 1 ORDER BY game_id")[0] == (1, "22-18")


@pytest.mark.parametrize(
    ("locale", "line", "variant"),
    [
        ("it", "gioca Dama russa nero", "russian"),
        ("ru", "играть Русские шашки", "russian"),
        ("es-ES", "jugar damas rusas", "russian"),
        ("fr", "jouer Dames internationales", "international"),
    ],
)
def test_a_variant_by_its_whole_name_as_the_board_titles_show_it(
    tmp_path: Path, locale: str, line: str, variant: str
) -> None:
    out = session([line], tmp_path, language=locale, pictures=False)
    assert table(tmp_path / DB, "SELECT variant FROM games") == [(variant,)], out
