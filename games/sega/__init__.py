"""The Sega family's kit (Tetris 1988, Bloxeed, Flash Point): the frame-exact player loop
(`player.py`, `game.py`), Sega rotation and randomizer, the board's shared cartridge parts
(`board.py`), the play screen (`screen.py`, `field_view.py`) and the attract-mode demo
player (`demo.py`)."""
