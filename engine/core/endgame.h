/* Endgame tables of few pieces for the compiled search (endgame.c). */
#ifndef DAMA_ENDGAME_H
#define DAMA_ENDGAME_H

#include <stddef.h>

#include "core.h"
#include "tables.h"

#define EG_MAX_PIECES 4
#define EG_MAX_SQUARES 32
#define EG_KINGS_ONLY_FROM 4 /* from this many pieces the tables hold kings-only positions */

typedef struct {
    int max_pieces, nplay;
    int8_t idx_of[MAXSQ];
    uint32_t binom[EG_MAX_SQUARES + 1][EG_MAX_PIECES + 1];
    int kind_bits[EG_MAX_PIECES + 1]; /* 2 (king, black) per piece; 1 (black) where only kings are kept */
    size_t offset[EG_MAX_PIECES + 1], size[EG_MAX_PIECES + 1], total;
    const uint16_t *values; /* NULL: no tables */
    const TbTables *file;   /* the tables of up to five pieces read from a file (tables.c); NULL: none */
} Endgame;

/* The most pieces a position may have for some table to cover it (0: no tables). */
static inline int endgame_reach(const Endgame *e) {
    int in_memory = e->values ? e->max_pieces : 0, from_file = e->file ? e->file->max_pieces : 0;
    return in_memory > from_file ? in_memory : from_file;
}

int endgame_prepare(Endgame *e, const Rules *r, int max_pieces);
int endgame_build(Endgame *e, const Rules *r, uint16_t *values);
/* The stored value for the side to move (see endgame.c), or -1 when the position is not covered. */
int endgame_probe(const Endgame *e, BB own, BB opp, BB kings, int color);

#endif
