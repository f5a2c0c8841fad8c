/* The collision rule of plan.h, decided exactly: two squares moving in
 * straight lines at constant speed during one step overlap in their
 * interiors at some moment τ in [0, 1]. On each axis the gap between them
 * is linear in τ, so each axis allows an open interval of τ; the agents
 * collide when [0, 1] and both intervals meet. Bounds are fractions of
 * small integers, compared by cross-multiplying. */
#include <stdlib.h>

#include "wf_core_private.h"
#include "wayfind/plan.h"

typedef struct frac {
    long long n, d; /* d > 0 */
} frac;

static int less(frac a, frac b) { return a.n * b.d < b.n * a.d; }

/* The τ where lo < d0 + v τ < hi, as an open interval (*a, *b); 0 when
 * there is none. */
static int axis(long long d0, long long v, long long lo, long long hi,
                frac *a, frac *b) {
    if (v == 0) {
        if (!(lo < d0 && d0 < hi))
            return 0;
        *a = (frac){-1, 1};
        *b = (frac){2, 1};
    } else if (v > 0) {
        *a = (frac){lo - d0, v};
        *b = (frac){hi - d0, v};
    } else {
        *a = (frac){d0 - hi, -v};
        *b = (frac){d0 - lo, -v};
    }
    return 1;
}

int wf_team_collide(wf_point a0, wf_point a1, int ka, wf_point b0,
                    wf_point b1, int kb) {
    if (abs(a1.x - a0.x) > 1 || abs(a1.y - a0.y) > 1 ||
        abs(b1.x - b0.x) > 1 || abs(b1.y - b0.y) > 1 || ka < 1 || kb < 1)
        return 0;
    /* b's top-left minus a's: a covers [ax, ax + ka), b [bx, bx + kb), so
     * they overlap on an axis when -kb < bx - ax < ka */
    frac xa, xb, ya, yb;
    const long long dx = (long long)b0.x - a0.x, dy = (long long)b0.y - a0.y;
    const long long vx = (long long)(b1.x - b0.x) - (a1.x - a0.x);
    const long long vy = (long long)(b1.y - b0.y) - (a1.y - a0.y);
    if (!axis(dx, vx, -kb, ka, &xa, &xb) || !axis(dy, vy, -kb, ka, &ya, &yb))
        return 0;
    frac lo = {0, 1}, hi = {1, 1};
    if (less(lo, xa))
        lo = xa;
    if (less(lo, ya))
        lo = ya;
    if (less(xb, hi))
        hi = xb;
    if (less(yb, hi))
        hi = yb;
    return less(lo, hi);
}
