/* tk-panel-session.h — the construct-only "session" property every game panel has.
 *
 * Each panel keeps its TkSession in its own instance struct; this installs the property and
 * the get_property/set_property that read and write that member, so that the panels do not
 * each carry the same two functions.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Installs "session" (TkSession, construct-only) on @object_class, a final type whose
 * instances keep the session (a TkSession *, owned) at @session_offset, e.g.
 * G_STRUCT_OFFSET (TkAgoraPanel, session).  Sets the class's get_property and set_property;
 * the panel still clears the member in its dispose. */
void tk_panel_session_install (GObjectClass *object_class,
                               goffset       session_offset);
/* Calls @refresh (a void function of @panel) now and on every TkSession::changed of
 * @session, for as long as @panel lives: what a panel does once it has its session. */
void tk_panel_session_follow  (gpointer      panel,
                               gpointer      session,
                               GCallback     refresh);

G_END_DECLS
