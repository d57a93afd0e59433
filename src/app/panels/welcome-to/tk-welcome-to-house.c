/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-house.c — one house box of a Welcome To... street (see the header). */
#define G_LOG_DOMAIN "tk-welcome-to-house"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-welcome-to-house.h"
#include "tk-panel-widgets.h"

struct _TkWelcomeToHouse
{
  GtkWidget              parent_instance;

  GtkWidget             *house_box;   /* the bars and the box, beside the fence slot */
  GtkWidget             *plan_bar;
  GtkWidget             *button;
  GtkWidget             *pool_mark;
  GtkWidget             *label;
  GtkWidget             *estate_bar;
  GtkWidget             *fence_slot, *fence_plan_bar, *fence, *fence_estate_bar;

  guint                  street, house;
  gboolean               pool_spot;
  /* what is shown, so that an update changes only what differs */
  char                  *text;
  TkWelcomeToHouseFlags  flags;
  gint                   write;
  gboolean               shown;
};

G_DEFINE_FINAL_TYPE (TkWelcomeToHouse, tk_welcome_to_house, GTK_TYPE_WIDGET)

#define WIDGET(member) G_STRUCT_OFFSET (TkWelcomeToHouse, member)

/* The flags drawn as a style class (style.css) on one widget of the box, by its offset. */
static const struct { TkWelcomeToHouseFlags flag; gssize widget; const char *css_class; }
flag_classes[] = {
  { TK_WELCOME_TO_HOUSE_BUILT, WIDGET (button), "tk-welcome-to-built" },
  { TK_WELCOME_TO_HOUSE_PENDING, WIDGET (button), "tk-welcome-to-pending" },
  { TK_WELCOME_TO_HOUSE_DIM, WIDGET (button), "tk-welcome-to-dim" },
  { TK_WELCOME_TO_HOUSE_TARGET, WIDGET (button), "tk-welcome-to-target" },
  { TK_WELCOME_TO_HOUSE_POOL_BUILT, WIDGET (pool_mark), "tk-welcome-to-built" },
  { TK_WELCOME_TO_HOUSE_IN_ESTATE, WIDGET (estate_bar), "tk-welcome-to-estate" },
  { TK_WELCOME_TO_HOUSE_PLAN_USED, WIDGET (plan_bar), "tk-welcome-to-used" },
  { TK_WELCOME_TO_FENCE_BUILT, WIDGET (fence), "tk-welcome-to-built" },
  { TK_WELCOME_TO_FENCE_DIM, WIDGET (fence), "tk-welcome-to-dim" },
  { TK_WELCOME_TO_FENCE_IN_ESTATE, WIDGET (fence_estate_bar), "tk-welcome-to-estate" },
  { TK_WELCOME_TO_FENCE_PLAN_USED, WIDGET (fence_plan_bar), "tk-welcome-to-used" },
};

#undef WIDGET

static void
tk_welcome_to_house_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TK_TYPE_WELCOME_TO_HOUSE);
  G_OBJECT_CLASS (tk_welcome_to_house_parent_class)->dispose (object);
}

static void
tk_welcome_to_house_finalize (GObject *object)
{
  g_free (TK_WELCOME_TO_HOUSE (object)->text);
  G_OBJECT_CLASS (tk_welcome_to_house_parent_class)->finalize (object);
}

static void
tk_welcome_to_house_class_init (TkWelcomeToHouseClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_welcome_to_house_dispose;
  object_class->finalize = tk_welcome_to_house_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-welcome-to-house.ui");
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToHouse, house_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToHouse, plan_bar);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToHouse, button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToHouse, pool_mark);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToHouse, label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToHouse, estate_bar);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToHouse, fence_slot);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToHouse, fence_plan_bar);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToHouse, fence);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToHouse, fence_estate_bar);
}

static void
tk_welcome_to_house_init (TkWelcomeToHouse *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->write = -1;
}

GtkWidget *
tk_welcome_to_house_new (guint    street,
                         guint    house,
                         gboolean pool_spot,
                         gboolean fence_slot)
{
  TkWelcomeToHouse *self = g_object_new (TK_TYPE_WELCOME_TO_HOUSE, NULL);

  self->street = street;
  self->house = house;
  self->pool_spot = pool_spot;
  /* the tests and the players' tools find a house by this name */
  tk_panel_set_name (self->button, "house-%u-%u", street + 1, house + 1);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->button), "(uu)", street, house);
  gtk_widget_set_visible (self->pool_mark, pool_spot);
  tk_panel_set_class (self->button, "tk-welcome-to-has-pool", pool_spot);
  gtk_widget_set_visible (self->fence_slot, fence_slot);
  if (fence_slot)
    {
      g_autofree char *label = g_strdup_printf (_("Fence between houses %u and %u of "
                                                  "street %u"), house + 1, house + 2, street + 1);

      tk_panel_set_name (self->fence, "fence-%u-%u", street + 1, house + 1);
      gtk_widget_set_tooltip_text (self->fence, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->fence),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->fence), "welcome-to.fence");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->fence), "(uu)", street, house);
    }
  tk_welcome_to_house_update (self, "", 0, -1);
  return GTK_WIDGET (self);
}

/* What a screen reader says of the box: what is in it, or what a tap would write. */
static char *
accessible_name (TkWelcomeToHouse *self)
{
  guint s = self->street + 1, h = self->house + 1;

  if (self->text[0] != '\0')
    return g_strdup_printf (_("Street %u, house %u: %s"), s, h, self->text);
  if (self->write >= 0)
    /* Translators: a house box's name when tapping it writes the picked number */
    return g_strdup_printf (self->pool_spot ? _("Write %d in street %u, house %u (pool spot)")
                                            : _("Write %d in street %u, house %u"),
                            self->write, s, h);
  return g_strdup_printf (self->pool_spot ? _("Street %u, house %u (pool spot), empty")
                                          : _("Street %u, house %u, empty"), s, h);
}

void
tk_welcome_to_house_update (TkWelcomeToHouse      *self,
                            const char            *text,
                            TkWelcomeToHouseFlags  flags,
                            gint                   write)
{
  TkWelcomeToHouseFlags changed;

  g_return_if_fail (TK_IS_WELCOME_TO_HOUSE (self));

  if (text == NULL)
    text = "";
  changed = self->shown ? self->flags ^ flags : (TkWelcomeToHouseFlags) ~0;
  if (!self->shown || g_strcmp0 (self->text, text) != 0 || self->write != write)
    {
      g_autofree char *name = NULL;

      g_free (self->text);
      self->text = g_strdup (text);
      self->write = write;
      gtk_label_set_text (GTK_LABEL (self->label), text);
      name = accessible_name (self);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
  self->flags = flags;
  self->shown = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (flag_classes); i++)
    if (changed & flag_classes[i].flag)
      tk_panel_set_class (G_STRUCT_MEMBER (GtkWidget *, self, flag_classes[i].widget),
                          flag_classes[i].css_class, (flags & flag_classes[i].flag) != 0);
  /* A fence slot is a target only while the surveyor's fence is chosen, when it widens to
   * 44 px (style.css); otherwise it is a 14 px drawing between two houses, which a finger
   * meant for a house must not hit. */
  if (changed & TK_WELCOME_TO_FENCE_CHOOSING)
    {
      gtk_widget_set_can_target (self->fence, (flags & TK_WELCOME_TO_FENCE_CHOOSING) != 0);
      gtk_widget_set_focusable (self->fence, (flags & TK_WELCOME_TO_FENCE_CHOOSING) != 0);
    }
}
