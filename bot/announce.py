"""Where game news goes: the game's home (its thread, its channel, or the interaction), plus a mention or
a DM for the player to move, as each player chose in /settings."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.play.controls import game_controls, offer_controls
from bot.exts.rematch.controls import rematch_controls
from bot.exts.tournament.news import post_news
from bot.ui import speech
from bot.ui.boards import BoardMessage, board_message, player_label
from bot.ui.errors import MissingPermissions
from bot.ui.permissions import missing_permissions
from messages.i18n import Words
from messages.play import bot_name, ending
from messages.premove import conditional_reply
from messages.rematch import opened
from service import (
    BOT_ID,
    GameFinished,
    GameStarted,
    GameView,
    MoveResult,
    Notifications,
    OfferAnswer,
    OfferKind,
    OfferStatus,
)

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

log = logging.getLogger(__name__)
Headline = Callable[[Words], str]  # a post's first sentence, worded once the post's language is known
Home = discord.TextChannel | discord.Thread | discord.DMChannel | discord.abc.Messageable


class Announcer:
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    # ---- where ---------------------------------------------------------------------------------

    async def home(self, game: GameView) -> Home | None:
        channel_id = game.thread_id or game.channel_id
        if channel_id is None:
            return None
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("game %s: its channel %s is gone or hidden", game.id, channel_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def remember(
        self, game: GameView, channel_id: int | None, thread_id: int | None, message_id: int | None
    ) -> None:
        await self.bot.service.games.set_display(
            game.id, channel_id=channel_id, thread_id=thread_id, message_id=message_id
        )

    async def open_thread(self, interaction: Interaction, game: GameView) -> tuple[GameView, discord.Thread | None]:
        """With threads on, each new game gets a public thread under the channel it started in."""
        channel = interaction.channel
        if interaction.guild_id is None or not isinstance(channel, discord.TextChannel):
            return game, None
        settings = await self.bot.service.players.server_settings(interaction.guild_id)
        if not settings.thread_per_game:
            return game, None
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        white, black = (self._name(game, game.white_id, w), self._name(game, game.black_id, w))
        thread = await channel.create_thread(
            name=w.say("thread.name", "Game {game}: {white} vs {black}", game=game.id, white=white, black=black)[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
        )
        await self.remember(game, channel.id, thread.id, None)
        return await self.bot.service.queries.game(game.id), thread

    def _name(self, game: GameView, player_id: int, w: Words) -> str:
        if player_id == BOT_ID:
            return bot_name(w, game.bot_level)
        user = self.bot.get_user(player_id)
        return user.display_name if user else w.say("player.unknown", "player {id}", id=player_id)

    # ---- what ----------------------------------------------------------------------------------

    async def post(
        self,
        game: GameView,
        message: BoardMessage,
        interaction: Interaction | None = None,
        home: Home | None = None,
    ) -> discord.Message | None:
        """Post in the game's home; through the interaction when it happened there (or the game has none)."""
        home_id = game.thread_id or game.channel_id
        if home is None and not (interaction is not None and interaction.channel_id == home_id):
            home = await self.home(game)
        sent: discord.Message | None
        if interaction is not None and home is None:
            if not interaction.response.is_done():
                await interaction.response.defer()
            sent = await interaction.followup.send(wait=True, **message.kwargs())
        elif home is not None:
            self._check_home(home)
            sent = await home.send(**message.kwargs())
            if interaction is not None:
                w = speech.private(interaction)
                where = getattr(home, "mention", None) or w.say("announce.game_channel", "the game channel")
                await self._tell(
                    interaction, w.say("announce.board_is_in", "Done — the board is in {place}.", place=where)
                )
        else:
            return None
        await self.remember(game, game.channel_id or sent.channel.id, game.thread_id, sent.id)
        return sent

    def _check_home(self, home: Home) -> None:
        if isinstance(home, discord.TextChannel | discord.Thread):
            me = home.guild.me
            if me is None:  # a server on another process's shard (cluster mode): no cache here, Discord checks
                return
            missing = missing_permissions(home.permissions_for(me), thread=False)
            if isinstance(home, discord.Thread) and home.permissions_for(me).send_messages_in_threads:
                missing = [m for m in missing if m != "Send Messages"]
            if missing:
                raise MissingPermissions(missing, home.mention)

    async def _tell(self, interaction: Interaction, text: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def words_for(self, game: GameView, interaction: Interaction | None) -> Words:
        """The language of the game's public posts (and of its board pictures)."""
        return await speech.public(self.bot, game.guild_id, interaction)

    async def board(
        self, game: GameView, interaction: Interaction | None, headline: Headline, home: Home | None = None
    ) -> discord.Message | None:
        """Post the board with a headline, mention or DM the player to move."""
        w = await self.words_for(game, interaction)
        message = await board_message(self.bot.service, game, w=w)
        message.view = game_controls(game.id, w) if game.active else None
        to_move = game.to_move_id
        notify = None
        text = headline(w)
        if to_move is not None and to_move != BOT_ID:
            prefs = await self.bot.service.players.preferences(to_move)
            notify = prefs.notifications
            in_dm = interaction is not None and interaction.guild_id is None and game.guild_id is None
            if notify is Notifications.CHANNEL and not in_dm:
                text += " " + w.say("announce.your_move_mention", "{player}, your move.", player=f"<@{to_move}>")
                message.mentions.append(to_move)
        message.content = text
        sent = await self.post(game, message, interaction, home)
        mover_is_told = interaction is not None and interaction.user.id == to_move
        if to_move is not None and notify is Notifications.DM and not mover_is_told:
            theirs = await speech.of_player(self.bot, to_move)
            dm_board = message if theirs is w else await board_message(self.bot.service, game, w=theirs)
            await self.dm(
                to_move, theirs.say("dm.your_move", "Your move in game #{game}.", game=game.id), sent, dm_board
            )
        return sent

    async def dm(self, user_id: int, text: str, link: discord.Message | None, board: BoardMessage | None) -> bool:
        """DM a player; False when they do not accept DMs from the bot (no error for the mover)."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            if link is not None:
                text += f" {link.jump_url}"
            if board is not None:
                await user.send(text, embed=board.embed, file=board.file())
            else:
                await user.send(text)
        except discord.HTTPException:
            log.info("could not DM player %s", user_id)
            return False
        return True

    # ---- offers --------------------------------------------------------------------------------

    async def offer_settled(self, interaction: Interaction, answer: OfferAnswer, *, asker: int) -> None:
        """Say what became of an offer: pending (ask the opponent), accepted (show the board) or declined."""
        bot = self.bot
        offer, game = answer.offer, answer.game
        opponent = game.opponent_of(asker)
        if answer.finished is not None:
            await self.finished(interaction, answer.finished)
        elif offer.status is OfferStatus.ACCEPTED:  # a takeback
            undone = [m.notation for m in answer.undone]
            await self.board(
                game,
                interaction,
                lambda w: w.say(
                    "offer.takeback_accepted", "Takeback accepted: {moves} taken back.", moves=w.join(undone)
                ),
            )
        elif offer.status is OfferStatus.DECLINED:
            by_bot = opponent == BOT_ID and interaction.user.id == asker
            w = speech.private(interaction) if opponent == BOT_ID else await self.words_for(game, interaction)
            who = bot_name(w, game.bot_level) if by_bot else f"<@{interaction.user.id}>"
            if offer.kind is OfferKind.DRAW:
                text = w.say(
                    "offer.draw_declined", "{player} declined the draw offer in game #{game}.", player=who, game=game.id
                )
            else:
                text = w.say(
                    "offer.takeback_declined",
                    "{player} declined the takeback request in game #{game}.",
                    player=who,
                    game=game.id,
                )
            await self._say(interaction, text, ephemeral=opponent == BOT_ID)
        else:
            w = await self.words_for(game, interaction)
            values = {"player": f"<@{asker}>", "opponent": f"<@{opponent}>", "game": game.id}
            if offer.kind is OfferKind.DRAW:
                text = w.say(
                    "offer.draw", "{player} offers a draw in game #{game}. {opponent}, do you agree?", **values
                )
            else:
                text = w.say(
                    "offer.takeback",
                    "{player} asks to take back their last move in game #{game}. {opponent}, do you agree?",
                    **values,
                )
            await self._say(interaction, text, view=offer_controls(offer.kind, game.id, w), mention=opponent)
        bot.timers.poke()

    async def _say(
        self,
        interaction: Interaction,
        text: str,
        *,
        ephemeral: bool = False,
        view: discord.ui.View | None = None,
        mention: int | None = None,
    ) -> None:
        mentions = discord.AllowedMentions(users=[discord.Object(id=mention)] if mention else False)
        kwargs: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": mentions}
        if view is not None:
            kwargs["view"] = view
        if interaction.response.is_done():
            await interaction.followup.send(text, **kwargs)
        else:
            await interaction.response.send_message(text, **kwargs)

    # ---- events --------------------------------------------------------------------------------

    async def started(self, interaction: Interaction, started: GameStarted) -> None:
        game, thread = await self.open_thread(interaction, started.game)
        bot_move = started.bot_move.move.notation if started.bot_move is not None else None

        def headline(w: Words) -> str:
            white, black = player_label(game, game.white_id, w), player_label(game, game.black_id, w)
            text = w.say(
                "game.begins",
                "Game #{game} begins: {white} (White) against {black} (Black).",
                game=game.id,
                white=white,
                black=black,
            )
            return text + (opened(bot_move, w) if bot_move is not None else "")

        await self.board(game, interaction, headline, thread)

    async def moved(self, interaction: Interaction | None, result: MoveResult) -> None:
        """Post the board after a move; in games against the bot, let it answer and post that too."""
        game = result.game
        mover, notation = result.move.player_id, result.move.notation
        reply = result.premove_reply
        replied = (reply.move.player_id, reply.move.notation) if reply is not None else None

        def headline(w: Words) -> str:
            text = w.say("game.played", "{player} played {move}.", player=player_label(game, mover, w), move=notation)
            if replied is not None:
                text += " " + conditional_reply(player_label(game, replied[0], w), replied[1], w)
            return text

        if reply is not None:  # stored with the move: one post, the board after the reply
            result, game = reply, reply.game
        if result.ended is not None:
            finished = GameFinished(game, result.ended, result.rating_changes)
            await self.finished_board(game, interaction, headline, finished)
            return
        await self.board(game, interaction, headline)
        if result.next_player_id == BOT_ID:
            reply = await self.bot.service.games.play_bot(game.id, expected_version=game.version)
            if reply is not None:
                await self.moved(interaction, reply)

    async def finished(self, interaction: Interaction | None, finished: GameFinished) -> None:
        game = finished.game
        winner = finished.ended.winner_id
        loser = game.opponent_of(winner) if winner is not None else None
        termination = finished.ended.termination.value

        def how(w: Words) -> str:
            if termination == "resignation":
                who = player_label(game, loser if loser is not None else BOT_ID, w)
                return w.say("game.resigned", "{player} resigned.", player=who)
            if termination == "agreement":
                return w.say("game.draw_agreed", "Draw agreed.")
            if termination == "timeout":
                return w.say("game.time_up", "Time is up.")
            return w.say("game.over", "The game is over.")

        await self.finished_board(game, interaction, how, finished)

    async def finished_board(
        self,
        game: GameView,
        interaction: Interaction | None,
        headline: Headline,
        finished: GameFinished | None = None,
    ) -> None:
        w = await self.words_for(game, interaction)
        message = await board_message(self.bot.service, game, w=w)
        changes = finished.rating_changes if finished else await self.bot.service.queries.rating_changes(game.id)
        rated = " ".join(
            f"{player_label(game, c.player_id, w)} {c.rating_after:.0f} ({c.delta:+.0f})."
            for c in changes
            if c.player_id != BOT_ID
        )
        message.content = f"{headline(w)} {ending(game, w)}."
        if rated:
            message.content += " " + w.say("game.ratings", "Ratings: {ratings}", ratings=rated)
        message.view = rematch_controls(game.id, w)
        await self.post(game, message, interaction)
        await self.tournament_after(game)

    async def tournament_after(self, game: GameView) -> None:
        """A tournament game ended: the next round (or the end) is announced here, by whoever got there first."""
        news = await self.bot.service.tournaments.after_game(game.id)
        if news is not None:
            await post_news(self, news)
