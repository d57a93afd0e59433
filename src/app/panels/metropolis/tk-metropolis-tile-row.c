/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-tile-row.c — a row of the New Session tile table (see the header).  The
 * template holds the two numbers; the tile says which of them it shows and what they mean. */
#define G_LOG_DOMAIN "tk-metropolis-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metropolis-tile-row.h"

struct _TkMetropolisTileRow
{
  AdwActionRow   parent_instance;

  char          *code;
  const char    *first_member;   /* "citizens", "coins" or "rate" */

  GtkLabel      *first_caption;
  GtkSpinButton *first_spin;
  GtkWidget     *prestige_box;
  GtkSpinButton *prestige_spin;
};

G_DEFINE_FINAL_TYPE (TkMetropolisTileRow, tk_metropolis_tile_row, ADW_TYPE_ACTION_ROW)

/* "2 lots · rate per adjacent citizen": the size, and what a public building's rate counts. */
static char *
tile_details (JsonObject *tile)
{
  int size = (int) json_object_get_int_member_with_default (tile, "size", 1);
  const char *kind = json_object_get_string_member_with_default (tile, "public", "none");
  g_autofree char *lots = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d lot", "%d lots", size), size);
  /* Translators: what the rate of a public building counts */
  const char *per = g_str_equal (kind, "citizens") ? _("rate per adjacent citizen")
                    : g_str_equal (kind, "half_citizens") ? _("rate per 2 adjacent citizens")
                    : g_str_equal (kind, "coins") ? _("rate per adjacent coin value")
                    : g_str_equal (kind, "public_buildings") ? _("rate per adjacent public building")
                    : g_str_equal (kind, "buildings") ? _("rate per adjacent building")
                    : NULL;

  /* Translators: a tile's size and how a public one scores, e.g. "2 lots · rate per adjacent citizen" */
  return per != NULL ? g_strdup_printf (_("%s · %s"), lots, per) : g_steal_pointer (&lots);
}

GtkWidget *
tk_metropolis_tile_row_new (JsonObject *tile)
{
  TkMetropolisTileRow *self = g_object_new (TK_TYPE_METROPOLIS_TILE_ROW, NULL);
  const char *type = json_object_get_string_member_with_default (tile, "type", "");
  const char *caption;
  g_autofree char *title = NULL;
  g_autofree char *details = tile_details (tile);
  g_autofree char *name = NULL;

  self->code = g_strdup (json_object_get_string_member_with_default (tile, "code", "?"));
  /* Translators: a tile of the tile table, e.g. "C · Hotel" */
  title = g_strdup_printf (_("%s · %s"), self->code,
                           json_object_get_string_member_with_default (tile, "name", self->code));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), details);
  if (g_str_equal (type, "residential"))
    {
      self->first_member = "citizens";
      caption = _("citizens");
    }
  else if (g_str_equal (type, "commercial"))
    {
      self->first_member = "coins";
      caption = _("coins");
    }
  else
    {
      self->first_member = "rate";
      /* Translators: the prestige a public building scores per neighbour it counts */
      caption = _("rate");
    }
  gtk_label_set_text (self->first_caption, caption);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->first_spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  caption, -1);
  gtk_spin_button_set_value (self->first_spin,
                             json_object_get_int_member_with_default (tile, self->first_member, 0));
  /* the tests' handles: "metropolis-tile-C", "metropolis-tile-G-prestige" */
  name = g_strdup_printf ("metropolis-tile-%s", self->code);
  gtk_widget_set_name (GTK_WIDGET (self->first_spin), name);
  if (g_str_equal (type, "commercial"))
    {
      g_autofree char *second = g_strdup_printf ("metropolis-tile-%s-prestige", self->code);

      gtk_widget_set_name (GTK_WIDGET (self->prestige_spin), second);
      gtk_spin_button_set_value (self->prestige_spin,
                                 json_object_get_int_member_with_default (tile, "prestige", 0));
      gtk_widget_set_visible (self->prestige_box, TRUE);
    }
  return GTK_WIDGET (self);
}

const char *
tk_metropolis_tile_row_get_code (TkMetropolisTileRow *self)
{
  g_return_val_if_fail (TK_IS_METROPOLIS_TILE_ROW (self), NULL);
  return self->code;
}

void
tk_metropolis_tile_row_write (TkMetropolisTileRow *self,
                              JsonArray           *tiles)
{
  g_return_if_fail (TK_IS_METROPOLIS_TILE_ROW (self));

  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (tile, "code", NULL), self->code) != 0)
        continue;
      json_object_set_int_member (tile, self->first_member,
                                  gtk_spin_button_get_value_as_int (self->first_spin));
      if (gtk_widget_get_visible (self->prestige_box))
        json_object_set_int_member (tile, "prestige",
                                    gtk_spin_button_get_value_as_int (self->prestige_spin));
    }
}

static void
tk_metropolis_tile_row_finalize (GObject *object)
{
  g_free (TK_METROPOLIS_TILE_ROW (object)->code);
  G_OBJECT_CLASS (tk_metropolis_tile_row_parent_class)->finalize (object);
}

static void
tk_metropolis_tile_row_class_init (TkMetropolisTileRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tk_metropolis_tile_row_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/panels/tk-metropolis-tile-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisTileRow, first_caption);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisTileRow, first_spin);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisTileRow, prestige_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisTileRow, prestige_spin);
}

static void
tk_metropolis_tile_row_init (TkMetropolisTileRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
