"""The referee's timeline notes a chip taken out ahead of round 9's "Stir!", once per stir and
seat; the read is accepted (the chip is out of the bag), not refused."""

from companion.table.timeline import timeline

from .last_round import play_to_the_last_round


def read(table, seat: int, kind: str) -> int:
    """The seat's reader reads a chip of this kind from its bag; the journal number of the draw."""
    chip = next(c for c in table.state.seats[seat].bag if c.startswith(kind))
    assert table.read(f"bag-{seat}", chip).accepted
    return table.seq


def notes(table, lang: str = "en") -> dict[int, str]:
    return {r.seq: r.note for r in timeline(table.setup, table.entries(), table.anomalies(), lang) if r.seq}


def test_a_chip_drawn_ahead_of_the_stir_in_round_9_is_noted_once_per_stir(table):
    play_to_the_last_round(table)
    assert table.state.round == 9 and table.state.phase == "brewing"
    ann_1 = read(table, 0, "orange-1")
    ann_2 = read(table, 0, "green-1")  # Ann's chip 2 before Ben and Cid took out chip 1
    ann_3 = read(table, 0, "white-1")
    ben_1, cid_1 = read(table, 1, "orange-1"), read(table, 2, "orange-1")
    ann_4 = read(table, 0, "white-1")  # stir 2 is under way: Ann is still ahead
    found = notes(table)
    assert found[ann_1] == "" and found[ben_1] == found[cid_1] == ""
    assert found[ann_2] == 'drawn ahead of "Stir!" for chip 1'
    assert found[ann_3] == "", "once per stir"
    assert found[ann_4] == 'drawn ahead of "Stir!" for chip 2'
    assert notes(table, "es")[ann_2] == "sacada antes de «¡Remover!» para la ficha 1"
    assert not table.anomalies(), "a note, not a refusal"


def test_no_note_before_the_last_round(table):
    first, second = read(table, 0, "orange-1"), read(table, 0, "green-1")
    assert notes(table)[first] == notes(table)[second] == ""
