/* wayfind: the command-line program. One file per subcommand; this one
 * finds the subcommand and answers --help and --version. */
#include <errno.h>
#include <string.h>

#include "cli.h"

static const cli_command commands[] = {
    {"path", "find a path on a map between two cells", cli_path},
    {"scen", "answer a Moving AI scenario file and check optimality",
     cli_scen},
    {"demo", "route ships across a generated island world (make run)",
     cli_demo},
    {"gen", "generate a world: islands, caves, maze, rooms, noise", cli_gen},
    {"render", "draw a map (or a saved mesh) as a PNG or SVG picture or as text",
     cli_render},
    {"mesh", "build a map's navigation mesh and draw it (--svg)", cli_mesh},
    {"prep", "save a map's jump table (--prep) or hierarchy (--hierarchy)",
     cli_prep},
    {"graph", "find a path on a waypoint graph file", cli_graph},
    {"convert", "write the graph of a grid map", cli_convert},
    {"field", "compute a Dijkstra (or flee) map of a grid", cli_field},
    {"influence", "steer a path round a viewer's cone with influence maps",
     cli_influence},
    {"replan", "walk a path while a file of edits changes the map (D* Lite)",
     cli_replan},
    {"crowd", "plan many agents together without collisions (WHCA*, CBS)",
     cli_crowd},
    {"simulate", "move a crowd of discs through a scenario (ORCA)",
     cli_simulate},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f) {
    fputs("usage: " CLI_PROG " <command> [options]\n"
          "       " CLI_PROG " --help | --version\n\ncommands:\n", f);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fputs("\n'" CLI_PROG " <command> --help' describes a command.\n"
          "Exit status: 0 ok, 1 no path (or a scenario not optimal), 2 usage,\n"
          "3 bad input, 4 I/O error, out of memory or a thread that cannot start.\n"
          "A file a command writes (--out, --png, --svg) is replaced whole or not\n"
          "at all: a write that fails leaves the file as it was.\n", f);
}

/* The exit code once stdout is flushed: @p code when everything written
 * reached it, else CLI_EXIT_IO after saying why (a full disk, a closed
 * pipe's reader gone with SIGPIPE ignored). One place for every command. */
static int finish(int code) {
    /* stdio keeps no error code: when an earlier write failed (the flag
     * is set but the buffer went with it), errno is still the write's, as
     * cli_fail stays quiet about a failed stdout. */
    int err = errno;
    errno = 0;
    if (fflush(stdout) != 0)
        err = errno;
    else if (!ferror(stdout))
        return code;
    if (err)
        cli_error(NULL, "write error: %s", strerror(err));
    else
        cli_error(NULL, "write error");
    return CLI_EXIT_IO;
}

static int run(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
        strcmp(name, "help") == 0) {
        usage(stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0) {
        printf(CLI_PROG " %s\n", wf_version_string());
        return CLI_EXIT_OK;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    cli_error(NULL, "unknown command '%s'", name);
    usage(stderr);
    return CLI_EXIT_USAGE;
}

int main(int argc, char **argv) {
    return finish(run(argc, argv));
}
