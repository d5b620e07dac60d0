"""Persistent buttons of vote games (DynamicItems: they work after a restart): Join and Start game under a
forming team's post, Vote under the board while a team is to move (the same menus as Move)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.votegame import actions
from bot.exts.votegame.picker import vote_picker
from bot.ui.errors import guarded
from messages.i18n import ENGLISH, Words

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

Button = discord.ui.Button[discord.ui.View]
AnyInteraction = discord.Interaction[Any]
TEAM_TEMPLATE = r"dama:vote:(?P<action>join|begin|pick):(?P<id>\d+)"  # pick: the id is a game's


class TeamButton(discord.ui.DynamicItem[Button], template=TEAM_TEMPLATE):
    def __init__(self, action: str, team_id: int, w: Words = ENGLISH) -> None:
        if action == "join":
            label, style = w.say("button.vote_join", "Join"), discord.ButtonStyle.success
        elif action == "begin":
            label, style = w.say("button.vote_begin", "Start game"), discord.ButtonStyle.primary
        else:
            label, style = w.say("button.vote", "Vote"), discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"dama:vote:{action}:{team_id}"))
        self.action = action
        self.team_id = team_id

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TeamButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: AnyInteraction) -> None:
        await guarded(interaction, lambda: self.run(interaction))

    async def run(self, interaction: Interaction) -> None:
        if self.action == "join":
            await actions.join(interaction, self.team_id)
        elif self.action == "begin":
            await actions.begin(interaction, self.team_id)
        else:
            await vote_picker(interaction, await interaction.client.service.queries.game(self.team_id))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (TeamButton,)


def team_controls(team_id: int, w: Words = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TeamButton("join", team_id, w))
    view.add_item(TeamButton("begin", team_id, w))
    return view


def vote_controls(game_id: int, w: Words = ENGLISH) -> discord.ui.View:
    """Under the board of a vote game: the team's members vote with the same menus as Move."""
    view = discord.ui.View(timeout=None)
    view.add_item(TeamButton("pick", game_id, w))
    return view
