"""Variants extend a family through its named public hooks (``fits``, ``turn``, the spawn
and lock hooks...), never by overriding a private method of a class in another module:
every class under games/ is walked (screens aside) and checked."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import games
from engine.events import Event
from engine.inputs import PlayerInput
from games.arika.player import ArikaPlayer
from games.tap.rules.versus_player import VersusPlayer

OUR_PACKAGES = ("games.", "engine.")


def _is_screen(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    return last in ("screen", "screens") or last.endswith("_screen")


def game_modules() -> list[ModuleType]:
    """Every module under games/ but the screens (which draw, and play no rules)."""
    found = []
    for info in pkgutil.walk_packages(games.__path__, "games."):
        if not _is_screen(info.name):
            found.append(importlib.import_module(info.name))
    return found


def game_classes() -> list[type]:
    classes: dict[str, type] = {}
    for module in game_modules():
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__:
                classes[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return list(classes.values())


def _is_method(value: object) -> bool:
    return inspect.isfunction(value) or isinstance(value, (staticmethod, classmethod,
                                                           property))


def private_overrides(cls: type) -> list[str]:
    """``cls.name`` for each single-underscore method ``cls`` defines that a base class of
    another module (of ours) defines too."""
    found = []
    for name, value in vars(cls).items():
        if not name.startswith("_") or name.startswith("__") or not _is_method(value):
            continue
        for base in cls.__mro__[1:]:
            if (name in vars(base) and base.__module__ != cls.__module__
                    and base.__module__.startswith(OUR_PACKAGES)):
                found.append(f"{cls.__module__}.{cls.__qualname__}.{name} overrides "
                             f"{base.__module__}.{base.__qualname__}.{name}")
                break
    return found


def test_no_variant_overrides_a_family_private_method() -> None:
    classes = game_classes()
    assert VersusPlayer in classes and ArikaPlayer in classes
    assert [line for cls in classes for line in private_overrides(cls)] == []


def test_the_check_catches_an_override_of_a_private_method() -> None:
    class Sneaky(ArikaPlayer):
        __slots__ = ()

        def _spawn(self, pi: PlayerInput, out: list[Event]) -> None:
            return None

    assert private_overrides(Sneaky) == [
        f"{__name__}.{Sneaky.__qualname__}._spawn overrides "
        "games.arika.player.ArikaPlayer._spawn"]


def test_versus_player_extends_the_loop_through_hooks_only() -> None:
    own = {name for name in vars(VersusPlayer) if not name.startswith("__")}
    assert "_active_big" not in own and "_active" not in own
    assert {"fits", "turn", "after_spawn", "before_collapse", "after_collapse"} <= own
