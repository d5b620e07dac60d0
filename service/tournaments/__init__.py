"""Tournaments: round robins (Berger tables) and Swiss events (FIDE Dutch pairings) played by correspondence.

`pairing` and `scoring` are pure (player ids in, pairings and standings out); `service` stores and runs
tournaments over the database, whose games are ordinary games of the tournament's server.
"""

from service.tournaments.pairing import NoPairing, Pairing, Played
from service.tournaments.scoring import Standing
from service.tournaments.service import TournamentService
from service.tournaments.views import (
    BoardView,
    NewGame,
    StandingsView,
    TournamentFormat,
    TournamentNews,
    TournamentStatus,
    TournamentView,
)

__all__ = [
    "BoardView",
    "NewGame",
    "NoPairing",
    "Pairing",
    "Played",
    "Standing",
    "StandingsView",
    "TournamentFormat",
    "TournamentNews",
    "TournamentService",
    "TournamentStatus",
    "TournamentView",
]
