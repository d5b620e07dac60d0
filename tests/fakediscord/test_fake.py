"""The loopback Discord against a real discord.py bot (demo_bot) run as a subprocess.

Facts checked come from Discord's documented behaviour (error codes 40060, 10062; option limits are
enforced by Discord, not discord.py) and from geometry (the PNG's pixels), not from the fake's code."""

from __future__ import annotations

import io
import socket
from pathlib import Path

import aiohttp
import pytest
from PIL import Image

from tests.fakediscord import BotLauncher, FakeDiscord, FakeDiscordError, InteractionRefused, Upload, guard
from tests.fakediscord.demo_bot import CELL, DARK, LIGHT, DemoBot, Store
from tests.fakediscord.validation import FormError, check_command_schema

DEMO = "tests.fakediscord.demo_bot"


def square_colour(png: bytes, size: int, row: int, col: int) -> tuple[int, int, int]:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.size == (size * CELL, size * CELL)
    return img.convert("RGB").getpixel((col * CELL + CELL // 2, row * CELL + CELL // 2))  # type: ignore[return-value]


@pytest.mark.asyncio
async def test_login_sync_ready(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    await bot_launcher.process(DEMO)
    paths = [(r.method, r.path.split("/api/v10", 1)[1]) for r in fake_discord.requests]
    assert ("GET", "/users/@me") in paths
    assert ("PUT", f"/applications/{fake_discord.app_id}/commands") in paths
    board = fake_discord.command("board")
    assert board is not None
    size = next(o for o in board["options"] if o["name"] == "size")
    assert (size["type"], size["required"], size["min_value"], size["max_value"]) == (4, True, 2, 19)
    session = fake_discord.ready_session()
    assert session is not None and session.heartbeats >= 1 and session.identify is not None
    assert session.identify["token"] == fake_discord.token


@pytest.mark.asyncio
async def test_slash_with_png_then_button_edit(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    await bot_launcher.process(DEMO)
    alice = fake_discord.alice
    inter = await fake_discord.slash(alice, "board", size=4, color="black")
    reply = await fake_discord.wait_for_reply(inter)
    assert reply.callback_type == 4 and not reply.ephemeral
    assert reply.content == f"Board 4 move 0 for <@{alice.id}> as black"
    assert [f.filename for f in reply.files] == ["board.png"]
    png = reply.files[0].data
    # square (0, 0) is light and (0, 1) dark at move 0 (the demo's rule: dark when r + c + n is odd)
    assert square_colour(png, 4, 0, 0) == LIGHT and square_colour(png, 4, 0, 1) == DARK
    assert reply.custom_ids() == ["demo:next:4:0"]
    assert inter.ack_latency is not None and 0 <= inter.ack_latency < 3.0
    assert [m.id for m in fake_discord.messages()] == [reply.message_id]

    click = await fake_discord.click(fake_discord.bob, reply, "demo:next:4:0")
    edited = await fake_discord.wait_for_reply(click)
    assert edited.callback_type == 7 and edited.message_id == reply.message_id
    assert edited.content.startswith("Board 4 move 1 clicks=1")
    assert square_colour(edited.files[0].data, 4, 0, 0) == DARK  # the pattern shifted by one move
    assert edited.custom_ids() == ["demo:next:4:1"]
    live = fake_discord.message_by_id(reply.message_id)
    assert live.version == 1 and live.history[0].content == reply.content
    # the old button is gone from the message, so Discord would not let anyone press it
    with pytest.raises(InteractionRefused):
        await fake_discord.click(alice, reply, "demo:next:4:0")


@pytest.mark.asyncio
async def test_defer_then_followup_with_file(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    await bot_launcher.process(DEMO)
    inter = await fake_discord.slash(fake_discord.alice, "hint")
    reply = await fake_discord.wait_for_reply(inter)
    assert inter.callback_type == 5 and reply.via == "followup"
    assert reply.content == "Here is a hint" and reply.files[0].filename == "hint.png"
    assert square_colour(reply.files[0].data, 4, 0, 0) == DARK
    # the first followup after a thinking defer replaces the loading message
    assert reply.message_id == inter.response_message_id
    assert not fake_discord.message_by_id(reply.message_id).loading
    [extra] = await fake_discord.wait_for_followups(inter)
    await fake_discord.wait_until(lambda: extra.deleted, what="the followup's deletion")
    assert extra.content == "one more thing" and extra not in fake_discord.messages()


@pytest.mark.asyncio
async def test_autocomplete_select_and_modal(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    await bot_launcher.process(DEMO)
    alice = fake_discord.alice
    choices = await fake_discord.autocomplete(alice, "move", focused="move", options={"move": "22"})
    assert [c["value"] for c in choices] == ["22-18", "22-19"]
    played = await fake_discord.wait_for_reply(await fake_discord.slash(alice, "move", move="22-18"))
    assert played.content == "played 22-18"

    menu = await fake_discord.wait_for_reply(await fake_discord.slash(alice, "pick"))
    with pytest.raises(InteractionRefused):  # "z" is not an option of the menu
        await fake_discord.select(alice, menu, "demo:pick", ["z"])
    picked = await fake_discord.wait_for_reply(await fake_discord.select(alice, menu, "demo:pick", ["a", "c"]))
    assert (picked.callback_type, picked.via, picked.content) == (6, "original", "picked a,c")
    assert picked.message_id == menu.message_id

    opened = await fake_discord.wait_for_reply(await fake_discord.slash(alice, "feedback"))
    assert opened.callback_type == 9 and opened.modal is not None and opened.modal["title"] == "Feedback"
    with pytest.raises(InteractionRefused):  # a required field left empty
        await fake_discord.submit_modal(alice, opened, {})
    thanks = await fake_discord.wait_for_reply(
        await fake_discord.submit_modal(alice, opened, {"demo:feedback:text": "nice"}))
    assert thanks.content == "thanks: nice" and thanks.ephemeral


@pytest.mark.asyncio
async def test_invalid_options_never_reach_the_bot(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    await bot_launcher.process(DEMO)
    alice = fake_discord.alice
    before = len(fake_discord.interactions)
    for bad in ({"size": 20}, {"size": 1}, {"size": 4, "color": "red"}, {}, {"size": "4"},
                {"size": 4, "colour": "white"}):
        with pytest.raises(InteractionRefused):
            await fake_discord.slash(alice, "board", **bad)
    assert len(fake_discord.interactions) == before  # nothing was dispatched
    ok = await fake_discord.wait_for_reply(await fake_discord.slash(alice, "board", size=19))
    assert ok.content.startswith("Board 19 move 0")


@pytest.mark.asyncio
async def test_attachment_option_is_served(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    await bot_launcher.process(DEMO)
    pdn = b'[Event "test"]\n1. 22-18 11-15 *\n'
    with pytest.raises(InteractionRefused):  # attachment options take a file
        await fake_discord.slash(fake_discord.alice, "import", file="game.pdn")
    inter = await fake_discord.slash(fake_discord.alice, "import", file=Upload("game.pdn", pdn))
    reply = await fake_discord.wait_for_reply(inter)
    assert reply.content == f"game.pdn: {len(pdn)} bytes, first line '[Event \"test\"]'"


@pytest.mark.asyncio
async def test_second_acknowledgement_is_refused(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    await bot_launcher.process(DEMO)
    inter = await fake_discord.slash(fake_discord.alice, "twice")
    reply = await fake_discord.wait_for_reply(inter)
    assert inter.callback_type == 5
    assert reply.content == "second ack refused: 400 40060" and reply.ephemeral
    edited = await fake_discord.wait_for_edit(reply)
    assert edited.content == "second ack refused: 400 40060 (edited)"
    assert [(r.status, r.code) for r in inter.refusals] == [(400, 40060)]


@pytest.mark.asyncio
async def test_late_acknowledgement_is_refused(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    bot = await bot_launcher.process(DEMO)
    # Discord's limit is 3 s; the deadline is shortened here so the test stays quick.
    inter = await fake_discord.slash(fake_discord.alice, "slow", seconds=0.6, ack_deadline=0.3)
    await fake_discord.wait_until(lambda: inter.refusals, what="the late callback")
    assert [(r.status, r.code) for r in inter.refusals] == [(404, 10062)]
    assert not inter.acknowledged and inter.reply is None
    await fake_discord.wait_until(lambda: "late ack refused: 404 10062" in bot.output(), what="the bot's log")


@pytest.mark.asyncio
async def test_unknown_route_fails_loudly(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    await bot_launcher.process(DEMO)
    inter = await fake_discord.slash(fake_discord.alice, "emojis")
    with pytest.raises(FakeDiscordError, match="unknown route: GET /api/v10/guilds/"):
        await fake_discord.wait_for_reply(inter)
    assert fake_discord.unknown_routes == [f"GET /api/v10/guilds/{fake_discord.guild_id}/emojis"]
    with pytest.raises(FakeDiscordError):
        fake_discord.raise_problems()  # what the fixture does at teardown
    fake_discord.clear_problems()
    reply = await fake_discord.wait_for_reply(inter)  # the bot saw Discord's 404
    assert reply.content == "emojis failed: 404"


@pytest.mark.asyncio
async def test_loopback_guard(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    assert guard.is_enabled()
    seen = len(guard.violations)
    with pytest.raises(guard.LoopbackViolation):
        socket.create_connection(("192.0.2.1", 443), timeout=0.5)  # TEST-NET-1, never routed
    with socket.socket() as sock, pytest.raises(guard.LoopbackViolation):
        sock.connect(("192.0.2.1", 443))
    with pytest.raises(guard.LoopbackViolation):
        socket.getaddrinfo("discord.com", 443)
    async with aiohttp.ClientSession(connector=guard.loopback_connector()) as session:
        with pytest.raises(guard.LoopbackViolation):
            await session.get("https://discord.com/api/v10/users/@me")
        async with session.get(f"{fake_discord.api_base}/gateway") as resp:  # loopback is fine
            assert resp.status == 200
    assert len(guard.violations) == seen + 4
    del guard.violations[seen:]  # provoked on purpose
    requests_before = len(fake_discord.requests)

    # the same guard in a bot subprocess: a bot pointed at the real Discord dies instead of connecting
    bot = await bot_launcher.process(DEMO, env={"DISCORD_API_BASE": "https://discord.com/api/v10"}, start=False)
    bot.allow_tracebacks = True
    await bot.spawn()
    code = await bot.wait_exit(timeout=30)
    assert code != 0
    assert "loopback guard: refused name lookup of 'discord.com'" in bot.output()
    assert len(fake_discord.requests) == requests_before


@pytest.mark.asyncio
async def test_restart_keeps_persistent_buttons(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    bot = await bot_launcher.process(DEMO, env={"DEV_GUILD_ID": str(fake_discord.guild_id)})
    assert fake_discord.command("board")["guild_id"] == str(fake_discord.guild_id)  # type: ignore[index]
    alice = fake_discord.alice
    board = await fake_discord.wait_for_reply(await fake_discord.slash(alice, "board", size=3))
    first = await fake_discord.wait_for_reply(await fake_discord.click(alice, board, "demo:next:3:0"))
    assert first.content == f"Board 3 move 1 clicks=1 pid={bot.pid}"
    old_pid = bot.pid

    await bot.restart()
    assert bot.pid != old_pid and fake_discord.identifies == 2
    second = await fake_discord.wait_for_reply(await fake_discord.click(alice, board, "demo:next:3:1"))
    # the new process answered the old message, and the click count came from the same database file
    assert second.content == f"Board 3 move 2 clicks=2 pid={bot.pid}"
    assert second.message_id == board.message_id


@pytest.mark.asyncio
async def test_dm_threads_and_followups(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    await bot_launcher.process(DEMO)
    alice = fake_discord.alice
    inter = await fake_discord.slash(alice, "notify")
    [note] = await fake_discord.wait_for_followups(inter)
    assert note.content == "notified" and note.ephemeral
    starter = fake_discord.message_by_id(inter.response_message_id)
    game_thread, private = fake_discord.threads(fake_discord.channel)
    assert game_thread.id == starter.id and game_thread.type == 11  # a thread on a message shares its id
    assert private.type == 12 and private.name == "private analysis"
    [prompt] = fake_discord.messages(game_thread)
    assert prompt.content == f"<@{alice.id}> your move" and prompt.version == 1
    assert [a.filename for a in prompt.attachments] == ["board.png"]
    assert square_colour(prompt.attachments[0].data, 2, 1, 1) == LIGHT
    assert [m.content for m in fake_discord.messages(private)] == ["analysis here"]
    assert [m.content for m in fake_discord.dm_messages(alice)] == ["it is your turn"]
    # ephemeral followups are visible to the test but not in the channel's history the bot can read
    assert note in fake_discord.messages() and note not in fake_discord.messages(include_ephemeral=False)


@pytest.mark.asyncio
async def test_closed_dms_are_refused(fake_discord: FakeDiscord, bot_launcher: BotLauncher) -> None:
    bot = await bot_launcher.process(DEMO)
    bot.allow_tracebacks = True  # /notify does not handle Forbidden; discord.py logs it
    fake_discord.alice.dms_closed = True
    inter = await fake_discord.slash(fake_discord.alice, "notify")
    await fake_discord.wait_until(lambda: [r for r in fake_discord.refusals if r.code == 50007],
                                  what="the refused DM")
    assert fake_discord.dm_messages(fake_discord.alice) == [] and inter.followup_ids == []


@pytest.mark.asyncio
async def test_a_group_dm_reaches_only_user_installed_commands(fake_discord: FakeDiscord,
                                                               bot_launcher: BotLauncher) -> None:
    """Discord's documented limits for a user install in a group DM (context 2, authorizing_integration_owners
    with only the user install): commands need integration_types 1 and contexts 2; the app answers with at most
    5 follow-ups (40094) and cannot read or post in the channel (50001 Missing Access)."""
    await bot_launcher.process(DEMO)
    fake, alice, bob = fake_discord, fake_discord.alice, fake_discord.bob
    group = fake.add_group_dm(alice, bob)
    chatter = await fake.wait_until(lambda: fake.command("chatter"), what="the commands")
    assert (chatter["integration_types"], chatter["contexts"]) == ([0, 1], [0, 1, 2])
    with pytest.raises(InteractionRefused):  # alice has not installed the app on her account
        await fake.slash(alice, "chatter", channel=group, count=1)
    alice.installed = True
    with pytest.raises(InteractionRefused):  # /board declares no user install
        await fake.slash(alice, "board", channel=group, size=4)
    inter = await fake.slash(alice, "chatter", channel=group, count=6)
    assert inter.payload["context"] == 2 and inter.payload["authorizing_integration_owners"] == {"1": str(alice.id)}
    assert "guild_id" not in inter.payload and inter.payload["channel"]["type"] == 3
    await fake.wait_until(lambda: [r for r in fake.refusals if r.code == 50001] or None, what="the refused post")
    assert [m.content for m in fake.messages(group)] == ["chatter"] + [f"follow-up {n}" for n in range(1, 6)]
    assert [r.code for r in fake.refusals] == [40094, 50001]


def test_command_reach_is_validated() -> None:
    check_command_schema([{"name": "ok", "description": "d", "integration_types": [0, 1], "contexts": [0, 1, 2]}])
    for bad in ({"integration_types": [2]}, {"contexts": [3]}, {"contexts": [0, 0]}, {"integration_types": "0"}):
        with pytest.raises(FormError):
            check_command_schema([{"name": "bad", "description": "d", **bad}])


@pytest.mark.asyncio
async def test_in_process_bot_and_gateway_reconnect(fake_discord: FakeDiscord, bot_launcher: BotLauncher,
                                                    tmp_path: Path) -> None:

    class QuickDemoBot(DemoBot):
        async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
            pass  # discord.py waits 5 s before every re-IDENTIFY; nothing to rate-limit here

    def factory() -> DemoBot:
        return QuickDemoBot(Store(str(tmp_path / "inproc.sqlite3")), guild_ready_timeout=0.05,
                            connector=guard.loopback_connector())

    await bot_launcher.run_in_process(factory)
    board = await fake_discord.wait_for_reply(await fake_discord.slash(fake_discord.alice, "board", size=2))
    assert board.files[0].filename == "board.png"
    await fake_discord.disconnect_bot()
    # discord.py tries RESUME; the fake invalidates the session and the bot identifies afresh
    await fake_discord.wait_until(lambda: fake_discord.identifies == 2 and fake_discord.ready_session(),
                                  what="a fresh session")
    assert fake_discord.resumes == 1
    clicked = await fake_discord.wait_for_reply(await fake_discord.click(fake_discord.bob, board, "demo:next:2:0"))
    assert clicked.content.startswith("Board 2 move 1 clicks=1")
