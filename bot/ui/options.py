"""Option types and autocomplete shared by the cogs: variants, games, moves, themes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.ui.errors import Refusal
from bot.ui.lookup import game_for
from bot.ui.speech import private
from messages.play import bot_name
from messages.variants import variant_name
from render import theme_names
from rules import VARIANTS, RulesError, find_variant, format_move
from service import BOT_ID, GameError, GameView

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


MAX_CHOICES = 25  # Discord's limit for choices and for autocomplete results


def _variant_choices(current: str = "") -> list[app_commands.Choice[str]]:
    text = current.strip().lower()
    found = [
        app_commands.Choice(name=rules.name[:100], value=rules.id)
        for rules in VARIANTS.values()
        if not text or text in rules.id or text in rules.name.lower() or any(text in a for a in rules.aliases)
    ]
    return found[:MAX_CHOICES]


class VariantChoices(app_commands.Transformer):
    """A fixed choice list while the registry fits in Discord's 25 choices."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def choices(self) -> list[app_commands.Choice[int | float | str]] | None:
        return cast(list[app_commands.Choice[int | float | str]], _variant_choices())

    async def transform(self, interaction: discord.Interaction[Any], value: Any) -> str:
        return find_variant(str(value)).id


class VariantSearch(VariantChoices):
    """Autocomplete instead, once the registry has more variants than Discord allows choices."""

    @property
    def choices(self) -> list[app_commands.Choice[int | float | str]] | None:
        return None

    async def autocomplete(  # type: ignore[override]
        self, interaction: Interaction, value: str
    ) -> list[app_commands.Choice[str]]:
        return _variant_choices(value)


if TYPE_CHECKING:
    VariantArg = str
else:
    VariantArg = app_commands.Transform[str, VariantChoices if len(VARIANTS) <= MAX_CHOICES else VariantSearch]

THEME_CHOICES = [app_commands.Choice(name=name, value=name) for name in theme_names()][:MAX_CHOICES]


def opponent_name(interaction: Interaction, game: GameView, player_id: int) -> str:
    if player_id == BOT_ID:
        return bot_name(private(interaction), game.bot_level)
    user = interaction.client.get_user(player_id)
    return user.display_name if user else private(interaction).say("player.unknown", "player {id}", id=player_id)


async def game_autocomplete(interaction: Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The caller's active games, those awaiting their move first."""
    mine = await interaction.client.service.queries.my_games(interaction.user.id, limit=MAX_CHOICES * 2)
    choices = []
    for item in mine:
        game = item.game
        w = private(interaction)
        turn = w.say("games.your_move", "your move") if item.my_turn else w.say("games.their_move", "their move")
        name = w.say(
            "games.choice",
            "#{game} vs {opponent} · {variant} · {turn}",
            game=game.id,
            opponent=opponent_name(interaction, game, item.opponent_id),
            variant=variant_name(w, game.variant),
            turn=turn,
        )
        if current.strip().lstrip("#") in name:
            choices.append(app_commands.Choice(name=name[:100], value=game.id))
    return choices[:MAX_CHOICES]


async def move_autocomplete(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's legal moves in the chosen game (or their only game awaiting a move), with captures."""
    game_id = getattr(interaction.namespace, "game", None)
    try:
        game = await game_for(interaction, game_id if isinstance(game_id, int) else None, my_turn=True)
    except (Refusal, GameError, RulesError):
        return []
    if not game.active or game.to_move_id != interaction.user.id:
        return []
    position = game.position
    board = position.board
    wanted = current.strip().lower().replace(" ", "")
    choices = []
    for move in position.legal_moves():
        text = format_move(position, move)
        full = format_move(position, move, full=True)
        if wanted and not text.lower().startswith(wanted) and not full.lower().startswith(wanted):
            continue
        label = text
        w = private(interaction)
        if move.captures:
            label += " — " + w.say(
                "picker.takes", "takes {squares}", squares=w.join([board.name(s) for s in move.captures])
            )
        if move.promotes:
            label += " — " + w.say("picker.makes_king", "makes a king")
        choices.append(app_commands.Choice(name=label[:100], value=text[:100]))
    return choices[:MAX_CHOICES]
