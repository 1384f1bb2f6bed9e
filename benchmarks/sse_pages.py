"""The live pages of `bench_sse.py`, in a process of their own: a phone's browser does not share
the server's interpreter, so reading 12 streams and applying their patches must not compete with
the server for its interpreter lock, nor count in its RSS.

    python benchmarks/sse_pages.py PORT COOKIE PATH...

Opens each stream (``COOKIE`` for the host's), prints ``ready`` once every page has its first
view, then one line per event: the page's number, the time it arrived (``time.perf_counter``, the
same clock in every process of the machine), the seq of the input it carries (``-`` for none),
its kind (``message``, ``advice``) and its bytes. A page that cannot apply a patch ends the
process with the error.
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


def listen(number: int, client: SSEClient, out: threading.Lock) -> None:
    try:
        while True:
            event = client.next()
            now = time.perf_counter()
            seq = event.data.get("seq") if event.name == "message" and event.data.get("entry") is not None else "-"
            with out:
                print(number, now, seq, event.name, event.size, flush=True)
    except (ConnectionError, OSError):  # the server stopped
        return
    except Exception:  # a patch that does not apply: the benchmark stops with it
        traceback.print_exc()
        os._exit(1)


def main() -> None:
    port, cookie, paths = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    clients = [SSEClient("127.0.0.1", port, p, cookie=cookie if p.endswith("host") else None) for p in paths]
    for client in clients:
        client.next()
    out = threading.Lock()
    threads = [threading.Thread(target=listen, args=(n, c, out), daemon=True) for n, c in enumerate(clients)]
    print("ready", flush=True)
    for thread in threads:
        thread.start()
    sys.stdin.read()  # until the benchmark closes our input


if __name__ == "__main__":
    main()
