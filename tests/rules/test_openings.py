"""Published ballots and named openings: every line is legal, and the lists say what their sources say."""

from __future__ import annotations

import io
import json

import pytest

from rules import Game, find_variant, format_move, parse_move, start_position
from rules.cli import main
from rules.cli_openings import register
from rules.openings import ballot_deck, find_ballot, opening_name, openings_for
from rules.pdn import read_games, write_game

register()
LISTED = ["english", "italian", "russian"]


def _replay(variant: str, moves: tuple[str, ...]) -> None:
    position = start_position(variant)
    for text in moves:
        move = parse_move(position, text)
        # Stored exactly as the rules library writes it, so game records compare with it as text.
        assert format_move(position, move) == text
        position = position.apply(move)


@pytest.mark.parametrize("variant", LISTED)
def test_every_ballot_and_named_line_replays_legally(variant: str) -> None:
    known = openings_for(find_variant(variant))
    assert (known.ballots or known.lines) and known.sources
    for ballot in known.ballots:
        _replay(variant, ballot.moves)
    for line in known.lines:
        _replay(variant, line.moves)


def test_acf_deck_counts_match_the_published_split() -> None:
    """174 three-move ballots: 144 crossboard + 12 mail-play make the 156-opening deck, 18 are barred."""
    ballots = openings_for(find_variant("english")).ballots
    statuses = [b.status for b in ballots]
    assert len(ballots) == 174
    assert (statuses.count("crossboard"), statuses.count("mail-play"), statuses.count("barred")) == (144, 12, 18)
    assert len(ballot_deck(find_variant("english"))) == 156
    assert [b.number for b in ballots] == list(range(1, 175))
    assert len({b.moves for b in ballots}) == 174


def test_acf_numbers_follow_the_move_order_of_the_acf_list() -> None:
    """The ACF list runs by Black's first move, White's reply, Black's second move (square numbers).

    The moves were decoded from CheckerBoard's move-list indexes; a wrong decoding would break this order.
    """
    ballots = openings_for(find_variant("english")).ballots
    keys = [tuple(tuple(int(s) for s in m.replace("x", "-").split("-")) for m in b.moves) for b in ballots]
    assert keys == sorted(keys)
    assert find_ballot(find_variant("english"), 1) is not None
    assert find_ballot(find_variant("english"), 1).moves == ("9-13", "21-17", "5-9")  # type: ignore[union-attr]


def test_every_three_move_ballot_is_a_distinct_opening_of_three_plies() -> None:
    rules = find_variant("english")
    for ballot in openings_for(rules).ballots:
        assert len(ballot.moves) == 3


def test_fid_two_move_list_leaves_out_the_two_that_lose_a_man() -> None:
    """FID: 7 x 7 = 49 pairs; 21-18 9-13 and 22-18 9-13 are not admitted because Black loses a man at once."""
    rules = find_variant("italian")
    listed = {b.moves for b in openings_for(rules).ballots}
    start = start_position(rules)
    every = {
        (format_move(start, a), format_move(start.apply(a), b))
        for a in start.legal_moves()
        for b in start.apply(a).legal_moves()
    }
    assert len(every) == 49
    left_out = every - listed
    assert left_out == {("21-18", "9-13"), ("22-18", "9-13")}
    for first, second in left_out:
        position = start.apply(parse_move(start, first))
        position = position.apply(parse_move(position, second))
        assert all(move.is_capture for move in position.legal_moves())


def test_opening_name_is_the_longest_line_and_waits_until_the_game_has_left_it() -> None:
    rules = find_variant("english")
    assert opening_name(rules, ["9-14"]) == "Double Corner"
    assert opening_name(rules, ["9-14"], left=True) is None
    assert opening_name(rules, ["9-14", "22-17"], left=True) == "Double Corner"
    assert opening_name(rules, ["11-15", "23-19", "8-11", "22-17"], left=True) == "Single Corner group"
    assert opening_name(rules, []) is None
    russian = find_variant("russian")
    assert opening_name(russian, ["c3-d4", "d6-c5", "b2-c3", "f6-g5", "g3-h4"], left=True) == "Городская партия"
    assert opening_name(russian, ["c3-d4", "d6-c5", "b2-c3", "f6-g5"], left=True) is None
    assert opening_name(find_variant("international"), ["32-28", "18-23"]) is None


def test_cli_json_shape() -> None:
    out = io.StringIO()
    assert main(["ballots", "american", "--json"], out=out) == 0
    payload = json.loads(out.getvalue())
    assert payload["variant"] == "english"
    assert len(payload["ballots"]) == 174
    assert set(payload["ballots"][0]) >= {"name", "moves"}
    assert payload["ballots"][0]["moves"] == ["9-13", "21-17", "5-9"]


def test_cli_variant_without_ballots_and_unknown_variant() -> None:
    out = io.StringIO()
    assert main(["ballots", "russian", "--json"], out=out) == 0
    assert json.loads(out.getvalue()) == {"variant": "russian", "ballots": []}
    assert main(["ballots", "no-such-variant"], out=io.StringIO()) == 2


def test_pdn_names_the_opening_once_the_game_has_left_it() -> None:
    rules = find_variant("english")
    inside = Game.from_moves(rules, ["10-15"])
    assert "[Opening" not in write_game(inside)
    left = Game.from_moves(rules, ["10-15", "21-17", "11-16"])
    text = write_game(left)
    assert '[Opening "Kelso"]' in text
    assert read_games(text)[0].tags["Opening"] == "Kelso"
    set_up = Game(rules, "B:W21,22,23:B9,10,11")
    set_up.play("10-14")
    set_up.play("22-18")
    assert "[Opening" not in write_game(set_up)
