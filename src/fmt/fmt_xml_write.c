/*
 * fmt_xml_write.c - the canonical form of the dokoref XML format.
 *
 * One fixed layout: two spaces of indentation, attributes in the order of
 * the schema, cards in their ASCII codes separated by single spaces, events
 * between cards written where they happened.  An event between two tricks
 * is written at the start of the later trick (at the end of the last trick
 * when no card follows it).  Because every choice is fixed, reading the
 * output and writing it again gives the same bytes.
 *
 * It writes into a dk_buf; where the bytes go is the caller's business.
 */
#include "fmt_xml.h"

#include <string.h>

static void indent(dk_buf *b, int depth)
{
	for (int i = 0; i < depth; i++)
		dk_buf_puts(b, "  ");
}

/* escape for text (attr = false) or a double-quoted attribute (attr = true) */
static void escaped(dk_buf *b, const char *s, bool attr)
{
	const char *run = s;
	for (; *s; s++) {
		const char *rep = NULL;
		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = attr ? "&quot;" : NULL; break;
		case '\t': rep = attr ? "&#9;" : NULL; break;
		case '\n': rep = attr ? "&#10;" : NULL; break;
		case '\r': rep = "&#13;"; break;
		default: break;
		}
		if (rep) {
			dk_buf_put(b, run, (size_t)(s - run));
			dk_buf_puts(b, rep);
			run = s + 1;
		}
	}
	dk_buf_put(b, run, (size_t)(s - run));
}

static void attr(dk_buf *b, const char *name, const char *value)
{
	if (!value)
		return;
	dk_buf_printf(b, " %s=\"", name);
	escaped(b, value, true);
	dk_buf_putc(b, '"');
}

static void attr_int(dk_buf *b, const char *name, long value)
{
	dk_buf_printf(b, " %s=\"%ld\"", name, value);
}

static void comments(dk_buf *b, const char *const *c, size_t n, int depth)
{
	for (size_t i = 0; i < n; i++) {
		indent(b, depth);
		dk_buf_printf(b, "<!--%s-->\n", c[i]);
	}
}

static void cards(dk_buf *b, const dk_card *c, int n)
{
	for (int i = 0; i < n; i++) {
		if (i)
			dk_buf_putc(b, ' ');
		dk_buf_puts(b, dk_card_code(c[i]));
	}
}

static void text_element(dk_buf *b, int depth, const char *name, const char *text)
{
	indent(b, depth);
	dk_buf_printf(b, "<%s>", name);
	escaped(b, text ? text : "", false);
	dk_buf_printf(b, "</%s>\n", name);
}

static void meta_attrs(dk_buf *b, const dk_meta *m)
{
	attr(b, "event", m->event);
	attr(b, "place", m->place);
	attr(b, "date", m->date);
	attr(b, "table", m->table);
}

static void notes(dk_buf *b, const dk_note *n, size_t count, int depth)
{
	for (size_t i = 0; i < count; i++)
		text_element(b, depth, "note", n[i].text);
}

static void rules(dk_buf *b, const dk_rules_ref *r, int depth)
{
	indent(b, depth);
	dk_buf_puts(b, "<rules");
	attr(b, "name", r->name);
	attr(b, "path", r->path);
	if (!r->override_count) {
		dk_buf_puts(b, "/>\n");
		return;
	}
	dk_buf_puts(b, ">\n");
	for (size_t i = 0; i < r->override_count; i++) {
		indent(b, depth + 1);
		dk_buf_puts(b, "<set");
		attr(b, "key", r->overrides[i].key);
		attr(b, "value", r->overrides[i].value);
		dk_buf_puts(b, "/>\n");
	}
	indent(b, depth);
	dk_buf_puts(b, "</rules>\n");
}

static void players(dk_buf *b, const dk_players *p, int depth)
{
	indent(b, depth);
	dk_buf_puts(b, "<players>\n");
	for (size_t i = 0; i < p->count; i++) {
		indent(b, depth + 1);
		dk_buf_puts(b, "<player");
		attr_int(b, "seat", p->items[i].seat);
		attr(b, "name", p->items[i].name);
		dk_buf_puts(b, "/>\n");
	}
	indent(b, depth);
	dk_buf_puts(b, "</players>\n");
}

static void deal(dk_buf *b, const dk_deal *d, bool exchange_unknown, int depth)
{
	indent(b, depth);
	dk_buf_puts(b, "<deal");
	attr_int(b, "dealer", d->dealer);
	if (exchange_unknown)
		dk_buf_puts(b, " exchange=\"unknown\"");
	dk_buf_puts(b, ">\n");
	for (int i = 0; i < d->hand_count; i++) {
		indent(b, depth + 1);
		dk_buf_printf(b, "<hand seat=\"%d\">", d->hands[i].seat);
		cards(b, d->hands[i].cards, d->hands[i].count);
		dk_buf_puts(b, "</hand>\n");
	}
	indent(b, depth);
	dk_buf_puts(b, "</deal>\n");
}

static void bid(dk_buf *b, const dk_bid *x, int depth)
{
	const char *name = dk_bid_kind_name(x->kind);
	indent(b, depth);
	dk_buf_printf(b, "<%s", name);
	attr_int(b, "seat", x->seat);
	switch (x->kind) {
	case DK_BID_SOLO:
		attr(b, "kind", dk_solo_kind_name(x->solo));
		if (x->call_count) {
			dk_buf_puts(b, " calls=\"");
			for (int i = 0; i < x->call_count; i++)
				dk_buf_printf(b, "%s%s", i ? " " : "", dk_call_name(x->calls[i]));
			dk_buf_putc(b, '"');
		}
		if (x->as != DK_SOLO_AS_UNSAID)
			attr(b, "as", dk_solo_as_name(x->as));
		break;
	case DK_BID_MARRIAGE:
		attr(b, "condition", dk_marriage_cond_name(x->condition));
		break;
	case DK_BID_THROW_IN:
		attr(b, "reason", dk_throw_reason_name(x->reason));
		break;
	case DK_BID_POVERTY_REPORT:
		if (x->trumps >= 0)
			attr_int(b, "trumps", x->trumps);
		break;
	default:
		break;
	}
	if (x->kind == DK_BID_POVERTY_PASS || x->kind == DK_BID_POVERTY_RETURN) {
		dk_buf_putc(b, '>');
		cards(b, x->cards, x->card_count);
		dk_buf_printf(b, "</%s>\n", name);
	} else if (x->kind == DK_BID_POVERTY_REPORT && x->text) {
		dk_buf_putc(b, '>');
		escaped(b, x->text, false);
		dk_buf_printf(b, "</%s>\n", name);
	} else {
		dk_buf_puts(b, "/>\n");
	}
}

static void event(dk_buf *b, const dk_event *e, int depth)
{
	indent(b, depth);
	switch (e->kind) {
	case DK_EV_CARD:
		dk_buf_printf(b, "<card seat=\"%d\">%s</card>\n", e->seat, dk_card_code(e->card));
		return;
	case DK_EV_ANNOUNCE:
		dk_buf_printf(b, "<announce seat=\"%d\" call=\"%s\"/>\n", e->seat,
			      dk_call_name(e->call));
		return;
	case DK_EV_WENDE_GENSCHER:
		dk_buf_printf(b, "<wende-genscher seat=\"%d\" partner=\"%d\"/>\n", e->seat,
			      e->partner);
		return;
	case DK_EV_OBJECTION:
		dk_buf_puts(b, "<objection");
		if (e->seat)
			attr_int(b, "seat", e->seat);
		if (e->text) {
			dk_buf_putc(b, '>');
			escaped(b, e->text, false);
			dk_buf_puts(b, "</objection>\n");
		} else {
			dk_buf_puts(b, "/>\n");
		}
		return;
	default:
		dk_buf_printf(b, "<%s seat=\"%d\"/>\n", dk_event_kind_name(e->kind), e->seat);
		return;
	}
}

/* true if a card event follows index i */
static bool card_follows(const dk_game *g, size_t i)
{
	for (size_t j = i; j < g->event_count; j++)
		if (g->events[j].kind == DK_EV_CARD)
			return true;
	return false;
}

static void play(dk_buf *b, const dk_game *g, int depth)
{
	indent(b, depth);
	if (g->event_count == 0) {
		dk_buf_puts(b, "<play/>\n");
		return;
	}
	dk_buf_puts(b, "<play>\n");
	int in_trick = 0;  /* cards of the open trick; -1 = no trick open */
	bool open = false;
	for (size_t i = 0; i < g->event_count; i++) {
		const dk_event *e = &g->events[i];
		/* a trick is complete after 4 cards; what follows opens the next
		 * one unless no card follows at all */
		if (open && in_trick == 4 && (e->kind == DK_EV_CARD || card_follows(g, i))) {
			indent(b, depth + 1);
			dk_buf_puts(b, "</trick>\n");
			open = false;
		}
		if (!open) {
			indent(b, depth + 1);
			dk_buf_puts(b, "<trick>\n");
			open = true;
			in_trick = 0;
		}
		event(b, e, depth + 2);
		if (e->kind == DK_EV_CARD)
			in_trick++;
	}
	indent(b, depth + 1);
	dk_buf_puts(b, "</trick>\n");
	indent(b, depth);
	dk_buf_puts(b, "</play>\n");
}

static void recorded(dk_buf *b, const dk_recorded *r, int depth)
{
	indent(b, depth);
	dk_buf_puts(b, "<recorded");
	if (r->winner_none)
		attr(b, "winner", "none");
	else if (r->winner != DK_PARTY_NONE)
		attr(b, "winner", dk_party_name(r->winner));
	if (r->has_value)
		attr_int(b, "value", r->value);
	if (r->re_points >= 0)
		attr_int(b, "re", r->re_points);
	if (r->kontra_points >= 0)
		attr_int(b, "kontra", r->kontra_points);
	if (!r->score_count && !r->total_count) {
		dk_buf_puts(b, "/>\n");
		return;
	}
	dk_buf_puts(b, ">\n");
	for (size_t i = 0; i < r->score_count; i++) {
		indent(b, depth + 1);
		dk_buf_printf(b, "<score seat=\"%d\" points=\"%ld\"/>\n", r->scores[i].seat,
			      r->scores[i].points);
	}
	for (size_t i = 0; i < r->total_count; i++) {
		indent(b, depth + 1);
		dk_buf_printf(b, "<total seat=\"%d\" points=\"%ld\"/>\n", r->totals[i].seat,
			      r->totals[i].points);
	}
	indent(b, depth);
	dk_buf_puts(b, "</recorded>\n");
}

void dk_xml_write_begin(dk_buf *b, const char *const *c, size_t count)
{
	dk_buf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	comments(b, c, count, 0);
	dk_buf_puts(b, "<dokoref version=\"1\">\n");
}

void dk_xml_write_end(dk_buf *b)
{
	dk_buf_puts(b, "</dokoref>\n");
}

void dk_xml_write_session_begin(dk_buf *b, const dk_session *s)
{
	comments(b, s->comments, s->comment_count, 1);
	dk_buf_puts(b, "  <session");
	meta_attrs(b, &s->meta);
	if (s->bock_pending >= 0)
		attr_int(b, "bock-pending", s->bock_pending);
	dk_buf_puts(b, ">\n");
	notes(b, s->notes, s->note_count, 2);
	if (s->has_rules)
		rules(b, &s->rules, 2);
	if (s->has_players)
		players(b, &s->players, 2);
}

void dk_xml_write_session_end(dk_buf *b)
{
	dk_buf_puts(b, "  </session>\n");
}

void dk_xml_write_game(dk_buf *b, const dk_game *g, int depth)
{
	comments(b, g->comments, g->comment_count, depth);
	indent(b, depth);
	dk_buf_puts(b, "<game");
	attr(b, "number", g->meta.number);
	attr(b, "round", g->meta.round);
	meta_attrs(b, &g->meta);
	dk_buf_puts(b, ">\n");
	notes(b, g->notes, g->note_count, depth + 1);
	if (g->has_rules)
		rules(b, &g->rules, depth + 1);
	if (g->has_players)
		players(b, &g->players, depth + 1);
	deal(b, &g->deal, g->exchange_unknown, depth + 1);
	if (g->has_bidding) {
		if (g->bid_count == 0) {
			indent(b, depth + 1);
			dk_buf_puts(b, "<bidding/>\n");
		} else {
			indent(b, depth + 1);
			dk_buf_puts(b, "<bidding>\n");
			for (size_t i = 0; i < g->bid_count; i++)
				bid(b, &g->bids[i], depth + 2);
			indent(b, depth + 1);
			dk_buf_puts(b, "</bidding>\n");
		}
	}
	if (g->has_play)
		play(b, g, depth + 1);
	if (g->recorded.present)
		recorded(b, &g->recorded, depth + 1);
	indent(b, depth);
	dk_buf_puts(b, "</game>\n");
}

void dk_xml_write_item(dk_buf *b, const dk_xml_reader *r, dk_read_item item, int *depth)
{
	switch (item) {
	case DK_READ_SESSION_START:
		dk_xml_write_session_begin(b, dk_xml_reader_session(r));
		*depth = 2;
		break;
	case DK_READ_SESSION_END:
		dk_xml_write_session_end(b);
		*depth = 1;
		break;
	case DK_READ_GAME:
		dk_xml_write_game(b, dk_xml_reader_game(r), *depth);
		break;
	case DK_READ_END:
	case DK_READ_ERROR:
		break;
	}
}
