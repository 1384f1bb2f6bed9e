"""One live page of `bench_sse.py`, in a process of its own, as a phone's browser is: reading a
stream and applying its patches must not compete with the server for its interpreter lock, nor
with the other pages for one of their own (in one process, the last of twelve pages woken by a
message waited for the other eleven to parse and apply theirs), nor count in the server's RSS.

    python benchmarks/sse_pages.py PORT COOKIE NUMBER PATH

Opens the stream (``COOKIE`` for the host's), prints ``ready NUMBER`` once the page has its first
view, then one line per event: the page's number, the time it arrived and was applied
(``time.perf_counter``, the same clock in every process of the machine), the seq of the input it
carries (``-`` for none), its kind (``message``, ``advice``) and its bytes. Every line is one write
(shorter than a pipe's atomic write), so the twelve pages may share one pipe. A page that cannot
apply a patch ends the process with the error. It ends when its standard input closes.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.webapp.sse import SSEClient  # noqa: E402


def listen(number: int, client: SSEClient) -> None:
    try:
        while True:
            event = client.next()
            now = time.perf_counter()
            seq = event.data.get("seq") if event.name == "message" and event.data.get("entry") is not None else "-"
            os.write(1, f"{number} {now} {seq} {event.name} {event.size}\n".encode())
    except (ConnectionError, OSError):  # the server stopped
        return
    except Exception:  # a patch that does not apply: the benchmark stops with it
        traceback.print_exc()
        os._exit(1)


def main() -> None:
    port, cookie, number, path = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
    client = SSEClient("127.0.0.1", port, path, cookie=cookie if path.endswith("host") else None)
    client.next()
    os.write(1, f"ready {number}\n".encode())
    threading.Thread(target=listen, args=(number, client), daemon=True).start()
    sys.stdin.read()  # until the benchmark closes our input


if __name__ == "__main__":
    main()
