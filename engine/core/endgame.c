/* Endgame tables for positions of few pieces, built by retrograde value iteration over every
 * position (not stored on disk: engine/native.py builds them once per process and variant).
 *
 * A position of k pieces is indexed by its occupied playable squares (combinatorial rank, ascending),
 * each piece's kind (2 bits: king, black; 1 bit, black, in the kings-only 4-piece table) and the side to move. A value is 0 (draw, or not a legal
 * position), 2d+1 (the side to move loses in d plies) or 2d+2 (it wins in d plies). Pass p settles the
 * positions whose result is p plies away: a win when some reply loses in fewer plies, a loss when every
 * reply wins in fewer plies, so d is the exact distance to the end with best play (no move-count rule). */
#include <stdlib.h>
#include <string.h>

#include "endgame.h"

#define BIT(s) ((BB)1 << (s))
#define NO_PIECES 0xFFFFFFFFu /* the side to move has nothing left: lost */

int endgame_prepare(Endgame *e, const Rules *r, int max_pieces) {
    memset(e, 0, sizeof *e);
    int n = 0;
    for (int b = 0; b < r->nsq; b++) {
        e->idx_of[b] = -1;
        if (r->mask & BIT(b)) {
            if (n >= EG_MAX_SQUARES) return -1;
            e->idx_of[b] = (int8_t)n++;
        }
    }
    e->nplay = n;
    for (int i = 0; i <= EG_MAX_SQUARES; i++) {
        e->binom[i][0] = 1;
        for (int j = 1; j <= EG_MAX_PIECES; j++)
            e->binom[i][j] = i == 0 ? 0 : e->binom[i - 1][j - 1] + e->binom[i - 1][j];
    }
    e->max_pieces = max_pieces > EG_MAX_PIECES ? EG_MAX_PIECES : max_pieces;
    size_t offset = 0;
    for (int k = 2; k <= e->max_pieces; k++) {
        e->offset[k] = offset;
        e->kind_bits[k] = k >= EG_KINGS_ONLY_FROM ? 1 : 2;
        e->size[k] = (size_t)e->binom[n][k] * ((size_t)1 << (e->kind_bits[k] * k)) * 2;
        offset += e->size[k];
    }
    e->total = offset;
    return 0;
}

/* Index of a position of exactly k pieces within its k-piece table. */
static size_t index_of(const Endgame *e, BB white, BB black, BB kings, int color, int k) {
    BB occ = white | black;
    size_t rank = 0, kinds = 0;
    int i = 0, kb = e->kind_bits[k];
    for (BB b = occ; b; b &= b - 1, i++) {
        int bit = bb_ctz(b);
        rank += e->binom[e->idx_of[bit]][i + 1];
        size_t kind = kb == 2 ? (((black >> bit) & 1) << 1 | ((kings >> bit) & 1)) : ((black >> bit) & 1);
        kinds |= kind << (kb * i);
    }
    return ((rank << (kb * k)) | kinds) * 2 + (size_t)color;
}

int endgame_probe(const Endgame *e, BB own, BB opp, BB kings, int color) {
    if (e->file) {
        int v = tb_probe(e->file, own, opp, kings, color);
        if (v >= 0) return v;
    }
    if (!e->values) return -1;
    int k = bb_popcount(own | opp);
    if (k < 2 || k > e->max_pieces || !own || !opp) return -1;
    if (k >= EG_KINGS_ONLY_FROM && (kings & (own | opp)) != (own | opp)) return -1;
    BB white = color ? opp : own, black = color ? own : opp;
    return e->values[e->offset[k] + index_of(e, white, black, kings, color, k)];
}

/* The position at index i of the k-piece table; 0 when it is not a position of play. */
static int decode(const Endgame *e, const Rules *r, const int *sq_of, size_t i, int k, BB *w, BB *bl, BB *kg, int *color) {
    *color = (int)(i & 1);
    i >>= 1;
    int kb = e->kind_bits[k];
    size_t kinds = i & (((size_t)1 << (kb * k)) - 1);
    size_t rank = i >> (kb * k);
    *w = *bl = *kg = 0;
    for (int j = k; j >= 1; j--) { /* unrank: the largest square first */
        int p = j - 1;
        while (p + 1 < e->nplay && e->binom[p + 1][j] <= rank) p++;
        rank -= e->binom[p][j];
        int bit = sq_of[p];
        int kind = (int)((kinds >> (kb * (j - 1))) & (size_t)(kb == 2 ? 3 : 1));
        if (kb == 1) kind = kind << 1 | 1;
        if (kind & 2) *bl |= BIT(bit);
        else *w |= BIT(bit);
        if (kind & 1) *kg |= BIT(bit);
    }
    BB wm = *w & ~*kg, bm = *bl & ~*kg;
    if ((wm & r->promo[0]) || (bm & r->promo[1])) return 0; /* an uncrowned man on its crowning row */
    return *w && *bl;
}

static int child_value(const Endgame *e, uint32_t code) {
    if (code == NO_PIECES) return 1;
    return e->values[code];
}

/* Fills e->values (e->total entries, owned by the caller); returns 0, or -1 when memory runs out. */
int endgame_build(Endgame *e, const Rules *r, uint16_t *values) {
    int sq_of[EG_MAX_SQUARES];
    for (int b = 0; b < r->nsq; b++)
        if (e->idx_of[b] >= 0) sq_of[e->idx_of[b]] = b;
    memset(values, 0, e->total * sizeof(uint16_t));
    e->values = values;
    int longest = 0; /* the longest result in the smaller tables */
    MoveList list;
    for (int k = 2; k <= e->max_pieces; k++) {
        size_t size = e->size[k], base = e->offset[k];
        /* Successors of every undecided position, once: start[i]..start[i+1] in child. */
        uint32_t *start = malloc((size + 1) * sizeof(uint32_t));
        size_t cap = size * 8, used = 0;
        uint32_t *child = malloc(cap * sizeof(uint32_t));
        if (!start || !child) {
            free(start);
            free(child);
            return -1;
        }
        for (size_t i = 0; i < size; i++) {
            start[i] = (uint32_t)used;
            BB w, bl, kg;
            int color;
            if (!decode(e, r, sq_of, i, k, &w, &bl, &kg, &color)) continue;
            BB own = color ? bl : w, opp = color ? w : bl;
            int n = gen_moves(r, own, opp, kg, color, &list);
            if (!n) {
                values[base + i] = 1; /* no move: lost now */
                continue;
            }
            if (used + (size_t)n > cap) {
                cap *= 2;
                uint32_t *grown = realloc(child, cap * sizeof(uint32_t));
                if (!grown) {
                    free(start);
                    free(child);
                    return -1;
                }
                child = grown;
            }
            for (int m = 0; m < n; m++) {
                const Move *mv = &list.m[m];
                BB c_own = opp & ~mv->cap, c_opp = own ^ mv->mx, c_kings = (kg & ~mv->cap) ^ mv->kx;
                int ck = bb_popcount(c_own | c_opp);
                if (!c_own) {
                    child[used++] = NO_PIECES;
                    continue;
                }
                BB cw = color ? c_own : c_opp, cb = color ? c_opp : c_own; /* the mover is colour */
                child[used++] = (uint32_t)(e->offset[ck] + index_of(e, cw, cb, c_kings, 1 - color, ck));
            }
        }
        start[size] = (uint32_t)used;
        for (int p = 1;; p++) {
            int changed = 0;
            for (size_t i = 0; i < size; i++) {
                if (values[base + i] || start[i] == start[i + 1]) continue;
                int all_won = 1, wins = 0;
                for (uint32_t c = start[i]; c < start[i + 1]; c++) {
                    int v = child_value(e, child[c]);
                    int d = v ? (v - 1) / 2 : 0;
                    if (v && (v & 1) && d <= p - 1) {
                        wins = 1;
                        break;
                    }
                    if (!v || (v & 1) || d > p - 1) all_won = 0;
                }
                if (wins) values[base + i] = (uint16_t)(2 * p + 2);
                else if (all_won) values[base + i] = (uint16_t)(2 * p + 1);
                else continue;
                changed = 1;
                if (p > longest) longest = p;
            }
            if (!changed && p > longest) break;
        }
        free(start);
        free(child);
    }
    return 0;
}
