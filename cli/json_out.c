/* The commands' JSON pieces (json_out.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json_out.h"

void cli_json_str(const char *s) {
    if (!s) {
        fputs("null", stdout);
        return;
    }
    putchar('"');
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            printf("\\%c", *c);
        else if (*c < 0x20)
            printf("\\u%04x", *c);
        else
            putchar(*c);
    }
    putchar('"');
}

void cli_json_num(double v) {
    if (!isfinite(v)) {
        fputs("null", stdout);
        return;
    }
    /* the fewest digits, 15 to 17, that read back as v: 0.3, not
     * 0.29999999999999999 */
    char buf[40];
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    fputs(buf, stdout);
}

int cli_json_path(wf_status status, const wf_path *p) {
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return -1;
    wf_status st = wf_json_write_path(m, status, p);
    if (fclose(m) != 0 || st != WF_OK) {
        free(buf);
        return -1;
    }
    while (len && buf[len - 1] == '\n')
        len--;
    fwrite(buf, 1, len, stdout);
    free(buf);
    return 0;
}

void cli_json_point(const wf_point *p) {
    if (p)
        printf("[%d,%d]", p->x, p->y);
    else
        fputs("null", stdout);
}

void cli_json_points(const char *key, const wf_point *pts, size_t n) {
    printf("\"%s\":[", key);
    for (size_t i = 0; i < n; i++)
        printf("%s[%d,%d]", i ? "," : "", pts[i].x, pts[i].y);
    putchar(']');
}

int cli_json_rows_of(wf_status (*fn)(void *ud, FILE *f), void *ud,
                     const char *after) {
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return -1;
    wf_status st = fn(ud, m);
    if (fclose(m) != 0 || st != WF_OK) {
        free(buf);
        return -1;
    }
    fputs("\"rows\":[", stdout);
    int first = 1, on = after == NULL;
    for (char *line = buf; line < buf + len;) {
        char *end = memchr(line, '\n', (size_t)(buf + len - line));
        if (end)
            *end = '\0';
        if (on) {
            if (!first)
                putchar(',');
            cli_json_str(line);
            first = 0;
        } else {
            on = strcmp(line, after) == 0;
        }
        line = end ? end + 1 : buf + len;
    }
    putchar(']');
    free(buf);
    return 0;
}

typedef struct ascii_job {
    const wf_grid *g;
    const wf_ascii_opts *o;
} ascii_job;

static wf_status ascii_rows(void *ud, FILE *f) {
    const ascii_job *j = ud;
    return wf_render_ascii(f, j->g, j->o);
}

int cli_json_rows(const wf_grid *g, const wf_ascii_opts *o) {
    ascii_job j = {g, o};
    return cli_json_rows_of(ascii_rows, &j, NULL);
}
