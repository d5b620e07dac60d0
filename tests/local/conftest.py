"""Local mode asks the service as the system (local/run.py); tests that drive a session directly do too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service import SYSTEM, acting_as


@pytest.fixture(autouse=True)
def system_scope() -> Iterator[None]:
    with acting_as(SYSTEM):
        yield
