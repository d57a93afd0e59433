/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-deferred-menu.c — a menu button whose menu is built when it is first opened. */
#include "config.h"

#include "tk-deferred-menu.h"

/* Called by GtkMenuButton each time it is about to show its popup and has none. */
static void
create_popup (GtkMenuButton *button,
              gpointer       user_data)
{
  if (gtk_menu_button_get_popover (button) == NULL)
    gtk_menu_button_set_menu_model (button, G_MENU_MODEL (user_data));
}

/**
 * tk_menu_button_defer_menu_model:
 * @button: a menu button without a popover or menu model
 * @model: the menu it opens
 *
 * Gives @button the menu @model, built on the first click, key or F10 that opens it.  The
 * button is sensitive and says it has a popup from the start, as with
 * gtk_menu_button_set_menu_model().
 */
void
tk_menu_button_defer_menu_model (GtkMenuButton *button,
                                 GMenuModel    *model)
{
  g_return_if_fail (GTK_IS_MENU_BUTTON (button));
  g_return_if_fail (G_IS_MENU_MODEL (model));

  gtk_menu_button_set_create_popup_func (button, create_popup, g_object_ref (model),
                                         g_object_unref);
}
