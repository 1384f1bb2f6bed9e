"""The pure pieces shared with the firmware: edge detection and line frames."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.devices.edges import EdgeDetector
from companion.devices.frames import FrameError, LineSplitter, crc16, decode, encode

A, B = "04A3C6CAE26180", "04112233445566"


@settings(deadline=None)  # an example is a millisecond's work: one stalled by a busy machine is not a failure
@given(st.lists(st.tuples(st.integers(1, 12), st.lists(st.booleans(), min_size=1, max_size=40)),
                min_size=1, max_size=8))
def test_each_separate_pass_is_one_read_however_the_tag_flickers(passes):
    """A pass = polls where the tag is seen, with gaps shorter than miss_limit; passes are
    separated by a long absence. Each pass gives exactly one read."""
    edges = EdgeDetector(miss_limit=3, hold_ms=100)
    now, reads = 0, 0
    for gap_polls, seen in passes:
        now += 200 + gap_polls * 10  # absent long enough: gone and out of the hold window
        flicker = [True] + seen  # a pass starts with a sighting
        misses = 0
        for present in flicker:
            misses = 0 if present else misses + 1
            if misses >= 3:  # that would end the pass: keep the generated pass a single pass
                present, misses = True, 0
            reads += len(edges.update([A] if present else [], now))
            now += 10
        for _ in range(3):
            reads += len(edges.update([], now))
            now += 10
    assert reads == len(passes)


def test_a_bounce_inside_the_hold_window_is_not_a_new_read():
    edges = EdgeDetector(miss_limit=2, hold_ms=1000)
    assert edges.update([A], 0) == [A]
    assert edges.update([], 10) == [] and edges.update([], 20) == []  # gone
    assert edges.update([A, B], 500) == [B]  # A bounced back, B is new
    assert edges.update([A], 1600) == []  # still present: no edge
    for t in (1610, 1620):
        edges.update([], t)
    assert edges.update([A], 2700) == [A]  # a new pass, past the hold window


def test_frame_round_trip_and_checksum():
    assert crc16(b"123456789") == 0x29B1
    line = encode("TAG", "5f1c09aa", 3, A, 15230)
    assert line == b"$TAG,5f1c09aa,3,04A3C6CAE26180,15230*508F\n"
    assert decode(line[:-1]) == ["TAG", "5f1c09aa", "3", A, "15230"]
    assert decode(b">>> junk" + line[:-1]) == ["TAG", "5f1c09aa", "3", A, "15230"]


@pytest.mark.parametrize("line, reason", [
    (b"hello", "no frame start"),
    (b"$TAG,1,2", "no checksum"),
    (b"$TAG,1*50", "truncated checksum"),
    (b"$TAG,1*ZZZZ", "checksum is not hex"),
    (b"$TAG,2*" + b"%04X" % crc16(b"TAG,1"), "checksum mismatch"),
])
def test_bad_lines_say_why(line, reason):
    with pytest.raises(FrameError, match=reason):
        decode(line)


def test_fields_that_would_break_framing_are_refused():
    with pytest.raises(ValueError):
        encode("FB", "a,b")
    with pytest.raises(ValueError):
        encode("FB", "line\nbreak")


def test_splitter_drops_runaway_lines_whole_and_keeps_the_next():
    splitter = LineSplitter(limit=20)
    assert splitter.feed(b"$A*0000\n$B") == [b"$A*0000"]
    assert splitter.feed(b"x" * 30) == []  # too long so far: thrown away
    assert splitter.feed(b"yyy\n$C*1\n") == [b"$C*1"]  # the rest of that line too
    assert splitter.dropped == 1
