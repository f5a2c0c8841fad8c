/* Fuzzes wf_scen_parse. Scenarios that parse are checked against what the
 * format allows, each optimal length must pass wf_scen_cost_ok, and the
 * file is written back ("version 1") and parsed again: same entries. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static void check_entry(const wf_scen_entry *e) {
    FUZZ_CHECK(e->bucket >= 0);
    FUZZ_CHECK(e->map_width >= 1 && e->map_width <= WF_GRID_MAX_SIDE);
    FUZZ_CHECK(e->map_height >= 1 && e->map_height <= WF_GRID_MAX_SIDE);
    FUZZ_CHECK(e->start.x >= 0 && e->start.y >= 0);
    FUZZ_CHECK(e->goal.x >= 0 && e->goal.y >= 0);
    FUZZ_CHECK(e->optimal >= 0 && isfinite(e->optimal));
    FUZZ_CHECK(e->decimals >= 0);
    FUZZ_CHECK(wf_scen_cost_ok(e, e->optimal));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_scen sc;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_scen_parse((const char *)data, size, "f.scen", NULL, &sc,
                                &d);
    if (s != WF_OK) {
        FUZZ_CHECK(s == WF_E_PARSE);
        FUZZ_CHECK(sc.count == 0 && sc.entries == NULL);
        FUZZ_CHECK(d.line > 0 && d.message[0] != '\0');
        wf_scen_free(&sc); /* harmless after a failure */
        return 0;
    }
    FUZZ_CHECK(sc.count == 0 || sc.entries != NULL);
    FUZZ_CHECK(memchr(sc.version, '\0', sizeof sc.version) != NULL);
    FUZZ_CHECK(memchr(sc.map, '\0', sizeof sc.map) != NULL);
    for (size_t i = 0; i < sc.count; i++)
        check_entry(&sc.entries[i]);

    fuzz_out o;
    fuzz_out_open(&o);
    FUZZ_CHECK(wf_scen_write(o.f, &sc) == WF_OK);
    fuzz_out_close(&o);
    wf_scen back;
    FUZZ_CHECK(wf_scen_parse(o.buf, o.len, "back.scen", NULL, &back, &d) ==
               WF_OK);
    FUZZ_CHECK(back.count == sc.count);
    FUZZ_CHECK(strcmp(back.version, "1") == 0);
    FUZZ_CHECK(sc.count == 0 || strcmp(back.map, sc.map) == 0);
    for (size_t i = 0; i < sc.count; i++) {
        const wf_scen_entry *a = &sc.entries[i], *b = &back.entries[i];
        FUZZ_CHECK(a->bucket == b->bucket);
        FUZZ_CHECK(a->map_width == b->map_width);
        FUZZ_CHECK(a->map_height == b->map_height);
        FUZZ_CHECK(a->start.x == b->start.x && a->start.y == b->start.y);
        FUZZ_CHECK(a->goal.x == b->goal.x && a->goal.y == b->goal.y);
        /* written with 8 decimals */
        FUZZ_CHECK(fabs(a->optimal - b->optimal) <=
                   5e-9 + 1e-12 * fabs(a->optimal));
    }
    free(o.buf);
    wf_scen_free(&back);
    wf_scen_free(&sc);
    return 0;
}
