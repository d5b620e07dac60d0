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

/* One pass over a colour's men for their tables (the square's value, its advance, its rows to go for the
 * learned term's blend), and for their files from the centre where skew_table is given (the balance term;
 * NULL elsewhere, where inlining drops it). */
static inline int men_sums(const int *square_table, const int *advance_table, const int *pip_table,
                           const int *skew_table, BB men, int *square, int *advance, int *pip) {
    int s = 0, a = 0, p = 0, k = 0;
    for (; men; men &= men - 1) {
        int at = bb_ctz(men);
        s += square_table[at];
        a += advance_table[at];
        p += pip_table[at];
        if (skew_table) k += skew_table[at];
    }
    *square += s;
    *advance += a;
    *pip += p;
    return k;
}

/* Base-3 value of a 9-bit set: TERNARY[b] = sum of 3^i over the bits i of b; REVERSED8 and REVERSED9 read the
 * digits the other way round (3^(n-1-i)), as a unit turned half round reads them. */
static int TERNARY[512], REVERSED8[256], REVERSED9[512];
static const int POW3[10] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};

void ternary_init(void) {
    if (TERNARY[511]) return;
    for (int b = 0; b < 512; b++) {
        int v = 0, r8 = 0, r9 = 0;
        for (int i = 0; i < 9; i++)
            if (b >> i & 1) {
                v += POW3[i];
                r9 += POW3[8 - i];
                if (i < 8) r8 += POW3[7 - i];
            }
        TERNARY[b] = v;
        REVERSED9[b] = r9;
        if (b < 256) REVERSED8[b] = r8;
    }
}

static inline int window_code(const int *rows, BB men) {
    return (int)(men >> rows[0] & 3) | (int)(men >> rows[1] & 3) << 2 | (int)(men >> rows[2] & 3) << 4 |
           (int)(men >> rows[3] & 3) << 6;
}

static inline int flank_code(const EvalTables *e, int f, BB men) {
    int code = 0;
    for (int k = 0; k < e->flank_runs[f]; k++)
        code |= (int)(men >> e->flank_bit[f][k] & (BB)e->flank_mask[f][k]) << e->flank_digit[f][k];
    return code;
}

/* Flank f of e from its 9 squares' bits, ascending: runs of adjacent bits, each to its digits. 0, or -1. */
int flank_set(EvalTables *e, int f, const int *bits, int nsq) {
    int runs = 0;
    for (int j = 0; j < FLANK_SQUARES; j++) {
        if (bits[j] < 0 || bits[j] >= nsq || (j && bits[j] <= bits[j - 1])) return -1;
        if (j && bits[j] == bits[j - 1] + 1) {
            e->flank_mask[f][runs - 1] = e->flank_mask[f][runs - 1] << 1 | 1;
            continue;
        }
        e->flank_bit[f][runs] = bits[j];
        e->flank_mask[f][runs] = 1;
        e->flank_digit[f][runs++] = j;
    }
    e->flank_runs[f] = runs;
    return 0;
}

/* One unit's entry for the codes of its white and black men: its own table's, or, where it reads the table of
 * the unit it turns onto (rev), that unit's entry for the colour-swapped filling read the other way round,
 * negated, which the stored tables' antisymmetry makes the same number. */
#define ADD_UNIT(t, rev, reversed, cw, cb)                      \
    do {                                                        \
        if (rev) {                                              \
            int i_ = 2 * reversed[cw] + reversed[cb];           \
            mid -= (t)[2 * i_];                                 \
            end -= (t)[2 * i_ + 1];                             \
        } else {                                                \
            int i_ = TERNARY[cw] + 2 * TERNARY[cb];             \
            mid += (t)[2 * i_]; /* the phases side by side */   \
            end += (t)[2 * i_ + 1];                             \
        }                                                       \
    } while (0)

#if defined(__x86_64__) && defined(__GNUC__) && !defined(DAMA_WIDE)
#include <immintrin.h>
#define HAVE_PEXT 1

/* BMI2's parallel bit extract gathers a unit's squares, ascending, into its code in one instruction, where the
 * portable path shifts and masks row by row. AMD's first two Zen generations run it in microcode (tens of
 * cycles), so they keep the portable path. */
int fast_pext_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
}

__attribute__((target("bmi2"))) static void pattern_sums_pext(const EvalTables *e, BB wm, BB bm, int *mid_out,
                                                               int *end_out) {
    int mid = 0, end = 0;
    for (int w = 0; w < e->n_windows; w++) {
        int cw = (int)_pext_u64(wm, e->window_bb[w]), cb = (int)_pext_u64(bm, e->window_bb[w]);
        ADD_UNIT(e->window_t[w], e->window_rev[w], REVERSED8, cw, cb);
    }
    for (int f = 0; f < e->n_flanks; f++) {
        int cw = (int)_pext_u64(wm, e->flank_bb[f]), cb = (int)_pext_u64(bm, e->flank_bb[f]);
        ADD_UNIT(e->flank_t[f], e->flank_rev[f], REVERSED9, cw, cb);
    }
    *mid_out = mid;
    *end_out = end;
}
#else
int fast_pext_available(void) { return 0; }
#endif

/* Each unit's squares (window_bb, flank_bb); 1 when every window's code is its squares in ascending order
 * (what pext gathers). */
int unit_masks(EvalTables *e) {
    int ascending = 1;
    for (int w = 0; w < e->n_windows; w++) {
        e->window_bb[w] = 0;
        for (int k = 0; k < 4; k++) {
            if (k && e->row_bit[w][k] <= e->row_bit[w][k - 1] + 1) ascending = 0;
            e->window_bb[w] |= (BB)3 << e->row_bit[w][k];
        }
    }
    for (int f = 0; f < e->n_flanks; f++) {
        e->flank_bb[f] = 0;
        for (int r = 0; r < e->flank_runs[f]; r++) e->flank_bb[f] |= (BB)e->flank_mask[f][r] << e->flank_bit[f][r];
    }
    return ascending;
}

static BB turned(BB squares, int sum) { /* the squares turned half round: bit b to sum - b */
    BB out = 0;
    for (; squares; squares &= squares - 1) out |= (BB)1 << (sum - bb_ctz(squares));
    return out;
}

/* Whether table m is table u read turned round with colours swapped, negated, for every filling of n squares. */
static int antisymmetric(const int16_t *tu, const int16_t *tm, int n) {
    int size = 1;
    for (int j = 0; j < n; j++) size *= 3;
    for (int i = 0; i < size; i++) {
        int mirrored = 0;
        for (int j = 0, rest = i; j < n; j++, rest /= 3) {
            int digit = rest % 3;
            mirrored += (digit ? 3 - digit : 0) * POW3[n - 1 - j];
        }
        if (tm[2 * i] != -tu[2 * mirrored] || tm[2 * i + 1] != -tu[2 * mirrored + 1]) return 0;
    }
    return 1;
}

/* Point n units of `digits` squares at their tables (base, size entries each); where allowed, a unit whose
 * half-turn image is an earlier unit with an exactly antisymmetric table reads that table (rev). */
static void share_units(int n, const BB *squares, const int16_t **t, int *rev, const int16_t *base, int size,
                        int digits, int allowed, int sum) {
    for (int w = 0; w < n; w++) {
        t[w] = base + (size_t)w * 2 * size;
        rev[w] = 0;
        for (int u = 0; allowed && u < w; u++)
            if (!rev[u] && squares[u] == turned(squares[w], sum) && antisymmetric(t[u], t[w], digits)) {
                t[w] = t[u];
                rev[w] = 1;
                break;
            }
    }
}

/* Point every unit at its table. With ascending codes on a board that turns bit b to sum - b, a unit turned
 * half round reads its mirror's table: half the tables are touched, so more of them stay in the cache. Any
 * other file is read unit by unit. */
void pattern_share(EvalTables *e, int ascending, int sum) {
    share_units(e->n_windows, e->window_bb, e->window_t, e->window_rev, e->table, PATTERN_SIZE, 8, ascending, sum);
    share_units(e->n_flanks, e->flank_bb, e->flank_t, e->flank_rev, e->flank_table, FLANK_SIZE, 9, ascending, sum);
}

/* The learned term from White's view: middlegame and endgame tables blended by the pieces left of e->full, or
 * where e->pip_full is set by the men's rows to go (pip) of that. */
int pattern_score(const EvalTables *e, BB wm, BB bm, int pieces, int pip) {
    int mid = 0, end = 0;
#ifdef HAVE_PEXT
    if (e->pext) {
        pattern_sums_pext(e, wm, bm, &mid, &end);
    } else
#endif
    {
        for (int w = 0; w < e->n_windows; w++) {
            int cw = window_code(e->row_bit[w], wm), cb = window_code(e->row_bit[w], bm);
            ADD_UNIT(e->window_t[w], e->window_rev[w], REVERSED8, cw, cb);
        }
        for (int f = 0; f < e->n_flanks; f++) {
            int cw = flank_code(e, f, wm), cb = flank_code(e, f, bm);
            ADD_UNIT(e->flank_t[f], e->flank_rev[f], REVERSED9, cw, cb);
        }
    }
    int scale = e->pip_full ? e->pip_full : e->full, phase = e->pip_full ? pip : pieces;
    if (phase > scale) phase = scale;
    return (mid * phase + end * (scale - phase)) / scale; /* truncated: a mirror scores exactly opposite */
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
    int imbalance = 0, pip = 0; /* pip_rows are zeros unless set_pip_phase set them */
    if (e->balance) {
        int white_skew = men_sums(e->men[0], e->adv[0], e->pip_rows[0], e->skew, wm, &white_square, &white_advance, &pip);
        int black_skew = men_sums(e->men[1], e->adv[1], e->pip_rows[1], e->skew, bm, &black_square, &black_advance, &pip);
        imbalance = abs(black_skew) - abs(white_skew);
    } else {
        men_sums(e->men[0], e->adv[0], e->pip_rows[0], NULL, wm, &white_square, &white_advance, &pip);
        men_sums(e->men[1], e->adv[1], e->pip_rows[1], NULL, bm, &black_square, &black_advance, &pip);
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
    if (e->table) score += pattern_score(e, wm, bm, nwm + nbm + nwk + nbk, pip);
    /* Kings-only endings with a small edge are usually drawn: pull the score towards zero. */
    if (!nwm && !nbm && nwk && nbk && abs(nwk - nbk) <= e->king_draw_margin) score = floordiv(score, 4);
    if (e->draw_scale) score = drawish(score, nwm, nbm, nwk, nbk);
    return color == 0 ? score : -score;
}
