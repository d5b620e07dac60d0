"""A tiny discord.py bot that exercises the fake: ``python -m tests.fakediscord.demo_bot``.

Reads DISCORD_TOKEN, DISCORD_API_BASE, DISCORD_GATEWAY_URL, DATABASE_PATH, DEV_GUILD_ID (optional: sync
to that guild) and DISCORD_GUILD_READY_TIMEOUT. Board images: a size×size checkerboard, CELL pixels per
square, square (r, c) dark when (r + c + n) is odd, n = the move counter."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
from typing import Any

import aiosqlite
import discord
from discord import app_commands
from PIL import Image

from bot.discord_endpoints import point_discord_at

CELL = 8
LIGHT, DARK = (240, 217, 181), (181, 136, 99)
MOVES = ["22-18", "22-19", "21-17", "21-18", "23-19", "23-20", "24-20"]


def board_png(size: int, n: int) -> bytes:
    img = Image.new("RGB", (size * CELL, size * CELL), LIGHT)
    for r in range(size):
        for c in range(size):
            if (r + c + n) % 2:
                img.paste(DARK, (c * CELL, r * CELL, (c + 1) * CELL, (r + 1) * CELL))
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


class Store:
    """Clicks per board, in the bot's own database file (survives restarts)."""

    def __init__(self, path: str) -> None:
        self.path = path

    async def setup(self) -> None:
        async with aiosqlite.connect(self.path) as db:
            await db.execute("CREATE TABLE IF NOT EXISTS clicks (n INTEGER NOT NULL)")
            await db.commit()

    async def click(self) -> int:
        async with aiosqlite.connect(self.path) as db:
            await db.execute("INSERT INTO clicks (n) VALUES (1)")
            await db.commit()
            async with db.execute("SELECT COUNT(*) FROM clicks") as cur:
                row = await cur.fetchone()
        return int(row[0]) if row else 0


class NextButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"demo:next:(?P<size>\d+):(?P<n>\d+)"):
    """Persistent: the state is in the custom_id, so a restarted bot still answers old boards."""

    def __init__(self, size: int, n: int) -> None:
        super().__init__(discord.ui.Button(label="Next", style=discord.ButtonStyle.primary,
                                           custom_id=f"demo:next:{size}:{n}"))
        self.size, self.n = size, n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any],
                             match: re.Match[str], /) -> NextButton:
        return cls(int(match["size"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        clicks = await interaction.client.store.click()
        n = self.n + 1
        await interaction.response.edit_message(
            content=f"Board {self.size} move {n} clicks={clicks} pid={os.getpid()}",
            attachments=[discord.File(io.BytesIO(board_png(self.size, n)), "board.png")],
            view=board_view(self.size, n))


def board_view(size: int, n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NextButton(size, n))
    return view


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(custom_id="demo:pick", placeholder="Pick", min_values=1, max_values=2,
                       options=[discord.SelectOption(label=x.upper(), value=x) for x in "abc"])
    async def pick(self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]) -> None:
        await interaction.response.defer()  # type 6 for a component, then PATCH @original
        await interaction.edit_original_response(content=f"picked {','.join(select.values)}", view=self)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Your thoughts", custom_id="demo:feedback:text",
                                                           max_length=200)

    def __init__(self) -> None:
        super().__init__(custom_id="demo:feedback", timeout=None)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}", ephemeral=True)


class DemoBot(discord.Client):
    def __init__(self, store: Store, **options: Any) -> None:
        super().__init__(intents=discord.Intents.default(), **options)
        self.store = store
        self.tree = app_commands.CommandTree(self)
        register(self.tree)

    async def setup_hook(self) -> None:
        await self.store.setup()
        self.add_dynamic_items(NextButton)
        self.add_view(PickView())
        guild_id = os.environ.get("DEV_GUILD_ID")
        if guild_id:
            guild = discord.Object(int(guild_id))
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        print(f"demo bot ready as {self.user} pid={os.getpid()}", flush=True)


def register(tree: app_commands.CommandTree[Any]) -> None:
    @tree.command(description="Show a board")
    @app_commands.describe(size="Board size", color="Your colour")
    @app_commands.choices(color=[app_commands.Choice(name="White", value="white"),
                                 app_commands.Choice(name="Black", value="black")])
    async def board(interaction: discord.Interaction[Any], size: app_commands.Range[int, 2, 19],
                    color: str = "white") -> None:
        await interaction.response.send_message(
            f"Board {size} move 0 for {interaction.user.mention} as {color}",
            file=discord.File(io.BytesIO(board_png(size, 0)), "board.png"), view=board_view(size, 0))

    @tree.command(description="Think, then answer with a picture")
    async def hint(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        png = await asyncio.to_thread(board_png, 4, 1)
        await interaction.followup.send("Here is a hint", file=discord.File(io.BytesIO(png), "hint.png"))
        extra = await interaction.followup.send("one more thing", wait=True)
        await extra.delete()

    @tree.command(description="Play a move")
    async def move(interaction: discord.Interaction[Any], move: str) -> None:
        await interaction.response.send_message(f"played {move}")

    @move.autocomplete("move")
    async def move_autocomplete(interaction: discord.Interaction[Any], current: str,
                                ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=m, value=m) for m in MOVES if m.startswith(current)][:25]

    @tree.command(description="Pick letters")
    async def pick(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pick some letters", view=PickView())

    @tree.command(name="import", description="Read an uploaded file")
    async def import_(interaction: discord.Interaction[Any], file: discord.Attachment) -> None:
        data = await file.read()  # fetched from the fake's /files/ URL
        first = data.decode().splitlines()[0] if data else ""
        await interaction.response.send_message(f"{file.filename}: {len(data)} bytes, first line {first!r}")

    @tree.command(description="Send feedback")
    async def feedback(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @tree.command(description="Acknowledge twice (the second must be refused)")
    async def twice(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        interaction.response._response_type = None  # bypass discord.py's own guard to reach the server
        try:
            await interaction.response.send_message("second")
        except discord.HTTPException as exc:
            note = await interaction.followup.send(f"second ack refused: {exc.status} {exc.code}",
                                                   ephemeral=True, wait=True)
            await note.edit(content=f"{note.content} (edited)")

    @tree.command(description="Answer late")
    async def slow(interaction: discord.Interaction[Any], seconds: float) -> None:
        await asyncio.sleep(seconds)
        try:
            await interaction.response.send_message("too late?")
        except discord.NotFound as exc:
            print(f"late ack refused: {exc.status} {exc.code}", flush=True)

    @tree.command(description="Answer, then follow up several times, then try to post in the channel")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def chatter(interaction: discord.Interaction[Any], count: app_commands.Range[int, 1, 10]) -> None:
        await interaction.response.send_message("chatter")
        for n in range(1, count + 1):
            try:
                await interaction.followup.send(f"follow-up {n}")
            except discord.HTTPException as exc:
                print(f"follow-up {n} refused: {exc.status} {exc.code}", flush=True)
        channel = interaction.client.get_partial_messageable(interaction.channel_id or 0)
        try:
            await channel.send("posted later")
        except discord.HTTPException as exc:
            print(f"channel post refused: {exc.status} {exc.code}", flush=True)

    @tree.command(description="Call a route the fake does not know")
    async def emojis(interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild is not None
        try:
            await interaction.guild.fetch_emojis()
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"emojis failed: {exc.status}")

    @tree.command(description="DM the user and open threads")
    async def notify(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("starting a game thread")
        message = await interaction.original_response()
        thread = await message.create_thread(name="game thread")
        prompt = await thread.send(f"{interaction.user.mention} your move")
        await prompt.edit(attachments=[discord.File(io.BytesIO(board_png(2, 0)), "board.png")])
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        private = await channel.create_thread(name="private analysis")
        await private.send("analysis here")
        await interaction.user.send("it is your turn")
        await interaction.followup.send("notified", ephemeral=True)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    api, gateway = os.environ.get("DISCORD_API_BASE"), os.environ.get("DISCORD_GATEWAY_URL")
    if api and gateway:
        point_discord_at(api, gateway)
    client = DemoBot(Store(os.environ.get("DATABASE_PATH", "demo.sqlite3")),
                     guild_ready_timeout=float(os.environ.get("DISCORD_GUILD_READY_TIMEOUT", "2")))
    client.run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
