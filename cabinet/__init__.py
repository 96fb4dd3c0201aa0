"""The physical cabinet: input sources, outputs, video, audio."""
