"""The user side of FakeDiscord (mixed in): build the interactions a Discord client would send —
refusing what it would refuse — dispatch them to the bot, and read what the bot answered."""

from __future__ import annotations

import dataclasses
import secrets
import time
from typing import TYPE_CHECKING, Any

from .model import DM, GROUP_DM, FakeChannel, FakeRole, FakeUser, Message, Reply, SentInteraction, Upload
from .validation import (
    ATTACHMENT,
    CHANNEL,
    MENTIONABLE,
    ROLE,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
    InteractionRefused,
    build_options,
)

if TYPE_CHECKING:
    from .fake import FakeDiscord

MessageRef = Message | Reply | int
SELECT_TYPES = (3, 5, 6, 7, 8)


class DriverMixin:
    # --- slash commands and autocomplete ------------------------------------------------------------

    async def slash(self: FakeDiscord, user: FakeUser, command: str, /, *, channel: FakeChannel | None = None,
                    dm: bool = False, ack_deadline: float | None = None, **options: Any) -> SentInteraction:
        """Run ``/command`` (``"game new"`` for subcommands) as ``user``. Options are checked against the
        synced schema; InteractionRefused if Discord would not send it (nothing reaches the bot). A group
        DM as ``channel`` sends it from there (context 2: only a user who installed the app can)."""
        data = await self._command_data(user, command, options, dm=dm, focused=None, channel=channel)
        return await self._send_interaction(2, user, data, channel=channel, dm=dm, ack_deadline=ack_deadline)

    async def autocomplete(self: FakeDiscord, user: FakeUser, command: str, focused: str,
                           options: dict[str, Any] | None = None, *, channel: FakeChannel | None = None,
                           dm: bool = False, timeout: float = 10.0, **more: Any) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its text is ``options[focused]``, default "") and return the
        choices the bot offered: a list of {"name", "value"}."""
        values = {**(options or {}), **more}
        values.setdefault(focused, "")
        data = await self._command_data(user, command, values, dm=dm, focused=focused, channel=channel)
        inter = await self._send_interaction(4, user, data, channel=channel, dm=dm)
        reply = await self.wait_for_reply(inter, timeout=timeout)
        return reply.choices or []

    async def _command_data(self: FakeDiscord, user: FakeUser, command: str, values: dict[str, Any], *,
                            dm: bool, focused: str | None, channel: FakeChannel | None = None) -> dict[str, Any]:
        path = command.strip().lstrip("/").split()
        cmd = await self.wait_until(lambda: self.command(path[0]), timeout=5.0,
                                    what=f"command /{path[0]} to be synced")
        if dm and cmd.get("guild_id"):
            raise InteractionRefused(f"/{path[0]} is a guild command; not available in DMs")
        contexts = cmd.get("contexts")
        context = 1 if dm else 2 if channel is not None and channel.type == GROUP_DM else 0
        installs = cmd.get("integration_types") or [0]  # a command without them: the guild install only
        if context == 2 and not (user.installed and 1 in installs):
            raise InteractionRefused(f"/{path[0]} is not available in a group DM (user install {user.installed}, "
                                     f"integration_types {installs})")
        if context == 0 and 0 not in installs and not (user.installed and 1 in installs):
            raise InteractionRefused(f"/{path[0]} is not available here (integration_types {installs})")
        if contexts is not None and context not in contexts:
            raise InteractionRefused(f"/{path[0]} is not available in context {context} (has {contexts})")
        if dm and contexts is None and cmd.get("dm_permission") is False:
            raise InteractionRefused(f"/{path[0]} has dm_permission false")
        needed = cmd.get("default_member_permissions")
        if needed is not None and not dm and (self.permissions(user) & int(needed)) != int(needed):
            raise InteractionRefused(f"/{path[0]} needs permissions {needed}; {user.name} lacks them")
        schema = cmd.get("options") or []
        wrappers: list[dict[str, Any]] = []
        for part in path[1:]:
            sub = next((o for o in schema if o["name"] == part and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)),
                       None)
            if sub is None:
                raise InteractionRefused(f"/{command}: no subcommand {part!r}")
            wrappers.append({"name": part, "type": sub["type"]})
            schema = sub.get("options") or []
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema):
            raise InteractionRefused(f"/{command}: a subcommand must be chosen")
        opts, resolved = build_options(schema, values, self._resolve_value, where=command, focused=focused)
        for wrapper in reversed(wrappers):
            wrapper["options"] = opts
            opts = [wrapper]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        return data

    def _resolve_value(self: FakeDiscord, otype: int, value: Any) -> tuple[str, dict[str, Any]]:
        if otype in (USER, MENTIONABLE) and isinstance(value, FakeUser | int) and self._user_or_none(value):
            user = self._user_or_none(value)
            assert user is not None
            return str(user.id), {"users": {str(user.id): user.payload()},
                                  "members": {str(user.id): self._resolved_member(user)}}
        if otype in (ROLE, MENTIONABLE):
            role = value if isinstance(value, FakeRole) else self.roles.get(int(value))
            if role is None:
                raise LookupError(f"no role {value!r}")
            return str(role.id), {"roles": {str(role.id): role.payload()}}
        if otype == CHANNEL:
            channel = value if isinstance(value, FakeChannel) else self.channels.get(int(value))
            if channel is None:
                raise LookupError(f"no channel {value!r}")
            entry = {**channel.payload(), "permissions": str(self.permissions(self.bot_user))}
            return str(channel.id), {"channels": {str(channel.id): entry}}
        if otype == ATTACHMENT:
            if not isinstance(value, Upload):
                raise LookupError(f"attachment options take an Upload, got {value!r}")
            att = self._store_attachment(value.filename, (value.filename, value.data, value.content_type), None)
            return str(att.id), {"attachments": {str(att.id): att.payload()}}
        raise LookupError(f"no user {value!r}")

    def _user_or_none(self: FakeDiscord, value: Any) -> FakeUser | None:
        if isinstance(value, FakeUser):
            return value
        return self.users_by_id.get(int(value))

    def _resolved_member(self: FakeDiscord, user: FakeUser) -> dict[str, Any]:
        member = self.member_payload(user)
        member.pop("user")
        return {**member, "permissions": str(self.permissions(user))}

    # --- components and modals ----------------------------------------------------------------------

    def _live_message(self: FakeDiscord, ref: MessageRef) -> Message:
        mid = ref.message_id if isinstance(ref, Reply) else ref.id if isinstance(ref, Message) else ref
        message = self.messages_by_id.get(mid or 0)
        if message is None or message.deleted:
            raise InteractionRefused(f"message {mid} does not exist (or was deleted)")
        return message

    async def click(self: FakeDiscord, user: FakeUser, message: MessageRef, custom_id: str, *,
                    ack_deadline: float | None = None) -> SentInteraction:
        """Press the button ``custom_id`` on ``message`` (a Message, a Reply or a message id)."""
        live = self._live_message(message)
        comp = live.component(custom_id)
        if comp is None or comp.get("type") != 2:
            raise InteractionRefused(f"no button {custom_id!r} on {live!r}")
        if comp.get("disabled"):
            raise InteractionRefused(f"button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        return await self._send_interaction(3, user, data, channel=self.channels[live.channel_id],
                                            message=live, ack_deadline=ack_deadline)

    async def raw_command(self: FakeDiscord, user: FakeUser, name: str, options: list[dict[str, Any]], *,
                          command_id: int | None = None, resolved: dict[str, Any] | None = None,
                          dm: bool = False) -> SentInteraction:
        """A slash command as a stale or modified client may send it: any name, any options, no schema check
        (a command still registered from an older version, a number beyond 64 bits, a string for an integer).
        resolved: Discord's resolved data as sent (e.g. a user with no member entry: not in the server);
        dm: sent from the user's DM with the bot, as a client ignoring a command's contexts would."""
        data: dict[str, Any] = {"id": str(command_id or self.snow.next()), "name": name, "type": 1,
                                "options": options}
        if resolved is not None:
            data["resolved"] = resolved
        return await self._send_interaction(2, user, data, dm=dm)

    async def forge_click(self: FakeDiscord, user: FakeUser, message: MessageRef, custom_id: str, *,
                          channel: FakeChannel) -> SentInteraction:
        """A modified client's button press: any custom_id, sent from any channel (what Discord would
        refuse is exactly what a bot must not trust)."""
        live = self._live_message(message)
        forged = dataclasses.replace(live, components=[
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "?", "custom_id": custom_id}]}
        ])
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._send_interaction(3, user, data, channel=channel, message=forged)

    async def select(self: FakeDiscord, user: FakeUser, message: MessageRef, custom_id: str,
                     values: list[Any], *, ack_deadline: float | None = None) -> SentInteraction:
        """Choose ``values`` in the select menu ``custom_id`` (option values, or users/roles/channels)."""
        live = self._live_message(message)
        comp = live.component(custom_id)
        if comp is None or comp.get("type") not in SELECT_TYPES:
            raise InteractionRefused(f"no select {custom_id!r} on {live!r}")
        if comp.get("disabled"):
            raise InteractionRefused(f"select {custom_id!r} is disabled")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise InteractionRefused(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise InteractionRefused(f"select {custom_id!r}: {bad} not among {allowed}")
            data["values"] = list(values)
        else:
            otype = {5: USER, 6: ROLE, 7: MENTIONABLE, 8: CHANNEL}[comp["type"]]
            resolved: dict[str, dict[str, Any]] = {}
            wire = []
            for value in values:
                try:
                    ident, extra = self._resolve_value(otype, value)
                except LookupError as exc:
                    raise InteractionRefused(f"select {custom_id!r}: {exc}") from None
                wire.append(ident)
                for key, items in extra.items():
                    resolved.setdefault(key, {}).update(items)
            data["values"], data["resolved"] = wire, resolved
        return await self._send_interaction(3, user, data, channel=self.channels[live.channel_id],
                                            message=live, ack_deadline=ack_deadline)

    async def submit_modal(self: FakeDiscord, user: FakeUser, opened_by: SentInteraction | Reply,
                           values: dict[str, Any], *, ack_deadline: float | None = None) -> SentInteraction:
        """Fill in and submit the modal the bot opened in answer to ``opened_by``. ``values`` maps each
        text input's custom_id to its text (a select inside a label takes a list)."""
        source = opened_by.interaction if isinstance(opened_by, Reply) else opened_by
        if source.callback_type != 9 or source.callback_data is None:
            raise InteractionRefused(f"{source!r} was not answered with a modal")
        modal = source.callback_data
        used: set[str] = set()

        def fill(comp: dict[str, Any]) -> dict[str, Any] | None:
            ctype = comp.get("type")
            if ctype == 1:
                return {"type": 1, "components": [c for c in map(fill, comp.get("components", [])) if c]}
            if ctype == 18:
                inner = fill(comp["component"])
                return {"type": 18, "component": inner} if inner else None
            cid = comp.get("custom_id")
            if ctype == 4:
                text = values.get(cid, comp.get("value") or "")
                used.add(cid)
                if comp.get("required", True) and not text:
                    raise InteractionRefused(f"modal field {cid!r} is required")
                lo, hi = comp.get("min_length", 0), comp.get("max_length", 4000)
                if text and not lo <= len(text) <= hi:
                    raise InteractionRefused(f"modal field {cid!r}: length {len(text)} outside {lo}..{hi}")
                return {"type": 4, "custom_id": cid, "value": text}
            if ctype in SELECT_TYPES:
                used.add(cid)
                return {"type": ctype, "custom_id": cid, "values": list(values.get(cid, []))}
            return None

        components = [c for c in map(fill, modal.get("components", [])) if c]
        extra = set(values) - used
        if extra:
            raise InteractionRefused(f"modal {modal.get('custom_id')!r} has no fields {sorted(extra)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        message = self.messages_by_id.get(source.source_message_id or 0) if source.type == 3 else None
        return await self._send_interaction(5, user, data, channel=source.channel, message=message,
                                            dm=source.channel.type == DM, ack_deadline=ack_deadline)

    # --- sending and reading ------------------------------------------------------------------------

    async def _send_interaction(self: FakeDiscord, itype: int, user: FakeUser, data: dict[str, Any], *,
                                channel: FakeChannel | None = None, message: Message | None = None,
                                dm: bool = False, ack_deadline: float | None = None) -> SentInteraction:
        if dm:
            channel = self.open_dm(user)
        channel = channel or self.channel
        private = channel.type in (DM, GROUP_DM)
        guild_id = None if private else (channel.guild_id or self.guild_id)
        if channel.type == GROUP_DM and user not in channel.recipients:
            raise InteractionRefused(f"{user.name} is not in group DM {channel.id}")
        session = await self.wait_until(lambda: self.ready_session(guild_id), timeout=10.0,
                                        what=f"a bot session for the shard of server {guild_id}")
        iid, token = self.snow.next(), f"itoken.{secrets.token_urlsafe(32)}"
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.app_id), "type": itype, "data": data, "token": token,
            "version": 1, "app_permissions": str(self.permissions(self.bot_user)), "locale": user.locale,
            "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024, "channel_id": str(channel.id),
            "channel": {**channel.payload(), "permissions": str(self.permissions(user))},
            "context": 2 if channel.type == GROUP_DM else 1 if guild_id is None else 0,
            "authorizing_integration_owners": self._owners(user, channel, guild_id, message),
        }
        if guild_id is not None:
            payload.update(guild_id=str(guild_id), guild_locale=self.guild_locale,
                           guild={"id": str(guild_id), "locale": self.guild_locale, "features": []},
                           member={**self.member_payload(user), "permissions": str(self.permissions(user))})
        else:
            payload["user"] = user.payload()
        if message is not None:
            payload["message"] = message.payload()
        inter = SentInteraction(iid, token, itype, user, channel, guild_id, data, payload,
                                self.ack_deadline if ack_deadline is None else ack_deadline,
                                source_message_id=message.id if message else None, shard=session.shard)
        self.interactions[iid] = inter
        self.by_token[token] = inter
        inter.dispatched_at = time.monotonic()
        await session.dispatch("INTERACTION_CREATE", payload)
        self._notify()
        return inter

    def _owners(self: FakeDiscord, user: FakeUser, channel: FakeChannel, guild_id: int | None,
                message: Message | None) -> dict[str, str]:
        """authorizing_integration_owners: the server's install in a server, else the user's; a click on a
        message carries the owners of the interaction that made it (the installer's, not the clicker's)."""
        if message is not None and message.interaction_meta is not None:
            return dict(message.interaction_meta.get("authorizing_integration_owners") or {})
        if guild_id is not None:
            return {"0": str(guild_id), **({"1": str(user.id)} if user.installed else {})}
        return {"1": str(user.id)}

    async def wait_for_reply(self: FakeDiscord, interaction: SentInteraction, *, timeout: float = 10.0) -> Reply:
        """The bot's first visible answer: the message it sent or updated (type 4/7), the autocomplete
        choices (8), the modal (9) — or, after a defer (5/6), the @original edit or first followup."""
        return await self.wait_until(lambda: interaction.reply, timeout=timeout,
                                     what=f"the bot's reply to {interaction!r}")

    async def wait_for_ack(self: FakeDiscord, interaction: SentInteraction, *, timeout: float = 10.0) -> int:
        """Wait for the initial callback; returns its type (4-9)."""
        return await self.wait_until(lambda: interaction.callback_type, timeout=timeout,
                                     what=f"the acknowledgement of {interaction!r}")

    async def wait_for_followups(self: FakeDiscord, interaction: SentInteraction, count: int = 1, *,
                                 timeout: float = 10.0) -> list[Message]:
        def enough() -> list[Message] | None:
            found = [self.messages_by_id[m] for m in interaction.followup_ids]
            return found if len(found) >= count else None
        return await self.wait_until(enough, timeout=timeout, what=f"{count} followup(s) to {interaction!r}")

    async def wait_for_message(self: FakeDiscord, channel: FakeChannel | int | None = None, *,
                               predicate: Any = None, after: Message | int | None = None,
                               timeout: float = 10.0) -> Message:
        """The first message in ``channel`` newer than ``after`` that satisfies ``predicate``."""
        floor = after.id if isinstance(after, Message) else (after or 0)

        def find() -> Message | None:
            return next((m for m in self.messages(channel) if m.id > floor
                         and (predicate is None or predicate(m))), None)
        return await self.wait_until(find, timeout=timeout, what="a message from the bot")

    async def wait_for_edit(self: FakeDiscord, message: MessageRef, *, version: int | None = None,
                            timeout: float = 10.0) -> Message:
        """Wait until ``message`` is edited past ``version`` (default: the version of the Reply's
        snapshot or Message given — for a live Message or an id, its current version)."""
        live = self._live_message(message)
        if version is None:
            seen = message.message if isinstance(message, Reply) else message
            version = seen.version if isinstance(seen, Message) else live.version
        start = version
        return await self.wait_until(lambda: live if live.version > start else None, timeout=timeout,
                                     what=f"an edit of {live!r}")
