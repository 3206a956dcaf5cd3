/*
 * main.c - the command table and the top-level options.
 *
 * main() only sets up the streams and libxml2 and hands over to
 * dk_cli_main, which tests call in-process.
 */
#include <stdio.h>
#include <string.h>

#include <libxml/xmlversion.h>
#include <yaml.h>
#include <zlib.h>

#include "cli.h"

#ifndef DOKOREF_VERSION
#define DOKOREF_VERSION "unknown"
#endif

static const dk_command *const commands[] = {
	&dk_cmd_check,
	&dk_cmd_validate,
	&dk_cmd_show,
	&dk_cmd_replay,
	&dk_cmd_convert,
	&dk_cmd_rules,
	&dk_cmd_audit,
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void print_help(dk_cli *cli)
{
	fputs("usage: dokoref [--help] [--version] <command> [<args>]\n"
	      "\n"
	      "dokoref settles Doppelkopf disputes: it reads recorded games and checks\n"
	      "them under a chosen rule set.\n"
	      "\n"
	      "Commands:\n", cli->out);
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(cli->out, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
	fputs("\n"
	      "'dokoref <command> --help' or 'dokoref help <command>' tells more about a\n"
	      "command.  Records are XML files (see dokoref-xml(5)), plain or gzip, games\n"
	      "typed in the dokoref notation (dokoref-notation(5)), or FreeDoko bug\n"
	      "reports and --debug logs, recognised by their content, also on standard\n"
	      "input ('-').\n"
	      "\n"
	      "Exit status: 0 all good, 1 findings, 2 usage error, 3 invalid input,\n"
	      "4 I/O or system error.  Rule sets are looked up by name in\n"
	      "$DOKOREF_RULES_PATH and then in the installed rule set directory.\n", cli->out);
}

static void print_version(dk_cli *cli)
{
	fprintf(cli->out, "dokoref %s\n", DOKOREF_VERSION);
	fprintf(cli->out, "libxml2 %s, zlib %s, libyaml %s\n", LIBXML_DOTTED_VERSION,
		zlibVersion(), yaml_get_version_string());
}

static const dk_command *find_command(const char *name)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

int dk_cli_main(dk_cli *cli, int argc, char **argv)
{
	if (argc < 2) {
		print_help(cli);
		return DK_EXIT_USAGE;
	}
	const char *arg = argv[1];
	if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
		print_help(cli);
		return DK_EXIT_OK;
	}
	if (strcmp(arg, "--version") == 0) {
		print_version(cli);
		return DK_EXIT_OK;
	}
	if (strcmp(arg, "help") == 0) {
		if (argc < 3) {
			print_help(cli);
			return DK_EXIT_OK;
		}
		const dk_command *cmd = find_command(argv[2]);
		if (!cmd)
			return dk_cli_usage_error(cli, NULL, "'%s' is not a command", argv[2]);
		dk_cli_print_usage(cli, cmd);
		return DK_EXIT_OK;
	}
	const dk_command *cmd = find_command(arg);
	if (!cmd) {
		if (arg[0] == '-')
			return dk_cli_usage_error(cli, NULL, "unknown option '%s'", arg);
		return dk_cli_usage_error(cli, NULL, "'%s' is not a command", arg);
	}
	int rc = cmd->run(cli, argc - 1, argv + 1);
	dk_cli_said_end(cli);  /* what a command left uncounted */
	return rc;
}

#ifndef DK_CLI_NO_MAIN
int main(int argc, char **argv)
{
	dk_cli cli = { stdout, stderr, false, false, 0, 0 };
	cli.err_color = dk_cli_want_color(stderr, "auto");
	dk_xml_global_init();
	int rc = dk_cli_main(&cli, argc, argv);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "dokoref: error writing to standard output\n");
		if (rc < DK_EXIT_SYSTEM)
			rc = DK_EXIT_SYSTEM;
	}
	return rc;
}
#endif
