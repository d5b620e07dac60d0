"""A game's page on the web, served by the bot process itself when WEB_PORT is set (aiohttp).

    from web import WebConfig, start
    server = await start(service, WebConfig(port=8080, base_url="https://dama.example.org"))
    link = await service.web.link(game)        # what the "Open on the web" button opens
    await server.stop()

Discord-free: the Discord bot and local mode both start it. The page is read-only (GET and HEAD), escapes
every player's text, sends a strict Content-Security-Policy, limits requests per address, and answers a
wrong link exactly like a missing game (service/weblinks.py holds the rule). See docs/WEB.md.
"""

from web.app import WebConfig, WebServer, WebUnavailable, build_app, start
from web.auth import OAuthConfig
from web.guard import redact

__all__ = ["OAuthConfig", "WebConfig", "WebServer", "WebUnavailable", "build_app", "redact", "start"]
