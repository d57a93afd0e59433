/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-sync.c — `tablekeeper-cli sync FOLDER`, `sync status FOLDER` and `dump --canonical`:
 * devices scripted and compared by tests (tk-sync-pass.h, tk-sync-log.h). */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-cli.h"
#include "tk-sync-log.h"
#include "tk-sync-pass.h"

static int
sync_status (TkStore    *store,
             const char *folder_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = g_file_new_for_commandline_arg (folder_path);
  g_autoptr(JsonNode) status = tk_sync_pass_status (store, folder, NULL, &error);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  if (status == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot read the sync folder: %s\n"), error->message);
      return 1;
    }
  json_generator_set_root (generator, status);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
  return 0;
}

static int
sync_run (TkStore    *store,
          const char *folder_path,
          const char *device_name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = g_file_new_for_commandline_arg (folder_path);
  g_autoptr(TkSyncPassResult) result = tk_sync_pass_run (store, folder, device_name, NULL,
                                                         &error);

  if (result == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot sync with “%s”: %s\n"), folder_path,
                  error->message);
      return 1;
    }
  if (result->joined)
    g_print (_("Joined library %s.\n"), result->library_uid);
  if (result->renewed)
    g_print (_("Another copy of this library wrote as this device: this one is device %s "
               "from now on.\n"), result->device_uid);
  g_print (g_dngettext (GETTEXT_PACKAGE, "Wrote %u operation in %u file.\n",
                        "Wrote %u operations in %u files.\n", result->ops_written),
           result->ops_written, result->files_written->len);
  g_print (g_dngettext (GETTEXT_PACKAGE, "Read %u file: %u new operation, %u already here.\n",
                        "Read %u files: %u new operations, %u already here.\n",
                        result->files_read),
           result->files_read, result->ops_received, result->ops_duplicate);
  for (guint i = 0; i < result->skipped->len; i++)
    {
      const TkSyncSkipped *skipped = result->skipped->pdata[i];

      g_print (_("Skipped %s: %s\n"), skipped->path, skipped->reason);
    }
  if (result->waiting > 0)
    g_print (g_dngettext (GETTEXT_PACKAGE, "%u change waits for what it names.\n",
                          "%u changes wait for what they name.\n", result->waiting),
             result->waiting);
  if (result->far_ahead)
    g_print (_("Warning: a device’s clock is more than a day ahead.\n"));
  g_print (g_dngettext (GETTEXT_PACKAGE, "Conflicts kept: %u value.\n",
                        "Conflicts kept: %u values.\n", (gulong) result->kept),
           (guint) MIN (result->kept, G_MAXUINT));
  return 0;
}

int
tk_cli_sync (TkStore  *store,
             int       argc,
             char    **argv)
{
  const char *device_name = NULL;
  const char *folder = NULL;
  gboolean status = FALSE;

  if (tk_cli_wants_help (argc, argv))
    goto usage;
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--device-name") && i + 1 < argc)
        device_name = argv[++i];
      else if (g_str_has_prefix (argv[i], "--device-name="))
        device_name = argv[i] + strlen ("--device-name=");
      else if (i == 1 && g_str_equal (argv[i], "status") && argc > 2)
        status = TRUE;
      else if (folder == NULL && argv[i][0] != '-')
        folder = argv[i];
      else
        goto usage;
    }
  if (folder == NULL || (status && device_name != NULL))
    goto usage;
  return status ? sync_status (store, folder) : sync_run (store, folder, device_name);

usage:
  return tk_cli_usage (_("Usage:\n"
                         "  tablekeeper-cli sync FOLDER [--device-name NAME]\n"
                         "  tablekeeper-cli sync status FOLDER\n"
                         "Writes this library’s new changes into FOLDER, reads every other "
                         "device’s and folds them in.\n"),
                       tk_cli_wants_help (argc, argv));
}

int
tk_cli_dump (TkStore  *store,
             int       argc,
             char    **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (argc != 2 || !g_str_equal (argv[1], "--canonical"))
    return tk_cli_usage (_("Usage:\n"
                           "  tablekeeper-cli dump --canonical\n"
                           "Prints the synced content as one canonical JSON document, the same "
                           "bytes on every device that has read the same changes.\n"),
                         tk_cli_wants_help (argc, argv));
  text = tk_sync_log_dump_canonical (store, &error);
  if (text == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot read the library: %s\n"), error->message);
      return 1;
    }
  g_print ("%s", text);
  return 0;
}
