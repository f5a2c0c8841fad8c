/* wf_png_opts_default, the same whether or not PNG support is built in. */
#include <string.h>

#include "wayfind/render.h"

wf_png_opts wf_png_opts_default(void) {
    wf_png_opts o;
    memset(&o, 0, sizeof o);
    return o;
}
