"""Every slash command called with spec'd mocks over a real service (temporary SQLite): what is sent on
success and for each refusal. Expected facts come from the rules of Italian draughts (docs/RULES.md), not
from the bot's own output: White (squares 21-32) moves first; 22-18 is legal at the start, 28-24 is not
(24 holds a White man)."""

from __future__ import annotations

import discord
import pytest

from bot.client import DamaBot
from service import BOT_ID, GameSettings, Service
from tests.bot import support
from tests.bot.support import ALICE, BOB, CAROL, CHANNEL, Recorder, interaction, member, run_command

pytestmark = pytest.mark.asyncio


async def new_game(service: Service, white: int = ALICE, black: int = BOB, *, rated: bool = False) -> int:
    challenge = await service.challenges.create(
        white,
        black,
        settings=GameSettings(color="white", rated=rated),
        guild_id=support.GUILD,
        channel_id=CHANNEL,
    )
    started = await service.challenges.accept(challenge.id, black)
    await service.outbox.settle_for_players((white, black))  # its first board counts as shown already
    return started.game.id


def embed_fields(sent: support.Sent) -> dict[str, str]:
    assert sent.embed is not None
    return {f.name or "": f.value or "" for f in sent.embed.fields}


# ---- /challenge --------------------------------------------------------------------------------


async def test_challenge_posts_buttons_for_the_opponent(bot: DamaBot, log: Recorder, channel: object) -> None:
    inter = interaction(bot, ALICE, log, channel=channel)  # type: ignore[arg-type]
    await run_command(bot, "challenge", inter, opponent=member(BOB), colour="white", rated=True)
    sent = log.last()
    assert sent.via == "response" and not sent.ephemeral
    assert sent.content is not None and sent.content.startswith("<@102>, <@101> challenges you")
    assert "Italian draughts" in sent.content and "rated" in sent.content and "3 days per move" in sent.content
    assert [c.split(":")[:2] for c in sent.custom_ids] == [["dama", "accept"], ["dama", "decline"]]
    challenge_id = int(sent.custom_ids[0].rsplit(":", 1)[1])
    stored = await bot.service.challenges.get(challenge_id)
    assert stored.opponent_id == BOB and stored.rated and stored.message_id is not None
    mentions = sent.kwargs["allowed_mentions"]
    assert [u.id for u in mentions.users] == [BOB]


async def test_open_challenge_names_no_one(bot: DamaBot, log: Recorder) -> None:
    await run_command(bot, "challenge", interaction(bot, ALICE, log), opponent=None, variant="international")
    sent = log.last()
    assert sent.content is not None and "challenges anyone" in sent.content
    assert "International" in sent.content


@pytest.mark.parametrize(
    ("opponent", "expected"),
    [(member(ALICE), "You cannot play against yourself."), (member(555, bot=True), "Bots cannot accept")],
)
async def test_challenge_refusals_are_private(
    bot: DamaBot, log: Recorder, opponent: discord.Member, expected: str
) -> None:
    await run_command(bot, "challenge", interaction(bot, ALICE, log), opponent=opponent)
    sent = log.last()
    assert sent.ephemeral and sent.content is not None and sent.content.startswith(expected)
    assert sent.view is None


async def test_challenge_in_a_channel_the_server_did_not_allow(bot: DamaBot, log: Recorder) -> None:
    await bot.service.players.update_server(support.GUILD, allow_channels=(4242,))
    await run_command(bot, "challenge", interaction(bot, ALICE, log), opponent=member(BOB))
    sent = log.last()
    assert sent.ephemeral and sent.content == "Games are not played in this channel here. Try <#4242>."


async def test_challenge_without_attach_files_says_which_permission(bot: DamaBot, log: Recorder) -> None:
    perms = discord.Permissions(send_messages=True, embed_links=True)
    await run_command(bot, "challenge", interaction(bot, ALICE, log, perms=perms), opponent=member(BOB))
    sent = log.last()
    assert sent.ephemeral and sent.content is not None
    assert "I need the Attach Files permission" in sent.content


# ---- /play -------------------------------------------------------------------------------------


async def test_play_as_black_lets_the_bot_open(bot: DamaBot, log: Recorder, channel: object) -> None:
    inter = interaction(bot, ALICE, log, channel=channel)  # type: ignore[arg-type]
    await run_command(bot, "play", inter, level=2, colour="black")
    assert log.sent[0].via == "defer"
    board = log.boards()[-1]
    assert board.via == "followup" and not board.ephemeral
    assert board.content is not None and "The bot opened with" in board.content
    fields = embed_fields(board)
    assert fields["White"] == "Dama bot (level 2)" and fields["Black"] == "<@101>"
    assert fields["To move"] == "Black: <@101>"
    assert board.file_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    game = (await bot.service.queries.my_games(ALICE))[0].game
    assert game.ply == 1 and game.white_id == BOT_ID


async def test_play_refuses_an_unknown_level_before_deferring(bot: DamaBot, log: Recorder) -> None:
    await run_command(bot, "play", interaction(bot, ALICE, log), level=9)
    assert [s.via for s in log.sent] == ["response"]
    assert log.last().ephemeral and "bot level cannot be 9" in (log.last().content or "")


# ---- /move ---------------------------------------------------------------------------------------


async def test_move_posts_the_new_board_and_tells_the_opponent(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await bot.service.players.set_preferences(BOB, notifications="channel")
    await run_command(bot, "move", interaction(bot, ALICE, log), move="22-18")
    board = log.boards()[-1]
    assert board.via == "followup" and not board.ephemeral
    assert board.content == "<@101> played 22-18. <@102>, your move."
    fields = embed_fields(board)
    assert fields["Last move"] == "22-18" and fields["To move"] == "Black: <@102>" and fields["Move"] == "1"
    assert board.custom_ids == [f"dama:{a}:{game_id}" for a in ("move", "type", "draw", "resign", "follow", "study")]
    assert board.filenames == [f"game-{game_id}-1.png"]
    assert (await bot.service.queries.game(game_id)).ply == 1


async def test_move_dms_a_player_who_chose_dms(bot: DamaBot, log: Recorder) -> None:
    await new_game(bot.service)
    await bot.service.players.set_preferences(BOB, notifications="dm")
    await run_command(bot, "move", interaction(bot, ALICE, log), move="22-18")
    assert [s for s in log.sent if s.via == "dm"] == []  # a DM has its own stream: the worker's, not the reply's
    await bot.outbox.drain()  # the outbox worker's job (not running in these tests)
    dms = [s for s in log.sent if s.via == "dm"]
    assert len(dms) == 1 and dms[0].to == BOB and dms[0].content is not None
    assert dms[0].content.startswith("Your move in game #1.")
    assert "<@102>" not in (log.boards()[0].content or "")


async def test_illegal_move_is_explained_privately_with_the_legal_moves(bot: DamaBot, log: Recorder) -> None:
    await new_game(bot.service)
    await run_command(bot, "move", interaction(bot, ALICE, log), move="28-24")
    sent = log.last()
    assert sent.ephemeral and sent.content is not None
    assert sent.content.startswith("24 is already occupied.")
    assert "Legal:" in sent.content and "22-18" in sent.content
    assert log.boards() == []


@pytest.mark.parametrize(
    ("player", "expected"),
    [(BOB, "It is not your turn: the game is waiting for <@101>."), (CAROL, "You are not playing in that game.")],
)
async def test_move_refusals(bot: DamaBot, log: Recorder, player: int, expected: str) -> None:
    game_id = await new_game(bot.service)
    await run_command(bot, "move", interaction(bot, player, log), move="9-13", game=game_id)
    assert log.last().ephemeral and log.last().content == expected


async def test_move_in_a_finished_game(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await bot.service.games.resign(game_id, BOB)
    await run_command(bot, "move", interaction(bot, ALICE, log), move="22-18", game=game_id)
    assert log.last().ephemeral and log.last().content == f"Game #{game_id} is over. White wins: Black resigned."


async def test_move_without_game_when_several_await_you(bot: DamaBot, log: Recorder) -> None:
    await new_game(bot.service)
    await new_game(bot.service, ALICE, CAROL)
    await run_command(bot, "move", interaction(bot, ALICE, log), move="22-18")
    assert log.last().ephemeral and "You have several games (#1, #2)" in (log.last().content or "")


async def test_move_against_the_bot_posts_its_reply_too(bot: DamaBot, log: Recorder) -> None:
    started = await bot.service.challenges.play_bot_game(
        ALICE,
        settings=GameSettings(color="white"),
        channel_id=CHANNEL,
    )
    await bot.service.outbox.settle_for_players((ALICE,))  # its first board counts as shown already
    await run_command(bot, "move", interaction(bot, ALICE, log), move="22-18")
    boards = log.boards()
    assert len(boards) == 2
    assert boards[0].content is not None and boards[0].content.startswith("<@101> played 22-18.")
    assert boards[1].content is not None and boards[1].content.startswith("Dama bot (level 1) played ")
    assert (await bot.service.queries.game(started.game.id)).ply == 2


# ---- /board, /games ------------------------------------------------------------------------------


async def test_board_shows_the_game_with_buttons(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await run_command(bot, "board", interaction(bot, BOB, log))
    board = log.boards()[-1]
    assert not board.ephemeral and board.content == f"Game #{game_id}."
    assert len(board.custom_ids) == 6 and embed_fields(board)["Deadline"].startswith("<t:")  # Study and Follow


async def test_board_of_an_unknown_game(bot: DamaBot, log: Recorder) -> None:
    await run_command(bot, "board", interaction(bot, BOB, log), game=77)
    assert log.last().ephemeral and log.last().content == "There is no game #77."


async def test_games_lists_yours_privately(bot: DamaBot, log: Recorder) -> None:
    await new_game(bot.service)
    await new_game(bot.service, CAROL, ALICE)
    await run_command(bot, "games", interaction(bot, ALICE, log))
    sent = log.last()
    assert sent.ephemeral and sent.embed is not None and sent.embed.description is not None
    lines = sent.embed.description.splitlines()
    assert len(lines) == 2 and "**your move**" in lines[0] and "(White)" in lines[0] and "(Black)" in lines[1]


async def test_games_when_you_have_none(bot: DamaBot, log: Recorder) -> None:
    await run_command(bot, "games", interaction(bot, CAROL, log))
    assert log.last().ephemeral and "no active games" in (log.last().content or "")


# ---- /resign, /draw, /takeback -----------------------------------------------------------------


async def test_resign_ends_the_game(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await run_command(bot, "resign", interaction(bot, BOB, log))
    board = log.boards()[-1]
    assert board.content == "<@102> resigned. White wins."
    assert board.view is not None and [c.custom_id for c in board.view.children] == [
        f"dama:rematch:{game_id}",
        f"dama:study:{game_id}",
    ]  # type: ignore[attr-defined]
    assert embed_fields(board)["Result"].startswith("1-0")
    assert (await bot.service.queries.game(game_id)).result == "1-0"


async def test_resign_someone_elses_game(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await run_command(bot, "resign", interaction(bot, CAROL, log), game=game_id)
    assert log.last().ephemeral and log.last().content == "You are not playing in that game."


async def test_draw_offer_then_acceptance(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await run_command(bot, "draw", interaction(bot, ALICE, log))
    offer = log.last()
    assert not offer.ephemeral and offer.content == f"<@101> offers a draw in game #{game_id}. <@102>, do you agree?"
    assert offer.custom_ids == [f"dama:offer:draw:yes:{game_id}", f"dama:offer:draw:no:{game_id}"]
    await run_command(bot, "draw", interaction(bot, ALICE, log))
    assert log.last().ephemeral and log.last().content == "A draw offer is already waiting for an answer."
    await run_command(bot, "draw", interaction(bot, BOB, log))  # offering back = agreeing
    board = log.boards()[-1]
    assert board.content == "Draw agreed."
    assert (await bot.service.queries.game(game_id)).result == "1/2-1/2"


async def test_the_bot_declines_draws(bot: DamaBot, log: Recorder) -> None:
    await bot.service.challenges.play_bot_game(ALICE, settings=GameSettings(color="white"), channel_id=CHANNEL)
    await run_command(bot, "draw", interaction(bot, ALICE, log))
    assert log.last().ephemeral and log.last().content == "Dama bot (level 1) declined the draw offer in game #1."


async def test_takeback_needs_the_opponent(bot: DamaBot, log: Recorder) -> None:
    game_id = await new_game(bot.service)
    await run_command(bot, "takeback", interaction(bot, ALICE, log))
    assert log.last().ephemeral and log.last().content == "You have no move to take back."
    await bot.service.games.play(game_id, ALICE, "22-18")
    await run_command(bot, "takeback", interaction(bot, ALICE, log), game=game_id)
    request = log.last()
    assert request.content == f"<@101> asks to take back their last move in game #{game_id}. <@102>, do you agree?"
    assert request.custom_ids[0] == f"dama:offer:takeback:yes:{game_id}"
