/* The connectivity index (wf_conn, core.h): its representation, shared by
 * conn.c (create, queries, relabelling from scratch) and conn_update.c
 * (the local updates after cell edits). Not installed. */
#ifndef WF_CONN_INTERNAL_H
#define WF_CONN_INTERNAL_H

#include "internal.h"

/* One search of a split test (conn_update.c): a queue of cells linked
 * through wf_conn.next, and a union-find parent among the searches. */
typedef struct wf__conn_search {
    uint32_t head, tail; /* cells; head WF__CONN_NONE: queue empty */
    uint32_t parent;     /* search index; itself for a root */
    uint32_t seed;       /* the cell it started from */
    size_t count;        /* cells it (and those merged into it) reached */
    int ended;           /* queue ran dry: its piece is closed */
} wf__conn_search;

#define WF__CONN_NONE UINT32_MAX

struct wf_conn {
    wf_allocator alloc;
    wf_grid *g;
    wf_move move;           /* normalised */
    unsigned k;             /* move.size */
    uint8_t forbid[256];    /* 1: the filter forbids the terrain */
    int forbids;            /* any forbid[] set */
    uint8_t pass[256];      /* grid passable and not forbidden, refreshed
                               at every update (a cost change for an absent
                               terrain is reported to no watcher) */
    uint8_t *clr;           /* size > 1 and forbids: the unit's own
                               clearance, updated locally; else NULL and
                               the grid's is used */
    size_t cells;
    uint32_t *label;        /* per cell: component id, 0 where the unit may
                               not stand */
    uint32_t *mark;         /* per cell: a stamp (visited in this pass) */
    uint32_t *next;         /* per cell: queue links of the split searches,
                               or a plain queue for relabelling floods */
    uint32_t stamp;         /* stamps below it are stale */
    /* Component ids 1 .. id_cap - 1: size[id] is the cell count of a live
     * id and the next free id of a free one. Components never outnumber
     * half the cells plus one (one cell of each, pairwise not orthogonal
     * neighbours, and an orthogonal move is always allowed between cells
     * where the unit may stand), so ids are bounded and recycled. */
    uint32_t *size;
    uint32_t id_cap;
    uint32_t free_head;     /* 0: none free */
    uint32_t count;         /* live components */
    /* Fixed scratch of the local updates; an update needing more
     * relabels from scratch instead. */
    uint32_t *cand;         /* cells whose standability changed */
    size_t cand_cap;
    uint64_t *seed;         /* label << 32 | cell of the split seeds */
    wf__conn_search *srch;  /* seed_cap searches */
    uint32_t *active;       /* seed_cap search indices */
    size_t seed_cap;
};

/* Clearance array the unit's standability reads (size > 1). */
WF_INLINE const uint8_t *wf__conn_clear(const wf_conn *cn) {
    return cn->clr ? cn->clr : cn->g->clear;
}

/* May the unit stand on cell c? */
WF_INLINE int wf__conn_stands(const wf_conn *cn, size_t c) {
    if (cn->k > 1)
        return wf__fits(wf__conn_clear(cn), c, cn->k);
    return cn->pass[cn->g->terrain[c]];
}

/* The moves the unit may make from cell c (a direction mask). */
WF_INLINE unsigned wf__conn_moves(const wf_conn *cn, size_t c) {
    const wf_grid *g = cn->g;
    unsigned m = cn->k > 1 ? wf__nbmask_fit(g, c, wf__conn_clear(cn), cn->k)
                           : wf__nbmask_pass(g, c,
                                             cn->forbids ? cn->pass : NULL);
    return wf__allowed_moves(m, cn->move.connect, cn->move.corners);
}

/* A range of n fresh stamps (clearing the marks when the counter would
 * wrap); returns the first. */
uint32_t wf__conn_stamps(wf_conn *cn, uint32_t n);
/* A free component id with size 0, counted as live; 0 when none is free
 * (cannot happen while the bound above holds). */
uint32_t wf__conn_id_take(wf_conn *cn);
/* Returns id to the free list. */
void wf__conn_id_give(wf_conn *cn, uint32_t id);
/* Relabels the cells of component `from` reachable from cell s (all of
 * it) as `to`, by a flood on cn->next; returns the cells relabelled. */
size_t wf__conn_flood(wf_conn *cn, uint32_t s, uint32_t from, uint32_t to);
/* Refreshes cn->pass from the grid's costs and the filter. */
void wf__conn_pass(wf_conn *cn);
/* Labels every component from scratch (the pass table and own clearance
 * rebuilt too). O(cells). */
void wf__conn_rebuild(wf_conn *cn);
/* The watcher (conn_update.c). */
void wf__conn_watch(void *ud, const wf_grid *g, const wf_cell_change *changes,
                    size_t count);

#endif
