/* JSON output of a query result: a grid path, a polyline, or both (a
 * path and its smoothed polyline). One object a line, numbers exact and
 * locale-free (wf__format_number). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "lexer.h"
#include "wayfind/io.h"
#include "wayfind/polyline.h"

/* The status's name in lower case ("ok", "no_path"). */
static void status_name(wf_status status, char name[32]) {
    const char *s = wf_status_name(status);
    size_t i = 0;
    for (; s[i] && i + 1 < 32; i++)
        name[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    name[i] = '\0';
}

/* "status", "cost" and what follows up to the stats, as each result has
 * them; length is already a JSON number. */
static int write_head(FILE *f, wf_status status, double cost,
                      const char *length, const wf_stats *st) {
    char name[32], num[64];
    status_name(status, name);
    wf__format_number(cost, num, sizeof num);
    return fprintf(f,
                   "{\"status\":\"%s\",\"cost\":%s,\"length\":%s,"
                   "\"expanded\":%" PRIu64 ",\"generated\":%" PRIu64
                   ",\"heap_ops\":%" PRIu64,
                   name, num, length, st->expanded, st->generated,
                   st->heap_ops) < 0
               ? -1
               : 0;
}

static int write_cells(FILE *f, const wf_path *p) {
    if (fputs(",\"path\":[", f) == EOF)
        return -1;
    for (size_t k = 0; k < p->count; k++)
        if (fprintf(f, "%s[%d,%d]", k ? "," : "", p->points[k].x,
                    p->points[k].y) < 0)
            return -1;
    return fputc(']', f) == EOF ? -1 : 0;
}

static int write_points(FILE *f, const wf_polyline *p) {
    if (fputs(",\"polyline\":[", f) == EOF)
        return -1;
    for (size_t k = 0; k < p->count; k++) {
        char x[64], y[64];
        wf__format_number(p->points[k].x, x, sizeof x);
        wf__format_number(p->points[k].y, y, sizeof y);
        if (fprintf(f, "%s[%s,%s]", k ? "," : "", x, y) < 0)
            return -1;
    }
    return fputc(']', f) == EOF ? -1 : 0;
}

static wf_status finish(FILE *f, int bad) {
    if (bad || fputs("}\n", f) == EOF || fflush(f) != 0 || ferror(f))
        return WF_E_IO;
    return WF_OK;
}

static int bad_path(const wf_path *p) {
    return !p || (p->count && !p->points);
}

static int bad_polyline(const wf_polyline *p) {
    return !p || (p->count && !p->points);
}

wf_status wf_json_write_path(FILE *f, wf_status status, const wf_path *p) {
    if (!f || bad_path(p))
        return WF_E_INVALID_ARG;
    char len[32];
    snprintf(len, sizeof len, "%zu", p->count);
    return finish(f, write_head(f, status, p->cost, len, &p->stats) ||
                         write_cells(f, p));
}

wf_status wf_json_write_polyline(FILE *f, wf_status status,
                                 const wf_polyline *p) {
    if (!f || bad_polyline(p))
        return WF_E_INVALID_ARG;
    char len[64];
    wf__format_number(p->length, len, sizeof len);
    return finish(f, write_head(f, status, p->cost, len, &p->stats) ||
                         write_points(f, p));
}

wf_status wf_json_write_smoothed(FILE *f, wf_status status, const wf_path *p,
                                 const wf_polyline *s) {
    if (!f || bad_path(p) || bad_polyline(s))
        return WF_E_INVALID_ARG;
    char len[32], cost[64], slen[64];
    snprintf(len, sizeof len, "%zu", p->count);
    wf__format_number(s->cost, cost, sizeof cost);
    wf__format_number(s->length, slen, sizeof slen);
    return finish(f, write_head(f, status, p->cost, len, &p->stats) ||
                         write_cells(f, p) ||
                         fprintf(f, ",\"smoothed\":{\"cost\":%s,\"length\":%s",
                                 cost, slen) < 0 ||
                         write_points(f, s) || fputc('}', f) == EOF);
}
