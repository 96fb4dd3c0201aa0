"""The Arika (Grand Master) family's parts: ARS rotation, the TAP randomizer, the bit
board, speed tables and the frame-exact player loop. Modes live in their cartridges."""
