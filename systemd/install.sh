#!/usr/bin/env bash
# Install (or remove) the bloxcab kiosk on a Raspberry Pi running Raspberry Pi OS (Debian).
#
#   sudo systemd/install.sh              install or update, then start the cabinet on tty1
#   sudo systemd/install.sh --uninstall  remove everything except save data (/var/lib/bloxcab)
#                                        and the user that owns it
#   sudo systemd/install.sh --wheelhouse DIR   install with no network (see `make wheelhouse`)
#   systemd/install.sh --dry-run         print every command instead of running it
#
# Safe to run again: every step either checks first or is harmless to repeat.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: install.sh [--dry-run] [--force] [--uninstall] [--repo DIR] [--wheelhouse DIR]
  --dry-run         print every command instead of running it (no root needed)
  --force           install even if this does not look like a Raspberry Pi running Debian
  --uninstall       remove the service, venv, config and udev rule, and undo what the
                    install changed (its record: groups, folders, getty on tty1); keep the
                    save data in /var/lib/bloxcab and the user 'arcade' that owns it
  --repo DIR        the bloxcab checkout to install (default: the one holding this script)
  --wheelhouse DIR  no network: Python packages from DIR (made by `make wheelhouse`), Debian
                    packages only if already installed or in apt's cache
EOF
}

DRY_RUN=0
KIOSK_START_FAILED=0
FORCE=0
UNINSTALL=0
WHEELHOUSE=""
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
        --wheelhouse)
            [[ $# -ge 2 && -d "${2:-}" ]] \
                || { echo "install.sh: --wheelhouse needs a directory (make wheelhouse)" >&2; exit 2; }
            WHEELHOUSE="$(cd "$2" && pwd)"
            shift
            ;;
        -h | --help) usage; exit 0 ;;
        *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

# Test hooks (used with --dry-run in tests): a tree to install into, whose /etc/passwd and
# /etc/group are the accounts looked up and whose /run says whether systemd and udevd run;
# the board model file; the Debian architecture.
ROOT="${BLOXCAB_ROOT:-}"
MODEL_FILE="${BLOXCAB_MODEL_FILE:-/proc/device-tree/model}"
ARCH="${BLOXCAB_ARCH:-$(dpkg --print-architecture 2>/dev/null || uname -m)}"
# The service manager's command (a test hook too: a name that is not installed stands for a
# root without systemd's tools, such as a minimal container).
SYSTEMCTL="${BLOXCAB_SYSTEMCTL:-systemctl}"

SERVICE_USER=arcade
# KMS (video, render), /dev/input (input), ALSA (audio), /dev/gpiochip* (gpio), serial
# adapters for JVS (dialout).
SERVICE_GROUPS=(video render input audio gpio dialout)
PREFIX="$ROOT/opt/bloxcab"
VENV="$PREFIX/venv"
CONF_DIR="$ROOT/etc/bloxcab"
CONF="$CONF_DIR/cabinet.toml"
UNIT="$ROOT/etc/systemd/system/bloxcab.service"
# The uplink (docs/fleet.md): installed, never enabled here; it needs uplink.env and the
# cabinet's certificate first.
UPLINK_UNIT="$ROOT/etc/systemd/system/bloxcab-uplink.service"
UDEV_RULE="$ROOT/etc/udev/rules.d/99-bloxcab-jvs.rules"
# What this script changed on the system, so --uninstall undoes just that: one line each,
# "group NAME" (created here), "dir PATH" (created here), "getty@tty1 enabled|disabled"
# (as found by the first install).
RECORD="$PREFIX/install-record"
STATE_DIR=/var/lib/bloxcab
# The folders bloxcab-uplink.service binds into its namespace (BindPaths=, BindReadOnlyPaths=):
# systemd refuses to start the unit when one is missing. The kiosk writes the outbox; the
# uplink reads and deletes; `bloxcab fleet enroll`, run as the service user, writes the key.
UPLINK_DIRS=("$STATE_DIR/outbox" "$STATE_DIR/fleet")
# SDL's KMSDRM driver loads libdrm/libgbm/EGL at run time. gpiozero's lgpio pin factory (the
# one a Pi 5 needs) comes from apt's python3-lgpio through the venv's system site packages:
# bloxcab never pip-installs lgpio (with Python 3.13 and wheels only, pip would pick lgpio
# 0.0.0.2, an empty placeholder; bookworm's Python 3.11 gets the real 0.2.2.0 wheel).
APT_PACKAGES=(python3-venv python3-pip libdrm2 libgbm1 libegl1 libgles2)
# 32-bit Raspberry Pi OS (armhf, armv7l): PyPI has no armv7l wheels of pygame-ce or numpy,
# and Debian's python3-pygame (2.1.2) is too old. numpy comes from apt; pip builds pygame-ce
# against Debian's SDL 2, which has the KMSDRM driver.
# cryptography (the uplink's) has armv7l wheels on PyPI, but its cffi has none: pip builds
# cffi against libffi-dev.
ARMHF_PACKAGES=(python3-numpy python3-dev build-essential pkg-config libffi-dev
    libsdl2-dev libsdl2-image-dev libsdl2-mixer-dev libsdl2-ttf-dev
    libfreetype-dev libportmidi-dev libjpeg-dev libpng-dev)

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

user_exists() {
    if [[ -n "$ROOT" ]]; then
        grep -q "^$1:" "$ROOT/etc/passwd" 2>/dev/null
    else
        id -u "$1" >/dev/null 2>&1
    fi
}

group_exists() {
    if [[ -n "$ROOT" ]]; then
        grep -q "^$1:" "$ROOT/etc/group" 2>/dev/null
    else
        getent group "$1" >/dev/null
    fi
}

# systemd and udevd run on a booted system, not in a chroot, a container build or an SD card
# image being prepared on another machine: there the service is enabled for the next boot.
systemd_running() { [[ -d "$ROOT/run/systemd/system" ]]; }
udevd_running() { [[ -e "$ROOT/run/udev/control" ]]; }

have_systemctl() { command -v "$SYSTEMCTL" >/dev/null; }

# systemctl through run, or a warning where this root has no systemctl at all.
systemctl_step() {
    if have_systemctl; then
        run "$SYSTEMCTL" "$@"
    else
        say "warning: no systemctl here; skipped 'systemctl $*'"
    fi
}

# Add a line to the install record (unless it is there): `run` has no redirection.
remember() {
    printf '+ remember %q in %s\n' "$1" "$RECORD"
    if ((DRY_RUN == 0)) && ! grep -qxF "$1" "$RECORD" 2>/dev/null; then
        printf '%s\n' "$1" >>"$RECORD"
    fi
}

recorded() { grep -qxF "$1" "$RECORD" 2>/dev/null; }

getty_enabled() {
    have_systemctl || return 1
    if [[ -n "$ROOT" ]]; then
        "$SYSTEMCTL" --root="$ROOT" is-enabled --quiet getty@tty1.service 2>/dev/null
    else
        "$SYSTEMCTL" is-enabled --quiet getty@tty1.service 2>/dev/null
    fi
}

# A step that may fail where a daemon is missing: warn and go on.
run_or_warn() {
    if ! run "$@"; then
        say "warning: '$*' failed; going on (the next boot applies it)"
    fi
}

is_32bit_arm() { [[ "$ARCH" == armhf || "$ARCH" == armv7l || "$ARCH" == armel ]]; }

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
        # raspi-config's overlay file system keeps every write in RAM until the next boot.
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

    local packages=("${APT_PACKAGES[@]}")
    if is_32bit_arm; then
        packages+=("${ARMHF_PACKAGES[@]}")
    fi
    if apt-cache show python3-lgpio >/dev/null 2>&1; then
        packages+=(python3-lgpio)
    fi
    # The package with its uplink extra (paho-mqtt, cryptography): `bloxcab uplink` and
    # `bloxcab fleet enroll`. If those cannot be installed, the cabinet is installed alone.
    local pip_index=()
    if [[ -n "$WHEELHOUSE" ]]; then
        pip_index=(--no-index --find-links "$WHEELHOUSE")
    fi

    say "This will:"
    if [[ -n "$WHEELHOUSE" ]]; then
        say "  1. check that ${packages[*]} are installed (no network: apt's cache only)"
    else
        say "  1. install ${packages[*]}"
    fi
    say "  2. create the user '$SERVICE_USER' in groups ${SERVICE_GROUPS[*]}"
    say "  3. create the venv $VENV (--system-site-packages) and pip install $REPO"
    say "     with its uplink parts (paho-mqtt, cryptography)"
    if [[ -n "$WHEELHOUSE" ]]; then
        say "     from $WHEELHOUSE only (pip --no-index)"
    fi
    say "  4. write $CONF unless it exists"
    say "  5. install the udev rule for USB-RS485 adapters (JVS latency timer 1 ms)"
    say "  6. install $UNIT, disable getty@tty1, enable and (re)start bloxcab"
    say "  7. create $STATE_DIR/outbox and $STATE_DIR/fleet (owner $SERVICE_USER, mode 0700) and"
    say "     install $UPLINK_UNIT, not enabled"
    say "  8. say whether the kiosk runs (a failed first start stops none of the steps)"
    say "What it changes (groups, folders it creates, getty on tty1) goes into $RECORD,"
    say "so --uninstall undoes just that."
    say "Save data lives in $STATE_DIR (systemd's StateDirectory)."
    if is_32bit_arm; then
        say "32-bit Raspberry Pi OS ($ARCH): PyPI has no armv7l wheels of pygame-ce and numpy,"
        say "so numpy comes from apt and pip builds pygame-ce against Debian's SDL 2 (which has"
        say "the KMSDRM driver). That build takes several minutes; let it run."
    fi

    say "1. packages"
    if [[ -n "$WHEELHOUSE" ]]; then
        # --no-download: succeeds when every package is installed or its .deb is in
        # /var/cache/apt/archives, and says which are missing otherwise.
        run apt-get install -y --no-install-recommends --no-download "${packages[@]}" \
            || die "missing Debian packages (above): install them first, or copy their .deb files into /var/cache/apt/archives"
    else
        run apt-get update
        run apt-get install -y --no-install-recommends "${packages[@]}"
    fi

    # The record of what this install changes lives beside the venv.
    run install -d -m 0755 "$PREFIX"

    say "2. user and groups"
    local group
    for group in "${SERVICE_GROUPS[@]}"; do
        if group_exists "$group"; then
            say "group $group exists"
        else
            run groupadd --system "$group"
            remember "group $group"
        fi
    done
    if user_exists "$SERVICE_USER"; then
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
        # System site packages: Raspberry Pi OS's python3-lgpio (and python3-numpy on armhf).
        run python3 -m venv --system-site-packages "$VENV"
    fi
    if is_32bit_arm; then
        say "building pygame-ce for armv7l: several minutes follow"
    fi
    if ! run "$VENV/bin/python" -m pip install --no-cache-dir --upgrade "${pip_index[@]}" \
        "${REPO}[uplink]"; then
        say "warning: the uplink's parts (paho-mqtt, cryptography) did not install; installing"
        say "         the cabinet without them (bloxcab uplink will say what is missing)"
        run "$VENV/bin/python" -m pip install --no-cache-dir --upgrade "${pip_index[@]}" "$REPO"
    fi

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
    local rules_dir
    rules_dir="$(dirname "$UDEV_RULE")"
    if [[ ! -d "$(dirname "$rules_dir")" ]]; then
        remember "dir ${rules_dir%/*}"
    fi
    if [[ ! -d "$rules_dir" ]]; then
        remember "dir $rules_dir"
    fi
    run install -d -m 0755 "$rules_dir"
    run install -m 0644 "$REPO/systemd/99-bloxcab-jvs.rules" "$UDEV_RULE"
    if udevd_running; then
        run_or_warn udevadm control --reload-rules
        run_or_warn udevadm trigger --action=add --subsystem-match=usb-serial
    else
        say "warning: udevd is not running (a chroot or an image being prepared?): the rule"
        say "         takes effect at the next boot"
    fi

    say "6. service"
    run install -d -m 0755 "$(dirname "$UNIT")"
    run install -m 0644 "$REPO/systemd/bloxcab.service" "$UNIT"
    if systemd_running; then
        systemctl_step daemon-reload
    fi
    # The game owns tty1; the unit's Conflicts= stops getty there, this keeps it from coming
    # back at boot. enable/disable only write symlinks, so they work without a running systemd.
    # The first install notes whether getty was enabled, for --uninstall to put it back so.
    if ! grep -q '^getty@tty1 ' "$RECORD" 2>/dev/null; then
        if getty_enabled; then
            remember "getty@tty1 enabled"
        else
            remember "getty@tty1 disabled"
        fi
    fi
    systemctl_step disable getty@tty1.service
    systemctl_step enable bloxcab.service
    # The kiosk's first start may fail (a Pi with no display connected): the remaining steps
    # go on, and the end of the script says how the kiosk is.
    if systemd_running && have_systemctl; then
        if ! run "$SYSTEMCTL" restart bloxcab.service; then
            KIOSK_START_FAILED=1
            say "warning: bloxcab.service did not start; going on with the other steps"
        fi
    fi

    say "7. uplink (to the fleet's broker)"
    # The state directory as the kiosk unit makes it (StateDirectoryMode=0700), so it and the
    # uplink's folders exist before either unit first starts.
    run install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 0700 "$ROOT$STATE_DIR"
    local dir
    for dir in "${UPLINK_DIRS[@]}"; do
        run install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 0700 "$ROOT$dir"
    done
    run install -m 0644 "$REPO/systemd/bloxcab-uplink.service" "$UPLINK_UNIT"
    if systemd_running; then
        systemctl_step daemon-reload
        # An uplink the operator has started picks up the new code; a stopped one stays so.
        if have_systemctl && ! run "$SYSTEMCTL" try-restart bloxcab-uplink.service; then
            say "warning: bloxcab-uplink.service did not restart (journalctl -u bloxcab-uplink)"
        fi
    fi
    say "bloxcab-uplink.service is installed but NOT enabled: it needs /etc/bloxcab/uplink.env"
    say "(CABINET=, BROKER=) and the cabinet's key and certificates in $STATE_DIR/fleet first:"
    say "  sudo -u $SERVICE_USER ${VENV#"$ROOT"}/bin/bloxcab fleet enroll --cabinet ID \\"
    say "      --keys $STATE_DIR/fleet"
    say "then the steps of docs/fleet.md ('The uplink (on the cabinet)'), ending with"
    say "  sudo systemctl enable --now bloxcab-uplink"
    report_kiosk
}

# The last word: how the kiosk is after the install.
report_kiosk() {
    say "8. the kiosk"
    if ! have_systemctl; then
        say "no systemctl in this root: bloxcab.service is installed; enable it where systemd"
        say "runs (systemctl enable bloxcab.service) and it starts on tty1 at boot"
    elif ! systemd_running; then
        say "systemd is not running here: bloxcab is enabled and starts on tty1 at the next boot"
    elif ((DRY_RUN)); then
        say "dry run: the kiosk's state is not asked"
    else
        local state
        state="$("$SYSTEMCTL" is-active bloxcab.service 2>/dev/null || true)"
        if ((KIOSK_START_FAILED == 0)) && [[ "$state" == active ]]; then
            say "done: the cabinet runs on tty1 (journalctl -u bloxcab; systemctl status bloxcab)"
        else
            say "warning: the kiosk is ${state:-unknown}, not running; everything else is installed."
            say "         See why: journalctl -u bloxcab -b. With no display connected it cannot"
            say "         start: connect one, then sudo systemctl restart bloxcab"
        fi
    fi
}

uninstall_cabinet() {
    say "This will remove the bloxcab and bloxcab-uplink services, $PREFIX, $CONF_DIR and the"
    say "udev rule, undo what the install record says it changed (groups and folders it"
    say "created, getty on tty1 as it was), and keep the save data in $STATE_DIR (with the"
    say "outbox and the fleet key) and the user"
    say "'$SERVICE_USER' that owns it, so a later install finds both as they were."
    if [[ ! -e "$RECORD" ]]; then
        say "no install record at $RECORD (an older install.sh): groups and folders stay"
    fi
    local unit name
    for unit in "$UNIT" "$UPLINK_UNIT"; do
        name="$(basename "$unit")"
        if [[ ! -e "$unit" ]]; then
            say "no unit at $unit"
            continue
        fi
        if systemd_running; then
            systemctl_step disable --now "$name"
        else
            systemctl_step disable "$name"
        fi
        run rm -f "$unit"
        if systemd_running; then
            systemctl_step daemon-reload
        fi
    done
    # getty@tty1 back as the first install found it; with no record, as Raspberry Pi OS has it.
    if recorded "getty@tty1 disabled"; then
        say "getty@tty1 was not enabled before the install: it stays so"
    else
        systemctl_step enable getty@tty1.service
        if systemd_running; then
            systemctl_step start --no-block getty@tty1.service
        fi
    fi
    run rm -f "$UDEV_RULE"
    if udevd_running; then
        run_or_warn udevadm control --reload-rules
    fi
    # Folders the install created, deepest first, only if nothing else was put in them.
    local line
    local dirs=()
    if [[ -e "$RECORD" ]]; then
        while IFS= read -r line; do
            [[ "$line" == "dir "* ]] && dirs=("${line#dir }" "${dirs[@]}")
        done <"$RECORD"
    fi
    for line in "${dirs[@]}"; do
        run rmdir --ignore-fail-on-non-empty "$line"
    done
    # Groups the install created; the service user's own group stays with the user.
    if [[ -e "$RECORD" ]]; then
        while IFS= read -r line; do
            if [[ "$line" == "group "* ]]; then
                run groupdel "${line#group }" \
                    || say "warning: groupdel ${line#group } failed; going on"
            fi
        done <"$RECORD"
    fi
    run rm -rf "$PREFIX" "$CONF_DIR"
    say "done: save data kept in $STATE_DIR, owned by the user '$SERVICE_USER', which is kept."
    say "To remove both (this clears rankings and bookkeeping for good):"
    say "  sudo rm -rf $STATE_DIR && sudo userdel $SERVICE_USER"
}

preflight
if ((UNINSTALL)); then
    uninstall_cabinet
else
    install_cabinet
fi
