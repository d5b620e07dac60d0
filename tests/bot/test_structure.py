"""The command tree as the issue lists it; Discord's limits on names, options and custom_ids; no privileged
intents; settings that refuse bad values and never show the token."""

from __future__ import annotations

import io
import logging
import re
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.client import DamaBot, intents
from bot.exts.challenges.controls import CHALLENGE_TEMPLATE
from bot.exts.play.controls import GAME_TEMPLATE, OFFER_TEMPLATE, game_controls
from bot.settings import Secret, SettingsError, load_settings
from service import Service

ISSUE_COMMANDS = {
    "challenge", "play", "move", "board", "games", "resign", "draw", "takeback", "hint", "pdn", "replay",
    "rules", "rating", "leaderboard", "settings", "server-settings",
}
NAME = re.compile(r"^[-_a-z0-9]{1,32}$")  # Discord's rule for CHAT_INPUT command and option names
BIG_ID = 2**63 - 1  # the largest snowflake / SQLite integer


@pytest.mark.asyncio
async def test_every_issue_command_exists_once(bot: DamaBot) -> None:
    names = [c.name for c in bot.tree.get_commands()]
    assert len(names) == len(set(names))
    assert set(names) >= ISSUE_COMMANDS
    for command in bot.tree.walk_commands():
        assert NAME.match(command.name) and 1 <= len(command.description) <= 100
        if isinstance(command, app_commands.Group):  # e.g. /tournament: its subcommands are walked too
            continue
        assert isinstance(command, app_commands.Command)
        payload = command.to_dict(bot.tree)
        options = payload.get("options", [])
        assert len(options) <= 25
        seen_optional = False
        for option in options:  # Discord: required options before optional ones
            assert NAME.match(option["name"]) and 1 <= len(option["description"]) <= 100
            assert not (option.get("required") and seen_optional)
            seen_optional |= not option.get("required")
            assert len(option.get("choices") or []) <= 25
            assert not (option.get("choices") and option.get("autocomplete"))


@pytest.mark.asyncio
async def test_tournament_subcommands_as_the_issue_names_them(bot: DamaBot) -> None:
    group = bot.tree.get_command("tournament")
    assert isinstance(group, app_commands.Group)
    issue = {"create", "join", "withdraw", "start", "standings", "pairings", "cancel"}
    assert {c.name for c in group.commands} >= issue
    create = group.get_command("create")
    assert isinstance(create, app_commands.Command)
    assert [p.name for p in create.parameters] == [
        "name", "variant", "days_per_move", "format", "rounds", "rated", "ballots", "clock"
    ]  # fmt: skip
    pairings = group.get_command("pairings")
    assert isinstance(pairings, app_commands.Command) and pairings.parameters[0].name == "round"


def test_custom_ids_fit_discord_limit() -> None:
    ids = [b.custom_id for b in game_controls(BIG_ID).children if isinstance(b, discord.ui.Button)]
    ids += [f"dama:{a}:{BIG_ID}" for a in ("accept", "decline")]
    ids += [f"dama:offer:takeback:yes:{BIG_ID}"]
    for custom_id in ids:
        assert custom_id is not None and len(custom_id) <= 100
        assert any(re.fullmatch(t, custom_id) for t in (GAME_TEMPLATE, CHALLENGE_TEMPLATE, OFFER_TEMPLATE))


def test_no_privileged_intents() -> None:
    chosen = intents()
    assert not (chosen.members or chosen.presences or chosen.message_content)


@pytest.mark.asyncio
async def test_the_bot_uses_no_privileged_intents_by_default(service: Service) -> None:
    bot = DamaBot(service, sync_commands=False, run_timers=False)
    assert not (bot.intents.members or bot.intents.presences or bot.intents.message_content)


@pytest.mark.asyncio
async def test_the_command_digest_follows_the_payload(service: Service) -> None:
    """Restarts skip the sync only when the commands are unchanged, so any change must move the digest."""
    bot = DamaBot(service, sync_commands=False, run_timers=False)
    await bot.setup_hook()
    first = await bot.command_digest(None)
    assert first == await bot.command_digest(None)
    rules_command = bot.tree.get_command("rules")
    assert isinstance(rules_command, app_commands.Command)
    rules_command.description = "A changed description"
    assert await bot.command_digest(None) != first
    assert await bot.command_digest(discord.Object(id=1)) != first  # no guild commands: a different payload


class _Shouting(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return string.message.upper() if locale is discord.Locale.italian else None


@pytest.mark.asyncio
async def test_a_changed_translation_moves_the_digest(service: Service) -> None:
    """The digest covers the localized payload: fixing a translation alone must make the next start sync."""
    bot = DamaBot(service, sync_commands=False, run_timers=False)
    await bot.setup_hook()
    shipped = await bot.command_digest(None)
    await bot.tree.set_translator(None)
    assert await bot.command_digest(None) != shipped
    await bot.tree.set_translator(_Shouting())
    assert await bot.command_digest(None) != shipped


@pytest.mark.asyncio
async def test_the_ledger_remembers_each_scope(service: Service) -> None:
    ledger = service.commands
    assert await ledger.needs_sync("global", "abc")
    await ledger.synced("global", "abc")
    assert not await ledger.needs_sync("global", "abc")
    assert await ledger.needs_sync("global", "abd")
    assert await ledger.needs_sync("guild:1", "abc")
    await ledger.forget("global")
    assert await ledger.needs_sync("global", "abc")


# ---- settings --------------------------------------------------------------------------------------

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123"


def test_settings_from_env_file_with_environment_winning(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(f'# comment\nDISCORD_TOKEN="{TOKEN}"\nDATABASE_PATH=a.sqlite3\nDEV_GUILD_ID=42\n')
    settings = load_settings({"DATABASE_PATH": "b.sqlite3"}, env)
    assert settings.discord_token.get() == TOKEN
    assert settings.database_path == Path("b.sqlite3") and settings.dev_guild_id == 42
    assert TOKEN not in repr(settings) and TOKEN not in str(settings.discord_token)


@pytest.mark.parametrize(
    ("environ", "named"),
    [
        ({"DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID"),
        ({"LOG_LEVEL": "loud"}, "LOG_LEVEL"),
        ({"DISCORD_API_BASE": "http://127.0.0.1:1/api/v10"}, "DISCORD_GATEWAY_URL"),
        ({"DISCORD_API_BASE": "127.0.0.1", "DISCORD_GATEWAY_URL": "ws://x"}, "DISCORD_API_BASE"),
        ({"DISCORD_TOKEN": "short"}, "DISCORD_TOKEN"),
    ],
)
def test_malformed_settings_are_named(environ: dict[str, str], named: str) -> None:
    with pytest.raises(SettingsError, match=named):
        load_settings(environ, None)


def _run_bot(env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    base = {"PATH": "/usr/bin:/bin", "HOME": str(cwd), "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    return subprocess.run(
        [sys.executable, "-m", "bot"], env=base | env, cwd=cwd, capture_output=True, text=True,
        stdin=subprocess.DEVNULL, timeout=60, check=False,
    )


def test_missing_token_stops_with_a_clear_message(tmp_path: Path) -> None:
    done = _run_bot({}, tmp_path)
    assert done.returncode != 0 and "DISCORD_TOKEN is not set" in done.stderr and "Traceback" not in done.stderr


def test_malformed_setting_stops_start_up(tmp_path: Path) -> None:
    done = _run_bot({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "chatty"}, tmp_path)
    assert done.returncode != 0 and "LOG_LEVEL must be one of" in done.stderr and "Traceback" not in done.stderr


def test_token_never_reaches_the_logs(tmp_path: Path) -> None:
    # A refused login (nothing listens on port 9): everything the bot printed or logged is in the output.
    done = _run_bot(
        {
            "DISCORD_TOKEN": TOKEN,
            "LOG_LEVEL": "DEBUG",
            "DATABASE_PATH": str(tmp_path / "db.sqlite3"),
            "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/gateway",
        },
        tmp_path,
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0 and "127.0.0.1:9" in output  # it really tried to connect
    assert TOKEN not in output and TOKEN.split(".")[0] not in output


def test_secret_is_masked_in_log_records() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger = logging.getLogger("dama.test.secret")
    logger.addHandler(handler)
    try:
        logger.error("settings: %s %r", Secret(TOKEN), Secret(TOKEN))
    finally:
        logger.removeHandler(handler)
    assert TOKEN not in stream.getvalue() and "********" in stream.getvalue()
