"""The Alchemists' 20 Fortune Teller cards (expansions.md section 4; ids AP01-AP10 purple,
AB01-AB10 blue, after the fact sheet's AF-P1 ... AF-B10), one module each: in the deck only with
The Alchemists in play. The six with another box's symbol come first: three need the flask's
essence (AB06, AB07, AB09: The Alchemists' own), three the witches (AP07, AB08, AB10: The Herb
Witches too); then the 14 without a symbol."""

from . import (
    ab01_good_to_better,
    ab02_sale,
    ab03_white_blessing,
    ab04_rats_blessing,
    ab05_good_neighborhood,
    ab06_blessing_in_disguise,
    ab07_essential_essence,
    ab08_visit_from_a_witch,
    ab09_alls_well_that_ends_well,
    ab10_joyful_reunion,
    ap01_spoiled_for_choice,
    ap02_ruby_fever,
    ap03_give_and_take,
    ap04_rich_offerings,
    ap05_small_donation,
    ap06_rat_to_cherish,
    ap07_quick_exchange,
    ap08_neighbor_in_need,
    ap09_useful_rodent,
    ap10_powerful_tipple,
)

DECK = (
    ab06_blessing_in_disguise.CARD,
    ab07_essential_essence.CARD,
    ab09_alls_well_that_ends_well.CARD,
    ap07_quick_exchange.CARD,
    ab08_visit_from_a_witch.CARD,
    ab10_joyful_reunion.CARD,
    ap01_spoiled_for_choice.CARD,
    ap02_ruby_fever.CARD,
    ap03_give_and_take.CARD,
    ap04_rich_offerings.CARD,
    ap05_small_donation.CARD,
    ap06_rat_to_cherish.CARD,
    ap08_neighbor_in_need.CARD,
    ap09_useful_rodent.CARD,
    ap10_powerful_tipple.CARD,
    ab01_good_to_better.CARD,
    ab02_sale.CARD,
    ab03_white_blessing.CARD,
    ab04_rats_blessing.CARD,
    ab05_good_neighborhood.CARD,
)
