/* Endgame tables of up to TB_MAX_PIECES pieces, men and kings, built once into a file and probed from
 * it (tables.c; the Python side is engine/tables.py). */
#ifndef DAMA_TABLES_H
#define DAMA_TABLES_H

#include <stddef.h>

#include "core.h"

#define TB_MAX_PIECES 5
#define TB_MAX_SQUARES 50 /* International's board; the 32-square boards' files are read as before */
#define TB_MAGIC "DAMATB1"

/* One material signature: white men, white kings, black men, black kings. */
typedef struct {
    int wm, wk, bm, bk;
    int width;            /* bytes per value in the file: 1, or 2 when a distance passes 254 plies */
    uint64_t count;       /* positions (both sides to move) */
    const uint8_t *data;  /* in the file (or in memory while building) */
} TbSig;

typedef struct TbTables {
    int max_pieces, nsig;
    BB mask, men_sq[2];   /* playable squares; the squares a man of each colour may stand on */
    /* the signature's table; mirrored: read the colours swapped and the board turned (symmetric) */
    int16_t slot[TB_MAX_PIECES + 1][TB_MAX_PIECES + 1][TB_MAX_PIECES + 1][TB_MAX_PIECES + 1];
    int8_t mirrored[TB_MAX_PIECES + 1][TB_MAX_PIECES + 1][TB_MAX_PIECES + 1][TB_MAX_PIECES + 1];
    int symmetric;        /* the board turned half round maps the rules onto themselves, colours swapped */
    int8_t turn[MAXSQ];   /* a square's image, the board turned half round */
    TbSig sig[160];
} TbTables;

/* A fingerprint of the rules the tables depend on (geometry, promotion, captures). */
uint64_t tb_fingerprint(const Rules *r);
/* Builds every position of 2..pieces pieces and writes the file at path; 0, -1 (memory) or -2 (file).
 * positions and longest (plies) receive figures for the report. */
int tb_build(const Rules *r, int pieces, const char *path, uint64_t *positions, int *longest);
/* Reads a file image (kept alive by the caller) into t; 0, or -1 when it does not fit these rules. */
int tb_open(TbTables *t, const Rules *r, const uint8_t *image, size_t size);
/* The value for the side to move (endgame.c's code: 0 draw, 2d+1 loss in d, 2d+2 win in d), -1 if not covered. */
int tb_probe(const TbTables *t, BB own, BB opp, BB kings, int color);

#endif
