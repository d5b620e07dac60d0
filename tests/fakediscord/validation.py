"""What Discord refuses: invalid command schemas (on sync), invalid option values (the Discord client
never sends them), and messages over Discord's limits (400 Invalid Form Body)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any

from tests.fakediscord.model import walk_components

SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, \
    ATTACHMENT = range(1, 12)
OPTION_TYPE_NAMES = {1: "SUB_COMMAND", 2: "SUB_COMMAND_GROUP", 3: "STRING", 4: "INTEGER", 5: "BOOLEAN",
                     6: "USER", 7: "CHANNEL", 8: "ROLE", 9: "MENTIONABLE", 10: "NUMBER", 11: "ATTACHMENT"}
NAME_RE = re.compile(r"^[-_\w]{1,32}$")
# Discord's locale codes (https://discord.com/developers/docs/reference#locales).
LOCALES = frozenset((
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
    "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW",
    "ko",
))
MAX_SAFE_INT = 2**53
# https://discord.com/developers/docs/interactions/application-commands#application-command-object:
# integration_types: 0 GUILD_INSTALL, 1 USER_INSTALL; contexts: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL.
INTEGRATION_TYPES = frozenset((0, 1))
CONTEXTS = frozenset((0, 1, 2))


class InteractionRefused(Exception):
    """Discord (its client) would never send this interaction; nothing was sent to the bot."""


class FormError(Exception):
    """A request body Discord answers with 400 (code 50035 Invalid Form Body unless given); field and value
    say where (a JSON path) and what, for the conformance report (conformance.py)."""

    def __init__(self, message: str, code: int = 50035, *, field: str = "", value: Any = None) -> None:
        super().__init__(message)
        self.code, self.field, self.value = code, field, value


# --- command schema (PUT .../commands) -------------------------------------------------------------

COMMAND_TOTAL = 8000  # characters in a command's names, descriptions and choices (Discord's docs)


def check_command_schema(commands: list[dict[str, Any]]) -> None:
    if len(commands) > 100:
        raise FormError("more than 100 commands", field="$", value=len(commands))
    seen: set[tuple[int, str]] = set()
    for index, cmd in enumerate(commands):
        ctype = cmd.get("type", 1)
        name = cmd.get("name", "")
        path = f"$[{index}]"
        if (ctype, name) in seen:
            raise FormError(f"duplicate command name {name!r}", field=f"{path}.name", value=name)
        seen.add((ctype, name))
        _check_reach(cmd, name)
        if ctype == 1:
            _check_name(name, "command", f"{path}.name")
            _check_description(cmd.get("description", ""), f"command {name}", f"{path}.description")
            _check_localizations(cmd, f"command {name}", path)
            _check_options(cmd.get("options") or [], name, depth=0, path=f"{path}.options")
            for locale in _locales_in(cmd.get("options") or []):
                _check_options_in_locale(cmd.get("options") or [], name, locale)
            total = command_size(cmd)
            if total > COMMAND_TOTAL:
                raise FormError(f"command {name}: {total} characters in names, descriptions and choices, over "
                                f"{COMMAND_TOTAL}", field=path, value=name)
        elif not 1 <= len(name) <= 32:
            raise FormError(f"context menu name {name!r} must be 1-32 characters", field=f"{path}.name", value=name)


def command_size(item: dict[str, Any]) -> int:
    """Discord's count towards a command's 8,000 characters: name, description and value of the command,
    its options (subcommands and groups included) and their choices, taking for each field only its
    longest text among the default and every localization."""
    total = 0
    for key in ("name", "description"):
        texts = [str(item.get(key) or ""), *(item.get(f"{key}_localizations") or {}).values()]
        total += max(len(text) for text in texts)
    if "value" in item:
        total += len(str(item["value"]))
    for child in (item.get("options") or []) + (item.get("choices") or []):
        total += command_size(child)
    return total


def _check_reach(cmd: dict[str, Any], name: str) -> None:
    """integration_types and contexts: lists of known values, no repeats; empty or null means the default."""
    for key, known in (("integration_types", INTEGRATION_TYPES), ("contexts", CONTEXTS)):
        value = cmd.get(key)
        if value is None:
            continue
        if not isinstance(value, list) or any(isinstance(v, bool) or v not in known for v in value):
            raise FormError(f"command {name}: {key} must be a list of {sorted(known)}, got {value!r}")
        if len(set(value)) != len(value):
            raise FormError(f"command {name}: {key} has repeated values {value!r}")


def _name_char(char: str) -> bool:
    """Discord's ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$, one character at a time."""
    return char in "-_'" or unicodedata.category(char)[0] in "LN" or 0x0900 <= ord(char) <= 0x097F or (
        0x0E00 <= ord(char) <= 0x0E7F
    )


def _check_name(name: str, what: str, field: str = "") -> None:
    if not (1 <= len(name) <= 32 and all(_name_char(c) for c in name)) or name != name.lower():
        raise FormError(f"{what} name {name!r} must match ^[-_\\w]{{1,32}}$ and be lower case", field=field,
                        value=name)


def _check_description(text: str, what: str, field: str = "") -> None:
    if not 1 <= len(text) <= 100:
        raise FormError(f"{what}: description must be 1-100 characters, got {len(text)}", field=field, value=text)


def _check_localizations(item: dict[str, Any], what: str, path: str = "$") -> None:
    """name_localizations / description_localizations: known locales, and each value as valid as the default."""
    for locale, name in (item.get("name_localizations") or {}).items():
        field = f"{path}.name_localizations.{locale}"
        if locale not in LOCALES:
            raise FormError(f"{what}: unknown locale {locale!r}", field=field, value=name)
        if "type" in item or "options" in item or "description" in item:
            _check_name(name, f"{what} ({locale})", field)
    for locale, text in (item.get("description_localizations") or {}).items():
        field = f"{path}.description_localizations.{locale}"
        if locale not in LOCALES:
            raise FormError(f"{what}: unknown locale {locale!r}", field=field, value=text)
        _check_description(text, f"{what} ({locale})", field)


def _locales_in(options: list[dict[str, Any]]) -> set[str]:
    found: set[str] = set()
    for opt in options:
        found |= set(opt.get("name_localizations") or {})
        found |= _locales_in(opt.get("options") or [])
    return found


def _check_options_in_locale(options: list[dict[str, Any]], where: str, locale: str) -> None:
    """Option names must stay unique within a command in every language."""
    names = [(opt.get("name_localizations") or {}).get(locale, opt.get("name", "")) for opt in options]
    if len(names) != len(set(names)):
        raise FormError(f"{where}: duplicate option names in {locale}: {sorted(names)}")
    for opt in options:
        _check_options_in_locale(opt.get("options") or [], f"{where} {opt.get('name')}", locale)


def _check_options(options: list[dict[str, Any]], where: str, depth: int, path: str = "$.options") -> None:
    if len(options) > 25:
        raise FormError(f"{where}: more than 25 options", field=path, value=len(options))
    names: set[str] = set()
    optional_seen = False
    for index, opt in enumerate(options):
        name = opt.get("name", "")
        here = f"{path}[{index}]"
        _check_name(name, f"{where}: option", f"{here}.name")
        _check_description(opt.get("description", ""), f"{where} {name}", f"{here}.description")
        _check_localizations(opt, f"{where} {name}", here)
        if name in names:
            raise FormError(f"{where}: duplicate option {name!r}", field=f"{here}.name", value=name)
        names.add(name)
        otype = opt.get("type")
        if otype in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if depth >= (1 if otype == SUB_COMMAND_GROUP else 2):
                raise FormError(f"{where}: {name} nested too deep", field=f"{here}.type", value=otype)
            _check_options(opt.get("options") or [], f"{where} {name}", depth + 1, f"{here}.options")
            continue
        if otype not in OPTION_TYPE_NAMES:
            raise FormError(f"{where}: option {name} has unknown type {otype!r}", field=f"{here}.type", value=otype)
        if opt.get("required"):
            if optional_seen:
                raise FormError(f"{where}: required option {name} after an optional one", field=f"{here}.required",
                                value=True)
        else:
            optional_seen = True
        _check_choices_of(opt, f"{where}: option {name}", here)


def _check_choices_of(opt: dict[str, Any], what: str, path: str) -> None:
    choices = opt.get("choices") or []
    if len(choices) > 25:
        raise FormError(f"{what} has more than 25 choices", field=f"{path}.choices", value=len(choices))
    if choices and opt.get("autocomplete"):
        raise FormError(f"{what} has both choices and autocomplete", field=f"{path}.autocomplete", value=True)
    for index, choice in enumerate(choices):
        field = f"{path}.choices[{index}]"
        if not 1 <= len(choice.get("name", "")) <= 100:
            raise FormError(f"{what}: choice name must be 1-100 characters", field=f"{field}.name",
                            value=choice.get("name"))
        for locale, text in (choice.get("name_localizations") or {}).items():
            if locale not in LOCALES or not 1 <= len(text) <= 100:
                raise FormError(f"{what}: choice {locale} name must be 1-100 characters",
                                field=f"{field}.name_localizations.{locale}", value=text)


# --- option values (the driver's slash()/autocomplete()) --------------------------------------------

Resolver = Callable[[int, Any], tuple[Any, dict[str, dict[str, Any]]]]


def build_options(
    schema: list[dict[str, Any]],
    given: dict[str, Any],
    resolve: Resolver,
    *,
    where: str,
    focused: str | None = None,
) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """Turn keyword values into Discord's ``options`` list plus ``resolved`` data, refusing what the
    Discord client would refuse. ``resolve(type, value)`` returns the wire value and resolved entries.
    For autocomplete (``focused`` set) values are partial text: only the focused option is checked."""
    by_name = {o["name"]: o for o in schema}
    unknown = set(given) - set(by_name)
    if unknown:
        raise InteractionRefused(f"/{where}: unknown option(s) {sorted(unknown)}; has {sorted(by_name)}")
    out: list[dict[str, Any]] = []
    resolved: dict[str, dict[str, Any]] = {}
    for opt in schema:
        name = opt["name"]
        if name not in given:
            if opt.get("required") and focused is None:
                raise InteractionRefused(f"/{where}: required option {name!r} missing")
            continue
        value = given[name]
        if focused is not None:
            if name == focused and not opt.get("autocomplete"):
                raise InteractionRefused(f"/{where}: option {name!r} has no autocomplete")
            entry: dict[str, Any] = {"name": name, "type": opt["type"], "value": value if name == focused
                                     else _partial(value)}
            if name == focused:
                entry["focused"] = True
                entry["value"] = str(value)
            out.append(entry)
            continue
        wire, extra = _check_value(opt, value, resolve, where)
        out.append({"name": name, "type": opt["type"], "value": wire})
        for key, items in extra.items():
            resolved.setdefault(key, {}).update(items)
    if focused is not None and focused not in given:
        raise InteractionRefused(f"/{where}: focused option {focused!r} needs a value (may be '')")
    return out, resolved


def _partial(value: Any) -> Any:
    return value.id if hasattr(value, "id") else value


def _check_value(opt: dict[str, Any], value: Any, resolve: Resolver, where: str) -> tuple[Any, dict[str, Any]]:
    name, otype = opt["name"], opt["type"]
    label = f"/{where} {name}"
    if otype == STRING:
        if not isinstance(value, str):
            raise InteractionRefused(f"{label}: expected text, got {value!r}")
        lo, hi = opt.get("min_length", 0), opt.get("max_length", 6000)
        if not lo <= len(value) <= hi:
            raise InteractionRefused(f"{label}: length {len(value)} outside {lo}..{hi}")
    elif otype == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_SAFE_INT:
            raise InteractionRefused(f"{label}: expected an integer, got {value!r}")
    elif otype == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InteractionRefused(f"{label}: expected a number, got {value!r}")
    elif otype == BOOLEAN and not isinstance(value, bool):
        raise InteractionRefused(f"{label}: expected true/false, got {value!r}")
    if otype in (INTEGER, NUMBER):
        lo, hi = opt.get("min_value"), opt.get("max_value")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise InteractionRefused(f"{label}: {value!r} outside {lo}..{hi}")
    choices = opt.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise InteractionRefused(f"{label}: {value!r} is not one of {[c['value'] for c in choices]}")
    if otype in (STRING, INTEGER, NUMBER, BOOLEAN):
        return value, {}
    try:
        wire, extra = resolve(otype, value)
    except LookupError as exc:
        raise InteractionRefused(f"{label}: {exc}") from None
    if otype == CHANNEL and opt.get("channel_types"):
        ctype = extra["channels"][str(wire)]["type"]
        if ctype not in opt["channel_types"]:
            raise InteractionRefused(f"{label}: channel type {ctype} not in {opt['channel_types']}")
    return wire, extra


# --- messages, modals, autocomplete results ----------------------------------------------------------

EMBED_TOTAL = 6000  # characters in all of a message's embeds (Discord's docs)


def check_message(data: dict[str, Any], n_files: int, *, creating: bool, path: str = "$") -> None:
    content = data.get("content") or ""
    embeds = data.get("embeds") or []
    components = data.get("components") or []
    if len(content) > 2000:
        raise FormError(f"content: must be 2000 or fewer in length (got {len(content)})", field=f"{path}.content",
                        value=content)
    if len(embeds) > 10:
        raise FormError("embeds: at most 10", field=f"{path}.embeds", value=len(embeds))
    total = 0
    for index, embed in enumerate(embeds):
        here = f"{path}.embeds[{index}]"
        for key, limit in (("title", 256), ("description", 4096)):
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                raise FormError(f"embed {key}: must be {limit} or fewer in length", field=f"{here}.{key}", value=text)
        total += len((embed.get("footer") or {}).get("text") or "") + len((embed.get("author") or {}).get("name") or "")
        if len(embed.get("fields") or []) > 25:
            raise FormError("embed fields: at most 25", field=f"{here}.fields", value=len(embed["fields"]))
        for fld in embed.get("fields") or []:
            total += len(fld.get("name", "")) + len(fld.get("value", ""))
    if total > EMBED_TOTAL:
        raise FormError(f"embeds: total text over {EMBED_TOTAL} characters", field=f"{path}.embeds", value=total)
    if len(data.get("attachments") or []) > 10 or n_files > 10:
        raise FormError("attachments: at most 10", field=f"{path}.attachments", value=max(n_files, len(
            data.get("attachments") or [])))
    check_components(components, v2=bool((data.get("flags") or 0) & (1 << 15)), path=f"{path}.components")
    if creating and not (content or embeds or n_files or components or data.get("poll")
                         or data.get("sticker_ids")):
        raise FormError("Cannot send an empty message", code=50006, field=path, value=data)


def check_components(components: list[dict[str, Any]], *, v2: bool = False, path: str = "$.components") -> None:
    if not v2:
        if len(components) > 5:
            raise FormError("components: at most 5 action rows", field=path, value=len(components))
        for index, row in enumerate(components):
            if row.get("type") != 1:
                raise FormError("components: top level must be action rows (type 1) without IS_COMPONENTS_V2",
                                field=f"{path}[{index}].type", value=row.get("type"))
            kids = row.get("components") or []
            selects = [c for c in kids if c.get("type") in (3, 5, 6, 7, 8)]
            if not kids or len(kids) > 5 or (selects and len(kids) > 1):
                raise FormError("action row: 1-5 buttons or exactly one select", field=f"{path}[{index}].components",
                                value=[c.get("type") for c in kids])
    ids: set[str] = set()
    for comp in walk_components(components):
        cid = comp.get("custom_id")
        if cid is not None:
            if not 1 <= len(cid) <= 100:
                raise FormError(f"custom_id {cid!r}: must be 1-100 characters", field=f"{path}..custom_id", value=cid)
            if cid in ids:
                raise FormError(f"custom_id {cid!r}: duplicated in one message", field=f"{path}..custom_id",
                                value=cid)
            ids.add(cid)
        if comp.get("type") == 2:
            if len(comp.get("label") or "") > 80:
                raise FormError("button label: at most 80 characters", field=f"{path}..label", value=comp["label"])
            if comp.get("style") == 5 and not comp.get("url"):
                raise FormError("link button needs a url", field=f"{path}..url", value=None)
            if comp.get("style") != 5 and cid is None and comp.get("style") != 6:
                raise FormError("button needs a custom_id", field=f"{path}..custom_id", value=None)
        if comp.get("type") == 3 and not 1 <= len(comp.get("options") or []) <= 25:
            raise FormError("string select: 1-25 options", field=f"{path}..options", value=len(comp.get("options")
                                                                                             or []))


def check_modal(data: dict[str, Any], path: str = "$.data") -> None:
    if not 1 <= len(data.get("title") or "") <= 45:
        raise FormError("modal title: 1-45 characters", field=f"{path}.title", value=data.get("title"))
    if not 1 <= len(data.get("custom_id") or "") <= 100:
        raise FormError("modal custom_id: 1-100 characters", field=f"{path}.custom_id", value=data.get("custom_id"))
    if not 1 <= len(data.get("components") or []) <= 5:
        raise FormError("modal: 1-5 components", field=f"{path}.components", value=len(data.get("components") or []))


def check_choices(data: dict[str, Any], path: str = "$.data") -> None:
    choices = data.get("choices")
    if not isinstance(choices, list) or len(choices) > 25:
        raise FormError("autocomplete: choices must be a list of at most 25", field=f"{path}.choices",
                        value=len(choices) if isinstance(choices, list) else choices)
    for index, choice in enumerate(choices):
        field = f"{path}.choices[{index}]"
        if not 1 <= len(str(choice.get("name", ""))) <= 100:
            raise FormError("autocomplete choice name: 1-100 characters", field=f"{field}.name",
                            value=choice.get("name"))
        if isinstance(choice.get("value"), str) and len(choice["value"]) > 100:
            raise FormError("autocomplete choice value: at most 100 characters", field=f"{field}.value",
                            value=choice["value"])
