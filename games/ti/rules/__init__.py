"""TGM3 Terror-Instinct's pure rules: Ti-ARS kicks and the 35-piece bag."""

# This cartridge's rules version: bump it when a change alters a game frame by frame (its
# older replays then verify no more; rows recorded under them are listed as RULES v<old>).
RULES_VERSION = 3
