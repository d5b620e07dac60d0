/* engine._core: the CPython binding of the compiled core. engine/native.py builds the rule and
 * evaluation tables and wraps this type in the same interface as engine.search.Searcher.
 * Built twice (setup.py): engine._core with 64-bit boards, engine._core_wide with DAMA_WIDE (128 bits). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "search.h"

/* Boards cross as Python ints. The 64-bit build keeps the "K" format; the wide one converts through
 * bb_value (an OverflowError past 128 bits, as PyLong_AsUnsignedLongLong past 64). BB_IN/BB_PTR parse a
 * board argument, BB_OUT/BB_VAL build one. */
#ifdef DAMA_WIDE
#define MODULE_NAME "engine._core_wide"
#define MODULE_INIT PyInit__core_wide
static PyObject *sixty_four;

static BB bb_value(PyObject *o) {
    PyObject *high = PyNumber_Rshift(o, sixty_four);
    if (!high) return 0;
    unsigned long long hi = PyLong_AsUnsignedLongLong(high);
    Py_DECREF(high);
    if (PyErr_Occurred()) return 0;
    return (BB)hi << 64 | PyLong_AsUnsignedLongLongMask(o);
}

static int bb_arg(PyObject *o, void *out) {
    *(BB *)out = bb_value(o);
    return !PyErr_Occurred();
}

static PyObject *bb_object(BB b) {
    uint64_t hi = (uint64_t)(b >> 64);
    if (!hi) return PyLong_FromUnsignedLongLong((uint64_t)b);
    PyObject *high = PyLong_FromUnsignedLongLong(hi), *low = PyLong_FromUnsignedLongLong((uint64_t)b);
    PyObject *shifted = high ? PyNumber_Lshift(high, sixty_four) : NULL;
    PyObject *out = shifted && low ? PyNumber_Or(shifted, low) : NULL;
    Py_XDECREF(high);
    Py_XDECREF(low);
    Py_XDECREF(shifted);
    return out;
}

#define BB_IN "O&"
#define BB_PTR(v) bb_arg, &(v)
#define BB_OUT "N"
#define BB_VAL(b) bb_object(b)
#else
#define MODULE_NAME "engine._core"
#define MODULE_INIT PyInit__core
#define bb_value(o) PyLong_AsUnsignedLongLong(o)
#define BB_IN "K"
#define BB_PTR(v) &(v)
#define BB_OUT "K"
#define BB_VAL(b) (unsigned long long)(b)
#endif

typedef struct {
    PyObject_HEAD Searcher *s;
    PyObject *endgame; /* the bytes the tables live in, kept alive while in use */
    Py_buffer file;    /* the mapped table file (tables_use), held while in use; file.obj NULL: none */
    TbTables *file_tables;
} CoreObject;

static int read_ints(PyObject *seq, int *out, int max, int *count) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of ints");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > max) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "sequence too long");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    if (count) *count = (int)n;
    Py_DECREF(fast);
    return 0;
}

static int read_bbs(PyObject *seq, BB *out, int max) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of ints");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    for (Py_ssize_t i = 0; i < n && i < max; i++) {
        out[i] = bb_value(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* (white square, white count, black square, black count), as rules.Position.king_streaks */
static int read_streaks(PyObject *seq, Streaks *st) {
    int v[4] = {-1, 0, -1, 0};
    int count = 0;
    if (read_ints(seq, v, 4, &count) < 0) return -1;
    if (count != 4) {
        PyErr_SetString(PyExc_ValueError, "streaks are (white square, count, black square, count)");
        return -1;
    }
    st->sq[0] = v[0], st->n[0] = v[1], st->sq[1] = v[2], st->n[1] = v[3];
    return 0;
}

static int read_item(PyObject *seq, Py_ssize_t i, int *out, int max, int *count) {
    PyObject *item = PySequence_GetItem(seq, i);
    if (!item) return -1;
    int rc = read_ints(item, out, max, count);
    Py_DECREF(item);
    return rc;
}

static int read_bb_item(PyObject *seq, Py_ssize_t i, BB *out, int max) {
    PyObject *item = PySequence_GetItem(seq, i);
    if (!item) return -1;
    int rc = read_bbs(item, out, max);
    Py_DECREF(item);
    return rc;
}

static void core_dealloc(CoreObject *self) {
    if (self->s) {
        PyMem_Free((void *)self->s->eval.table);
        searcher_free(self->s);
        PyMem_Free(self->s);
    }
    Py_XDECREF(self->endgame);
    if (self->file.obj) PyBuffer_Release(&self->file);
    PyMem_Free(self->file_tables);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Core(nsq, mask, steps[4 or 8], man_cap_dirs[2], man_move_dirs[2], promo_white, promo_black, flying,
 *      men_take_kings, precedence, promo_mode, keep_dups, rev_limit, tt_bits, shift1, shift2
 *      [, king_cap_dirs (default the diagonals), king_limit (default 0: none)]) */
static int core_init(CoreObject *self, PyObject *args, PyObject *kw) {
    int nsq, flying, men_take_kings, precedence, promo_mode, keep_dups, rev_limit, tt_bits, s1, s2, king_limit = 0;
    BB mask, promo_w, promo_b;
    PyObject *steps, *cap_dirs, *move_dirs, *king_dirs = NULL;
    (void)kw;
    if (!PyArg_ParseTuple(args, "i" BB_IN "OOO" BB_IN BB_IN "iiiiiiiii|Oi", &nsq, BB_PTR(mask), &steps, &cap_dirs,
                          &move_dirs, BB_PTR(promo_w), BB_PTR(promo_b),
                          &flying, &men_take_kings, &precedence, &promo_mode, &keep_dups, &rev_limit, &tt_bits,
                          &s1, &s2, &king_dirs, &king_limit))
        return -1;
    if (nsq > MAXSQ || tt_bits < 4 || tt_bits > 28) {
        PyErr_SetString(PyExc_ValueError, "board or table size out of range");
        return -1;
    }
    Searcher *s = PyMem_Calloc(1, sizeof(Searcher));
    if (!s) {
        PyErr_NoMemory();
        return -1;
    }
    Rules *r = &s->rules;
    r->nsq = nsq;
    r->mask = mask;
    Py_ssize_t nsteps = PySequence_Size(steps);
    if (nsteps < 4 || nsteps > 8) {
        PyErr_SetString(PyExc_ValueError, "4 to 8 step tables");
        goto fail;
    }
    for (int d = 0; d < 8; d++) {
        int tmp[MAXSQ];
        int count = 0;
        if (d < nsteps && read_item(steps, d, tmp, MAXSQ, &count) < 0) goto fail;
        for (int i = 0; i < MAXSQ; i++) r->step[d][i] = (int8_t)(i < count ? tmp[i] : -1);
    }
    for (int c = 0; c < 2; c++) {
        if (read_item(cap_dirs, c, r->man_cap_dirs[c], 8, &r->n_man_cap[c]) < 0) goto fail;
        if (read_item(move_dirs, c, r->man_move_dirs[c], 4, &r->n_man_move[c]) < 0) goto fail;
    }
    r->n_king_cap = 4;
    for (int d = 0; d < 4; d++) r->king_cap_dirs[d] = d;
    if (king_dirs && read_ints(king_dirs, r->king_cap_dirs, 8, &r->n_king_cap) < 0) goto fail;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < r->n_man_cap[c]; i++)
            if (r->man_cap_dirs[c][i] < 0 || r->man_cap_dirs[c][i] >= nsteps) goto bad_dirs;
    for (int i = 0; i < r->n_king_cap; i++)
        if (r->king_cap_dirs[i] < 0 || r->king_cap_dirs[i] >= nsteps) goto bad_dirs;
    r->king_limit = king_limit;
    r->promo[0] = promo_w;
    r->promo[1] = promo_b;
    r->flying = flying;
    r->men_take_kings = men_take_kings;
    r->precedence = precedence;
    r->promo_mode = promo_mode;
    r->keep_dups = keep_dups;
    s->rev_limit = rev_limit;
    rules_prepare(r, s1, s2);
    if (searcher_init(s, tt_bits) < 0) {
        PyErr_NoMemory();
        goto fail;
    }
    self->s = s;
    return 0;
bad_dirs:
    PyErr_SetString(PyExc_ValueError, "a direction without a step table");
fail:
    PyMem_Free(s);
    return -1;
}

/* set_eval(ints[9], men[2], adv[2], kingsq[2], run_zone[2], cones[2], bonus[2], skew) */
static PyObject *core_set_eval(CoreObject *self, PyObject *args) {
    PyObject *ints, *men, *adv, *kingsq, *zone, *cones, *bonus, *skew;
    if (!PyArg_ParseTuple(args, "OOOOOOOO", &ints, &men, &adv, &kingsq, &zone, &cones, &bonus, &skew)) return NULL;
    EvalTables *e = &self->s->eval;
    int v[10] = {0};
    if (read_ints(ints, v, 10, NULL) < 0) return NULL;
    e->king = v[0], e->full = v[1], e->mobility = v[2], e->lone_king = v[3], e->king_draw_margin = v[4];
    e->giveaway = v[5], e->shift_mobility = v[6], e->draw_scale = v[7], e->balance = v[8];
    if (read_ints(skew, e->skew, MAXSQ, NULL) < 0) return NULL;
    for (int c = 0; c < 2; c++) {
        if (read_item(men, c, e->men[c], MAXSQ, NULL) < 0) return NULL;
        if (read_item(adv, c, e->adv[c], MAXSQ, NULL) < 0) return NULL;
        if (read_item(kingsq, c, e->kingsq[c], MAXSQ, NULL) < 0) return NULL;
        if (read_item(bonus, c, e->run_bonus[c], MAXSQ, NULL) < 0) return NULL;
        if (read_bb_item(cones, c, e->cone[c], MAXSQ) < 0) return NULL;
    }
    if (read_bbs(zone, e->run_zone, 2) < 0) return NULL;
    Py_RETURN_NONE;
}

/* Flank f's squares (9 ascending bits on the board) into e; 0, or -1 with an error set. */
static int read_flank(PyObject *item, EvalTables *e, int f, int nsq) {
    int bits[FLANK_SQUARES], count = 0;
    if (read_ints(item, bits, FLANK_SQUARES, &count) < 0) return -1;
    if (count != FLANK_SQUARES || flank_set(e, f, bits, nsq) < 0) {
        PyErr_SetString(PyExc_ValueError, "a flank is 9 ascending squares on the board");
        return -1;
    }
    return 0;
}

/* set_patterns(row_bits[n][4], tables bytes[, flanks[m][9][, portable[, own_tables]]]) installs the learned
 * term: the tables are n x 2 x 3^8 then m x 2 x 3^9 little-endian int16; set_patterns([], b"") removes it.
 * Returns (whether the BMI2 gather serves, how many units read their mirror's table). portable: never the BMI2 gather; own_tables:
 * every unit reads its own table (the tests compare the paths). */
static PyObject *core_set_patterns(CoreObject *self, PyObject *args) {
    PyObject *rows, *flanks = NULL;
    Py_buffer data;
    int portable = 0, own_tables = 0;
    if (!PyArg_ParseTuple(args, "Oy*|Opp", &rows, &data, &flanks, &portable, &own_tables)) return NULL;
    EvalTables *e = &self->s->eval;
    Py_ssize_t n = PySequence_Length(rows), nf = flanks ? PySequence_Length(flanks) : 0;
    Py_ssize_t entries = n * PATTERN_SIZE + nf * FLANK_SIZE;
    if (n < 0 || n > MAX_WINDOWS || nf < 0 || nf > MAX_FLANKS ||
        data.len != entries * 2 * (Py_ssize_t)sizeof(int16_t)) {
        PyBuffer_Release(&data);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "pattern tables do not match their windows");
        return NULL;
    }
    int row_bit[MAX_WINDOWS][4];
    for (Py_ssize_t w = 0; w < n; w++) {
        int count = 0;
        PyObject *item = PySequence_GetItem(rows, w);
        int failed = !item || read_ints(item, row_bit[w], 4, &count) < 0;
        Py_XDECREF(item);
        for (int k = 0; !failed && k < 4; k++) failed = row_bit[w][k] < 0 || row_bit[w][k] + 1 >= self->s->rules.nsq;
        if (failed || count != 4) {
            PyBuffer_Release(&data);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a window is 4 rows of 2 squares on the board");
            return NULL;
        }
    }
    EvalTables parsed = *e; /* the flanks' runs, copied into e only once everything is read */
    for (Py_ssize_t f = 0; f < nf; f++) {
        PyObject *item = PySequence_GetItem(flanks, f);
        int failed = !item || read_flank(item, &parsed, (int)f, self->s->rules.nsq) < 0;
        Py_XDECREF(item);
        if (failed) {
            PyBuffer_Release(&data);
            return NULL;
        }
    }
    int16_t *table = NULL;
    if (entries) {
        table = PyMem_Malloc((size_t)data.len);
        if (!table) {
            PyBuffer_Release(&data);
            return PyErr_NoMemory();
        }
        /* the file's [unit][phase][index] interleaved to [unit][index][phase], windows then flanks */
        const int16_t *from = data.buf;
        for (Py_ssize_t w = 0; w < n; w++)
            for (int phase = 0; phase < 2; phase++)
                for (int i = 0; i < PATTERN_SIZE; i++)
                    table[(w * PATTERN_SIZE + i) * 2 + phase] = from[(w * 2 + phase) * PATTERN_SIZE + i];
        int16_t *to = table + n * PATTERN_SIZE * 2;
        from += n * PATTERN_SIZE * 2;
        for (Py_ssize_t f = 0; f < nf; f++)
            for (int phase = 0; phase < 2; phase++)
                for (int i = 0; i < FLANK_SIZE; i++)
                    to[(f * FLANK_SIZE + i) * 2 + phase] = from[(f * 2 + phase) * FLANK_SIZE + i];
    }
    PyBuffer_Release(&data);
    ternary_init();
    PyMem_Free((void *)e->table);
    e->table = table;
    e->flank_table = table ? table + n * PATTERN_SIZE * 2 : NULL;
    e->n_windows = (int)n;
    e->n_flanks = (int)nf;
    memcpy(e->row_bit, row_bit, sizeof(int[4]) * (size_t)n);
    memcpy(e->flank_runs, parsed.flank_runs, sizeof e->flank_runs);
    memcpy(e->flank_bit, parsed.flank_bit, sizeof e->flank_bit);
    memcpy(e->flank_mask, parsed.flank_mask, sizeof e->flank_mask);
    memcpy(e->flank_digit, parsed.flank_digit, sizeof e->flank_digit);
    int ascending = unit_masks(e);
    BB board = self->s->rules.mask; /* a board symmetric under a half turn: bit b turns to lowest + highest - b */
    int sum = bb_ctz(board) + bb_high(board);
    if (table) pattern_share(e, ascending && !own_tables, sum);
    e->pext = !portable && ascending && fast_pext_available();
    memset(self->s->tt, 0, sizeof(TTEntry) * (size_t)(self->s->tt_mask + 1)); /* scores of the old evaluation */
    int shared = 0;
    for (int w = 0; w < e->n_windows; w++) shared += e->window_rev[w];
    for (int f = 0; f < e->n_flanks; f++) shared += e->flank_rev[f];
    return Py_BuildValue("(Oi)", e->pext ? Py_True : Py_False, shared); /* BMI2 gather; units reading a mirror's table */
}

/* set_pip_phase(white_rows, black_rows, full): the learned term's blend by the men's rows still to go (per
 * square, for a man of each colour), full at the start; full 0: by the pieces left, as before. */
static PyObject *core_set_pip_phase(CoreObject *self, PyObject *args) {
    PyObject *white_rows, *black_rows;
    int full, rows[2][MAXSQ] = {{0}}, counts[2] = {0, 0};
    if (!PyArg_ParseTuple(args, "OOi", &white_rows, &black_rows, &full)) return NULL;
    int nsq = self->s->rules.nsq;
    if (read_ints(white_rows, rows[0], MAXSQ, &counts[0]) < 0 || read_ints(black_rows, rows[1], MAXSQ, &counts[1]) < 0)
        return NULL;
    int bad = full < 0 || (full && (counts[0] != nsq || counts[1] != nsq));
    for (int c = 0; c < 2 && !bad; c++)
        for (int i = 0; i < counts[c]; i++) bad |= rows[c][i] < 0 || rows[c][i] > MAXSQ;
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "pip rows are one count of rows a square per colour, and a full count >= 0");
        return NULL;
    }
    EvalTables *e = &self->s->eval;
    if (!full) memset(rows, 0, sizeof rows); /* evaluate() adds them up whether or not the blend reads them */
    memcpy(e->pip_rows, rows, sizeof rows);
    e->pip_full = full;
    memset(self->s->tt, 0, sizeof(TTEntry) * (size_t)(self->s->tt_mask + 1)); /* scores of the old blend */
    Py_RETURN_NONE;
}

static PyObject *move_tuple(const Move *m) {
    return Py_BuildValue("(" BB_OUT BB_OUT BB_OUT ")", BB_VAL(m->mx), BB_VAL(m->cap), BB_VAL(m->kx));
}

/* (white, black, kings, color[, streaks]) into the pointers; streaks default to none. 0, or -1 with an error set. */
static int read_position(PyObject *args, BB *w, BB *b, BB *k, int *color, Streaks *st, int *has_streaks) {
    PyObject *streaks = NULL;
    if (!PyArg_ParseTuple(args, BB_IN BB_IN BB_IN "i|O", BB_PTR(*w), BB_PTR(*b), BB_PTR(*k), color, &streaks))
        return -1;
    *st = (Streaks){{-1, -1}, {0, 0}};
    *has_streaks = streaks != NULL;
    return streaks ? read_streaks(streaks, st) : 0;
}

/* moves(white, black, kings, color[, streaks]): with streaks, the king move limit applies */
static PyObject *core_moves(CoreObject *self, PyObject *args) {
    BB w, b, k;
    int color, has_streaks;
    Streaks st;
    if (read_position(args, &w, &b, &k, &color, &st, &has_streaks) < 0) return NULL;
    static MoveList list;
    int n = gen_moves(&self->s->rules, color ? b : w, color ? w : b, k, color, &list);
    if (has_streaks) n = limit_king_moves(&self->s->rules, &st, color ? b : w, k, color, &list);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(out, i, move_tuple(&list.m[i]));
    return out;
}

/* perft(white, black, kings, color, depth[, streaks]): under a king move limit the streaks count */
static PyObject *core_perft(CoreObject *self, PyObject *args) {
    BB w, b, k;
    int color, depth;
    PyObject *streaks = NULL;
    if (!PyArg_ParseTuple(args, BB_IN BB_IN BB_IN "ii|O", BB_PTR(w), BB_PTR(b), BB_PTR(k), &color, &depth, &streaks))
        return NULL;
    Streaks st = {{-1, -1}, {0, 0}};
    if (streaks && read_streaks(streaks, &st) < 0) return NULL;
    const Rules *r = &self->s->rules;
    uint64_t n;
    Py_BEGIN_ALLOW_THREADS n = r->king_limit ? perft_streaks(r, w, b, k, color, &st, depth) : perft(r, w, b, k, color, depth);
    Py_END_ALLOW_THREADS return PyLong_FromUnsignedLongLong(n);
}

static PyObject *core_evaluate(CoreObject *self, PyObject *args) {
    BB own, opp, k;
    int color;
    if (!PyArg_ParseTuple(args, BB_IN BB_IN BB_IN "i", BB_PTR(own), BB_PTR(opp), BB_PTR(k), &color)) return NULL;
    return PyLong_FromLong(evaluate(&self->s->rules, &self->s->eval, own, opp, k, color));
}

static PyObject *core_hash_of(CoreObject *self, PyObject *args) {
    BB w, b, k;
    int color, has_streaks;
    Streaks st;
    if (read_position(args, &w, &b, &k, &color, &st, &has_streaks) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(hash_of(self->s, w, b, k, color) ^ streak_key(&st));
}

/* keys_after(white, black, kings, color[, streaks]) -> [(move, key after it)], the search's own keys */
static PyObject *core_keys_after(CoreObject *self, PyObject *args) {
    BB w, b, k;
    int color, has_streaks;
    Streaks st;
    if (read_position(args, &w, &b, &k, &color, &st, &has_streaks) < 0) return NULL;
    static MoveList list;
    static uint64_t keys[MAXMOVES];
    int n = keys_after(self->s, w, b, k, color, &st, &list, keys);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(out, i, Py_BuildValue("(NK)", move_tuple(&list.m[i]), (unsigned long long)keys[i]));
    return out;
}

static int call_stop(void *arg) {
    PyObject *result = PyObject_CallNoArgs((PyObject *)arg);
    if (!result) {
        PyErr_Clear();
        return 1;
    }
    int stop = PyObject_IsTrue(result);
    Py_DECREF(result);
    return stop != 0;
}

/* search(white, black, kings, color, depth, seconds, history, should_stop, all_scores[, streaks])
 * -> (move|None, score, pv, depth, nodes, seconds, root_scores) */
static PyObject *core_search(CoreObject *self, PyObject *args) {
    BB w, b, k;
    int color, depth, all_scores;
    double seconds;
    PyObject *history, *stop, *streaks = NULL;
    if (!PyArg_ParseTuple(args, BB_IN BB_IN BB_IN "iidOOp|O", BB_PTR(w), BB_PTR(b), BB_PTR(k), &color, &depth, &seconds,
                          &history, &stop, &all_scores, &streaks))
        return NULL;
    Streaks st = {{-1, -1}, {0, 0}};
    if (streaks && read_streaks(streaks, &st) < 0) return NULL;
    PyObject *fast = PySequence_Fast(history, "history must be a sequence");
    if (!fast) return NULL;
    Py_ssize_t nh = PySequence_Fast_GET_SIZE(fast);
    uint64_t *keys = PyMem_Malloc(sizeof(uint64_t) * (size_t)(nh + 1));
    for (Py_ssize_t i = 0; keys && i < nh; i++)
        keys[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(fast, i));
    Py_DECREF(fast);
    if (!keys) return PyErr_NoMemory();
    SearchResult *res = PyMem_Malloc(sizeof(SearchResult));
    if (!res) {
        PyMem_Free(keys);
        return PyErr_NoMemory();
    }
    Searcher *s = self->s;
    s->should_stop = stop == Py_None ? NULL : call_stop;
    s->stop_arg = stop;
    search_root(s, w, b, k, color, &st, depth, seconds, keys, (int)nh, all_scores, res);
    PyMem_Free(keys);
    PyObject *pv = PyList_New(res->pv_len);
    for (int i = 0; i < res->pv_len; i++) PyList_SET_ITEM(pv, i, move_tuple(&res->pv[i]));
    PyObject *roots = PyList_New(res->n_root);
    for (int i = 0; i < res->n_root; i++)
        PyList_SET_ITEM(roots, i, Py_BuildValue("(Ni)", move_tuple(&res->root_moves[i]), res->root_scores[i]));
    PyObject *move = res->has_move ? move_tuple(&res->move) : Py_NewRef(Py_None);
    PyObject *out = Py_BuildValue("(NiNiKdN)", move, res->score, pv, res->depth, (unsigned long long)res->nodes,
                                  res->seconds, roots);
    PyMem_Free(res);
    return out;
}

static PyObject *core_clear(CoreObject *self, PyObject *noargs) {
    (void)noargs;
    memset(self->s->tt, 0, sizeof(TTEntry) * (size_t)(self->s->tt_mask + 1));
    memset(self->s->history, 0, sizeof self->s->history);
    memset(self->s->counter, 0, sizeof self->s->counter);
    Py_RETURN_NONE;
}

static PyObject *core_set_params(CoreObject *self, PyObject *args) {
    int lmr_div, prune_depth, margin;
    if (!PyArg_ParseTuple(args, "iii", &lmr_div, &prune_depth, &margin)) return NULL;
    if (lmr_div < 10 || prune_depth < 0 || prune_depth > 16) {
        PyErr_SetString(PyExc_ValueError, "search parameters out of range");
        return NULL;
    }
    search_params(self->s, lmr_div, prune_depth, margin, self->s->probcut);
    Py_RETURN_NONE;
}

/* set_probcut(margin[, max_pieces]): max_pieces > 0 keeps ProbCut to positions with at most that many pieces. */
static PyObject *core_set_probcut(CoreObject *self, PyObject *args) {
    int margin, max_pieces = 0;
    if (!PyArg_ParseTuple(args, "i|i", &margin, &max_pieces)) return NULL;
    if (margin < 0 || max_pieces < 0) {
        PyErr_SetString(PyExc_ValueError, "the ProbCut margin and piece limit cannot be negative");
        return NULL;
    }
    self->s->probcut = margin;
    self->s->probcut_pieces = max_pieces;
    Py_RETURN_NONE;
}

/* set_selective(lmr_from, lmp, hang, probcut_pct[, malus[, countermove[, quiet_qs[, king_lmr[, flat_lmr]]]]]):
 * engine/core/search.c's search_selective. */
static PyObject *core_set_selective(CoreObject *self, PyObject *args) {
    int lmr_from, lmp, hang, probcut_pct, malus = 0, countermove = 0, quiet_qs = 0, king_lmr = 0, flat_lmr = 0;
    if (!PyArg_ParseTuple(args, "iiii|iiiii", &lmr_from, &lmp, &hang, &probcut_pct, &malus, &countermove, &quiet_qs,
                          &king_lmr, &flat_lmr))
        return NULL;
    if (lmr_from < 1 || lmp < 0 || hang < 0 || hang > 8 || probcut_pct < 10 || probcut_pct > 90 || malus < 0 ||
        malus > 2 || countermove < 0 || countermove > 1 || quiet_qs < 0 || quiet_qs > 2 ||
        king_lmr < 0 || king_lmr > 31 || flat_lmr < 0 || flat_lmr > 1) {
        PyErr_SetString(PyExc_ValueError, "selectivity switches out of range");
        return NULL;
    }
    search_selective(self->s, lmr_from, lmp, hang, probcut_pct, malus, countermove, quiet_qs, king_lmr, flat_lmr);
    Py_RETURN_NONE;
}

/* stats() -> (nodes, quiescence nodes) of the last search. */
static PyObject *core_stats(CoreObject *self, PyObject *noargs) {
    (void)noargs;
    return Py_BuildValue("(KK)", (unsigned long long)self->s->nodes, (unsigned long long)self->s->qnodes);
}

/* endgame_build(max_pieces) -> bytes: the tables of every position of 2..max_pieces pieces. */
static PyObject *core_endgame_build(CoreObject *self, PyObject *args) {
    int pieces;
    if (!PyArg_ParseTuple(args, "i", &pieces)) return NULL;
    Endgame e;
    if (pieces < 2 || pieces > EG_MAX_PIECES || endgame_prepare(&e, &self->s->rules, pieces) < 0) {
        PyErr_SetString(PyExc_ValueError, "no endgame tables for this board or piece count");
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(e.total * sizeof(uint16_t)));
    if (!out) return NULL;
    int failed;
    Py_BEGIN_ALLOW_THREADS failed = endgame_build(&e, &self->s->rules, (uint16_t *)PyBytes_AS_STRING(out));
    Py_END_ALLOW_THREADS if (failed) {
        Py_DECREF(out);
        return PyErr_NoMemory();
    }
    return out;
}

/* endgame_use(tables, max_pieces): probe these tables (from endgame_build of the same rules) in search. */
static PyObject *core_endgame_use(CoreObject *self, PyObject *args) {
    PyObject *tables;
    int pieces;
    if (!PyArg_ParseTuple(args, "Si", &tables, &pieces)) return NULL;
    Endgame e;
    if (pieces < 2 || pieces > EG_MAX_PIECES || endgame_prepare(&e, &self->s->rules, pieces) < 0 ||
        (size_t)PyBytes_GET_SIZE(tables) != e.total * sizeof(uint16_t)) {
        PyErr_SetString(PyExc_ValueError, "endgame tables do not fit these rules");
        return NULL;
    }
    e.values = (const uint16_t *)PyBytes_AS_STRING(tables);
    e.file = self->s->endgame.file;
    Py_INCREF(tables);
    Py_XSETREF(self->endgame, tables);
    self->s->endgame = e;
    Py_RETURN_NONE;
}

/* tables_build(path, pieces) -> (positions, longest plies): builds the tables of up to pieces pieces into
 * the file at path (tables.c). */
static PyObject *core_tables_build(CoreObject *self, PyObject *args) {
    const char *path;
    int pieces, longest = 0;
    if (!PyArg_ParseTuple(args, "si", &path, &pieces)) return NULL;
    if (pieces < 2 || pieces > TB_MAX_PIECES) {
        PyErr_SetString(PyExc_ValueError, "tables hold 2 to 5 pieces");
        return NULL;
    }
    uint64_t positions = 0;
    int rc;
    Py_BEGIN_ALLOW_THREADS rc = tb_build(&self->s->rules, pieces, path, &positions, &longest);
    Py_END_ALLOW_THREADS if (rc == -2) return PyErr_SetFromErrnoWithFilename(PyExc_OSError, path);
    if (rc) return PyErr_NoMemory();
    return Py_BuildValue("(Ki)", (unsigned long long)positions, longest);
}

/* tables_use(buffer) -> max_pieces: probe a table file's image (e.g. an mmap, held while in use). */
static PyObject *core_tables_use(CoreObject *self, PyObject *args) {
    PyObject *image;
    if (!PyArg_ParseTuple(args, "O", &image)) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(image, &view, PyBUF_SIMPLE) < 0) return NULL;
    TbTables *t = self->file_tables ? self->file_tables : PyMem_Malloc(sizeof *t);
    if (!t) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    self->file_tables = t;
    self->s->endgame.file = NULL;
    if (self->file.obj) PyBuffer_Release(&self->file);
    if (tb_open(t, &self->s->rules, (const uint8_t *)view.buf, (size_t)view.len) < 0) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "the table file does not fit these rules");
        return NULL;
    }
    self->file = view;
    self->s->endgame.file = t;
    return PyLong_FromLong(t->max_pieces);
}

/* endgame_probe(white, black, kings, color) -> (1 win / 0 draw / -1 loss, plies) or None when not covered. */
static PyObject *core_endgame_probe(CoreObject *self, PyObject *args) {
    BB w, b, k;
    int color;
    if (!PyArg_ParseTuple(args, BB_IN BB_IN BB_IN "i", BB_PTR(w), BB_PTR(b), BB_PTR(k), &color)) return NULL;
    int v = endgame_probe(&self->s->endgame, color ? b : w, color ? w : b, k, color);
    if (v < 0) Py_RETURN_NONE;
    if (!v) return Py_BuildValue("(ii)", 0, 0);
    return Py_BuildValue("(ii)", (v & 1) ? -1 : 1, (v - 1) / 2);
}

static PyMethodDef core_methods[] = {
    {"endgame_build", (PyCFunction)core_endgame_build, METH_VARARGS, "build endgame tables (bytes)"},
    {"endgame_use", (PyCFunction)core_endgame_use, METH_VARARGS, "probe these endgame tables in search"},
    {"endgame_probe", (PyCFunction)core_endgame_probe, METH_VARARGS, "table result for the side to move"},
    {"tables_build", (PyCFunction)core_tables_build, METH_VARARGS, "build the table file of up to N pieces"},
    {"tables_use", (PyCFunction)core_tables_use, METH_VARARGS, "probe a table file's image in search"},
    {"set_params", (PyCFunction)core_set_params, METH_VARARGS, "(lmr divisor x100, prune depth, margin)"},
    {"set_probcut", (PyCFunction)core_set_probcut, METH_VARARGS, "(ProbCut margin per ply of depth, 0: off[, only with at most this many pieces, 0: any])"},
    {"set_selective", (PyCFunction)core_set_selective, METH_VARARGS, "(lmr from move, lmp, hang, probcut depth %[, history malus[, countermove[, quiet quiescence[, king reduction cap[, flat reductions]]]]])"},
    {"stats", (PyCFunction)core_stats, METH_NOARGS, "(nodes, quiescence nodes) of the last search"},
    {"set_eval", (PyCFunction)core_set_eval, METH_VARARGS, "install the evaluation tables"},
    {"set_patterns", (PyCFunction)core_set_patterns, METH_VARARGS, "install the learned pattern tables"},
    {"set_pip_phase", (PyCFunction)core_set_pip_phase, METH_VARARGS, "blend the learned term by the men's rows to go"},
    {"moves", (PyCFunction)core_moves, METH_VARARGS, "legal moves as (mover xor, captured, kings xor)"},
    {"perft", (PyCFunction)core_perft, METH_VARARGS, "leaf count to depth"},
    {"evaluate", (PyCFunction)core_evaluate, METH_VARARGS, "static evaluation for the side to move"},
    {"hash_of", (PyCFunction)core_hash_of, METH_VARARGS, "Zobrist key of a position"},
    {"keys_after", (PyCFunction)core_keys_after, METH_VARARGS, "each legal move with the search's key after it"},
    {"search", (PyCFunction)core_search, METH_VARARGS, "iterative-deepening search"},
    {"clear", (PyCFunction)core_clear, METH_NOARGS, "forget the transposition table and history"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = MODULE_NAME ".Core",
    .tp_basicsize = sizeof(CoreObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)core_init,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_methods = core_methods,
    .tp_doc = "compiled move generator and search for one variant",
};

static struct PyModuleDef core_module = {PyModuleDef_HEAD_INIT, MODULE_NAME, "Dama's compiled search core", -1,
                                         NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC MODULE_INIT(void) {
#ifdef DAMA_WIDE
    if (!sixty_four && !(sixty_four = PyLong_FromLong(64))) return NULL;
#endif
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
