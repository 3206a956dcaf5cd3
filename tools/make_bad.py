#!/usr/bin/env python3
"""Write the corpus of bad records under tests/bad/.

Each file is a small record with exactly one thing wrong, named after it,
with a comment that says what.  tests/golden/expected/bad/ holds the
diagnostic each must get.  Run from the repository root.
"""
import os

OUT = "tests/bad"

HANDS = {
    1: "CQ HQ SJ DJ D9 CA C10 C9 S10 SK S9 HK",
    2: "H10 SQ SQ HQ CJ HJ DJ CK SK S9 HA H9",
    3: "H10 CQ DQ CJ SJ DA D10 D10 DK CK HA H9",
    4: "DQ HJ DA DK D9 CA C10 C9 SA SA S10 HK",
}
PLAYERS = """    <players>
      <player seat="1" name="Anna"/>
      <player seat="2" name="Ben"/>
      <player seat="3" name="Clara"/>
      <player seat="4" name="David"/>
    </players>
"""
TRICK1 = """    <play>
      <trick>
        <card seat="1">CA</card>
        <card seat="2">CK</card>
        <card seat="3">CK</card>
        <card seat="4">C9</card>
      </trick>
    </play>
"""


def deal(hands=HANDS, dealer=4, extra=""):
    lines = ['    <deal dealer="%d">\n' % dealer]
    for seat, cards in hands.items():
        lines.append('      <hand seat="%s">%s</hand>\n' % (seat, cards))
    lines.append(extra)
    lines.append("    </deal>\n")
    return "".join(lines)


def game(body, attrs="", rules='    <rules name="ddv"/>\n', players=PLAYERS):
    return "  <game%s>\n%s%s%s  </game>\n" % (attrs, rules, players, body)


def put(name, what, content):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<!-- %s -->\n' % what)
        f.write(content)


def doc(*games):
    return '<dokoref version="1">\n' + "".join(games) + "</dokoref>\n"


def with_hand(seat, cards):
    h = dict(HANDS)
    h[seat] = cards
    return h


put("card-three-times.xml", "the queen of clubs is dealt three times",
    doc(game(deal(with_hand(4, "CQ HJ DA DK D9 CA C10 C9 SA SA S10 HK")))))
put("nine-in-40-card-deck.xml", "a nine in a game under a rule set without nines",
    doc(game(deal({1: "CQ HQ SJ DJ CA C10 S10 SK HK C9", 2: "H10 SQ SQ HQ CJ HJ DJ CK SK HA",
                   3: "H10 CQ DQ CJ SJ DA D10 D10 DK CK", 4: "DQ HJ DA DK CA C10 SA SA S10 HK"}),
             rules='    <rules name="unsere-2024"/>\n')))
put("hand-too-short.xml", "seat 2 holds 11 cards where the deck gives 12",
    doc(game(deal(with_hand(2, "H10 SQ SQ HQ CJ HJ DJ CK SK S9 HA")))))
put("hands-of-different-size.xml", "no rule set, and the hands differ in size",
    doc(game(deal(with_hand(3, "H10 CQ DQ CJ SJ DA D10 D10 DK CK")), rules="")))
put("hand-of-13-cards.xml", "a hand with more cards than any deck gives",
    doc(game(deal(with_hand(1, "CQ HQ SJ DJ D9 CA C10 C9 S10 SK S9 HK HK")))))
put("unknown-card.xml", "a hand holds 'X7' and 'Kr11', which are not cards",
    doc(game(deal(with_hand(1, "CQ HQ SJ DJ X7 CA C10 C9 S10 Kr11 S9 HK")))))
put("unknown-card-played.xml", "a played card is written 'CZ'",
    doc(game(deal() + TRICK1.replace(">CK</card>\n        <card seat=\"3\"", ">CZ</card>\n        <card seat=\"3\"", 1))))
put("bad-seat.xml", "a card played by seat 7, a number no seat has",
    doc(game(deal() + TRICK1.replace('seat="4">C9', 'seat="7">C9'))))
put("seat-without-hand.xml", "an announcement by seat 5, who sits at the table but holds no hand",
    doc(game(deal() + TRICK1.replace("<trick>\n", '<trick>\n        <announce seat="5" call="re"/>\n'),
             players=PLAYERS.replace("    </players>", '      <player seat="5" name="Emil"/>\n    </players>'))))
put("dealer-not-a-player.xml", "the dealer is seat 6, where nobody sits",
    doc(game(deal(dealer=6))))
put("duplicate-seat.xml", "two players at seat 2",
    doc(game(deal(), players=PLAYERS.replace('seat="3" name="Clara"', 'seat="2" name="Clara"'))))
put("duplicate-player-name.xml", "two players called Anna",
    doc(game(deal(), players=PLAYERS.replace('name="Clara"', 'name="Anna"'))))
put("missing-deal.xml", "a game without a deal", doc(game("")))
put("missing-players.xml", "a game that names no players", doc(game(deal(), players="")))
put("three-hands.xml", "a deal of three hands",
    doc(game(deal({1: HANDS[1], 2: HANDS[2], 3: HANDS[3]}))))
put("unknown-element.xml", "an element the format does not have",
    doc(game(deal() + "    <dispute>who led?</dispute>\n")))
put("unknown-attribute.xml", "an attribute the format does not have",
    doc(game(deal(), attrs=' weather="rain"')))
put("elements-out-of-order.xml", "the deal comes after the play",
    doc(game(TRICK1 + deal())))
put("deal-twice.xml", "two deals in one game", doc(game(deal() + deal())))
put("trick-of-five-cards.xml", "five cards in the first trick",
    doc(game(deal() + TRICK1.replace("      </trick>", '        <card seat="1">CQ</card>\n      </trick>'))))
put("short-trick-not-last.xml", "the first trick has three cards and another trick follows",
    doc(game(deal() + TRICK1.replace('        <card seat="4">C9</card>\n', "").replace(
        "    </play>", '      <trick>\n        <card seat="3">H10</card>\n      </trick>\n    </play>'))))
put("bad-call.xml", "an announcement 'keine 90' written in German instead of no90",
    doc(game(deal() + TRICK1.replace("<trick>\n", '<trick>\n        <announce seat="1" call="keine90"/>\n'))))
put("bad-solo-kind.xml", "a solo kind no rule set names",
    doc(game(deal() + '    <bidding>\n      <solo seat="1" kind="grand"/>\n    </bidding>\n')))
put("bad-date.xml", "a date that does not exist",
    doc(game(deal(), attrs=' date="2026-02-30"')))
put("card-points-not-240.xml", "recorded card points that do not add up to 240",
    doc(game(deal() + '    <recorded winner="re" re="150" kontra="80"/>\n')))
put("score-twice.xml", "a recorded score for seat 1 twice",
    doc(game(deal() + '    <recorded>\n      <score seat="1" points="2"/>\n      <score seat="1" points="-2"/>\n    </recorded>\n')))
put("unknown-ruleset.xml", "a rule set that does not exist",
    doc(game(deal(), rules='    <rules name="kneipe-1999"/>\n')))
put("bad-override.xml", "a per-record rule override with an unknown key",
    doc(game(deal(), rules='    <rules name="ddv">\n      <set key="deck.jokers" value="2"/>\n    </rules>\n')))
put("wrong-version.xml", "format version 2, which this dokoref does not read",
    '<dokoref version="2">\n</dokoref>\n')
put("wrong-root.xml", "the root element is not <dokoref>", "<doppelkopf/>\n")
put("mismatched-tags.xml", "malformed XML: a closing tag that does not match",
    doc(game(deal().replace("</deal>", "</dael>"))))
put("text-in-game.xml", "loose text inside <game>",
    doc(game(deal() + "    Re wins!\n")))
put("unclosed-root.xml", "the document ends before </dokoref>",
    '<dokoref version="1">\n' + game(deal()))
put("one-bad-game-of-three.xml", "the second of three games deals a card three times; the others are fine",
    doc(game(deal(), attrs=' number="1"'),
        game(deal(with_hand(4, "CQ HJ DA DK D9 CA C10 C9 SA SA S10 HK")), attrs=' number="2"'),
        game(deal(), attrs=' number="3"')))
