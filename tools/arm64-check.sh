#!/usr/bin/env bash
# Check a bloxcab release for the Raspberry Pi on any Linux PC: build an arm64 Debian 12 root
# with debootstrap, run it through qemu-user-static, and run `make test` inside it, as a
# 64-bit Raspberry Pi OS would. Not part of `make test` (it takes a long time under
# emulation). See docs/arm64-check.md.
#
#   sudo tools/arm64-check.sh                  build the root (once) and run make test in it
#   sudo tools/arm64-check.sh --root DIR       where the root lives (default below)
#   sudo tools/arm64-check.sh --setup-only     build the root and copy the checkout, no tests
#   sudo tools/arm64-check.sh --shell          a shell inside the root instead of the tests
#
# Needs: root, debootstrap, qemu-user-static (with binfmt_misc; Debian/Ubuntu register it
# when the package is installed), network for Debian's mirror and PyPI.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: arm64-check.sh [--root DIR] [--suite NAME] [--mirror URL] [--setup-only | --shell]
  --root DIR    the arm64 root (default /var/tmp/bloxcab-arm64; kept between runs)
  --suite NAME  Debian release (default bookworm: Raspberry Pi OS 12, Python 3.11)
  --mirror URL  Debian mirror (default http://deb.debian.org/debian)
  --setup-only  build the root and copy the checkout, then stop
  --shell       open a shell in the root instead of running the tests
EOF
}

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET=/var/tmp/bloxcab-arm64
SUITE=bookworm
MIRROR=http://deb.debian.org/debian
ACTION="test"
# What `make test` needs inside: Python with venv and pip, make, the system shellcheck (no
# download from GitHub), systemd-analyze for the unit tests, and SDL's run-time libraries.
PACKAGES=python3,python3-venv,python3-pip,make,ca-certificates,shellcheck,systemd,procps

while (($#)); do
    case "$1" in
        --root) [[ $# -ge 2 ]] || { echo "arm64-check.sh: --root needs a directory" >&2; exit 2; }
            TARGET="$2"; shift ;;
        --suite) [[ $# -ge 2 ]] || { echo "arm64-check.sh: --suite needs a name" >&2; exit 2; }
            SUITE="$2"; shift ;;
        --mirror) [[ $# -ge 2 ]] || { echo "arm64-check.sh: --mirror needs a URL" >&2; exit 2; }
            MIRROR="$2"; shift ;;
        --setup-only) ACTION=setup ;;
        --shell) ACTION=shell ;;
        -h | --help) usage; exit 0 ;;
        *) echo "arm64-check.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

say() { printf '==> %s\n' "$*"; }
die() { printf 'arm64-check.sh: %s\n' "$*" >&2; exit 1; }

((EUID == 0)) || die "run as root (sudo $0): debootstrap and chroot need it"
command -v debootstrap >/dev/null || die "debootstrap is missing (apt install debootstrap)"
if [[ "$(uname -m)" != aarch64 ]] && [[ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]]; then
    die "no binfmt_misc entry for aarch64 (apt install qemu-user-static binfmt-support)"
fi

SRC=/opt/bloxcab-src
MOUNTS=()
cleanup() {
    local i
    for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
        umount "${MOUNTS[i]}" 2>/dev/null || umount -l "${MOUNTS[i]}" || true
    done
}
trap cleanup EXIT

bind() {
    mkdir -p "$TARGET$1"
    mount --bind "$1" "$TARGET$1"
    MOUNTS+=("$TARGET$1")
}

if [[ -x "$TARGET/usr/bin/python3" ]]; then
    say "arm64 root $TARGET exists (delete it to start again)"
else
    say "debootstrap $SUITE arm64 into $TARGET (several minutes under emulation)"
    debootstrap --arch=arm64 --variant=minbase --include="$PACKAGES" "$SUITE" "$TARGET" "$MIRROR"
fi

say "copying the checkout $REPO to $SRC (without .git and .venv)"
rm -rf "${TARGET:?}$SRC"
mkdir -p "$TARGET$SRC"
tar -C "$REPO" --exclude=./.git --exclude=./.venv --exclude=./wheelhouse \
    --exclude='__pycache__' --exclude='*.egg-info' -cf - . | tar -C "$TARGET$SRC" -xf -
cp /etc/resolv.conf "$TARGET/etc/resolv.conf"

bind /proc
bind /sys
bind /dev
bind /dev/pts

inside() {
    chroot "$TARGET" /usr/bin/env -i HOME=/root LANG=C.UTF-8 \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$@"
}

say "inside: $(inside uname -m), $(inside python3 --version), Debian $(cat "$TARGET/etc/debian_version")"
case "$ACTION" in
    setup) say "root ready: sudo $0 --root $TARGET --shell" ;;
    shell) inside /bin/bash -c "cd $SRC && exec bash -i" ;;
    test)
        say "make test inside the arm64 root (the venv is built first: pip needs PyPI)"
        inside make -C "$SRC" test
        say "make test passed on arm64"
        ;;
esac
