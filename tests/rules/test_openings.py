"""Published ballots and named openings: every line is legal, and the lists say what their sources say."""

from __future__ import annotations

import io
import json
import re

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


# The lines exactly as the sources print them ("x" for a capture is the rules library's writing, not theirs).
STARTCHECKERS_11_15 = {  # https://startcheckers.com/11-15-openings/ ("... forms the ...")
    "Alma": "11-15, 23-19, 8-11, 22-17, 3-8",
    "Ayrshire Lassie": "11-15, 24-20",
    "Black Doctor": "11-15, 23-19, 8-11, 22-17, 9-13, 17-14, 10-17, 19-10, 7-14",
    "Boston": "11-15, 22-17, 9-13, 17-14",
    "Centre": "11-15, 23-19, 8-11, 22-17, 15-18",
    "Cross": "11-15, 23-18",
    "Slip Cross": "11-15, 23-18, 8-11, 27-23, 11-16",
    "Defiance": "11-15, 23-19, 9-14, 27-23",
    "Douglas": "11-15, 22-17, 8-11, 17-13, 4-8, 25-22",
    "Dyke": "11-15, 22-17, 15-19",
    "Fife": "11-15, 23-19, 9-14, 22-17, 5-9",
    "Glasgow": "11-15, 23-19, 8-11, 22-17, 11-16",
    "Glasgow-Whilter": "11-15, 23-19, 7-11, 22-17, 9-14",  # the page prints "Glasgow-Whitler"
    "Laird and Lady": "11-15, 23-19, 8-11, 22-17, 9-13",
    "Laird and Lady Refused": "11-15, 23-19, 8-11, 22-17, 9-13, 25-22",
    "Maid of the Mill": "11-15, 22-17, 8-11, 17-13, 15-18",
    "Nailor": "11-15, 23-19, 8-11, 26-23",
    "Old Fourteenth": "11-15, 23-19, 8-11, 22-17, 4-8",
}
STARTCHECKERS_12_16 = {  # https://startcheckers.com/12-16-openings/
    "Bonnie Dundee": "12-16, 24-20, 8-12",
    "Minotaur": "12-16, 21-17, 9-14",
    "Skunk": "12-16, 24-20, 10-15",
}
ACF_CROSSBOARD = {  # http://www.acfcheckers.com/crossold.html
    "Skullcracker": "10-15, 22-17, 15-19",
    "Double Cross": "9-14, 23-18, 14-23",
    "Octopus": "10-15, 21-17, 7-10",
    "Nemesis": "10-14. 24-19, 6-10",
    "White Doctor": "10-14, 22-18, 12-16",
    "Edinburgh Single": "9-13, 22-18, 11-15",
}
ACF_MAIL_PLAY = {  # the same page: "And approved for Mail Play only"
    "Rattlesnake": "9-14, 23-19, 10-15",
    "Wilderness": "9-13, 22-18, 11-16",
    "Wilderness #2": "9-13, 23-18, 11-16",
}
GROUPS = {"Edinburgh", "Double Corner", "Denny", "Kelso", "Single Corner group", "Bristol group", "Dundee group"}


def _as_printed(moves: tuple[str, ...]) -> str:
    return ", ".join(moves).replace("x", "-")


def _printed(text: str) -> str:
    return ", ".join(re.findall(r"\d+-\d+", text))


@pytest.mark.parametrize(
    "name, text",
    [*STARTCHECKERS_11_15.items(), *STARTCHECKERS_12_16.items(), *ACF_CROSSBOARD.items(), *ACF_MAIL_PLAY.items()],
)
def test_named_english_lines_are_the_sources_lines(name: str, text: str) -> None:
    lines = {line.name: line.moves for line in openings_for(find_variant("english")).lines}
    assert name in lines
    assert _as_printed(lines[name]) == _printed(text)


def test_acf_names_are_on_the_acf_ballots_with_those_moves() -> None:
    ballots = {_as_printed(b.moves): b for b in openings_for(find_variant("english")).ballots}
    for name, text in {**ACF_CROSSBOARD, **ACF_MAIL_PLAY}.items():
        ballot = ballots[_printed(text)]
        assert ballot.name == name
        if name in ACF_CROSSBOARD:
            assert ballot.status == "crossboard"
    # CheckerBoard's statuses agree for the two Wildernesses; it has the Rattlesnake (ACF 48) barred, not mail-play.
    assert ballots[_printed(ACF_MAIL_PLAY["Wilderness"])].status == "mail-play"
    assert ballots[_printed(ACF_MAIL_PLAY["Wilderness #2"])].status == "mail-play"
    assert [b.number for b in ballots.values() if b.name == "Skullcracker"] == [96]


def test_a_ballot_is_named_after_the_longest_listed_line_it_starts_with() -> None:
    known = openings_for(find_variant("english"))
    for ballot in known.ballots:
        covering = [line for line in known.lines if ballot.moves[: len(line.moves)] == line.moves]
        assert ballot.name == max(covering, key=lambda line: len(line.moves)).name
    # Every 11-15 23-18 ballot is a Cross (startcheckers: "11-15, 23-18 forms the Cross"), every 11-15 24-20 one an
    # Ayrshire Lassie; a ballot no named line covers keeps its group.
    by_moves = {b.moves: b.name for b in known.ballots}
    assert {name for moves, name in by_moves.items() if moves[:2] == ("11-15", "23-18")} == {"Cross"}
    assert {name for moves, name in by_moves.items() if moves[:2] == ("11-15", "24-20")} == {"Ayrshire Lassie"}
    assert by_moves[("11-15", "22-17", "15-19")] == "Dyke"
    assert by_moves[("11-15", "21-17", "9-13")] == "Switcher"
    assert by_moves[("12-16", "24-20", "8-12")] == "Bonnie Dundee"
    assert by_moves[("10-15", "23-18", "12-16")] == "Kelso"
    assert by_moves[("11-15", "23-19", "8-11")] == "Single Corner group"
    assert all(name in GROUPS or name in {line.name for line in known.lines} for name in by_moves.values())


def test_a_game_is_named_after_the_most_specific_named_opening_it_has_left() -> None:
    rules = find_variant("english")
    old_fourteenth = ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13"]
    laird = ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14"]
    cases = [
        (old_fourteenth, "Old Fourteenth"),
        (old_fourteenth[:5], "Single Corner group"),  # still inside the Old Fourteenth's line
        (["11-15", "23-18", "8-11", "27-23"], "Cross"),
        (["11-15", "23-18", "8-11", "27-23", "11-16", "18x11"], "Slip Cross"),
        (laird, "Laird and Lady"),
        ([*laird, "10x17", "19x10", "7x14", "26-22"], "Black Doctor"),
        (["10-15", "22-17", "15-19", "24x15"], "Skullcracker"),
        # No named line covers these: the group names them.
        (["11-15", "23-19", "9-14", "22-17", "6-9", "17-13"], "Single Corner group"),
        (["11-16", "24-20", "16-19", "23x16"], "Bristol group"),
    ]
    for moves, name in cases:
        game = Game.from_moves(rules, moves)  # every case is a legal game
        assert opening_name(rules, moves, left=True) == name
        assert read_games(write_game(game))[0].tags["Opening"] == name
    assert '[Opening "Old Fourteenth"]' in write_game(Game.from_moves(rules, old_fourteenth))


def test_cli_json_shape() -> None:
    out = io.StringIO()
    assert main(["ballots", "american", "--json"], out=out) == 0
    payload = json.loads(out.getvalue())
    assert payload["variant"] == "english"
    assert len(payload["ballots"]) == 174
    assert set(payload["ballots"][0]) >= {"name", "moves"}
    assert payload["ballots"][0]["moves"] == ["9-13", "21-17", "5-9"]
    assert all(set(b) == {"number", "name", "moves", "status"} for b in payload["ballots"])
    assert payload["ballots"][95]["name"] == "Skullcracker"


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
