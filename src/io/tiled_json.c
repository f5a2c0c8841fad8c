/* The Tiled reader's view of JSON: the document parsed by cJSON with its
 * syntax errors placed at line and column, fields read with their types
 * checked, custom properties and the roles they give. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lexer.h"
#include "tiled.h"

wf_status wf__tiled_fail(const wf__tiled *c, wf_status s, const char *fmt,
                         ...) {
    char msg[sizeof c->diag->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    wf__diag_set(c->diag, c->name, 0, 0, "%s", msg);
    return s;
}

/* What a JSON value is, for "must be X, not Y". */
static const char *kind_of(const cJSON *v) {
    if (cJSON_IsNumber(v))
        return "a number";
    if (cJSON_IsString(v))
        return "a string";
    if (cJSON_IsBool(v))
        return "a bool";
    if (cJSON_IsArray(v))
        return "an array";
    if (cJSON_IsObject(v))
        return "an object";
    return "null";
}

static wf_status wrong_type(const wf__tiled *c, const char *who,
                            const char *key, const char *want,
                            const cJSON *v) {
    return wf__tiled_fail(c, WF_E_PARSE, "%s: '%s' must be %s, not %s", who,
                          key, want, kind_of(v));
}

static wf_status missing(const wf__tiled *c, const char *who,
                         const char *key, const char *want) {
    return wf__tiled_fail(c, WF_E_PARSE, "%s: '%s' (%s) is missing", who,
                          key, want);
}

/* Field @p key of @p o into *f (NULL when absent): WF_OK when absent or
 * of the kind @p is tests, else "must be WANT, not ...". */
static wf_status field(const wf__tiled *c, const cJSON *o, const char *key,
                       const char *who, cJSON_bool (*is)(const cJSON *),
                       const char *want, const cJSON **f) {
    *f = cJSON_GetObjectItemCaseSensitive(o, key);
    return *f && !is(*f) ? wrong_type(c, who, key, want, *f) : WF_OK;
}

static cJSON_bool is_integer(const cJSON *v) {
    return cJSON_IsNumber(v) && floor(v->valuedouble) == v->valuedouble;
}

wf_status wf__tiled_int(const wf__tiled *c, const cJSON *o, const char *key,
                        const char *who, long long min, long long max,
                        int required, long long def, long long *v) {
    const cJSON *f;
    wf_status s = field(c, o, key, who, is_integer, "an integer", &f);
    *v = def;
    if (s != WF_OK || !f)
        return s == WF_OK && required ? missing(c, who, key, "an integer")
                                      : s;
    if (!(f->valuedouble >= (double)min && f->valuedouble <= (double)max))
        return wf__tiled_fail(c, WF_E_RANGE,
                              "%s: '%s' must be from %lld to %lld, not %.17g",
                              who, key, min, max, f->valuedouble);
    *v = (long long)f->valuedouble;
    return WF_OK;
}

wf_status wf__tiled_num(const wf__tiled *c, const cJSON *o, const char *key,
                        const char *who, double def, double *v) {
    const cJSON *f;
    wf_status s = field(c, o, key, who, cJSON_IsNumber, "a number", &f);
    *v = def;
    if (s != WF_OK || !f)
        return s;
    if (!(f->valuedouble - f->valuedouble == 0))
        return wf__tiled_fail(c, WF_E_RANGE,
                              "%s: '%s' is too large to be a finite number",
                              who, key);
    *v = f->valuedouble;
    return WF_OK;
}

wf_status wf__tiled_str(const wf__tiled *c, const cJSON *o, const char *key,
                        const char *who, const char **v) {
    const cJSON *f;
    wf_status s = field(c, o, key, who, cJSON_IsString, "a string", &f);
    *v = s == WF_OK && f ? f->valuestring : NULL;
    return s;
}

wf_status wf__tiled_bool(const wf__tiled *c, const cJSON *o, const char *key,
                         const char *who, int def, int *v) {
    const cJSON *f;
    wf_status s = field(c, o, key, who, cJSON_IsBool, "a bool", &f);
    *v = s == WF_OK && f ? cJSON_IsTrue(f) : def;
    return s;
}

wf_status wf__tiled_array(const wf__tiled *c, const cJSON *o,
                          const char *key, const char *who, int required,
                          const cJSON **v) {
    wf_status s = field(c, o, key, who, cJSON_IsArray, "an array", v);
    return s == WF_OK && !*v && required ? missing(c, who, key, "an array")
                                         : s;
}

const cJSON *wf__tiled_prop(const cJSON *o, const char *prop) {
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(o, "properties");
    if (cJSON_IsObject(props))
        return cJSON_GetObjectItemCaseSensitive(props, prop);
    const cJSON *p;
    if (!cJSON_IsArray(props))
        return NULL;
    cJSON_ArrayForEach(p, props) {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(p, "name");
        if (cJSON_IsString(n) && strcmp(n->valuestring, prop) == 0)
            return cJSON_GetObjectItemCaseSensitive(p, "value");
    }
    return NULL;
}

static int same_word(const char *a, const char *b) {
    for (; *a && *b; a++, b++) {
        const char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        if (x != *b)
            return 0;
    }
    return *a == *b;
}

/* The role a class names (any case), NONE for any other class. */
static wf__role class_role(const char *s) {
    if (!s)
        return WF__ROLE_NONE;
    if (same_word(s, "walkable"))
        return WF__ROLE_WALKABLE;
    if (same_word(s, "obstacle"))
        return WF__ROLE_OBSTACLE;
    return same_word(s, "link") ? WF__ROLE_LINK : WF__ROLE_NONE;
}

const char *wf__tiled_role_name(wf__role r) {
    static const char *const names[] = {"none", "walkable", "obstacle",
                                        "link"};
    return names[r];
}

wf_status wf__tiled_role(const wf__tiled *c, const cJSON *o,
                         int type_is_class, const char *who, wf__role *role) {
    const char *cls = NULL, *type = NULL;
    wf_status s = wf__tiled_str(c, o, "class", who, &cls);
    if (s == WF_OK && type_is_class)
        s = wf__tiled_str(c, o, "type", who, &type);
    if (s != WF_OK)
        return s;
    *role = class_role(cls) ? class_role(cls) : class_role(type);
    const cJSON *w = wf__tiled_prop(o, "walkable");
    if (!w)
        return WF_OK;
    if (!cJSON_IsBool(w))
        return wf__tiled_fail(c, WF_E_PARSE,
                              "%s: property 'walkable' must be a bool (true "
                              "or false), not %s",
                              who, kind_of(w));
    const wf__role by_prop =
        cJSON_IsTrue(w) ? WF__ROLE_WALKABLE : WF__ROLE_OBSTACLE;
    if (*role && *role != by_prop)
        return wf__tiled_fail(c, WF_E_PARSE,
                              "%s: class '%s' disagrees with property "
                              "walkable = %s",
                              who, wf__tiled_role_name(*role),
                              cJSON_IsTrue(w) ? "true" : "false");
    *role = by_prop;
    return WF_OK;
}

void wf__tiled_quote(const char *s, char *buf, size_t size) {
    wf__quote(s ? s : "", s ? strlen(s) : 0, buf, size);
}

const char *wf__tiled_name(wf__tiled *c, const char *label) {
    const size_t n = strlen(label) + 1;
    char *dst = NULL;
    if (c->out) {
        dst = c->out->outlines.names_buf + c->name_bytes;
        memcpy(dst, label, n);
    }
    c->name_bytes += n;
    return dst;
}

/* Line and column of offset @p at of buf; columns count bytes from after
 * a byte order mark, as the other readers count them. */
static void place(const char *buf, size_t at, unsigned *line,
                  unsigned *col) {
    size_t ln = 1, start = 0;
    if (at >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        start = 3;
    for (size_t i = 0; i < at; i++)
        if (buf[i] == '\n') {
            ln++;
            start = i + 1;
        }
    *line = ln > 0xFFFFFFFFu ? 0xFFFFFFFFu : (unsigned)ln;
    *col = wf__col(at - start);
}

static wf_status syntax(const wf__tiled *c, const char *buf, size_t len,
                        size_t at, const char *file, const char *why) {
    unsigned line, col;
    char found[32] = "end of file";
    if (at < len)
        wf__byte_desc((unsigned char)buf[at], found, sizeof found);
    place(buf, at, &line, &col);
    wf__diag_set(c->diag, file, line, col, "%s (found %s)", why, found);
    return WF_E_PARSE;
}

wf_status wf__tiled_json(const wf__tiled *c, const char *buf, size_t len,
                         const char *file, cJSON **out) {
    *out = NULL;
    const char *nul = len ? memchr(buf, 0, len) : NULL;
    if (nul)
        return syntax(c, buf, len, (size_t)(nul - buf), file,
                      "not valid JSON: a NUL byte");
    const char *end = NULL;
    cJSON *doc = len ? cJSON_ParseWithLengthOpts(buf, len, &end, 0) : NULL;
    size_t at = end && end >= buf && end <= buf + len ? (size_t)(end - buf)
                                                      : 0;
    if (!doc)
        return syntax(c, buf, len, at, file, "not valid JSON");
    while (at < len && (unsigned char)buf[at] <= ' ')
        at++;
    if (at < len) {
        cJSON_Delete(doc);
        return syntax(c, buf, len, at, file,
                      "not valid JSON: data after the document");
    }
    *out = doc;
    return WF_OK;
}
