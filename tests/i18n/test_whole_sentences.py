"""Sentences that were once assembled from two translated pieces and read wrongly (issue 25), now one key per
whole sentence: each case is asserted whole in several languages, and the old broken text never comes back.

The old texts are quoted from the catalogues as they were: "Vince il Bianco per nessuna mossa possibile",
"gioca con il un colore a caso", "la damiera è in il canale della partita", "Белые выиграли: время", a forfeit
worded as a resignation ("partita abbandonata"), "/vacation start" in every language.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from bot.exts.challenges.cog import challenge_text
from messages import away, news
from messages.catalogue import read_locale
from messages.i18n import ENGLISH, SHIPPED, words
from messages.play import ending, game_over
from messages.rematch import rematch_offer
from messages.tournaments import created
from rules import find_variant, parse_fen
from service.results import (
    ChallengeStatus,
    ChallengeView,
    EndReason,
    GameStatus,
    GameView,
    Vacation,
)
from service.tournaments import TournamentFormat, TournamentStatus, TournamentView

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def _game(variant: str, result: str, reason: EndReason) -> GameView:
    rules = find_variant(variant)
    position = parse_fen(rules, rules.start_fen)
    return GameView(
        7, variant, 11, 12, rules.start_fen, rules.start_fen, 40, GameStatus.FINISHED, result, reason, 41, False,
        None, 3, None, False, 1, 2, None, None, NOW, NOW, NOW, position,
    )


# (variant, result, reason) -> the whole sentence in Italian, Spanish, Portuguese, French, Russian, Turkish
ENDINGS = {
    ("italian", "1-0", EndReason.NO_MOVES): {
        "en": "White wins: Black cannot move.",
        "it": "Vince il Bianco: il Nero non ha più mosse.",
        "es-ES": "Ganan las blancas: las negras no tienen jugadas.",
        "pt-BR": "As brancas vencem: as pretas não têm mais lances.",
        "fr": "Les Blancs gagnent : les Noirs n'ont plus de coup possible.",
        "nl": "Wit wint: zwart kan geen zet meer doen.",
        "ru": "Победа белых: у чёрных нет ходов.",
    },
    ("russian", "0-1", EndReason.TIMEOUT): {
        "en": "Black wins: White ran out of time.",
        "it": "Vince il Nero: il Bianco ha esaurito il tempo.",
        "ru": "Победа чёрных: у белых истекло время.",
        "cs": "Vyhrává černý: bílému vypršel čas.",
        "tr": "Siyah kazandı: Beyazın süresi doldu.",
    },
    ("italian", "1-0", EndReason.RESIGNATION): {
        "en": "White wins: Black resigned.",
        "it": "Vince il Bianco: il Nero ha abbandonato.",
        "ru": "Победа белых: чёрные сдались.",
        "fr": "Les Blancs gagnent : les Noirs ont abandonné.",
    },
    ("italian", "1-0", EndReason.ABANDONED): {
        "en": "White wins by forfeit: Black's player has left Dama.",
        "it": "Vince il Bianco a tavolino: il giocatore del Nero ha lasciato Dama.",
        "es-ES": "Ganan las blancas por incomparecencia: el jugador de las negras ha dejado Dama.",
        "pt-BR": "As brancas vencem por W.O.: o jogador das pretas saiu do Dama.",
        "fr": "Les Blancs gagnent par forfait : le joueur des Noirs a quitté Dama.",
        "tr": "Beyaz hükmen kazandı: Siyahın oyuncusu Dama'dan ayrıldı.",
    },
    ("anti-italian", "0-1", EndReason.NO_MOVES): {
        "en": "Black wins: Black has no move left, which wins at giveaway.",
        "it": "Vince il Nero: non ha più mosse, e nella dama a perdere questo fa vincere.",
    },
    ("italian", "1/2-1/2", EndReason.REPETITION): {
        "en": "Draw by threefold repetition.",
        "it": "Patta per triplice ripetizione.",
        "es-ES": "Tablas por triple repetición.",
    },
}


@pytest.mark.parametrize("case", list(ENDINGS), ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_each_way_a_game_ends_is_one_whole_sentence(case: tuple[str, str, EndReason]) -> None:
    game = _game(*case)
    for locale, sentence in ENDINGS[case].items():
        assert ending(game, words(locale)) == sentence, locale


def test_a_refusal_on_a_finished_game_is_two_whole_sentences() -> None:
    game = _game("italian", "1-0", EndReason.NO_MOVES)
    assert game_over(words("it"), game) == "La partita #7 è finita. Vince il Bianco: il Nero non ha più mosse."
    assert game_over(ENGLISH, game) == "Game #7 is over. White wins: Black cannot move."


def test_the_final_post_does_not_repeat_how_it_ended() -> None:
    game = _game("italian", "0-1", EndReason.RESIGNATION)
    it = words("it")
    headline = news.how_it_ended(it, EndReason.RESIGNATION, "<@11>")
    assert news.final_line(it, headline, game, (), str) == "<@11> ha abbandonato. Vince il Nero."
    agreed = _game("italian", "1/2-1/2", EndReason.AGREEMENT)
    assert news.final_line(it, news.how_it_ended(it, EndReason.AGREEMENT, ""), agreed, (), str) == (
        "Patta concordata."
    )


def _challenge(colour: str) -> ChallengeView:
    return ChallengeView(
        3, 11, 12, "italian", colour, 3, True, None, 1, 2, None, ChallengeStatus.OPEN, None, NOW,  # type: ignore[arg-type]
        datetime(2026, 5, 4, 12, 0, tzinfo=UTC),
    )


def test_the_challenge_names_the_colour_inside_its_own_sentence() -> None:
    it, pt, fr = words("it"), words("pt-BR"), words("fr")
    assert challenge_text(it, _challenge("random"), "@ana", None) == (
        "@ana sfida chiunque a una partita: Dama italiana, 3 giorni per mossa, classificata, colori sorteggiati. "
        "La sfida scade <t:1777896000:R>."
    )
    assert "@ana gioca con il Nero." in challenge_text(it, _challenge("black"), "@ana", "@bo")
    assert "colores sorteados" in challenge_text(words("es-ES"), _challenge("random"), "@ana", None)
    assert "cores sorteadas" in challenge_text(pt, _challenge("random"), "@ana", None)
    assert "@ana joue les Blancs." in challenge_text(fr, _challenge("white"), "@ana", "@bo")
    assert "@ana играет чёрными." in challenge_text(words("ru"), _challenge("black"), "@ana", "@bo")
    offer = rematch_offer(_challenge("white"), 7, "@ana", "@bo", "soon", it)
    assert "ora @ana gioca con il Bianco. La proposta scade soon." in offer


def test_the_board_is_in_the_game_channel_reads_whole() -> None:
    assert news.board_elsewhere(words("it"), None) == "Fatto: la damiera è nel canale della partita."
    assert news.board_elsewhere(words("pt-BR"), None) == "Pronto: o tabuleiro está no canal da partida."
    assert news.board_elsewhere(words("ru"), None) == "Готово — доска в канале партии."
    assert news.board_elsewhere(words("it"), "<#5>") == "Fatto: la damiera è in <#5>."


def test_vacation_names_the_localized_command_and_its_choice() -> None:
    off = Vacation(11, False, None, None, 14 * 86_400.0)
    it = words("it")
    text = away.vacation_status(it, off, str, it.command("vacation", action="start"))
    assert text == (
        "Non sei in vacanza. Iniziane una con /vacanza azione:inizio; ferma i tuoi orologi. "
        "Giorni di vacanza rimasti quest'anno: 14."
    )
    fr = words("fr")
    assert "/vacances action:début" in away.vacation_status(fr, off, str, fr.command("vacation", action="start"))
    assert ENGLISH.command("tournament join", tournament=5) == "/tournament join tournament:5"
    assert words("tr").command("tournament join", tournament=5) == "/turnuva katıl turnuva:5"


def test_a_tournament_post_names_the_join_command_in_the_language() -> None:
    event = TournamentView(
        5, "Coppa", "italian", 3, TournamentFormat.ROUND_ROBIN, 1, True, 11, TournamentStatus.OPEN, 0, 0,
        5000, 77, None, (11,), (),
    )
    text = created(event, lambda p: f"<@{p}>", words("it"))
    assert "Iscriviti con /torneo iscriviti torneo:5; il creatore lo avvia con /torneo avvia." in text
    russian = created(event, lambda p: f"<@{p}>", words("ru"))
    assert russian.startswith("Создан турнир **Coppa** (#5), организатор — <@11>:")


# Texts that read wrongly once: none may come back in any catalogue.
BROKEN = (
    "per nessuna mossa", "por sin jugadas", "por sem lances", "door geen zetten", "par plus de coup",
    "con il un colore", "com as uma cor", "joue les une couleur", "è in il canale", "em o canal",
    "partita abbandonata", "{result} by {how}", "/vacation start", "/vacation end", "scacchiera",
)


@pytest.mark.parametrize("locale", SHIPPED)
def test_the_old_broken_sentences_never_occur(locale: str) -> None:
    texts = [
        form
        for message in read_locale(locale)
        for form in (message.string if isinstance(message.string, tuple) else (message.string,))
    ]
    for broken in BROKEN:
        assert not any(broken in text for text in texts), (locale, broken)


def test_an_old_game_with_an_unknown_reason_still_says_who_won() -> None:
    game = replace(_game("italian", "0-1", EndReason.AGREEMENT), termination=None)
    assert ending(game, words("it")) == "Vince il Nero."


def test_the_pieces_sentences_were_built_from_are_gone() -> None:
    """The fragments themselves leave the catalogue, so no new code can join them again."""
    keys = {message.context for message in read_locale("it")}
    gone = {
        "result.win_how", "result.draw_how", "ending.no_moves", "ending.resignation", "ending.abandoned",
        "challenge.terms", "challenge.random_colour", "colour.white_lower", "announce.game_channel",
        "offer.kind.draw", "status.accepted", "pdn.draw.repetition", "hint.two_pieces",
    }
    assert keys & gone == set()
