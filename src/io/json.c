/* JSON output of a query result. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "lexer.h"
#include "wayfind/io.h"

wf_status wf_json_write_path(FILE *f, wf_status status, const wf_path *p) {
    if (!f || !p || (p->count && !p->points))
        return WF_E_INVALID_ARG;
    char name[32], cost[64];
    const char *s = wf_status_name(status);
    size_t i = 0;
    for (; s[i] && i + 1 < sizeof name; i++)
        name[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    name[i] = '\0';
    wf__format_number(p->cost, cost, sizeof cost);
    if (fprintf(f,
                "{\"status\":\"%s\",\"cost\":%s,\"length\":%zu,"
                "\"expanded\":%" PRIu64 ",\"generated\":%" PRIu64
                ",\"heap_ops\":%" PRIu64 ",\"path\":[",
                name, cost, p->count, p->stats.expanded, p->stats.generated,
                p->stats.heap_ops) < 0)
        return WF_E_IO;
    for (size_t k = 0; k < p->count; k++)
        if (fprintf(f, "%s[%d,%d]", k ? "," : "", p->points[k].x,
                    p->points[k].y) < 0)
            return WF_E_IO;
    if (fputs("]}\n", f) == EOF || fflush(f) != 0 || ferror(f))
        return WF_E_IO;
    return WF_OK;
}
