/* Status codes and version. */
#include "internal.h"

const char *wf_strerror(wf_status s) {
    switch (s) {
#define WF_STATUS_TEXT_(name, value, text)                                     \
    case WF_##name:                                                            \
        return text;
        WF_STATUS_MAP(WF_STATUS_TEXT_)
#undef WF_STATUS_TEXT_
    }
    return "unknown status";
}

const char *wf_status_name(wf_status s) {
    switch (s) {
#define WF_STATUS_NAME_(name, value, text)                                     \
    case WF_##name:                                                            \
        return #name;
        WF_STATUS_MAP(WF_STATUS_NAME_)
#undef WF_STATUS_NAME_
    }
    return "UNKNOWN";
}

const char *wf_version_string(void) { return WF_VERSION_STRING; }
