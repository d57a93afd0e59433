/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-accessible.c — accessible names GTK 4.8 does not give on its own.
 *
 * Gaps of GTK 4.8 that tests/a11y/test-a11y.py finds through AT-SPI:
 *
 * - A button whose label has a mnemonic ("_Add Round") is read as "_Add Round Add Round":
 *   GtkButton copies the raw label, underscore and all, into its accessible label, and its
 *   label child (the mnemonic label) names it a second time through labelled-by.  The label
 *   child alone says it right, so the copied accessible label is dropped whenever such a
 *   button is shown.  (No button here sets an accessible label of its own beside a mnemonic
 *   label: it would be dropped too.)
 *
 * - A row of a GtkListView/GtkColumnView or a GtkFlowBox child takes the focus itself, but
 *   the row widget GTK wraps around ours (GtkListItemWidget, GtkFlowBoxChild) has no name,
 *   so a screen reader reads its class name.  GtkListItem:accessible-label only came in 4.12;
 *   until then the wrapper, our widget's parent, is labelled directly.
 *
 * - A GtkDropDown, and the toggle inside it that takes the focus, read as class names.
 */
#define G_LOG_DOMAIN "tablekeeper"

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "tk-accessible.h"

/* Whether Tab can stop on something shown inside @widget. */
static gboolean
has_focus_stop (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child)
        && (gtk_widget_get_focusable (child) || has_focus_stop (child)))
      return TRUE;
  return FALSE;
}

/* Whether a flow-box child is a stop or holds one. */
static gboolean
item_takes_focus (GtkWidget *item)
{
  return gtk_widget_get_visible (item) && gtk_widget_get_can_focus (item)
         && (gtk_widget_get_focusable (item) || has_focus_stop (item));
}

/* A flow-box child is a focus stop of its own only when it is the item a person reads
 * (a card of labels, named by tk_accessible_label_item_from_text()):
 * - when it holds a control as its widget, Tab goes to the control, not first to an
 *   unnamed wrapper (with controls deeper inside it stays a stop: GTK 4.8 passes the focus
 *   on only from a focused item);
 * - with its widget hidden it is hidden too (no size, no stop: GTK 4.8's flow box offers
 *   Tab to every visible item and keeps it when the item takes none);
 * - made unfocusable by its owner with nothing focusable inside (a track's numbers, a
 *   score strip), it takes no focus at all.
 * A flow box none of whose children takes the focus is left out of the Tab cycle as a whole:
 * GTK 4.8's flow box takes the Tab for its first child even when that child cannot have
 * the focus, so Tab would stay where it was. */
static void
update_flow_box_child (GtkWidget *item)
{
  GtkWidget *child = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (item));
  GtkWidget *box = gtk_widget_get_parent (item);
  gboolean any = FALSE;

  /* an item whose widget is hidden is hidden too: GTK 4.8's flow box offers Tab to every
   * visible item and keeps it when the item takes no focus */
  gtk_widget_set_visible (item, child != NULL && gtk_widget_get_visible (child));
  if (child == NULL || !gtk_widget_get_visible (child))
    gtk_widget_set_can_focus (item, FALSE);
  else if (gtk_widget_get_focusable (child))
    {
      /* the control is the item: GTK gives it the focus the item is offered */
      gtk_widget_set_focusable (item, FALSE);
      gtk_widget_set_can_focus (item, TRUE);
    }
  else if (has_focus_stop (child))
    /* controls deeper inside: GTK 4.8 passes the focus to them only from a focused item,
     * so the item stays a stop (named by its labels) */
    gtk_widget_set_can_focus (item, TRUE);
  else
    gtk_widget_set_can_focus (item, gtk_widget_get_focusable (item));

  if (!GTK_IS_FLOW_BOX (box))
    return;
  for (GtkWidget *other = gtk_widget_get_first_child (box); other != NULL && !any;
       other = gtk_widget_get_next_sibling (other))
    any = GTK_IS_FLOW_BOX_CHILD (other) && item_takes_focus (other);
  gtk_widget_set_can_focus (box, any);
}

static void
on_flow_box_item_shown (GtkWidget  *child,
                        GParamSpec *pspec,
                        GtkWidget  *item)
{
  if (gtk_widget_get_parent (child) == item)
    update_flow_box_child (item);
}

static void
watch_flow_box_child (GtkWidget *item)
{
  GtkWidget *child = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (item));

  if (child != NULL && g_object_get_data (G_OBJECT (child), "tk-flow-box-watched") == NULL)
    {
      g_object_set_data (G_OBJECT (child), "tk-flow-box-watched", GINT_TO_POINTER (1));
      g_signal_connect_object (child, "notify::visible", G_CALLBACK (on_flow_box_item_shown),
                               item, 0);
    }
  update_flow_box_child (item);
}

static gboolean
on_widget_map (GSignalInvocationHint *hint,
               guint                  n_params,
               const GValue          *params,
               gpointer               user_data)
{
  GObject *object = g_value_get_object (&params[0]);
  gboolean mapping = hint->signal_id == g_signal_lookup ("map", GTK_TYPE_WIDGET);

  if (GTK_IS_FLOW_BOX_CHILD (object))
    {
      if (mapping)
        watch_flow_box_child (GTK_WIDGET (object));
    }
  else if (gtk_widget_get_focusable (GTK_WIDGET (object)))
    {
      /* a control shown inside a card later than the card */
      GtkWidget *item = gtk_widget_get_ancestor (GTK_WIDGET (object), GTK_TYPE_FLOW_BOX_CHILD);

      if (item != NULL)
        update_flow_box_child (item);
    }

  if (mapping && GTK_IS_BUTTON (object)
      && gtk_button_get_use_underline (GTK_BUTTON (object))
      && gtk_button_get_label (GTK_BUTTON (object)) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (object), GTK_ACCESSIBLE_PROPERTY_LABEL);

  /* libadwaita 1.2's toast has a close button with an icon and no name (read as "GtkImage") */
  if (mapping && GTK_IS_BUTTON (object) && gtk_button_get_label (GTK_BUTTON (object)) == NULL
      && g_type_from_name ("AdwToastWidget") != 0
      && gtk_widget_get_ancestor (GTK_WIDGET (object), g_type_from_name ("AdwToastWidget")) != NULL
      && GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (object))))
    gtk_accessible_update_property (GTK_ACCESSIBLE (object), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Close"), -1);
  return TRUE;
}

/* AdwEntryRow (libadwaita 1.2) keeps its GtkText two levels down.  GTK 4.8 hands a focus
 * change of a widget without a role (a GtkText) to its parent's accessible, which asks that
 * parent whether it has the focus: GtkEntry answers for its text, but the row's inner box
 * does not, so a screen reader never hears that the row's field took the focus (Tab seems to
 * skip it).  Given a role of its own before its accessible is realized, the text reports its
 * own focus, under the row's title. */
static gboolean
on_text_realize (GSignalInvocationHint *hint,
                 guint                  n_params,
                 const GValue          *params,
                 gpointer               user_data)
{
  GObject *object = g_value_get_object (&params[0]);
  GtkWidget *row;

  if (!GTK_IS_TEXT (object)
      || gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (object)) != GTK_ACCESSIBLE_ROLE_NONE)
    return TRUE;
  row = gtk_widget_get_ancestor (GTK_WIDGET (object), ADW_TYPE_ENTRY_ROW);
  if (row == NULL || GTK_IS_EDITABLE (gtk_widget_get_parent (GTK_WIDGET (object))))
    return TRUE;
  g_object_set (object, "accessible-role", GTK_ACCESSIBLE_ROLE_TEXT_BOX, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (object), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                                  -1);
  return TRUE;
}

/**
 * tk_accessible_install_name_fixes:
 *
 * From now on, every button with a mnemonic label is named by its label's text alone when
 * it is shown.  Call once, after gtk_init().
 */
void
tk_accessible_install_name_fixes (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      /* A signal exists once its class does: no widget may have been made yet. */
      g_autoptr(GTypeClass) button_class = g_type_class_ref (GTK_TYPE_BUTTON);
      guint map = g_signal_lookup ("map", GTK_TYPE_WIDGET);

      g_signal_add_emission_hook (map, 0, on_widget_map, NULL, NULL);
      /* a control hidden inside a card: the card may have no stop left */
      g_signal_add_emission_hook (g_signal_lookup ("unmap", GTK_TYPE_WIDGET), 0, on_widget_map,
                                  NULL, NULL);
      g_signal_add_emission_hook (g_signal_lookup ("realize", GTK_TYPE_WIDGET), 0,
                                  on_text_realize, NULL, NULL);
      g_once_init_leave (&installed, 1);
    }
}

/**
 * tk_accessible_label_item:
 * @child: the widget a list or flow box shows as one item
 * @label: what a screen reader should read for the whole item
 *
 * Names the item that wraps @child (its parent: the list item or flow-box child that takes
 * the focus).  Does nothing while @child is not in a list yet.
 */
void
tk_accessible_label_item (GtkWidget  *child,
                          const char *label)
{
  GtkWidget *item;

  g_return_if_fail (GTK_IS_WIDGET (child));

  item = gtk_widget_get_parent (child);
  if (item == NULL)
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label != NULL ? label : "", -1);
}

static void
collect_label_text (GtkWidget *widget,
                    GString   *text)
{
  /* A button inside the card has its own name, and its own stop. */
  if (!gtk_widget_get_visible (widget) || GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      const char *shown = gtk_label_get_text (GTK_LABEL (widget));

      if (shown != NULL && shown[0] != '\0')
        {
          if (text->len > 0)
            g_string_append (text, _(", "));
          g_string_append (text, shown);
        }
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_label_text (child, text);
}

/**
 * tk_accessible_label_from_text:
 * @widget: a widget that takes the focus as a whole (a row, a card)
 *
 * Names @widget with the text of the labels shown in it, in order ("Shop 1, Ana, $3 a
 * turn"), buttons inside left out (they have names of their own).  Call again whenever the
 * labels change.
 */
void
tk_accessible_label_from_text (GtkWidget *widget)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_if_fail (GTK_IS_WIDGET (widget));

  collect_label_text (widget, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text->str, -1);
}

/**
 * tk_accessible_label_item_from_text:
 * @child: the widget a flow box or list shows as one item (a card)
 *
 * Names the item that wraps @child (see tk_accessible_label_item()) with the text of the
 * labels shown in @child: a card read as one line ("Ana, A, $21, Winner").
 */
void
tk_accessible_label_item_from_text (GtkWidget *child)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_if_fail (GTK_IS_WIDGET (child));

  collect_label_text (child, text);
  tk_accessible_label_item (child, text->str);
}

/**
 * tk_accessible_label_drop_down_button:
 * @drop_down: a drop-down named already (by a mnemonic label pointing at it)
 * @label: what it chooses ("Players")
 *
 * Names the toggle inside @drop_down that takes the focus: GTK 4.8 reads it by its class
 * name, whatever names the drop-down.
 */
void
tk_accessible_label_drop_down_button (GtkDropDown *drop_down,
                                      const char  *label)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      label, -1);
}

/**
 * tk_accessible_label_drop_down:
 * @drop_down: a drop-down without a label pointing at it
 * @label: what it chooses ("Filter by Game")
 *
 * Names a drop-down and the toggle inside it: GTK 4.8 reads both by their class names,
 * whatever the tooltip says.
 */
void
tk_accessible_label_drop_down (GtkDropDown *drop_down,
                               const char  *label)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  tk_accessible_label_drop_down_button (drop_down, label);
}

/* ---- making a result heard ----
 *
 * GTK 4.8 has no gtk_accessible_announce() (4.14) and no live regions, and Orca ignores text
 * changes of labels that do not have the focus: a toast or a status label is silent.  What it
 * does read is a change of the focused widget's accessible description, so the result is set
 * there, and taken away again when the focus moves so that it is not read a second time as
 * the widget's own description.  A tooltip is GTK's description of a widget: it comes back.
 *
 * One action can have several results at once (a pass's toast and the clock's new turn, the
 * end card and the toast of the result that ended the game): they are gathered until the main
 * loop is idle and set as one description, so that the last does not cut off the first; a
 * text another one already holds ("Ben's turn" in "Ana took 0:05; Ben's turn") is said once. */

#define ANNOUNCER_KEY "tk-accessible-announcer"

typedef struct
{
  GtkWindow *window;     /* owns this */
  GWeakRef   announced;  /* the widget whose description is a result */
  GPtrArray *pending;    /* texts still to say */
  guint      idle_id;
} Announcer;

static void
announcer_free (gpointer data)
{
  Announcer *announcer = data;

  g_clear_handle_id (&announcer->idle_id, g_source_remove);
  g_weak_ref_clear (&announcer->announced);
  g_ptr_array_unref (announcer->pending);
  g_free (announcer);
}

static void
restore_description (GtkWidget *widget)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (tooltip != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip,
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static void
on_focus_moved (GtkWindow  *window,
                GParamSpec *pspec,
                Announcer  *announcer)
{
  g_autoptr(GtkWidget) widget = g_weak_ref_get (&announcer->announced);

  if (widget == NULL || widget == gtk_window_get_focus (window))
    return;
  restore_description (widget);
  g_weak_ref_set (&announcer->announced, NULL);
}

/* Whether another pending text than @i holds pending text @i. */
static gboolean
said_by_another (GPtrArray *pending,
                 guint      i)
{
  for (guint j = 0; j < pending->len; j++)
    if (j != i && strstr (pending->pdata[j], pending->pdata[i]) != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
say_pending (gpointer user_data)
{
  Announcer *announcer = user_data;
  GtkWidget *focus = gtk_window_get_focus (announcer->window);
  g_autoptr(GtkWidget) before = g_weak_ref_get (&announcer->announced);
  g_autoptr(GString) text = g_string_new (NULL);

  announcer->idle_id = 0;
  if (focus == NULL)
    focus = GTK_WIDGET (announcer->window);
  if (before != NULL && before != focus)
    restore_description (before);
  else if (before == focus)
    /* the same refusal twice on the same button must be heard twice: an unchanged
     * description would not be a change */
    gtk_accessible_reset_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  for (guint i = 0; i < announcer->pending->len; i++)
    if (!said_by_another (announcer->pending, i))
      {
        if (text->len > 0)
          g_string_append (text, "\n");
        g_string_append (text, announcer->pending->pdata[i]);
      }
  g_ptr_array_set_size (announcer->pending, 0);
  g_weak_ref_set (&announcer->announced, focus);
  gtk_accessible_update_property (GTK_ACCESSIBLE (focus),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str,
                                  -1);
  return G_SOURCE_REMOVE;
}

/**
 * tk_accessible_announce:
 * @widget: any widget in the window where the result shows
 * @text: what a screen reader should say, plain text
 *
 * Makes @text heard: once the main loop is idle it becomes the accessible description of the
 * widget that has the keyboard focus (the window itself when nothing has), with any other
 * text announced meanwhile, until the focus moves.
 */
void
tk_accessible_announce (GtkWidget  *widget,
                        const char *text)
{
  GtkRoot *root;
  Announcer *announcer;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (text != NULL);

  root = gtk_widget_get_root (widget);
  if (!GTK_IS_WINDOW (root) || *text == '\0')
    return;

  announcer = g_object_get_data (G_OBJECT (root), ANNOUNCER_KEY);
  if (announcer == NULL)
    {
      announcer = g_new0 (Announcer, 1);
      announcer->window = GTK_WINDOW (root);
      g_weak_ref_init (&announcer->announced, NULL);
      announcer->pending = g_ptr_array_new_with_free_func (g_free);
      g_object_set_data_full (G_OBJECT (root), ANNOUNCER_KEY, announcer, announcer_free);
      g_signal_connect (root, "notify::focus-widget", G_CALLBACK (on_focus_moved), announcer);
    }
  for (guint i = 0; i < announcer->pending->len; i++)
    if (g_str_equal (announcer->pending->pdata[i], text))
      return;
  g_ptr_array_add (announcer->pending, g_strdup (text));
  if (announcer->idle_id == 0)
    /* at the default priority: after the action that made the results, before redraws */
    announcer->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, say_pending, announcer, NULL);
}

/**
 * tk_accessible_add_toast:
 * @overlay: where the toast shows
 * @toast: (transfer full): the toast; its title is markup
 *
 * Shows @toast and makes its title heard (tk_accessible_announce()): every toast of the app
 * is added here.
 */
void
tk_accessible_add_toast (AdwToastOverlay *overlay,
                         AdwToast        *toast)
{
  g_autofree char *text = NULL;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (ADW_IS_TOAST (toast));

  if (!pango_parse_markup (adw_toast_get_title (toast), -1, 0, NULL, &text, NULL, NULL))
    text = g_strdup (adw_toast_get_title (toast));
  adw_toast_overlay_add_toast (overlay, toast);
  tk_accessible_announce (GTK_WIDGET (overlay), text);
}
