/* Iterative-deepening PVS over copy-made bitboards: transposition table, killers and history for
 * quiet moves, late-move reductions, shallow static pruning in quiet positions, and a quiescence
 * search that resolves every pending capture (captures are compulsory, so there is no stand-pat
 * while one exists). Scores are centi-men for the side to move; WIN - plies for forced results. */
#include "search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

enum { EMPTY, EXACT, LOWER, UPPER };
#define CHECK_EVERY 1023
#define CALLBACK_EVERY 16383
/* Table results (TABLE_WIN - plies to the end) sit below forced-mate scores (WIN - plies) and above any
 * evaluation; both bands are stored in the transposition table relative to the node (engine/search.py). */
#define TABLE_WIN 90000
#define TABLE_BOUND 80000

/* The exact score of a position the endgame tables cover, or -INF when they do not cover it. */
static int table_score(const Searcher *s, BB own, BB opp, BB kings, int color, int ply) {
    if (bb_popcount(own | opp) > endgame_reach(&s->endgame)) return -INF;
    int v = endgame_probe(&s->endgame, own, opp, kings, color);
    if (v < 0) return -INF;
    if (!v) return 0;
    int plies = ply + (v - 1) / 2;
    return (v & 1) ? plies - TABLE_WIN : TABLE_WIN - plies;
}


double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Zeroed memory for the transposition table, on 2 MB pages where the system allows: each probe is a random
 * access, and with 4 KB pages most of them also miss the TLB. */
static void *alloc_table(size_t bytes) {
#ifdef MADV_HUGEPAGE
    size_t huge = (size_t)2 << 20, rounded = (bytes + huge - 1) / huge * huge;
    void *p = NULL;
    if (bytes >= huge && posix_memalign(&p, huge, rounded) == 0) {
        madvise(p, rounded, MADV_HUGEPAGE);
        memset(p, 0, bytes);
        return p;
    }
#endif
    return calloc(1, bytes);
}

int searcher_init(Searcher *s, int tt_bits) {
    uint64_t seed = 20240611;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < MAXSQ; i++) s->z_piece[c][i] = splitmix(&seed);
    for (int i = 0; i < MAXSQ; i++) s->z_king[i] = splitmix(&seed);
    s->z_side = splitmix(&seed);
    s->tt = alloc_table((((size_t)1 << tt_bits) + TT_WAYS) * sizeof(TTEntry));
    if (!s->tt) return -1;
    s->tt_mask = ((uint64_t)1 << tt_bits) - 1;
    search_params(s, 180, 4, 60, 0); /* ProbCut: engine/native.py turns it on where it pays */
    search_selective(s, 2, 0, 0, 40, 0, 0, 0, 0, 0);
    s->probcut_pieces = 0;
    return 0;
}

/* Late-move reductions grow with log(depth) * log(move number) / (lmr_div / 100); static pruning
 * trusts the evaluation up to prune_depth plies from the leaves, with margin centi-men per ply;
 * ProbCut's margin is probcut centi-men per ply of depth (0: off). */
void search_params(Searcher *s, int lmr_div, int prune_depth, int margin, int probcut) {
    s->prune_depth = prune_depth;
    s->margin = margin;
    s->probcut = probcut;
    for (int d = 0; d < 32; d++)
        for (int i = 0; i < 32; i++) {
            int v = d >= 2 && i >= 1 ? (int)(0.5 + log((double)d) * log((double)i) * 100.0 / lmr_div) : 0;
            s->lmr[d][i] = d < 2 || i < 1 ? 0 : (v < 1 ? 1 : (v > d - 1 ? d - 1 : v));
        }
}

/* Late-move reductions from move number lmr_from on; late-move pruning (lmp, 0: off); hang more plies of
 * reduction for a late quiet move after which the opponent has a capture; ProbCut's probe at probcut_pct
 * percent of the depth; malus: history also learns from the quiet moves that failed before a cutoff (2: and
 * a late move whose history is below zero is reduced one ply more outside the principal variation).
 * countermove: order the last refutation of the opponent's move after the killers. king_lmr: a late king move
 * may be reduced too, by this many plies at most (before, only men's moves were; a promotion never is).
 * flat_lmr: Scan's scheme (its source, read for the idea) replaces the table and lmr_from.
 * search_selective(s, 2, 0, 0, 40, 0, 0, 0, 0, 0) is the search as it was before issue 30. */
void search_selective(Searcher *s, int lmr_from, int lmp, int hang, int probcut_pct, int malus, int countermove,
                      int quiet_qs, int king_lmr, int flat_lmr) {
    s->flat_lmr = flat_lmr;
    s->quiet_qs = quiet_qs;
    s->king_lmr = king_lmr;
    s->countermove = countermove;
    s->malus = malus;
    s->lmr_from = lmr_from < 1 ? 1 : lmr_from;
    s->lmp = lmp;
    s->hang = hang;
    s->probcut_pct = probcut_pct;
}

void searcher_free(Searcher *s) {
    free(s->tt);
    s->tt = NULL;
}

static inline uint64_t zsum(const uint64_t *table, BB bits) {
    uint64_t h = 0;
    for (; bits; bits &= bits - 1) h ^= table[bb_ctz(bits)];
    return h;
}

uint64_t hash_of(const Searcher *s, BB white, BB black, BB kings, int color) {
    return (color ? s->z_side : 0) ^ zsum(s->z_piece[0], white) ^ zsum(s->z_piece[1], black) ^
           zsum(s->z_king, kings);
}

static inline uint64_t delta(const Searcher *s, int color, const Move *m, BB kings) {
    BB kd = (kings & m->cap) ^ m->kx;
    return s->z_side ^ zsum(s->z_piece[color], m->mx) ^ zsum(s->z_piece[1 - color], m->cap) ^ zsum(s->z_king, kd);
}

/* Frisian's king streaks are part of the position (rules/position.py compares them): keyed per colour. */
uint64_t streak_key(const Streaks *st) {
    uint64_t h = 0;
    for (int c = 0; c < 2; c++) {
        if (st->sq[c] < 0) continue;
        uint64_t state = ((uint64_t)(c * MAXSQ + st->sq[c]) << 32) ^ (uint32_t)st->n[c];
        h ^= splitmix(&state);
    }
    return h;
}

/* The key after color plays m; under a king move limit this also sets the child's streaks. */
static inline uint64_t child_key(Searcher *s, int ply, int color, const Move *m, BB own, BB kings, uint64_t h) {
    h ^= delta(s, color, m, kings);
    if (s->rules.king_limit) {
        Streaks *next = &s->streaks[ply + 1];
        next_streaks(&s->streaks[ply], m, own, color, next);
        h ^= streak_key(&s->streaks[ply]) ^ streak_key(next);
    }
    return h;
}

/* The legal moves and the key after each, as the search computes them (tests compare with hash_of). */
int keys_after(Searcher *s, BB white, BB black, BB kings, int color, const Streaks *st, MoveList *list,
               uint64_t *keys) {
    BB own = color == 0 ? white : black;
    s->streaks[0] = *st;
    uint64_t h = hash_of(s, white, black, kings, color) ^ streak_key(st);
    gen_moves(&s->rules, own, color == 0 ? black : white, kings, color, list);
    int n = limit_king_moves(&s->rules, st, own, kings, color, list);
    for (int i = 0; i < n; i++) keys[i] = child_key(s, 0, color, &list->m[i], own, kings, h);
    return n;
}

static inline int same(const Move *a, const Move *b) { return a->mx == b->mx && a->cap == b->cap && a->kx == b->kx; }

static void check_time(Searcher *s) {
    if (now_seconds() >= s->deadline) s->stopped = 1;
    else if (s->should_stop && !(s->nodes & CALLBACK_EVERY) && s->should_stop(s->stop_arg)) s->stopped = 1;
}

static int capture_score(const Move *m) { return bb_popcount(m->cap) * 4 + (m->kx != 0); }

static void sort_by(Move *moves, int *keys, int n) {
    for (int i = 1; i < n; i++) {
        Move m = moves[i];
        int k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] < k) {
            moves[j + 1] = moves[j];
            keys[j + 1] = keys[j];
            j--;
        }
        moves[j + 1] = m;
        keys[j + 1] = k;
    }
}

static inline uint32_t digest(const Move *m) {
    uint64_t x = bb_fold(m->mx) * 0x9E3779B97F4A7C15ULL ^ bb_fold(m->cap) * 0xC2B2AE3D27D4EB4FULL ^
                 bb_fold(m->kx) * 0x165667B19E3779F9ULL;
    uint32_t d = (uint32_t)(x >> 32) ^ (uint32_t)x;
    return d ? d : 1;
}

static void digest_to_front(Move *moves, int n, uint32_t d) {
    for (int i = 0; i < n; i++)
        if (digest(&moves[i]) == d) {
            Move t = moves[i];
            memmove(&moves[1], &moves[0], (size_t)i * sizeof(Move));
            moves[0] = t;
            return;
        }
}

/* Same position: overwrite. Otherwise the shallowest entry, entries from earlier searches first. */
static void tt_store(Searcher *s, TTEntry *bucket, uint32_t check, uint32_t move, int score, int depth, int flag) {
    TTEntry *victim = &bucket[0];
    int worst = 1 << 30;
    for (int w = 0; w < TT_WAYS; w++) {
        TTEntry *e = &bucket[w];
        if (e->check == check || !e->flag) {
            victim = e;
            break;
        }
        int value = e->depth + (e->age == s->age ? 64 : 0);
        if (value < worst) {
            worst = value;
            victim = e;
        }
    }
    victim->check = check;
    victim->move = move;
    victim->score = score;
    victim->depth = (int8_t)depth;
    victim->flag = (uint8_t)flag;
    victim->age = s->age;
}

static void to_front(Move *moves, int n, const Move *m) {
    for (int i = 0; i < n; i++)
        if (same(&moves[i], m)) {
            Move t = moves[i];
            memmove(&moves[1], &moves[0], (size_t)i * sizeof(Move));
            moves[0] = t;
            return;
        }
}

static int quiesce(Searcher *s, BB own, BB opp, BB kings, int color, int alpha, int beta, int ply, int extras);

/* After a quiet move, whether the opponent (to move) must take one man and every such capture can be taken
 * back: an exchange, not a man lost. */
static int is_exchange(const Rules *r, BB own, BB opp, BB kings, int color) {
    if (!can_capture(r, own, opp, kings, color)) return 0;
    MoveList list;
    int n = gen_moves(r, own, opp, kings, color, &list);
    for (int i = 0; i < n; i++) {
        const Move *m = &list.m[i];
        if (bb_popcount(m->cap) != 1 || !can_capture(r, opp & ~m->cap, own ^ m->mx, (kings & ~m->cap) ^ m->kx, 1 - color))
            return 0;
    }
    return 1;
}

/* Quiescence's move loop, from best (the stand-pat score or -INF). quiet: 0 searches every move; 1 only a man
 * promoting; 2 also an exchange offer, tested as the loop reaches it, so a cutoff spares the rest the test. */
static int quiesce_moves(Searcher *s, const Move *moves, int n, BB own, BB opp, BB kings, int color, int alpha,
                         int beta, int ply, int extras, int best, int quiet) {
    for (int i = 0; i < n; i++) {
        const Move *m = &moves[i];
        if (quiet && !(m->kx && m->kx != m->mx) &&
            !(quiet >= 2 && is_exchange(&s->rules, opp, own ^ m->mx, kings ^ m->kx, 1 - color)))
            continue;
        int score = -quiesce(s, opp & ~m->cap, own ^ m->mx, (kings & ~m->cap) ^ m->kx, 1 - color, -beta, -alpha, ply + 1,
                             extras);
        if (s->stopped) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta) break;
            }
        }
    }
    return best;
}

/* A quiet leaf's stand-pat score, or better: the quiet moves a captures-only search cannot see past, a man
 * promoting and (no kings on the board) an exchange of one man for one, each searched on in quiescence. extras:
 * how many more such moves this line may add. */
static int quiet_leaf(Searcher *s, BB own, BB opp, BB kings, int color, int alpha, int beta, int ply, int extras) {
    const Rules *r = &s->rules;
    int stand = evaluate(r, &s->eval, own, opp, kings, color);
    if (!extras || stand >= beta || ply >= MAX_PLY - 1) return stand;
    BB empty = r->mask & ~(own | opp), men = own & ~kings;
    BB steps = r->men_move_up[color] ? (men >> r->s1) | (men >> r->s2) : (men << r->s1) | (men << r->s2);
    int promotions = (steps & empty & r->promo[color]) != 0, offers = s->quiet_qs >= 2 && !kings;
    if (!promotions && !offers) return stand;
    MoveList list;
    int n = gen_moves(r, own, opp, kings, color, &list);
    return quiesce_moves(s, list.m, n, own, opp, kings, color, stand > alpha ? stand : alpha, beta, ply, extras - 1,
                         stand, offers ? 2 : 1);
}

static int quiesce(Searcher *s, BB own, BB opp, BB kings, int color, int alpha, int beta, int ply, int extras) {
    s->nodes++;
    s->qnodes++;
    if (!(s->nodes & CHECK_EVERY)) check_time(s);
    if (s->stopped) return 0;
    const Rules *r = &s->rules;
    int known = table_score(s, own, opp, kings, color, ply);
    if (known != -INF) return known;
    if (ply >= MAX_PLY) return evaluate(r, &s->eval, own, opp, kings, color);
    if (!can_capture(r, own, opp, kings, color)) return quiet_leaf(s, own, opp, kings, color, alpha, beta, ply, extras);
    MoveList list;
    int n = gen_moves(r, own, opp, kings, color, &list);
    if (!n) return s->eval.giveaway ? WIN - ply : ply - WIN;
    int keys[MAXMOVES];
    if (n > 1) {
        for (int i = 0; i < n; i++) keys[i] = capture_score(&list.m[i]);
        sort_by(list.m, keys, n);
    }
    return quiesce_moves(s, list.m, n, own, opp, kings, color, alpha, beta, ply, extras, -INF, 0);
}

static int is_repetition(const Searcher *s, int index, uint64_t h, int rev) {
    int low = index - rev;
    if (low < 0) low = 0;
    for (int i = index - 4; i >= low; i -= 2)
        if (s->stack[i] == h) return 1;
    return 0;
}

static inline int quiet_key(const Move *m) {
    return m->cap ? 0 : 1 + bb_ctz(m->mx) * MAXSQ + bb_high(m->mx);
}

static void order_quiet(Searcher *s, Move *moves, int n, int color, int ply) {
    int keys[MAXMOVES];
    for (int i = 0; i < n; i++) {
        BB mx = moves[i].mx;
        int a = bb_ctz(mx), b = bb_high(mx);
        keys[i] = s->history[color][a][b];
    }
    sort_by(moves, keys, n);
    int prev = s->prev[ply];
    if (s->countermove && prev) {
        uint32_t d = s->counter[color][(prev - 1) / MAXSQ][(prev - 1) % MAXSQ];
        if (d) digest_to_front(moves, n, d);
    }
    if (s->killers[ply][1].mx) to_front(moves, n, &s->killers[ply][1]);
    if (s->killers[ply][0].mx) to_front(moves, n, &s->killers[ply][0]);
}

static int search(Searcher *s, BB own, BB opp, BB kings, int color, int depth, int alpha, int beta, int ply,
                  uint64_t h, int pv_node, int rev) {
    if (pv_node) s->pv_len[ply] = 0;
    if (depth <= 0 || ply >= MAX_PLY) return quiesce(s, own, opp, kings, color, alpha, beta, ply, s->quiet_qs ? 1 : 0);
    s->nodes++;
    if (!(s->nodes & CHECK_EVERY)) check_time(s);
    if (s->stopped) return 0;
    const Rules *r = &s->rules;
    int index = s->base + ply;
    s->stack[index] = h;
    /* Repetition (only king moves are reversible) and the no-progress rule: draws. */
    if (rev >= 4) {
        if (rev >= s->rev_limit || is_repetition(s, index, h, rev)) return 0;
    }
    int known = table_score(s, own, opp, kings, color, ply);
    if (known != -INF) return known;
    TTEntry *bucket = &s->tt[h & s->tt_mask & ~(uint64_t)(TT_WAYS - 1)];
    uint32_t check = (uint32_t)(h >> 32);
    uint32_t hash_move = 0;
    int has_hash = 0;
    for (int w = 0; w < TT_WAYS; w++) {
        TTEntry *e = &bucket[w];
        if (e->check != check || !e->flag) continue;
        hash_move = e->move;
        has_hash = 1;
        if (e->depth >= depth && !pv_node) {
            int score = e->score;
            if (score > TABLE_BOUND) score -= ply;
            else if (score < -TABLE_BOUND) score += ply;
            int flag = e->flag;
            if (flag == EXACT || (flag == LOWER && score >= beta) || (flag == UPPER && score <= alpha)) return score;
        }
        break;
    }
    MoveList list;
    int n = gen_moves(r, own, opp, kings, color, &list);
    if (r->king_limit) n = limit_king_moves(r, &s->streaks[ply], own, kings, color, &list);
    if (!n) return s->eval.giveaway ? WIN - ply : ply - WIN;
    Move *moves = list.m;
    int is_capture = moves[0].cap != 0;
    if (n == 1 && ply < 2 * depth + 16) {
        depth += 1; /* a forced reply costs nothing to look past */
    } else if (depth <= s->prune_depth && !pv_node && !is_capture && abs(beta) < WIN_BOUND &&
               !can_capture(r, opp, own, kings, 1 - color)) {
        /* Quiet position (no capture for either side): trust the evaluation near the leaves. */
        int stat = evaluate(r, &s->eval, own, opp, kings, color);
        if (stat - s->margin * depth >= beta) return stat;
        if (depth <= 2 && stat + s->margin * depth <= alpha) return stat;
    }
    if (s->probcut && !pv_node && depth >= 3 && abs(beta) < WIN_BOUND && !s->in_probe &&
        (!s->probcut_pieces || bb_popcount(own | opp) <= s->probcut_pieces)) {
        /* ProbCut: when a search at 40% of the depth clears beta by a margin, the full one almost surely
         * clears beta. It searches this same position (a null move would misjudge draughts' zugzwangs);
         * probes do not nest. engine/search.py leaves it out: at the depths Python reaches (about 12)
         * the probes cost more nodes than they save. */
        int margin = depth * s->probcut, raised = beta + margin;
        s->in_probe++;
        int score = search(s, own, opp, kings, color, depth * s->probcut_pct / 100, raised - 1, raised, ply, h, 0, rev);
        s->in_probe--;
        if (s->stopped) return 0;
        if (score >= raised) return score - margin;
    }
    if (n > 1) {
        if (is_capture) {
            int keys[MAXMOVES];
            for (int i = 0; i < n; i++) keys[i] = capture_score(&moves[i]);
            sort_by(moves, keys, n);
        } else {
            order_quiet(s, moves, n, color, ply);
        }
        if (has_hash) digest_to_front(moves, n, hash_move);
    }
    int original_alpha = alpha, best = -INF;
    Move best_move = moves[0];
    for (int i = 0; i < n; i++) {
        const Move *m = &moves[i];
        BB c_own = opp & ~m->cap, c_opp = own ^ m->mx, c_kings = (kings & ~m->cap) ^ m->kx;
        int c_rev = (!m->cap && m->kx == m->mx) ? rev + 1 : 0;
        uint64_t ch = child_key(s, ply, color, m, own, kings, h);
        int score;
        int late = s->flat_lmr ? i >= (pv_node ? 3 : 1) && !m->cap && (!m->kx || m->kx == m->mx)
                               : i >= s->lmr_from && !m->cap && (!m->kx || (s->king_lmr && m->kx == m->mx)) &&
                                     !same(m, &s->killers[ply][0]) && !same(m, &s->killers[ply][1]);
        if (late && s->lmp && !pv_node && depth <= 3 && i >= s->lmp + depth * depth && best > -WIN_BOUND &&
            abs(alpha) < WIN_BOUND)
            continue; /* late-move pruning: far down the order, this close to the leaves */
        s->prev[ply + 1] = quiet_key(m);
        if (i == 0) {
            score = -search(s, c_own, c_opp, c_kings, 1 - color, depth - 1, -beta, -alpha, ply + 1, ch, pv_node, c_rev);
        } else {
            int reduce = 0;
            if (s->flat_lmr) {
                if (depth >= 3 && late) reduce = 1 + (!pv_node && i >= 6);
            } else if (depth >= 2 && late) {
                reduce = s->lmr[depth < 31 ? depth : 31][i < 31 ? i : 31];
                if (m->kx && reduce > s->king_lmr) reduce = s->king_lmr;
                if (s->hang && can_capture(r, c_own, c_opp, c_kings, 1 - color)) reduce += s->hang;
                if (s->malus >= 2 && !pv_node && s->history[color][bb_ctz(m->mx)][bb_high(m->mx)] < 0) reduce += 1;
                if (reduce > depth - 1) reduce = depth - 1;
            }
            score = -search(s, c_own, c_opp, c_kings, 1 - color, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, ch, 0,
                            c_rev);
            if (reduce && score > alpha)
                score = -search(s, c_own, c_opp, c_kings, 1 - color, depth - 1, -alpha - 1, -alpha, ply + 1, ch, 0, c_rev);
            if (pv_node && alpha < score && score < beta)
                score = -search(s, c_own, c_opp, c_kings, 1 - color, depth - 1, -beta, -alpha, ply + 1, ch, 1, c_rev);
        }
        if (s->stopped) return 0;
        if (score > best) {
            best = score;
            best_move = *m;
            if (score > alpha) {
                alpha = score;
                if (pv_node) {
                    s->pv[ply][0] = *m;
                    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)s->pv_len[ply + 1] * sizeof(Move));
                    s->pv_len[ply] = s->pv_len[ply + 1] + 1;
                }
                if (score >= beta) {
                    if (!m->cap) {
                        if (!same(&s->killers[ply][0], m)) {
                            s->killers[ply][1] = s->killers[ply][0];
                            s->killers[ply][0] = *m;
                        }
                        int a = bb_ctz(m->mx), b = bb_high(m->mx);
                        int *hist = &s->history[color][a][b];
                        *hist += depth * depth;
                        if (s->prev[ply])
                            s->counter[color][(s->prev[ply] - 1) / MAXSQ][(s->prev[ply] - 1) % MAXSQ] = digest(m);
                        int rescale = *hist > (1 << 28);
                        for (int j = 0; s->malus && j < i; j++) {
                            int *other = &s->history[color][bb_ctz(moves[j].mx)][bb_high(moves[j].mx)];
                            *other -= depth * depth;
                            rescale |= *other < -(1 << 28);
                        }
                        if (rescale) {
                            for (int x = 0; x < MAXSQ; x++)
                                for (int y = 0; y < MAXSQ; y++) s->history[color][x][y] /= 2;
                        }
                    }
                    break;
                }
            }
        }
    }
    int stored = best;
    if (stored > TABLE_BOUND) stored += ply;
    else if (stored < -TABLE_BOUND) stored -= ply;
    tt_store(s, bucket, check, digest(&best_move), stored, depth, best >= beta ? LOWER : (best > original_alpha ? EXACT : UPPER));
    return best;
}

/* The root: moves in order, the best moved to the front (stable across iterations). */
static int root(Searcher *s, BB own, BB opp, BB kings, int color, int depth, int alpha, int beta, uint64_t h,
                Move *moves, int n) {
    s->stack[s->base] = h;
    s->pv_len[0] = 0;
    s->root_done = 0;
    s->root_best = -INF;
    int best = -INF, best_index = 0;
    for (int i = 0; i < n; i++) {
        const Move *m = &moves[i];
        BB c_own = opp & ~m->cap, c_opp = own ^ m->mx, c_kings = (kings & ~m->cap) ^ m->kx;
        int rev = (!m->cap && m->kx == m->mx) ? s->root_rev + 1 : 0;
        uint64_t ch = child_key(s, 0, color, m, own, kings, h);
        int score;
        s->prev[1] = quiet_key(m);
        if (i == 0) {
            score = -search(s, c_own, c_opp, c_kings, 1 - color, depth - 1, -beta, -alpha, 1, ch, 1, rev);
        } else {
            score = -search(s, c_own, c_opp, c_kings, 1 - color, depth - 1, -alpha - 1, -alpha, 1, ch, 0, rev);
            if (!s->stopped && alpha < score && score < beta)
                score = -search(s, c_own, c_opp, c_kings, 1 - color, depth - 1, -beta, -alpha, 1, ch, 1, rev);
        }
        if (s->stopped) break;
        if (score > best) {
            best = score;
            best_index = i;
            if (score > alpha) {
                alpha = score;
                s->pv[0][0] = *m;
                memcpy(&s->pv[0][1], s->pv[1], (size_t)s->pv_len[1] * sizeof(Move));
                s->pv_len[0] = s->pv_len[1] + 1;
                s->root_best = score;
                s->root_done = 1;
                if (score >= beta) break;
            }
        }
        if (i == 0 && !s->root_done) {
            s->root_done = 1;
            s->pv[0][0] = *m;
            s->pv_len[0] = 1;
            s->root_best = score;
        }
    }
    if (best_index) {
        Move t = moves[best_index];
        memmove(&moves[1], &moves[0], (size_t)best_index * sizeof(Move));
        moves[0] = t;
    }
    return best;
}

static int aspirate(Searcher *s, BB own, BB opp, BB kings, int color, int depth, uint64_t h, Move *moves, int n,
                    int previous) {
    if (depth >= 4 && abs(previous) < WIN_BOUND) {
        int window = 30, alpha = previous - window, beta = previous + window;
        for (;;) {
            int score = root(s, own, opp, kings, color, depth, alpha, beta, h, moves, n);
            if (s->stopped) return score;
            if (score <= alpha) alpha = alpha - window * 4 > -INF ? alpha - window * 4 : -INF;
            else if (score >= beta) beta = beta + window * 4 < INF ? beta + window * 4 : INF;
            else return score;
            window *= 4;
            if (window > 1000) alpha = -INF, beta = INF;
        }
    }
    return root(s, own, opp, kings, color, depth, -INF, INF, h, moves, n);
}

static void score_all(Searcher *s, BB own, BB opp, BB kings, int color, int depth, uint64_t h, Move *moves, int n,
                      int *scores) {
    s->stack[s->base] = h;
    for (int i = 0; i < n && !s->stopped; i++) {
        const Move *m = &moves[i];
        int rev = (!m->cap && m->kx == m->mx) ? s->root_rev + 1 : 0;
        uint64_t ch = child_key(s, 0, color, m, own, kings, h);
        scores[i] = -search(s, opp & ~m->cap, own ^ m->mx, (kings & ~m->cap) ^ m->kx, 1 - color, depth - 1, -INF, INF, 1,
                            ch, 1, rev);
    }
}

static void set_pv(SearchResult *out, const Move *pv, int len) {
    out->pv_len = len;
    memcpy(out->pv, pv, (size_t)len * sizeof(Move));
    out->move = pv[0];
    out->has_move = 1;
}

/* Time: the search may use all of `seconds` (the caller keeps a margin for its own work); a new
 * iteration always starts while time remains, and an interrupted one still counts when its first
 * root move (last iteration's best, searched first) has been resolved. */
void search_root(Searcher *s, BB white, BB black, BB kings, int color, const Streaks *streaks, int depth,
                 double seconds, const uint64_t *history, int n_history, int all_scores, SearchResult *out) {
    double start = now_seconds();
    int max_depth = depth > 0 && depth < MAX_PLY - 8 ? depth : MAX_PLY - 8;
    s->deadline = seconds >= 0 ? start + seconds : 1e300;
    s->nodes = 0;
    s->qnodes = 0;
    s->stopped = 0;
    s->in_probe = 0;
    s->age++;
    BB own = color == 0 ? white : black, opp = color == 0 ? black : white;
    static const Streaks none = {{-1, -1}, {0, 0}};
    s->streaks[0] = streaks ? *streaks : none;
    uint64_t h = hash_of(s, white, black, kings, color) ^ streak_key(&s->streaks[0]);
    if (n_history > HISTORY_MAX) {
        history += n_history - HISTORY_MAX;
        n_history = HISTORY_MAX;
    }
    memcpy(s->stack, history, (size_t)n_history * sizeof(uint64_t));
    s->base = s->root_rev = n_history;
    memset(s->killers, 0, sizeof s->killers);
    memset(s->prev, 0, sizeof s->prev);
    for (int c = 0; c < 2; c++)
        for (int x = 0; x < MAXSQ; x++)
            for (int y = 0; y < MAXSQ; y++) s->history[c][x][y] /= 8;
    static _Thread_local MoveList list;
    int n = gen_moves(&s->rules, own, opp, kings, color, &list);
    if (s->rules.king_limit) n = limit_king_moves(&s->rules, &s->streaks[0], own, kings, color, &list);
    memset(out, 0, sizeof *out);
    if (!n) {
        out->score = s->eval.giveaway ? WIN : -WIN;
        out->nodes = 1;
        out->seconds = now_seconds() - start;
        return;
    }
    Move *moves = list.m;
    set_pv(out, moves, 1);
    int previous = 0;
    static _Thread_local int scores[MAXMOVES];
    for (int d = 1; d <= max_depth; d++) {
        if (all_scores) {
            score_all(s, own, opp, kings, color, d, h, moves, n, scores);
            if (s->stopped) break;
            sort_by(moves, scores, n);
            set_pv(out, moves, 1);
            out->score = scores[0];
            out->depth = d;
            out->n_root = n;
            memcpy(out->root_moves, moves, (size_t)n * sizeof(Move));
            memcpy(out->root_scores, scores, (size_t)n * sizeof(int));
        } else {
            int score = aspirate(s, own, opp, kings, color, d, h, moves, n, previous);
            if (s->stopped) {
                /* A partial iteration counts when a root move has been resolved in it. */
                if (s->root_done && s->pv_len[0] && !same(&s->pv[0][0], &out->move)) {
                    set_pv(out, s->pv[0], s->pv_len[0]);
                    out->score = s->root_best;
                }
                break;
            }
            previous = score;
            if (s->pv_len[0]) set_pv(out, s->pv[0], s->pv_len[0]);
            else set_pv(out, moves, 1);
            out->score = score;
            out->depth = d;
        }
        /* a forced result shorter than the depth: deeper changes nothing for the best move (all_scores wants every move) */
        if (!all_scores && abs(out->score) > WIN_BOUND && WIN - abs(out->score) < d) break;
        if (now_seconds() >= s->deadline) break;
    }
    out->nodes = s->nodes;
    out->seconds = now_seconds() - start;
}
