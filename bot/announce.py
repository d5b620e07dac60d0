"""Turning one announcement from the outbox into Discord messages: the game's home (its thread, its
channel, or the interaction that caused it), a mention or a DM for the player to move, an edited challenge,
a tournament's pairings and final standings (bot/exts/tournament/news.py: their words).

`deliver` raises on failure; bot/outbox.py decides whether to try again. Channel posts carry the outbox
row's nonce (discord.py sends it with enforce_nonce), so a retried post that Discord had in fact taken
comes back as the same message instead of a second one.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

import discord

from bot.exts.play.controls import game_controls, offer_controls
from bot.exts.rematch.controls import rematch_controls
from bot.exts.study.controls import add_study_button
from bot.exts.votegame.controls import vote_controls
from bot.followups import send_followup
from bot.ui import speech
from bot.ui.boards import BoardMessage, board_message, deadline_text, player_label
from bot.ui.errors import MissingPermissions
from bot.ui.feature import ChannelNews, NewsRender
from bot.ui.permissions import missing_permissions
from bot.ui.reach import reply_only
from data.models import is_team_seat
from messages import follow as following
from messages import news as words
from messages import tournaments, votes
from messages.i18n import Words
from messages.play import bot_name
from messages.premove import conditional_reply
from messages.rematch import opened
from service import BOT_ID, Announcement, AnnouncementKind, GameView, Notifications, Pending

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

log = logging.getLogger(__name__)
Home = discord.TextChannel | discord.Thread | discord.DMChannel | discord.abc.Messageable
BOARDS = (AnnouncementKind.GAME_STARTED, AnnouncementKind.MOVED, AnnouncementKind.FINISHED, AnnouncementKind.TAKEBACK)
MAX_DIGEST_LINES = 20  # a DM holds 2,000 characters; /games lists the rest


# Set per delivery (each runs in its own task): when the row was written, if an earlier try of it may have
# got through; None for a first try.
_since: contextvars.ContextVar[datetime | None] = contextvars.ContextVar("dama_outbox_since", default=None)


class Undeliverable(Exception):
    """Discord will never take this one (no channel left, closed DMs): give up on it. `reason` is a code for
    the log, with the id it concerns."""

    def __init__(self, reason: str, subject: int | None = None) -> None:
        super().__init__(reason if subject is None else f"{reason} {subject}")
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Sent:
    channel_id: int | None
    message_id: int | None


def _turn_line(mention_id: int | None, message: BoardMessage, w: Words, label: Callable[[int], str]) -> str:
    """After a board's headline: the mention of the player to move who chose one, or how a vote team votes."""
    if mention_id is None:
        return ""
    if is_team_seat(mention_id):
        return " " + votes.your_vote(w, label(mention_id), w.command("vote-game vote"))
    message.mentions.append(mention_id)
    return words.your_move_mention(w, f"<@{mention_id}>")


class Announcer:
    def __init__(self, bot: DamaBot, news: Mapping[AnnouncementKind, NewsRender] | None = None) -> None:
        self.bot = bot
        self._news = dict(news or {})  # the news the features render themselves (Feature.news)

    # ---- where ---------------------------------------------------------------------------------

    async def home(self, game: GameView) -> Home:
        return await self._channel(game.thread_id or game.channel_id, "no_channel", game.id)

    async def _channel(self, channel_id: int | None, missing: str, subject: int) -> Home:
        if channel_id is None:
            raise Undeliverable(missing, subject)
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden) as error:
                raise Undeliverable("channel_gone", channel_id) from error
        if not isinstance(channel, discord.abc.Messageable):
            raise Undeliverable("not_messageable", channel_id)
        return channel

    async def remember(
        self, game: GameView, channel_id: int | None, thread_id: int | None, message_id: int | None
    ) -> None:
        await self.bot.service.games.set_display(
            game.id, channel_id=channel_id, thread_id=thread_id, message_id=message_id
        )

    async def open_thread(self, interaction: Interaction, game: GameView) -> None:
        """With threads on, each new game gets a public thread under the channel it started in. Without
        one (Discord refused), the game simply lives in the channel."""
        channel = interaction.channel
        if interaction.guild_id is None or not isinstance(channel, discord.TextChannel):
            return
        settings = await self.bot.service.players.server_settings(interaction.guild_id)
        if not settings.thread_per_game:
            return
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        white, black = (self._name(game, game.white_id, w), self._name(game, game.black_id, w))
        try:
            thread = await channel.create_thread(
                name=w.say("thread.name", "Game {game}: {white} vs {black}", game=game.id, white=white, black=black)[
                    :100
                ],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
        except discord.HTTPException:
            log.warning("game %s: could not open a thread; it is played in the channel", game.id)
            return
        await self.remember(game, channel.id, thread.id, None)

    def _name(self, game: GameView, player_id: int, w: Words) -> str:
        if player_id == BOT_ID:
            return bot_name(w, game.bot_level)
        user = self.bot.get_user(player_id)
        return user.display_name if user else w.say("player.unknown", "player {id}", id=player_id)

    # ---- one announcement ----------------------------------------------------------------------

    async def deliver(self, pending: Pending, via: Interaction | None = None) -> Sent:
        """Post one announcement; through `via` when it happened there and the game lives there."""
        news, nonce = pending.announcement, f"dama-{pending.id}"
        _since.set(pending.created_at if pending.retried else None)
        kind = news.kind
        if kind in BOARDS:
            return await self._board(news, nonce, via)
        if kind is AnnouncementKind.OFFER or kind is AnnouncementKind.OFFER_DECLINED:
            return await self._offer(news, nonce, via)
        if kind is AnnouncementKind.YOUR_MOVE:
            return await self._your_move(news, nonce)
        if kind is AnnouncementKind.REMINDER:
            return await self._reminder(news, nonce)
        if kind is AnnouncementKind.CHALLENGE_EXPIRED:
            return await self._challenge_expired(news)
        render = self._news.get(kind)
        if render is not None:
            return await self._channel_news(await render(self.bot, news), nonce)
        by_kind = {
            AnnouncementKind.DIGEST: self._digest,
            AnnouncementKind.FOLLOW: self._follow,
        }
        if kind in by_kind:
            return await by_kind[kind](news, nonce)
        if kind is AnnouncementKind.VACATION_ENDED:
            assert news.player_id is not None
            theirs = await speech.of_player(self.bot, news.player_id)
            return await self.dm(news.player_id, words.vacation_used_up(theirs), None, nonce)
        raise Undeliverable(f"unknown_{kind}")

    async def _board(self, news: Announcement, nonce: str, via: Interaction | None) -> Sent:
        game = news.game
        assert game is not None
        w = await speech.public(self.bot, game.guild_id, via)

        def label(player_id: int) -> str:
            return player_label(game, player_id, w)

        if news.kind is AnnouncementKind.GAME_STARTED:
            placed = await self.bot.service.tournaments.placement(game.id)
            if placed is not None:
                t, round_number = placed
                white, black = label(game.white_id), label(game.black_id)
                headline = tournaments.game_headline(t, round_number, game.id, white, black, w)
            else:
                headline = words.game_begins(w, game, label)
            headline += opened(news.move.notation, w) if news.move else ""
        elif news.kind is AnnouncementKind.MOVED:
            assert news.move is not None
            headline = words.played(w, label(news.move.player_id), news.move.notation)
            if news.answered is not None:  # a conditional reply, stored with the move it answers
                first = words.played(w, label(news.answered.player_id), news.answered.notation)
                headline = f"{first} {conditional_reply(label(news.move.player_id), news.move.notation, w)}"
        elif news.kind is AnnouncementKind.TAKEBACK:
            headline = words.takeback_done(w, news.undone)
        else:
            assert news.ended is not None
            winner = news.ended.winner_id
            loser = game.opponent_of(winner) if winner is not None else BOT_ID
            headline = words.how_it_ended(w, news.ended.termination, label(loser))
        message = await board_message(self.bot.service, game, moved=news.move, w=w)
        if game.active:
            team_game = is_team_seat(game.white_id) or is_team_seat(game.black_id)
            controls = vote_controls(game.id, w) if team_game else game_controls(game.id, w)
            message.view = add_study_button(controls, game.id, w)
            to_move = game.to_move_id
            turn = to_move if to_move is not None and is_team_seat(to_move) else news.mention_id
            message.content = headline + _turn_line(turn, message, w, label)
        else:
            changes = tuple(c for c in news.rating_changes if c.player_id != BOT_ID)
            message.content = words.final_line(w, headline, game, changes, label)
            message.view = add_study_button(rematch_controls(game.id, w), game.id, w)
        sent = await self.post(game, message, nonce, via)
        current = await self.bot.service.queries.game(game.id)
        await self.remember(current, current.channel_id or sent.channel_id, current.thread_id, sent.message_id)
        if not game.active:
            await self.tournament_after(game)
        return sent

    async def show_unseen(self, interaction: Interaction) -> None:
        """After a command in a reply-only conversation: the current boards of its games that were not shown
        there (moves made elsewhere, by button or by DM), as follow-ups to this command."""
        if interaction.channel_id is None or not reply_only(interaction) or not interaction.response.is_done():
            return
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        for game in await self.bot.service.queries.unseen_in_conversation(interaction.channel_id):
            message = await board_message(self.bot.service, game, w=w)
            message.view = game_controls(game.id, w)
            to_move = game.to_move_id
            message.content = words.current_board(w, game.id, player_label(game, to_move, w) if to_move else "")
            try:
                sent = await send_followup(interaction, **message.kwargs())
            except discord.HTTPException:
                log.info("game %s: could not show its current board in its conversation", game.id)
                return
            await self.remember(game, game.channel_id, game.thread_id, sent.id)

    async def tournament_after(self, game: GameView) -> None:
        """A tournament game ended: the next round (or the end) is queued by whoever gets there first, in
        the transaction that creates it; the worker posts it."""
        try:
            if await self.bot.service.tournaments.after_game(game.id) is not None:
                self.bot.outbox.poke()
        except Exception:  # the board is out; the tournament catches up at the next start
            log.exception("game %s: could not move its tournament on", game.id)

    async def _channel_news(self, rendered: ChannelNews, nonce: str) -> Sent:
        """A feature's news (a tournament's round, the daily puzzle) in the channel it names, once."""
        home = await self._channel(rendered.channel_id, rendered.missing, rendered.subject)
        self._check_home(home)
        found = await self._earlier(home, rendered.message)
        if found is not None:
            return Sent(found.channel.id, found.id)
        sent = await home.send(nonce=nonce, **rendered.message.kwargs())
        return Sent(sent.channel.id, sent.id)

    async def _offer(self, news: Announcement, nonce: str, via: Interaction | None) -> Sent:
        game, kind, who = news.game, news.offer_kind, news.player_id
        assert game is not None and kind is not None and who is not None
        w = await speech.public(self.bot, game.guild_id, via)
        if news.kind is AnnouncementKind.OFFER:
            opponent = game.opponent_of(who)
            text = words.offer_made(w, kind, f"<@{who}>", f"<@{opponent}>", game.id)
            message = BoardMessage(None, None, "", offer_controls(kind, game.id, w), text, [opponent])
        else:
            text = words.offer_declined(w, kind, f"<@{who}>", game.id)
            message = BoardMessage(None, None, "", None, text, [])
        sent = await self.post(game, message, nonce, via)
        elsewhere = via is None or via.channel_id != game.channel_id
        if news.kind is AnnouncementKind.OFFER and game.reply_only and elsewhere:
            # made away from the game's conversation, which hears nothing later: the opponent gets it by DM
            opponent = game.opponent_of(who)
            theirs = await speech.of_player(self.bot, opponent)
            question = BoardMessage(None, None, "", offer_controls(kind, game.id, theirs), None, [])
            await self.dm(opponent, words.offer_made(theirs, kind, f"<@{who}>", f"<@{opponent}>", game.id), question,
                          f"{nonce}-dm")
        return sent

    async def _your_move(self, news: Announcement, nonce: str) -> Sent:
        game, player = news.game, news.player_id
        assert game is not None and player is not None
        current = await self.bot.service.queries.game(game.id)
        w = await speech.of_player(self.bot, player)
        move = news.move
        last = words.played(w, player_label(game, move.player_id, w), move.notation) if move else None
        text = words.your_move_dm(w, game.id, last)
        where = current.thread_id or current.channel_id
        if current.message_id is not None and where is not None:
            board_post = self.bot.get_partial_messageable(where, guild_id=current.guild_id)
            text += " " + board_post.get_partial_message(current.message_id).jump_url
        board = await board_message(self.bot.service, game, viewer_id=player, moved=move, w=w)
        return await self.dm(player, text, board, nonce)

    async def _digest(self, news: Announcement, nonce: str) -> Sent:
        """The daily DM: each waiting game, soonest deadline first, as it was when the digest was queued."""
        player = news.player_id
        assert player is not None
        w = await speech.of_player(self.bot, player)
        lines = [words.digest_heading(w, len(news.games))]
        for game in news.games[:MAX_DIGEST_LINES]:
            opponent = player_label(game, game.opponent_of(player), w)
            lines.append(words.digest_line(w, game.id, opponent, deadline_text(game, w)))
        return await self.dm(player, "\n".join(lines), None, nonce)

    async def _follow(self, news: Announcement, nonce: str) -> Sent:
        """A follower's hourly DM. Closed DMs (50007) drop the follower: no retries, no more news queued."""
        follower = news.player_id
        assert follower is not None
        w = await speech.of_player(self.bot, follower)
        lines = [following.news_heading(w)]
        for item in news.follows[:MAX_DIGEST_LINES]:
            white, black = (bot_name(w, None) if p == BOT_ID else f"<@{p}>" for p in (item.white_id, item.black_id))
            if item.started:
                lines.append(following.news_started(w, item.game_id, white, black))
            if item.moves:
                lines.append(following.news_moves(w, item.game_id, white, black, list(item.moves)))
            if item.result is not None:
                lines.append(following.news_ended(w, item.game_id, white, black, item.result))
        try:
            return await self.dm(follower, "\n".join(lines), None, nonce)
        except Undeliverable as error:
            if error.reason == "dms_closed":
                await self.bot.service.follows.drop_follower(follower)
            raise

    async def _reminder(self, news: Announcement, nonce: str) -> Sent:
        game, player = news.game, news.player_id
        assert game is not None and player is not None
        if is_team_seat(player):  # a vote team's reminder, in its game's home: nobody to mention
            w = await speech.public(self.bot, game.guild_id)
            text = votes.reminder(w, player_label(game, player, w), game.id, deadline_text(game, w))
            home = await self.home(await self.bot.service.queries.game(game.id))
            sent = await home.send(text, allowed_mentions=discord.AllowedMentions.none(), nonce=nonce)
            return Sent(sent.channel.id, sent.id)
        if news.via is Notifications.CHANNEL:
            w = await speech.public(self.bot, game.guild_id)
            text = words.reminder(w, game.id, deadline_text(game, w))
            home = await self.home(await self.bot.service.queries.game(game.id))
            mentions = discord.AllowedMentions(users=[discord.Object(id=player)])
            sent = await home.send(f"<@{player}> {text}", allowed_mentions=mentions, nonce=nonce)
            return Sent(sent.channel.id, sent.id)
        w = await speech.of_player(self.bot, player)
        text = words.reminder(w, game.id, deadline_text(game, w))
        board = await board_message(self.bot.service, game, viewer_id=player, w=w)
        return await self.dm(player, text, board, nonce)

    async def _challenge_expired(self, news: Announcement) -> Sent:
        challenge = news.challenge
        assert challenge is not None and challenge.channel_id is not None and challenge.message_id is not None
        channel = self.bot.get_partial_messageable(challenge.channel_id)
        w = await speech.public(self.bot, challenge.guild_id)
        try:  # an edit: doing it twice shows the same thing
            await channel.get_partial_message(challenge.message_id).edit(
                content=words.challenge_expired(w, f"<@{challenge.challenger_id}>"),
                view=None,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except (discord.NotFound, discord.Forbidden) as error:
            raise Undeliverable("message_gone", challenge.message_id) from error
        return Sent(challenge.channel_id, challenge.message_id)

    # ---- sending -------------------------------------------------------------------------------

    async def post(self, game: GameView, message: BoardMessage, nonce: str, via: Interaction | None) -> Sent:
        """In the game's home; as the reply to `via` when it came from there."""
        current = await self.bot.service.queries.game(game.id)
        home_id = current.thread_id or current.channel_id
        if current.reply_only and (via is None or via.channel_id != home_id):
            # Nothing can be posted into that conversation later: the player to move has it by DM, and the
            # next command there shows it (show_unseen); it is recorded as not shown there.
            await self.remember(current, current.channel_id, current.thread_id, None)  # before the reply goes out
            if via is None:
                return Sent(None, None)
            if not via.response.is_done():
                await via.response.defer()
            reply = await send_followup(via, **message.kwargs())
            via.extras["dama_replied"] = True
            return Sent(reply.channel.id, None)
        if _since.get() is not None and home_id is not None and not current.reply_only:
            found = await self._earlier(await self.home(current), message)
            if found is not None:
                return Sent(found.channel.id, found.id)
        if via is not None and (via.channel_id == home_id or home_id is None):
            if not via.response.is_done():
                await via.response.defer()
            reply = await send_followup(via, **message.kwargs())
            via.extras["dama_replied"] = True  # bot/outbox.py: the original is now this message
            return Sent(reply.channel.id, reply.id)
        home = await self.home(current)
        self._check_home(home)
        sent = await home.send(nonce=nonce, **message.kwargs())
        if via is not None:
            await self._tell(via, words.board_elsewhere(speech.private(via), getattr(home, "mention", None)))
        return Sent(sent.channel.id, sent.id)

    def _check_home(self, home: Home) -> None:
        if isinstance(home, discord.TextChannel | discord.Thread):
            me = home.guild.me
            if me is None:  # a server on another process's shard (cluster mode): no cache here, Discord checks
                return
            missing = missing_permissions(home.permissions_for(me), thread=False)
            if isinstance(home, discord.Thread) and home.permissions_for(me).send_messages_in_threads:
                missing = [m for m in missing if m != "Send Messages"]
            if missing:  # tried again later: the server's admins may fix this
                raise MissingPermissions(missing, home.mention)

    async def _tell(self, interaction: Interaction, text: str) -> None:
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.info("could not tell the player where the board went")

    async def _earlier(self, channel: discord.abc.Messageable, message: BoardMessage) -> discord.Message | None:
        """For a retried row: the message an earlier try left (its answer lost, or the process killed before
        it was marked), found by its words and picture among the bot's messages since the row was written.
        Discord's nonce covers a retry within minutes; this covers the rest, and interaction follow-ups."""
        since = _since.get()
        if since is None:
            return None
        me = self.bot.user
        try:
            async for earlier in channel.history(after=since, limit=50, oldest_first=True):
                if me is not None and earlier.author.id != me.id:
                    continue
                names = [a.filename for a in earlier.attachments]
                if earlier.content == (message.content or "") and names == ([message.filename] if message.png else []):
                    log.info("an earlier try already posted message %s; not posting again", earlier.id)
                    return earlier
        except discord.HTTPException:
            log.info("could not read back channel history; posting")
        return None

    async def dm(self, user_id: int, text: str, board: BoardMessage | None, nonce: str | None) -> Sent:
        """DM a player. A player who does not accept DMs from the bot (Discord says so) is not asked again."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        except discord.NotFound as error:
            raise Undeliverable("no_user", user_id) from error
        try:
            message = board or BoardMessage(None, None, "", None, None, [])
            message.content = text
            earlier = None
            if _since.get() is not None:
                earlier = await self._earlier(user.dm_channel or await user.create_dm(), message)
            kwargs = message.kwargs()
            if nonce is not None:
                kwargs["nonce"] = nonce
            sent = earlier or await user.send(**kwargs)
        except discord.NotFound as error:  # 10013 Unknown User on opening the DM: the account is gone
            raise Undeliverable("no_user", user_id) from error
        except discord.Forbidden as error:  # 50007: the player takes no DMs from the bot
            raise Undeliverable("dms_closed", user_id) from error
        return Sent(sent.channel.id, sent.id)
