"""`bloxcab rankings [list|verify|export DIR|records] [--game G] [--json] [--save-dir DIR]`:
the ranking tables with each row's replay and the rules version it was played under; verify
re-simulates every recorded row of its game's current rules version (a row of an older one
is listed as RULES v<n>, neither verified nor failed); export
writes the rows and their replay files for sharing; records lists the records games keep
at their best (e.g. best clear times per stage)."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path
from typing import Any

from firmware.errors import UsageError
from firmware.kiosk_paths import REPLAY_DIR
from firmware.rankings.check import (
    DERIVED,
    FACTORY,
    FAILED,
    MISSING,
    OLDER_RULES,
    VERIFIED,
    RowCheck,
    check_tables,
)
from firmware.rankings.store import ReplayStore
from firmware.savedata import load
from firmware.savedata.location import existing_save_dir
from games.registry import CARTRIDGES


def register(sub: Any) -> None:
    parser = sub.add_parser("rankings", help="list, verify or export the ranking tables")
    parser.add_argument("action", nargs="?", choices=("list", "verify", "export", "records"),
                        default="list",
                        help="list (default), verify, export DIR, or records")
    parser.add_argument("target", nargs="?", help="the folder to export into")
    parser.add_argument("--game", choices=list(CARTRIDGES), help="one game only")
    parser.add_argument("--json", action="store_true", help="list as JSON")
    parser.add_argument("--save-dir", help="save data directory")
    parser.set_defaults(handler=run)


def _row(check: RowCheck) -> dict[str, object]:
    return {"game": check.game, "mode": check.mode, "rank": check.rank,
            "initials": check.initials, **check.values, "replay": check.replay_id,
            "rules_version": check.rules_version, "status": check.status,
            "reason": check.reason}


def run(args: argparse.Namespace) -> int:
    if (args.action == "export") != (args.target is not None):
        raise UsageError("export needs a folder (rankings export DIR); list and verify take none")
    directory = existing_save_dir(args.save_dir)
    loaded = load(directory, log=lambda line: print(line, file=sys.stderr))
    if args.action == "records":
        return _records(loaded.data.records, args.game, args.json)
    store = ReplayStore(directory / REPLAY_DIR)
    try:
        checks = check_tables(loaded.data, store, args.game)
    finally:
        store.close()
    if args.action == "verify":
        for check in checks:
            print(check.line())
        bad = [c for c in checks if c.status in (FAILED, MISSING)]
        proven = sum(1 for c in checks if c.status == VERIFIED)
        factory = sum(1 for c in checks if c.status == FACTORY)
        derived = sum(1 for c in checks if c.status == DERIVED)
        older = sum(1 for c in checks if c.status == OLDER_RULES)
        made = f", {derived} made from records" if derived else ""
        kept = f", {older} of older rules" if older else ""
        print(f"{proven} of {len(checks)} rows verified, {factory} factory rows{made}{kept}, "
              f"{len(bad)} failed")
        return 1 if bad else 0
    if args.action == "export":
        return _export(Path(args.target), checks, store)
    if args.json:
        print(json.dumps([_row(c) for c in checks], sort_keys=True))
    else:
        for check in checks:
            print(check.line())
    return 0


def _records(records: dict[str, dict[str, int]], game: str | None, as_json: bool) -> int:
    """Each game's kept records (frames where the name ends in _time)."""
    chosen = {g: dict(sorted(r.items(), key=lambda item: _natural(item[0])))
              for g, r in sorted(records.items()) if game is None or g == game}
    if as_json:
        print(json.dumps(chosen, sort_keys=True))
        return 0
    for g, kept in chosen.items():
        for name, value in kept.items():
            shown = f"{value} frames ({value / 60:.2f} s)" if name.endswith("_time") else value
            print(f"{g} {name} {shown}")
    return 0


def _natural(name: str) -> tuple[object, ...]:
    return tuple(int(part) if part.isdigit() else part for part in name.split("_"))


def _export(target: Path, checks: list[RowCheck], store: ReplayStore) -> int:
    try:
        (target / REPLAY_DIR).mkdir(parents=True, exist_ok=True)
        for check in checks:
            if check.replay_id is not None and check.status != MISSING:
                shutil.copyfile(store.path(check.replay_id),
                                target / REPLAY_DIR / store.path(check.replay_id).name)
        (target / "rankings.json").write_text(
            json.dumps([_row(c) for c in checks], indent=1, sort_keys=True) + "\n")
    except OSError as exc:
        raise UsageError(f"cannot export to {target}: {exc.strerror or exc}") from None
    print(f"exported {len(checks)} rows to {target}")
    return 0
