"""Playing on a game's page over HTTP, signed in through the loopback Discord: the JSON contract
(`POST <page>/move {"move": …}` with X-CSRF-Token), the same service call as Discord's (the same news queued
in the outbox as a move made there, once), and every refusal changing nothing: no token, another origin,
not the player's game, not their turn, an illegal move (in the reader's language), a finished game. A draw
offered by one player and accepted by the other; resigning."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from messages import describe
from messages.i18n import words
from rules import Position, RulesError, format_move
from tests.web.loopback import Client, LoopbackDiscord
from tests.web.site import Site
from tests.web.test_sign_in import sign_in


def client_for(discord: LoopbackDiscord) -> Client:
    return Client(discord)


@pytest.fixture
def alice(discord: LoopbackDiscord) -> Iterator[Client]:
    made = Client(discord)
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def bob(discord: LoopbackDiscord) -> Iterator[Client]:
    made = Client(discord)
    try:
        yield made
    finally:
        made.close()


def csrf_of(page: str) -> str:
    found = re.search(r'<meta name="csrf-token" content="([^"]+)">', page)
    assert found is not None, page
    return found.group(1)


def act(
    client: Client, page: str, action: str, payload: dict[str, Any] | None, csrf: str | None, origin: str | None
) -> tuple[int, dict[str, Any]]:
    headers = {"Content-Type": "application/json"}
    if csrf is not None:
        headers["X-CSRF-Token"] = csrf
    if origin is not None:
        headers["Origin"] = origin
    url = page.split("?", 1)[0] + "/" + action + ("?" + page.split("?", 1)[1] if "?" in page else "")
    status, _, text = client.request("POST", url, data=json.dumps(payload or {}), headers=headers)
    return status, json.loads(text)


def game_of(site: Site, game: int) -> Any:
    return site.run(site.service.queries.game(game))


def outbox_kinds(site: Site) -> list[tuple[str, str]]:
    async def read() -> list[tuple[str, str]]:
        async with site.db.read() as repos:
            rows = await repos.conn.execute_fetchall("SELECT stream, kind FROM outbox ORDER BY id")
        return [(str(row[0]), str(row[1])) for row in rows]

    return site.run(read())


def players(discord: LoopbackDiscord) -> tuple[int, int]:
    return discord.fake.alice.id, discord.fake.bob.id


def same(stream: str) -> str:
    """A stream without its game's number (two games' news compared)."""
    return "game:N" if stream.startswith("game:") else stream


def first_move(position: Position) -> str:
    return format_move(position, position.legal_moves()[0])


def test_a_move_posted_as_json_is_played_and_announced_as_one_made_in_discord(
    signing: Site, discord: LoopbackDiscord, alice: Client
) -> None:
    web_game = signing.new_game(ids=players(discord))
    page = signing.link(web_game)
    csrf = csrf_of(sign_in(signing, discord, alice, page))
    before = outbox_kinds(signing)
    move = first_move(game_of(signing, web_game).position)
    status, state = act(alice, page, "move", {"move": move}, csrf, signing.base)
    assert status == 200, state
    assert state["plies"] == 1 and state["moves"][-1]["text"] == move
    assert state["you"]["colour"] == "white" and state["you"]["to_move"] is False
    assert signing.replay(web_game).notations == [move]
    web_news = [(same(stream), kind) for stream, kind in outbox_kinds(signing)[len(before):]]
    # the same move in a twin game, through the service call Discord's /move makes
    twin = signing.new_game(ids=players(discord))
    before = outbox_kinds(signing)
    signing.run(signing.service.games.play(twin, discord.fake.alice.id, move))
    twin_news = [(same(stream), kind) for stream, kind in outbox_kinds(signing)[len(before):]]
    assert web_news == twin_news and web_news  # the same announcements, each once


def test_the_players_state_lists_the_legal_moves_as_the_rules_do(
    signing: Site, discord: LoopbackDiscord, alice: Client
) -> None:
    game = signing.new_game(ids=players(discord))
    page = signing.link(game)
    sign_in(signing, discord, alice, page)
    status, _, text = alice.request("GET", page + "/state")
    you = json.loads(text)["you"]
    position = game_of(signing, game).position
    names = position.board.names
    expected = sorted((format_move(position, m), [names[s] for s in m.path]) for m in position.legal_moves())
    assert status == 200 and sorted((m["text"], m["path"]) for m in you["legal"]) == expected
    _, _, text = Client(discord).request("GET", page + "/state")  # nobody signed in: no "you"
    assert "you" not in json.loads(text)


def test_refused_actions_change_nothing(signing: Site, discord: LoopbackDiscord, alice: Client) -> None:
    alice_id, bob_id = players(discord)
    game = signing.new_game(ids=(alice_id, bob_id))
    page = signing.link(game)
    csrf = csrf_of(sign_in(signing, discord, alice, page))
    move = first_move(game_of(signing, game).position)
    refused = [
        (None, signing.base, 403, "did not come from this site"),  # no token
        (csrf[:-1] + ("A" if csrf[-1] != "A" else "B"), signing.base, 403, "did not come from this site"),
        (csrf, "https://evil.example", 403, "did not come from this site"),
        (csrf, None, 403, "did not come from this site"),  # no Origin, no Sec-Fetch-Site
    ]
    for token, origin, status, sentence in refused:
        got, answer = act(alice, page, "move", {"move": move}, token, origin)
        assert (got, sentence in answer["error"]) == (status, True), answer
    stranger = Client(discord)  # not signed in at all
    got, answer = act(stranger, page, "move", {"move": move}, csrf, signing.base)
    assert got == 401 and "not signed in" in answer["error"]
    stranger.close()
    assert signing.replay(game).notations == []
    # someone else's game: Alice signed in, the link opens it, but she does not play in it
    others = signing.new_game()
    other_page = signing.link(others)
    got, answer = act(alice, other_page, "move", {"move": move}, csrf, signing.base)
    assert got in (403, 404) and answer["error"]
    assert signing.replay(others).notations == []
    # not her turn: after her move, another
    assert act(alice, page, "move", {"move": move}, csrf, signing.base)[0] == 200
    black = first_move(game_of(signing, game).position)
    got, answer = act(alice, page, "move", {"move": black}, csrf, signing.base)
    assert got == 409 and "turn" in answer["error"].lower() and len(signing.replay(game).notations) == 1
    # a finished game
    signing.run(signing.service.games.resign(game, bob_id))
    got, answer = act(alice, page, "move", {"move": black}, csrf, signing.base)
    assert got == 409 and answer["error"] and len(signing.replay(game).notations) == 1
    # a body that is not the contract's
    got, answer = act(alice, other_page, "move", {"move": 22}, csrf, signing.base)
    assert got in (400, 403, 404)


def test_an_illegal_move_is_refused_in_the_readers_language(
    signing: Site, discord: LoopbackDiscord, alice: Client
) -> None:
    game = signing.new_game(ids=players(discord))
    page = signing.link(game)
    csrf = csrf_of(sign_in(signing, discord, alice, page))
    position = game_of(signing, game).position
    replay = signing.replay(game)
    with pytest.raises(RulesError) as refused:  # the rules library's own refusal of the same text
        replay.play("1-99")
    status, answer = act(alice, page + "?lang=it", "move", {"move": "1-99"}, csrf, signing.base)
    assert status == 422 and answer["error"] == describe(refused.value, position, words("it"))
    english = act(alice, page, "move", {"move": "1-99"}, csrf, signing.base)[1]["error"]
    assert english == describe(refused.value, position, words("en")) != answer["error"]
    assert signing.replay(game).notations == []


def test_a_draw_offered_on_the_web_is_accepted_by_the_opponent_on_the_web(
    signing: Site, discord: LoopbackDiscord, alice: Client, bob: Client
) -> None:
    game = signing.new_game(ids=players(discord))
    page = signing.link(game)
    alice_csrf = csrf_of(sign_in(signing, discord, alice, page))
    bob_csrf = csrf_of(sign_in(signing, discord, bob, page, discord.fake.bob))
    status, state = act(alice, page, "draw", {}, alice_csrf, signing.base)
    assert status == 200 and state["you"]["draw_offered_by_you"] is True
    _, _, text = bob.request("GET", page + "/state")
    assert json.loads(text)["you"]["draw_offered_to_you"] is True
    status, state = act(bob, page, "draw", {}, bob_csrf, signing.base)
    assert status == 200 and state["active"] is False
    finished = game_of(signing, game)
    assert (finished.active, finished.result) == (False, "1/2-1/2")


def test_resigning_ends_the_game(signing: Site, discord: LoopbackDiscord, alice: Client) -> None:
    game = signing.new_game(ids=players(discord))
    page = signing.link(game)
    csrf = csrf_of(sign_in(signing, discord, alice, page))
    status, state = act(alice, page, "resign", {}, csrf, signing.base)
    assert status == 200 and state["active"] is False
    assert game_of(signing, game).result == "0-1"


def test_my_games_lists_the_players_games_awaiting_their_move_first(
    signing: Site, discord: LoopbackDiscord, alice: Client
) -> None:
    alice_id, bob_id = players(discord)
    waiting = signing.new_game(ids=(bob_id, alice_id))  # Bob is White: Alice waits
    mine = signing.new_game(ids=(alice_id, bob_id))  # Alice is White: her move
    signing.new_game()  # not hers
    closed = signing.new_game(ids=(alice_id, bob_id), guild_id=77)
    signing.run(signing.service.players.update_server(77, web_links=False))
    sign_in(signing, discord, alice, signing.link(mine))
    status, _, body = alice.request("GET", f"{signing.base}/my")
    listed = re.findall(r'<li class="(mine|theirs)"><a href="([^"]+)">', body)
    assert status == 200 and listed == [("mine", signing.link(mine)), ("theirs", signing.link(waiting))]
    assert f"Game #{closed} " not in body  # its server closed its page
    status, headers, _ = alice.request("GET", f"{signing.base}/my/next")
    assert status == 303 and headers["Location"] == signing.link(mine)
    # nobody signed in: to the sign-in, coming back here
    stranger = Client(discord)
    status, headers, _ = stranger.request("GET", f"{signing.base}/my")
    assert status == 303 and headers["Location"] == f"{signing.base}/auth/login?next=/my"
    stranger.close()


def test_a_players_notes_are_shown_to_them_only(
    signing: Site, discord: LoopbackDiscord, alice: Client, bob: Client
) -> None:
    game = signing.new_game(ids=players(discord))
    page = signing.link(game)
    alice_csrf = csrf_of(sign_in(signing, discord, alice, page))
    bob_csrf = csrf_of(sign_in(signing, discord, bob, page, discord.fake.bob))
    secret = "Alice's <b>secret</b> plan"
    status, answer = act(alice, page, "note", {"ply": 0, "text": secret}, alice_csrf, signing.base)
    assert status == 200 and answer["notes"] == [{"ply": 0, "text": secret, "label": "On the game"}]
    assert act(bob, page, "note", {"ply": 0, "text": "Bob's idea"}, bob_csrf, signing.base)[0] == 200
    _, _, mine = alice.request("GET", page)
    _, _, theirs = bob.request("GET", page)
    _, _, nobody = Client(discord).request("GET", page)
    assert "Alice&#x27;s &lt;b&gt;secret&lt;/b&gt; plan" in mine and "Bob&#x27;s idea" not in mine
    assert "secret" not in theirs and "Bob&#x27;s idea" in theirs
    assert "secret" not in nobody and "idea" not in nobody
    # refused: a ply the game does not have, a note on someone else's game; nothing kept
    status, answer = act(alice, page, "note", {"ply": 5, "text": "later"}, alice_csrf, signing.base)
    assert status == 400 and answer["error"]
    other = signing.link(signing.new_game())
    status, _ = act(alice, other, "note", {"ply": 0, "text": "not mine"}, alice_csrf, signing.base)
    assert status in (403, 404)
    assert act(alice, page, "note", {"ply": 0, "text": ""}, alice_csrf, signing.base)[1]["notes"] == []


def test_a_sessions_actions_are_limited(signing: Site, discord: LoopbackDiscord, alice: Client) -> None:
    game = signing.new_game(ids=players(discord))
    page = signing.link(game)
    csrf = csrf_of(sign_in(signing, discord, alice, page))
    answers = [act(alice, page, "note", {"ply": 0, "text": f"note {i}"}, csrf, signing.base)[0] for i in range(12)]
    assert answers[:10] == [200] * 10 and answers[10:] == [429, 429]  # a burst of 10, then 30 a minute
    assert signing.run(signing.service.notes.of(game, discord.fake.alice.id))[0].text == "note 9"


def test_a_conditional_line_added_on_the_web_answers_the_opponents_move(
    signing: Site, discord: LoopbackDiscord, alice: Client
) -> None:
    alice_id, bob_id = players(discord)
    game = signing.new_game(ids=(alice_id, bob_id))
    page = signing.link(game)
    csrf = csrf_of(sign_in(signing, discord, alice, page))
    first = first_move(game_of(signing, game).position)
    assert act(alice, page, "move", {"move": first}, csrf, signing.base)[0] == 200
    replay = signing.replay(game)
    theirs = first_move(replay.position)  # Black's move, then White's reply, from the rules library
    replay.play(theirs)
    reply = first_move(replay.position)
    status, answer = act(alice, page, "premove", {"line": f"{theirs} {reply}"}, csrf, signing.base)
    assert status == 200 and f"{theirs} {reply}" in answer["premoves"] and "only you see them" in answer["premoves"]
    status, answer = act(alice, page, "premove", {"line": "1-99 2-98"}, csrf, signing.base)
    assert status == 400 and answer["error"]  # refused in words, nothing changed
    signing.run(signing.service.games.move(game, bob_id, theirs))
    assert signing.replay(game).notations == [first, theirs, reply]  # the reply played by itself
    status, answer = act(alice, page, "premove", {"clear": True}, csrf, signing.base)
    assert status == 200 and answer["premoves"]


def test_a_saved_study_line_is_on_its_players_page_only(
    signing: Site, discord: LoopbackDiscord, alice: Client, bob: Client
) -> None:
    alice_id, bob_id = players(discord)
    game = signing.new_game(ids=(alice_id, bob_id))
    page = signing.link(game)
    line = (first_move(game_of(signing, game).position),)
    signing.run(signing.service.notes.save_line(game, alice_id, 0, line))  # kept from /study's board
    mine = sign_in(signing, discord, alice, page)
    theirs = sign_in(signing, discord, bob, page, discord.fake.bob)
    assert f'<li data-ply="0">After ply 0: {line[0]}</li>' in mine
    assert "saved-lines" not in theirs and "Your saved lines" not in theirs


def test_only_the_writer_exports_their_own_annotated_copy(
    signing: Site, discord: LoopbackDiscord, alice: Client, bob: Client
) -> None:
    from rules.pdn import read_games  # noqa: PLC0415 - this test only

    alice_id, bob_id = players(discord)
    game = signing.new_game(ids=(alice_id, bob_id))
    page = signing.link(game)
    played = signing.play(game, 4, seed=2)
    signing.run(signing.service.notes.write(game, alice_id, 0, "Plan A"))
    signing.run(signing.service.notes.write(game, alice_id, 3, "the {key} move"))
    sign_in(signing, discord, alice, page)
    sign_in(signing, discord, bob, page, discord.fake.bob)
    status, headers, mine = alice.request("GET", page + "/pdn?mine=1")
    assert status == 200 and 'filename="dama-' in headers["Content-Disposition"] and "-notes.pdn" in headers[
        "Content-Disposition"
    ]
    assert "{Plan A}" in mine and "{the {key) move}" in mine
    (record,) = read_games(mine)
    assert record.moves == played  # the rules' reader skips the comments: the same game
    for text in (alice.request("GET", page + "/pdn")[2], bob.request("GET", page + "/pdn?mine=1")[2]):
        assert "Plan A" not in text and "key" not in text and read_games(text)[0].moves == played
