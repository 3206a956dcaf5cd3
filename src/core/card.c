/*
 * card.c - card notation and card points; see card.h.
 *
 * Parsing is lenient about which notation is used and strict about the
 * result: a string is a card only if all of it is consumed.
 */
#include "card.h"

#include <string.h>

static const int rank_points[6] = { 0, 2, 3, 4, 10, 11 };

int dk_card_points(dk_card c)
{
	return rank_points[DK_CARD_RANK(c)];
}

static int lower(int ch)
{
	return (ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a' : ch;
}

/* does s[0..len) start with word (ASCII, any case)? */
static bool has_prefix(const char *s, size_t len, const char *word)
{
	size_t n = strlen(word);
	if (len < n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (lower((unsigned char)s[i]) != (unsigned char)word[i])
			return false;
	return true;
}

struct suit_word {
	const char *word;
	dk_suit suit;
	bool german;
};

/* longest first, so "karo" is tried before "ka" */
static const struct suit_word suit_words[] = {
	{ "\xe2\x99\xa3", DK_CLUBS, true },    /* ♣ */
	{ "\xe2\x99\xa7", DK_CLUBS, true },    /* ♧ */
	{ "\xe2\x99\xa0", DK_SPADES, true },   /* ♠ */
	{ "\xe2\x99\xa4", DK_SPADES, true },   /* ♤ */
	{ "\xe2\x99\xa5", DK_HEARTS, true },   /* ♥ */
	{ "\xe2\x99\xa1", DK_HEARTS, true },   /* ♡ */
	{ "\xe2\x99\xa6", DK_DIAMONDS, true }, /* ♦ */
	{ "\xe2\x99\xa2", DK_DIAMONDS, true }, /* ♢ */
	{ "kreuz", DK_CLUBS, true },
	{ "herz", DK_HEARTS, true },
	{ "karo", DK_DIAMONDS, true },
	{ "pik", DK_SPADES, true },
	{ "kr", DK_CLUBS, true },
	{ "pi", DK_SPADES, true },
	{ "he", DK_HEARTS, true },
	{ "ka", DK_DIAMONDS, true },
	{ "c", DK_CLUBS, false },
	{ "s", DK_SPADES, false },
	{ "h", DK_HEARTS, false },
	{ "d", DK_DIAMONDS, false },
};

struct rank_word {
	const char *word;
	dk_rank rank;
};

/* B and D are the German jack and queen; after any suit they are unambiguous */
static const struct rank_word rank_words[] = {
	{ "10", DK_TEN }, { "9", DK_NINE }, { "a", DK_ACE }, { "t", DK_TEN },
	{ "k", DK_KING }, { "q", DK_QUEEN }, { "d", DK_QUEEN }, { "j", DK_JACK },
	{ "b", DK_JACK },
};

/* the canonical ASCII codes, upper case: the common case, decided at once */
static bool parse_code(dk_card *out, const char *s, size_t len)
{
	int suit;
	switch (s[0]) {
	case 'C': suit = DK_CLUBS; break;
	case 'S': suit = DK_SPADES; break;
	case 'H': suit = DK_HEARTS; break;
	case 'D': suit = DK_DIAMONDS; break;
	default: return false;
	}
	int rank;
	if (len == 3 && s[1] == '1' && s[2] == '0') {
		rank = DK_TEN;
	} else if (len == 2) {
		switch (s[1]) {
		case '9': rank = DK_NINE; break;
		case 'J': rank = DK_JACK; break;
		case 'Q': rank = DK_QUEEN; break;
		case 'K': rank = DK_KING; break;
		case 'A': rank = DK_ACE; break;
		default: return false;
		}
	} else {
		return false;
	}
	*out = DK_CARD_MAKE(suit, rank);
	return true;
}

bool dk_card_parse(dk_card *out, const char *s, size_t len)
{
	if ((len == 2 || len == 3) && parse_code(out, s, len))
		return true;
	for (size_t i = 0; i < sizeof(suit_words) / sizeof(suit_words[0]); i++) {
		const struct suit_word *sw = &suit_words[i];
		if (!has_prefix(s, len, sw->word))
			continue;
		size_t rest = strlen(sw->word);
		/* "Herz-10", "Pik-D": a hyphen after a suit written in letters */
		if (sw->german && (unsigned char)sw->word[0] < 0x80 && rest < len && s[rest] == '-')
			rest++;
		for (size_t j = 0; j < sizeof(rank_words) / sizeof(rank_words[0]); j++) {
			size_t n = strlen(rank_words[j].word);
			if (len - rest == n && has_prefix(s + rest, n, rank_words[j].word)) {
				*out = DK_CARD_MAKE(sw->suit, rank_words[j].rank);
				return true;
			}
		}
		/* "he" may not be followed by a rank while "h" is; try shorter words */
	}
	return false;
}

static const char *const codes[DK_CARD_KINDS] = {
	"C9", "CJ", "CQ", "CK", "C10", "CA",
	"S9", "SJ", "SQ", "SK", "S10", "SA",
	"H9", "HJ", "HQ", "HK", "H10", "HA",
	"D9", "DJ", "DQ", "DK", "D10", "DA",
};

const char *dk_card_code(dk_card c)
{
	return c < DK_CARD_KINDS ? codes[c] : "?";
}

const char *dk_suit_symbol(dk_suit s)
{
	static const char *const sym[4] = {
		"\xe2\x99\xa3", "\xe2\x99\xa0", "\xe2\x99\xa5", "\xe2\x99\xa6"
	};
	return (unsigned)s < 4 ? sym[s] : "?";
}
