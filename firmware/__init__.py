"""The kiosk: command line, frame loop, cabinet state machine, save data."""
