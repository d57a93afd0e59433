#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every screenshot the AppStream file names is in data/screenshots, and every PNG there is a
# real image of a sensible size (a stale or missing screenshot fails here, not on a store).
set -u
root=$1
meta="$root/data/io.github.tablekeeper.Tablekeeper.metainfo.xml.in"
status=0
names=$(sed -n 's|.*<image>.*/data/screenshots/\([^<]*\)</image>.*|\1|p' "$meta")
[ -n "$names" ] || { echo "no screenshots named in $meta"; exit 1; }
for name in $names; do
  file="$root/data/screenshots/$name"
  if [ ! -f "$file" ]; then
    echo "missing: data/screenshots/$name"; status=1; continue
  fi
  # PNG signature, then the IHDR width and height (big-endian, bytes 16–23).
  sig=$(od -An -tx1 -N8 "$file" | tr -d ' \n')
  if [ "$sig" != "89504e470d0a1a0a" ]; then
    echo "not a PNG: data/screenshots/$name"; status=1; continue
  fi
  w=$(od -An -tu1 -j16 -N4 "$file" | awk '{print $1*16777216+$2*65536+$3*256+$4}')
  h=$(od -An -tu1 -j20 -N4 "$file" | awk '{print $1*16777216+$2*65536+$3*256+$4}')
  if [ "$w" -lt 300 ] || [ "$h" -lt 300 ]; then
    echo "too small (${w}x${h}): data/screenshots/$name"; status=1
  fi
done
exit $status
