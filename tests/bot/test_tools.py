"""/hint, /pdn, /replay, /rules, /rating, /leaderboard, /settings and /server-settings with spec'd mocks."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.client import DamaBot
from bot.exts.challenges.controls import ChallengeButton
from service import GameSettings
from tests.bot import support
from tests.bot.support import ALICE, BOB, CAROL, CHANNEL, Recorder, interaction, run_command
from tests.bot.test_commands import new_game

pytestmark = pytest.mark.asyncio


# ---- /hint ---------------------------------------------------------------------------------------


async def test_hint_in_an_unrated_game_is_private(bot: DamaBot, log: Recorder) -> None:
    await new_game(bot.service)
    await run_command(bot, "hint", interaction(bot, ALICE, log))
    assert log.sent[0].via == "defer" and log.sent[0].kwargs == {"ephemeral": True, "thinking": True}
    sent = log.last()
    assert sent.via == "followup" and sent.ephemeral
    # The stand-in analyser recommends the first legal move; at the start of Italian that is a White
    # man's step from 21-24 to 17-20.
    assert sent.content is not None and sent.content.startswith("Hint for game #1: 2")
    assert sent.filenames[0].endswith(".png") and sent.view is None


async def test_hint_refused_in_a_rated_game_between_people(bot: DamaBot, log: Recorder) -> None:
    await new_game(bot.service, rated=True)
    await run_command(bot, "hint", interaction(bot, ALICE, log))
    assert [s.via for s in log.sent] == ["response"]
    assert log.last().ephemeral and "not allowed in rated games" in (log.last().content or "")


async def test_server_may_allow_hints_in_rated_games(bot: DamaBot, log: Recorder) -> None:
    await new_game(bot.service, rated=True)
    await bot.service.players.update_server(support.GUILD, hint_policy="always")
    await run_command(bot, "hint", interaction(bot, ALICE, log))
    assert log.last().ephemeral and (log.last().content or "").startswith("Hint for game #1")


async def test_hint_for_a_spectator_of_an_active_game(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await run_command(bot, "hint", interaction(bot, CAROL, log), game=game_id)
    assert log.last().ephemeral and (log.last().content or "").startswith("Hints are only for the players")


async def test_hint_against_the_bot_in_a_rated_game(bot: DamaBot, log: Recorder) -> None:
    await bot.service.challenges.play_bot_game(
        ALICE,
        settings=GameSettings(color="white", rated=True),
        guild_id=support.GUILD,
    )
    await run_command(bot, "hint", interaction(bot, ALICE, log))
    assert (log.last().content or "").startswith("Hint for game #1")


async def _finished_game(bot: DamaBot) -> int:
    game_id = await new_game(bot.service)
    await bot.service.games.play(game_id, ALICE, "22-18")
    await bot.service.games.play(game_id, BOB, "10-14")
    await bot.service.games.resign(game_id, ALICE)
    return game_id


async def test_hint_on_a_finished_game_at_an_earlier_ply(bot: DamaBot, log: Recorder) -> None:
    """Post-game analysis: after 22-18 it is Black's turn, so the hint is a Black move from that position
    (the stand-in analyser gives the first legal one: 9-13 in notation order), on that position's board."""
    game_id = await _finished_game(bot)
    await run_command(bot, "hint", interaction(bot, CAROL, log), game=game_id, ply=1)
    sent = log.last()
    assert sent.ephemeral and (sent.content or "").startswith(f"Hint for game #{game_id} after ply 1: 9-13:")
    assert sent.filenames == [f"game-{game_id}-1.png"]
    fields = {f.name: f.value for f in sent.embed.fields} if sent.embed else {}
    assert fields["Position"] == "after ply 1 of 2" and fields["Last move"] == "22-18"


async def test_hint_ply_is_refused_in_an_active_game_and_beyond_the_end(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await run_command(bot, "hint", interaction(bot, ALICE, log), game=game_id, ply=0)
    assert "for finished games" in (log.last().content or "")
    finished = await _finished_game(bot)
    await run_command(bot, "hint", interaction(bot, BOB, log), game=finished, ply=3)
    assert log.last().content == f"Game #{finished} has 2 plies; choose a ply from 0 to 2."


# ---- /pdn, /replay -------------------------------------------------------------------------------


async def test_pdn_is_a_file_with_the_moves(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await bot.service.games.play(game_id, ALICE, "22-18")
    await bot.service.games.play(game_id, BOB, "10-14")
    await run_command(bot, "pdn", interaction(bot, CAROL, log), game=game_id)
    sent = log.last()
    assert sent.ephemeral and sent.filenames == [f"dama-game-{game_id}.pdn"]
    text = sent.file_bytes().decode()
    assert '[Result "*"]' in text and "1. 22-18 10-14" in text


async def test_replay_is_an_animated_gif(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    for _ in range(3):
        game = await bot.service.queries.game(game_id)
        assert game.to_move_id is not None
        await bot.service.games.play(game_id, game.to_move_id, game.position.legal_moves()[0])
    await run_command(bot, "replay", interaction(bot, ALICE, log), game=game_id)
    sent = log.last()
    assert sent.via == "followup" and not sent.ephemeral and sent.content == f"Replay of game #{game_id} (3 moves)."
    image = Image.open(io.BytesIO(sent.file_bytes()))
    assert image.format == "GIF" and image.n_frames == 4  # the start and one frame per move


# ---- /rules, /rating, /leaderboard ---------------------------------------------------------------


async def test_rules_defaults_to_the_server_variant(bot: DamaBot, log: Recorder) -> None:
    await run_command(bot, "rules", interaction(bot, ALICE, log))
    sent = log.last()
    assert sent.embed is not None and sent.embed.title == "Italian draughts"
    fields = {f.name: f.value for f in sent.embed.fields}
    assert fields["Board"] == "8×8" and fields["First to move"] == "White"
    await bot.service.players.update_server(support.GUILD, default_variant="russian")
    await run_command(bot, "rules", interaction(bot, ALICE, log))
    assert log.last().embed is not None and "Russian" in (log.last().embed.title or "")  # type: ignore[union-attr]


async def test_rating_and_leaderboard_after_a_rated_win(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service, rated=True)
    await bot.service.games.resign(game_id, BOB)
    await run_command(bot, "rating", interaction(bot, BOB, log), user=support.member(ALICE), variant="italian")
    embed = log.last().embed
    assert embed is not None and len(embed.fields) == 1
    rating = int((embed.fields[0].value or "").split()[0])
    assert rating > 1500  # Glicko-2: a win against an equal opponent raises a 1500 rating
    assert "1W 0L 0D" in (embed.fields[0].value or "")
    await run_command(bot, "leaderboard", interaction(bot, CAROL, log))
    board = log.last().embed
    assert board is not None and board.description is not None
    lines = board.description.splitlines()
    assert lines[0].startswith("1. <@101>") and lines[1].startswith("2. <@102>")


async def test_rating_without_games(bot: DamaBot, log: Recorder) -> None:
    await run_command(bot, "rating", interaction(bot, CAROL, log))
    assert log.last().embed is not None and log.last().embed.description == "No rated games yet."  # type: ignore[union-attr]


# ---- /settings, /server-settings -------------------------------------------------------------------


async def test_settings_show_and_save(bot: DamaBot, log: Recorder) -> None:
    await run_command(bot, "settings", interaction(bot, ALICE, log))
    assert (log.last().content or "").startswith("When it is your move, you get a direct message.")
    assert log.last().ephemeral
    inter = interaction(bot, ALICE, log)
    await run_command(bot, "settings", inter, notifications="off", theme="dark", orientation="black")
    assert log.last().content == (
        "Saved. When it is your move, you are not told. Board theme: dark. Orientation: black. "
        "Language of your DMs and reminders: your Discord language."
    )
    prefs = await bot.service.players.preferences(ALICE)
    assert (prefs.notifications, prefs.board_theme, prefs.orientation) == ("off", "dark", "black")


async def test_server_settings_and_threads(bot: DamaBot, log: Recorder, channel: object) -> None:
    inter = interaction(bot, ALICE, log)
    await run_command(bot, "server-settings", inter, thread_per_game=True, days_per_move=5, default_variant="english")
    assert log.last().ephemeral and "A thread per game: on" in (log.last().content or "")
    assert "Default time: 5 days per move" in (log.last().content or "")
    # A game started now gets its own thread, and its board goes there.
    challenge = await bot.service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(color="white"),
        guild_id=support.GUILD,
        channel_id=CHANNEL,
    )
    assert challenge.variant == "english" and challenge.days_per_move == 5

    thread = channel.create_thread.return_value  # type: ignore[attr-defined]
    bot.test_channels[thread.id] = thread  # type: ignore[attr-defined]  # discord.py caches the new thread
    accepting = interaction(bot, BOB, log, channel=channel)  # type: ignore[arg-type]
    await ChallengeButton("accept", challenge.id).callback(accepting)
    channel.create_thread.assert_awaited_once()  # type: ignore[attr-defined]
    board = log.boards()[-1]
    assert board.via == "channel" and board.to == CHANNEL + 1
    game = await bot.service.queries.game(1)
    assert game.thread_id == CHANNEL + 1 and game.message_id is not None
