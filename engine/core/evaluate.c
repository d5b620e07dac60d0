/* engine/evaluate.py's evaluation, term for term (the tables are that module's, handed over by
 * engine/native.py), so both cores score a position identically; the agreement test checks it. */
#include <stdlib.h>

#include "core.h"

static inline int popcount(BB b) { return bb_popcount(b); }

static inline int floordiv(int a, int b) {
    int q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static inline int table_sum(const int *table, BB bits) {
    int s = 0;
    for (; bits; bits &= bits - 1) s += table[bb_ctz(bits)];
    return s;
}

/* One pass over a colour's men for both of their tables (the square's value and its advance), and for their
 * files from the centre where skew_table is given (the balance term; NULL elsewhere, where inlining drops it). */
static inline int men_sums(const int *square_table, const int *advance_table, const int *skew_table, BB men,
                           int *square, int *advance) {
    int s = 0, a = 0, k = 0;
    for (; men; men &= men - 1) {
        int at = bb_ctz(men);
        s += square_table[at];
        a += advance_table[at];
        if (skew_table) k += skew_table[at];
    }
    *square += s;
    *advance += a;
    return k;
}

/* Base-3 value of an 8-bit set: TERNARY[b] = sum of 3^i over the bits i of b. */
static int TERNARY[256];

void ternary_init(void) {
    if (TERNARY[255]) return;
    for (int b = 0; b < 256; b++) {
        int v = 0, p = 1;
        for (int i = 0; i < 8; i++, p *= 3)
            if (b >> i & 1) v += p;
        TERNARY[b] = v;
    }
}

static inline int window_code(const int *rows, BB men) {
    return (int)(men >> rows[0] & 3) | (int)(men >> rows[1] & 3) << 2 | (int)(men >> rows[2] & 3) << 4 |
           (int)(men >> rows[3] & 3) << 6;
}

/* The learned term from White's view: middlegame and endgame tables blended by the pieces left of e->full. */
int pattern_score(const EvalTables *e, BB wm, BB bm, int pieces) {
    int mid = 0, end = 0;
    for (int w = 0; w < e->n_windows; w++) {
        const int16_t *t = e->table + (size_t)w * 2 * PATTERN_SIZE;
        int index = TERNARY[window_code(e->row_bit[w], wm)] + 2 * TERNARY[window_code(e->row_bit[w], bm)];
        mid += t[2 * index]; /* the two phases side by side: one cache line */
        end += t[2 * index + 1];
    }
    if (pieces > e->full) pieces = e->full;
    return (mid * pieces + end * (e->full - pieces)) / e->full; /* truncated: a mirror scores exactly opposite */
}

/* engine/evaluate.py's _drawish: a lead shrinks where the side behind has a king. */
static inline int drawish(int score, int nwm, int nbm, int nwk, int nbk) {
    int ahead = score > 0 ? nwm + nwk : nbm + nbk, behind_kings = score > 0 ? nbk : nwk;
    if (!score || !behind_kings) return score;
    if (ahead <= 3) return score / 8;
    if (nwk == nbk && abs(nwm - nbm) <= 1) return score / 2;
    return score;
}

int evaluate(const Rules *r, const EvalTables *e, BB own, BB opp, BB kings, int color) {
    BB white = color == 0 ? own : opp, black = color == 0 ? opp : own;
    BB wk = white & kings, bk = black & kings, wm = white ^ wk, bm = black ^ bk;
    int nwm = popcount(wm), nbm = popcount(bm), nwk = popcount(wk), nbk = popcount(bk);
    int material = (nwm - nbm) * 100 + (nwk - nbk) * e->king;
    if (e->giveaway) return color == 0 ? -material : material;
    int white_square = 0, white_advance = 0, black_square = 0, black_advance = 0;
    int imbalance = 0;
    if (e->balance) {
        int white_skew = men_sums(e->men[0], e->adv[0], e->skew, wm, &white_square, &white_advance);
        int black_skew = men_sums(e->men[1], e->adv[1], e->skew, bm, &black_square, &black_advance);
        imbalance = abs(black_skew) - abs(white_skew);
    } else {
        men_sums(e->men[0], e->adv[0], NULL, wm, &white_square, &white_advance);
        men_sums(e->men[1], e->adv[1], NULL, bm, &black_square, &black_advance);
    }
    int square = white_square - black_square + table_sum(e->kingsq[0], wk) - table_sum(e->kingsq[1], bk);
    int advance = white_advance - black_advance;
    int gone = e->full - (nwm + nbm + nwk + nbk);
    int score = material + square + (gone > 0 ? floordiv(advance * gone, e->full) : 0);
    if (e->shift_mobility) {
        BB empty = r->mask & ~(white | black);
        /* shift_mobility is set where men step by the layout's two shifts: up is a right shift */
        int wmob = popcount(((wm >> r->s1) | (wm >> r->s2)) & empty);
        int bmob = popcount(((bm << r->s1) | (bm << r->s2)) & empty);
        score += (wmob - bmob) * e->mobility;
    }
    for (BB b = wm & e->run_zone[0]; b; b &= b - 1) {
        int s = bb_ctz(b);
        if (!(e->cone[0][s] & black)) score += e->run_bonus[0][s];
    }
    for (BB b = bm & e->run_zone[1]; b; b &= b - 1) {
        int s = bb_ctz(b);
        if (!(e->cone[1][s] & white)) score -= e->run_bonus[1][s];
    }
    if (nwk && !nbk)
        score += e->lone_king;
    else if (nbk && !nwk)
        score -= e->lone_king;
    score += e->balance * imbalance;
    if (e->table) score += pattern_score(e, wm, bm, nwm + nbm + nwk + nbk);
    /* Kings-only endings with a small edge are usually drawn: pull the score towards zero. */
    if (!nwm && !nbm && nwk && nbk && abs(nwk - nbk) <= e->king_draw_margin) score = floordiv(score, 4);
    if (e->draw_scale) score = drawish(score, nwm, nbm, nwk, nbk);
    return color == 0 ? score : -score;
}
