"""Local mode understands the command words of the session's language (issue 25): the same catalogue entries
as the slash-command names (`command.play.name` is Italian `gioca`), the English words as well, and `help`
lists the commands as this language's players type them."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from local.commands import COMMANDS
from local.session import _ambiguous
from local.vocabulary import AmbiguousCommand, command_word, find_command
from messages.catalogue import read_locale
from messages.i18n import ENGLISH, Words, words
from tests.local.test_session import session, table


def test_italian_understands_aiuto_and_gioca(tmp_path: Path) -> None:
    out = session(["aiuto", "gioca white", "partite", "esci"], tmp_path, language="it_IT.UTF-8", pictures=False)
    assert "Comando sconosciuto" not in out
    # the help lists the Italian words, from the slash commands' names, and its own word for help
    assert "  aiuto " in out and "  gioca [VARIANTE]" in out and "  sfida bob" in out and "  mossa MOSSA" in out
    assert "  esci " in out and "  play [VARIANT]" not in out and "  help " not in out
    # and what follows a command, as /gioca, /vacanza and /torneo name their options and choices
    assert "  gioca [VARIANTE] [livello 1-5] [bianco|nero|caso] [fen FEN]" in out
    assert "  vacanza [inizio|fine|stato] [bob]" in out and "  torneo crea|iscriviti|avvia|" in out
    # gioca started a game against the bot, partite listed it
    assert table(tmp_path / "dama.sqlite3", "SELECT white_id, black_id FROM games") == [(1, 0)]
    assert "#1" in out.split("partite", 1)[1]
    assert "Scrivi aiuto per i comandi, esci per uscire." in out


def test_italian_options_read_as_the_slash_commands_name_them(tmp_path: Path) -> None:
    """`gioca nero livello 2`: the choice `nero` and the option `livello` of /gioca, as Discord shows them."""
    out = session(["gioca nero livello 2"], tmp_path, language="it", pictures=False)
    assert "Non capisco" not in out
    assert table(tmp_path / "dama.sqlite3", "SELECT white_id, black_id, bot_level FROM games") == [(0, 1, 2)]


def test_a_file_named_like_a_choice_is_left_alone(tmp_path: Path) -> None:
    """Only what may follow a command is read in the language: `importa fine` imports a file called fine."""
    out = session(["importa fine"], tmp_path, language="it", pictures=False)
    assert "fine" in out and "'end'" not in out and " end" not in out.split("importa fine", 1)[1]


def test_italian_still_understands_the_english_words(tmp_path: Path) -> None:
    out = session(["help", "play white", "games"], tmp_path, language="it", pictures=False)
    assert "Comando sconosciuto" not in out and "  gioca [VARIANTE]" in out



def test_an_unknown_word_names_the_help_word_of_the_language(tmp_path: Path) -> None:
    out = session(["sfidare"], tmp_path, language="it", pictures=False)
    assert "Comando sconosciuto 'sfidare'. Scrivi aiuto per l'elenco." in out


def test_english_sessions_are_unchanged(tmp_path: Path) -> None:
    out = session(["help", "play white", "gioca"], tmp_path, pictures=False)
    assert "  play [VARIANT]" in out and "  help " in out
    assert "Unknown command 'gioca'. Type help for the list." in out  # Italian words are Italian sessions' only


@pytest.mark.parametrize(
    ("locale", "word", "command"),
    [("it", "sfida", "challenge"), ("it", "MOSSA", "move"), ("ru", "играть", "play"), ("fr", "règles", "rules"),
     ("cs", "pomoc", "help"), ("cs", "nápověda", "hint"), ("tr", "yardım", "help"), ("fr", "play", "play")],
)
def test_each_language_words(locale: str, word: str, command: str) -> None:
    assert find_command(word, words(locale), COMMANDS) == command


def _words_where(pairs: dict[str, str]) -> Words:
    """A locale whose catalogue gives these command names (key -> word), nothing else."""
    catalogue = Catalog(locale="it")
    for name, word in pairs.items():
        catalogue.add(name, word, context=f"command.{name}.name")
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    return Words("xx", gettext.GNUTranslations(compiled))


def test_a_word_that_names_two_commands_is_refused_naming_both() -> None:
    w = _words_where({"board": "tavola", "pdn": "tavola"})
    assert command_word(w, "board") == "tavola"
    with pytest.raises(AmbiguousCommand) as caught:
        find_command("tavola", w, COMMANDS)
    assert caught.value.names == ("board", "pdn")
    assert _ambiguous(ENGLISH, caught.value) == (
        "'tavola' names more than one command here (board, pdn): type the English name of the one you mean."
    )
    assert find_command("board", w, COMMANDS) == "board"  # the English names still pick one


def test_the_language_wins_over_an_english_name_it_shadows() -> None:
    w = _words_where({"board": "games"})  # this locale types "games" for the board
    assert find_command("games", w, COMMANDS) == "board"
    assert find_command("nothing", w, COMMANDS) is None


def test_no_shipped_language_has_an_ambiguous_command_word() -> None:
    for locale in ("it", "ru", "pt-BR", "es-ES", "cs", "tr", "th", "nl", "fr"):
        w = words(locale)
        typed = [command_word(w, name) for name in [*COMMANDS, "quit"]]
        assert len(typed) == len(set(typed)), locale
        # nor a word that is another command's English name (which would hide that English word there)
        names = [*COMMANDS, "quit"]
        assert [n for n in names if command_word(w, n) in names and command_word(w, n) != n] == [], locale


def test_italian_vacation_names_and_takes_its_own_words(tmp_path: Path) -> None:
    out = session(["vacanza", "vacanza inizio"], tmp_path, language="it", pictures=False)
    assert "Non sei in vacanza. Iniziane una con vacanza inizio; ferma i tuoi orologi." in out
    assert "Buona vacanza: i tuoi orologi sono fermi finché non la chiudi (vacanza fine)" in out
    assert table(tmp_path / "dama.sqlite3", "SELECT vacation_started_at IS NOT NULL FROM players WHERE id = 1") == [
        (1,)
    ]


def test_italian_tournament_subcommands_are_the_slash_commands_words(tmp_path: Path) -> None:
    out = session(
        ["torneo elenco", 'torneo crea "Coppa" classificata', "torneo iscriviti alice", "torneo iscriviti bob",
         "torneo iscriviti bot", "torneo avvia"],
        tmp_path,
        language="it",
        pictures=False,
    )
    assert "Qui non c'è ancora nessun torneo. Creane uno con torneo crea." in out  # elenco: none yet
    assert "local:alice ha creato il torneo Coppa (#1)" in out
    assert table(tmp_path / "dama.sqlite3", "SELECT status FROM tournaments") == [("running",)]



def test_no_local_tournament_names_the_create_command_in_the_language(tmp_path: Path) -> None:
    out = session(["torneo classifica"], tmp_path, language="it", pictures=False)
    assert "Non c'è ancora un torneo locale. Creane uno con: torneo crea NOME" in out


def test_italian_import_speaks_italian_and_names_its_own_words(tmp_path: Path) -> None:
    record = tmp_path / "club.pdn"
    record.write_text('[GameType "22"]\n1. 22-18 9-13 *\n')
    out = session(
        [
            f"importa {record}", f"importa {tmp_path / 'manca.pdn'}", f"importa {tmp_path}", "importate",
            "analizza importata",
        ],
        tmp_path,
        language="it",
        pictures=False,
    )
    assert "Mostrane una con: importate N." in out
    assert f"Non c'è nessun file {tmp_path / 'manca.pdn'}." in out
    assert f"{tmp_path} è una cartella, non un file." in out
    assert "Scrivilo così: importate 3" in out
    assert "Quale partita importata? Per esempio: analizza importata 3" in out
    assert "No such file" not in out and "Show one with" not in out


def test_italian_forget_me_asks_and_takes_si(tmp_path: Path) -> None:
    out = session(["sfida bob", "dimenticami", "dimenticami sì"], tmp_path, language="it", pictures=False)
    assert "Scrivi dimenticami sì per cancellarli." in out
    assert table(tmp_path / "dama.sqlite3", "SELECT status, termination FROM games") == [("finished", "abandoned")]


def test_local_sentences_in_italian_name_italian_commands(tmp_path: Path) -> None:
    out = session(["partite", "sfida carla", "sfida alice", "gioca xyz", "torneo"], tmp_path, language="it",
                  pictures=False)
    assert "Nessuna partita in corso. Cominciane una con: sfida bob, oppure sfida bot." in out
    assert "Non esiste il giocatore locale 'carla': sfida bob oppure sfida bot." in out
    assert "Prova sfida bob." in out
    assert "Non capisco 'xyz'. Varianti: italiana, " in out
    assert "; opzioni: variante, colore, livello, fen, sorteggio." in out
    assert "torneo crea NOME " in out and "poi torneo iscriviti alice|bob|bot, torneo avvia, classifica" in out
    assert "challenge" not in out and "tournament" not in out and "I don't understand" not in out


def test_italian_help_names_the_clock_and_ballot_options_in_italian(tmp_path: Path) -> None:
    out = session(["aiuto", "sfida bob cadenza 10d+1d sorteggio"], tmp_path, language="it", pictures=False)
    assert "[cadenza 10d+1d]" in out and "[sorteggio]" in out
    assert "[clock" not in out and "[ballot]" not in out
    assert "le partite #1 e #2 partono entrambe" in out  # the Italian words started a ballot pair


SHIPPED_LOCALES = ("it", "ru", "pt-BR", "es-ES", "cs", "tr", "th", "nl", "fr")
# English command names that are also the language's own word for something else (the noun "analyse")
NATIVE_WORDS = {"fr": {"analyse"}, "nl": {"analyse"}}


@pytest.mark.parametrize("locale", SHIPPED_LOCALES)
def test_no_local_sentence_names_a_command_in_english_where_the_language_has_its_own_word(locale: str) -> None:
    """Local mode's sentences take command words from the catalogue ({challenge}, {study}, ...): a translation
    that still says "challenge bob" or "study imported 1" would teach Italian players an English command."""
    w = words(locale)
    own = {name: command_word(w, name) for name in [*COMMANDS, "quit"]}
    english = {name for name, word in own.items() if word != name}
    catalogue = read_locale(locale)
    found = []
    for message in catalogue:
        local = message.context or ""
        if not message.id or not (local.startswith("local.") or local.endswith(".local_usage")):
            continue
        words_themselves = ("local.command.", "local.answer.", "local.choice.", "local.variant.", "local.placeholder.")
        if local.startswith((*words_themselves, "local.tournament.usage")):
            continue  # the words themselves; and a usage line, which usage_in_words puts in the session's words
        text = message.string if isinstance(message.string, str) else message.string[0]
        bare = re.sub(r"\{[^}]*\}", "", text)
        typed = {word.lower() for word in re.findall(r"[^\W\d_][\w-]*", bare)} - NATIVE_WORDS.get(locale, set())
        found += [(message.context, word) for word in sorted(typed & english)]
    assert found == []
