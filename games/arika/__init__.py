"""The Arika (Grand Master) family's kit (TAP, TGM3): ARS rotation, the TGM2 randomizer, the
bit board, speed tables, the frame-exact player loop, the board session (`session.py`), the
play screen parts (`screen.py`, `kept.py`) and the demo player (`demo.py`). Modes live in
their cartridges."""
