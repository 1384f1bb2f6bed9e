"""A live table played on to round 9's potion phase with plain inputs, for the tests of its "Stir!"."""

from companion.engine import (
    Choose,
    Done,
    Fortune,
    Return,
    Stop,
    action_to_dict,
    catalog,
    legal_actions,
    waiting_for,
)


def play_to_the_last_round(table) -> None:
    """Every seat stops at once and shops nothing, round after round, to round 9's card (none);
    every chip going back into a bag is seen at its reader."""
    while table.state.round < catalog.ROUNDS:
        table.wait_for_reads()  # a demo's bags read the chips going back meanwhile
        for n, seat in enumerate(table.state.seats):
            for cid in list(seat.returning):
                table.submit(action_to_dict(Return(n, cid)), f"reader:bag-{n}")
        state = table.state
        seat = waiting_for(state)[0]
        actions = legal_actions(state, seat)
        plain = [a for a in actions if isinstance(a, (Stop, Done)) or (isinstance(a, Fortune) and a.card is None)]
        table.submit(action_to_dict((plain or [a for a in actions if isinstance(a, Choose)])[0]), "host")
    table.submit({"kind": "fortune", "card": None}, "host")
    table.wait_for_reads()
