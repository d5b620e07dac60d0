/* Legal moves for diagonal-board variants, mirroring rules/movegen.py's capture search step for step
 * (same direction order, same de-duplication by (start, end, captured set) keeping the first found),
 * so both generators produce the same move set; tests/engine/test_native_agreement.py checks it. */
#include "core.h"

#define BIT(s) ((BB)1 << (s))

static inline int lowbit(BB b) { return bb_ctz(b); }

typedef struct {
    const Rules *r;
    BB occ, opp, kings, promo;
    int color, start, mover_king;
    /* candidate sequences before precedence */
    int n;
    struct Seq {
        int start, end, promotes;
        BB cap;
        uint64_t key;
    } seq[MAXMOVES];
    int overflow;
} Ctx;

static uint64_t prec_key(const Ctx *c, int ncaps, int nkings, uint32_t flags) {
    switch (c->r->precedence) {
    case PREC_QUANTITY: return (uint64_t)ncaps;
    case PREC_QUANTITY_KINGS: return ((uint64_t)ncaps << 8) | (uint64_t)nkings;
    case PREC_KING_PRIORITY: return (uint64_t)c->mover_king;
    case PREC_ITALIAN:
        /* Art. 6.6-6.9: quantity, with the king, most kings, kings met earliest (flags: first capture
         * is the highest bit, so equal-length flag tuples compare as integers). */
        return ((uint64_t)ncaps << 48) | ((uint64_t)c->mover_king << 47) | ((uint64_t)nkings << 40) | flags;
    default: return 0;
    }
}

static void emit(Ctx *c, int end, BB cap, int promotes, int ncaps, int nkings, uint32_t flags) {
    if (c->n >= MAXMOVES) {
        c->overflow = 1;
        return;
    }
    struct Seq *s = &c->seq[c->n++];
    s->start = c->start;
    s->end = end;
    s->cap = cap;
    s->promotes = promotes;
    s->key = prec_key(c, ncaps, nkings, flags);
}

/* Extend a capture from cur; returns 1 if any jump was possible (then the sequence may not stop here). */
static int extend(Ctx *c, int cur, int king, BB capmask, int ncaps, int nkings, uint32_t flags) {
    const Rules *r = c->r;
    int dirs_king[4] = {0, 1, 2, 3};
    const int *dirs;
    int ndirs;
    if (king) {
        dirs = dirs_king;
        ndirs = 4;
    } else {
        dirs = r->man_cap_dirs[c->color];
        ndirs = r->n_man_cap[c->color];
    }
    int any = 0;
    for (int di = 0; di < ndirs; di++) {
        int d = dirs[di];
        const int8_t *st = r->step[d];
        int victim, landings[16], nland = 0;
        if (king && r->flying) {
            int sq = st[cur];
            while (sq >= 0 && !(c->occ & BIT(sq))) sq = st[sq];
            if (sq < 0) continue;
            victim = sq;
            if (!(c->opp & BIT(victim)) || (capmask & BIT(victim))) continue;
            sq = st[victim];
            while (sq >= 0 && !(c->occ & BIT(sq))) {
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
        int term[16], term_promo[16], nterm = 0, continued = 0;
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

void rules_prepare(Rules *r, int s1, int s2) {
    r->s1 = s1;
    r->s2 = s2;
    for (int c = 0; c < 2; c++) {
        r->men_move_up[c] = r->n_man_move[c] && r->man_move_dirs[c][0] < 2;
        r->men_cap_up[c] = r->men_cap_down[c] = 0;
        for (int i = 0; i < r->n_man_cap[c]; i++) {
            if (r->man_cap_dirs[c][i] < 2) r->men_cap_up[c] = 1;
            else r->men_cap_down[c] = 1;
        }
    }
    wide_prepare(r);
}

static void king_quiet_moves(const Rules *r, BB own_kings, BB empty, MoveList *out) {
    for (BB b = own_kings; b; b &= b - 1) {
        int from = lowbit(b);
        for (int d = 0; d < 4; d++) {
            int to = r->step[d][from];
            while (to >= 0 && (empty & BIT(to))) {
                if (out->n >= MAXMOVES) return;
                Move *m = &out->m[out->n++];
                m->mx = m->kx = BIT(from) | BIT(to);
                m->cap = 0;
                if (!r->flying) break;
                to = r->step[d][to];
            }
        }
    }
}

static void quiet_moves(const Rules *r, BB own, BB opp, BB kings, int color, MoveList *out) {
    BB empty = r->mask & ~(own | opp);
    BB men = own & ~kings;
    BB promo = r->promo[color];
    int up = r->men_move_up[color];
    for (int k = 0; k < 2; k++) {
        int sh = k ? r->s2 : r->s1;
        BB targets = (up ? men >> sh : men << sh) & empty;
        for (; targets; targets &= targets - 1) {
            BB to = targets & -targets;
            Move *m = &out->m[out->n++];
            m->mx = to | (up ? to << sh : to >> sh);
            m->cap = 0;
            m->kx = promo & to;
        }
    }
    if (own & kings) king_quiet_moves(r, own & kings, empty, out);
}

/* Can a flying king take anything? Slide along each diagonal through empty squares; a jump needs an
 * enemy piece at the end of the slide with an empty square behind it. */
static int flying_king_can_jump(const Rules *r, BB kings_, BB opp, BB empty) {
    for (int k = 0; k < 2; k++) {
        int sh = k ? r->s2 : r->s1;
        for (BB ray = kings_; ray;) {
            ray >>= sh;
            if (ray & opp & (empty << sh)) return 1;
            ray &= empty;
        }
        for (BB ray = kings_; ray;) {
            ray <<= sh;
            if (ray & opp & (empty >> sh)) return 1;
            ray &= empty;
        }
    }
    return 0;
}

/* The men that can make a first jump, found from the landing square back. can_capture asks whether there is
 * any; the capture search starts only from them and the kings, in the same ascending order as from every piece,
 * so the moves come out the same. */
static BB capturing_men(const Rules *r, BB men, BB prey, BB empty, int color) {
    int s1 = r->s1, s2 = r->s2;
    BB from = 0;
    if (r->men_cap_up[color]) from |= ((prey & (empty << s1)) << s1) | ((prey & (empty << s2)) << s2);
    if (r->men_cap_down[color]) from |= ((prey & (empty >> s1)) >> s1) | ((prey & (empty >> s2)) >> s2);
    return men & from;
}

int can_capture(const Rules *r, BB own, BB opp, BB kings, int color) {
    if (r->wide) return wide_can_capture(r, own, opp, kings, color);
    BB empty = r->mask & ~(own | opp);
    BB prey = r->men_take_kings ? opp : opp & ~kings;
    if (capturing_men(r, own & ~kings, prey, empty, color)) return 1;
    int s1 = r->s1, s2 = r->s2;
    BB own_kings = own & kings;
    if (!own_kings) return 0;
    if (r->flying) return flying_king_can_jump(r, own_kings, opp, empty);
    return ((((own_kings >> s1) & opp) >> s1 & empty) | (((own_kings >> s2) & opp) >> s2 & empty) |
            (((own_kings << s1) & opp) << s1 & empty) | (((own_kings << s2) & opp) << s2 & empty)) != 0;
}

/* Legal moves of color (own to move) into out; returns the count (captures only when any exist). */
int gen_moves(const Rules *r, BB own, BB opp, BB kings, int color, MoveList *out) {
    out->n = 0;
    if (r->wide) {
        if (wide_captures(r, own, opp, kings, color, out)) return out->n;
    } else if (can_capture(r, own, opp, kings, color)) {
        Ctx ctx; /* about 20 KB, released before the search recurses (thread-local storage costs more) */
        Ctx *c = &ctx;
        c->r = r;
        c->opp = opp;
        c->kings = kings;
        c->color = color;
        c->promo = r->promo[color];
        c->n = 0;
        c->overflow = 0;
        BB prey = r->men_take_kings ? opp : opp & ~kings;
        BB starts = (own & kings) | capturing_men(r, own & ~kings, prey, r->mask & ~(own | opp), color);
        for (BB b = starts; b; b &= b - 1) {
            int s = lowbit(b);
            c->start = s;
            c->mover_king = (kings & BIT(s)) != 0;
            c->occ = (own | opp) & ~BIT(s);
            extend(c, s, c->mover_king, 0, 0, 0, 0);
        }
        uint64_t best = 0;
        for (int i = 0; i < c->n; i++)
            if (c->seq[i].key > best) best = c->seq[i].key;
        for (int i = 0; i < c->n; i++) {
            struct Seq *s = &c->seq[i];
            if (s->key != best) continue;
            if (!r->keep_dups) {
                int dup = 0;
                for (int j = 0; j < i && !dup; j++) {
                    struct Seq *t = &c->seq[j];
                    dup = t->key == best && t->start == s->start && t->end == s->end && t->cap == s->cap;
                }
                if (dup) continue;
            }
            Move *m = &out->m[out->n++];
            BB endbit = BIT(s->end);
            m->mx = BIT(s->start) ^ endbit;
            m->cap = s->cap;
            m->kx = (kings & BIT(s->start)) ? m->mx : (s->promotes ? endbit : 0);
        }
        if (out->n) return out->n;
    }
    quiet_moves(r, own, opp, kings, color, out);
    return out->n;
}

/* The number of legal moves, counting quiet men's moves by popcount (perft's last ply). */
uint64_t count_moves(const Rules *r, BB own, BB opp, BB kings, int color) {
    static _Thread_local MoveList list;
    if (can_capture(r, own, opp, kings, color) || (own & kings)) return (uint64_t)gen_moves(r, own, opp, kings, color, &list);
    BB empty = r->mask & ~(own | opp);
    BB men = own;
    if (r->men_move_up[color])
        return (uint64_t)(bb_popcount((men >> r->s1) & empty) + bb_popcount((men >> r->s2) & empty));
    return (uint64_t)(bb_popcount((men << r->s1) & empty) + bb_popcount((men << r->s2) & empty));
}

static uint64_t perft_rec(const Rules *r, BB own, BB opp, BB kings, int color, int depth) {
    if (depth == 1) return count_moves(r, own, opp, kings, color);
    MoveList list;
    int n = gen_moves(r, own, opp, kings, color, &list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        const Move *m = &list.m[i];
        total += perft_rec(r, opp & ~m->cap, own ^ m->mx, (kings & ~m->cap) ^ m->kx, 1 - color, depth - 1);
    }
    return total;
}

uint64_t perft(const Rules *r, BB white, BB black, BB kings, int color, int depth) {
    if (depth <= 0) return 1;
    return color == 0 ? perft_rec(r, white, black, kings, 0, depth) : perft_rec(r, black, white, kings, 1, depth);
}
