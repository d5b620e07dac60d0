"""/hint (ephemeral, where allowed), /pdn (the game file) and /replay (an animation)."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.followups import send_followup
from bot.ui import speech
from bot.ui.boards import BOARD_SIZE, board_message
from bot.ui.errors import Refusal
from bot.ui.imported import send_imported_pdn, send_imported_replay
from bot.ui.lookup import game_for
from bot.ui.options import game_autocomplete
from bot.ui.speech import private
from messages.hints import hint_text
from messages.play import hint_refusal as hint_refusal_words
from render import RenderOptions, render_replay
from rules import find_variant
from service import HintPolicy, RecordTooLong, hint_refusal
from service.bounds import MAX_REPLAY_PLIES

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

HINT_COOLDOWN = 30.0  # seconds per user: a hint costs a second or two of engine time
REPLAY_COOLDOWN = 30.0
REPLAY_SIZES = (BOARD_SIZE, 400, 280)  # try smaller pictures when the animation is too big to attach
MAX_PLY = 10_000  # far beyond any real game; the real bound is checked against the game


class Analysis(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="hint", description="Ask the engine for a move (only you see it)")
    @app_commands.describe(
        game="The game number (you may leave it out when only one game awaits you)",
        ply="Finished games: analyse the position after this many plies (half-moves) instead of the last one",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.checks.cooldown(1, HINT_COOLDOWN, key=lambda i: i.user.id)
    async def hint(
        self,
        interaction: Interaction,
        game: int | None = None,
        ply: app_commands.Range[int, 0, MAX_PLY] | None = None,
    ) -> None:
        service = self.bot.service
        target = await game_for(interaction, game)
        policy = HintPolicy.UNRATED
        if target.guild_id is not None:
            policy = (await service.players.server_settings(target.guild_id)).hint_policy
        in_tournament = await service.tournaments.is_tournament_game(target.id)
        refused = hint_refusal(target, interaction.user.id, policy, tournament=in_tournament)
        if refused is not None:
            raise Refusal(lambda w: hint_refusal_words(w, refused))
        if ply is not None and target.active:
            raise Refusal(
                lambda w: w.say(
                    "hint.ply_only_finished",
                    "Choosing an earlier position is for finished games; leave `ply` out to get a hint now.",
                )
            )
        shown = target.ply if ply is None else ply
        if shown > target.ply:
            raise Refusal(
                lambda w: w.plural(
                    "hint.ply_range",
                    "Game #{game} has {count} ply; choose a ply from 0 to {count}.",
                    "Game #{game} has {count} plies; choose a ply from 0 to {count}.",
                    target.ply,
                    game=target.id,
                )
            )
        game_so_far = await service.queries.replay(target.id)
        history = game_so_far.positions[: shown + 1]
        position = history[-1]
        if not position.legal_moves():
            raise Refusal(
                lambda w: w.say("hint.game_over", "Game #{game} is over: there is no move to suggest.", game=target.id)
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        analysis = await self.bot.analyser(position, history)
        w = private(interaction)
        message = await board_message(
            service, target, viewer_id=interaction.user.id, hint=analysis.move, ply=shown, w=w
        )
        said = hint_text(position, analysis, w)
        if shown == target.ply:
            text = w.say("hint.for_game", "Hint for game #{game}: {hint}", game=target.id, hint=said)
        else:
            text = w.say(
                "hint.for_game_at",
                "Hint for game #{game} after ply {ply}: {hint}",
                game=target.id,
                ply=shown,
                hint=said,
            )
        await interaction.followup.send(text, ephemeral=True, **message.kwargs())

    @app_commands.command(name="pdn", description="Download a game as a PDN file")
    @app_commands.describe(game="The game number", imported="An imported game's number (see /import) instead")
    @app_commands.autocomplete(game=game_autocomplete)
    async def pdn(self, interaction: Interaction, game: int | None = None, imported: int | None = None) -> None:
        if imported is not None:
            await send_imported_pdn(interaction, imported)
            return
        target = await game_for(interaction, game)
        text = await self.bot.service.queries.export_pdn(target.id)
        file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"dama-game-{target.id}.pdn")
        text = private(interaction).say("pdn.reply", "Game #{game} as PDN.", game=target.id)
        await interaction.response.send_message(text, file=file, ephemeral=True)

    @app_commands.command(name="replay", description="An animated replay of a game")
    @app_commands.describe(game="The game number", imported="An imported game's number (see /import) instead")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.checks.cooldown(1, REPLAY_COOLDOWN, key=lambda i: i.user.id)
    async def replay(self, interaction: Interaction, game: int | None = None, imported: int | None = None) -> None:
        if imported is not None:
            await send_imported_replay(interaction, imported, REPLAY_SIZES)
            return
        service = self.bot.service
        target = await game_for(interaction, game)
        moves = [m.path for m in await service.queries.history(target.id)]
        if len(moves) > MAX_REPLAY_PLIES:
            raise RecordTooLong(target.id, len(moves), MAX_REPLAY_PLIES, "replay", imported=False)
        await interaction.response.defer(thinking=True)
        rules = find_variant(target.variant)
        limit = interaction.filesize_limit
        data = b""
        w = await speech.public(self.bot, interaction.guild_id, interaction)
        for size in REPLAY_SIZES:
            options = RenderOptions(size=size, result=target.result, language=w.locale)
            data = await asyncio.to_thread(
                render_replay, rules, target.start_fen, moves, options, "gif", MAX_REPLAY_PLIES + 1
            )
            if len(data) <= limit:
                break
        else:
            raise Refusal(
                lambda w: w.say(
                    "replay.too_big",
                    "That game is too long to animate within Discord's file size limit; try {pdn}.",
                    pdn=w.command("pdn"),
                )
            )
        file = discord.File(io.BytesIO(data), filename=f"dama-game-{target.id}.gif")
        text = w.plural(
            "replay.reply",
            "Replay of game #{game} ({count} move).",
            "Replay of game #{game} ({count} moves).",
            len(moves),
            game=target.id,
        )
        await send_followup(interaction, content=text, file=file)
