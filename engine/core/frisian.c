/* Frisian's rules for the compiled core, by rule switch: captures in straight lines as well as
 * diagonally (men and kings jump over the square two away, kings from a distance), the value precedence,
 * and the limit on quiet moves in a row by one king. Mirrors rules/movegen.py's general capture search
 * (Generator._search) and rules/king_streaks.py; tests/engine/test_native.py checks both against them. */
#include "core.h"

#define BIT(s) ((BB)1 << (s))
#define MAXRAY 16

static inline int lowbit(BB b) { return bb_ctz(b); }

/* The squares x with x + delta in b: where a step of delta from x lands in b. */
static inline BB back(BB b, int delta) { return delta > 0 ? b >> delta : b << -delta; }

void wide_prepare(Rules *r) {
    r->wide = r->n_king_cap > 4;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < r->n_man_cap[c]; i++)
            if (r->man_cap_dirs[c][i] >= 4) r->wide = 1;
    for (int d = 0; d < 8; d++) {
        r->delta[d] = 0;
        r->one[d] = r->two[d] = 0;
        for (int b = 0; b < r->nsq; b++) {
            int t = r->step[d][b];
            if (!(r->mask & BIT(b)) || t < 0) continue;
            r->delta[d] = t - b; /* the same for every square (engine/native.py checks the layout) */
            r->one[d] |= BIT(b);
            if (r->step[d][t] >= 0) r->two[d] |= BIT(b);
        }
    }
}

/* Own pieces with a capture: exact, like rules/movegen.py's capturers on diagonal boards. */
static BB capturers(const Rules *r, BB own, BB opp, BB kings, int color) {
    BB empty = r->mask & ~(own | opp), men = own & ~kings, own_kings = own & kings;
    BB prey = r->men_take_kings ? opp : opp & ~kings;
    BB found = 0;
    for (int i = 0; i < r->n_man_cap[color]; i++) {
        int d = r->man_cap_dirs[color][i], dl = r->delta[d];
        found |= men & r->two[d] & back(prey, dl) & back(empty, 2 * dl);
    }
    if (!own_kings) return found;
    if (!r->flying) {
        for (int i = 0; i < r->n_king_cap; i++) {
            int d = r->king_cap_dirs[i], dl = r->delta[d];
            found |= own_kings & r->two[d] & back(opp, dl) & back(empty, 2 * dl);
        }
        return found;
    }
    BB occ = own | opp;
    for (BB b = own_kings; b; b &= b - 1) {
        int k = lowbit(b);
        for (int i = 0; i < r->n_king_cap; i++) {
            const int8_t *st = r->step[r->king_cap_dirs[i]];
            int sq = st[k];
            while (sq >= 0 && !(occ & BIT(sq))) sq = st[sq];
            if (sq >= 0 && (opp & BIT(sq)) && st[sq] >= 0 && (empty & BIT(st[sq]))) {
                found |= BIT(k);
                break;
            }
        }
    }
    return found;
}

int wide_can_capture(const Rules *r, BB own, BB opp, BB kings, int color) {
    return capturers(r, own, opp, kings, color) != 0;
}

typedef struct {
    const Rules *r;
    BB occ, opp, kings, promo;
    int color, start, mover_king;
    uint64_t best;
    MoveList *out;
    int starts[MAXMOVES], ends[MAXMOVES]; /* of out's moves, for the duplicate test */
} Ctx;

static uint64_t prec_key(const Ctx *c, int ncaps, int nkings, uint32_t flags) {
    switch (c->r->precedence) {
    case PREC_QUANTITY: return (uint64_t)ncaps;
    case PREC_QUANTITY_KINGS: return ((uint64_t)ncaps << 8) | (uint64_t)nkings;
    case PREC_KING_PRIORITY: return (uint64_t)c->mover_king;
    case PREC_ITALIAN:
        return ((uint64_t)ncaps << 48) | ((uint64_t)c->mover_king << 47) | ((uint64_t)nkings << 40) | flags;
    case PREC_FRISIAN:
        /* rules/movegen.py: value (n + k) * 1000 - k (k kings weigh between 2k - 1 and 2k men), then the king */
        return ((uint64_t)((ncaps + nkings) * 1000 - nkings) << 1) | (uint64_t)c->mover_king;
    default: return 0;
    }
}

/* Precedence as sequences arrive: out keeps only those of the best key so far, without duplicates
 * (same start, end and captured set; the first found stays) unless the rules keep them. */
static void emit(Ctx *c, int end, BB cap, int promotes, int ncaps, int nkings, uint32_t flags) {
    uint64_t key = prec_key(c, ncaps, nkings, flags);
    MoveList *out = c->out;
    if (out->n && key < c->best) return;
    if (!out->n || key > c->best) {
        out->n = 0;
        c->best = key;
    }
    if (!c->r->keep_dups)
        for (int j = 0; j < out->n; j++)
            if (c->starts[j] == c->start && c->ends[j] == end && out->m[j].cap == cap) return;
    if (out->n >= MAXMOVES) return;
    c->starts[out->n] = c->start;
    c->ends[out->n] = end;
    Move *m = &out->m[out->n++];
    BB endbit = BIT(end);
    m->mx = BIT(c->start) ^ endbit;
    m->cap = cap;
    m->kx = c->mover_king ? m->mx : (promotes ? endbit : 0);
}

/* Extend a capture from cur; returns 1 if any jump was possible (then the sequence may not stop here). */
static int extend(Ctx *c, int cur, int king, BB capmask, int ncaps, int nkings, uint32_t flags) {
    const Rules *r = c->r;
    const int *dirs = king ? r->king_cap_dirs : r->man_cap_dirs[c->color];
    int ndirs = king ? r->n_king_cap : r->n_man_cap[c->color];
    int any = 0;
    for (int di = 0; di < ndirs; di++) {
        const int8_t *st = r->step[dirs[di]];
        int victim, landings[MAXRAY], nland = 0;
        if (king && r->flying) {
            int sq = st[cur];
            while (sq >= 0 && !(c->occ & BIT(sq))) sq = st[sq];
            if (sq < 0) continue;
            victim = sq;
            if (!(c->opp & BIT(victim)) || (capmask & BIT(victim))) continue;
            sq = st[victim];
            while (sq >= 0 && !(c->occ & BIT(sq)) && nland < MAXRAY) {
                landings[nland++] = sq;
                sq = st[sq];
            }
            if (!nland) continue;
        } else {
            victim = st[cur];
            if (victim < 0 || !(c->opp & BIT(victim)) || (capmask & BIT(victim))) continue;
            if (!king && !r->men_take_kings && (c->kings & BIT(victim))) continue;
            int land = st[victim];
            if (land < 0 || (c->occ & BIT(land))) continue;
            landings[nland++] = land;
        }
        any = 1;
        int vk = (c->kings & BIT(victim)) != 0;
        BB ncap = capmask | BIT(victim);
        int nc = ncaps + 1, nk = nkings + vk;
        uint32_t nf = (flags << 1) | (uint32_t)vk;
        int term[MAXRAY], term_promo[MAXRAY], nterm = 0, continued = 0;
        for (int li = 0; li < nland; li++) {
            int land = landings[li];
            int reaches = !king && (c->promo & BIT(land));
            if (reaches && r->promo_mode == PROMO_STOP) {
                term[nterm] = land;
                term_promo[nterm++] = 1;
                continue;
            }
            int next_king = king || (reaches && r->promo_mode == PROMO_CONTINUE);
            if (extend(c, land, next_king, ncap, nc, nk, nf)) {
                continued = 1;
            } else {
                term[nterm] = land;
                term_promo[nterm++] = !c->mover_king && (next_king || (c->promo & BIT(land)) != 0);
            }
        }
        if (!continued)
            for (int t = 0; t < nterm; t++) emit(c, term[t], ncap, term_promo[t], nc, nk, nf);
    }
    return any;
}

/* The legal captures of color into out (none: 0, and out is empty). */
int wide_captures(const Rules *r, BB own, BB opp, BB kings, int color, MoveList *out) {
    out->n = 0;
    BB starts = capturers(r, own, opp, kings, color);
    if (!starts) return 0;
    Ctx ctx; /* on the stack, as in movegen.c: released before the search recurses */
    Ctx *c = &ctx;
    c->r = r;
    c->opp = opp;
    c->kings = kings;
    c->color = color;
    c->promo = r->promo[color];
    c->best = 0;
    c->out = out;
    for (BB b = starts; b; b &= b - 1) {
        int s = lowbit(b);
        c->start = s;
        c->mover_king = (kings & BIT(s)) != 0;
        c->occ = (own | opp) & ~BIT(s);
        extend(c, s, c->mover_king, 0, 0, 0, 0);
    }
    return out->n;
}

/* rules/king_streaks.py limit_king_moves: drop the quiet moves of a king that has used up its run. */
int limit_king_moves(const Rules *r, const Streaks *st, BB own, BB kings, int color, MoveList *list) {
    if (!r->king_limit || st->n[color] < r->king_limit || st->sq[color] < 0 || !(own & ~kings)) return list->n;
    BB blocked = BIT(st->sq[color]);
    int k = 0;
    for (int i = 0; i < list->n; i++) {
        const Move *m = &list->m[i];
        if (!m->cap && m->kx == m->mx && (m->mx & blocked)) continue;
        list->m[k++] = *m;
    }
    list->n = k;
    return k;
}

/* rules/king_streaks.py next_streaks: the streaks after color (owning own) plays m. */
void next_streaks(const Streaks *st, const Move *m, BB own, int color, Streaks *out) {
    *out = *st;
    if (!m->cap && m->kx == m->mx) {
        int start = lowbit(m->mx & own);
        out->n[color] = st->sq[color] == start ? st->n[color] + 1 : 1;
        out->sq[color] = lowbit(m->mx & ~own);
    } else {
        out->sq[color] = -1;
        out->n[color] = 0;
    }
    int theirs = 1 - color;
    if (out->sq[theirs] >= 0 && (m->cap & BIT(out->sq[theirs]))) {
        out->sq[theirs] = -1;
        out->n[theirs] = 0;
    }
}

static uint64_t perft_rec(const Rules *r, BB own, BB opp, BB kings, int color, const Streaks *st, int depth) {
    if (depth == 1 && !(own & kings)) return count_moves(r, own, opp, kings, color);
    MoveList list;
    gen_moves(r, own, opp, kings, color, &list);
    int n = limit_king_moves(r, st, own, kings, color, &list);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        const Move *m = &list.m[i];
        Streaks next;
        next_streaks(st, m, own, color, &next);
        total += perft_rec(r, opp & ~m->cap, own ^ m->mx, (kings & ~m->cap) ^ m->kx, 1 - color, &next, depth - 1);
    }
    return total;
}

/* Perft carrying the streaks (rules/king_streaks.py perft_limited). */
uint64_t perft_streaks(const Rules *r, BB white, BB black, BB kings, int color, const Streaks *st, int depth) {
    if (depth <= 0) return 1;
    return color == 0 ? perft_rec(r, white, black, kings, 0, st, depth) : perft_rec(r, black, white, kings, 1, st, depth);
}
