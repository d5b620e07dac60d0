/* The compiled search: iterative-deepening PVS with a transposition table (engine/search.py's design). */
#ifndef DAMA_SEARCH_H
#define DAMA_SEARCH_H

#include "core.h"
#include "endgame.h"

#define HISTORY_MAX 512

/* 16 bytes; four to a bucket (one cache line). The move is kept as a 32-bit digest: it only orders
 * moves (the search always plays from the generated list), so a rare collision costs nothing but order. */
typedef struct {
    uint32_t check;  /* high half of the key (the low bits pick the bucket) */
    uint32_t move;
    int32_t score;
    int8_t depth;
    uint8_t flag;
    uint8_t age;
    uint8_t pad;
} TTEntry;

#define TT_WAYS 4

typedef int (*StopFn)(void *arg);

typedef struct Searcher {
    Rules rules;
    EvalTables eval;
    uint64_t z_piece[2][MAXSQ], z_king[MAXSQ], z_side;
    TTEntry *tt;
    uint64_t tt_mask;
    int history[2][MAXSQ][MAXSQ];
    Move killers[MAX_PLY + 2][2];
    Move pv[MAX_PLY + 2][MAX_PLY + 2];
    int pv_len[MAX_PLY + 2];
    uint64_t stack[HISTORY_MAX + MAX_PLY + 8];
    Streaks streaks[MAX_PLY + 2]; /* per ply, read only when rules.king_limit is set */
    int base, root_rev, rev_limit;
    uint64_t nodes;
    double deadline;
    StopFn should_stop;
    void *stop_arg;
    int stopped;
    int root_done, root_best;
    uint8_t age;
    int lmr[32][32], prune_depth, margin, probcut;
    int in_probe; /* > 0 inside a ProbCut probe */
    int probcut_pieces; /* ProbCut only where at most this many pieces stand (0: anywhere) */
    /* Selectivity switches (search_selective); zeros are the search as it was before issue 30. */
    int lmr_from;     /* the first move number late-move reductions may reduce (2 before) */
    int lmp;          /* late-move pruning: quiet moves past lmp + depth^2 at depth <= 3 are skipped (0: off) */
    int hang;         /* extra plies of reduction for a late quiet move that lets the opponent capture */
    int probcut_pct;  /* ProbCut's probe depth in percent of the depth (40 before) */
    int malus;        /* 1: a quiet cutoff also lowers the history of the quiet moves tried before it; 2: and
                       * late moves with a negative history are reduced one ply more */
    int countermove;  /* 1: the quiet move that last refuted the opponent's quiet move is tried after the killers */
    int quiet_qs;     /* quiescence at a quiet leaf also tries 1: a man promoting; 2: and (no kings) a move offering
                       * a one-for-one exchange; one such move a line */
    int king_lmr;     /* the most plies a late king move is reduced (0: king moves are not, as before) */
    int flat_lmr;     /* 1: Scan's reductions instead of the table: one ply for a quiet non-promotion move from the
                       * second (fourth on the principal variation) at depth >= 3, two from the seventh elsewhere */
    uint64_t qnodes;  /* quiescence nodes of the last search (included in nodes) */
    uint32_t counter[2][MAXSQ][MAXSQ]; /* by the opponent's move squares: a refutation's digest */
    int prev[MAX_PLY + 2];             /* per ply, the quiet move that led to it (1 + low * MAXSQ + high; 0: none) */
    Endgame endgame; /* values NULL: no tables */
} Searcher;

typedef struct {
    int has_move;
    Move move;
    int score, depth;
    uint64_t nodes;
    double seconds;
    int pv_len;
    Move pv[MAX_PLY + 2];
    int n_root;  /* all_scores mode: every root move with its score, best first */
    Move root_moves[MAXMOVES];
    int root_scores[MAXMOVES];
} SearchResult;

int searcher_init(Searcher *s, int tt_bits);
void searcher_free(Searcher *s);
void search_params(Searcher *s, int lmr_div, int prune_depth, int margin, int probcut);
void search_selective(Searcher *s, int lmr_from, int lmp, int hang, int probcut_pct, int malus, int countermove,
                      int quiet_qs, int king_lmr, int flat_lmr);
uint64_t hash_of(const Searcher *s, BB white, BB black, BB kings, int color);
uint64_t streak_key(const Streaks *st); /* xor it into hash_of's key (0 without streaks) */
int keys_after(Searcher *s, BB white, BB black, BB kings, int color, const Streaks *st, MoveList *list,
               uint64_t *keys);
double now_seconds(void);
/* depth <= 0: no depth limit; seconds < 0: no time limit; streaks: the position's (NULL: none). */
void search_root(Searcher *s, BB white, BB black, BB kings, int color, const Streaks *streaks, int depth,
                 double seconds, const uint64_t *history, int n_history, int all_scores, SearchResult *out);

#endif
