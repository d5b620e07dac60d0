"""Words for following games and players (/follow, /unfollow, the Follow button, the hourly DM)."""

from __future__ import annotations

from messages.i18n import Words


def following_game(w: Words, game_id: int, new: bool) -> str:
    if not new:
        return w.say("follow.game_already", "You already follow game #{game}.", game=game_id)
    return w.say(
        "follow.game_started",
        "You now follow game #{game}: its moves come to you by direct message, at most once an hour.",
        game=game_id,
    )


def following_player(w: Words, player: str, new: bool) -> str:
    if not new:
        return w.say("follow.player_already", "You already follow {player}.", player=player)
    return w.say(
        "follow.player_started",
        "You now follow {player}: their new games come to you by direct message, at most once an hour.",
        player=player,
    )


def unfollowed(w: Words, found: bool) -> str:
    if not found:
        return w.say("follow.not_following", "You were not following that.")
    return w.say("follow.stopped", "You no longer follow that.")


def choose_one(w: Words, game: str, player: str) -> str:
    return w.say("follow.choose_one", "Choose {game} or {player}.", game=game, player=player)


def following_list(w: Words, games: list[str], players: list[str]) -> str:
    if not games and not players:
        return w.say("follow.list_empty", "You follow no games and no players.")
    lines = []
    if games:
        lines.append(w.say("follow.list_games", "Games you follow: {games}.", games=w.join(games)))
    if players:
        lines.append(w.say("follow.list_players", "Players you follow: {players}.", players=w.join(players)))
    return "\n".join(lines)


def news_heading(w: Words) -> str:
    return w.say("follow.news_heading", "News of what you follow:")


def news_moves(w: Words, game_id: int, white: str, black: str, moves: list[str]) -> str:
    return w.say(
        "follow.news_moves",
        "Game #{game} ({white} against {black}): {moves}.",
        game=game_id,
        white=white,
        black=black,
        moves=" ".join(moves),
    )


def news_started(w: Words, game_id: int, white: str, black: str) -> str:
    return w.say(
        "follow.news_started",
        "Game #{game} has begun: {white} against {black}.",
        game=game_id,
        white=white,
        black=black,
    )


def news_ended(w: Words, game_id: int, white: str, black: str, result: str) -> str:
    return w.say(
        "follow.news_ended",
        "Game #{game} ({white} against {black}) is over: {result}.",
        game=game_id,
        white=white,
        black=black,
        result=result,
    )


def follow_button(w: Words) -> str:
    return w.say("button.follow", "Follow")
