"""The move loop's test scenario, shared by the service, Discord (loopback), local-mode and timer tests: a game
against the bot in which the player enters a conditional reply while the bot thinks about its answer, so that
answer meets the reply and hands the bot the move again. The plies the game must reach come from the rules
library alone, not from the service under test."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from rules import Game, Move, Position, find_variant, format_move


class FirstMoveEngine:
    """Stands in for the engine: the first legal move. `thinking` runs once, during the first search: the
    moment a player can act while the bot is to move (the real engine searches in its pool meanwhile)."""

    def __init__(self, thinking: Callable[[], Awaitable[None]] | None = None) -> None:
        self.thinking = thinking
        self.searches = 0

    async def choose(self, position: Position, level: int, time_budget: float) -> Move:
        self.searches += 1
        step, self.thinking = self.thinking, None
        if step is not None:
            await step()
        return position.legal_moves()[0]


def waiting_line(variant: str = "italian") -> tuple[str, str, list[str]]:
    """(the player's first move as White, the line "BOT_REPLY MY_REPLY" entered while the bot thinks, the four
    plies the game must have once a human is to move again): the player's move, the bot's first legal reply,
    the player's conditional reply (their last legal move there, so it is not what an engine picking the
    first would play), and the bot's first legal answer to it."""
    game = Game(find_variant(variant))
    plies: list[str] = []
    for pick in (0, 0, -1, 0):
        move = game.position.legal_moves()[pick]
        plies.append(format_move(game.position, move))
        game.play(move)
    return plies[0], f"{plies[1]} {plies[2]}", plies
