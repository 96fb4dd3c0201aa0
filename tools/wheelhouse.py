"""`make wheelhouse`: collect what a Raspberry Pi needs to install bloxcab with no network.

Run it on any machine with internet (any architecture); copy the folder to the Pi and run
`sudo systemd/install.sh --wheelhouse DIR`, which installs with `pip --no-index`.

The folder is flat (pip's --find-links reads one level) and holds, for 64-bit (aarch64) and
32-bit (armv7l) Raspberry Pi OS with Python 3.11 (Debian 12 "bookworm") and 3.13 (Debian 13
"trixie"):

- the wheels of bloxcab's dependencies from pyproject.toml and of its ``uplink`` extra
  (paho-mqtt, cryptography: install.sh installs ``bloxcab[uplink]``), and lgpio where PyPI
  has a real wheel for the target (the venv also sees Raspberry Pi OS's python3-lgpio);
- setuptools, the build backend pip needs to install the bloxcab checkout itself;
- for armv7l, where PyPI has no pygame-ce, numpy or cffi wheels: the pygame-ce and cffi
  sources and the wheels of their build requirements (pip builds them on the Pi, against
  Debian's SDL 2 and libffi-dev; numpy comes from apt's python3-numpy, as install.sh sets it
  up). cryptography has armv7l wheels, taken without their dependencies (cffi from source).

A wheel PyPI does not have for a target is reported, not fatal: the summary says what covers
it. ``--dry-run`` prints the pip commands instead of running them.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import platform
import shlex
import subprocess
import sys
import tarfile
import tomllib
import urllib.request
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PYPI_JSON = "https://pypi.org/pypi/{name}/json"


@dataclass(frozen=True)
class Target:
    """One Raspberry Pi OS flavour: its CPU, its Python and the platform tags pip accepts."""

    arch: str
    python: str  # "3.11"
    release: str

    @property
    def platforms(self) -> tuple[str, ...]:
        # Debian 12 has glibc 2.36, so every manylinux tag up to 2.36 runs there; pip takes a
        # --platform literally, so each one is listed (2.17 is manylinux2014).
        tags = [f"manylinux_2_{minor}_{self.arch}" for minor in range(36, 16, -1)]
        return (*tags, f"manylinux2014_{self.arch}", f"linux_{self.arch}")

    @property
    def abi(self) -> str:
        return "cp" + self.python.replace(".", "")

    def __str__(self) -> str:
        return f"{self.arch} Python {self.python} ({self.release})"


TARGETS: tuple[Target, ...] = (
    Target("aarch64", "3.11", "Raspberry Pi OS 12 bookworm, 64-bit"),
    Target("aarch64", "3.13", "Raspberry Pi OS 13 trixie, 64-bit"),
    Target("armv7l", "3.11", "Raspberry Pi OS 12 bookworm, 32-bit"),
    Target("armv7l", "3.13", "Raspberry Pi OS 13 trixie, 32-bit"),
)

# What covers a package PyPI has no wheel for (install.sh installs these from apt).
COVERED_BY = {
    "numpy": "apt python3-numpy (venv with system site packages)",
    "pygame-ce": "built on the Pi from the source in the wheelhouse",
    "lgpio": "apt python3-lgpio (venv with system site packages)",
    "cffi": "built on the Pi from the source in the wheelhouse (apt libffi-dev)",
    "cryptography": "install.sh installs the cabinet without the uplink's parts and says so",
    "paho-mqtt": "install.sh installs the cabinet without the uplink's parts and says so",
}
# lgpio 0.0.0.2 is an empty placeholder wheel: only a real one is worth collecting.
LGPIO = "lgpio>=0.2"
# No armv7l wheels on PyPI: pip builds these on the Pi from the source archive.
BUILT_ON_ARMV7L = ("pygame-ce", "cffi")
# armv7l wheels whose dependency is built on the Pi: downloaded without their dependencies.
NEEDS_A_BUILD_ON_ARMV7L = ("cryptography",)
UPLINK_EXTRA = "uplink"


def project() -> dict[str, object]:
    with (REPO / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def requirements() -> list[str]:
    """bloxcab's run-time dependencies and its uplink extra, as pyproject.toml lists them,
    plus a real lgpio."""
    deps = project()["project"]
    assert isinstance(deps, dict)
    return [*deps["dependencies"], *deps["optional-dependencies"][UPLINK_EXTRA], LGPIO]


def build_backend() -> list[str]:
    system = project()["build-system"]
    assert isinstance(system, dict)
    return list(system["requires"])


def name_of(requirement: str) -> str:
    for stop in "<>=!~;[ ":
        requirement = requirement.split(stop)[0]
    return requirement.strip().lower()


def download_command(target: Target | None, requirement: str, dest: Path,
                     no_deps: bool = False) -> list[str]:
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
               "--dest", str(dest)]
    if no_deps:
        command.append("--no-deps")
    if target is not None:
        for platform in target.platforms:
            command += ["--platform", platform]
        command += ["--python-version", target.python, "--implementation", "cp",
                    "--abi", target.abi]
    return [*command, requirement]


def sdist(name: str, dest: Path) -> tuple[Path, list[str]]:
    """The newest source archive of ``name`` from PyPI (hash checked) and what building and
    running it needs (build requirements and dependencies, from the archive's
    pyproject.toml)."""
    with urllib.request.urlopen(PYPI_JSON.format(name=name), timeout=60) as reply:
        release = json.load(reply)
    files = [f for f in release["urls"] if f["packagetype"] == "sdist"]
    if not files:
        raise LookupError(f"PyPI has no source archive of {name} {release['info']['version']}")
    wanted = files[0]
    with urllib.request.urlopen(wanted["url"], timeout=300) as reply:
        data = reply.read()
    if hashlib.sha256(data).hexdigest() != wanted["digests"]["sha256"]:
        raise LookupError(f"{wanted['filename']}: sha256 differs from PyPI's")
    path = dest / wanted["filename"]
    path.write_bytes(data)
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        member = next(m for m in archive.getmembers()
                      if m.name.count("/") == 1 and m.name.endswith("/pyproject.toml"))
        extracted = archive.extractfile(member)
        assert extracted is not None
        meta = tomllib.load(extracted)
    needs = meta.get("build-system", {}).get("requires", [])
    return path, [*needs, *meta.get("project", {}).get("dependencies", [])]


def run(command: list[str], dry_run: bool) -> bool:
    shown = ["pip", *command[3:]] if command[:3] == [sys.executable, "-m", "pip"] else command
    print("+", shlex.join(shown))
    if dry_run:
        return True
    return subprocess.run(command, check=False).returncode == 0


def collect(dest: Path, dry_run: bool) -> list[str]:
    """Fill ``dest``; return one line per package some target has no wheel for."""
    gaps: list[str] = []
    for requirement in build_backend():
        if not run(download_command(None, requirement, dest), dry_run):
            gaps.append(f"all targets: {requirement}: not downloaded")
    build_needs: list[tuple[str, str]] = []
    for target in TARGETS:
        for requirement in requirements():
            name = name_of(requirement)
            armv7l = target.arch == "armv7l"
            if armv7l and name in ("numpy", *BUILT_ON_ARMV7L):
                continue  # no armv7l wheels on PyPI: apt's numpy, the others built on the Pi
            no_deps = armv7l and name in NEEDS_A_BUILD_ON_ARMV7L
            if not run(download_command(target, requirement, dest, no_deps), dry_run):
                gaps.append(f"{target}: no wheel of {name}; "
                            f"{COVERED_BY.get(name, 'install it on the Pi by hand')}")
    for name in BUILT_ON_ARMV7L:
        print(f"+ (PyPI) newest {name} source archive and what building it needs")
        if not dry_run:
            try:
                _, needs = sdist(name, dest)
                build_needs += [(name, need) for need in needs]
            except (OSError, LookupError) as exc:
                gaps.append(f"armv7l: {name} source: {exc}")
    for target in (t for t in TARGETS if t.arch == "armv7l"):
        for built, requirement in build_needs:
            if not run(download_command(target, requirement, dest), dry_run):
                gaps.append(f"{target}: no wheel of {requirement} (needed to build "
                            f"{built}); run `make wheelhouse` once on a 32-bit Pi "
                            f"with network: it adds a ready-built {built} wheel")
    if platform.machine() in ("armv7l", "armv8l"):
        # On a 32-bit Pi (Debian's -dev packages installed): build these once here, so Pis
        # without network install the wheels instead of building them.
        for name in BUILT_ON_ARMV7L:
            requirement = next((r for r in requirements() if name_of(r) == name), name)
            command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir",
                       str(dest), requirement]
            if not run(command, dry_run):
                gaps.append(f"this Pi: {name} did not build (are the -dev packages of "
                            "docs/raspberry-pi.md installed?)")
    return gaps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make wheelhouse", description=__doc__.split("\n")[0])
    parser.add_argument("dest", type=Path, nargs="?", default=REPO / "wheelhouse")
    parser.add_argument("--dry-run", action="store_true", help="print the pip commands only")
    args = parser.parse_args(argv)
    if not args.dry_run:
        args.dest.mkdir(parents=True, exist_ok=True)
    print(f"wheelhouse {args.dest}: " + "; ".join(str(t) for t in TARGETS))
    gaps = collect(args.dest, args.dry_run)
    for line in gaps:
        print(f"note: {line}")
    if not args.dry_run:
        count = len(list(args.dest.iterdir()))
        print(f"{count} files in {args.dest}; on the Pi: "
              f"sudo systemd/install.sh --wheelhouse {args.dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
