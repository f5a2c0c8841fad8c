/* wayfind — symbol visibility. The library is built with hidden symbols
 * (-fvisibility=hidden); WF_API marks each function and object the public
 * headers declare, so the shared library exports those and nothing else. */
#ifndef WAYFIND_EXPORT_H
#define WAYFIND_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define WF_API __attribute__((visibility("default")))
#else
#define WF_API
#endif

#endif
