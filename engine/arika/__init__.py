"""The Arika (Grand Master) family's parts: ARS rotation, the TGM2 randomizer, the bit
board, speed tables and the frame-exact player loop. Modes live in their cartridges."""
