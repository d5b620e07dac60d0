/* Endgame tables of up to five pieces, men and kings, on boards of up to 50 squares: built once by retrograde
 * analysis into a file (python -m engine tables build), then probed from the mapped file.
 *
 * One table per material signature (white men, white kings, black men, black kings). A position's index is
 * the combinatorial rank of the white men among the squares a white man may stand on (not its crowning
 * row), then the black men likewise, the white kings among the squares the men leave free, the black
 * kings among those left, and the side to move. Positions where a white and a black man share a square
 * are holes (value 0, never probed). Values use endgame.c's code: 0 draw, 2d+1 lost in d plies, 2d+2 won
 * in d plies, exact with best play (no move-count rule).
 *
 * A signature is solved after every signature its captures and crownings lead to (fewer pieces, or fewer
 * men), so each move either stays in the signature (a quiet move that does not crown) or leaves it for a
 * known value. The in-signature moves are generated once, reversed into predecessor lists, and the values
 * spread backwards level by level: a position is won in p+1 when a successor is lost in p, and lost in
 * 1 + the longest of its successors' wins once every successor is a win for the opponent. */
#include "tables.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIT(s) ((BB)1 << (s))
#define HEADER 24
#define ENTRY 24

static uint64_t binom[TB_MAX_SQUARES + 1][TB_MAX_PIECES + 1];
static volatile int binom_ready;

static void init_binom(void) {
    if (binom_ready) return;
    for (int n = 0; n <= TB_MAX_SQUARES; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= TB_MAX_PIECES; k++) binom[n][k] = n ? binom[n - 1][k - 1] + binom[n - 1][k] : 0;
    }
    binom_ready = 1;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001B3ULL;
    return h;
}

uint64_t tb_fingerprint(const Rules *r) {
    uint64_t h = 0xCBF29CE484222325ULL;
    uint64_t mask = (uint64_t)r->mask, promo[2] = {(uint64_t)r->promo[0], (uint64_t)r->promo[1]};
    int flags[5] = {r->flying, r->men_take_kings, r->precedence, r->promo_mode, r->nsq};
    h = fnv(h, &mask, sizeof mask);
    h = fnv(h, promo, sizeof promo);
    h = fnv(h, flags, sizeof flags);
    for (int d = 0; d < 4; d++) h = fnv(h, r->step[d], (size_t)r->nsq);
    h = fnv(h, r->man_cap_dirs, sizeof r->man_cap_dirs);
    h = fnv(h, r->man_move_dirs, sizeof r->man_move_dirs);
    return h;
}

/* Turning the board half round reverses the playable squares' order on these layouts (rows in reading
 * order); it is kept only when every diagonal step and the crowning rows map as they must. */
static void init_turn(TbTables *t, const Rules *r) {
    int sq[MAXSQ], n = 0;
    for (int b = 0; b < r->nsq; b++) {
        t->turn[b] = -1;
        if (r->mask & BIT(b)) sq[n++] = b;
    }
    for (int i = 0; i < n; i++) t->turn[sq[i]] = (int8_t)sq[n - 1 - i];
    t->symmetric = 1;
    for (int i = 0; i < n && t->symmetric; i++) {
        int b = sq[i];
        if (!(r->promo[0] & BIT(b)) != !(r->promo[1] & BIT(t->turn[b]))) t->symmetric = 0;
        for (int d = 0; d < 4; d++) { /* up-left, up-right, down-left, down-right: turned, 3 - d */
            int to = r->step[d][b], back = r->step[3 - d][t->turn[b]];
            if ((to < 0) != (back < 0) || (to >= 0 && t->turn[to] != back)) t->symmetric = 0;
        }
    }
}

static BB turned(const TbTables *t, BB b) {
    BB out = 0;
    for (; b; b &= b - 1) out |= BIT(t->turn[bb_ctz(b)]);
    return out;
}

static void init_geometry(TbTables *t, const Rules *r, int pieces) {
    init_binom();
    t->max_pieces = pieces;
    t->mask = r->mask;
    t->men_sq[0] = r->mask & ~r->promo[0];
    t->men_sq[1] = r->mask & ~r->promo[1];
    memset(t->slot, 0xFF, sizeof t->slot);
    memset(t->mirrored, 0, sizeof t->mirrored);
    init_turn(t, r);
    t->nsig = 0;
}

/* Whether a signature's table is kept (else its mirror's, colours swapped): the side with more men, then
 * more kings, is White. */
static int kept(const TbTables *t, int wm, int wk, int bm, int bk) {
    return !t->symmetric || wm > bm || (wm == bm && wk >= bk);
}

/* Rank of the squares of set among the squares of avail (set within avail). */
static inline uint64_t rank_in(BB set, BB avail) {
    uint64_t rank = 0;
    int i = 1;
    for (; set; set &= set - 1, i++) rank += binom[bb_popcount(avail & (BIT(bb_ctz(set)) - 1))][i];
    return rank;
}

/* The k squares of avail whose rank is rank; 0 with ok cleared when avail has too few squares. */
static BB unrank_in(uint64_t rank, int k, BB avail, int *ok) {
    int n = bb_popcount(avail);
    int where[TB_MAX_PIECES];
    for (int j = k; j >= 1; j--) {
        int p = j - 1;
        while (p + 1 < TB_MAX_SQUARES && binom[p + 1][j] <= rank) p++;
        rank -= binom[p][j];
        where[j - 1] = p;
    }
    BB out = 0;
    for (int j = 0; j < k; j++) {
        if (where[j] >= n) {
            *ok = 0;
            return 0;
        }
        BB a = avail;
        for (int s = 0; s < where[j]; s++) a &= a - 1;
        out |= a & (~a + 1);
    }
    return out;
}

static uint64_t sig_count(const TbTables *t, int wm, int wk, int bm, int bk) {
    int free_sq = bb_popcount(t->mask) - wm - bm;
    return binom[bb_popcount(t->men_sq[0])][wm] * binom[bb_popcount(t->men_sq[1])][bm] * binom[free_sq][wk] *
           binom[free_sq - wk][bk] * 2;
}

static inline uint64_t index_in(const TbTables *t, const TbSig *s, BB white, BB black, BB kings, int color) {
    BB wm = white & ~kings, bm = black & ~kings, men = wm | bm, wk = white & kings, bk = black & kings;
    int free_sq = bb_popcount(t->mask) - s->wm - s->bm;
    uint64_t i = rank_in(wm, t->men_sq[0]);
    i = i * binom[bb_popcount(t->men_sq[1])][s->bm] + rank_in(bm, t->men_sq[1]);
    i = i * binom[free_sq][s->wk] + rank_in(wk, t->mask & ~men);
    i = i * binom[free_sq - s->wk][s->bk] + rank_in(bk, t->mask & ~men & ~wk);
    return i * 2 + (uint64_t)color;
}

/* The table of a position's signature; a mirrored one turns the position (in place) to fit it. */
static inline const TbSig *sig_of(const TbTables *t, BB *white, BB *black, BB *kings, int *color) {
    int wm = bb_popcount(*white & ~*kings), wk = bb_popcount(*white & *kings);
    int bm = bb_popcount(*black & ~*kings), bk = bb_popcount(*black & *kings);
    int slot = t->slot[wm][wk][bm][bk];
    if (slot < 0) return NULL;
    if (t->mirrored[wm][wk][bm][bk]) {
        BB w = *white;
        *white = turned(t, *black);
        *black = turned(t, w);
        *kings = turned(t, *kings);
        *color = 1 - *color;
    }
    return &t->sig[slot];
}

/* One byte holds d+1 for a result d plies away (0: draw): a lost position's d is even (the game ends on its
 * side's turn) and a won one's odd, so the parity tells them apart. Two bytes hold the code itself. */
static inline int read_value(const TbSig *s, uint64_t i) {
    if (s->width == 2) return ((const uint16_t *)s->data)[i];
    int b = s->data[i];
    return !b ? 0 : (b & 1) ? 2 * (b - 1) + 1 : 2 * (b - 1) + 2;
}

static inline uint8_t pack(int code) { return code ? (uint8_t)((code - 1) / 2 + 1) : 0; }

int tb_probe(const TbTables *t, BB own, BB opp, BB kings, int color) {
    int k = bb_popcount(own | opp);
    if (!t || k > t->max_pieces || !own || !opp) return -1;
    BB white = color ? opp : own, black = color ? own : opp;
    const TbSig *s = sig_of(t, &white, &black, &kings, &color);
    if (!s) return -1;
    return read_value(s, index_in(t, s, white, black, kings, color));
}

/* The position at index i of signature s; 0 when it is a hole. */
static int decode(const TbTables *t, const TbSig *s, uint64_t i, BB *white, BB *black, BB *kings, int *color) {
    int free_sq = bb_popcount(t->mask) - s->wm - s->bm;
    uint64_t nbk = binom[free_sq - s->wk][s->bk], nwk = binom[free_sq][s->wk];
    uint64_t nbm = binom[bb_popcount(t->men_sq[1])][s->bm];
    *color = (int)(i & 1);
    i >>= 1;
    uint64_t rbk = i % nbk;
    i /= nbk;
    uint64_t rwk = i % nwk;
    i /= nwk;
    uint64_t rbm = i % nbm, rwm = i / nbm;
    int ok = 1;
    BB wm = unrank_in(rwm, s->wm, t->men_sq[0], &ok), bm = unrank_in(rbm, s->bm, t->men_sq[1], &ok);
    if (!ok || (wm & bm)) return 0;
    BB wk = unrank_in(rwk, s->wk, t->mask & ~(wm | bm), &ok);
    BB bk = unrank_in(rbk, s->bk, t->mask & ~(wm | bm | wk), &ok);
    if (!ok) return 0;
    *white = wm | wk;
    *black = bm | bk;
    *kings = wk | bk;
    return 1;
}

/* Buckets of positions waiting to be settled at a given level (entries may be stale: checked on use). */
typedef struct {
    uint32_t *v;
    size_t n, cap;
} Vec;

static int push(Vec *b, uint32_t x) {
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1024;
        uint32_t *g = realloc(b->v, cap * sizeof *g);
        if (!g) return -1;
        b->v = g, b->cap = cap;
    }
    b->v[b->n++] = x;
    return 0;
}

#define LEVELS 4096
#define NO_MOVE 0xFFFFu

typedef struct {
    const Rules *r;
    TbTables *t;
    TbSig *s;
    uint64_t n;
    uint16_t *val, *pending, *loss_at;
    uint8_t *left, *noloss;
    uint32_t *pred_start, *pred;
    Vec bucket[LEVELS];
    int top; /* the highest level with a bucket in use */
} Solver;

static int want(Solver *v, uint64_t i, int code) {
    int level = (code - 1) / 2;
    if (level >= LEVELS) return -1;
    v->pending[i] = (uint16_t)code;
    if (level > v->top) v->top = level;
    return push(&v->bucket[level], (uint32_t)i);
}

/* Value of a position outside the signature being solved (a solved one, or nothing left to move: lost). */
static int outside(const TbTables *t, BB white, BB black, BB kings, int color) {
    BB own = color ? black : white;
    if (!own) return 1;
    const TbSig *s = sig_of(t, &white, &black, &kings, &color);
    return read_value(s, index_in(t, s, white, black, kings, color));
}

/* Walks every position's moves: counts in-signature edges per successor (fill 0), or records the
 * predecessors (fill 1); the first walk also settles what the moves leaving the signature decide. */
static int walk(Solver *v, int fill) {
    const Rules *r = v->r;
    MoveList list;
    for (uint64_t i = 0; i < v->n; i++) {
        BB w, b, k;
        int color;
        if (fill && v->left[i] == 0) continue;
        if (!decode(v->t, v->s, i, &w, &b, &k, &color)) continue;
        BB own = color ? b : w, opp = color ? w : b;
        int n = gen_moves(r, own, opp, k, color, &list);
        if (!fill && !n) {
            v->val[i] = 1; /* no move: lost now */
            if (push(&v->bucket[0], (uint32_t)i) < 0) return -1;
            continue;
        }
        int inside = 0, win = 0, worst = 0;
        for (int m = 0; m < n; m++) {
            const Move *mv = &list.m[m];
            BB c_own = opp & ~mv->cap, c_opp = own ^ mv->mx, c_kings = (k & ~mv->cap) ^ mv->kx;
            BB cw = color ? c_own : c_opp, cb = color ? c_opp : c_own;
            if (!mv->cap && bb_popcount(c_kings) == bb_popcount(k)) { /* quiet, no crowning */
                uint64_t c = index_in(v->t, v->s, cw, cb, c_kings, 1 - color);
                if (fill) v->pred[v->pred_start[c] + --v->pred_start[v->n + 1 + c]] = (uint32_t)i;
                else v->pred_start[c]++;
                inside++;
                continue;
            }
            if (fill) continue;
            int cv = outside(v->t, cw, cb, c_kings, 1 - color);
            int d = cv ? (cv - 1) / 2 : 0;
            if (!cv) v->noloss[i] = 1;
            else if (cv & 1) {
                if (!win || d + 1 < win) win = d + 1;
            } else if (d + 1 > worst) worst = d + 1;
        }
        if (fill) continue;
        v->left[i] = (uint8_t)inside;
        v->loss_at[i] = (uint16_t)worst;

        if (win) {
            v->noloss[i] = 1;
            if (want(v, i, 2 * win + 2) < 0) return -1;
        } else if (!inside && !v->noloss[i] && want(v, i, 2 * worst + 1) < 0) return -1;
    }
    return 0;
}

/* Solves signature s into a fresh array of 16-bit values (s->data); 0, or -1 when memory runs out. */
static int solve(const Rules *r, TbTables *t, TbSig *s, int *longest) {
    Solver v = {.r = r, .t = t, .s = s, .n = s->count};
    int rc = -1;
    size_t n = (size_t)v.n;
    v.val = calloc(n, 2), v.pending = calloc(n, 2), v.loss_at = calloc(n, 2);
    v.left = calloc(n, 1), v.noloss = calloc(n, 1);
    /* pred_start: n+1 offsets, then n counters of slots still to fill */
    v.pred_start = calloc(2 * n + 2, sizeof(uint32_t));
    if (!v.val || !v.pending || !v.loss_at || !v.left || !v.noloss || !v.pred_start) goto done;
    if (walk(&v, 0) < 0) goto done;
    uint64_t edges = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = v.pred_start[i];
        v.pred_start[n + 1 + i] = c;
        v.pred_start[i] = (uint32_t)edges;
        edges += c;
    }
    v.pred_start[n] = (uint32_t)edges;
    if (edges >= 0xFFFFFFFFull) goto done;
    v.pred = malloc((edges ? edges : 1) * sizeof(uint32_t));
    if (!v.pred) goto done;
    /* the fill walk counts each successor's slots down from its in-degree */
    if (walk(&v, 1) < 0) goto done;
    for (int p = 0; p <= v.top && p < LEVELS; p++) {
        Vec *b = &v.bucket[p];
        for (size_t j = 0; j < b->n; j++) { /* settle this level's positions */
            uint32_t i = b->v[j];
            if (p == 0) continue; /* the positions without a move, already settled */
            if (v.val[i] || (v.pending[i] - 1) / 2 != p) {
                b->v[j] = 0xFFFFFFFFu;
                continue;
            }
            v.val[i] = v.pending[i];
        }
        for (size_t j = 0; j < b->n; j++) { /* and spread them to their predecessors */
            uint32_t c = b->v[j];
            if (c == 0xFFFFFFFFu) continue;
            int lost = v.val[c] & 1;
            if (p > *longest) *longest = p;
            for (uint32_t e = v.pred_start[c]; e < v.pred_start[c + 1]; e++) {
                uint32_t i = v.pred[e];
                if (v.val[i]) continue;
                if (lost) {
                    int code = 2 * (p + 1) + 2;
                    if ((!v.pending[i] || v.pending[i] > code) && want(&v, i, code) < 0) goto done;
                } else {
                    if (p + 1 > v.loss_at[i]) v.loss_at[i] = (uint16_t)(p + 1);
                    if (--v.left[i] == 0 && !v.noloss[i] && !v.pending[i] &&
                        want(&v, i, 2 * v.loss_at[i] + 1) < 0)
                        goto done;
                }
            }
        }
        free(b->v);
        b->v = NULL;
        b->n = b->cap = 0;
    }
    if (v.top >= LEVELS) goto done;
    s->data = (const uint8_t *)v.val;
    v.val = NULL;
    rc = 0;
done:
    for (int p = 0; p < LEVELS; p++) free(v.bucket[p].v);
    free(v.val), free(v.pending), free(v.loss_at), free(v.left), free(v.noloss), free(v.pred_start), free(v.pred);
    return rc;
}

static void add_sig(TbTables *t, int wm, int wk, int bm, int bk) {
    if (!kept(t, wm, wk, bm, bk)) return; /* read through its mirror (link_mirrors) */
    TbSig *s = &t->sig[t->nsig];
    s->wm = wm, s->wk = wk, s->bm = bm, s->bk = bk;
    s->count = sig_count(t, wm, wk, bm, bk);
    s->width = 2;
    s->data = NULL;
    t->slot[wm][wk][bm][bk] = (int16_t)t->nsig++;
}

static void link_mirrors(TbTables *t) {
    for (int wm = 0; wm <= TB_MAX_PIECES; wm++)
        for (int wk = 0; wm + wk <= TB_MAX_PIECES; wk++)
            for (int bm = 0; wm + wk + bm <= TB_MAX_PIECES; bm++)
                for (int bk = 0; wm + wk + bm + bk <= TB_MAX_PIECES; bk++)
                    if (t->slot[wm][wk][bm][bk] < 0 && t->slot[bm][bk][wm][wk] >= 0 && kept(t, bm, bk, wm, wk)) {
                        t->slot[wm][wk][bm][bk] = t->slot[bm][bk][wm][wk];
                        t->mirrored[wm][wk][bm][bk] = 1;
                    }
}

static void put64(uint8_t *p, uint64_t x) { memcpy(p, &x, 8); }
static void put32(uint8_t *p, uint32_t x) { memcpy(p, &x, 4); }

static int write_file(const TbTables *t, const Rules *r, const char *path) {
    FILE *f = fopen(path, "wb");
    if (!f) return -2;
    size_t head = HEADER + (size_t)t->nsig * ENTRY;
    uint8_t *h = calloc(1, head);
    if (!h) {
        fclose(f);
        return -1;
    }
    memcpy(h, TB_MAGIC, 8);
    put64(h + 8, tb_fingerprint(r));
    put32(h + 16, (uint32_t)t->max_pieces | (uint32_t)t->symmetric << 8);
    put32(h + 20, (uint32_t)t->nsig);
    uint64_t offset = (head + 7) / 8 * 8;
    for (int i = 0; i < t->nsig; i++) {
        const TbSig *s = &t->sig[i];
        uint8_t *e = h + HEADER + (size_t)i * ENTRY;
        e[0] = (uint8_t)s->wm, e[1] = (uint8_t)s->wk, e[2] = (uint8_t)s->bm, e[3] = (uint8_t)s->bk;
        e[4] = (uint8_t)s->width;
        put64(e + 8, s->count);
        put64(e + 16, offset);
        offset = (offset + s->count * (uint64_t)s->width + 7) / 8 * 8;
    }
    int ok = fwrite(h, 1, head, f) == head;
    uint64_t at = head;
    static const uint8_t zeros[8];
    for (int i = 0; i < t->nsig && ok; i++) {
        const TbSig *s = &t->sig[i];
        uint64_t start = (at + 7) / 8 * 8;
        ok = fwrite(zeros, 1, (size_t)(start - at), f) == start - at;
        const uint16_t *v = (const uint16_t *)s->data;
        if (s->width == 1) {
            uint8_t buf[4096];
            for (uint64_t j = 0; j < s->count && ok; j += sizeof buf) {
                size_t m = s->count - j < sizeof buf ? (size_t)(s->count - j) : sizeof buf;
                for (size_t q = 0; q < m; q++) buf[q] = pack(v[j + q]);
                ok = fwrite(buf, 1, m, f) == m;
            }
        } else if (ok) ok = fwrite(v, 2, (size_t)s->count, f) == s->count;
        at = start + s->count * (uint64_t)s->width;
    }
    free(h);
    if (fclose(f) != 0) ok = 0;
    return ok ? 0 : -2;
}

int tb_build(const Rules *r, int pieces, const char *path, uint64_t *positions, int *longest) {
    if (pieces < 2 || pieces > TB_MAX_PIECES || bb_popcount(r->mask) > TB_MAX_SQUARES) return -1;
    TbTables t; /* about 11 KB: one per build, so builds in several threads do not meet */
    init_geometry(&t, r, pieces);
    /* by pieces, then by men: captures and crownings lead only to signatures already solved */
    for (int k = 2; k <= pieces; k++)
        for (int men = 0; men <= k; men++)
            for (int wm = 0; wm <= men; wm++)
                for (int white = 1; white < k; white++) {
                    int bm = men - wm, wk = white - wm, bk = k - white - bm;
                    if (wk < 0 || bk < 0) continue;
                    add_sig(&t, wm, wk, bm, bk);
                }
    link_mirrors(&t);
    *positions = 0;
    *longest = 0;
    int rc = 0;
    for (int i = 0; i < t.nsig && !rc; i++) {
        rc = solve(r, &t, &t.sig[i], longest);
        *positions += t.sig[i].count;
    }
    for (int i = 0; i < t.nsig && !rc; i++) {
        const uint16_t *v = (const uint16_t *)t.sig[i].data;
        int packs = 1; /* every distance within 254 plies, with the parity of its result */
        for (uint64_t j = 0; j < t.sig[i].count && packs; j++) {
            int d = (v[j] - 1) / 2;
            packs = !v[j] || (d <= 254 && (d & 1) == !(v[j] & 1));
        }
        t.sig[i].width = packs ? 1 : 2;
    }
    if (!rc) rc = write_file(&t, r, path);
    for (int i = 0; i < t.nsig; i++) free((void *)t.sig[i].data);
    return rc;
}

int tb_open(TbTables *t, const Rules *r, const uint8_t *image, size_t size) {
    if (bb_popcount(r->mask) > TB_MAX_SQUARES || size < HEADER || memcmp(image, TB_MAGIC, 8) != 0) return -1;
    uint64_t fp;
    uint32_t pieces, nsig;
    memcpy(&fp, image + 8, 8);
    memcpy(&pieces, image + 16, 4);
    memcpy(&nsig, image + 20, 4);
    int symmetric = (int)(pieces >> 8);
    pieces &= 0xFF;
    if (fp != tb_fingerprint(r) || pieces < 2 || pieces > TB_MAX_PIECES || nsig > 160) return -1;
    if (size < HEADER + (size_t)nsig * ENTRY) return -1;
    init_geometry(t, r, (int)pieces);
    if (symmetric != t->symmetric) return -1;
    for (uint32_t i = 0; i < nsig; i++) {
        const uint8_t *e = image + HEADER + (size_t)i * ENTRY;
        uint64_t count, offset;
        memcpy(&count, e + 8, 8);
        memcpy(&offset, e + 16, 8);
        int wm = e[0], wk = e[1], bm = e[2], bk = e[3], width = e[4];
        if (wm + wk + bm + bk > (int)pieces || (width != 1 && width != 2) || count != sig_count(t, wm, wk, bm, bk) ||
            offset > size || count * (uint64_t)width > size - offset)
            return -1;
        if (!kept(t, wm, wk, bm, bk) || t->slot[wm][wk][bm][bk] >= 0) return -1;
        add_sig(t, wm, wk, bm, bk);
        t->sig[i].width = width;
        t->sig[i].data = image + offset;
    }
    link_mirrors(t);
    /* every signature of up to max_pieces pieces must be there */
    for (int k = 2; k <= t->max_pieces; k++)
        for (int wm = 0; wm <= k; wm++)
            for (int wk = 0; wm + wk <= k; wk++)
                for (int bm = 0; wm + wk + bm <= k; bm++) {
                    int bk = k - wm - wk - bm;
                    if (wm + wk && bm + bk && t->slot[wm][wk][bm][bk] < 0) return -1;
                }
    return 0;
}
