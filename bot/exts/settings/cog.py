"""/settings (per player) and /server-settings (Manage Server)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.options import THEME_CHOICES, VariantArg
from bot.ui.speech import private
from data.timeutil import known_time_zones
from messages.i18n import ENGLISH, LANGUAGE_NAMES, Words, resolve
from messages.puzzles import daily_puzzle_text
from messages.variants import variant_name
from messages.web import web_links_setting
from service import Preferences, ServerSettings
from service.players import AUTO_LANGUAGE

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

# Each language under its own name, never translated; "auto" follows the Discord client (or server).
LANGUAGE_CHOICES = [app_commands.Choice(name="auto", value=AUTO_LANGUAGE)] + [
    app_commands.Choice(name=f"{name} ({code})", value=code) for code, name in LANGUAGE_NAMES.items()
]


def _notify(w: Words, how: str, digest_hour: int | None = None, zone: str | None = None) -> str:
    """How the player hears it is their move: one whole sentence per way."""
    if how == "digest" and zone is not None:
        return w.say(
            "settings.notify.digest_zone",
            "You get one direct message a day, at {hour}:00 in the time zone {zone}, listing the games waiting for "
            "your move.",
            hour=f"{digest_hour or 0:02d}",
            zone=zone,
        )
    if how == "digest":
        return w.say(
            "settings.notify.digest_sentence",
            "You get one direct message a day, at {hour}:00 UTC, listing the games waiting for your move.",
            hour=f"{digest_hour or 0:02d}",
        )
    if how == "dm":
        return w.say("settings.notify.dm", "When it is your move, you get a direct message.")
    if how == "channel":
        return w.say("settings.notify.channel", "When it is your move, you get a mention in the game's channel.")
    return w.say("settings.notify.off", "When it is your move, you are not told.")


def _language(w: Words, code: str | None) -> str:
    if code is None:
        return w.say("settings.language_auto", "your Discord language")
    return LANGUAGE_NAMES.get(resolve(code), code)


def preferences_text(prefs: Preferences, w: Words = ENGLISH) -> str:
    rest = w.say(
        "settings.player",
        "Board theme: {theme}. Orientation: {orientation}. Language of your DMs and reminders: {language}.",
        theme=prefs.board_theme,
        orientation=prefs.orientation,
        language=_language(w, prefs.chosen_language),
    )
    return f"{_notify(w, prefs.notifications, prefs.digest_hour, prefs.time_zone)} {rest}"


def server_text(settings: ServerSettings, w: Words = ENGLISH) -> str:
    channels = w.join([f"<#{c}>" for c in settings.allowed_channels]) or w.say(
        "settings.every_channel", "every channel"
    )
    days = w.plural("terms.days_per_move", "{count} day per move", "{count} days per move", settings.days_per_move)
    on_off = w.say("settings.on", "on") if settings.thread_per_game else w.say("settings.off", "off")
    if settings.language is None:
        language = w.say("settings.server_language_auto", "the server's Discord language")
    else:
        language = LANGUAGE_NAMES.get(resolve(settings.language), settings.language)
    said = w.say(
        "settings.server",
        "Default variant: {variant}. Default time: {days}. Games allowed in: {channels}. A thread per game: "
        "{threads}. Hints: {hints}. Language of public posts: {language}.",
        variant=variant_name(w, settings.default_variant),
        days=days,
        channels=channels,
        threads=on_off,
        hints=settings.hint_policy,
        language=language,
    )
    text = f"{said} {web_links_setting(w, settings.web_links)}"
    if settings.daily_puzzle_channel is not None and settings.daily_puzzle_hour is not None:
        daily = daily_puzzle_text(w, settings.daily_puzzle_channel, settings.daily_puzzle_hour, settings.time_zone)
        text += " " + daily
    return text


class Settings(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="Your notifications, board theme and orientation")
    @app_commands.describe(
        notifications="How to tell you it is your move (digest: one DM a day listing your games)",
        digest_hour="The hour (0-23, your time zone) of your daily digest",
        time_zone="Your time zone for the daily digest, e.g. Europe/Rome (UTC unless set)",
        theme="Board colours",
        orientation="Which side is at the bottom (auto: your own)",
        language="The language of your DMs and reminders (auto: your Discord language)",
    )
    @app_commands.choices(theme=THEME_CHOICES, language=LANGUAGE_CHOICES)
    async def settings(
        self,
        interaction: Interaction,
        notifications: Literal["dm", "channel", "off", "digest"] | None = None,
        theme: str | None = None,
        orientation: Literal["auto", "white", "black"] | None = None,
        language: str | None = None,
        digest_hour: app_commands.Range[int, 0, 23] | None = None,
        time_zone: str | None = None,
    ) -> None:
        players = self.bot.service.players
        w = private(interaction)
        asked = (notifications, theme, orientation, language, digest_hour, time_zone)
        if all(value is None for value in asked):
            prefs = await players.preferences(interaction.user.id)
            await interaction.response.send_message(preferences_text(prefs, w), ephemeral=True)
            return
        prefs = await players.set_preferences(
            interaction.user.id,
            notifications=notifications,
            board_theme=theme,
            orientation=orientation,
            language=language,
            digest_hour=digest_hour,
            time_zone=time_zone,
        )
        text = w.say("settings.saved", "Saved. {settings}", settings=preferences_text(prefs, w))
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="server-settings", description="Defaults and channels for this server")
    @app_commands.describe(
        default_variant="The variant new games use unless the players choose",
        days_per_move="The default days per move",
        allow_channel="Allow games in this channel (once any is allowed, only those are)",
        disallow_channel="Remove a channel from the allowed list",
        thread_per_game="Give each game its own thread",
        hints="When players may ask for hints in games between people",
        language="The language of the bot's public posts here (auto: the server's Discord language)",
        web_links="Link every board to the game's page on the web (off: no links, and the pages are closed)",
        daily_puzzle_channel="Post a puzzle of the day in this channel",
        daily_puzzle_hour="The hour (0-23, the server's time zone) of the daily puzzle",
        daily_puzzle="Turn the daily puzzle off (false), or on in this channel (true)",
        time_zone="The server's time zone for the daily puzzle, e.g. Europe/Rome (UTC unless set)",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.guild_only()
    # server administration: in servers, and only where the server installed the app
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    @app_commands.allowed_installs(guilds=True, users=False)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def server_settings(
        self,
        interaction: Interaction,
        default_variant: VariantArg | None = None,
        days_per_move: app_commands.Range[int, 1, 14] | None = None,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        thread_per_game: bool | None = None,
        hints: Literal["unrated", "always", "never"] | None = None,
        language: str | None = None,
        web_links: bool | None = None,
        daily_puzzle_channel: discord.TextChannel | None = None,
        daily_puzzle_hour: app_commands.Range[int, 0, 23] | None = None,
        daily_puzzle: bool | None = None,
        time_zone: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None  # guild_only
        channel = daily_puzzle_channel.id if daily_puzzle_channel else None
        if daily_puzzle is False:
            channel = 0  # off
        elif daily_puzzle and channel is None:
            channel = interaction.channel_id
        settings = await self.bot.service.players.update_server(
            interaction.guild_id,
            default_variant=default_variant,
            days_per_move=days_per_move,
            thread_per_game=thread_per_game,
            hint_policy=hints,
            language=language,
            web_links=web_links,
            allow_channels=(allow_channel.id,) if allow_channel else (),
            disallow_channels=(disallow_channel.id,) if disallow_channel else (),
            daily_puzzle_channel=channel,
            daily_puzzle_hour=daily_puzzle_hour,
            time_zone=time_zone,
        )
        await interaction.response.send_message(server_text(settings, private(interaction)), ephemeral=True)

    @settings.autocomplete("time_zone")
    async def player_time_zones(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return time_zone_choices(current)

    @server_settings.autocomplete("time_zone")
    async def server_time_zones(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return time_zone_choices(current)


def time_zone_choices(current: str) -> list[app_commands.Choice[str]]:
    """The IANA names containing what was typed (Discord shows 25 at most)."""
    wanted = current.strip().casefold()
    names = sorted(name for key, name in known_time_zones().items() if wanted in key)
    return [app_commands.Choice(name=name, value=name) for name in names[:25]]
