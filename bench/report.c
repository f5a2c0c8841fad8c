/* Summaries of bench_report: per map, per engine, and over all maps. */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One engine over a range of maps, reduced to the numbers the table shows. */
typedef struct summary {
    int ran;
    size_t queries;
    size_t optimal;
    size_t errors;
    uint64_t expanded;
    uint64_t total_ns;
    double mean_us;
    double median_us;
    double mexp_per_s;
    double ref_mean_us; /* the reference engine on the same scenarios */
} summary;

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Summary of engine e over maps [first, first + n). -1 when out of memory. */
static int summarize(const bench_report *r, size_t e, size_t first, size_t n,
                     summary *out) {
    memset(out, 0, sizeof *out);
    out->mean_us = out->median_us = out->mexp_per_s = out->ref_mean_us = NAN;
    for (size_t m = first; m < first + n; m++) {
        const bench_result *res = &r->maps[m].results[e];
        if (!res->ran)
            return 0;
        out->queries += res->queries;
        out->optimal += res->optimal;
        out->errors += res->errors;
        out->expanded += res->expanded;
        out->total_ns += res->total_ns;
    }
    out->ran = 1;
    if (out->queries == 0)
        return 0;
    double runs = (double)out->queries * (double)r->reps;
    out->mean_us = (double)out->total_ns / runs / 1e3;
    if (out->total_ns > 0)
        out->mexp_per_s = (double)out->expanded / (double)out->total_ns * 1e3;

    double *all = malloc(out->queries * sizeof *all);
    if (!all)
        return -1;
    size_t k = 0;
    double ref_sum = 0.0;
    int ref_ran = 1;
    for (size_t m = first; m < first + n; m++) {
        const bench_result *res = &r->maps[m].results[e];
        const bench_result *ref = &r->maps[m].results[0];
        memcpy(all + k, res->us, res->queries * sizeof *all);
        k += res->queries;
        /* Per-query times are means over the repetitions, so the mean of a
         * subset is the plain average of its entries. */
        ref_ran = ref_ran && ref->ran;
        for (size_t q = 0; ref_ran && q < res->queries; q++)
            ref_sum += ref->us[res->index ? res->index[q] : q];
    }
    if (ref_ran)
        out->ref_mean_us = ref_sum / (double)k;
    qsort(all, k, sizeof *all, compare_doubles);
    out->median_us = k % 2 ? all[k / 2] : (all[k / 2 - 1] + all[k / 2]) / 2;
    free(all);
    return 0;
}

/* Microseconds with three significant digits at least. */
static void put_us(FILE *f, double us) {
    if (isnan(us))
        fputs(" n/a |", f);
    else
        fprintf(f, us < 10 ? " %.2f |" : " %.1f |", us);
}

static void put_row(const bench_report *r, FILE *f, const char *label,
                    const char *size, size_t scenarios, const summary *s) {
    fprintf(f, "| %s | %s | %zu |", label, size, scenarios);
    for (size_t e = 0; e < r->engine_count; e++) {
        if (!s[e].ran) {
            fputs(" n/a | n/a | n/a |", f);
        } else {
            fprintf(f, " %zu/%zu |", s[e].optimal, s[e].queries);
            put_us(f, s[e].mean_us);
            put_us(f, s[e].median_us);
        }
        if (r->engines[e]->counts_expansions) {
            if (s[e].ran && !isnan(s[e].mexp_per_s))
                fprintf(f, " %.2f |", s[e].mexp_per_s);
            else
                fputs(" n/a |", f);
        }
    }
    for (size_t e = 1; e < r->engine_count; e++) {
        if (s[e].ran && s[e].ref_mean_us > 0 && !isnan(s[e].mean_us))
            fprintf(f, " %.2f |", s[e].mean_us / s[e].ref_mean_us);
        else
            fputs(" n/a |", f);
    }
    fputc('\n', f);
}

void bench_report_table(const bench_report *r, FILE *f) {
    const char *ref = r->engines[0]->name;
    fputs("## Moving AI grid benchmark\n\n", f);
    for (size_t e = 0; e < r->engine_count; e++) {
        const bench_engine *en = r->engines[e];
        if (en->unavailable)
            fprintf(f, "- %s: %s\n", en->name, en->unavailable);
        else
            fprintf(f, "- %s\n", en->detail);
    }
    fprintf(f, "- CPU: %s; repetitions: %d; untimed warm-up: up to %zu "
               "queries per map and engine\n",
            r->cpu[0] ? r->cpu : "unknown", r->reps, r->warmup);
    fputs("- optimal: a valid path with |cost - expected| <= 1e-4 * "
          "max(1, expected), or <= half a unit in the file's last printed "
          "decimal (when it prints any) + 2e-6 * expected; times are of the search call alone\n", f);
    int sampled = 0;
    for (size_t e = 0; e < r->engine_count; e++)
        for (size_t m = 0; m < r->map_count; m++)
            sampled |= r->maps[m].results[e].index != NULL;
    if (sampled)
        fprintf(f, "- peers ran on an evenly spaced sample of at most %zu "
                   "scenarios per map (--peer-sample); their columns and "
                   "speed-ups are over that sample, compared with %s on the "
                   "same scenarios\n",
                r->peer_sample, ref);
    fputc('\n', f);

    fputs("| map | WxH | scenarios |", f);
    for (size_t e = 0; e < r->engine_count; e++) {
        const char *n = r->engines[e]->name;
        fprintf(f, " %s optimal | %s mean µs | %s median µs |", n, n, n);
        if (r->engines[e]->counts_expansions)
            fprintf(f, " %s Mexp/s |", n);
    }
    for (size_t e = 1; e < r->engine_count; e++)
        fprintf(f, " speed-up (%s mean / %s mean) |", r->engines[e]->name, ref);
    fputs("\n|---|---:|---:|", f);
    for (size_t e = 0; e < r->engine_count; e++)
        fputs(r->engines[e]->counts_expansions ? "---:|---:|---:|---:|"
                                               : "---:|---:|---:|", f);
    for (size_t e = 1; e < r->engine_count; e++)
        fputs("---:|", f);
    fputc('\n', f);

    summary *s = calloc(r->engine_count, sizeof *s);
    if (!s) {
        fputs("(out of memory while writing the table)\n", f);
        return;
    }
    size_t total_scen = 0;
    for (size_t m = 0; m <= r->map_count; m++) {
        /* m == map_count is the total row, over every map. */
        int total = m == r->map_count;
        size_t first = total ? 0 : m, n = total ? r->map_count : 1;
        for (size_t e = 0; e < r->engine_count; e++)
            if (summarize(r, e, first, n, &s[e]) != 0)
                s[e].ran = 0;
        if (total) {
            put_row(r, f, "**total**", "", total_scen, s);
        } else {
            const bench_map_result *mr = &r->maps[m];
            char size[32];
            snprintf(size, sizeof size, "%dx%d", mr->width, mr->height);
            put_row(r, f, mr->label, size, mr->scenarios, s);
            total_scen += mr->scenarios;
        }
    }
    free(s);

    if (r->engines[0]->bytes && r->ws_cells > 0)
        fprintf(f, "\n%s workspace: %zu bytes after reserving for the largest "
                   "map (%zu cells) = %.2f bytes/cell\n",
                ref, r->ws_bytes, r->ws_cells,
                (double)r->ws_bytes / (double)r->ws_cells);
    for (size_t e = 0; e < r->engine_count; e++)
        if (r->engines[e]->unavailable)
            fprintf(f, "%s: not available\n", r->engines[e]->name);
}

size_t bench_report_versus_best(const bench_report *r, FILE *f,
                                const char *name, double slack) {
    size_t a = r->engine_count, misses = 0;
    for (size_t e = 0; e < r->engine_count; e++)
        if (!strcmp(r->engines[e]->name, name))
            a = e;
    if (a == r->engine_count)
        return 0;
    fprintf(f, "\n%s against the fastest other wayfind engine, map by map "
               "(means over every scenario; within %.0f %%?):\n\n"
               "| map | fastest | its mean µs | %s mean µs | %s / fastest | "
               "within |\n|---|---|---:|---:|---:|---|\n",
            name, (slack - 1) * 100, name, name);
    for (size_t m = 0; m < r->map_count; m++) {
        summary sa, se, best = {0};
        size_t be = r->engine_count;
        if (summarize(r, a, m, 1, &sa) != 0 || !sa.ran)
            continue;
        for (size_t e = 0; e < r->engine_count; e++) {
            if (e == a || r->engines[e]->peer ||
                summarize(r, e, m, 1, &se) != 0 || !se.ran ||
                isnan(se.mean_us))
                continue;
            if (be == r->engine_count || se.mean_us < best.mean_us) {
                best = se;
                be = e;
            }
        }
        if (be == r->engine_count)
            continue;
        const double ratio = sa.mean_us / best.mean_us;
        const int ok = ratio <= slack;
        misses += !ok;
        fprintf(f, "| %s | %s |", r->maps[m].label, r->engines[be]->name);
        put_us(f, best.mean_us);
        put_us(f, sa.mean_us);
        fprintf(f, " %.2f | %s |\n", ratio, ok ? "yes" : "**no**");
    }
    return misses;
}

/* ---- JSON ------------------------------------------------------------- */

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void json_number(FILE *f, double v) {
    if (isfinite(v))
        fprintf(f, "%.6g", v);
    else
        fputs("null", f);
}

static void json_summary(FILE *f, const bench_report *r, size_t e,
                         const summary *s) {
    if (!s->ran) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"queries\": %zu, \"optimal\": %zu, \"errors\": %zu, "
               "\"mean_us\": ",
            s->queries, s->optimal, s->errors);
    json_number(f, s->mean_us);
    fputs(", \"median_us\": ", f);
    json_number(f, s->median_us);
    fprintf(f, ", \"total_search_s\": ");
    json_number(f, (double)s->total_ns / 1e9);
    if (r->engines[e]->counts_expansions) {
        fprintf(f, ", \"expanded\": %llu, \"mexp_per_s\": ",
                (unsigned long long)s->expanded);
        json_number(f, s->mexp_per_s);
    }
    if (e > 0) {
        /* What the speed-up divides by: the reference on these queries. */
        fprintf(f, ", \"%s_mean_us_same_queries\": ", r->engines[0]->name);
        json_number(f, s->ref_mean_us);
    }
    fputc('}', f);
}

static int json_group(FILE *f, const bench_report *r, size_t first, size_t n,
                      summary *s) {
    for (size_t e = 0; e < r->engine_count; e++)
        if (summarize(r, e, first, n, &s[e]) != 0)
            return -1;
    fputs("\"engines\": {", f);
    for (size_t e = 0; e < r->engine_count; e++) {
        fputs(e ? ", " : "", f);
        json_string(f, r->engines[e]->name);
        fputs(": ", f);
        json_summary(f, r, e, &s[e]);
    }
    fputs("}, \"speedup\": {", f);
    for (size_t e = 1; e < r->engine_count; e++) {
        fputs(e > 1 ? ", " : "", f);
        json_string(f, r->engines[e]->name);
        fputs(": ", f);
        if (s[e].ran && s[e].ref_mean_us > 0)
            json_number(f, s[e].mean_us / s[e].ref_mean_us);
        else
            fputs("null", f);
    }
    fputc('}', f);
    return 0;
}

int bench_report_json(const bench_report *r, FILE *f) {
    summary *s = calloc(r->engine_count, sizeof *s);
    if (!s)
        return -1;
    int rc = 0;
    fputs("{\n  \"benchmark\": \"movingai\",\n  \"wayfind_version\": ", f);
    json_string(f, wf_version_string());
    fprintf(f, ",\n  \"reps\": %d,\n  \"warmup\": %zu,\n  \"peer_sample\": "
               "%zu,\n  \"cpu\": ",
            r->reps, r->warmup, r->peer_sample);
    json_string(f, r->cpu);
    fputs(",\n  \"optimality_rule\": \"|cost - expected| <= max(1e-4 * "
          "max(1, expected), 0.5 * 10^-d + 2e-6 * expected when the "
          "value is printed with d >= 1 decimals)\",\n"
          "  \"engines\": [", f);
    for (size_t e = 0; e < r->engine_count; e++) {
        const bench_engine *en = r->engines[e];
        fputs(e ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
        json_string(f, en->name);
        fprintf(f, ", \"available\": %s, \"detail\": ",
                en->unavailable ? "false" : "true");
        json_string(f, en->unavailable ? en->unavailable : en->detail);
        fputc('}', f);
    }
    fprintf(f, "\n  ],\n  \"workspace_bytes\": %zu,\n  \"workspace_cells\": "
               "%zu,\n  \"workspace_bytes_per_cell\": ",
            r->ws_bytes, r->ws_cells);
    json_number(f, r->ws_cells ? (double)r->ws_bytes / (double)r->ws_cells
                               : NAN);
    fputs(",\n  \"maps\": [", f);
    size_t total_scen = 0;
    for (size_t m = 0; m < r->map_count && rc == 0; m++) {
        const bench_map_result *mr = &r->maps[m];
        fputs(m ? ",\n    {\"map\": " : "\n    {\"map\": ", f);
        json_string(f, mr->label);
        fputs(", \"scen\": ", f);
        json_string(f, mr->scen_path);
        fprintf(f, ", \"width\": %d, \"height\": %d, \"scenarios\": %zu, "
                   "",
                mr->width, mr->height, mr->scenarios);
        rc = json_group(f, r, m, 1, s);
        fputc('}', f);
        total_scen += mr->scenarios;
    }
    if (rc == 0) {
        fprintf(f, "\n  ],\n  \"total\": {\"scenarios\": %zu, ", total_scen);
        rc = json_group(f, r, 0, r->map_count, s);
        fputs("}\n}\n", f);
    }
    free(s);
    if (fflush(f) != 0 || ferror(f))
        rc = -1;
    return rc;
}
