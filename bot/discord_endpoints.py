"""Point discord.py at another Discord (a proxy, or the loopback fake used by the tests).

discord.py has no setting for its URLs: the REST base is the class attribute ``Route.BASE`` (read at
every request, and shared by the webhook adapter that sends interaction callbacks and followups) and
the gateway is ``DiscordWebSocket.DEFAULT_GATEWAY`` (used for IDENTIFY and after an invalidated
session; READY's ``resume_gateway_url`` is used for RESUME, so the other side must hand out its own).
Call this before ``client.start()``/``login()``.
"""

from __future__ import annotations

from collections.abc import Callable

import discord.gateway
import discord.http
import yarl


def point_discord_at(api_base: str, gateway_url: str) -> Callable[[], None]:
    """Send all REST calls to ``api_base`` (e.g. ``http://127.0.0.1:8080/api/v10``) and open the
    gateway at ``gateway_url`` (e.g. ``ws://127.0.0.1:8080/gateway``). Returns a function that
    restores the previous URLs (for in-process tests)."""
    if not api_base or not gateway_url:
        raise ValueError("both api_base and gateway_url are needed")
    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

    def restore() -> None:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    return restore
