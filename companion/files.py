"""Reading the text files people hand the CLI (configs, transcripts, tag CSVs) with errors that name the line."""

from __future__ import annotations

from pathlib import Path


class NotText(ValueError):
    """A file that is not UTF-8 text: names the file, the line and what to do."""

    def __init__(self, path: Path, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: {reason}")
        self.path, self.line, self.reason = path, line, reason


def read_text(path: Path) -> str:
    """The file's text; raises NotText naming the first byte that is not UTF-8, or OSError."""
    return decode(path.read_bytes(), path)


def decode(data: bytes, path: Path) -> str:
    """``data`` (read from ``path``) as UTF-8 text, or NotText naming the line of the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise NotText(path, line, f"byte 0x{data[exc.start]:02x} is not UTF-8 text: save the file as UTF-8") from None
