"""How long a record may be, and the work one can cause: every such bound, stated once (docs/OPERATIONS.md).

A record's length is counted in plies (one side's move). The import refuses a record past MAX_RECORD_PLIES;
the other bounds also hold for records stored before it existed and for games played here, which the draw
rules end but do not bound by a number.
"""

from __future__ import annotations

MAX_IMPORT_BYTES = 1_000_000  # one /import (a file or pasted text)
MAX_IMPORT_GAMES = 200  # records in one /import
MAX_RECORD_PLIES = 600  # plies of one imported record: longer ones are not imported
MAX_REPLAY_PLIES = 600  # plies an animated replay shows (a frame each, drawn one at a time)
MAX_ANALYSIS_PLIES = 600  # plies /analyse looks at: about 600 engine searches
MOVES_PER_PAGE = 200  # plies in a web page's move list; the others are a link away

__all__ = [
    "MAX_ANALYSIS_PLIES",
    "MAX_IMPORT_BYTES",
    "MAX_IMPORT_GAMES",
    "MAX_RECORD_PLIES",
    "MAX_REPLAY_PLIES",
    "MOVES_PER_PAGE",
]
