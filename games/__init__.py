"""The cartridges: one folder per game (games/<id>/), listed in games/registry.py."""
