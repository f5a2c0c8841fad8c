/* Option parsing for every subcommand: each declares a table of its
 * options (cli_option) and cli_parse_options reads argv against it, so the
 * messages and exit codes of a bad option are the same everywhere. */
#include <getopt.h>
#include <string.h>

#include "cli.h"

/* getopt_long's value for table row i: clear of ':' and '?'. */
#define ROW_BASE 256

/* Whether a row's option is followed by a value. */
static int takes_value(const cli_option *o) {
    return o->kind != CLI_FLAG && o->kind != CLI_HELP &&
           !(o->kind == CLI_SEARCH && o->key == CLI_OPT_NEAREST);
}

/* One option's value into its target; 0, or -1 after printing why. */
static int apply(const char *cmd, const cli_option *o, const char *arg) {
    switch (o->kind) {
    case CLI_FLAG:
        *(int *)o->target = 1;
        return 0;
    case CLI_STRING:
        *(const char **)o->target = arg;
        return 0;
    case CLI_PNG:
        if (cli_need_png(cmd) != 0)
            return -1;
        *(const char **)o->target = arg;
        return 0;
    case CLI_INT:
        return cli_parse_int(cmd, o->name, arg, (long)o->lo, (long)o->hi,
                             (long *)o->target);
    case CLI_DOUBLE:
        return cli_parse_double(cmd, o->name, arg, o->lo, o->hi,
                                (double *)o->target);
    case CLI_POINT:
        return cli_parse_point(cmd, o->name, arg, (wf_point *)o->target);
    case CLI_SEED:
        return cli_parse_seed(cmd, arg, (uint64_t *)o->target);
    case CLI_SIZE: {
        int *wh = o->target;
        return cli_parse_size(cmd, arg, &wh[0], &wh[1]);
    }
    case CLI_FORMAT:
        return cli_parse_format(cmd, arg, (int *)o->target);
    case CLI_SEARCH:
        return cli_search_option(cmd, o->key, arg,
                                 (wf_search_opts *)o->target);
    case CLI_COST:
        return cli_costs_add(cmd, (cli_costs *)o->target, arg);
    case CLI_CUSTOM:
        return o->handler(cmd, o, arg);
    case CLI_HELP:
        break; /* handled by the caller: it ends the parse */
    }
    cli_error(cmd, "internal error: option --%s has no kind", o->name);
    return -1;
}

int cli_parse_options(const char *cmd, int argc, char **argv,
                      const cli_option *opts, int *code) {
    struct option longopts[CLI_MAX_OPTIONS + 1];
    size_t n = 0;
    for (; opts[n].name; n++) {
        if (n == CLI_MAX_OPTIONS) {
            cli_error(cmd, "internal error: more than %d options",
                      CLI_MAX_OPTIONS);
            *code = CLI_EXIT_USAGE;
            return -1;
        }
        longopts[n] = (struct option){
            opts[n].name,
            takes_value(&opts[n]) ? required_argument : no_argument,
            NULL, ROW_BASE + (int)n};
    }
    longopts[n] = (struct option){NULL, 0, NULL, 0};
    *code = CLI_EXIT_USAGE;
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        if (c < ROW_BASE || c >= ROW_BASE + (int)n) {
            /* ':' a value missing, '?' an option not in the table */
            const char *opt = argv[optind - 1];
            if (c == ':')
                cli_usage_error(cmd, "option '%s' needs a value", opt);
            else
                cli_usage_error(cmd, "unknown option '%s'", opt);
            return -1;
        }
        const cli_option *o = &opts[c - ROW_BASE];
        if (o->kind == CLI_HELP) {
            *code = cli_help(o->help);
            if (o->more)
                *code = cli_help(o->more);
            return -1;
        }
        if (apply(cmd, o, optarg) != 0)
            return -1;
        if (o->given)
            *o->given = 1;
    }
    *code = CLI_EXIT_OK;
    return optind;
}
