"""A vote game's board (issue 59): the picture's caption names the team and the bot, the embed says how many of
the team have voted. The expected picture is drawn by the renderer directly with those names."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.ui.boards import BOARD_SIZE, board_message
from data import Database
from messages.i18n import ENGLISH
from render import RenderOptions, render_board
from service import Service
from service.access import SYSTEM, acting_as


@pytest.mark.asyncio
async def test_the_caption_names_the_team_and_the_embed_counts_its_votes(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "dama.sqlite3"))
    try:
        with acting_as(SYSTEM):
            service = Service(db)
            team = await service.votes.start(101, name="Club", guild_id=9, channel_id=10, side="white")
            for member in (101, 202):
                await service.votes.join(team.id, member)
            team = await service.votes.begin(team.id, 101)
            assert team.game_id is not None
            game = await service.queries.game(team.game_id)
            await service.votes.vote(game.id, 202, "21-18")
            message = await board_message(service, game, w=ENGLISH)
    finally:
        await db.close()
    options = RenderOptions(theme="classic", size=BOARD_SIZE, move_number=1, language="en")
    named = render_board(game.position, replace(options, white_name="Team #1", black_name="Dama bot (level 1)"))
    assert message.png == named
    assert message.png != render_board(game.position, options)  # the colours alone would be another picture
    assert message.embed is not None
    fields = {f.name: f.value for f in message.embed.fields}
    assert fields["White"] == "Team #1"
    assert (fields["Team #1"] or "").startswith("1 of 2 members have voted; the vote closes <t:")
