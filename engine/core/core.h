/* Dama's compiled search core: shared types (the Python side is engine/native.py).
 *
 * Squares are the internal bit indices of rules/board.py, so a move here is the same
 * (mover xor, captured mask, kings xor) triple as rules.movegen.FastMove and needs no translation.
 * Geometry and rule switches come from Python (engine/native.py); nothing here knows a variant name.
 */
#ifndef DAMA_CORE_H
#define DAMA_CORE_H

#include <stdint.h>

/* DAMA_WIDE (the engine._core_wide build) widens the bitboard for boards past 64 bits (Canadian's 12x12
 * needs 77); the default build keeps 64-bit boards and the plain builtins. */
#ifdef DAMA_WIDE
/* Moves grow to 48 bytes: a search frame holds ~34 KB of stack, ~4 MB at MAX_PLY (the main thread has 8). */
typedef unsigned __int128 BB;
#define MAXSQ 128
static inline int bb_ctz(BB b) {
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}
static inline int bb_high(BB b) {
    uint64_t hi = (uint64_t)(b >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)b);
}
static inline int bb_popcount(BB b) {
    return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64));
}
/* 64 bits of a board for the move digest (search.c), the high word mixed in. */
static inline uint64_t bb_fold(BB b) { return (uint64_t)b ^ (uint64_t)(b >> 64) * 0xD6E8FEB86659FD93ULL; }
#else
typedef uint64_t BB;
#define MAXSQ 64
#define bb_ctz(b) __builtin_ctzll(b)
#define bb_high(b) (63 - __builtin_clzll(b))
#define bb_popcount(b) __builtin_popcountll(b)
#define bb_fold(b) (b)
#endif
#define MAXMOVES 640   /* generous: a 10x10 position with many flying-king paths */
#define MAX_PLY 120
#define INF 1000000
#define WIN 100000
#define WIN_BOUND (WIN - 1000)

enum { PREC_FREE, PREC_QUANTITY, PREC_QUANTITY_KINGS, PREC_KING_PRIORITY, PREC_ITALIAN, PREC_FRISIAN };
enum { PROMO_STOP, PROMO_PASS, PROMO_CONTINUE };

typedef struct {
    BB mx, cap, kx;
} Move;

typedef struct {
    int nsq;                 /* highest bit + 1 */
    BB mask;
    /* 0-3 DIAGONALS order: up-left, up-right, down-left, down-right; 4-7 straight to the square two away
     * (up, down, left, right: Frisian's orthogonal captures); -1 off board */
    int8_t step[8][MAXSQ];
    int man_cap_dirs[2][8];  /* per colour, in the RuleSet's order */
    int n_man_cap[2];
    int man_move_dirs[2][4];
    int n_man_move[2];
    BB promo[2];
    int flying, men_take_kings, precedence, promo_mode, keep_dups;
    int king_cap_dirs[8], n_king_cap;  /* the generator of frisian.c reads these (the other: diagonals) */
    int king_limit;                    /* quiet moves in a row one king may make while men remain; 0 none */
    /* Derived by rules_prepare(): the padded layout steps up by right shifts of s1 and s2 and down by
     * left shifts (rules/board.py), so men's moves and capture tests run on whole bitboards. */
    int s1, s2;
    int men_move_up[2], men_cap_up[2], men_cap_down[2];
    /* frisian.c: captures in straight lines too. Per direction the bit offset of one step and the
     * squares one and two steps can leave (every step on these layouts is a constant shift). */
    int wide, delta[8];
    BB one[8], two[8];
} Rules;

typedef struct {
    int n;
    Move m[MAXMOVES];
} MoveList;

/* movegen.c */
void rules_prepare(Rules *r, int s1, int s2);
int gen_moves(const Rules *r, BB own, BB opp, BB kings, int color, MoveList *out);
int can_capture(const Rules *r, BB own, BB opp, BB kings, int color);
uint64_t count_moves(const Rules *r, BB own, BB opp, BB kings, int color);
uint64_t perft(const Rules *r, BB white, BB black, BB kings, int color, int depth);

/* frisian.c: capture generation with straight directions and the value precedence, and the king move
 * limit, whose state (per colour: the square of the king on a run of quiet moves, -1 none, and the run's
 * length) travels with the position like rules/king_streaks.py's Position.king_streaks. */
typedef struct {
    int sq[2], n[2];
} Streaks;

void wide_prepare(Rules *r);
int wide_can_capture(const Rules *r, BB own, BB opp, BB kings, int color);
int wide_captures(const Rules *r, BB own, BB opp, BB kings, int color, MoveList *out);
int limit_king_moves(const Rules *r, const Streaks *st, BB own, BB kings, int color, MoveList *list);
void next_streaks(const Streaks *st, const Move *m, BB own, int color, Streaks *out);
uint64_t perft_streaks(const Rules *r, BB white, BB black, BB kings, int color, const Streaks *st, int depth);

#define MAX_WINDOWS 32
#define PATTERN_SIZE 6561 /* 3^8 */
#define MAX_FLANKS 8
#define FLANK_SQUARES 9
#define FLANK_SIZE 19683 /* 3^9 */

/* evaluate.c: tables built in Python (engine/native.py) from engine/evaluate.py's weights. */
typedef struct {
    int king, full, mobility, lone_king, king_draw_margin, giveaway, draw_scale, balance;
    int men[2][MAXSQ], adv[2][MAXSQ], kingsq[2][MAXSQ];
    int skew[MAXSQ]; /* a man's file from the centre (engine/evaluate.py), for the balance term */
    BB run_zone[2];
    BB cone[2][MAXSQ];
    int run_bonus[2][MAXSQ];
    int shift_mobility;
    /* Learned patterns (engine/patterns.py): each window is 4 rows of 2 adjacent bits (row_bit[w][k] the lower);
     * its men (kings count as empty) index a table of 3^8 entries, one table for the middlegame and one for the
     * endgame, blended by the pieces on the board. table NULL: none. */
    int n_windows;
    int row_bit[MAX_WINDOWS][4];
    const int16_t *table; /* [n_windows][PATTERN_SIZE][2]: middlegame, endgame side by side; White's view */
    /* Flanks: 9 squares each (a 6-row, 3-column strip at a corner), as runs of adjacent bits: run r of flank f
     * takes flank_mask[f][r] from bit flank_bit[f][r] to digit flank_digit[f][r] of the base-3 index. Their
     * tables follow the windows' in the same allocation. */
    int n_flanks;
    int flank_runs[MAX_FLANKS];
    int flank_bit[MAX_FLANKS][FLANK_SQUARES], flank_mask[MAX_FLANKS][FLANK_SQUARES];
    int flank_digit[MAX_FLANKS][FLANK_SQUARES];
    const int16_t *flank_table; /* [n_flanks][FLANK_SIZE][2], inside table's allocation */
    int pext; /* gather each unit's squares with BMI2 (evaluate.c); window_bb and flank_bb are their squares */
    BB window_bb[MAX_WINDOWS], flank_bb[MAX_FLANKS];
    /* the table each unit reads: its own, or (rev) the one of the unit it turns onto (pattern_share) */
    const int16_t *window_t[MAX_WINDOWS], *flank_t[MAX_FLANKS];
    int window_rev[MAX_WINDOWS], flank_rev[MAX_FLANKS];
    /* The blend's measure: pip_full 0, the pieces left of full; else the men's rows still to go (pip_rows, per
     * colour and square; kings none) of pip_full, the count at the start (set_pip_phase). pip_rows stay zeros
     * when unused, so evaluate() sums them with the men's other tables at no extra pass. */
    int pip_full;
    int pip_rows[2][MAXSQ];
} EvalTables;

int evaluate(const Rules *r, const EvalTables *e, BB own, BB opp, BB kings, int color);
int pattern_score(const EvalTables *e, BB wm, BB bm, int pieces, int pip);
int flank_set(EvalTables *e, int f, const int *bits, int nsq);
int unit_masks(EvalTables *e);
void pattern_share(EvalTables *e, int ascending, int sum);
int fast_pext_available(void);
void ternary_init(void); /* before the first pattern_score */

#endif
