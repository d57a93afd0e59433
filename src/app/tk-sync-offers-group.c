/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-offers-group.c — Preferences → Possible Duplicates (tk-sync-offers-group.h).
 *
 * The offers are read when the service is set, when the library in use changes and after a
 * pass that brought changes (or named the devices); the rows are built again only when what
 * they say changed, so a pass does not take the keyboard focus away.  Each offer is a row of
 * its own: one sentence naming both sides and the devices they were made on ("Ana on this
 * device and Ana on Laptop may be the same player"), wrapped to fit a phone, with Keep Both
 * and Merge under it.  The buttons run the group's actions with the offer's position; the
 * list is read again after each. */
#define G_LOG_DOMAIN "tk-sync-offers"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-sync-offer.h"
#include "tk-sync-offers-group.h"
#include "tk-window.h"

struct _TkSyncOffersGroup
{
  AdwPreferencesGroup  parent_instance;

  TkSyncService       *service;
  GListModel          *offers;      /* TkSyncOffer, as shown */
  GPtrArray           *rows;
  char                *shown;       /* what the rows say, one line each */
};

G_DEFINE_FINAL_TYPE (TkSyncOffersGroup, tk_sync_offers_group, ADW_TYPE_PREFERENCES_GROUP)

/* ---- the rows ---- */

/* The name of the device @uid as the last pass found it, "this device" for this one. */
static char *
device_name (TkSyncOffersGroup *self,
             const char        *uid,
             gboolean           here)
{
  GPtrArray *devices = self->service != NULL ? tk_sync_service_get_devices (self->service)
                                             : NULL;

  if (here)
    return g_strdup (_("this device"));
  for (guint i = 0; devices != NULL && i < devices->len; i++)
    {
      const TkSyncDevice *device = devices->pdata[i];

      if (g_strcmp0 (device->uid, uid) == 0 && device->name != NULL && device->name[0] != '\0')
        return g_strdup (device->name);
    }
  return g_strdup (_("another device"));
}

static char *
offer_sentence (TkSyncOffersGroup *self,
                TkSyncOffer       *offer)
{
  g_autofree char *keep_on = device_name (self, tk_sync_offer_get_keep_device (offer),
                                          tk_sync_offer_get_keep_is_here (offer));
  g_autofree char *other_on = device_name (self, tk_sync_offer_get_other_device (offer),
                                           tk_sync_offer_get_other_is_here (offer));
  const char *name = tk_sync_offer_get_name (offer);

  if (tk_sync_offer_get_kind (offer) == TK_SYNC_OFFER_PLAYER)
    /* Translators: “Ana” on this device and “Ana” on Laptop may be the same player. */
    return g_strdup_printf (_("“%1$s” on %2$s and “%3$s” on %4$s may be the same player."),
                            name, keep_on, name, other_on);
  /* Translators: “Catan” on this device and “Catan” on Laptop may be the same game. */
  return g_strdup_printf (_("“%1$s” on %2$s and “%3$s” on %4$s may be the same game."),
                          name, keep_on, name, other_on);
}

static GtkWidget *
offer_button (const char *label,
              const char *action,
              const char *widget_name,
              const char *accessible_label,
              guint       position)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", position);
  gtk_widget_set_name (button, widget_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_label, -1);
  return button;
}

static GtkWidget *
offer_row (TkSyncOffersGroup *self,
           TkSyncOffer       *offer,
           guint              position)
{
  g_autofree char *sentence = offer_sentence (self, offer);
  /* Translators: what the Merge button of an offer says to a screen reader */
  g_autofree char *merge_label = g_strdup_printf (_("Merge “%s”"), tk_sync_offer_get_name (offer));
  /* Translators: what the Keep Both button of an offer says to a screen reader */
  g_autofree char *keep_label = g_strdup_printf (_("Keep Both “%s”"),
                                                 tk_sync_offer_get_name (offer));
  GtkWidget *row = adw_preferences_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *label = gtk_label_new (sentence);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *merge;

  /* Names come from the library and other devices: plain text. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), sentence);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_name (row, "sync-offer");

  gtk_widget_set_margin_top (box, 10);
  gtk_widget_set_margin_bottom (box, 10);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  merge = offer_button (_("_Merge"), "offers.merge", "sync-offer-merge", merge_label, position);
  gtk_widget_add_css_class (merge, "suggested-action");
  gtk_box_append (GTK_BOX (buttons),
                  offer_button (_("_Keep Both"), "offers.keep-both", "sync-offer-keep-both",
                                keep_label, position));
  gtk_box_append (GTK_BOX (buttons), merge);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static void
show_offers (TkSyncOffersGroup *self,
             GListModel        *offers)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (self);
  guint n = offers != NULL ? g_list_model_get_n_items (offers) : 0;
  g_autoptr(GString) said = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TkSyncOffer) offer = g_list_model_get_item (offers, i);
      g_autofree char *sentence = offer_sentence (self, offer);

      g_string_append_printf (said, "%s\t%s\t%s\n", sentence, tk_sync_offer_get_keep_uid (offer),
                              tk_sync_offer_get_other_uid (offer));
    }
  if (g_strcmp0 (said->str, self->shown) == 0)
    {
      /* The same offers: the rows stay (and the focus with them); the ids behind them may
       * be new (another library of the same content). */
      g_set_object (&self->offers, offers);
      return;
    }
  g_free (self->shown);
  self->shown = g_string_free (g_steal_pointer (&said), FALSE);

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (group, self->rows->pdata[i]);
  g_ptr_array_set_size (self->rows, 0);
  g_set_object (&self->offers, offers);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TkSyncOffer) offer = g_list_model_get_item (offers, i);
      GtkWidget *row = offer_row (self, offer, i);

      adw_preferences_group_add (group, row);
      g_ptr_array_add (self->rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), n > 0);
}

/* ---- reading the offers ---- */

/* Read on the main thread, and cheaply: the query looks only at players and at games without
 * a BGG id or catalog key (2 ms on a library of 100,000 imported games), and at the
 * registers of the few that share a name.  (A read in a worker kept the first library open
 * across a library switch, and broke the switch's test.) */
static void
reload (TkSyncOffersGroup *self)
{
  TkStore *store = self->service != NULL ? tk_sync_service_get_store (self->service) : NULL;
  g_autoptr(GListModel) offers = NULL;
  g_autoptr(GError) error = NULL;

  if (store != NULL && (offers = tk_sync_offers_list (store, &error)) == NULL)
    g_warning ("Could not read the merge offers: %s", error->message);
  show_offers (self, offers);
}

/* ---- actions ---- */

static void
offer_action (TkSyncOffersGroup *self,
              GVariant          *parameter,
              gboolean           merge)
{
  g_autoptr(TkSyncOffer) offer = NULL;
  g_autoptr(GError) error = NULL;
  TkStore *store = self->service != NULL ? tk_sync_service_get_store (self->service) : NULL;
  guint position = g_variant_get_uint32 (parameter);
  gboolean ok;

  if (store == NULL || self->offers == NULL ||
      position >= g_list_model_get_n_items (self->offers))
    return;
  offer = g_list_model_get_item (self->offers, position);
  ok = merge ? tk_sync_offer_merge (offer, store, &error)
             : tk_sync_offer_keep_both (offer, store, &error);
  if (!ok)
    g_warning ("Could not %s: %s", merge ? "merge" : "keep both", error->message);
  else if (merge)
    {
      /* The History page behind Preferences shows the merged player or game at once (the
       * Collection page hears of a game merge from the store; the merge's operations reach
       * the folder with the next pass, as any edit's). */
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWindow *main_window = GTK_IS_WINDOW (root)
                               ? gtk_window_get_transient_for (GTK_WINDOW (root)) : NULL;

      if (TK_IS_WINDOW (main_window))
        tk_window_reload_pages (TK_WINDOW (main_window));
    }
  /* The list as the library now has it (the offer gone, or still there if it failed). */
  reload (self);
}

static void
merge_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  offer_action (TK_SYNC_OFFERS_GROUP (widget), parameter, TRUE);
}

static void
keep_both_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  offer_action (TK_SYNC_OFFERS_GROUP (widget), parameter, FALSE);
}

/* ---- the class ---- */

static void
tk_sync_offers_group_dispose (GObject *object)
{
  TkSyncOffersGroup *self = TK_SYNC_OFFERS_GROUP (object);

  tk_sync_offers_group_set_service (self, NULL);
  g_clear_object (&self->offers);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_SYNC_OFFERS_GROUP);

  G_OBJECT_CLASS (tk_sync_offers_group_parent_class)->dispose (object);
}

static void
tk_sync_offers_group_finalize (GObject *object)
{
  TkSyncOffersGroup *self = TK_SYNC_OFFERS_GROUP (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_free (self->shown);

  G_OBJECT_CLASS (tk_sync_offers_group_parent_class)->finalize (object);
}

static void
tk_sync_offers_group_class_init (TkSyncOffersGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_sync_offers_group_dispose;
  object_class->finalize = tk_sync_offers_group_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-sync-offers-group.ui");
  gtk_widget_class_install_action (widget_class, "offers.merge", "u", merge_action);
  gtk_widget_class_install_action (widget_class, "offers.keep-both", "u", keep_both_action);
}

static void
tk_sync_offers_group_init (TkSyncOffersGroup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
}

TkSyncService *
tk_sync_offers_group_get_service (TkSyncOffersGroup *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFERS_GROUP (self), NULL);
  return self->service;
}

void
tk_sync_offers_group_set_service (TkSyncOffersGroup *self,
                                  TkSyncService     *service)
{
  g_return_if_fail (TK_IS_SYNC_OFFERS_GROUP (self));
  g_return_if_fail (service == NULL || TK_IS_SYNC_SERVICE (service));

  if (self->service == service)
    return;
  if (self->service != NULL)
    g_signal_handlers_disconnect_by_data (self->service, self);
  g_set_object (&self->service, service);
  if (service != NULL)
    {
      g_signal_connect_object (service, "notify::store", G_CALLBACK (reload), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (service, "library-changed", G_CALLBACK (reload), self,
                               G_CONNECT_SWAPPED);
      /* Device names come with a pass. */
      g_signal_connect_object (service, "notify::devices", G_CALLBACK (reload), self,
                               G_CONNECT_SWAPPED);
    }
  reload (self);
}

guint
tk_sync_offers_group_get_n_offers (TkSyncOffersGroup *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFERS_GROUP (self), 0);
  return self->rows->len;
}
