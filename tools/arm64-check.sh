#!/usr/bin/env bash
# Check a bloxcab release for the Raspberry Pi on any Linux PC, in one command: build an arm64
# Debian 12 root with debootstrap, run it through qemu-user-static, install the package inside
# as a Pi does, run `make test` there, and compare `bloxcab sim` for every rules id with the
# PC's (the engine must give the same bytes on both). Not part of `make test` (about 40 min
# under emulation). See docs/arm64-check.md.
#
#   sudo tools/arm64-check.sh                  build the root (once), install, make test, sim
#   sudo tools/arm64-check.sh --root DIR       where the root lives (default below)
#   sudo tools/arm64-check.sh --no-tests       install and the sim comparison only
#   sudo tools/arm64-check.sh --setup-only     build the root and copy the checkout, no tests
#   sudo tools/arm64-check.sh --shell          a shell inside the root instead of the tests
#
# Needs: root, debootstrap, qemu-user-static (binfmt_misc is mounted and the qemu-aarch64
# entry enabled here when missing), network for Debian's mirror and PyPI, and the PC's own
# venv for the sim comparison (make .venv/.installed-run).
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: arm64-check.sh [--root DIR] [--suite NAME] [--mirror URL] [--frames N]
                      [--no-tests | --setup-only | --shell]
  --root DIR    the arm64 root (default /var/tmp/bloxcab-arm64; kept between runs)
  --suite NAME  Debian release (default bookworm: Raspberry Pi OS 12, Python 3.11)
  --mirror URL  Debian mirror (default http://deb.debian.org/debian)
  --frames N    frames of each sim run in the comparison (default 3000)
  --no-tests    install and compare the sims, without make test
  --setup-only  build the root and copy the checkout, then stop
  --shell       open a shell in the root instead of running the check
USAGE
}

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET=/var/tmp/bloxcab-arm64
SUITE=bookworm
MIRROR=http://deb.debian.org/debian
FRAMES=3000
ACTION="all"
# What `make test` needs inside: Python with venv and pip, make, the system shellcheck (no
# download from GitHub), systemd-analyze for the unit tests, PostgreSQL for the fleet's tests
# (pgserver has no aarch64 wheel), Mosquitto for the broker tests, and SDL's run-time libraries
# come with pygame-ce's wheel.
PACKAGES=python3,python3-venv,python3-pip,make,ca-certificates,shellcheck,systemd,procps,postgresql,mosquitto

while (($#)); do
    case "$1" in
        --root) [[ $# -ge 2 ]] || { echo "arm64-check.sh: --root needs a directory" >&2; exit 2; }
            TARGET="$2"; shift ;;
        --suite) [[ $# -ge 2 ]] || { echo "arm64-check.sh: --suite needs a name" >&2; exit 2; }
            SUITE="$2"; shift ;;
        --mirror) [[ $# -ge 2 ]] || { echo "arm64-check.sh: --mirror needs a URL" >&2; exit 2; }
            MIRROR="$2"; shift ;;
        --frames) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] \
                || { echo "arm64-check.sh: --frames needs a positive number" >&2; exit 2; }
            FRAMES="$2"; shift ;;
        --no-tests) ACTION=no-tests ;;
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

# The kernel runs aarch64 programs through qemu only with a binfmt_misc entry. A container or
# a fresh boot may not have binfmt_misc mounted, and then update-binfmts cannot enable one.
BINFMT=/proc/sys/fs/binfmt_misc
if [[ "$(uname -m)" != aarch64 ]] && [[ ! -e "$BINFMT/qemu-aarch64" ]]; then
    if [[ ! -e "$BINFMT/register" ]]; then
        say "mounting binfmt_misc on $BINFMT"
        mount -t binfmt_misc binfmt_misc "$BINFMT" || die "cannot mount binfmt_misc on $BINFMT"
    fi
    if [[ ! -e "$BINFMT/qemu-aarch64" ]] && command -v update-binfmts >/dev/null; then
        say "enabling the qemu-aarch64 binfmt entry"
        update-binfmts --enable qemu-aarch64 || true
    fi
    [[ -e "$BINFMT/qemu-aarch64" ]] \
        || die "no binfmt_misc entry for aarch64 (apt install qemu-user-static binfmt-support)"
fi

HOST_BLOXCAB="$REPO/.venv/bin/bloxcab"
if [[ "$ACTION" == all || "$ACTION" == no-tests ]] && [[ ! -x "$HOST_BLOXCAB" ]]; then
    die "the PC's venv is missing for the sim comparison (make -C $REPO .venv/.installed-run)"
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
# A PC behind a proxy that inspects TLS trusts the proxy's CA in its local store: the root
# trusts the same ones, and pip inside uses the system's store (PIP_CERT below).
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    say "the PC's local CA certificates into the root's store"
    mkdir -p "$TARGET/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$TARGET/usr/local/share/ca-certificates/"
    chroot "$TARGET" /usr/sbin/update-ca-certificates >/dev/null
fi

bind /proc
bind /sys
bind /dev
bind /dev/pts

inside() {
    chroot "$TARGET" /usr/bin/env -i HOME=/root LANG=C.UTF-8 \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
        PIP_CERT=/etc/ssl/certs/ca-certificates.crt "$@"
}

say "inside: $(inside uname -m), $(inside python3 --version), Debian $(cat "$TARGET/etc/debian_version")"
# Each step's outcome and time; a failed step does not stop the later ones.
FIGURES=()
FAILED=()
timed() {
    local name="$1" t0=$SECONDS
    shift
    if "$@"; then
        FIGURES+=("$name passed in $((SECONDS - t0)) s")
    else
        FIGURES+=("$name FAILED after $((SECONDS - t0)) s")
        FAILED+=("$name")
    fi
}

# Every rules id, played by its attract-mode demo player (seeded random play where the demo
# player does not play that mode): the JSON summaries (state hash, score, lines, frames) must
# be the same bytes on the PC and in the root.
compare_sims() {
    local rules id inputs host arm differ=0
    rules="$("$HOST_BLOXCAB" sim --help | sed -n 's/.*--rules {\([^}]*\)}.*/\1/p' | head -n 1)"
    [[ -n "$rules" ]] || die "cannot read the rules ids from 'bloxcab sim --help'"
    for id in ${rules//,/ }; do
        inputs=demo
        if ! host="$("$HOST_BLOXCAB" sim --rules "$id" --seed 0x1988 --inputs demo \
                --frames "$FRAMES" 2>/dev/null)"; then
            inputs=random:7
            say "sim $id: the demo player fails on the PC too; seeded random play instead"
            host="$("$HOST_BLOXCAB" sim --rules "$id" --seed 0x1988 --inputs "$inputs" \
                --frames "$FRAMES")" || { differ=$((differ + 1)); continue; }
        fi
        if ! arm="$(inside "$SRC/.venv/bin/bloxcab" sim --rules "$id" --seed 0x1988 \
                --inputs "$inputs" --frames "$FRAMES")"; then
            printf 'arm64-check.sh: sim %s failed in the root\n' "$id" >&2
            differ=$((differ + 1))
        elif [[ "$host" == "$arm" ]]; then
            say "sim $id ($inputs): same on x86 and arm64"
        else
            printf 'arm64-check.sh: sim %s differs\n  PC:    %s\n  arm64: %s\n' \
                "$id" "$host" "$arm" >&2
            differ=$((differ + 1))
        fi
    done
    if ((differ > 0)); then
        printf 'arm64-check.sh: %d rules ids differ or fail between the PC and arm64\n' \
            "$differ" >&2
        return 1
    fi
}

case "$ACTION" in
    setup) say "root ready: sudo $0 --root $TARGET --shell" ;;
    shell) inside /bin/bash -c "cd $SRC && exec bash -i" ;;
    all | no-tests)
        say "install inside the arm64 root, as make test does on a Pi (pip needs PyPI)"
        timed install inside make -C "$SRC" .venv/.installed-test
        ((${#FAILED[@]} == 0)) || die "the install failed inside the root: nothing to test"
        if [[ "$ACTION" == all ]]; then
            say "make test inside the arm64 root"
            timed "make test" inside make -C "$SRC" test
        fi
        say "bloxcab sim, every rules id, $FRAMES frames, on the PC and in the root"
        timed "sim comparison" compare_sims
        for line in "${FIGURES[@]}"; do
            say "$line"
        done
        ((${#FAILED[@]} == 0)) || die "failed: ${FAILED[*]}"
        say "arm64 check passed"
        ;;
esac
