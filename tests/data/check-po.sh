#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# check-po.sh complete|current SRCDIR
#
# complete: every translation named in SRCDIR/po/LINGUAS passes `msgfmt -c` and has no
#           untranslated or fuzzy message.
# current:  every message the files in SRCDIR/po/POTFILES.in hold today is translated in every
#           language, so a string added to the code without running tablekeeper-update-po and
#           translating it fails here.  Uses the keywords of Meson's glib gettext preset.
set -u

mode=${1:-}
srcdir=${2:-}
if [ -z "$srcdir" ] || { [ "$mode" != complete ] && [ "$mode" != current ]; }; then
  echo "usage: check-po.sh complete|current SRCDIR" >&2
  exit 2
fi
podir=$srcdir/po
export LC_ALL=C

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

languages=$(sed -e 's/#.*//' "$podir/LINGUAS")
if [ -z "$languages" ]; then
  echo "check-po: $podir/LINGUAS names no language" >&2
  exit 1
fi

status=0

if [ "$mode" = complete ]; then
  for lang in $languages; do
    po=$podir/$lang.po
    if ! msgfmt --check --output-file=/dev/null "$po"; then
      echo "check-po: $po does not pass msgfmt --check" >&2
      status=1
      continue
    fi
    stats=$(msgfmt --statistics --output-file=/dev/null "$po" 2>&1)
    echo "$lang: $stats"
    case $stats in
      *untranslated*|*fuzzy*)
        echo "check-po: $po has untranslated or fuzzy messages:" >&2
        msgattrib --untranslated --no-obsolete "$po" >&2
        msgattrib --only-fuzzy --no-obsolete "$po" >&2
        status=1
        ;;
    esac
  done
  exit $status
fi

# current: build a fresh template the way `ninja tablekeeper-pot` does, then compare.
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$podir/POTFILES.in" >"$tmp/POTFILES"
while read -r file; do
  if [ ! -f "$srcdir/$file" ]; then
    echo "check-po: po/POTFILES.in names $file, which does not exist" >&2
    status=1
  fi
done <"$tmp/POTFILES"
[ $status -eq 0 ] || exit $status

if ! xgettext --directory="$srcdir" --files-from="$tmp/POTFILES" \
      --output="$tmp/fresh.pot" --package-name=tablekeeper \
      --from-code=UTF-8 --add-comments \
      --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
      --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3; then
  echo "check-po: xgettext could not read the sources" >&2
  exit 1
fi

for lang in $languages; do
  po=$podir/$lang.po
  # msgcmp reports each message of the fresh template that $po lacks or leaves untranslated
  # or fuzzy.
  if ! msgcmp "$po" "$tmp/fresh.pot"; then
    echo "check-po: $po is behind the sources; run ninja -C build tablekeeper-update-po and translate" >&2
    status=1
  else
    echo "$lang: every message of the sources is translated"
  fi
done
exit $status
