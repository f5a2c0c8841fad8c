/* The objects of a Tiled map's object layers as walkable and obstacle
 * outlines and off-mesh links, in tiles (docs/formats.md, "Tiled maps").
 * Counts in the first pass (c->out NULL), fills in the second. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tiled.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* What an object is drawn as. */
typedef enum shape {
    SHAPE_RECT,
    SHAPE_POLYGON,
    SHAPE_ELLIPSE,
    SHAPE_POLYLINE,
    SHAPE_POINT,
    SHAPE_TEXT,
    SHAPE_TILE,
    SHAPE_TEMPLATE
} shape;

static const char *const shape_names[] = {
    "a rectangle", "a polygon",     "an ellipse",     "a polyline",
    "a point",     "a text object", "a tile object", "a template instance"};

/* An object being read: its label, and where its points go from its own
 * frame (pixels from its position, y down) to the map's, in tiles. */
typedef struct object {
    const cJSON *json;
    char label[WF__TILED_LABEL];
    double x, y;      /* its position plus the layer's offset, pixels */
    double cs, sn;    /* its rotation, clockwise as drawn */
    double w, h;      /* width and height, pixels */
    wf__role role;
} object;

/* The field that marks each shape but the rectangle (a flag must be
 * true); the first present decides. */
static const struct {
    const char *key;
    int flag;
    shape sh;
} marks[] = {{"template", 0, SHAPE_TEMPLATE}, {"gid", 0, SHAPE_TILE},
             {"point", 1, SHAPE_POINT},       {"text", 0, SHAPE_TEXT},
             {"polyline", 0, SHAPE_POLYLINE}, {"polygon", 0, SHAPE_POLYGON},
             {"ellipse", 1, SHAPE_ELLIPSE}};

static shape shape_of(const cJSON *o) {
    for (size_t i = 0; i < sizeof marks / sizeof *marks; i++) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, marks[i].key);
        if (marks[i].flag ? cJSON_IsTrue(f) : f != NULL)
            return marks[i].sh;
    }
    return SHAPE_RECT;
}

/* cos and sin of a clockwise turn of @p deg degrees, exact at quarter
 * turns so that a rectangle turned by 90° keeps exact corners. */
static void turn(double deg, double *cs, double *sn) {
    double r = fmod(deg, 360);
    if (r < 0)
        r += 360;
    static const double qc[] = {1, 0, -1, 0}, qs[] = {0, 1, 0, -1};
    for (int q = 0; q < 4; q++)
        if (r == 90.0 * q) {
            *cs = qc[q];
            *sn = qs[q];
            return;
        }
    *cs = cos(r * (M_PI / 180));
    *sn = sin(r * (M_PI / 180));
}

/* Point (dx, dy) of the object's frame in world units (tiles). Tiled
 * turns an object about its position, clockwise as drawn (y down). */
static wf_vec2 to_world(const wf__tiled *c, const object *ob, double dx,
                        double dy) {
    const double px = ob->x + dx * ob->cs - dy * ob->sn;
    const double py = ob->y + dx * ob->sn + dy * ob->cs;
    return (wf_vec2){px / c->tw, py / c->th};
}

static int finite_point(wf_vec2 v) {
    return v.x - v.x == 0 && v.y - v.y == 0;
}

static wf_status too_far(const wf__tiled *c, const object *ob) {
    return wf__tiled_fail(c, WF_E_RANGE,
                          "%s: a point lies too far out (not a finite "
                          "number of tiles)",
                          ob->label);
}

static void put_point(wf__tiled *c, const object *ob, double dx, double dy) {
    const wf_vec2 v = to_world(c, ob, dx, dy);
    c->far |= !finite_point(v);
    if (c->out)
        c->out->outlines.points[c->points] = v;
    c->points++;
}

/* A point {"x", "y"} of a polyline (checked by point_list) in tiles. */
static wf_vec2 end_point(const wf__tiled *c, const object *ob,
                         const cJSON *p) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(p, "x");
    const cJSON *y = cJSON_GetObjectItemCaseSensitive(p, "y");
    return to_world(c, ob, x ? x->valuedouble : 0, y ? y->valuedouble : 0);
}

/* The point list of a polygon or polyline ({x, y} in the object's frame),
 * at least @p least of them; with @p put, each becomes an outline point. */
static wf_status point_list(wf__tiled *c, const object *ob, const char *key,
                            size_t least, int put, size_t *count) {
    const cJSON *arr, *p;
    wf_status s = wf__tiled_array(c, ob->json, key, ob->label, 1, &arr);
    *count = 0;
    if (s != WF_OK)
        return s;
    cJSON_ArrayForEach(p, arr) {
        double x, y;
        if (!cJSON_IsObject(p))
            return wf__tiled_fail(c, WF_E_PARSE,
                                  "%s: '%s' must hold points {\"x\", \"y\"}",
                                  ob->label, key);
        if ((s = wf__tiled_num(c, p, "x", ob->label, 0, &x)) != WF_OK ||
            (s = wf__tiled_num(c, p, "y", ob->label, 0, &y)) != WF_OK)
            return s;
        if (put)
            put_point(c, ob, x, y);
        ++*count;
    }
    if (*count < least)
        s = wf__tiled_fail(c, WF_E_PARSE,
                           "%s: %s needs at least %zu points, this one has "
                           "%zu",
                           ob->label, key, least, *count);
    return s;
}

/* An ellipse's polygon: corners on the ellipse for walkable ground (the
 * polygon lies inside it), on a polygon whose edges touch the ellipse for
 * an obstacle (the polygon holds it). */
static size_t ellipse(wf__tiled *c, const object *ob) {
    const int n = c->ellipse_points;
    const double rx = ob->w / 2, ry = ob->h / 2;
    const double out = ob->role == WF__ROLE_OBSTACLE ? 1 / cos(M_PI / n) : 1;
    const double half = ob->role == WF__ROLE_OBSTACLE ? M_PI / n : 0;
    for (int k = 0; k < n; k++) {
        const double a = 2 * M_PI * k / n + half;
        put_point(c, ob, rx + rx * out * cos(a), ry + ry * out * sin(a));
    }
    return (size_t)n;
}

/* A rectangle, polygon or ellipse as one outline of its role. */
static wf_status outline(wf__tiled *c, const object *ob, shape sh) {
    const size_t first = c->points;
    size_t n = 4;
    if (sh == SHAPE_POLYGON) {
        wf_status s = point_list(c, ob, "polygon", 3, 1, &n);
        if (s != WF_OK)
            return s;
    } else if (sh == SHAPE_ELLIPSE) {
        n = ellipse(c, ob);
    } else {
        put_point(c, ob, 0, 0);
        put_point(c, ob, ob->w, 0);
        put_point(c, ob, ob->w, ob->h);
        put_point(c, ob, 0, ob->h);
    }
    if (c->far)
        return too_far(c, ob);
    const char *name = wf__tiled_name(c, ob->label);
    if (c->out)
        c->out->outlines.outlines[c->outlines] = (wf_outline){
            c->out->outlines.points + first, n,
            ob->role == WF__ROLE_OBSTACLE ? WF_OUTLINE_OBSTACLE
                                          : WF_OUTLINE_WALKABLE,
            name};
    c->outlines++;
    c->walkables += ob->role == WF__ROLE_WALKABLE;
    return WF_OK;
}

/* A polyline of class "link": its ends, its cost and whether it is
 * two-way, from its properties. */
static wf_status link(wf__tiled *c, const object *ob) {
    size_t n;
    wf_status s = point_list(c, ob, "polyline", 2, 0, &n);
    if (s != WF_OK)
        return s;
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(ob->json, "polyline");
    const cJSON *last = pl->child;
    while (last->next)
        last = last->next;
    const wf_vec2 a = end_point(c, ob, pl->child), b = end_point(c, ob, last);
    if (!finite_point(a) || !finite_point(b))
        return too_far(c, ob);
    const cJSON *cost = wf__tiled_prop(ob->json, "cost");
    const cJSON *two = wf__tiled_prop(ob->json, "two_way");
    if (cost && (!cJSON_IsNumber(cost) || !(cost->valuedouble > 0) ||
                 !(cost->valuedouble - cost->valuedouble == 0)))
        return wf__tiled_fail(c, WF_E_RANGE,
                              "%s: property 'cost' must be a number above 0",
                              ob->label);
    if (two && !cJSON_IsBool(two))
        return wf__tiled_fail(c, WF_E_PARSE,
                              "%s: property 'two_way' must be a bool",
                              ob->label);
    const char *name = wf__tiled_name(c, ob->label);
    if (c->out)
        c->out->links[c->links] =
            (wf_tiled_link){a, b, cost ? cost->valuedouble : 0,
                            !two || cJSON_IsTrue(two), name};
    c->links++;
    return WF_OK;
}

/* "object 7 'rock' (layer 'walls'): a point cannot be an obstacle
 * (why)": WF_E_UNSUPPORTED for kinds of object this reader does not
 * read, WF_E_PARSE for a shape that cannot have the role. */
static wf_status refuse(const wf__tiled *c, const object *ob, shape sh,
                        wf_status s, const char *why) {
    static const char *const as[] = {"", "walkable ground", "an obstacle",
                                     "a link"};
    return wf__tiled_fail(c, s, "%s: %s cannot be %s (%s)", ob->label,
                          shape_names[sh], as[ob->role], why);
}

/* What an object with a role becomes, by its shape; @p own: the role is
 * its own, not its layer's. */
static wf_status by_shape(wf__tiled *c, const object *ob, shape sh, int own) {
    switch (sh) {
    case SHAPE_TEMPLATE:
        return refuse(c, ob, sh, WF_E_UNSUPPORTED,
                      "templates are not supported: detach it");
    case SHAPE_TILE:
        return refuse(c, ob, sh, WF_E_UNSUPPORTED,
                      "tile objects are not supported: draw a rectangle or "
                      "polygon");
    case SHAPE_POINT:
    case SHAPE_TEXT:
        /* markers in a layer of obstacles are not obstacles */
        return own ? refuse(c, ob, sh, WF_E_PARSE, "it has no area") : WF_OK;
    case SHAPE_POLYLINE:
        return ob->role == WF__ROLE_LINK
                   ? link(c, ob)
                   : refuse(c, ob, sh, WF_E_PARSE,
                            "it has no area; class 'link' makes it an "
                            "off-mesh link");
    default:
        return ob->role == WF__ROLE_LINK
                   ? refuse(c, ob, sh, WF_E_PARSE, "only a polyline can")
                   : outline(c, ob, sh);
    }
}

/* "object 7 'rock' (layer 'walls')", or without the name when it has
 * none. */
static wf_status label_of(const wf__tiled *c, object *ob,
                          const char *layer_label, size_t index) {
    long long id;
    const char *name;
    char q[WF__QUOTE_SIZE + 1] = "";
    snprintf(ob->label, sizeof ob->label, "object at index %zu (%s)", index,
             layer_label);
    wf_status s = wf__tiled_int(c, ob->json, "id", ob->label, 0, 0xFFFFFFFF,
                                0, -1, &id);
    if (s == WF_OK)
        s = wf__tiled_str(c, ob->json, "name", ob->label, &name);
    if (s != WF_OK)
        return s;
    if (name && *name) {
        q[0] = ' ';
        wf__tiled_quote(name, q + 1, sizeof q - 1);
    }
    if (id >= 0)
        snprintf(ob->label, sizeof ob->label, "object %lld%s (%s)", id, q,
                 layer_label);
    return WF_OK;
}

/* Position, size and rotation of an object, the layer's offset added. */
static wf_status frame(const wf__tiled *c, object *ob, wf_vec2 off) {
    double rot;
    wf_status s = wf__tiled_num(c, ob->json, "x", ob->label, 0, &ob->x);
    if (s == WF_OK)
        s = wf__tiled_num(c, ob->json, "y", ob->label, 0, &ob->y);
    if (s == WF_OK)
        s = wf__tiled_num(c, ob->json, "width", ob->label, 0, &ob->w);
    if (s == WF_OK)
        s = wf__tiled_num(c, ob->json, "height", ob->label, 0, &ob->h);
    if (s == WF_OK)
        s = wf__tiled_num(c, ob->json, "rotation", ob->label, 0, &rot);
    if (s != WF_OK)
        return s;
    ob->x += off.x;
    ob->y += off.y;
    turn(rot, &ob->cs, &ob->sn);
    return WF_OK;
}

wf_status wf__tiled_objects(wf__tiled *c, const cJSON *layer,
                            const char *layer_label, wf__role role,
                            wf_vec2 off) {
    const cJSON *objects, *o;
    wf_status s =
        wf__tiled_array(c, layer, "objects", layer_label, 1, &objects);
    size_t index = 0;
    if (s != WF_OK)
        return s;
    cJSON_ArrayForEach(o, objects) {
        object ob = {.json = o};
        if (!cJSON_IsObject(o))
            return wf__tiled_fail(c, WF_E_PARSE,
                                  "%s: 'objects' must hold objects",
                                  layer_label);
        wf__role own;
        if ((s = label_of(c, &ob, layer_label, index++)) != WF_OK ||
            (s = wf__tiled_role(c, o, 1, ob.label, &own)) != WF_OK)
            return s;
        ob.role = own ? own : role;
        if (!ob.role) /* not navigation data: not read further */
            continue;
        if ((s = frame(c, &ob, off)) != WF_OK ||
            (s = by_shape(c, &ob, shape_of(o), own != 0)) != WF_OK)
            return s;
    }
    return s;
}

void wf__tiled_bounds(wf__tiled *c) {
    const object ob = {.cs = 1, .role = WF__ROLE_WALKABLE,
                       .label = "the map's bounds",
                       .w = c->width * c->tw, .h = c->height * c->th};
    outline(c, &ob, SHAPE_RECT);
}
