"""The picture kept from the last frame: a play screen that redraws only what changed.

A screen drawn with a ``KeptPicture`` names each part it draws (a well, a figure, the credit
line) with a key made of what the part shows. A part whose key is the same as last frame's
is left as it is on the surface; a changed part is redrawn and its box added to ``damage``,
so the present step rescales only those boxes. Anything that draws on the surface without
the kept picture (another screen, an overlay) makes the next frame a full redraw.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from cabinet.video.font import CELL
from cabinet.video.palette import RGB
from cabinet.video.text import draw_text, text_width


class KeptPicture:
    def __init__(self) -> None:
        self.full = True  # this frame redraws everything
        self.damage: list[pygame.Rect] = []
        self._screen: object = None
        self._keys: dict[Hashable, object] = {}  # compared, never hashed
        self._boxes: dict[Hashable, pygame.Rect] = {}
        self._used = False
        self._used_last = False
        self._frame_key: object = None
        self.last_damage: list[pygame.Rect] | None = None  # what finish_frame gave
        # Regions (one side of a two-well screen): the page each shows, and its parts.
        self._region: Hashable | None = None
        self._pages: dict[Hashable, object] = {}
        self._members: dict[Hashable, set[Hashable]] = {}
        self._cleared: list[pygame.Rect] = []  # regions cleared this frame

    def start_frame(self) -> None:
        """Before a frame's drawing: nothing is known to be used yet."""
        self._used = False
        self.damage = []
        self._region = None
        self._cleared = []

    def forget(self) -> None:
        """The surface holds something the parts do not know of: draw everything."""
        self._used_last = False

    def drawn_over(self) -> None:
        """This frame drew over its parts something they do not know of (a question, a
        banner past its well): the frame is presented whole and the next one draws
        everything. The parts themselves were drawn with this picture, so a kept well's
        stack is blitted from its kept picture rather than drawn cell by cell."""
        self._used = False

    def unchanged(self, frame_key: object) -> bool:
        """True when the last frame was drawn with this picture and ``frame_key`` (all
        that the screen shows) is the same as its: nothing needs drawing. The caller then
        draws nothing at all, and the frame's damage is empty."""
        same = self._used_last and frame_key == self._frame_key
        self._frame_key = frame_key
        if same:
            self._used = True
            self.full = False
        return same

    def begin(self, screen: object) -> bool:
        """A screen starts drawing with this picture; ``screen`` names its layout. Returns
        True when everything must be drawn (first frame, or another layout last frame)."""
        self.full = not self._used_last or screen != self._screen
        if self.full:
            self._keys.clear()
            self._boxes.clear()
            self._pages.clear()
            self._members.clear()
        self._screen = screen
        self._used = True
        return self.full

    def finish_frame(self) -> list[pygame.Rect] | None:
        """After a frame's drawing: the changed boxes, or None when the whole picture is
        new (a full redraw, or a screen that drew without this picture)."""
        self._used_last = self._used
        if not self._used:
            self._screen = None
            self._frame_key = None
        cleared = self._cleared
        if cleared:  # a box inside a cleared region is shown with it (rescaled once)
            self.damage = cleared + [box for box in self.damage
                                     if not any(c.contains(box) for c in cleared)]
        self.last_damage = None if not self._used or self.full else self.damage
        return self.last_damage

    def changed(self, part: Hashable, key: object) -> bool:
        """True (and ``key`` remembered) when ``part`` must be drawn this frame."""
        if self._region is not None:
            self._members[self._region].add(part)
        if not self.full and self._keys.get(part, _NOTHING) == key:
            return False
        self._keys[part] = key
        return True

    def region(self, surface: pygame.Surface, name: Hashable, page: object,
               rect: pygame.Rect, background: RGB) -> None:
        """The parts drawn from now until ``end_region`` make up region ``name`` (one side
        of a two-well screen), which lies inside ``rect`` and shows ``page`` (mode select,
        a sign-in, a game). When the page differs from last frame's, only the region is
        cleared and drawn again: a player joining redraws one side, not the screen."""
        self._region = name
        if self.full or name not in self._pages:
            self._pages[name] = page
            self._members.setdefault(name, set())
            return
        if self._pages[name] == page:
            return
        self._pages[name] = page
        for part in self._members[name]:
            self._keys.pop(part, None)
            self._boxes.pop(part, None)
        self._members[name] = set()
        surface.fill(background, rect)
        self._cleared.append(pygame.Rect(rect))

    def end_region(self) -> None:
        self._region = None

    def box(self, part: Hashable, rect: pygame.Rect) -> pygame.Rect:
        """Remember where ``part`` is drawn now; returns where it was drawn before (or
        ``rect`` on its first drawing), so the caller can clear the old box."""
        before = self._boxes.get(part, rect)
        self._boxes[part] = rect
        return before

    def add(self, rect: pygame.Rect) -> None:
        if not self.full:
            self.damage.append(rect)


_NOTHING = object()


def text_box(text: str, x: int, y: int, align: str = "left") -> pygame.Rect:
    """Where ``text`` lies when drawn at (x, y), left-aligned or ending at x."""
    width = text_width(text)
    left = x - width if align == "right" else x
    return pygame.Rect(left, y, width, CELL)


def kept_text(surface: pygame.Surface, kept: KeptPicture | None, part: Hashable, text: str,
              x: int, y: int, colour: RGB, background: RGB, align: str = "left") -> None:
    """Text on the plain background, drawn only when it changed: its old box is cleared."""
    if kept is not None and not kept.changed(part, (text, colour, x, y, align)):
        return
    box = text_box(text, x, y, align)
    if kept is not None:
        before = kept.box(part, box)
        if not kept.full:
            surface.fill(background, before)
            surface.fill(background, box)
            kept.add(before.union(box))
    draw_text(surface, text, box.x, y, colour)
