"""Find the line of every key in a TOML text, so config errors can say where to look.

tomllib returns plain dicts without positions. This scanner walks text that tomllib has
already accepted and records the line where each full key path is written: table headers,
``key = value`` lines (dotted keys included) and the keys inside inline tables. Values are
only skipped, never interpreted. On anything it does not follow it stops and keeps what it
found: a missing line only makes an error message less precise.
"""

from __future__ import annotations

import contextlib

Path = tuple[str, ...]

_BARE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class _Stop(Exception):
    pass


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.lines: dict[Path, int] = {}
        self._counted = (0, 1)  # (pos, its line): counting goes on from the last call

    def line(self) -> int:
        at, line = self._counted
        if self.pos < at:
            at, line = 0, 1
        line += self.text.count("\n", at, self.pos)
        self._counted = (self.pos, line)
        return line

    def peek(self, n: int = 1) -> str:
        return self.text[self.pos : self.pos + n]

    def skip_blank(self, newlines: bool) -> None:
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch in " \t\r" or (newlines and ch == "\n"):
                self.pos += 1
            elif ch == "#":
                end = self.text.find("\n", self.pos)
                self.pos = len(self.text) if end < 0 else end
            else:
                return

    def record(self, path: Path, line: int) -> None:
        self.lines.setdefault(path, line)

    def string(self) -> str:
        quote = self.text[self.pos]
        if self.peek(3) == quote * 3:
            end = self.text.find(quote * 3, self.pos + 3)
            if end < 0:
                raise _Stop
            while self.text[end + 3 : end + 4] == quote:  # up to two quotes may end the body
                end += 1
            value = self.text[self.pos + 3 : end]
            self.pos = end + 3
            return value
        self.pos += 1
        out: list[str] = []
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch == quote:
                self.pos += 1
                return "".join(out)
            if ch == "\\" and quote == '"':
                out.append(self.text[self.pos : self.pos + 2])
                self.pos += 2
                continue
            if ch == "\n":
                break
            out.append(ch)
            self.pos += 1
        raise _Stop

    def key(self) -> Path:
        parts = []
        while True:
            self.skip_blank(newlines=False)
            ch = self.peek()
            if ch in ('"', "'"):
                parts.append(self.string())
            else:
                start = self.pos
                while self.pos < len(self.text) and self.text[self.pos] in _BARE:
                    self.pos += 1
                if self.pos == start:
                    raise _Stop
                parts.append(self.text[start : self.pos])
            self.skip_blank(newlines=False)
            if self.peek() != ".":
                return tuple(parts)
            self.pos += 1

    def value(self, path: Path) -> None:
        self.skip_blank(newlines=False)
        ch = self.peek()
        if ch in ('"', "'"):
            self.string()
        elif ch == "[":
            self.pos += 1
            while True:
                self.skip_blank(newlines=True)
                if self.peek() == "]":
                    self.pos += 1
                    return
                self.value(path)
                self.skip_blank(newlines=True)
                if self.peek() == ",":
                    self.pos += 1
        elif ch == "{":
            self.pos += 1
            while True:
                self.skip_blank(newlines=False)
                if self.peek() == "}":
                    self.pos += 1
                    return
                self.pair(path)
                self.skip_blank(newlines=False)
                if self.peek() == ",":
                    self.pos += 1
        else:
            start = self.pos
            while self.pos < len(self.text) and self.text[self.pos] not in ",]}\n#":
                self.pos += 1
            if self.pos == start:
                raise _Stop

    def pair(self, prefix: Path) -> None:
        line = self.line()
        path = prefix + self.key()
        for depth in range(len(prefix) + 1, len(path) + 1):
            self.record(path[:depth], line)
        self.skip_blank(newlines=False)
        if self.peek() != "=":
            raise _Stop
        self.pos += 1
        self.value(path)

    def document(self) -> None:
        prefix: Path = ()
        while True:
            self.skip_blank(newlines=True)
            if self.pos >= len(self.text):
                return
            if self.peek() == "[":
                double = self.peek(2) == "[["
                self.pos += 2 if double else 1
                line = self.line()
                prefix = self.key()
                for depth in range(1, len(prefix) + 1):
                    self.record(prefix[:depth], line)
                self.pos += 2 if double else 1
            else:
                self.pair(prefix)


def key_lines(text: str) -> dict[Path, int]:
    """Map every key path written in ``text`` to its (first) 1-based line number."""
    scanner = _Scanner(text)
    with contextlib.suppress(_Stop, IndexError):
        scanner.document()
    return scanner.lines


def line_of(lines: dict[Path, int], path: Path) -> int | None:
    """The line of ``path``, else of its nearest written ancestor, else None."""
    for depth in range(len(path), 0, -1):
        if path[:depth] in lines:
            return lines[path[:depth]]
    return None
