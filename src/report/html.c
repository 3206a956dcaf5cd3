/*
 * html.c - verdicts as one self-contained HTML page; see html.h.
 *
 * The static part (heading, hands, trick table, findings, score) is plain
 * HTML that says everything without a script.  The step-by-step view is
 * drawn by the inline script from a JSON block per game: the hands as
 * dealt, every card with its seat, trick and the card winning the trick
 * after it, the trick winners, what was said after which card, the
 * findings at their cards, and what the table could know of the parties
 * after each card (position.c).  Every word comes from the catalogue in
 * lang.c, so the page is English or German like the rest.
 *
 * The script also reads a fragment "#keys=l,l,f" on load and plays those
 * keys through its own key handler: the browser test steps through a page
 * that way (tests/html_chromium.sh).
 */
#include "html.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

#include "analysis.h"
#include "check_text.h"
#include "json_out.h"
#include "shown.h"
#include "view_words.h"
#include "position.h"
#include "ruling_text.h"
#include "verdict_text.h"

/* ---- escaping ----------------------------------------------------------- */

/* s[0..n) escaped */
static void put_html_n(dk_buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case '&': dk_buf_puts(b, "&amp;"); break;
		case '<': dk_buf_puts(b, "&lt;"); break;
		case '>': dk_buf_puts(b, "&gt;"); break;
		case '"': dk_buf_puts(b, "&quot;"); break;
		default: dk_buf_putc(b, s[i]); break;
		}
	}
}

static void put_html(dk_buf *b, const char *s)
{
	if (s)
		put_html_n(b, s, strlen(s));
}

/* ---- pieces ------------------------------------------------------------ */

static void put_card(dk_buf *b, dk_lang lang, dk_card c, const char *extra_class)
{
	dk_buf_printf(b, "<span class=\"card%s%s%s\">", dk_view_red(c) ? " red" : "",
		      extra_class ? " " : "", extra_class ? extra_class : "");
	put_html(b, dk_view_card(lang, c));
	dk_buf_puts(b, "</span>");
}

/* one finding's sentence, and its rule */
static void finding_text(dk_buf *b, dk_lang lang, const dk_verdict *v, int i, bool rule)
{
	const dk_finding *f = &v->rp.findings[i];
	dk_buf_printf(b, "%s", dk_view_finding_name(lang, f->code));
	if (f->trick) {
		dk_buf_puts(b, " (");
		dk_say(b, lang, DK_MSG_RP_AT_CARD, f->card);
		dk_buf_putc(b, ')');
	}
	dk_buf_puts(b, ": ");
	dk_text_finding(b, lang, f, v->game, &v->rp, v->rules);
	if (rule && f->rule_key) {
		dk_buf_puts(b, " \xe2\x80\x94 ");
		dk_text_rule_source(b, lang, f, v->rules);
	}
}

/* ---- the static part ----------------------------------------------------- */

static void hands_table(dk_buf *b, dk_lang lang, const dk_verdict *v,
			const dk_position *start)
{
	const dk_replay *rp = &v->rp;
	dk_buf_puts(b, "<table class=\"hands\">\n");
	for (int k = 0; k < DK_PLAYING_SEATS; k++) {
		int s = rp->seats[k];
		dk_buf_puts(b, "<tr><th>");
		put_html(b, dk_view_name(v->game, s));
		dk_buf_puts(b, "</th><td>");
		for (int i = 0; i < start->hand_n[s]; i++) {
			put_card(b, lang, start->hand[s][i], NULL);
			dk_buf_putc(b, ' ');
		}
		dk_buf_puts(b, "</td></tr>\n");
	}
	dk_buf_puts(b, "</table>\n");
}

static void trick_table(dk_buf *b, dk_lang lang, const dk_verdict *v, int gi)
{
	const dk_replay *rp = &v->rp;
	const dk_game *g = v->game;
	dk_buf_puts(b, "<table class=\"tricks\">\n<thead><tr><th>");
	dk_buf_puts(b, dk_msg_text(lang, DK_MSG_HT_TRICK));
	dk_buf_puts(b, "</th>");
	for (int k = 0; k < DK_PLAYING_SEATS; k++) {
		dk_buf_puts(b, "<th>");
		put_html(b, dk_view_name(g, rp->seats[k]));
		dk_buf_puts(b, "</th>");
	}
	dk_buf_printf(b, "<th>%s</th></tr></thead>\n<tbody>\n",
		      dk_msg_text(lang, DK_MSG_HT_WON_BY));
	int card = 0;
	size_t ev = 0;
	int tricks = rp->trick_count + (rp->trick_count < DK_MAX_TRICKS &&
					rp->tricks[rp->trick_count].count > 0);
	for (int t = 0; t < tricks; t++) {
		const dk_trick *tr = &rp->tricks[t];
		bool done = tr->count == 4 && t < rp->trick_count;
		dk_buf_printf(b, "<tr id=\"g%d-t%d\"><td class=\"num\">%d</td>", gi, t + 1, t + 1);
		for (int k = 0; k < DK_PLAYING_SEATS; k++) {
			int i = 0;
			while (i < tr->count && tr->seats[i] != rp->seats[k])
				i++;
			if (i == tr->count) {
				dk_buf_puts(b, "<td>-</td>");
				continue;
			}
			int number = card + i + 1;
			/* the findings at this card */
			int marks = 0;
			for (int f = 0; f < rp->finding_count; f++)
				if (rp->findings[f].card == number && rp->findings[f].trick)
					marks++;
			dk_buf_printf(b, "<td%s>%s", marks ? " class=\"bad\"" : "", i == 0 ? "&gt;" : "");
			put_card(b, lang, tr->cards[i], done && i == tr->winner_index ? "won" : NULL);
			if (done && i == tr->winner_index)
				dk_buf_puts(b, "*");
			for (int f = 0; f < rp->finding_count; f++)
				if (rp->findings[f].card == number && rp->findings[f].trick)
					dk_buf_printf(b, " <a class=\"mark\" href=\"#g%d-f%d\">[%d]</a>", gi,
						      f + 1, f + 1);
			dk_buf_puts(b, "</td>");
		}
		if (done) {
			dk_buf_puts(b, "<td>");
			put_html(b, dk_view_name(g, tr->winner));
			dk_buf_printf(b, " (%d)</td>", tr->points);
		} else {
			dk_buf_puts(b, "<td>-</td>");
		}
		dk_buf_puts(b, "</tr>\n");
		card += tr->count;
		/* what was said up to the last card of this trick (or after it) */
		dk_buf said;
		dk_buf_init(&said);
		int seen = 0;
		size_t j = 0;
		for (; j < g->event_count; j++) {
			if (g->events[j].kind == DK_EV_CARD) {
				if (seen == card && t + 1 < tricks)
					break;
				seen++;
				continue;
			}
			if (j < ev)
				continue;
			if (said.len)
				dk_buf_puts(&said, "; ");
			dk_view_event(&said, lang, g, &g->events[j]);
			dk_buf_puts(&said, " (");
			dk_say(&said, lang, DK_MSG_RP_AT_CARD, seen);
			dk_buf_putc(&said, ')');
		}
		ev = j;
		if (said.len) {
			dk_buf_puts(b, "<tr class=\"said\"><td></td><td colspan=\"5\">");
			put_html(b, said.data);
			dk_buf_puts(b, "</td></tr>\n");
		}
		dk_buf_release(&said);
	}
	dk_buf_puts(b, "</tbody>\n</table>\n");
	dk_buf_printf(b, "<p class=\"legend\">%s</p>\n", dk_msg_text(lang, DK_MSG_HT_LEAD_MARK));
}

/* the lines dk_text_at_finding wrote, one block each: the deeper ones
 * (the figures under a cost) set in */
static void at_finding(dk_buf *b, const char *text)
{
	for (const char *p = text; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		size_t lead = 0;
		while (lead < n && p[lead] == ' ')
			lead++;
		if (lead < n) {
			dk_buf_puts(b, lead > 6 ? "<div class=\"reclaim sub\">" : "<div class=\"reclaim\">");
			put_html_n(b, p + lead, n - lead);
			dk_buf_puts(b, "</div>");
		}
		p += n + (nl ? 1 : 0);
	}
}

static void findings_list(dk_buf *b, dk_lang lang, const dk_verdict *v, int gi)
{
	const dk_replay *rp = &v->rp;
	dk_buf_printf(b, "<h3>%s</h3>\n", dk_msg_text(lang, DK_MSG_HT_FINDINGS));
	if (rp->finding_count == 0) {
		dk_buf_printf(b, "<p class=\"none\">%s</p>\n", dk_msg_text(lang, DK_MSG_HT_NONE));
		return;
	}
	dk_buf_puts(b, "<ol class=\"findings\">\n");
	dk_buf t;
	dk_buf_init(&t);
	for (int i = 0; i < rp->finding_count; i++) {
		const dk_finding *f = &rp->findings[i];
		dk_buf_printf(b, "<li id=\"g%d-f%d\" data-card=\"%d\" class=\"%s\">", gi, i + 1,
			      f->card, f->kind == DK_FK_WARNING ? "warning" : "bad");
		dk_buf_clear(&t);
		finding_text(&t, lang, v, i, false);
		put_html(b, t.data);
		if (f->rule_key) {
			dk_buf_clear(&t);
			dk_text_rule_source(&t, lang, f, v->rules);
			dk_buf_puts(b, "<div class=\"rule\">");
			put_html(b, t.data);
			dk_buf_puts(b, "</div>");
		}
		/* what it changes, as check says it: when it could be seen, the
		 * objection, and stands or counts, had it been reclaimed */
		dk_buf_clear(&t);
		dk_text_at_finding(&t, lang, v, i, true, false);
		at_finding(b, t.data);
		dk_buf_puts(b, "</li>\n");
	}
	dk_buf_release(&t);
	dk_buf_puts(b, "</ol>\n");
}

static void score_part(dk_buf *b, dk_lang lang, const dk_verdict *v)
{
	dk_buf_printf(b, "<h3>%s</h3>\n", dk_msg_text(lang, DK_MSG_HT_SCORE));
	if (!v->scored) {
		dk_buf_printf(b, "<p>%s</p>\n", dk_msg_text(lang, DK_MSG_HT_NOT_SCORED));
		return;
	}
	dk_buf t;
	dk_buf_init(&t);
	dk_text_verdict_score(&t, lang, v);
	dk_buf_puts(b, "<pre class=\"score\">");
	put_html(b, t.data);
	dk_buf_puts(b, "</pre>\n");
	dk_buf_release(&t);
	if (v->in_session) {
		dk_buf_printf(b, "<p class=\"standings\">%s", dk_msg_text(lang, DK_MSG_HT_STANDINGS));
		int n = 0;
		for (int s = 1; s <= DK_MAX_SEATS; s++) {
			const dk_player *pl = dk_game_player_at(v->game, s);
			if (!pl)
				continue;
			dk_buf_puts(b, n++ ? ", " : " ");
			put_html(b, pl->name);
			dk_buf_printf(b, " %+ld", v->sg.total[s]);
		}
		dk_buf_puts(b, "</p>\n");
	}
}

/* ---- the data of the step-by-step view ------------------------------------ */

static void game_data(dk_buf *b, dk_lang lang, const dk_verdict *v, const dk_position *start,
		      const dk_dd_game *a)
{
	const dk_replay *rp = &v->rp;
	const dk_game *g = v->game;
	dk_buf_printf(b, "{\"total\":%d,\"seats\":[", rp->cards_played);
	for (int k = 0; k < DK_PLAYING_SEATS; k++) {
		int s = rp->seats[k];
		dk_buf_printf(b, "%s{\"seat\":%d,\"name\":", k ? "," : "", s);
		dk_json_put_script_string(b, dk_view_name(g, s));
		dk_buf_puts(b, ",\"party\":");
		dk_json_put_script_string(b, rp->party[s] ? dk_view_party(lang, rp->party[s]) : "");
		dk_buf_puts(b, ",\"hand\":[");
		for (int i = 0; i < start->hand_n[s]; i++) {
			dk_buf_puts(b, i ? "," : "");
			dk_json_put_script_string(b, dk_view_card(lang, start->hand[s][i]));
		}
		dk_buf_puts(b, "]}");
	}
	dk_buf_puts(b, "],\"cards\":[");
	int n = 0;
	for (int t = 0; t < DK_MAX_TRICKS && n < rp->cards_played; t++) {
		const dk_trick *tr = &rp->tricks[t];
		for (int i = 0; i < tr->count && n < rp->cards_played; i++, n++) {
			int best = dk_order_winner(&rp->order, tr->cards, i + 1, t + 1 == rp->hand_size);
			dk_buf_printf(b, "%s{\"s\":%d,\"c\":", n ? "," : "", tr->seats[i]);
			dk_json_put_script_string(b, dk_view_card(lang, tr->cards[i]));
			dk_buf_printf(b, ",\"t\":%d,\"b\":%d,\"r\":%s}", t + 1, best,
				      dk_view_red(tr->cards[i]) ? "true" : "false");
		}
	}
	dk_buf_puts(b, "],\"tricks\":[");
	for (int t = 0; t < rp->trick_count; t++)
		dk_buf_printf(b, "%s{\"w\":%d,\"p\":%d}", t ? "," : "", rp->tricks[t].winner,
			      rp->tricks[t].points);
	dk_buf_puts(b, "],\"events\":[");
	dk_buf t;
	dk_buf_init(&t);
	int cards = 0, k = 0;
	for (size_t i = 0; i < g->event_count; i++) {
		if (g->events[i].kind == DK_EV_CARD) {
			cards++;
			continue;
		}
		dk_buf_clear(&t);
		dk_view_event(&t, lang, g, &g->events[i]);
		dk_buf_printf(b, "%s{\"a\":%d,\"x\":", k++ ? "," : "", cards);
		dk_json_put_script_string(b, t.data);
		dk_buf_putc(b, '}');
	}
	dk_buf_puts(b, "],\"findings\":[");
	for (int i = 0; i < rp->finding_count; i++) {
		dk_buf_clear(&t);
		finding_text(&t, lang, v, i, true);
		dk_buf_printf(b, "%s{\"c\":%d,\"x\":", i ? "," : "", rp->findings[i].card);
		dk_json_put_script_string(b, t.data);
		dk_buf_putc(b, '}');
	}
	dk_buf_puts(b, "],\"known\":[");
	dk_position *p = dk_xcalloc(1, sizeof(*p));
	for (int c = 0; c <= rp->cards_played; c++) {
		dk_position_at(p, v, c);
		dk_buf_puts(b, c ? ",[" : "[");
		for (int q = 0; q < DK_PLAYING_SEATS; q++) {
			dk_party kp = p->known[rp->seats[q]];
			dk_buf_puts(b, q ? "," : "");
			dk_json_put_script_string(b, kp ? dk_view_party(lang, kp) : "?");
		}
		dk_buf_putc(b, ']');
	}
	free(p);
	if (a) {
		/* the analysis at every position, in its lines */
		dk_buf_puts(b, "],\"dd\":[");
		for (int c = 0; c <= rp->cards_played; c++) {
			dk_buf_clear(&t);
			dk_text_analysis_at(&t, lang, g, a, c);
			dk_buf_puts(b, c ? "," : "");
			dk_json_put_script_string(b, t.data);
		}
	}
	dk_buf_puts(b, "],\"score\":");
	dk_buf_clear(&t);
	dk_text_verdict_score(&t, lang, v);
	dk_json_put_script_string(b, t.data ? t.data : "");
	dk_buf_puts(b, "}");
	dk_buf_release(&t);
}

/* ---- the page ------------------------------------------------------------- */

void dk_html_init(dk_html *h, dk_lang lang, const char *title)
{
	memset(h, 0, sizeof(*h));
	h->lang = lang;
	h->title = title;
	dk_buf_init(&h->nav);
	dk_buf_init(&h->body);
}

void dk_html_release(dk_html *h)
{
	dk_buf_release(&h->nav);
	dk_buf_release(&h->body);
}

void dk_html_game(dk_html *h, const dk_verdict *v, const char *path, const dk_dd_game *a)
{
	dk_lang lang = h->lang;
	const dk_game *g = v->game;
	const dk_replay *rp = &v->rp;
	dk_buf *b = &h->body;
	int gi = (int)++h->games;
	dk_buf title;
	dk_buf_init(&title);
	/* the file's name with control characters as '?', as in the text:
	 * put_html escapes markup only, and the page may go to a terminal */
	char *keep;
	dk_say(&title, lang, DK_MSG_CK_GAME, dk_shown(path, &keep), g->index);
	free(keep);
	dk_buf_puts(&title, ": ");
	dk_text_game_type_in(&title, lang, g, rp);
	dk_say(&title, lang, DK_MSG_CK_RULES, v->rules->name);

	dk_buf_printf(&h->nav, "<li><a href=\"#g%d\">", gi);
	put_html(&h->nav, title.data);
	dk_buf_printf(&h->nav, "</a>%s</li>\n", v->errors ? " <span class=\"bad\">!</span>" : "");

	dk_buf_printf(b, "<section class=\"game\" id=\"g%d\" tabindex=\"-1\">\n<h2>", gi);
	put_html(b, title.data);
	dk_buf_puts(b, "</h2>\n");
	dk_buf_release(&title);
	dk_buf t;
	dk_buf_init(&t);
	/* the ruling first: who wins, the scores, why, the sheet */
	dk_text_ruling(&t, lang, v);
	dk_buf_puts(b, "<p class=\"ruling\"><strong>");
	put_html(b, t.data);
	dk_buf_puts(b, "</strong></p>\n<p class=\"parties\">");
	dk_buf_clear(&t);
	if (rp->type != DK_GT_THROWN_IN && rp->type != DK_GT_REDEAL) {
		dk_text_parties_in(&t, lang, g, rp);
		dk_say(&t, lang, DK_MSG_CK_CARD_POINTS, rp->points[DK_PARTY_RE],
		       rp->points[DK_PARTY_KONTRA]);
	}
	dk_buf_puts(&t, "; ");
	dk_buf_puts(&t, dk_msg_text(lang, DK_MSG_HT_DEALER));
	dk_buf_printf(&t, " %s", dk_view_name(g, g->deal.dealer));
	put_html(b, t.data);
	dk_buf_puts(b, "</p>\n");
	dk_buf_release(&t);

	dk_position *start = dk_xcalloc(1, sizeof(*start));
	dk_position_at(start, v, 0);
	/* the stepper, shown by the script */
	dk_buf_printf(b, "<div class=\"stepper\" hidden>\n<h3>%s</h3>\n<div class=\"controls\">",
		      dk_msg_text(lang, DK_MSG_HT_STEP));
	static const struct { const char *act; dk_msg label; } buttons[] = {
		{ "first", DK_MSG_HT_FIRST }, { "prev", DK_MSG_HT_PREV }, { "next", DK_MSG_HT_NEXT },
		{ "last", DK_MSG_HT_LAST }, { "prevf", DK_MSG_HT_PREV_FINDING },
		{ "nextf", DK_MSG_HT_NEXT_FINDING }, { "all", DK_MSG_HT_ALL_CARDS },
	};
	for (size_t i = 0; i < sizeof(buttons) / sizeof(buttons[0]); i++)
		dk_buf_printf(b, "<button type=\"button\" data-act=\"%s\">%s</button>", buttons[i].act,
			      dk_msg_text(lang, buttons[i].label));
	dk_buf_puts(b, " <span class=\"pos\"></span></div>\n"
		    "<div class=\"board\"><div class=\"seat top\"></div><div class=\"seat left\"></div>"
		    "<div class=\"trick\"></div><div class=\"seat right\"></div>"
		    "<div class=\"seat bottom\"></div></div>\n"
		    "<p class=\"taken\"></p><p class=\"said\"></p>");
	if (a) {
		h->analysed = true;
		dk_buf_puts(b, "<div class=\"dd\" style=\"margin:.4em 0;color:#024\"></div>");
	}
	dk_buf_puts(b, "<div class=\"now\"></div>\n</div>\n");
	dk_buf_printf(b, "<h3>%s</h3>\n", dk_msg_text(lang, DK_MSG_HT_HANDS));
	hands_table(b, lang, v, start);
	dk_buf_printf(b, "<h3>%s</h3>\n", dk_msg_text(lang, DK_MSG_HT_PLAY));
	trick_table(b, lang, v, gi);
	findings_list(b, lang, v, gi);
	score_part(b, lang, v);
	if (a) {
		dk_buf_printf(b, "<h3>%s</h3>\n<pre class=\"analysis\">",
			      dk_msg_text(lang, DK_MSG_HT_ANALYSIS));
		dk_buf at;
		dk_buf_init(&at);
		dk_text_analysis(&at, lang, g, a);
		put_html(b, at.data);
		dk_buf_puts(b, "</pre>\n");
		dk_buf_release(&at);
	}
	dk_buf_puts(b, "<script type=\"application/json\" class=\"data\">");
	game_data(b, lang, v, start, a);
	dk_buf_puts(b, "</script>\n</section>\n");
	free(start);
}

static const char css[] =
	"body{font-family:system-ui,sans-serif;margin:1.5em;max-width:70em;color:#111;background:#fff}"
	"h1{font-size:1.4em}h2{font-size:1.15em;border-top:2px solid #888;padding-top:.6em}"
	"h3{font-size:1em;margin-bottom:.3em}"
	".card{font-family:'DejaVu Sans Mono',monospace;white-space:nowrap}"
	".card.red{color:#b00}.card.won{font-weight:bold;text-decoration:underline}"
	"table{border-collapse:collapse}td,th{padding:.15em .6em;text-align:left}"
	"table.tricks td,table.tricks th{border-bottom:1px solid #ddd}"
	"td.num{text-align:right}td.bad{background:#fdd;outline:2px solid #b00}"
	"tr.said td{font-size:.9em;color:#444;font-style:italic}"
	"ol.findings li.bad{color:#900}.rule{color:#333;font-size:.9em;margin:.2em 0 .5em}"
	"pre.score{background:#f6f6f6;padding:.5em;overflow-x:auto}"
	".legend{font-size:.85em;color:#555}span.bad{color:#b00;font-weight:bold}"
	".stepper{border:1px solid #aaa;padding:.6em;margin:.6em 0;border-radius:4px}"
	".controls button{margin:0 .2em .3em 0}.pos{font-weight:bold;margin-left:.5em}"
	".board{display:grid;grid-template-columns:1fr 1fr 1fr;grid-template-areas:"
	"'. top .' 'left trick right' '. bottom .';gap:.4em;margin:.5em 0}"
	".top{grid-area:top}.left{grid-area:left}.right{grid-area:right}.bottom{grid-area:bottom}"
	".trick{grid-area:trick;text-align:center;border:1px dashed #aaa;padding:.4em}"
	".seat .name{font-weight:bold}.seat.turn .name:before{content:'> '}"
	".seat .knows{font-size:.85em;color:#555}.played{color:#888;font-size:.9em}"
	".reclaim{color:#333;font-size:.9em;margin:.2em 0}.reclaim.sub{margin-left:1.5em}"
	".now .bad{color:#900}.now .rule{margin-left:1.5em}"
	"@media print{.stepper{display:none}nav{display:none}body{margin:0}}"
	/* a phone (360 to 414 px): nothing wider than the screen, tables
	 * squeezed to fit rather than scrolled, buttons big enough to tap */
	"@media (max-width:40em){body{margin:.5em;overflow-wrap:anywhere}"
	"h1{font-size:1.15em}h2{font-size:1.05em}"
	"table{width:100%;table-layout:fixed}td,th{padding:.15em .15em;font-size:.88em}"
	"table.tricks th:first-child,table.tricks td:first-child{width:3em;overflow-wrap:normal}"
	"table.hands th{width:3.6em}table.hands td .card{white-space:normal}"
	"table.tricks td:last-child,table.tricks th:last-child{width:22%;overflow-wrap:anywhere}"
	"pre.score{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.85em}"
	".controls button{min-height:44px;min-width:44px;margin:0 .25em .35em 0}"
	".board{grid-template-columns:minmax(0,1fr) minmax(0,1fr) minmax(0,1fr);font-size:.9em}"
	".stepper{padding:.4em}}";

/* the script, a line at a time (C17 compilers need not take longer literals) */
static const char *const script[] = {
	"(function(){\n",
	"var L=JSON.parse(document.getElementById('dk-labels').textContent);\n",
	"function fmt(f,a){var i=0;return f.replace(/%(zu|ld|d|s)/g,function(){return String(a[i++]);});}\n",
	"function esc(s){return String(s).replace(/[&<>\"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','\"':'&quot;'}[c];});}\n",
	"function card(c,r,cls){return '<span class=\"card'+(r?' red':'')+(cls?' '+cls:'')+'\">'+esc(c)+'</span>';}\n",
	"function red(c){return c.indexOf('\\u2665')>=0||c.indexOf('\\u2666')>=0;}\n",
	"var games=[],active=null;\n",
	"document.querySelectorAll('section.game').forEach(function(sec){\n",
	" var D=JSON.parse(sec.querySelector('script.data').textContent);\n",
	" var st=sec.querySelector('.stepper');st.hidden=false;\n",
	" var G={sec:sec,n:0,all:false};games.push(G);if(!active)active=G;\n",
	" var pos=['bottom','left','top','right'];\n",
	" function render(){\n",
	"  var n=G.n,held=D.seats.map(function(s){return s.hand.slice();}),played=D.seats.map(function(){return [];});\n",
	"  var idx={};D.seats.forEach(function(s,k){idx[s.seat]=k;});\n",
	"  for(var i=0;i<n;i++){var c=D.cards[i],k=idx[c.s],h=held[k],j=h.indexOf(c.c);if(j>=0)h.splice(j,1);played[k].push(c.c);}\n",
	"  var tw={},tp={},pp={};D.seats.forEach(function(s){tw[s.seat]=0;tp[s.seat]=0;});\n",
	"  var end=0;for(var t=0;t<D.tricks.length;t++){var cnt=0;D.cards.forEach(function(c){if(c.t==t+1)cnt++;});end+=cnt;if(end>n)break;var w=D.tricks[t].w;tw[w]++;tp[w]+=D.tricks[t].p;var party=D.seats[idx[w]].party;pp[party]=(pp[party]||0)+D.tricks[t].p;}\n",
	"  var last=n?D.cards[n-1]:null,tcards=[];if(last)for(var i2=0;i2<n;i2++)if(D.cards[i2].t==last.t)tcards.push(D.cards[i2]);\n",
	"  var next=n<D.total?D.cards[n].s:0;\n",
	"  D.seats.forEach(function(s,k){var el=sec.querySelector('.seat.'+pos[k]);\n",
	"   var h='<div class=\"name\">'+esc(s.name)+(s.party?' \\u00b7 '+esc(s.party):'')+'</div><div class=\"knows\">'+esc(fmt(L.knows,[D.known[n][k]]))+'</div><div>';\n",
	"   held[k].forEach(function(c){h+=card(c,red(c))+' ';});h+='</div>';\n",
	"   if(G.all&&played[k].length){h+='<div class=\"played\">'+esc(L.played)+' ';played[k].forEach(function(c){h+=card(c,red(c))+' ';});h+='</div>';}\n",
	"   el.innerHTML=h;el.classList.toggle('turn',s.seat==next);});\n",
	"  var tr=sec.querySelector('.trick'),th='';\n",
	"  if(!last){th=esc(L.before);}else{var best=last.b;tcards.forEach(function(c,i){th+='<div>'+esc(D.seats[idx[c.s]].name)+': '+(i==0?'&gt;':'')+card(c.c,c.r,i==best?'won':'')+(i==best?'*':'')+'</div>';});\n",
	"   if(tcards.length==4&&D.tricks[last.t-1]){var T=D.tricks[last.t-1];th+='<div>'+esc(fmt(L.trickto,[last.t,D.seats[idx[T.w]].name,T.p]))+'</div>';}\n",
	"   else th+='<div>'+esc(fmt(L.winning,[D.seats[idx[tcards[best].s]].name]))+'</div>';}\n",
	"  tr.innerHTML=th;\n",
	"  sec.querySelector('.pos').textContent=n?fmt(L.position,[n,D.total,last.t]):L.before;\n",
	"  var tk=L.taken;D.seats.forEach(function(s){tk+=' '+s.name+' '+tw[s.seat]+'/'+tp[s.seat];});\n",
	"  tk+=' | '+L.re+' '+(pp[L.re]||0)+' : '+L.kontra+' '+(pp[L.kontra]||0);sec.querySelector('.taken').textContent=tk;\n",
	"  var sd=[];D.events.forEach(function(e){if(e.a<=n)sd.push(e.x+' ('+fmt(L.atcard,[e.a])+')');});\n",
	"  sec.querySelector('.said').textContent=L.said+' '+(sd.length?sd.join('; '):L.nothing);\n",
	"  var now='';D.findings.forEach(function(f){if(f.c<=n)now+='<div class=\"bad\">'+esc(f.x)+'</div>';});\n",
	"  if(!now)now='<div>'+esc(L.nofindings)+'</div>';\n",
	"  if(n==D.total&&D.score)now+='<pre class=\"score\">'+esc(D.score)+'</pre>';\n",
	"  sec.querySelector('.now').innerHTML=now;\n",
	NULL,                        /* here the analysis, when there is one */
	" }\n",
	" function ends(){var e=[],s=0;D.tricks.forEach(function(t,i){D.cards.forEach(function(c){if(c.t==i+1)s++;});e.push(s);});if(s<D.total)e.push(D.total);return e;}\n",
	" G.go=function(k){G.n=Math.max(0,Math.min(D.total,k));render();};\n",
	" G.act=function(a){var e=ends(),n=G.n,i;\n",
	"  if(a=='next')G.go(n+1);else if(a=='prev')G.go(n-1);else if(a=='first')G.go(0);else if(a=='last')G.go(D.total);\n",
	"  else if(a=='nextt'){for(i=0;i<e.length&&e[i]<=n;i++);G.go(i<e.length?e[i]:D.total);}\n",
	"  else if(a=='prevt'){var b=0;e.forEach(function(x){if(x<n)b=x;});G.go(b);}\n",
	"  else if(a=='nextf'){for(i=0;i<D.findings.length;i++)if(D.findings[i].c>n){G.go(D.findings[i].c);break;}}\n",
	"  else if(a=='prevf'){var b2=0;D.findings.forEach(function(f){if(f.c>0&&f.c<n)b2=f.c;});if(b2)G.go(b2);}\n",
	"  else if(a=='all'){G.all=!G.all;render();}};\n",
	" sec.querySelectorAll('button[data-act]').forEach(function(bt){bt.addEventListener('click',function(){active=G;G.act(bt.getAttribute('data-act'));});});\n",
	" sec.addEventListener('focusin',function(){active=G;});sec.addEventListener('click',function(){active=G;});\n",
	" render();\n",
	"});\n",
	"var keys={ArrowRight:'next',' ':'next',l:'next',n:'next',w:'next',Enter:'next',ArrowLeft:'prev',h:'prev',p:'prev',z:'prev',Backspace:'prev',",
	"ArrowDown:'nextt',j:'nextt',s:'nextt',PageDown:'nextt',ArrowUp:'prevt',k:'prevt',S:'prevt',PageUp:'prevt',Home:'first',g:'first','0':'first',",
	"End:'last',G:'last',e:'last',f:'nextf',v:'nextf',F:'prevf',V:'prevf',a:'all',A:'all'};\n",
	"document.addEventListener('keydown',function(ev){if(ev.ctrlKey||ev.altKey||ev.metaKey||!active)return;\n",
	" if(ev.target&&ev.target.tagName=='BUTTON'&&(ev.key==' '||ev.key=='Enter'))return;\n",
	" var a=keys[ev.key];if(a){ev.preventDefault();active.act(a);}});\n",
	"var m=/keys=([^&]*)/.exec(location.hash);var gm=/game=(\\d+)/.exec(location.hash);\n",
	"if(gm&&games[gm[1]-1])active=games[gm[1]-1];\n",
	"if(m)decodeURIComponent(m[1]).split(',').forEach(function(k){document.dispatchEvent(new KeyboardEvent('keydown',{key:k=='space'?' ':k}));});\n",
	"})();\n",
};

/* the analysis at the position shown, a line each; only on a page that
 * has one, so that a page without it stays as it was */
static const char analysis_script[] =
	"  var dd=sec.querySelector('.dd');if(dd&&D.dd)dd.innerHTML=D.dd[n].split('\\n')"
	".filter(function(x){return x;}).map(function(x){return '<div>'+esc(x)+'</div>';}).join('');\n";

void dk_html_finish(dk_html *h, dk_buf *out)
{
	dk_lang lang = h->lang;
	char *keep;
	const char *title = dk_shown(h->title, &keep);   /* a file's name: as in dk_html_game */
	dk_buf_printf(out, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"
		      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		      "<meta name=\"generator\" content=\"dokoref\">\n<title>", dk_lang_name(lang));
	put_html(out, title);
	dk_buf_printf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", css);
	put_html(out, title);
	free(keep);
	dk_buf_printf(out, "</h1>\n<nav><h3>%s</h3>\n<ol>\n%s</ol></nav>\n",
		      dk_msg_text(lang, DK_MSG_HT_GAMES), h->nav.data ? h->nav.data : "");
	dk_buf_puts(out, h->body.data ? h->body.data : "");
	/* the words of the script */
	dk_buf_puts(out, "<script type=\"application/json\" id=\"dk-labels\">{");
	static const struct { const char *key; dk_msg id; } labels[] = {
		{ "position", DK_MSG_RP_POSITION }, { "before", DK_MSG_RP_BEFORE },
		{ "winning", DK_MSG_RP_WINNING }, { "trickto", DK_MSG_RP_TRICK_TO },
		{ "taken", DK_MSG_RP_TAKEN }, { "knows", DK_MSG_RP_TABLE_KNOWS },
		{ "played", DK_MSG_RP_PLAYED }, { "said", DK_MSG_RP_SAID },
		{ "nothing", DK_MSG_RP_NOTHING_SAID }, { "atcard", DK_MSG_RP_AT_CARD },
		{ "nofindings", DK_MSG_RP_NO_FINDINGS }, { "re", DK_MSG_PARTY_RE },
		{ "kontra", DK_MSG_PARTY_KONTRA },
	};
	for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++) {
		dk_buf_printf(out, "%s\"%s\":", i ? "," : "", labels[i].key);
		dk_json_put_script_string(out, dk_msg_text(lang, labels[i].id));
	}
	dk_buf_puts(out, "}</script>\n<script>\n");
	for (size_t i = 0; i < sizeof(script) / sizeof(script[0]); i++)
		dk_buf_puts(out, script[i] ? script[i] : h->analysed ? analysis_script : "");
	dk_buf_puts(out, "</script>\n</body>\n</html>\n");
}
