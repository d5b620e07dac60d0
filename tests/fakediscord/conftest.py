from tests.fakediscord.fixtures import bot_launcher, fake_discord

__all__ = ["bot_launcher", "fake_discord"]
