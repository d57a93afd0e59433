/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-setup-row.h — a row of a game's setup options that edits one member of the setup.
 *
 * The rows (TkSetupSpinRow, TkSetupSwitchRow, TkSetupChoiceRow) are declared in the options'
 * templates with a "member" property, the way GNOME Text Editor's preference rows carry their
 * "schema-key": "goal", or "rules.change_cost" for a member of the setup's "rules" object.
 * Filling the setup walks the rows; a row without a member is the options' own to read.
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_TYPE_SETUP_ROW (tk_setup_row_get_type ())
G_DECLARE_INTERFACE (TkSetupRow, tk_setup_row, TK, SETUP_ROW, GtkWidget)

struct _TkSetupRowInterface
{
  GTypeInterface parent_iface;

  /* The value shown, as the setup holds it (a new node). */
  JsonNode *(*get_value) (TkSetupRow *self);
  /* Shows @value (from a setup); a value of another kind is ignored. */
  void      (*set_value) (TkSetupRow *self,
                          JsonNode   *value);
};

const char *tk_setup_row_get_member (TkSetupRow *self);
/* For the rows' set_property (): keeps @member for the row. */
void        tk_setup_row_set_member (TkSetupRow *self,
                                     const char *member);
/* Writes the row's value at its member of @setup (objects on the way are made). */
void        tk_setup_row_write      (TkSetupRow *self,
                                     JsonObject *setup);
/* Shows what @setup holds at the row's member, when it holds it. */
void        tk_setup_row_read       (TkSetupRow *self,
                                     JsonObject *setup);
/* Every row with a member under @root, in the order they are shown (also hidden ones). */
void        tk_setup_rows_write     (GtkWidget  *root,
                                     JsonObject *setup);
void        tk_setup_rows_read      (GtkWidget  *root,
                                     JsonObject *setup);

/* For the rows: emits TkSetupRow::changed (the value shown changed); a handler of their
 * controls' change signals, connected swapped. */
void        tk_setup_row_changed    (TkSetupRow *self);

G_END_DECLS
