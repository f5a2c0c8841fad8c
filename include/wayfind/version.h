/* wayfind — version numbers. */
#ifndef WAYFIND_VERSION_H
#define WAYFIND_VERSION_H

#define WF_VERSION_MAJOR 0
#define WF_VERSION_MINOR 1
#define WF_VERSION_PATCH 0

#define WF_STRINGIFY_(x) #x
#define WF_STRINGIFY(x) WF_STRINGIFY_(x)
/** "MAJOR.MINOR.PATCH" of the headers being compiled against. */
#define WF_VERSION_STRING                                                      \
    WF_STRINGIFY(WF_VERSION_MAJOR)                                             \
    "." WF_STRINGIFY(WF_VERSION_MINOR) "." WF_STRINGIFY(WF_VERSION_PATCH)

/** (MAJOR << 16) | (MINOR << 8) | PATCH, for numeric comparisons. */
#define WF_VERSION_HEX                                                         \
    ((WF_VERSION_MAJOR << 16) | (WF_VERSION_MINOR << 8) | WF_VERSION_PATCH)

#endif
