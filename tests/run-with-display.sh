#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a UI test with a display: the caller's if there is one, else a private Xvfb.
# GTK_A11Y=none keeps GTK from looking for an accessibility bus that tests do not have.
export GTK_A11Y=none NO_AT_BRIDGE=1 GDK_BACKEND=x11
if [ -n "${DISPLAY:-}" ] && [ "${TK_TEST_OWN_XVFB:-0}" != 1 ]; then
  exec "$@"
fi
if ! command -v xvfb-run >/dev/null 2>&1; then
  # The Flatpak SDK has no X server: UI tests are skipped there, and run everywhere else.
  if [ -n "${FLATPAK_ID:-}${FLATPAK_BUILDER_BUILDDIR:-}" ]; then
    echo "run-with-display: no display inside the Flatpak build; UI test skipped" >&2
    exit 77
  fi
  echo "run-with-display: xvfb-run is missing (apt-get install xvfb xauth)" >&2
  exit 1
fi
# Tall enough for a portrait monitor: GTK keeps a window within its monitor, and the
# Collection page's test of a window taller than 30 rows of its list needs 2,600 px.
# The UI tests move the pointer to the far corner of this screen of their own.
export TK_TEST_PARK_POINTER=1
exec xvfb-run -a -s "-screen 0 1920x2880x24 -nolisten tcp" "$@"
