"""Players as the page names them: the name Discord last showed the bot, the bot's own name, or an anonymous
player; never a Discord id."""

from __future__ import annotations

from dataclasses import dataclass

from messages.i18n import Words
from messages.play import anonymous_name, bot_name
from messages.web import unnamed_player
from service import BOT_ID, GameView


@dataclass(frozen=True, slots=True)
class Names:
    white: str
    black: str
    white_id: int
    black_id: int

    def of(self, player_id: int) -> str:
        return self.white if player_id == self.white_id else self.black


def player_name(w: Words, game: GameView, player_id: int, stored: str | None) -> str:
    if player_id == BOT_ID:
        return bot_name(w, game.bot_level)
    if player_id < 0:  # deleted their data (data/repositories/players.py)
        return anonymous_name(w)
    return stored or unnamed_player(w)


def names(w: Words, game: GameView, stored: tuple[str | None, str | None]) -> Names:
    return Names(
        player_name(w, game, game.white_id, stored[0]),
        player_name(w, game, game.black_id, stored[1]),
        game.white_id,
        game.black_id,
    )
