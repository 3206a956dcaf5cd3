/*
 * pieces.c - reading one XML file on several cores (pieces.h).
 */
#define _GNU_SOURCE  /* memmem */

#include "pieces.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arena.h"
#include "io.h"

#define MAX_PIECE_FACTOR 16  /* no session start in 16 pieces' length: stop */

enum { P_CUT, P_WORKING, P_DONE };

typedef struct pipeline {
	const char *path;
	uint64_t max_size;
	size_t piece_size;
	const dk_pieces_fns *fns;
	void *ud;

	pthread_mutex_t mu;
	pthread_cond_t cv_work, cv_done, cv_room;
	dk_piece **ring;             /* seq % cap */
	int *state;
	size_t cap;
	size_t cut;                  /* pieces cut so far */
	size_t next_work;            /* the next piece for a worker */
	size_t next_take;            /* the next piece for the taker */
	bool reader_done;            /* no more pieces will be cut */
	bool quit;
} pipeline;

/* ---- the reader thread ------------------------------------------------ */

static bool delim(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '>' || c == '/';
}

/* the start of a line opening a <session> in b[from, len), or 0 */
static size_t find_split(const char *b, size_t len, size_t from)
{
	while (from + 9 <= len) {
		const char *p = memmem(b + from, len - from, "<session", 8);
		if (!p)
			return 0;
		size_t at = (size_t)(p - b);
		if (at + 8 >= len)
			return 0;
		if (delim(b[at + 8])) {
			size_t ls = at;
			while (ls > 0 && (b[ls - 1] == ' ' || b[ls - 1] == '\t'))
				ls--;
			if (ls > 0 && b[ls - 1] == '\n')
				return ls;
		}
		from = at + 1;
	}
	return 0;
}

static size_t count_tags(const char *b, size_t len, const char *tag, size_t tlen)
{
	size_t n = 0;
	const char *p = b, *end = b + len;
	while ((p = memmem(p, (size_t)(end - p), tag, tlen)) != NULL) {
		if (p + tlen < end && delim(p[tlen]))
			n++;
		p += tlen;
	}
	return n;
}

static size_t count_lines(const char *b, size_t len)
{
	size_t n = 0;
	const char *p = b, *end = b + len;
	while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		n++;
		p++;
	}
	return n;
}

/* false if the file declares an encoding other than UTF-8 (or is UTF-16) */
static bool utf8_head(const char *b, size_t len)
{
	if (len >= 2 && ((unsigned char)b[0] == 0xFE || (unsigned char)b[0] == 0xFF ||
			 b[0] == '\0' || b[1] == '\0'))
		return false;
	if (len < 5 || memcmp(b, "<?xml", 5) != 0)
		return true;
	const char *end = memmem(b, len, "?>", 2);
	if (!end)
		return false;
	const char *enc = memmem(b, (size_t)(end - b), "encoding", 8);
	if (!enc)
		return true;
	const char *q = enc + 8;
	while (q < end && (*q == ' ' || *q == '=' || *q == '\t'))
		q++;
	if (q >= end || (*q != '"' && *q != '\''))
		return false;
	q++;
	return end - q >= 5 && strncasecmp(q, "utf-8", 5) == 0 && (q[5] == '"' || q[5] == '\'');
}

/* hand a piece on; false if the pipeline quits */
static bool put(pipeline *pl, dk_piece *p)
{
	pthread_mutex_lock(&pl->mu);
	while (!pl->quit && pl->cut - pl->next_take >= pl->cap)
		pthread_cond_wait(&pl->cv_room, &pl->mu);
	if (pl->quit) {
		pthread_mutex_unlock(&pl->mu);
		free(p->data);
		free(p);
		return false;
	}
	p->seq = pl->cut;
	pl->ring[p->seq % pl->cap] = p;
	pl->state[p->seq % pl->cap] = p->stop ? P_DONE : P_CUT;
	pl->cut++;
	if (p->stop || p->last)
		pl->reader_done = true;
	pthread_cond_broadcast(&pl->cv_work);
	pthread_cond_broadcast(&pl->cv_done);
	pthread_mutex_unlock(&pl->mu);
	return true;
}

static dk_piece *make_piece(const char *b, size_t len, bool first, bool last,
			    const dk_xml_origin *origin)
{
	dk_piece *p = dk_xcalloc(1, sizeof(*p));
	size_t pre = first ? 0 : strlen(DK_PIECE_ROOT);
	size_t post = last ? 0 : strlen(DK_PIECE_END);
	p->data = dk_xmalloc(pre + len + post + 1);
	memcpy(p->data, DK_PIECE_ROOT, pre);
	memcpy(p->data + pre, b, len);
	memcpy(p->data + pre + len, DK_PIECE_END, post);
	p->len = pre + len + post;
	p->data[p->len] = '\0';
	p->first = first;
	p->last = last;
	p->origin = *origin;
	return p;
}

static void stop_at(pipeline *pl, uint64_t offset, bool first, const dk_xml_origin *origin)
{
	dk_piece *p = dk_xcalloc(1, sizeof(*p));
	p->stop = true;
	p->offset = offset;
	p->first = first;
	p->origin = *origin;
	put(pl, p);
}

static void *reader_main(void *arg)
{
	pipeline *pl = arg;
	dk_xml_origin at = { 0, 0, 0 };
	uint64_t base = 0;
	bool first = true;
	char err[300];
	dk_input *in = NULL;
	if (dk_input_open(&in, pl->path, pl->max_size, err, sizeof(err)) != DK_IO_OK) {
		stop_at(pl, 0, true, &at);
		return NULL;
	}
	size_t cap = 2 * pl->piece_size, len = 0, searched = 0;
	char *buf = dk_xmalloc(cap);
	for (;;) {
		if (len == cap) {
			if (cap >= MAX_PIECE_FACTOR * pl->piece_size) {
				stop_at(pl, base, first, &at);   /* no session starts here */
				break;
			}
			cap *= 2;
			buf = dk_xrealloc(buf, cap);
		}
		ssize_t n = dk_input_read(in, buf + len, cap - len);
		if (n < 0) {
			stop_at(pl, base, first, &at);   /* the reading on one thread reports it */
			break;
		}
		if (first && len == 0 && n > 0 && !utf8_head(buf, (size_t)n)) {
			stop_at(pl, 0, true, &at);
			break;
		}
		if (n == 0) {
			dk_piece *p = make_piece(buf, len, first, true, &at);
			p->offset = base;
			p->source_offset = dk_input_source_offset(in);
			put(pl, p);
			break;
		}
		len += (size_t)n;
		bool quit = false;
		while (len >= pl->piece_size) {
			size_t from = searched > pl->piece_size ? searched : pl->piece_size;
			size_t cut = find_split(buf, len, from);
			if (!cut) {
				searched = len > 16 ? len - 16 : 0;
				break;
			}
			dk_piece *p = make_piece(buf, cut, first, false, &at);
			p->offset = base;
			p->source_offset = dk_input_source_offset(in);
			at.line += (uint32_t)count_lines(buf, cut);
			at.games += count_tags(buf, cut, "<game", 5);
			at.sessions += count_tags(buf, cut, "<session", 8);
			p->end = at;
			if (!put(pl, p)) {
				quit = true;
				break;
			}
			first = false;
			memmove(buf, buf + cut, len - cut);
			len -= cut;
			base += cut;
			searched = 0;
		}
		if (quit)
			break;
		pthread_mutex_lock(&pl->mu);
		quit = pl->quit;
		pthread_mutex_unlock(&pl->mu);
		if (quit)
			break;
	}
	free(buf);
	dk_input_free(in);
	pthread_mutex_lock(&pl->mu);
	pl->reader_done = true;
	pthread_cond_broadcast(&pl->cv_work);
	pthread_cond_broadcast(&pl->cv_done);
	pthread_mutex_unlock(&pl->mu);
	return NULL;
}

/* ---- the workers ---------------------------------------------------------- */

static void *worker_main(void *arg)
{
	pipeline *pl = arg;
	void *w = pl->fns->worker_new(pl->ud);
	pthread_mutex_lock(&pl->mu);
	for (;;) {
		while (!pl->quit && pl->next_work == pl->cut && !pl->reader_done)
			pthread_cond_wait(&pl->cv_work, &pl->mu);
		if (pl->quit || pl->next_work == pl->cut)
			break;
		size_t seq = pl->next_work++;
		dk_piece *p = pl->ring[seq % pl->cap];
		if (pl->state[seq % pl->cap] == P_DONE)
			continue;    /* a stop: nothing to do */
		pl->state[seq % pl->cap] = P_WORKING;
		pthread_mutex_unlock(&pl->mu);
		pl->fns->work(pl->ud, w, p);
		pthread_mutex_lock(&pl->mu);
		pl->state[seq % pl->cap] = P_DONE;
		pthread_cond_broadcast(&pl->cv_done);
	}
	pthread_mutex_unlock(&pl->mu);
	pl->fns->worker_free(pl->ud, w);
	return NULL;
}

/* ---- the taker -------------------------------------------------------------- */

bool dk_pieces_run(const char *path, uint64_t max_size, int jobs, size_t piece_size,
		   const dk_pieces_fns *fns, void *ud, dk_piece *from)
{
	pipeline pl;
	memset(&pl, 0, sizeof(pl));
	pl.path = path;
	pl.max_size = max_size;
	pl.piece_size = piece_size;
	pl.fns = fns;
	pl.ud = ud;
	pl.cap = 2 * (size_t)jobs + 2;
	pl.ring = dk_xcalloc(pl.cap, sizeof(pl.ring[0]));
	pl.state = dk_xcalloc(pl.cap, sizeof(pl.state[0]));
	pthread_mutex_init(&pl.mu, NULL);
	pthread_cond_init(&pl.cv_work, NULL);
	pthread_cond_init(&pl.cv_done, NULL);
	pthread_cond_init(&pl.cv_room, NULL);
	pthread_t reader;
	pthread_t *workers = dk_xcalloc((size_t)jobs, sizeof(pthread_t));
	int started = 0;
	bool complete = false;
	memset(from, 0, sizeof(*from));
	from->first = true;
	if (pthread_create(&reader, NULL, reader_main, &pl) != 0) {
		from->stop = true;
		goto out_noreader;
	}
	for (; started < jobs; started++)
		if (pthread_create(&workers[started], NULL, worker_main, &pl) != 0)
			break;
	pthread_mutex_lock(&pl.mu);
	if (started == 0) {
		/* no worker: read everything on this thread */
		pl.quit = true;
		pthread_cond_broadcast(&pl.cv_room);
		pthread_mutex_unlock(&pl.mu);
		goto out;
	}
	for (;;) {
		while (pl.next_take == pl.cut && !pl.reader_done)
			pthread_cond_wait(&pl.cv_done, &pl.mu);
		if (pl.next_take == pl.cut) {     /* the reader ended without a last piece */
			break;
		}
		while (pl.state[pl.next_take % pl.cap] != P_DONE)
			pthread_cond_wait(&pl.cv_done, &pl.mu);
		dk_piece *p = pl.ring[pl.next_take % pl.cap];
		pthread_mutex_unlock(&pl.mu);
		bool go_on = !p->stop && fns->take(ud, p);
		pthread_mutex_lock(&pl.mu);
		pl.ring[pl.next_take % pl.cap] = NULL;
		pl.next_take++;
		pthread_cond_broadcast(&pl.cv_room);
		if (!go_on) {
			from->offset = p->offset;
			from->first = p->first;
			from->origin = p->origin;
			from->stop = true;
			if (!p->stop && p->result)
				fns->discard(ud, p->result);
			free(p->data);
			free(p);
			break;
		}
		bool last = p->last;
		if (p->result)
			fns->discard(ud, p->result);   /* taken: what is left of it */
		free(p->data);
		free(p);
		if (last) {
			complete = true;
			break;
		}
	}
	pl.quit = true;
	pthread_cond_broadcast(&pl.cv_work);
	pthread_cond_broadcast(&pl.cv_room);
	pthread_mutex_unlock(&pl.mu);
out:
	for (int i = 0; i < started; i++)
		pthread_join(workers[i], NULL);
	pthread_join(reader, NULL);
	/* pieces cut but not taken */
	for (size_t s = pl.next_take; s < pl.cut; s++) {
		dk_piece *p = pl.ring[s % pl.cap];
		if (!p)
			continue;
		if (p->result)
			fns->discard(ud, p->result);
		free(p->data);
		free(p);
	}
	if (!complete && !from->stop)
		from->stop = true;   /* from: the file's start (nothing was taken) */
out_noreader:
	free(workers);
	free(pl.ring);
	free(pl.state);
	pthread_mutex_destroy(&pl.mu);
	pthread_cond_destroy(&pl.cv_work);
	pthread_cond_destroy(&pl.cv_done);
	pthread_cond_destroy(&pl.cv_room);
	return complete;
}

dk_input *dk_pieces_reopen(const char *path, uint64_t max_size, const dk_piece *from)
{
	char err[300];
	dk_input *in = NULL;
	if (dk_input_open(&in, path, max_size, err, sizeof(err)) != DK_IO_OK)
		return NULL;
	char block[65536];
	uint64_t left = from->offset;
	while (left) {
		size_t want = left < sizeof(block) ? (size_t)left : sizeof(block);
		ssize_t n = dk_input_read(in, block, want);
		if (n <= 0) {
			dk_input_free(in);
			return NULL;
		}
		left -= (uint64_t)n;
	}
	if (!from->first)
		dk_input_unread(in, DK_PIECE_ROOT, strlen(DK_PIECE_ROOT));
	return in;
}
