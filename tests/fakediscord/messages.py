"""Message mechanics of the fake Discord (mixed into FakeDiscord): attachments, creating, editing and deleting
messages, and threads, shared by the REST handlers and the interaction callbacks."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

from .model import EPHEMERAL, LOADING, PRIVATE_THREAD, PUBLIC_THREAD, Attachment, FakeChannel, Message, SentInteraction
from .validation import FormError

if TYPE_CHECKING:
    from .fake import FakeDiscord


USER_MENTION = re.compile(r"<@!?(\d+)>")


def pinged(data: dict[str, Any]) -> list[int]:
    """The users a message's content notifies (Discord's rules): each <@id> in the content, unless
    allowed_mentions leaves users out (no "users" in parse, and the id not in its users list). Without
    allowed_mentions Discord parses every mention."""
    found = list(dict.fromkeys(int(uid) for uid in USER_MENTION.findall(data.get("content") or "")))
    allowed = data.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or []):
        return found
    listed = {int(uid) for uid in allowed.get("users") or []}
    return [uid for uid in found if uid in listed]


class MessageMixin:
    def _attachments(self: FakeDiscord, meta: list[dict[str, Any]] | None, files: list[Any],
                     keep: list[Attachment]) -> list[Attachment]:
        """Resolve an ``attachments`` array: ids of kept attachments, or upload indices into files[n]."""
        by_index = dict(enumerate(files))
        kept = {a.id: a for a in keep}
        result: list[Attachment] = []
        used: set[int] = set()
        for index, entry in enumerate(meta or []):
            ident = int(entry["id"])
            if ident in kept:
                result.append(kept[ident])
            elif ident in by_index and by_index[ident] is not None:
                used.add(ident)
                result.append(self._store_attachment(entry.get("filename"), by_index[ident],
                                                     entry.get("description")))
            else:
                raise FormError(f"attachments: id {ident} is neither a kept attachment nor an uploaded file",
                                field=f"$.attachments[{index}].id", value=entry["id"])
        for index, upload in by_index.items():
            if index not in used and upload is not None:
                result.append(self._store_attachment(None, upload, None))
        return result

    def _store_attachment(self: FakeDiscord, filename: str | None, upload: tuple[str, bytes, str | None],
                          description: str | None) -> Attachment:
        aid = self.snow.next()
        name = filename or upload[0]
        ctype = upload[2] if upload[2] not in (None, "application/octet-stream") else _guess_type(name)
        att = Attachment(aid, name, upload[1], f"{self.base_url}/files/{aid}/{name}", ctype, description)
        self.attachments[aid] = att
        return att

    def _new_message(self: FakeDiscord, channel: FakeChannel, data: dict[str, Any], files: list[Any], *,
                     interaction: SentInteraction | None = None, type_: int = 0) -> Message:
        message = Message(
            id=self.snow.next(), channel_id=channel.id, guild_id=channel.guild_id, author=self.bot_user,
            content=data.get("content") or "", embeds=data.get("embeds") or [],
            components=data.get("components") or [],
            attachments=self._attachments(data.get("attachments"), files, []),
            flags=data.get("flags") or 0, type=type_, pinged=pinged(data),
        )
        if interaction is not None:
            message.interaction_id = interaction.id
            message.webhook_id = self.app_id
            message.interaction_meta = {
                "id": str(interaction.id), "type": interaction.type, "user": interaction.user.payload(),
                "authorizing_integration_owners": interaction.payload.get("authorizing_integration_owners", {}),
            }
        self.messages_by_id[message.id] = message
        if not message.ephemeral and not message.loading:
            self._dispatch_soon("MESSAGE_CREATE", message.payload())
        return message

    def _edit(self: FakeDiscord, message: Message, data: dict[str, Any], files: list[Any]) -> None:
        message.history.append(message.snapshot())
        if "content" in data:
            message.content = data["content"] or ""
            if message.loading:  # a deferred answer's first content notifies like a new message
                message.pinged = pinged(data)
        if "embeds" in data:
            message.embeds = data["embeds"] or []
        if "components" in data:
            message.components = data["components"] or []
        if "attachments" in data:
            message.attachments = self._attachments(data["attachments"], files, message.attachments)
        elif files:
            message.attachments = message.attachments + self._attachments(None, files, [])
        if "flags" in data and data["flags"] is not None:
            message.flags = (message.flags & EPHEMERAL) | (data["flags"] & ~EPHEMERAL & ~LOADING)
        message.flags &= ~LOADING
        message.version += 1
        message.edited_at = time.time()
        if not message.ephemeral:
            self._dispatch_soon("MESSAGE_UPDATE", message.payload())

    def _delete(self: FakeDiscord, message: Message) -> None:
        message.deleted = True
        if not message.ephemeral:
            self._dispatch_soon("MESSAGE_DELETE", {
                "id": str(message.id), "channel_id": str(message.channel_id),
                **({"guild_id": str(message.guild_id)} if message.guild_id else {})})

    def _new_thread(self: FakeDiscord, parent: FakeChannel, name: str, ttype: int,
                    message: Message | None) -> FakeChannel:
        if not 1 <= len(name) <= 100:
            raise FormError("thread name: 1-100 characters")
        if ttype not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise FormError(f"thread type {ttype} is not a thread type")
        tid = message.id if message is not None else self.snow.next()  # Discord reuses the message id
        thread = FakeChannel(tid, ttype, name, self.guild_id, parent_id=parent.id, owner_id=self.bot_user.id)
        thread.thread_members.add(self.bot_user.id)
        self.channels[tid] = thread
        if message is not None:
            message.thread_id = tid
        self._dispatch_soon("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread


def _guess_type(filename: str) -> str | None:
    ext = filename.rsplit(".", 1)[-1].lower()
    return {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
            "txt": "text/plain; charset=utf-8", "pdn": "text/plain; charset=utf-8",
            "json": "application/json"}.get(ext)
