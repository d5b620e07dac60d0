"""Cluster settings: DATABASE_URL, SHARD_COUNT/SHARD_IDS and WORK_LEASE_SECONDS, read or refused in words; and the
endgame tables' ENGINE_TABLES and DAMA_TABLES, read from .env like the others."""

from __future__ import annotations

import pytest

from bot.app import bot_options
from bot.settings import SettingsError, load_settings


def settings(**values: str):  # type: ignore[no-untyped-def]
    return load_settings(values, env_file=None)


def test_defaults_are_one_process_on_sqlite() -> None:
    found = settings()
    assert found.database == "dama.sqlite3" and found.shard_count is None and found.shard_ids is None
    assert "shard_count" not in bot_options(found)  # discord.py asks Discord for its recommended count
    assert found.work_lease_seconds == 60.0


def test_database_url_wins_and_is_kept_secret() -> None:
    found = settings(DATABASE_URL="postgresql://dama:pw@db:5432/dama", DATABASE_PATH="x.sqlite3")
    assert found.database == "postgresql://dama:pw@db:5432/dama"
    assert "pw" not in repr(found)
    with pytest.raises(SettingsError, match="DATABASE_URL must start with postgresql://") as raised:
        settings(DATABASE_URL="mysql://root:hunter2@db/dama")
    assert "hunter2" not in str(raised.value)


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [("4", "0-3", (0, 1, 2, 3)), ("6", "4,5", (4, 5)), ("8", "0-1,6", (0, 1, 6)), ("3", "", (0, 1, 2))],
)
def test_shard_ids_take_ranges_and_lists(count: str, ids: str, expected: tuple[int, ...]) -> None:
    found = settings(SHARD_COUNT=count, SHARD_IDS=ids)
    assert found.shard_count == int(count) and found.shard_ids == expected
    assert bot_options(found)["shard_ids"] == list(expected)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "3", "SHARD_IDS": "3"}, "shard 3 does not exist with SHARD_COUNT=3"),
        ({"SHARD_COUNT": "3", "SHARD_IDS": "2-1"}, "runs backwards"),
        ({"SHARD_COUNT": "3", "SHARD_IDS": "a"}, "numbers and ranges"),
        ({"WORK_LEASE_SECONDS": "0"}, "WORK_LEASE_SECONDS must be seconds"),
        ({"WORK_LEASE_SECONDS": "soon"}, "WORK_LEASE_SECONDS must be seconds"),
    ],
)
def test_bad_cluster_settings_are_refused_in_words(values: dict[str, str], words: str) -> None:
    with pytest.raises(SettingsError, match=words):
        settings(**values)


def test_engine_tables_and_their_folder_are_settings_like_the_others(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert settings().engine_tables == "on" and settings().tables_folder is None
    assert settings(ENGINE_TABLES="OFF").engine_tables == "off"
    assert settings(ENGINE_TABLES="build-only").engine_tables == "build-only"
    with pytest.raises(SettingsError, match="ENGINE_TABLES must be on, off or build-only, not 'sometimes'"):
        settings(ENGINE_TABLES="sometimes")
    env = tmp_path / ".env"
    env.write_text(f"DAMA_TABLES={tmp_path / 'tables'}\nENGINE_TABLES=off\n")
    found = load_settings({}, env_file=env)
    assert found.tables_folder == tmp_path / "tables" and found.engine_tables == "off"
