"""The BLOCKOUT rules stay pure (no pygame, files, clock, threads or `random`), and no
Python file outside games/ and tests/ names the game."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BANNED = {"pygame", "os", "pathlib", "random", "time", "threading", "io", "datetime"}


def test_rules_import_nothing_impure():
    for path in sorted((ROOT / "games" / "blockout" / "rules").glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in BANNED, (path.name, name)


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value,
                                                                     ast.Constant):
                found.add(id(body[0].value))
    return found


def test_no_board_code_names_the_game():
    """Code (imports, names, strings; docstrings may mention it) outside the cartridge."""
    for top in ("engine", "cabinet", "dipswitch", "firmware"):
        for path in (ROOT / top).rglob("*.py"):
            tree = ast.parse(path.read_text())
            docs = _docstrings(tree)
            for node in ast.walk(tree):
                text = ""
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    text = "" if id(node) in docs else node.value
                elif isinstance(node, ast.Name):
                    text = node.id
                elif isinstance(node, ast.Attribute):
                    text = node.attr
                elif isinstance(node, ast.ImportFrom):
                    text = node.module or ""
                elif isinstance(node, ast.Import):
                    text = " ".join(a.name for a in node.names)
                assert "blockout" not in text.lower(), (path, text)
