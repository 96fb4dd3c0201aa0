"""Offline install: `install.sh --wheelhouse DIR` installs with pip --no-index, and
`make wheelhouse` (tools/wheelhouse.py) collects what pyproject.toml asks for.

The wheelhouse here is built in the test from this venv's installed distributions, repacked
as wheels, so the test needs no network; pip runs with no index, no configuration files and
a proxy that refuses every connection, so it could not reach one either.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.tags import sys_tags
from packaging.utils import canonicalize_name

from tests.install_kit import REPO, install, listed, tree

TOOL = REPO / "tools" / "wheelhouse.py"


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


def repack(dist: metadata.Distribution, dest: Path) -> Path:
    """A wheel of an installed distribution: the files its RECORD lists inside
    site-packages, under the first tag of its own WHEEL file that this Python accepts."""
    wheel_text = dist.read_text("WHEEL") or ""
    accepted = {str(t) for t in sys_tags()}
    tag = next(t for line in wheel_text.splitlines() if line.startswith("Tag:")
               if (t := line.split(":", 1)[1].strip()) in accepted)
    name = canonicalize_name(dist.metadata["Name"]).replace("-", "_")
    path = dest / f"{name}-{dist.version}-{tag}.whl"
    base = Path(str(dist.locate_file("")))
    rows: list[list[str]] = []
    record_name = ""
    with zipfile.ZipFile(path, "w") as wheel:
        for file in dist.files or []:
            arcname = file.as_posix()
            parts = file.parts
            own = len(parts) == 2 and parts[0].endswith(".dist-info")  # not a vendored one
            if (arcname.startswith("..") or "__pycache__" in parts
                    or (own and parts[1] in ("INSTALLER", "REQUESTED", "direct_url.json"))):
                continue  # scripts outside site-packages come back from entry_points.txt
            if own and parts[1] == "RECORD":
                record_name = arcname
                continue
            data = (base / file).read_bytes()
            wheel.writestr(arcname, data)
            rows.append([arcname, _record_hash(data), str(len(data))])
        rows.append([record_name, "", ""])
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(rows)
        wheel.writestr(record_name, out.getvalue())
    return path


def needed_distributions() -> list[metadata.Distribution]:
    """bloxcab's run-time dependencies and its uplink extra, recursively, and its build
    backend (install.sh installs `bloxcab[uplink]`)."""
    with (REPO / "pyproject.toml").open("rb") as f:
        project = tomllib.load(f)
    todo = [Requirement(r) for r in project["project"]["dependencies"]]
    todo += [Requirement(r) for r in project["project"]["optional-dependencies"]["uplink"]]
    todo += [Requirement(r) for r in project["build-system"]["requires"]]
    found: dict[str, metadata.Distribution] = {}
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        if name in found or (requirement.marker and not requirement.marker.evaluate(
                {"extra": ""})):
            continue
        dist = metadata.distribution(requirement.name)
        found[name] = dist
        todo += [Requirement(r) for r in dist.requires or []]
    return list(found.values())


def checkout_copy(dest: Path) -> Path:
    """The files install.sh and pip use, so the build leaves the real checkout alone."""
    with (REPO / "pyproject.toml").open("rb") as f:
        packages = tomllib.load(f)["tool"]["setuptools"]["packages"]["find"]["include"]
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build")
    for part in [*(p.rstrip("*") for p in packages), "systemd"]:
        shutil.copytree(REPO / part, dest / part, ignore=ignore)
    (dest / "docs").mkdir()
    for name in ("pyproject.toml", "README.md", "docs/cabinet.toml.example"):
        shutil.copy(REPO / name, dest / name)
    return dest


def offline_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.upper().startswith(("PIP_", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"))}
    # No pip.conf (it may name other indexes), and nowhere to connect to.
    env.update(PIP_CONFIG_FILE=os.devnull, http_proxy="http://127.0.0.1:9",
               https_proxy="http://127.0.0.1:9", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


@pytest.fixture
def big_tmp(tmp_path: Path) -> Iterator[Path]:
    """tmp_path, emptied afterwards: the wheelhouse and the venv hold a few hundred MB."""
    yield tmp_path
    shutil.rmtree(tmp_path, ignore_errors=True)


def test_install_sh_wheelhouse_installs_with_pip_no_index(big_tmp: Path) -> None:
    tmp_path = big_tmp
    wheelhouse = tmp_path / "wheelhouse"
    wheelhouse.mkdir()
    wheels = [repack(dist, wheelhouse) for dist in needed_distributions()]
    names = {canonicalize_name(w.name.split("-")[0]) for w in wheels}
    assert {"pygame-ce", "numpy", "gpiozero", "pyserial", "setuptools", "paho-mqtt",
            "cryptography"} <= names
    # The uplink extra is the cabinet's: none of the fleet service's parts come with it.
    assert not {"amqtt", "pgserver", "psycopg", "uvicorn", "starlette"} & names
    repo = checkout_copy(tmp_path / "bloxcab")
    root = tree(tmp_path / "root")

    done = install("--dry-run", "--force", "--repo", str(repo), "--wheelhouse",
                   str(wheelhouse), root=root)
    assert done.returncode == 0, done.stderr
    pip = shlex.split(next(c for c in listed(done.stdout) if " -m pip install " in c))
    venv_python = Path(pip[0])
    # install.sh's venv has system site packages; this one has none, so every package must
    # come from the wheelhouse.
    subprocess.run([sys.executable, "-m", "venv", str(venv_python.parent.parent)], check=True,
                   timeout=120)

    installed = subprocess.run(pip, capture_output=True, text=True, env=offline_env(),
                               timeout=600, check=False)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    bin_dir = venv_python.parent
    check = subprocess.run([str(bin_dir / "bloxcab"), "config", "check",
                            str(repo / "docs/cabinet.toml.example")],
                           capture_output=True, text=True, timeout=120, check=False)
    assert check.returncode == 0, check.stdout + check.stderr
    imported = subprocess.run(
        [str(venv_python), "-c", "import pygame, numpy, gpiozero, serial, firmware; "
         "print(firmware.__file__)"], capture_output=True, text=True, timeout=120,
        check=False, cwd=tmp_path, env={**offline_env(), "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.strip().startswith(str(bin_dir.parent))  # not the checkout
    # What the uplink unit runs works from that install alone: `fleet enroll` writes the key
    # (0600) and the request, and `bloxcab uplink` gets as far as the missing certificate.
    keys = tmp_path / "fleet"
    enroll = subprocess.run([str(bin_dir / "bloxcab"), "fleet", "enroll", "--cabinet",
                             "arcade-7", "--keys", str(keys)], capture_output=True, text=True,
                            timeout=120, check=False, cwd=tmp_path)
    assert enroll.returncode == 0, enroll.stdout + enroll.stderr
    assert (keys / "cabinet.key").stat().st_mode & 0o777 == 0o600
    assert (keys / "cabinet.csr").read_text().startswith("-----BEGIN CERTIFICATE REQUEST")
    uplink = subprocess.run([str(bin_dir / "bloxcab"), "uplink", "--cabinet", "arcade-7",
                             "--broker", "fleet.invalid:8883", "--keys", str(keys),
                             "--outbox", str(tmp_path / "outbox")],
                            capture_output=True, text=True, timeout=120, check=False,
                            cwd=tmp_path)
    assert uplink.returncode == 2, uplink.stdout + uplink.stderr
    assert "ca.crt" in uplink.stderr and "not installed" not in uplink.stderr
    lean = subprocess.run([str(venv_python), "-c", "import amqtt"], capture_output=True,
                          text=True, timeout=60, check=False, cwd=tmp_path)
    assert lean.returncode != 0 and "amqtt" in lean.stderr


def test_make_wheelhouse_asks_for_every_dependency_on_every_pi_platform() -> None:
    done = subprocess.run([sys.executable, str(TOOL), "--dry-run", "/nonexistent/wh"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    with (REPO / "pyproject.toml").open("rb") as f:
        project = tomllib.load(f)
    downloads = [shlex.split(line[2:]) for line in done.stdout.splitlines()
                 if line.startswith("+ pip download")]

    def asked(arch: str, python: str) -> set[str]:
        return {canonicalize_name(Requirement(c[-1]).name) for c in downloads
                if f"linux_{arch}" in c and python in c}

    wanted = {canonicalize_name(Requirement(r).name) for r in [
        *project["project"]["dependencies"], *project["project"]["optional-dependencies"][
            "uplink"]]}
    assert {"pygame-ce", "numpy", "gpiozero", "pyserial", "paho-mqtt", "cryptography"} <= wanted
    for python in ("3.11", "3.13"):
        assert asked("aarch64", python) == wanted | {"lgpio"}
        # armv7l: numpy from apt, pygame-ce built on the Pi from the source archive.
        assert asked("armv7l", python) == wanted - {"numpy", "pygame-ce"} | {"lgpio"}
    # cryptography's armv7l wheel needs cffi, which PyPI has no armv7l wheel of: the wheel
    # comes alone and cffi from its source archive.
    armv7l_crypto = [c for c in downloads if "linux_armv7l" in c and "cryptography" in c[-1]]
    assert armv7l_crypto and all("--no-deps" in c for c in armv7l_crypto)
    assert all("--no-deps" not in c for c in downloads if "cryptography" not in c[-1])
    assert "newest cffi source archive" in done.stdout
    backend = {canonicalize_name(Requirement(c[-1]).name) for c in downloads
               if not any(a.startswith("--platform") for a in c)}
    assert backend == {canonicalize_name(Requirement(r).name)
                       for r in project["build-system"]["requires"]}
    # Every manylinux tag up to Debian 12's glibc 2.36 is accepted (pip takes them literally).
    aarch64 = next(c for c in downloads if "linux_aarch64" in c)
    tags = {aarch64[i + 1] for i, a in enumerate(aarch64) if a == "--platform"}
    assert {"manylinux2014_aarch64", "manylinux_2_17_aarch64", "manylinux_2_34_aarch64",
            "manylinux_2_36_aarch64"} <= tags
    assert not any(re.fullmatch(r"manylinux_2_(3[7-9]|[4-9]\d)_aarch64", t) for t in tags)
