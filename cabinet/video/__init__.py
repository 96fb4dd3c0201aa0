"""The screen: native 320x224 drawing, integer scaling, the display (pygame-ce)."""
