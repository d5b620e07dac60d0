"""Why a move that matches no legal move is illegal: a reason code plus the data to say it."""

from __future__ import annotations

import dataclasses

from rules.errors import IllegalMoveError, Reason
from rules.king_streaks import blocked_king
from rules.move import Move
from rules.movegen import CaptureSequence, Generator, precedence_key
from rules.position import Position
from rules.ruleset import Color, KingRange, Precedence, PromotionInCapture


def _path_matches(path: tuple[int, ...], squares: list[int]) -> bool:
    if path[0] != squares[0] or path[-1] != squares[-1]:
        return False
    inner = iter(path[1:-1])
    return all(any(square == step for step in inner) for square in squares[1:-1])


def _is_prefix(path: tuple[int, ...], squares: list[int]) -> bool:
    """squares name a proper beginning of path (the capture stops too early)."""
    if path[0] != squares[0] or squares[-1] not in path[1:-1]:
        return False
    stop = path.index(squares[-1], 1)
    return _path_matches(path[: stop + 1], squares)


def _sequences_with(position: Position, **changes: object) -> list[CaptureSequence]:
    rules = dataclasses.replace(position.rules, **changes)  # type: ignore[arg-type]
    gen = Generator(rules)
    return gen.sequences(position.turn, position.own, position.opp, position.kings)


def _precedence_reason(
    position: Position, seq: CaptureSequence, best: CaptureSequence
) -> tuple[Reason, dict[str, object]]:
    """Which precedence clause seq loses on against the best sequence, in the variant's own order."""
    kind = position.rules.precedence
    counts: dict[str, object] = {"required": len(best.captures), "given": len(seq.captures)}
    if kind is Precedence.FRISIAN:
        return Reason.LOWER_VALUE, counts
    if kind is Precedence.KING_PRIORITY:
        if best.mover_king and not seq.mover_king:
            return Reason.KING_PRIORITY, {}
        return Reason.NOT_A_LEGAL_JUMP, {}
    if len(seq.captures) < len(best.captures):
        return Reason.FEWER_PIECES, counts
    if kind is Precedence.ITALIAN and best.mover_king and not seq.mover_king:
        return Reason.MUST_CAPTURE_WITH_KING, {}
    if seq.kings_captured < best.kings_captured:
        return Reason.MUST_CAPTURE_MORE_KINGS, {"required": best.kings_captured, "given": seq.kings_captured}
    return Reason.MUST_CAPTURE_KING_EARLIER, {}


def explain(  # noqa: C901 - one branch per rule a refused move can break, in the order players ask
    position: Position,
    squares: list[int],
    capture_mark: bool,
    text: str,
    legal: list[Move],
) -> IllegalMoveError:
    board = position.board
    rules = position.rules
    legal_t = tuple(legal)

    def error(reason: Reason, **details: object) -> IllegalMoveError:
        return IllegalMoveError(reason, text, legal_t, **details)

    if not legal:
        return error(Reason.GAME_OVER)
    start, dest = squares[0], squares[-1]
    piece = position.piece_at(start)
    if piece is None:
        return error(Reason.EMPTY_SQUARE, square=board.name(start))
    if piece.color is not position.turn:
        return error(Reason.NOT_YOUR_PIECE, square=board.name(start))
    must_capture = legal[0].is_capture

    # A real capture sequence that the precedence rule removed.
    sequences = position.capture_sequences()
    matching = [s for s in sequences if _path_matches(s.path, squares)]
    if matching:
        key = precedence_key(rules)
        if key is None:
            return error(Reason.NOT_A_LEGAL_JUMP)  # removed by a variant hook
        reason, details = _precedence_reason(position, max(matching, key=key), max(sequences, key=key))
        return error(reason, **details)

    stopped_early = [s for s in sequences if _is_prefix(s.path, squares)]
    if stopped_early:
        crowned = (
            rules.promotion_in_capture is PromotionInCapture.CONTINUE_AS_KING
            and not piece.is_king
            and bool(board.promotion_mask(piece.color) >> dest & 1)
        )
        if crowned:
            return error(Reason.PROMOTED_MUST_CONTINUE, stopped_at=board.name(dest))
        return error(Reason.CAPTURE_INCOMPLETE, stopped_at=board.name(dest))

    special = position.generator.explain_move(position, squares, capture_mark)
    if special is not None:  # the variant's own terms (rules/variants/oddgen.py)
        return error(special[0], **special[1])

    if not rules.removal_immediate and len(squares) > 2:
        # Legal only if captured pieces vanished at once: a piece jumped twice or passed over.
        vanishing = _sequences_with(position, removal_immediate=True)
        if any(_path_matches(s.path, squares) for s in vanishing):
            return error(Reason.JUMPED_TWICE)

    if not rules.men_capture_kings and not piece.is_king:
        over_kings = _sequences_with(position, men_capture_kings=True)
        if any(_path_matches(s.path, squares) or _is_prefix(s.path, squares) for s in over_kings):
            return error(Reason.MAN_CANNOT_CAPTURE_KING)

    if rules.promotion_in_capture is PromotionInCapture.STOP and not piece.is_king:
        going_on = _sequences_with(position, promotion_in_capture=PromotionInCapture.CONTINUE_AS_KING)
        if any(_path_matches(s.path, squares) for s in going_on):
            return error(Reason.PROMOTION_ENDS_MOVE)

    if rules.no_reverse_turn:
        turning = _sequences_with(position, no_reverse_turn=False)
        if any(_path_matches(s.path, squares) for s in turning):
            return error(Reason.NO_TURN_BACK)

    if not must_capture and piece.is_king and blocked_king(position) == start:
        return error(Reason.KING_MOVE_LIMIT, square=board.name(start), limit=rules.king_move_limit)

    is_step = len(squares) == 2 and not capture_mark and _is_step(position, start, dest, piece.is_king)
    if must_capture:
        if is_step or not capture_mark:
            return error(Reason.CAPTURE_COMPULSORY, count=max(len(m.captures) for m in legal))
        return error(Reason.NOT_A_LEGAL_JUMP)
    if capture_mark or len(squares) > 2:
        return error(Reason.NOT_A_LEGAL_JUMP)
    if (position.white | position.black) >> dest & 1:
        return error(Reason.DESTINATION_OCCUPIED, square=board.name(dest))
    if not piece.is_king and _is_backwards(position, start, dest, piece.color):
        return error(Reason.MAN_BACKWARDS)
    return error(Reason.NOT_A_LEGAL_STEP)


def _is_step(position: Position, start: int, dest: int, king: bool) -> bool:
    """Is start→dest one move's shape (a step, or a flying king's slide), whether or not it is legal?"""
    board = position.board
    rules = position.rules
    (r0, c0), (r1, c1) = board.coords[start], board.coords[dest]
    dr, dc = r1 - r0, c1 - c0
    if king:
        vectors = rules.king_move_vectors
    else:
        vectors = rules.man_move_vectors + tuple((-a, b) for a, b in rules.man_move_vectors)
    flying = king and rules.king_range is not KingRange.SHORT
    for vr, vc in vectors:
        if flying:
            steps = max(abs(dr), abs(dc)) // max(abs(vr), abs(vc))
            if steps and (dr, dc) == (vr * steps, vc * steps):
                return True
        elif (dr, dc) == (vr, vc):
            return True
    return False


def _is_backwards(position: Position, start: int, dest: int, color: Color) -> bool:
    board = position.board
    forward_rows = board.coords[dest][0] - board.coords[start][0]
    return forward_rows > 0 if color is Color.WHITE else forward_rows < 0
