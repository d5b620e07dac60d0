"""Tournament announcements in the server's language: the final line names the winner and the tie-break that
decided a tie, in English and in Italian (the catalogue's complete locale)."""

from __future__ import annotations

from dataclasses import replace

from messages import tournaments
from messages.i18n import ENGLISH, words
from messages.variants import variant_name
from service.tournaments import Standing, TournamentFormat, TournamentNews, TournamentStatus, TournamentView

EVENT = TournamentView(
    1, "Coppa", "italian", 3, TournamentFormat.ROUND_ROBIN, 1, True, 11, TournamentStatus.FINISHED, 3, 3,
    5000, 77, None, (11, 12, 13, 14), (),
)
FINAL = (
    Standing(1, 11, 2.0, 2.5, 2, 3),
    Standing(2, 12, 2.0, 2.0, 2, 3),
    Standing(3, 14, 1.5, 2.25, 1, 3),
    Standing(4, 13, 0.5, 0.75, 0, 3),
)
NEWS = TournamentNews(EVENT, None, final=FINAL)


def name(player_id: int) -> str:
    return f"<@{player_id}>"


def test_the_final_line_in_english() -> None:
    assert tournaments.final(NEWS, name, ENGLISH) == (
        "**Coppa** is over. The winner is <@11> with 2 points, ahead of <@12> on Sonneborn-Berger (2.5 to 2)."
    )


def test_the_final_line_in_italian() -> None:
    assert tournaments.final(NEWS, name, words("it")) == (
        "**Coppa** è finito. Vince <@11> con 2 punti, davanti a <@12> per Sonneborn-Berger (2.5 a 2)."
    )


def test_terms_use_the_plural_forms_of_the_language() -> None:
    italian = words("it")
    assert tournaments.terms(EVENT, italian) == (
        f"girone all'italiana, {variant_name(italian, 'italian')}, 3 giorni per mossa, valido per il punteggio"
    )
    one = replace(EVENT, format=TournamentFormat.SWISS, rounds=1, days_per_move=1, rated=False)
    assert tournaments.terms(one, italian).startswith("sistema svizzero, 1 turno, ")
    assert tournaments.terms(one, italian).endswith(", 1 giorno per mossa, amichevole")


def _won_with(points: float) -> TournamentNews:
    alone = (Standing(1, 11, points, 0.0, int(points), 3), Standing(2, 12, 0.5, 0.0, 0, 3))
    return TournamentNews(EVENT, None, final=alone)


def test_the_winner_line_agrees_with_the_number_of_points() -> None:
    assert tournaments.final(_won_with(1.0), name, ENGLISH).endswith("with 1 point.")
    assert tournaments.final(_won_with(1.5), name, ENGLISH).endswith("with 1.5 points.")
    russian = words("ru")
    assert tournaments.final(_won_with(1.0), name, russian).endswith("1 очко.")
    assert tournaments.final(_won_with(2.0), name, russian).endswith("2 очка.")
    assert tournaments.final(_won_with(5.0), name, russian).endswith("5 очков.")
    assert tournaments.final(_won_with(21.0), name, russian).endswith("21 очко.")
    assert tournaments.final(_won_with(1.0), name, words("it")).endswith("con 1 punto.")
