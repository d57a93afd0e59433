#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# build-aux/fuzz.sh [SECONDS] — builds the libFuzzer harnesses (clang, ASan + UBSan) in
# build-fuzz/ and runs the 'fuzz' suite: each harness for SECONDS (default 60) on a working
# copy of its seed corpus in build-fuzz/tests/fuzz/corpus-*/.  Prints, per harness, the
# executions, the crashes and the leaks.  The default build (build/, gcc) is not touched.
set -eu

cd "$(dirname "$0")/.."
seconds=${1:-60}
builddir=${FUZZ_BUILDDIR:-build-fuzz}

if ! command -v clang >/dev/null 2>&1 ||
   ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "fuzz.sh: installing clang and its runtimes (Debian's clang 14)"
  if [ "$(id -u)" -eq 0 ]; then sudo=; else sudo=sudo; fi
  $sudo apt-get install -y clang libclang-rt-14-dev
fi

c_args='-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined -fno-omit-frame-pointer'
if [ -d "$builddir" ]; then
  meson configure "$builddir" -Dfuzzing=true -Dfuzz_time="$seconds" \
    -Db_sanitize=address,undefined -Db_lundef=false -Dc_args="$c_args"
else
  CC=clang meson setup "$builddir" -Dfuzzing=true -Dfuzz_time="$seconds" \
    -Db_sanitize=address,undefined -Db_lundef=false -Dc_args="$c_args"
fi

# Only what the harnesses need (the app and its UI tests are not built here); regenerate
# first so that harnesses added since the last run are listed.
ninja -C "$builddir" build.ninja >/dev/null
targets=$(meson introspect --targets "$builddir" |
  python3 -c 'import json,sys; print(" ".join(t["name"] for t in json.load(sys.stdin) if t["name"].startswith("fuzz-")))')
meson compile -C "$builddir" $targets

status=0
meson test -C "$builddir" --no-rebuild --suite fuzz --verbose || status=$?

echo
echo "Fuzzing summary (${seconds} s per harness; command: build-aux/fuzz.sh $seconds)"
printf '%-26s %12s %10s %8s %8s %s\n' harness executions exec/s crashes leaks result
log="$builddir/meson-logs/testlog.txt"
python3 - "$log" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
# One block per test in testlog.txt, starting at "==== N/M ==== ... test: NAME".
for block in re.split(r"\n(?==+ \d+/\d+ =+)", text):
    name = re.search(r"^test:.*?(fuzz-[\w-]+)\s*$", block, re.M)
    if not name:
        continue
    execs = re.findall(r"stat::number_of_executed_units:\s+(\d+)", block)
    rate = re.findall(r"stat::average_exec_per_sec:\s+(\d+)", block)
    crashes = len(re.findall(r"==\d+==ERROR: AddressSanitizer|runtime error:|deadly signal|"
                             r"ERROR: libFuzzer|fuzz: .*: ", block))
    leaks = len(re.findall(r"ERROR: LeakSanitizer", block))
    result = re.search(r"result:\s+(.*)", block)
    print("%-26s %12s %10s %8d %8d %s" % (name.group(1), execs[-1] if execs else "?",
          rate[-1] if rate else "?", crashes, leaks, result.group(1) if result else "?"))
PY
exit $status
