/*
 * freedoko.c - FreeDoko files in the reading commands: the CLI's names for
 * what the library's reader (src/lib/reader.c) does with them: recognise
 * them by their content and make a rule set from their rule block.
 */
#include "cli.h"
#include "reader.h"

bool dk_cli_is_freedoko(const char *path, uint64_t max_size)
{
	return dk_reader_is_freedoko(path, max_size);
}

void dk_cli_rule_set_name(char *out, size_t size, const char *path, const char *suffix)
{
	dk_reader_rule_set_name(out, size, path, suffix);
}

int dk_cli_freedoko_ruleset(dk_ruleset *out, struct dk_fd_rule_map *map,
			    const struct dk_fd_rules *rules, const char *file,
			    const char *base, dk_diag *d)
{
	return dk_reader_freedoko_ruleset(out, map, rules, file, base,
					  dk_ruleset_default_dirs(), d);
}
