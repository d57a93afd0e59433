#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# build-aux/dev.sh — the two commands of the README.
#
#   build-aux/dev.sh run [APP ARGS…]   install what is missing, build, open Tablekeeper on the
#                                      default library (~/.local/share/tablekeeper/library.db)
#   build-aux/dev.sh test              install what is missing, build, run every test
#                                      (unit, UI under Xvfb, data validators)
#   build-aux/dev.sh bench             the same setup, then print the benchmark figures
#
# Works on a fresh Debian 12 machine as root or as a user with sudo (only apt-get needs it).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
build="$top/build"
cd "$top"

build_deps="gcc meson ninja-build pkg-config gettext libglib2.0-dev libglib2.0-bin
  libgtk-4-dev libadwaita-1-dev libsqlite3-dev libjson-glib-dev desktop-file-utils appstream
  libsoup-3.0-dev libqrencode-dev"
test_deps="xvfb xauth libxtst-dev flatpak-builder sqlite3 chromium syncthing
  dbus at-spi2-core gir1.2-atspi-2.0 python3-gi xdotool"

install_missing () {
  missing=""
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing="$missing $pkg"
    fi
  done
  [ -z "$missing" ] && return 0
  echo "Installing:$missing"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
  # shellcheck disable=SC2086
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
}

setup_and_build () {
  if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build"
  fi
  ninja -C "$build"
}

# Prints the closing line CI reads: "tests: N passed, N failed, N skipped".
summarize () {
  python3 - "$build/meson-logs/testlog.json" <<'PY' 2>/dev/null || true
import json, sys
counts = {"OK": 0, "FAIL": 0, "SKIP": 0, "TIMEOUT": 0, "ERROR": 0, "EXPECTEDFAIL": 0, "UNEXPECTEDPASS": 0}
for line in open(sys.argv[1]):
    r = json.loads(line)["result"]
    counts[r] = counts.get(r, 0) + 1
failed = counts["FAIL"] + counts["TIMEOUT"] + counts["ERROR"] + counts["UNEXPECTEDPASS"]
print("tests: %d passed, %d failed, %d skipped" % (counts["OK"] + counts["EXPECTEDFAIL"], failed, counts["SKIP"]))
PY
}

cmd=${1:-run}
[ $# -gt 0 ] && shift

case "$cmd" in
  run)
    install_missing $build_deps
    setup_and_build
    # Uninstalled: schemas and translations come from the build tree.
    GSETTINGS_SCHEMA_DIR="$build/data" TK_LOCALEDIR="$build/po" \
      exec "$build/src/app/tablekeeper" "$@"
    ;;
  test)
    install_missing $build_deps $test_deps
    setup_and_build
    status=0
    meson test -C "$build" --print-errorlogs "$@" || status=$?
    summarize
    exit $status
    ;;
  bench)
    install_missing $build_deps $test_deps
    setup_and_build
    meson test -C "$build" --benchmark --verbose "$@"
    ;;
  *)
    echo "usage: build-aux/dev.sh run|test|bench" >&2
    exit 2
    ;;
esac
