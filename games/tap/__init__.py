"""Tetris The Absolute The Grand Master 2 PLUS (Arika, 2000): Normal, Master, TGM+ and
T.A. Death on the Arika player loop (engine/arika/)."""
