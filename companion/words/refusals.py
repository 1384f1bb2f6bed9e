"""Why an input was refused, by the refusal's code: the words a page not in English shows.

The rules' own reasons (`IllegalAction.reason`) are English sentences that name the chips and the
seats; a page in another language shows this text for the code instead (the reason stays in the
journal and in a tooltip for the referee).
"""

from __future__ import annotations

from companion.engine.text import N_

REFUSALS: dict[str, str] = {
    "book_not_out": N_("That card's chip needs a book that is not out yet: draw another card."),
    "card_read": N_("This round's card is already turned up."),
    "card_used": N_("That card has already been turned up this game."),
    "decision_pending": N_("First answer the open question."),
    "chips_settling": N_("The chips have only just gone into the bag: draw again in a moment."),
    "done": N_("That seat has already finished."),
    "empty_bag": N_("That bag is empty."),
    "exploded": N_("That pot has exploded."),
    "flask_full": N_("The flask is already full."),
    "game_over": N_("The game is over."),
    "invalid_option": N_("That is not one of the options."),
    "malformed": N_("That input is not understood."),
    "no_card_to_draw": N_("No Fortune Teller card is to be turned up now."),
    "no_such_card": N_("There is no such Fortune Teller card."),
    "no_points_for_sale": N_("Victory points are sold only on the green side of the exchange stand."),
    "not_in_deck": N_("That card is not in this game's deck: its expansion is not in play."),
    "no_such_seat": N_("There is no such seat at this table."),
    "not_for_sale": N_("That chip is not for sale this round."),
    "not_in_bag": N_("That chip is not in this seat's bag."),
    "not_in_supply": N_("That chip is not in the supply."),
    "not_returning": N_("That chip was not on its way back into the bag."),
    "returns_pending": N_("Read while the bag still expects chips back: its seat says whether the chip was drawn."),
    "read_twice": N_("The same chip read twice at the bag's mouth: one pass."),
    "early_return": N_("The pot is being poured back before the round ends: the chip counts as back in the bag once the round is over."),
    "not_your_turn": N_("It is not this seat's turn."),
    "same_color": N_("Two chips bought in one round must be of different colours."),
    "sold_out": N_("That chip is sold out."),
    "stale": N_("That question has been answered, or the offer has lapsed."),
    "stopped": N_("This seat has stopped drawing this round."),
    "too_expensive": N_("Not enough coins for that chip."),
    "too_few_rubies": N_("Not enough rubies."),
    "took_points": N_("This pot exploded and took the victory points: no shopping this round."),
    "two_bought": N_("Two chips are already bought this round."),
    "unknown_chip": N_("That chip is not in the box."),
    "unknown_decision": N_("There is no such question in this game."),
    "unknown_tag": N_("That tag is not enrolled: enrol it or enter the draw by hand."),
    "bad_uid": N_("That tag could not be read."),
    "unknown_reader": N_("A reader that feeds no seat at this table: assign the read to a seat."),
    "read_failed": N_("This read could not be applied: assign it to its seat or enter the draw by hand."),
    "wrong_chip": N_("That is not the chip asked for: put it back."),
    "wrong_phase": N_("That is not possible in this phase."),
    "wrong_seat": N_("That is another seat's question."),
    "paused": N_("The game is paused: wait for the host."),
    "draws_from_bags": N_("At this table the bags' readers draw the chips."),
    "bad_token": N_("This link is not valid for the current game: scan the seat's code again."),
    "bad_pin": N_("Wrong PIN."),
    "pin_locked": N_("Too many wrong PINs: wait before trying again."),
    "too_many_refusals": N_("Too many refused inputs: wait a moment."),
    "reconnecting_too_fast": N_("This device reconnects too often: wait a moment."),
    "too_many_streams": N_("The table is serving as many pages as it can: retry shortly."),
    "too_many_connections": N_("The table is serving as many connections as it can: retry shortly."),
    "slow_body": N_("The request took too long to arrive: try again."),
    "pin_locked_table": N_("Too many wrong PINs at this table: wait, or enter the recovery passphrase printed when the table started, or use its own computer."),
    "storage_fault": N_("The table cannot save right now: try again in a moment."),
}
"""A code without a text here shows its reason as it is."""
