"""Play anywhere (docs/ANYWHERE.md): a whole game in a group DM where only the players' own installs of the
app reach. The bot can only answer there: every board in the group DM is an interaction's reply, the
opponent hears of each move by DM, and the next command there shows a board moved from elsewhere."""

from __future__ import annotations

import pytest

from messages.i18n import ENGLISH
from messages.news import stored_but_waiting
from tests.e2e.helpers import check_board_image, field, game_id_of, pick_move, rows, wait_dms
from tests.fakediscord.fake import MessagePostFault
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.fakediscord.validation import InteractionRefused

pytestmark = pytest.mark.asyncio


async def test_synced_commands_declare_installs_and_contexts(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    await bot_launcher.process("bot")
    await fake.wait_until(lambda: fake.command("server-settings"), what="the commands to be synced")
    admin = fake.command("server-settings")
    assert (admin["integration_types"], admin["contexts"]) == ([0], [0])
    challenge = fake.command("challenge")
    assert (challenge["integration_types"], challenge["contexts"]) == ([0, 1], [0, 2])
    for name in ("play", "move", "board", "games", "resign", "settings", "vacation", "rules"):
        command = fake.command(name)
        assert (command["integration_types"], command["contexts"]) == ([0, 1], [0, 1, 2]), name
    alice = fake.alice
    alice.installed = True
    group = fake.add_group_dm(alice, fake.bob)
    with pytest.raises(InteractionRefused):  # server administration: never in a group DM
        await fake.slash(alice, "server-settings", channel=group, hints="never")
    fake.bob.installed = False
    with pytest.raises(InteractionRefused):  # without a user install the app is not in the group DM at all
        await fake.slash(fake.bob, "rules", channel=group)


async def test_a_whole_game_in_a_group_dm_under_a_user_install(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    bot = await bot_launcher.process("bot")
    alice, bob = fake.alice, fake.bob
    carol = fake.add_user("carol")
    for user in (alice, bob, carol):
        user.installed = True
    group = fake.add_group_dm(alice, bob, carol, name="draughts club")

    offer = await fake.wait_for_reply(
        await fake.slash(alice, "challenge", channel=group, opponent=bob, colour="white", clock="10d+1d max 20d")
    )
    assert not offer.ephemeral, offer.content
    assert "a time bank of 10 d, +1 d after each move, at most 20 d" in offer.content, offer.content
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    click = await fake.click(bob, offer, accept)  # buttons keep working in the group DM
    first = (await fake.wait_for_followups(click, 1))[0]
    assert first.channel_id == group.id and "begins" in first.content, first.content
    game = game_id_of(first)
    check_board_image(first)
    assert field(first, "Time left") is not None
    assert rows(bot.database_path, "SELECT guild_id, channel_id, reply_only, clock FROM games") == [
        (None, group.id, 1, "10d+1d max 20d")
    ]
    await wait_dms(fake, alice, 1)  # Alice (White) is to move: told by DM, with the board

    players, moves = [alice, bob, alice], ["24-20", "12-16", "22-18"]
    for ply, (player, move) in enumerate(zip(players, moves, strict=True)):
        reply = await fake.wait_for_reply(await fake.slash(player, "move", channel=group, move=move))
        assert not reply.ephemeral and reply.content.startswith(f"{player.mention} played {move}."), reply.content
        assert reply.message is not None and reply.message.channel_id == group.id
        opponent = bob if player is alice else alice
        told = await wait_dms(fake, opponent, 1 + (ply + 1) // 2 if opponent is alice else (ply + 2) // 2)
        assert f"Your move in game #{game}." in told[-1].content, told[-1].content

    # The Move button under the last board in the group DM works like the command.
    last = fake.messages(group)[-1]
    await pick_move(fake, bob, last, "11", "11-15")
    played = f"{bob.mention} played 11-15."
    by_button = await fake.wait_for_message(group, predicate=lambda m: m.content.startswith(played))
    assert by_button.embeds and field(by_button, "Last move") == "11-15"
    await wait_dms(fake, alice, 3)
    taken = await fake.wait_for_reply(await fake.slash(alice, "move", channel=group, move="20x11"))
    assert not taken.ephemeral, taken.content

    # Bob answers from his DM with the bot; the group DM cannot be posted to, so the board waits there
    # until the next command in it.
    from_dm = await fake.wait_for_reply(await fake.slash(bob, "move", dm=True, move="6x15", game=game))
    assert not from_dm.ephemeral and from_dm.message is not None and from_dm.message.channel_id != group.id
    listing = await fake.slash(alice, "games", channel=group)
    shown = (await fake.wait_for_followups(listing, 1))[0]
    assert shown.channel_id == group.id and f"The current board of game #{game}" in shown.content, shown.content
    assert field(shown, "Last move") == "6x15 (takes 11)"

    # Carol is in the conversation: she may look at the game from there, and from nowhere else.
    seen = await fake.wait_for_reply(await fake.slash(carol, "board", channel=group, game=game))
    assert seen.embeds and game_id_of(seen) == game
    elsewhere = await fake.wait_for_reply(await fake.slash(carol, "board", game=game))
    assert elsewhere.ephemeral and f"There is no game #{game}" in elsewhere.content

    # A draw offered away from the conversation reaches the opponent by DM, with working buttons.
    await fake.wait_for_reply(await fake.slash(bob, "draw", dm=True, game=game))
    no = f"dama:offer:draw:no:{game}"
    asked = await fake.wait_until(
        lambda: next((m for m in fake.dm_messages(alice) if no in m.custom_ids()), None), what="the offer by DM"
    )
    assert asked.content == f"{bob.mention} offers a draw in game #{game}. {alice.mention}, do you agree?"
    await fake.wait_for_ack(await fake.click(alice, asked, no))

    resign = await fake.wait_for_reply(await fake.slash(alice, "resign", channel=group, game=game))
    assert "resigned. Black wins." in resign.content, resign.content
    assert rows(bot.database_path, "SELECT status, result FROM games") == [("finished", "0-1")]

    # The bot never posted into the group DM on its own: each message there answers an interaction.
    posted = fake.messages(group)
    assert posted and all(m.interaction_id is not None for m in posted)
    assert not any(r.status == 403 for inter in fake.interactions.values() for r in inter.refusals)


@pytest.mark.slow  # waits out Discord's refusals and the outbox's backoff
async def test_a_board_discord_refused_in_a_group_dm_is_shown_by_the_next_command(
    fake_discord, bot_launcher  # noqa: F811
) -> None:
    """The worker cannot post a late board into the group DM: it records it as not shown, the opponent still
    hears by DM, and the next command there shows it (no retry storm against a channel the bot cannot reach)."""
    fake = fake_discord
    bot = await bot_launcher.process("bot", env={"OUTBOX_MAX_BACKOFF": "2"})
    alice, bob = fake.alice, fake.bob
    alice.installed = bob.installed = True
    group = fake.add_group_dm(alice, bob)
    offer = await fake.wait_for_reply(await fake.slash(alice, "challenge", channel=group, opponent=bob, colour="white"))
    click = await fake.click(bob, offer, next(c for c in offer.custom_ids() if c.startswith("dama:accept:")))
    game = game_id_of((await fake.wait_for_followups(click, 1))[0])
    fake.message_post_fault = MessagePostFault(status=503, routes=frozenset({"h_followup"}))
    stored = await fake.wait_for_reply(await fake.slash(alice, "move", channel=group, move="24-20"), timeout=30)
    assert stored.content == stored_but_waiting(ENGLISH, game), stored.content
    fake.message_post_fault = None
    told = await wait_dms(fake, bob, 1)
    assert told[-1].content.startswith(f"Your move in game #{game}. {alice.mention} played 24-20."), told[-1].content
    await fake.wait_until(
        lambda: rows(bot.database_path, "SELECT COUNT(*) FROM outbox WHERE status != 'delivered'") == [(0,)] or None,
        timeout=30, what="every announcement to be settled",
    )
    assert rows(bot.database_path, "SELECT message_id FROM games WHERE id = ?", (game,)) == [(None,)]
    listing = await fake.slash(bob, "games", channel=group)
    shown = (await fake.wait_for_followups(listing, 1))[0]
    assert shown.channel_id == group.id and f"The current board of game #{game}" in shown.content, shown.content
    assert field(shown, "Last move") == "24-20"
