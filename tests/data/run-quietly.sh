#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# run-quietly.sh [--keep-stdout] COMMAND [ARGUMENTS...]
#
# Runs a validator and fails when it fails or when it says anything: desktop-file-validate
# exits 0 after warnings and hints, and flatpak-builder only warns about unknown keys, so
# their exit status alone lets mistakes through.  With --keep-stdout, standard output is
# passed on and only standard error counts as complaining.
set -u

keep_stdout=0
if [ "${1:-}" = --keep-stdout ]; then
  keep_stdout=1
  shift
fi
if [ $# -eq 0 ]; then
  echo "usage: run-quietly.sh [--keep-stdout] COMMAND [ARGUMENTS...]" >&2
  exit 2
fi

out=$(mktemp) || exit 2
err=$(mktemp) || exit 2
trap 'rm -f "$out" "$err"' EXIT

"$@" >"$out" 2>"$err"
status=$?

cat "$out"
cat "$err" >&2

if [ $status -ne 0 ]; then
  echo "run-quietly: $1 failed with exit status $status" >&2
  exit 1
fi
if [ -s "$err" ] || { [ $keep_stdout -eq 0 ] && [ -s "$out" ]; }; then
  echo "run-quietly: $1 succeeded but complained; treating that as a failure" >&2
  exit 1
fi
exit 0
