#!/usr/bin/env bash
# Install (or remove) the bloxcab kiosk on a Raspberry Pi running Raspberry Pi OS (Debian).
#
#   sudo systemd/install.sh              install or update, then start the cabinet on tty1
#   sudo systemd/install.sh --uninstall  remove everything except save data (/var/lib/bloxcab)
#   systemd/install.sh --dry-run         print every command instead of running it
#
# Safe to run again: every step either checks first or is harmless to repeat.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: install.sh [--dry-run] [--force] [--uninstall] [--repo DIR]
  --dry-run    print every command instead of running it (no root needed)
  --force      install even if this does not look like a Raspberry Pi running Debian
  --uninstall  remove the service, venv, config, udev rule and user; keep /var/lib/bloxcab
  --repo DIR   the bloxcab checkout to install (default: the one holding this script)
EOF
}

DRY_RUN=0
FORCE=0
UNINSTALL=0
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

while (($#)); do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --force) FORCE=1 ;;
        --uninstall) UNINSTALL=1 ;;
        --repo)
            [[ $# -ge 2 ]] || { echo "install.sh: --repo needs a directory" >&2; exit 2; }
            REPO="$(cd "$2" && pwd)"
            shift
            ;;
        -h | --help) usage; exit 0 ;;
        *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

# Test hooks: a tree to install into and the board model file (used with --dry-run in tests).
ROOT="${BLOXCAB_ROOT:-}"
MODEL_FILE="${BLOXCAB_MODEL_FILE:-/proc/device-tree/model}"

SERVICE_USER=arcade
# KMS, input events, sound, GPIO chips, serial (reference cabinet.md §5.1).
SERVICE_GROUPS=(video render input audio gpio dialout)
PREFIX="$ROOT/opt/bloxcab"
VENV="$PREFIX/venv"
CONF_DIR="$ROOT/etc/bloxcab"
CONF="$CONF_DIR/cabinet.toml"
UNIT="$ROOT/etc/systemd/system/bloxcab.service"
UDEV_RULE="$ROOT/etc/udev/rules.d/99-bloxcab-jvs.rules"
STATE_DIR=/var/lib/bloxcab
# SDL's KMSDRM driver loads libdrm/libgbm/EGL at run time; lgpio for gpiozero on a Pi 5
# comes from apt because PyPI has no aarch64 wheel (reference cabinet.md §0.5, §4.3).
APT_PACKAGES=(python3-venv python3-pip libdrm2 libgbm1 libegl1 libgles2)

say() { printf '==> %s\n' "$*"; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

# Every change goes through run: it echoes the command, and runs it unless --dry-run.
run() {
    local arg
    printf '+'
    for arg in "$@"; do
        if [[ "$arg" =~ ^[A-Za-z0-9_./:=,@+-]+$ ]]; then
            printf ' %s' "$arg"
        else
            printf ' %q' "$arg"
        fi
    done
    printf '\n'
    if ((DRY_RUN == 0)); then
        "$@"
    fi
}

looks_like_a_pi() {
    [[ -r /etc/debian_version ]] && [[ -r "$MODEL_FILE" ]] \
        && tr -d '\0' <"$MODEL_FILE" | grep -q "Raspberry Pi"
}

preflight() {
    if ! looks_like_a_pi; then
        if ((FORCE)); then
            say "not a Raspberry Pi running Debian; going on because of --force"
        else
            die "this is not a Raspberry Pi running Debian (no 'Raspberry Pi' in $MODEL_FILE); use --force to install anyway"
        fi
    fi
    if ((DRY_RUN == 0)) && ((EUID != 0)); then
        die "run as root (sudo $0), or try --dry-run"
    fi
    if [[ "$(findmnt -n -o FSTYPE / 2>/dev/null || true)" == overlay ]]; then
        # raspi-config's overlay file system keeps writes in RAM (reference cabinet.md §5.3).
        if ((DRY_RUN)); then
            say "warning: / is an overlay; a real install would be lost at reboot"
        else
            die "/ is an overlay (read-only root): turn the overlay off in raspi-config, reboot, install, then turn it back on"
        fi
    fi
}

install_cabinet() {
    [[ -f "$REPO/pyproject.toml" && -f "$REPO/systemd/bloxcab.service" ]] \
        || die "$REPO is not a bloxcab checkout (use --repo DIR)"
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "bloxcab needs Python 3.11 or newer (Raspberry Pi OS 12 'bookworm' has it)"

    say "This will:"
    say "  1. install ${APT_PACKAGES[*]} (and python3-lgpio if apt has it)"
    say "  2. create the user '$SERVICE_USER' in groups ${SERVICE_GROUPS[*]}"
    say "  3. create the venv $VENV (--system-site-packages) and pip install $REPO"
    say "  4. write $CONF unless it exists"
    say "  5. install the udev rule for USB-RS485 adapters (JVS latency timer 1 ms)"
    say "  6. install $UNIT, disable getty@tty1, enable and (re)start bloxcab"
    say "Save data lives in $STATE_DIR (systemd's StateDirectory)."

    say "1. packages"
    local packages=("${APT_PACKAGES[@]}")
    if apt-cache show python3-lgpio >/dev/null 2>&1; then
        packages+=(python3-lgpio)
    fi
    run apt-get update
    run apt-get install -y --no-install-recommends "${packages[@]}"

    say "2. user and groups"
    local group
    for group in "${SERVICE_GROUPS[@]}"; do
        if getent group "$group" >/dev/null; then
            say "group $group exists"
        else
            run groupadd --system "$group"
        fi
    done
    if id -u "$SERVICE_USER" >/dev/null 2>&1; then
        say "user $SERVICE_USER exists"
    else
        run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin "$SERVICE_USER"
    fi
    local joined
    joined="$(IFS=,; echo "${SERVICE_GROUPS[*]}")"
    run usermod --append --groups "$joined" "$SERVICE_USER"

    say "3. venv and package"
    if [[ -x "$VENV/bin/python" ]]; then
        say "venv $VENV exists"
    else
        run install -d -m 0755 "$PREFIX"
        # System site packages: Raspberry Pi OS's python3-lgpio (reference cabinet.md §3.1).
        run python3 -m venv --system-site-packages "$VENV"
    fi
    run "$VENV/bin/python" -m pip install --no-cache-dir --upgrade "$REPO"

    say "4. configuration"
    run install -d -m 0755 "$CONF_DIR"
    if [[ -e "$CONF" ]]; then
        say "keeping $CONF"
    else
        run install -m 0644 "$REPO/docs/cabinet.toml.example" "$CONF"
    fi
    if ! run "$VENV/bin/bloxcab" config check "$CONF"; then
        say "warning: fix $CONF (the cabinet starts with defaults for the bad keys)"
    fi

    say "5. udev rule for JVS adapters"
    run install -d -m 0755 "$(dirname "$UDEV_RULE")"
    run install -m 0644 "$REPO/systemd/99-bloxcab-jvs.rules" "$UDEV_RULE"
    run udevadm control --reload-rules
    run udevadm trigger --action=add --subsystem-match=usb-serial

    say "6. service"
    run install -d -m 0755 "$(dirname "$UNIT")"
    run install -m 0644 "$REPO/systemd/bloxcab.service" "$UNIT"
    run systemctl daemon-reload
    # The game owns tty1; the unit's Conflicts= stops getty there, this keeps it from coming
    # back at boot.
    run systemctl disable getty@tty1.service
    run systemctl enable bloxcab.service
    run systemctl restart bloxcab.service
    say "done: the cabinet runs on tty1 (journalctl -u bloxcab; systemctl status bloxcab)"
}

uninstall_cabinet() {
    say "This will remove the bloxcab service, $PREFIX, $CONF_DIR, the udev rule and the"
    say "user '$SERVICE_USER', give tty1 back to getty, and keep save data in $STATE_DIR."
    if [[ -e "$UNIT" ]]; then
        run systemctl disable --now bloxcab.service
        run rm -f "$UNIT"
        run systemctl daemon-reload
    else
        say "no unit at $UNIT"
    fi
    run systemctl enable getty@tty1.service
    run systemctl start --no-block getty@tty1.service
    run rm -f "$UDEV_RULE"
    run udevadm control --reload-rules
    run rm -rf "$PREFIX" "$CONF_DIR"
    if id -u "$SERVICE_USER" >/dev/null 2>&1; then
        run userdel "$SERVICE_USER"
    else
        say "no user $SERVICE_USER"
    fi
    say "done: save data kept in $STATE_DIR (delete it by hand to clear rankings and bookkeeping)"
}

preflight
if ((UNINSTALL)); then
    uninstall_cabinet
else
    install_cabinet
fi
