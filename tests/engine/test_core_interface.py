"""The two search cores offer one declared interface (engine.search.SearchCore): the same methods with the same
parameters, so a caller never needs to know which core it holds."""

from __future__ import annotations

import inspect

import pytest

from engine.native import NativeSearcher
from engine.search import SearchCore, Searcher
from rules import find_variant
from tests.engine.cores import CORES, searcher


@pytest.mark.parametrize("core", [Searcher, NativeSearcher])
@pytest.mark.parametrize("method", ["hash_of", "search"])
def test_each_core_takes_the_declared_parameters(core: type, method: str) -> None:
    declared = inspect.signature(getattr(SearchCore, method)).parameters
    offered = inspect.signature(getattr(core, method)).parameters
    assert [(p.name, p.kind, p.default) for p in offered.values()] == [
        (p.name, p.kind, p.default) for p in declared.values()
    ]


@pytest.mark.parametrize("core", CORES)
def test_each_built_core_is_a_search_core(core: str) -> None:
    assert isinstance(searcher(core, find_variant("italian")), SearchCore)
