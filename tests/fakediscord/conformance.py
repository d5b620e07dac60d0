"""Every request the bot makes, checked against Discord's own OpenAPI description (spec/openapi.json, MIT):
the request-body schema of its route and method (JSON Schema 2020-12). The limits the spec does not encode
(name patterns, command total, embed total, custom ids...) are validation.py's; a body the fake refuses with
them becomes a violation too (rest.py). A violation fails the test that caused it (fixtures.fake_discord)."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

SPEC = Path(__file__).with_name("spec") / "openapi.json"
API_PREFIX = re.compile(r"^/api/v\d+")
VALUE_SHOWN = 120  # characters of an offending value kept in a report


@dataclass(frozen=True)
class Violation:
    """What Discord would refuse: the route (its template, so no token reaches a report), where in the body,
    the value found there and the rule it breaks."""

    route: str
    field: str
    value: Any
    rule: str

    def __str__(self) -> str:
        shown = repr(self.value)
        if len(shown) > VALUE_SHOWN:
            shown = shown[:VALUE_SHOWN] + "..."
        return f"{self.route}: {self.field or '$'} = {shown}: {self.rule}"


@cache
def _spec() -> dict[str, Any]:
    spec: dict[str, Any] = json.loads(SPEC.read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    # Snowflakes are documented as strings, and Discord accepts them as JSON integers too (discord.py sends
    # some that way, e.g. recipient_id); the spec lists only the string form.
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
    return spec


@cache
def _templates() -> list[tuple[re.Pattern[str], str]]:
    """The spec's paths as regexes, most literal first (/users/@me before /users/{user_id})."""
    paths = list(_spec()["paths"])
    def literal_parts(path: str) -> int:
        return sum(1 for part in path.split("/") if part and not part.startswith("{"))
    paths.sort(key=lambda p: (-literal_parts(p), -len(p)))
    return [(re.compile("^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(p)) + "$"), p) for p in paths]


def route_of(method: str, path: str) -> str | None:
    """'POST /channels/{channel_id}/messages' for 'POST /api/v10/channels/12/messages'; None: not in the spec."""
    bare = API_PREFIX.sub("", path)
    for regex, template in _templates():
        if regex.match(bare) and method.lower() in _spec()["paths"][template]:
            return f"{method} {template}"
    return None


@cache
def _validator(route: str) -> Draft202012Validator | None:
    """The request body's validator, compiled once per route and process (None: the route takes no body)."""
    method, template = route.split(" ", 1)
    body = _spec()["paths"][template][method.lower()].get("requestBody")
    if body is None:
        return None
    schema = copy.copy(body["content"]["application/json"]["schema"])  # multipart: its payload_json is this
    schema["components"] = _spec()["components"]  # so "#/components/schemas/..." resolves in place
    return Draft202012Validator(schema)


def check_body(method: str, path: str, body: Any) -> list[Violation]:
    """The schema violations of one request body (JSON, or a multipart request's payload_json)."""
    route = route_of(method, path)
    if route is None:
        return [Violation(f"{method} {API_PREFIX.sub('', path)}", "", None, "route not in Discord's API description")]
    validator = _validator(route)
    if validator is None:
        return []
    if body is None:
        return [] if _may_be_empty(route) else [Violation(route, "$", None, "request body missing")]
    return [_violation(route, error) for error in validator.iter_errors(body)]


def _may_be_empty(route: str) -> bool:
    method, template = route.split(" ", 1)
    return not _spec()["paths"][template][method.lower()]["requestBody"].get("required", False)


def _violation(route: str, error: ValidationError) -> Violation:
    error = _deepest(error)
    if error.validator in ("required", "additionalProperties", "unevaluatedProperties"):
        rule = error.message  # names the property, not the whole object
    else:
        rule = f"{error.validator} {error.validator_value!r}"
    return Violation(route, error.json_path, error.instance, rule[:200])


def _deepest(error: ValidationError) -> ValidationError:
    """Into anyOf/oneOf: the branch the body meant (not one whose JSON type or "type" tag differs:
    components, callbacks and options are tagged unions), with fewest errors, the deepest on a tie."""
    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        meant = [errors for errors in branches.values() if not any(_other_kind(e) for e in errors)]
        candidates = meant or list(branches.values())
        errors = min(candidates, key=lambda errs: (len(errs), -max(len(e.absolute_path) for e in errs)))
        error = max(errors, key=lambda e: len(e.absolute_path)) if len(errors) > 1 else errors[0]
    return error


def _other_kind(error: ValidationError) -> bool:
    """An error saying the branch is for another kind of value altogether."""
    path = list(error.relative_path)
    return (path == [] and error.validator == "type") or (
        path == ["type"] and error.validator in ("type", "const", "enum")
    )
