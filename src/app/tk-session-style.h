/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-style.h — the stylesheet of what a session shows, loaded when first needed.
 *
 * The score pad, the players strip, the turn clock and the five game panels have most of the
 * app's own CSS rules.  GTK matches every rule of a loaded stylesheet against every widget it
 * styles, so loading them with the window made its first frame pay for widgets it does not
 * have; each of those widgets' classes loads them instead. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void tk_session_style_ensure (void);

G_END_DECLS
