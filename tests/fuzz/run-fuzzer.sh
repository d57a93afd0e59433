#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# run-fuzzer.sh FUZZER WORK_CORPUS SEED_CORPUS [libFuzzer options…]
# Runs a libFuzzer harness on a working corpus in the build dir (created here; new inputs go
# there) plus the read-only seed corpus of the source tree, which is never written to.
set -eu
fuzzer=$1 work=$2 seeds=$3
shift 3
mkdir -p "$work" "$work-artifacts"
exec "$fuzzer" -artifact_prefix="$work-artifacts/" "$@" "$work" "$seeds"
