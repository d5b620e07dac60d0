"""The study board's buttons: Study under every board, and the private board's ⏮ ◀ ▶ ⏭, Try a move (the Move
button's piece/move picker), Type a move and Back.

Every one is a DynamicItem whose custom_id names the study (g12: game 12, i3: imported game 3) and its
nonce; the study itself is in the bot's StudyBook under (player, nonce). So a click on a study the bot no
longer holds (a restart, 15 minutes without use) is still answered: a sentence and a fresh study, opened
through the service's access check like any other. A nonce of someone else's study finds nothing of theirs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.study import actions
from bot.ui.errors import Refusal, guarded
from bot.ui.picking import MAX_SELECTS, PER_SELECT, chunks, move_options, moves_by_piece, piece_options
from bot.ui.speech import private
from messages import example_moves
from messages.i18n import ENGLISH, Words
from messages.notes import line_saved, save_line_label, saved_lines
from messages.study import (
    bad_choice,
    expired,
    modal_title,
    moves_of_piece,
    not_this_study,
    refusal,
    study_label,
    try_label,
)
from messages.study import which_piece as which_piece_words
from rules import RulesError
from service import Study, StudyKind

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]
AnyInteraction = discord.Interaction[Any]

# Lenient on purpose: a tampered id still matches, so it is answered in words rather than ignored.
STUDY_REF = r"(?P<kind>[gi])(?P<number>\d{1,30}):(?P<nonce>[0-9A-Za-z_-]{1,32})"
OPEN_TEMPLATE = r"dama:study:(?P<kind>i?)(?P<id>\d{1,30})"  # i: an imported record
BUTTON_TEMPLATE = rf"dama-study:{STUDY_REF}:(?P<action>[a-z]{{1,16}})"
SELECT_TEMPLATE = rf"dama-study:{STUDY_REF}:pick:(?P<row>\d{{1,2}})"
TYPED_ID = re.compile(rf"^dama-study-typed:{STUDY_REF}$")
MOVE_FIELD = "move"

_LOOK: dict[str, tuple[str | None, str | None, discord.ButtonStyle]] = {  # label key handled below, emoji, style
    "first": (None, "⏮", discord.ButtonStyle.secondary),
    "prev": (None, "◀", discord.ButtonStyle.secondary),
    "next": (None, "▶", discord.ButtonStyle.secondary),
    "last": (None, "⏭", discord.ButtonStyle.secondary),
    "try": ("try", "♟", discord.ButtonStyle.primary),
    "type": ("type", "⌨", discord.ButtonStyle.secondary),
    "back": ("back", "↩", discord.ButtonStyle.secondary),
    "save": ("save", "💾", discord.ButtonStyle.secondary),
    "board": ("cancel", None, discord.ButtonStyle.secondary),
}


def _label(name: str | None, w: Words) -> str | None:
    match name:
        case "try":
            return try_label(w)
        case "type":
            return w.say("button.type_move", "Type a move")
        case "back":
            return w.say("button.back", "Back")
        case "cancel":
            return w.say("button.cancel", "Cancel")
        case "save":
            return save_line_label(w)
    return None


@dataclass(frozen=True, slots=True)
class Ref:
    """What a study's custom_id says: which game (kind and number) and which of the player's studies."""

    kind: StudyKind
    number: int
    nonce: str

    @classmethod
    def of(cls, match: re.Match[str]) -> Ref:
        return cls(StudyKind(match["kind"]), int(match["number"]), match["nonce"])

    @property
    def key(self) -> str:
        return f"{self.kind.value}{self.number}"

    def custom_id(self, action: str) -> str:
        return f"dama-study:{self.key}:{self.nonce}:{action}"


def ref_of(study: Study, nonce: str) -> Ref:
    return Ref(study.source.kind, study.source.number, nonce)


class StudyOpen(discord.ui.DynamicItem[Button], template=OPEN_TEMPLATE):
    """Study, under every board: a private study of that game (or imported record) at its latest position."""

    def __init__(self, number: int, w: Words = ENGLISH, *, imported: bool = False) -> None:
        prefix = "i" if imported else ""
        super().__init__(
            discord.ui.Button(
                label=study_label(w),
                style=discord.ButtonStyle.secondary,
                emoji="🔍",
                custom_id=f"dama:study:{prefix}{number}",
            )
        )
        self.number = number
        self.imported = imported

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StudyOpen:
        return cls(int(match["id"]), imported=match["kind"] == "i")

    async def callback(self, interaction: AnyInteraction) -> None:
        if self.imported:
            await guarded(interaction, lambda: open_imported(interaction, self.number, None))
        else:
            await guarded(interaction, lambda: open_game(interaction, self.number, None))


class StudyButton(discord.ui.DynamicItem[Button], template=BUTTON_TEMPLATE):
    def __init__(
        self, ref: Ref, action: str, w: Words = ENGLISH, *, disabled: bool = False, label: str | None = None
    ) -> None:
        name, emoji, style = _LOOK.get(action, (None, "❔", discord.ButtonStyle.secondary))  # a forged action
        super().__init__(
            discord.ui.Button(
                label=label or _label(name, w),
                emoji=emoji,
                style=style,
                disabled=disabled,
                custom_id=ref.custom_id(action),
                row=0 if action in ("first", "prev", "next", "last") else (4 if label or action == "board" else 1),
            )
        )
        self.ref = ref
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StudyButton:
        return cls(Ref.of(match), match["action"])

    async def callback(self, interaction: AnyInteraction) -> None:
        await guarded(interaction, lambda: clicked(interaction, self.ref, self.action, None))


class StudySelect(discord.ui.DynamicItem[Select], template=SELECT_TEMPLATE):
    """One row of the Try a move picker: a piece ("piece:22"), then one of its moves ("move:3")."""

    def __init__(
        self, ref: Ref, row: int, options: list[discord.SelectOption] | None = None, placeholder: str = "…"
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{ref.custom_id('pick')}:{row}",
                options=options or [discord.SelectOption(label="…")],
                placeholder=placeholder[:150],
                row=row,
            )
        )
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StudySelect:
        return cls(Ref.of(match), int(match["row"]))

    async def callback(self, interaction: AnyInteraction) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or []
        value = str(values[0]) if len(values) == 1 else ""
        await guarded(interaction, lambda: clicked(interaction, self.ref, "pick", value))


class StudyModal(discord.ui.Modal):
    """Type a move to try. The submit is answered by the cog's listener (answer_typed), from the custom_id
    alone, so a box left open across a restart is answered too."""

    def __init__(self, ref: Ref, study: Study, w: Words) -> None:
        super().__init__(title=modal_title(w)[:45], timeout=None, custom_id=f"dama-study-typed:{ref.key}:{ref.nonce}")
        example = ", ".join(example_moves(study.position, 3))
        self.add_item(
            discord.ui.TextInput(
                label=w.say("modal.move_label", "Move")[:45],
                custom_id=MOVE_FIELD,
                placeholder=w.say("modal.example", "e.g. {moves}", moves=example)[:100],
                min_length=2,
                max_length=100,
            )
        )

    async def on_submit(self, interaction: AnyInteraction) -> None:
        self.stop()  # answered by the listener: see the class docstring


def board_view(study: Study, nonce: str, w: Words = ENGLISH) -> discord.ui.View:
    ref = ref_of(study, nonce)
    view = discord.ui.View(timeout=None)
    plies = study.source.plies
    can_move = bool(study.position.legal_moves())
    enabled = {
        "first": study.ply > 0 or study.trying,
        "prev": study.ply > 0 or study.trying,
        "next": study.ply < plies,
        "last": study.ply < plies or study.trying,
        "try": can_move,
        "type": can_move,
        "back": study.trying,
        "save": study.trying and study.source.kind is StudyKind.GAME,  # kept for its player: games only
    }
    for action, on in enabled.items():
        view.add_item(StudyButton(ref, action, w, disabled=not on))
    return view


def _picker_view(
    ref: Ref, options: list[discord.SelectOption], placeholder: str, w: Words, *, pieces_again: bool
) -> discord.ui.View:
    groups = chunks(options)
    if len(groups) > MAX_SELECTS:
        raise Refusal(
            lambda w: w.say(
                "picker.too_many_pieces", "Too many pieces can move to list them here; use Type a move instead."
            )
        )
    view = discord.ui.View(timeout=None)
    for row, group in enumerate(groups):
        first, last = row * PER_SELECT + 1, row * PER_SELECT + len(group)
        label = placeholder if len(groups) == 1 else f"{placeholder} ({first}-{last})"
        view.add_item(StudySelect(ref, row, group, label))
    if pieces_again:  # back to step 1
        view.add_item(StudyButton(ref, "try", w, label=w.say("button.back", "Back")))
    view.add_item(StudyButton(ref, "board", w))
    return view


def pieces_view(study: Study, nonce: str, w: Words) -> discord.ui.View:
    """Try a move, step 1: which piece (skipped when only one piece can move)."""
    position = study.position
    moves = position.legal_moves()
    by_piece = moves_by_piece(position, moves)
    if len(by_piece) == 1:
        return moves_view(study, nonce, next(iter(by_piece)), w)
    options = piece_options(position, moves, by_piece, w)
    return _picker_view(ref_of(study, nonce), options, which_piece_words(w), w, pieces_again=False)


def moves_view(study: Study, nonce: str, start: int, w: Words) -> discord.ui.View:
    """Step 2: that piece's moves."""
    position = study.position
    moves = position.legal_moves()
    by_piece = moves_by_piece(position, moves)
    options = move_options(position, moves, by_piece[start], w)
    placeholder = moves_of_piece(position.board.name(start), w)
    return _picker_view(ref_of(study, nonce), options, placeholder, w, pieces_again=len(by_piece) > 1)


def add_study_button(
    view: discord.ui.View | None, number: int, w: Words = ENGLISH, *, imported: bool = False
) -> discord.ui.View:
    """The board's buttons plus Study (a board without buttons gets a view with Study alone)."""
    view = view if view is not None else discord.ui.View(timeout=None)
    view.add_item(StudyOpen(number, w, imported=imported))
    return view


# ---- what a click does ------------------------------------------------------------------------------------


async def send_fresh(interaction: Interaction, study: Study, *, note: str | None = None) -> None:
    """A new private study message (from /study, the Study button, or in answer to a forgotten study)."""
    bot = interaction.client
    w = private(interaction)
    nonce = bot.studies.open(interaction.user.id, study)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    shown = await actions.show(bot, interaction.user.id, nonce, study, w)
    text = shown.text if note is None else f"{note}\n\n{shown.text}"
    await interaction.followup.send(
        text[: actions.TEXT_LIMIT], file=shown.file(), view=board_view(study, nonce, w), ephemeral=True
    )


async def open_game(interaction: Interaction, game_id: int, ply: int | None) -> None:
    service = interaction.client.service
    study = await service.study.open_game(game_id, interaction.user.id, ply=ply)
    lines = await service.notes.lines(game_id, interaction.user.id)  # the player's own, shown again
    await send_fresh(interaction, study, note=saved_lines(private(interaction), lines) if lines else None)


async def open_imported(interaction: Interaction, imported_id: int, ply: int | None) -> None:
    await send_fresh(interaction, await interaction.client.service.study.open_imported(imported_id, ply=ply))


async def redraw(interaction: Interaction, nonce: str, study: Study) -> None:
    """The study message itself shows the new position (acknowledged first: the engine and the picture take
    a moment)."""
    bot = interaction.client
    bot.studies.put(interaction.user.id, nonce, study)
    await interaction.response.defer()
    w = private(interaction)
    shown = await actions.show(bot, interaction.user.id, nonce, study, w)
    await interaction.edit_original_response(
        content=shown.text, attachments=[shown.file()], view=board_view(study, nonce, w)
    )


async def held_study(interaction: Interaction, ref: Ref) -> Study | None:
    """The study a custom_id names, if this player holds it; else None, after answering with a fresh one
    (opened through the service's access check). A nonce of theirs naming another game is a forged button:
    refused in words, nothing changes."""
    bot = interaction.client
    study = bot.studies.get(interaction.user.id, ref.nonce)
    if study is None:
        fresh = await bot.service.study.reopen(ref.kind, ref.number, interaction.user.id)
        await send_fresh(interaction, fresh, note=expired(private(interaction)))
        return None
    if study.source.key != ref.key:
        raise Refusal(not_this_study)
    return study


async def clicked(interaction: Interaction, ref: Ref, action: str, value: str | None) -> None:
    study = await held_study(interaction, ref)
    if study is None:
        return
    w = private(interaction)
    steps = {"first": study.first, "prev": study.previous, "next": study.next, "last": study.last, "back": study.back}
    if action in steps:
        await redraw(interaction, ref.nonce, steps[action]())
    elif action == "board":
        await interaction.response.edit_message(view=board_view(study, ref.nonce, w))
    elif action == "save" and study.trying and study.source.kind is StudyKind.GAME:
        await save(interaction, study)
    elif action == "try":
        if not study.position.legal_moves():
            raise Refusal(bad_choice)
        await interaction.response.edit_message(view=pieces_view(study, ref.nonce, w))
    elif action == "type":
        await interaction.response.send_modal(StudyModal(ref, study, w))
    elif action == "pick" and value is not None:
        await picked(interaction, ref.nonce, study, value)
    else:
        raise Refusal(not_this_study)


async def save(interaction: Interaction, study: Study) -> None:
    """Keep the tried line for its player (service/notes.py); /study shows it again."""
    notes = interaction.client.service.notes
    tried = tuple(study.tried_notations())
    line = await notes.save_line(study.source.number, interaction.user.id, study.ply, tried)
    await interaction.response.send_message(line_saved(private(interaction), line), ephemeral=True)


async def picked(interaction: Interaction, nonce: str, study: Study, value: str) -> None:
    """A choice in the picker, checked against the shown position (a forged value changes nothing)."""
    w = private(interaction)
    kind, _, number = value.partition(":")
    if not number.isdigit() or len(number) > 4:
        raise Refusal(bad_choice)
    index = int(number)
    moves = study.position.legal_moves()
    if kind == "piece" and any(move.start == index for move in moves):
        await interaction.response.edit_message(view=moves_view(study, nonce, index, w))
    elif kind == "move" and index < len(moves):
        await redraw(interaction, nonce, study.try_move(moves[index]))
    else:
        raise Refusal(bad_choice)


async def answer_typed(interaction: Interaction) -> bool:
    """A submitted Type a move box of a study (whether or not the bot still holds the study); False: not ours."""
    data: Any = interaction.data or {}
    found = TYPED_ID.match(str(data.get("custom_id", "")))
    if found is None:
        return False
    ref = Ref.of(found)

    async def run() -> None:
        study = await held_study(interaction, ref)
        if study is None:
            return
        try:
            tried = study.try_move(_typed(data).strip())
        except RulesError as error:
            refused, position = error, study.position
            raise Refusal(lambda w: refusal(refused, position, w)) from error
        await redraw(interaction, ref.nonce, tried)

    await guarded(interaction, run)
    return True


def _typed(data: Any) -> str:
    for row in data.get("components") or []:
        for component in row.get("components") or [row.get("component") or {}]:
            if component.get("custom_id") == MOVE_FIELD:
                return str(component.get("value") or "")
    return ""


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (StudyOpen, StudyButton, StudySelect)
