/*
 * ruling_text.c - the ruling in words; see ruling_text.h.
 *
 * Only the order of the pieces is decided here; the words are lang.c's
 * (the DK_MSG_RU_ group), the names and figures the verdict's.
 */
#include "ruling_text.h"
#include "view_words.h"

#include <string.h>

static const char *name_of(const dk_game *g, int seat)
{
	const dk_player *p = dk_game_player_at(g, seat);
	return p ? p->name : "?";
}

static const char *party_words(dk_lang lang, dk_party p)
{
	return dk_msg_text(lang, p == DK_PARTY_RE ? DK_MSG_PARTY_RE : DK_MSG_PARTY_KONTRA);
}

/* "the revoke by Norbert in trick 6" */
static void finding_words(dk_buf *b, dk_lang lang, const dk_verdict *v, int i)
{
	const dk_finding *f = &v->rp.findings[i];
	dk_say(b, lang, DK_MSG_RU_FINDING, dk_view_finding_name(lang, f->code), name_of(v->game, f->seat),
	       f->trick);
}

static dk_msg class_msg(dk_penalty_class c)
{
	switch (c) {
	case DK_PC_IRRELEVANT:
		return DK_MSG_RU_CLASS_IRRELEVANT;
	case DK_PC_MINOR:
		return DK_MSG_RU_CLASS_MINOR;
	case DK_PC_SERIOUS:
		return DK_MSG_RU_CLASS_SERIOUS;
	case DK_PC_DECIDED:
		return DK_MSG_RU_CLASS_DECIDED;
	default:
		return DK_MSG_RU_CLASS_FORFEIT;
	}
}

/* the section a source cites: its text up to the first ':' ("TSR 9.6.3",
 * "§6", "Wertungen"), or the whole cite when it has none */
static void section(dk_buf *b, const dk_rule_source *src)
{
	if (!src || !src->cite || !*src->cite)
		return;
	const char *colon = strchr(src->cite, ':');
	size_t n = colon ? (size_t)(colon - src->cite) : strlen(src->cite);
	dk_buf_put(b, src->cite, n);
}

/* the penalties that count after the first, each reclaimed after one
 * that let the game go on (TSR 9.6.6) */
static void also(dk_buf *b, dk_lang lang, const dk_verdict *v)
{
	for (int i = 0; i < v->rp.finding_count; i++) {
		if (!v->counts[i] || &v->penalties[i] == v->objected)
			continue;
		dk_buf what;
		dk_buf_init(&what);
		finding_words(&what, lang, v, i);
		dk_say(b, lang, DK_MSG_RU_ALSO, what.data ? what.data : "",
		       dk_msg_text(lang, class_msg(v->penalties[i].cls)));
		dk_buf_release(&what);
	}
}

void dk_text_ruling_reason(dk_buf *b, dk_lang lang, const dk_verdict *v)
{
	const dk_ruling *ru = &v->ruling;
	dk_buf what;
	dk_buf_init(&what);
	if (ru->finding >= 0)
		finding_words(&what, lang, v, ru->finding);
	const char *w = what.data ? what.data : "";
	switch (ru->basis) {
	case DK_RB_AS_PLAYED:
		dk_say(b, lang, DK_MSG_RU_WHY_AS_PLAYED);
		break;
	case DK_RB_NOT_RECLAIMED:
		dk_say(b, lang, ru->objection == DK_OBJ_LATE	  ? DK_MSG_RU_WHY_LATE
				: ru->objection == DK_OBJ_INVALID ? DK_MSG_RU_WHY_INVALID
								  : DK_MSG_RU_WHY_NOT_RECLAIMED, w);
		break;
	case DK_RB_PENALTY:
		dk_say(b, lang, DK_MSG_RU_WHY_PENALTY, w,
		       dk_msg_text(lang, class_msg(ru->penalty ? ru->penalty->cls : DK_PC_NONE)));
		also(b, lang, v);
		break;
	case DK_RB_HOUSE_PENALTY:
		dk_say(b, lang, DK_MSG_RU_WHY_HOUSE, w);
		break;
	case DK_RB_NOT_COUNTED:
		dk_say(b, lang, DK_MSG_RU_WHY_NOT_COUNTED);
		break;
	case DK_RB_CANNOT_RULE:
		if (ru->missing == DK_RM_CLASS)
			dk_say(b, lang, DK_MSG_RU_WHY_NO_CLASS, w);
		else
			dk_say(b, lang, DK_MSG_RU_WHY_NO_PLAY, v->rp.cards_played,
			       v->rp.hand_size * DK_PLAYING_SEATS);
		break;
	default:
		break;
	}
	dk_buf_release(&what);
}

void dk_text_ruling_rule(dk_buf *b, const dk_verdict *v)
{
	const dk_ruling *ru = &v->ruling;
	if (!ru->rule_key)
		return;
	dk_buf_puts(b, ru->rule_key);
	if (ru->rule && ru->rule->cite && *ru->rule->cite) {
		dk_buf_puts(b, ", ");
		section(b, ru->rule);
	}
}

void dk_text_ruling_outcome(dk_buf *b, dk_lang lang, const dk_verdict *v)
{
	const dk_ruling *ru = &v->ruling;
	if (ru->basis == DK_RB_NOT_COUNTED) {
		dk_say(b, lang, DK_MSG_RU_NOT_COUNTED);
		return;
	}
	if (!ru->scored) {
		dk_say(b, lang, DK_MSG_RU_NONE);
		return;
	}
	if (ru->game_void && ru->winner == DK_PARTY_NONE)
		dk_say(b, lang, DK_MSG_RU_VOID);
	else if (ru->winner == DK_PARTY_NONE)
		dk_say(b, lang, DK_MSG_RU_NO_WINNER);
	else
		dk_say(b, lang, DK_MSG_RU_WINS, party_words(lang, ru->winner),
		       ru->value < 0 ? -ru->value : ru->value);
	/* the score is the value times the session's Bock */
	if (v->bock_applies && v->sg.multiplier != 1)
		dk_say(b, lang, DK_MSG_RU_BOCK, v->sg.multiplier);
	dk_buf_puts(b, " —");
	for (int k = 0; k < DK_PLAYING_SEATS; k++) {
		int seat = v->rp.seats[k];
		dk_buf_printf(b, "%s %s %+ld", k ? "," : "", name_of(v->game, seat), ru->score[seat]);
	}
}

/* "Re 3", "Kontra", "nobody 0": a result as a sheet writes it (value -1:
 * none written, winner_given false: no winner written) */
static void sheet_result(dk_buf *b, dk_lang lang, dk_party winner, bool winner_given, long value)
{
	if (winner_given)
		dk_buf_puts(b, dk_msg_text(lang, winner == DK_PARTY_RE ? DK_MSG_PARTY_RE
					   : winner == DK_PARTY_KONTRA ? DK_MSG_PARTY_KONTRA
					   : DK_MSG_NOBODY));
	if (value >= 0)
		dk_buf_printf(b, "%s%ld", winner_given ? " " : "", value);
}

void dk_text_ruling_sheet(dk_buf *b, dk_lang lang, const dk_verdict *v)
{
	const dk_ruling *ru = &v->ruling;
	if (!ru->sheet_compared)
		return;
	if (ru->sheet_ok) {
		dk_say(b, lang, DK_MSG_RU_SHEET_RIGHT);
		return;
	}
	const dk_recorded *rec = &v->game->recorded;
	if (ru->sheet_winner_wrong || ru->sheet_value_wrong) {
		/* the sheet's result against the ruling's, as a sheet says it */
		dk_buf says, is;
		dk_buf_init(&says);
		dk_buf_init(&is);
		sheet_result(&says, lang, rec->winner_none ? DK_PARTY_NONE : rec->winner,
			     rec->winner != DK_PARTY_NONE || rec->winner_none,
			     rec->has_value ? rec->value : -1);
		sheet_result(&is, lang, ru->winner, true, rec->has_value ? ru->sheet_value : -1);
		dk_say(b, lang, DK_MSG_RU_SHEET_SAYS, says.data, is.data);
		dk_buf_release(&says);
		dk_buf_release(&is);
		if (!(v->recorded_compared && v->recorded_wrong))
			return;
		dk_buf_puts(b, "; ");
		dk_say(b, lang, DK_MSG_RU_SHEET_CORRECT);
	} else {
		dk_say(b, lang, DK_MSG_RU_SHEET_WRONG);
	}
	for (size_t i = 0; i < rec->score_count; i++) {
		int seat = rec->scores[i].seat;
		dk_buf_printf(b, "%s %s %+ld", i ? "," : "", name_of(v->game, seat),
			      ru->correction[seat]);
	}
}

void dk_text_ruling(dk_buf *b, dk_lang lang, const dk_verdict *v)
{
	const dk_ruling *ru = &v->ruling;
	dk_say(b, lang, DK_MSG_RU_LABEL);
	dk_text_ruling_outcome(b, lang, v);
	/* a game without anything to rule on needs no reason in the line */
	if (ru->basis != DK_RB_AS_PLAYED) {
		dk_buf_puts(b, "; ");
		dk_text_ruling_reason(b, lang, v);
	}
	if (ru->rule_key) {
		dk_buf_puts(b, " (");
		dk_text_ruling_rule(b, v);
		dk_buf_putc(b, ')');
	}
	if (ru->table_may_agree) {
		dk_buf_puts(b, "; ");
		dk_say(b, lang, DK_MSG_RU_TABLE_MAY_AGREE);
	}
	if (ru->sheet_compared) {
		dk_buf_puts(b, "; ");
		dk_text_ruling_sheet(b, lang, v);
	}
}

void dk_text_ruling_at(dk_buf *b, dk_lang lang, const dk_verdict *v, int i)
{
	const dk_penalty *p = &v->penalties[i];
	const dk_rules *r = v->rules;
	dk_buf sec;
	dk_buf_init(&sec);
	if (p->stands) {
		dk_buf_puts(&sec, "penalty.revoke_reclaim_deadline none");
		dk_say(b, lang, DK_MSG_RU_F_HOUSE, sec.data);
	} else if (v->objection[i] == DK_OBJ_IN_TIME && v->counts[i]) {
		/* the first punished, or one after it that counts too (TSR 9.6.6) */
		dk_say(b, lang, v->objected == p ? DK_MSG_RU_F_COUNTS : DK_MSG_RU_F_COUNTS_TOO);
	} else if (v->objection[i] == DK_OBJ_IN_TIME && v->objected) {
		/* TSR 9.6.6: another one reclaimed first (or with it, committed
		 * first) is the one punished, and it ended the game */
		int k = v->counts_last >= 0 ? v->counts_last : (int)(v->objected - v->penalties);
		const dk_penalty *q = &v->penalties[k];
		dk_buf other;
		dk_buf_init(&other);
		finding_words(&other, lang, v, k);
		bool together = q->objected && q->objection_seq == p->objection_seq;
		dk_say(b, lang, together ? DK_MSG_RU_F_TOGETHER : DK_MSG_RU_F_NOT_FIRST,
		       other.data ? other.data : "");
		dk_say(b, lang, DK_MSG_RU_F_ALONE);
		dk_buf_release(&other);
	} else if (v->objection[i] == DK_OBJ_IN_TIME) {
		/* (not assessed, or of no class that has points) */
		dk_say(b, lang, DK_MSG_RU_F_COUNTS);
	} else {
		/* the key the deadline rests on: a revoke's own, else until when
		 * a late objection could have come, else from when (at once) */
		const char *key = "penalty.reclaim_from";
		const dk_rule_source *src = &r->penalty_reclaim_from_src;
		if (v->rp.findings[i].code == DK_F_REVOKE) {
			key = "penalty.revoke_reclaim_deadline";
			src = &r->penalty_revoke_reclaim_deadline_src;
		} else if (v->objection[i] == DK_OBJ_LATE) {
			key = "penalty.reclaim_until";
			src = &r->penalty_reclaim_until_src;
		}
		section(&sec, src);
		if (!sec.data)
			dk_buf_puts(&sec, key);
		dk_say(b, lang, v->objection[i] == DK_OBJ_LATE ? DK_MSG_RU_F_LATE : DK_MSG_RU_F_STANDS,
		       sec.data);
		dk_say(b, lang, DK_MSG_RU_F_HAD);
	}
	dk_buf_release(&sec);
}

/* characters of s[0..n): UTF-8 lead bytes */
static size_t chars(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

/* one line (without its newline) broken at spaces */
static void wrap_line(dk_buf *out, const char *s, size_t n, int width)
{
	size_t indent = 0;
	while (indent < n && s[indent] == ' ')
		indent++;
	size_t cont = indent + 4;
	size_t start = 0, col_base = 0;   /* col_base: indent already written */
	while (start < n) {
		size_t room = (size_t)width > col_base ? (size_t)width - col_base : 1;
		/* the longest piece from start that fits, ending before a space */
		size_t end, best = 0;
		bool fits_all = chars(s + start, n - start) <= room;
		if (fits_all) {
			best = n;
		} else {
			/* never break inside the line's own indent */
			size_t from = start == 0 ? indent : start;
			for (end = from + 1; end < n; end++) {
				if (s[end] != ' ')
					continue;
				if (chars(s + start, end - start) > room)
					break;
				best = end;
			}
			if (!best) {   /* no space in reach: break at the next one */
				for (end = from + 1; end < n && s[end] != ' '; end++)
					;
				best = end;
			}
		}
		dk_buf_put(out, s + start, best - start);
		start = best;
		while (start < n && s[start] == ' ')
			start++;
		if (start < n) {
			dk_buf_putc(out, '\n');
			for (size_t k = 0; k < cont; k++)
				dk_buf_putc(out, ' ');
			col_base = cont;
		}
	}
}

void dk_text_wrap(dk_buf *out, const char *text, size_t len, int width)
{
	size_t i = 0;
	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : len - i;
		if (width <= 0 || chars(text + i, n) <= (size_t)width)
			dk_buf_put(out, text + i, n);
		else
			wrap_line(out, text + i, n, width);
		if (nl)
			dk_buf_putc(out, '\n');
		i += n + (nl ? 1 : 0);
	}
}
