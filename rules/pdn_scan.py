"""A tolerant PDN reader: bytes or text in, one record per game, each defect kept with its game.

Real files are not clean: a broken game is marked with what broke it (reason code, line, ply, text) and
reading goes on at the next game. Recoverable oddities (a tag without its closing quote, words outside
braces, a move number typed `9n`) are kept as notes and the game stays readable.
"""

from __future__ import annotations

import bisect
import enum
import re
from dataclasses import dataclass, field

MAX_PDN_BYTES = 200_000_000  # the CLI reads whole archives; /import has its own 1 MB limit


class PdnReason(enum.StrEnum):
    """Why a game (or a file) could not be read or replayed. Each has its own sentence in messages."""

    # the file
    UNREADABLE_FILE = "unreadable_file"
    TOO_LARGE = "too_large"
    # a game's text
    UNREADABLE_MOVE = "unreadable_move"
    MISSING_MOVE = "missing_move"
    UNCLOSED_COMMENT = "unclosed_comment"
    UNCLOSED_VARIATION = "unclosed_variation"
    UNOPENED_VARIATION = "unopened_variation"
    # a game's setting
    VARIANT_NEEDED = "variant_needed"
    UNKNOWN_VARIANT = "unknown_variant"
    BAD_FEN = "bad_fen"
    # a move (rules' own reasons, e.g. not_your_piece, are used as they are)
    AMBIGUOUS_MOVE = "ambiguous_move"
    BAD_SQUARE = "bad_square"
    # notes: the game is still read
    TAG_REPAIRED = "tag_repaired"
    STRAY_TEXT = "stray_text"
    MOVE_NUMBER_TYPO = "move_number_typo"
    CYRILLIC_LETTERS = "cyrillic_letters"
    DRAW_REACHED = "draw_reached"
    VARIANT_INFERRED = "variant_inferred"
    RESULT_OTHER_CONVENTION = "result_other_convention"
    RESULT_DISAGREES = "result_disagrees"


@dataclass(frozen=True, slots=True)
class Defect:
    reason: str  # a PdnReason value or a rules Reason value
    line: int
    ply: int  # 1 = the record's first move; 0 = before any move
    text: str = ""
    details: tuple[tuple[str, str], ...] = ()

    def detail(self, name: str) -> str:
        return dict(self.details).get(name, "")


@dataclass(frozen=True, slots=True)
class RecordMove:
    text: str  # lower case, spaces removed
    line: int
    written: str = ""  # as the file has it


@dataclass
class PdnRecord:
    """One game as written: tags, main-line moves (variations and comments dropped), result."""

    number: int  # 1 = the first game in the file
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[RecordMove] = field(default_factory=list)
    result: str = "*"  # normalised: 1-0, 0-1, 1/2-1/2 or *
    defect: Defect | None = None  # what makes the game unreadable (the first one)
    notes: list[Defect] = field(default_factory=list)
    short_notation: bool = False  # moves written `cd4` (file of the man, then its square)

    @property
    def empty(self) -> bool:
        # a bare result after a game's own (some writers repeat it after a comment) is no game
        return not self.tags and not self.moves and self.defect is None


_RESULTS = {
    "1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "2-0": "1-0", "0-2": "0-1", "1-1": "1/2-1/2",
    "0-0": "*", "1:0": "1-0", "0:1": "0-1", "1/2:1/2": "1/2-1/2", "2:0": "1-0", "0:2": "0-1",
    "1:1": "1/2-1/2", "½-½": "1/2-1/2", "½:½": "1/2-1/2", "*": "*",
}  # fmt: skip
_RESULT = "|".join(re.escape(r) for r in sorted(_RESULTS, key=len, reverse=True))
_SEP = r"\s*[-xX:×]\s*"  # no * here: after a move it is an annotation (27-20*) or the result
_TOKEN = re.compile(
    rf"""
    (?P<space>\s+)
  | (?P<tag>\[[ \t]*(?P<name>[A-Za-z][A-Za-z0-9_]*)[ \t]*"(?P<value>(?:[^"\\\n]|\\.)*)"[ \t]*\])
  | (?P<command>\[%[^\]\n]*\]?)
  | (?P<badtag>\[[ \t]*(?P<bname>[A-Za-z][A-Za-z0-9_]*)[ \t]*"?(?P<bvalue>[^\n]*?)"?[ \t]*(?:\]|$))
  | (?P<comment>\{{)
  | (?P<line_comment>;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<result>(?:{_RESULT})(?![\w/:½-]))
  | (?P<number>\d+\s*\.(?:\s*\.\s*\.)?|\d+\)(?=\s))
  | (?P<nag>\$\d+|[!?]+)
  | (?P<move>(?:\d{{1,4}}(?:{_SEP}\d{{1,4}})+|[A-Za-z]\d{{1,2}}(?:{_SEP}[A-Za-z]\d{{1,2}})+))[!?+#*]*(?![\w])
  | (?P<short>[A-La-l](?:[A-La-l]?[:x]|[:x]?)[A-La-l]\d{{1,2}}(?:[:x][A-La-l]\d{{1,2}})*)[!?+#*]*(?![\w])
  | (?P<placeholder>-+|\.\.\.)(?![\w])
  | (?P<word>[^\s\[\]{{}}();]+|.)
    """,
    re.VERBOSE | re.MULTILINE,
)
_TAG_LINE = re.compile(r"^[ \t]*\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]+\"", re.MULTILINE)
_HOMOGLYPHS = str.maketrans("асехАСЕВХ", "acexACEBX")
_HOMOGLYPH_MOVE = re.compile(rf"([A-Za-z]\d{{1,2}}(?:{_SEP}[A-Za-z]\d{{1,2}})+)[!?+#*]*")
_NUMBER_TYPO = re.compile(r"^\d+[a-zA-Z,]$")
# Text that is neither a move nor a word: digits joined to a move mark (22-l8, 1O-14) or a lone square (e5).
_DAMAGED_MOVE = re.compile(r"\d\s*[-x:×*]|[-x:×*]\s*\d|^[a-lA-L]\d{1,2}$|\d[a-zA-Z]\d")


def decode(data: bytes) -> str:
    """Text of a PDN file: UTF-8 (with or without BOM), else Windows-1251 when it reads as Cyrillic words, else
    Windows-1252 / Latin-1 (which reads every byte)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 with its BOM (some Windows tools)
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    high = sum(1 for b in data if b >= 0x80)
    # Cyrillic words in Windows-1251 are runs of bytes 0xC0-0xFF; Latin-1 accents stand alone among ASCII letters.
    in_words = sum(len(run) for run in _CYRILLIC_RUN.findall(data))
    if high and in_words >= high / 2:
        try:
            return data.decode("cp1251")
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


_CYRILLIC_RUN = re.compile(rb"[\xc0-\xff]{3,}")


class _Lines:
    def __init__(self, text: str) -> None:
        self._breaks = [match.start() for match in re.finditer("\n", text)]

    def at(self, offset: int) -> int:
        return bisect.bisect_right(self._breaks, offset - 1) + 1


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = _Lines(text)
        self.records: list[PdnRecord] = []
        self.current = PdnRecord(1, 0)
        self.depth = 0
        self.skipping = False  # the current game is broken: wait for its end

    def line(self, offset: int) -> int:
        return self.lines.at(offset)

    def finish(self) -> None:
        record = self.current
        if record.result == "*":  # no result after the moves: the Result tag's
            written = next((v for k, v in record.tags.items() if k.lower() == "result"), "*").strip()
            record.result = _RESULTS.get(written, "*")
        if not self.current.empty:
            self.records.append(self.current)
        self.current = PdnRecord(len(self.records) + 1, 0)
        self.depth = 0
        self.skipping = False

    def fail(self, reason: PdnReason, offset: int, text: str, **details: str) -> None:
        record = self.current
        if record.defect is None:
            record.defect = Defect(
                str(reason), self.line(offset), len(record.moves) + 1, text, tuple(details.items())
            )
        self.skipping = True

    def note(self, reason: PdnReason, offset: int, text: str) -> None:
        record = self.current
        record.notes.append(Defect(str(reason), self.line(offset), len(record.moves) + 1, text))

    def tag(self, name: str, value: str, offset: int) -> None:
        record = self.current
        if record.moves or record.defect is not None or self.depth:
            if self.depth:
                self.fail(PdnReason.UNCLOSED_VARIATION, offset, "(")
            self.finish()
            record = self.current
        if not record.tags:
            record.line = self.line(offset)
        record.tags[name] = value

    def start_line(self, offset: int) -> None:
        if not self.current.line:
            self.current.line = self.line(offset)

    def read(self) -> list[PdnRecord]:  # noqa: C901 - one branch per PDN token kind
        text = self.text
        position = 0
        while position < len(text):
            match = _TOKEN.match(text, position)
            assert match is not None  # the word alternative matches any other character
            kind = match.lastgroup
            start, position = match.start(), match.end()
            token = match.group()
            if kind in ("space", "nag", "command", "line_comment"):
                continue
            if kind == "comment":
                position = self._comment(start)
                continue
            if kind == "tag":
                self.tag(match.group("name"), match.group("value").replace('\\"', '"').replace("\\\\", "\\"), start)
                continue
            if kind == "badtag":
                self.tag(match.group("bname"), match.group("bvalue").strip(), start)
                self.note(PdnReason.TAG_REPAIRED, start, token.strip())
                continue
            self.start_line(start)
            if kind == "open":
                self.depth += 1
                continue
            if kind == "close":
                if self.depth == 0:
                    self.fail(PdnReason.UNOPENED_VARIATION, start, ")")
                else:
                    self.depth -= 1
                continue
            if self.depth:
                continue  # inside a variation: not the game's own moves
            if kind == "result":
                self.current.result = _RESULTS[token]
                self.finish()
                continue
            if self.skipping or kind == "number":
                continue
            if kind == "move" or kind == "short":
                written = re.sub(r"\s+", "", match.group(kind))
                self.current.moves.append(RecordMove(written.lower(), self.line(start), written))
                if kind == "short":
                    self.current.short_notation = True
            elif kind == "placeholder":
                if token != "...":
                    self.fail(PdnReason.MISSING_MOVE, start, token)
            elif latin := _HOMOGLYPH_MOVE.fullmatch(token.translate(_HOMOGLYPHS)):
                # Cyrillic letters that look Latin typed into a move (с3-d4, c3хe5): read as Latin, noted
                written = re.sub(r"\s+", "", latin.group(1))
                self.current.moves.append(RecordMove(written.lower(), self.line(start), token))
                self.note(PdnReason.CYRILLIC_LETTERS, start, token)
            elif _NUMBER_TYPO.match(token):
                self.note(PdnReason.MOVE_NUMBER_TYPO, start, token)
            elif _DAMAGED_MOVE.search(token):
                self.fail(PdnReason.UNREADABLE_MOVE, start, token)
            else:
                self.note(PdnReason.STRAY_TEXT, start, token)
        if self.depth:
            self.fail(PdnReason.UNCLOSED_VARIATION, len(text), "(")
        self.finish()
        return self.records

    def _comment(self, start: int) -> int:
        """Skip a {comment}; one that runs into a tag line was never closed: resume at that line."""
        end = self.text.find("}", start + 1)
        tag_line = _TAG_LINE.search(self.text, start + 1)
        if tag_line is not None and (end == -1 or tag_line.start() < end):
            self.start_line(start)
            self.fail(PdnReason.UNCLOSED_COMMENT, start, "{")
            return tag_line.start()
        if end == -1:
            self.start_line(start)
            self.fail(PdnReason.UNCLOSED_COMMENT, start, "{")
            return len(self.text)
        return end + 1


def read_records(source: bytes | str) -> list[PdnRecord]:
    """Every game of a PDN file, each with its own defect (if any). Raises nothing on bad game text."""
    text = decode(source) if isinstance(source, bytes) else source
    if text.startswith("\ufeff"):
        text = text[1:]
    return _Reader(text.replace("\r\n", "\n").replace("\r", "\n")).read()


__all__ = ["MAX_PDN_BYTES", "Defect", "PdnReason", "PdnRecord", "RecordMove", "decode", "read_records"]
