/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-library-problem.c — why the library cannot be opened, said once, in the window.
 *
 * A status page with the store's reason as plain text and the ways on that fit it: a busy
 * library is waited for (Try Again), a read-only one can be browsed or copied, a full disk
 * wants space.  Setting the file aside for a new library is offered only for a file that
 * cannot be read at all (not a database, damaged, from a newer Tablekeeper), and is never the
 * suggested button.  The buttons are app actions; TkApplication acts on them.
 */
#define G_LOG_DOMAIN "tk-library-problem"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-library-problem.h"
#include "tk-store.h"

typedef struct
{
  TkLibraryWays  way;
  const char    *name;     /* widget name, for tests */
  const char    *label;
  const char    *action;
} Way;

/* In the order shown; the first one offered is the suggested one (never "new"). */
static const Way ways[] = {
  { TK_LIBRARY_WAY_RETRY, "library-problem-retry", N_("_Try Again"), "app.retry-library" },
  { TK_LIBRARY_WAY_READ_ONLY, "library-problem-read-only", N_("Open _Read-Only"),
    "app.open-library-read-only" },
  { TK_LIBRARY_WAY_COPY, "library-problem-copy", N_("_Copy Elsewhere…"), "app.copy-library" },
  { TK_LIBRARY_WAY_OPEN, "library-problem-open", N_("_Open Another Library…"),
    "app.open-library" },
  { TK_LIBRARY_WAY_NEW, "library-problem-new", N_("_Start a New Library"), "app.new-library" },
};

struct _TkLibraryProblem
{
  AdwBin         parent_instance;

  AdwStatusPage *status;
  GtkWidget     *buttons[G_N_ELEMENTS (ways)];
};

G_DEFINE_FINAL_TYPE (TkLibraryProblem, tk_library_problem, ADW_TYPE_BIN)

static void
tk_library_problem_class_init (TkLibraryProblemClass *klass)
{
}

static void
tk_library_problem_init (TkLibraryProblem *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    {
      GtkWidget *button = gtk_button_new_with_mnemonic (_(ways[i].label));

      gtk_widget_set_name (button, ways[i].name);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), ways[i].action);
      gtk_widget_add_css_class (button, "pill");
      gtk_box_append (GTK_BOX (box), button);
      self->buttons[i] = button;
    }

  self->status = ADW_STATUS_PAGE (adw_status_page_new ());
  gtk_widget_set_name (GTK_WIDGET (self->status), "library-problem");
  adw_status_page_set_icon_name (self->status, "dialog-warning-symbolic");
  /* The reason and up to four buttons: at 360 px the smaller icon keeps them in view. */
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "compact");
  adw_status_page_set_child (self->status, box);
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->status));
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

/**
 * tk_library_problem_ways_for:
 * @path: the library file that could not be opened
 * @error: why not (a %TK_STORE_ERROR)
 * @read_only_failed: opening it read-only was tried and failed too
 *
 * Returns: the ways on that fit @error
 */
TkLibraryWays
tk_library_problem_ways_for (const char   *path,
                             const GError *error,
                             gboolean      read_only_failed)
{
  gboolean exists = g_file_test (path, G_FILE_TEST_IS_REGULAR);

  if (error->domain != TK_STORE_ERROR)
    return TK_LIBRARY_WAY_RETRY | TK_LIBRARY_WAY_OPEN;

  switch ((TkStoreError) error->code)
    {
    case TK_STORE_ERROR_READ_ONLY:
      if (!exists)
        return TK_LIBRARY_WAY_OPEN;
      return (read_only_failed ? 0 : TK_LIBRARY_WAY_READ_ONLY) | TK_LIBRARY_WAY_COPY
             | TK_LIBRARY_WAY_OPEN;
    case TK_STORE_ERROR_NOT_A_DATABASE:
    case TK_STORE_ERROR_CORRUPT:
    case TK_STORE_ERROR_NEWER_VERSION:
      /* Only a file that really cannot be read may be set aside. */
      return TK_LIBRARY_WAY_OPEN | (exists ? TK_LIBRARY_WAY_NEW : 0);
    case TK_STORE_ERROR_FOREIGN:
      /* Another program's file: never renamed from under it. */
      return TK_LIBRARY_WAY_OPEN;
    case TK_STORE_ERROR_BUSY:
    case TK_STORE_ERROR_FULL:
    case TK_STORE_ERROR_OPEN:
    case TK_STORE_ERROR_MIGRATION:
    case TK_STORE_ERROR_FAILED:
    case TK_STORE_ERROR_CONSTRAINT:
    default:
      return TK_LIBRARY_WAY_RETRY | TK_LIBRARY_WAY_OPEN;
    }
}

GtkWidget *
tk_library_problem_new (void)
{
  return g_object_new (TK_TYPE_LIBRARY_PROBLEM, NULL);
}

static const char *
title_for (const GError *error)
{
  if (error->domain == TK_STORE_ERROR)
    switch ((TkStoreError) error->code)
      {
      case TK_STORE_ERROR_BUSY:      return _("Library in Use");
      case TK_STORE_ERROR_FULL:      return _("Disk Full");
      case TK_STORE_ERROR_READ_ONLY: return _("Library Is Read-Only");
      case TK_STORE_ERROR_FOREIGN:   return _("Not a Tablekeeper Library");
      default:                       break;
      }
  return _("Cannot Open the Library");
}

/**
 * tk_library_problem_show:
 * @self: the problem page
 * @error: why the library cannot be opened; its message is plain text
 * @ways: the buttons to show
 *
 * Says why, offers @ways, and puts the keyboard focus on the suggested one, so that Enter
 * never sets a file aside.
 */
void
tk_library_problem_show (TkLibraryProblem *self,
                         const GError     *error,
                         TkLibraryWays     ways_shown)
{
  g_autofree char *escaped = NULL;
  g_autofree char *description = NULL;
  const char *hint = NULL;
  GtkWidget *first = NULL;

  g_return_if_fail (TK_IS_LIBRARY_PROBLEM (self));
  g_return_if_fail (error != NULL);

  if (error->domain == TK_STORE_ERROR && error->code == TK_STORE_ERROR_BUSY)
    hint = _("Tablekeeper tries again by itself for a little while.");
  else if (ways_shown & TK_LIBRARY_WAY_READ_ONLY)
    hint = _("Open it read-only to look through it and export from it, or copy it to a "
             "place where it can be changed.");
  else if (ways_shown & TK_LIBRARY_WAY_NEW)
    hint = _("A new library keeps the old file beside it, under another name.");

  /* The status page's description is markup; the reason quotes file names. */
  escaped = g_markup_escape_text (error->message, -1);
  description = hint != NULL ? g_strdup_printf ("%s\n\n%s", escaped, hint) : g_strdup (escaped);
  adw_status_page_set_title (self->status, title_for (error));
  adw_status_page_set_description (self->status, description);

  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    {
      gboolean shown = (ways_shown & ways[i].way) != 0;
      gboolean suggested = shown && first == NULL && ways[i].way != TK_LIBRARY_WAY_NEW;

      gtk_widget_set_visible (self->buttons[i], shown);
      if (suggested)
        {
          first = self->buttons[i];
          gtk_widget_add_css_class (first, "suggested-action");
        }
      else
        gtk_widget_remove_css_class (self->buttons[i], "suggested-action");
    }
  if (first != NULL)
    gtk_widget_grab_focus (first);
}
