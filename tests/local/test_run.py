"""`python -m bot` without DISCORD_TOKEN: a clear refusal without a terminal, local mode with one."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRUBBED = ("DISCORD_TOKEN", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "DEV_GUILD_ID", "DATABASE_PATH")


def clean_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env["DATABASE_PATH"] = str(tmp_path / "dama.sqlite3")
    return env


def test_no_token_and_no_terminal_exits_with_a_message(tmp_path: Path) -> None:
    # cwd = tmp_path: no .env there to supply a token
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=clean_env(tmp_path), stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode != 0
    assert "DISCORD_TOKEN is not set" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert not (tmp_path / "dama.sqlite3").exists()  # nothing was started


def test_commands_piped_in_without_a_token_run_local_mode(tmp_path: Path) -> None:
    """`printf 'challenge bob white\\n22-18\\nquit\\n' | make run`: each command is answered, echoed after its
    prompt so the transcript reads like a terminal's."""
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=clean_env(tmp_path),
        input="challenge bob white\n22-18\nquit\n", capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Dama local mode (DISCORD_TOKEN is not set" in done.stdout
    assert "local:alice (White) to move> 22-18\nlocal:alice played 22-18." in done.stdout, done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    assert (tmp_path / "dama-boards" / "game-1.png").is_file()


def read_until(fd: int, wanted: bytes, seen: bytearray, timeout: float = 30.0) -> bytes:
    deadline = time.monotonic() + timeout
    while wanted not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"no {wanted!r} in time; got:\n{seen.decode(errors='replace')}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                chunk = b""
            assert chunk, f"terminal closed before {wanted!r}; got:\n{seen.decode(errors='replace')}"
            seen.extend(chunk)
    return bytes(seen)


def test_local_mode_in_a_pseudo_terminal(tmp_path: Path) -> None:
    """What a newcomer sees after `make run` without a token: a prompt, a board, a saved picture."""

    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=clean_env(tmp_path),
        stdin=child, stdout=child, stderr=child, close_fds=True,
    )
    os.close(child)
    seen = bytearray()
    try:
        read_until(main, b"dama> ", seen)
        os.write(main, b"challenge bob white\n")
        read_until(main, b"local:alice (White) to move> ", seen)
        os.write(main, b"22-18\n")
        read_until(main, b"local:bob (Black) to move> ", seen)
        os.write(main, b"quit\n")
        read_until(main, b"Bye.", seen)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
    text = seen.decode(errors="replace")
    assert "Dama local mode (DISCORD_TOKEN is not set" in text
    assert "local:alice played 22-18." in text
    assert (tmp_path / "dama-boards" / "game-1.png").is_file()
    assert "Traceback" not in text


def run_bot(tmp_path: Path, *args: str, database: str) -> subprocess.CompletedProcess[str]:
    env = clean_env(tmp_path)
    env["DATABASE_PATH"] = database
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=60,
    )


def test_operator_commands_on_a_broken_database_path_answer_in_words(tmp_path: Path) -> None:
    missing_folder = str(tmp_path / "no-such-folder" / "x.sqlite3")
    not_a_database = tmp_path / "notes.sqlite3"
    not_a_database.write_text("shopping list\n")
    missing_file = tmp_path / "never-created.sqlite3"
    cases = [
        (("export-pdn", "3"), missing_folder, "There is no database at"),
        (("db", "upgrade"), missing_folder, "its folder must exist and be writable"),
        (("db", "check"), str(missing_file), "There is no database at"),
        (("db", "backup", str(tmp_path / "copy.sqlite3")), str(missing_file), "There is no database at"),
        (("db", "check"), str(not_a_database), "is not a Dama database"),
        (("export-pdn", "1"), str(not_a_database), "is not a Dama database"),
    ]
    for args, database, words in cases:
        done = run_bot(tmp_path, *args, database=database)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert words in done.stderr and database in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stdout + done.stderr, (args, done.stderr)
        assert "ok" not in done.stdout.split()
    assert not missing_file.exists()  # db check and backup did not leave an empty database behind
    assert not_a_database.read_text() == "shopping list\n"


def test_local_mode_with_a_broken_database_path_answers_in_words(tmp_path: Path) -> None:
    main, child = pty.openpty()
    env = clean_env(tmp_path)
    env["DATABASE_PATH"] = str(tmp_path / "no-such-folder" / "x.sqlite3")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdin=child, stdout=child, stderr=child, close_fds=True,
    )
    os.close(child)
    seen = bytearray()
    try:
        read_until(main, b"Check DATABASE_PATH", seen)
        assert proc.wait(timeout=30) == 2
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
    assert b"Traceback" not in seen and b"its folder must exist" in seen


def test_local_mode_in_a_terminal_builds_missing_tables_in_the_background_and_stops_them(tmp_path: Path) -> None:
    """ENGINE_TABLES=on (the default outside the suite): a start-up line names what is built; quitting stops the
    build and leaves no half-written file."""
    folder = tmp_path / "tables"
    env = clean_env(tmp_path) | {"ENGINE_TABLES": "on", "DAMA_TABLES": str(folder)}
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdin=child, stdout=child, stderr=child, close_fds=True,
    )
    os.close(child)
    seen = bytearray()
    try:
        read_until(main, b"dama> ", seen)
        os.write(main, b"quit\n")
        read_until(main, b"Bye.", seen)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
    text = seen.decode(errors="replace").replace("\r\n", "\n")
    assert (
        f"dama: endgame tables in {folder}: no table file yet; building italian, international, english, russian, "
        "brazilian in the background at the lowest priority" in text
    )
    assert "Traceback" not in text
    assert sorted(p.name for p in folder.iterdir()) == [".build.lock"]  # stopped, nothing half written left
