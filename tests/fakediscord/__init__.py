"""A loopback Discord for end-to-end tests of the bot (issue 8). See docs/LOOPBACK.md."""

from .fake import FakeDiscord, FakeDiscordError, MessagePostFault
from .model import FakeChannel, FakeRole, FakeUser, Message, Reply, SentInteraction, Upload
from .process import BotLauncher, BotProcess, InProcessBot
from .validation import InteractionRefused

__all__ = [
    "BotLauncher", "BotProcess", "FakeChannel", "FakeDiscord", "FakeDiscordError", "FakeRole", "FakeUser",
    "InProcessBot", "InteractionRefused", "Message", "MessagePostFault", "Reply", "SentInteraction", "Upload",
]
