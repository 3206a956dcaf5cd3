/*
 * foreign_text.c - another program's score against dokoref's, in words;
 * see foreign_text.h.
 */
#include "foreign_text.h"

#include "check_text.h"

static const char *party(dk_lang lang, int p)
{
	return dk_msg_text(lang, p == DK_PARTY_RE ? DK_MSG_PARTY_RE
				 : p == DK_PARTY_KONTRA ? DK_MSG_PARTY_KONTRA : DK_MSG_NOBODY);
}

void dk_text_notes(dk_buf *b, dk_lang lang, const dk_game *g)
{
	for (size_t i = 0; i < g->note_count; i++) {
		dk_buf_puts(b, "  ");
		dk_say(b, lang, DK_MSG_FD_NOTE, g->notes[i].text);
		dk_buf_putc(b, '\n');
	}
}

void dk_text_foreign(dk_buf *b, dk_lang lang, const dk_cmp *c, const dk_game *g)
{
	const dk_foreign_score *fs = g->foreign;
	const char *prog = fs->program;
	dk_buf_puts(b, "  ");
	if (!fs->has_summary) {
		dk_say(b, lang, DK_MSG_FD_HEAD_TRICKS, prog);
	} else {
		dk_say(b, lang, DK_MSG_FD_HEAD, prog, party(lang, fs->winner), fs->value);
		if (fs->bock > 1)
			dk_say(b, lang, DK_MSG_FD_BOCK, fs->bock);
	}
	if (c->count == 0) {
		dk_say(b, lang, DK_MSG_FD_SAME);
		dk_buf_putc(b, '\n');
		return;
	}
	dk_say(b, lang, c->count == 1 ? DK_MSG_FD_DIFF_ONE : DK_MSG_FD_DIFF_MANY, c->count);
	if (c->unexplained == 0)
		dk_say(b, lang, DK_MSG_FD_ALL_EXPLAINED);
	dk_buf_putc(b, '\n');
	for (int i = 0; i < c->count; i++) {
		const dk_cmp_diff *d = &c->diffs[i];
		dk_buf_puts(b, "    ");
		switch (d->kind) {
		case DK_CMP_WINNER:
			dk_say(b, lang, DK_MSG_FD_WINNER, party(lang, d->ours), prog,
			       party(lang, d->theirs));
			break;
		case DK_CMP_VALUE:
			dk_say(b, lang, DK_MSG_FD_VALUE, d->ours, prog, d->theirs);
			if (d->level > 1)
				dk_say(b, lang, DK_MSG_FD_BOCK, d->level);
			break;
		case DK_CMP_POINTS:
			dk_say(b, lang, DK_MSG_FD_POINTS, party(lang, d->party), d->ours, prog,
			       d->theirs);
			break;
		case DK_CMP_PARTY: {
			const dk_player *pl = dk_game_player_at(g, d->seat);
			dk_say(b, lang, DK_MSG_FD_PARTY, pl ? pl->name : "?", party(lang, d->ours),
			       prog, party(lang, d->theirs));
			break;
		}
		case DK_CMP_ONLY_THEIRS:
			dk_say(b, lang, DK_MSG_FD_ONLY_THEIRS, prog, d->name, party(lang, d->party),
			       d->theirs);
			break;
		case DK_CMP_ONLY_OURS: {
			dk_buf words;
			dk_buf_init(&words);
			dk_score_item it = { .kind = d->item, .party = d->party, .level = d->level };
			dk_text_score_item(&words, lang, &it);
			/* the words may end in a blank */
			while (words.len && words.data[words.len - 1] == ' ')
				words.data[--words.len] = '\0';
			dk_say(b, lang, DK_MSG_FD_ONLY_OURS, words.len ? words.data : "?",
			       party(lang, d->party), d->ours);
			dk_buf_release(&words);
			break;
		}
		case DK_CMP_TRICK: {
			const dk_player *a = dk_game_player_at(g, d->ours);
			const dk_player *t = dk_game_player_at(g, d->theirs);
			dk_say(b, lang, DK_MSG_FD_TRICK, d->level, a ? a->name : "?", prog,
			       t ? t->name : "?");
			break;
		}
		case DK_CMP_BOCK:
			dk_say(b, lang, DK_MSG_FD_BOCK_DIFF, d->ours, prog, d->theirs);
			break;
		case DK_CMP_KIND_COUNT:
			break;
		}
		if (d->option)
			dk_say(b, lang, DK_MSG_FD_OPTION, prog, d->option);
		dk_buf_putc(b, '\n');
	}
}
