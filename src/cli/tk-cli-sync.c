/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-sync.c — `tablekeeper-cli sync FOLDER`, `sync status FOLDER`, `sync offers`, `sync
 * keep-both` and `dump --canonical`: devices scripted and compared by tests (tk-sync-pass.h,
 * tk-sync-log.h, tk-sync-offer.h). */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

#include "tk-cli.h"
#include "tk-sync-log.h"
#include "tk-sync-offer.h"
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

static void
add_offer_side (JsonBuilder *builder,
                const char  *member,
                gint64       id,
                const char  *uid,
                const char  *device,
                gboolean     here)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_int_value (builder, id);
  json_builder_set_member_name (builder, "uid");
  json_builder_add_string_value (builder, uid);
  json_builder_set_member_name (builder, "device");
  json_builder_add_string_value (builder, device);
  json_builder_set_member_name (builder, "this_device");
  json_builder_add_boolean_value (builder, here);
  json_builder_end_object (builder);
}

/* `sync offers [--json]`: players of one name and own games of one title made on two
 * devices, each with the command that merges them. */
static int
sync_offers (TkStore  *store,
             gboolean  as_json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) offers = tk_sync_offers_list (store, &error);
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  if (offers == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot read the library: %s\n"), error->message);
      return 1;
    }
  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (offers); i++)
    {
      g_autoptr(TkSyncOffer) offer = g_list_model_get_item (offers, i);
      gboolean player = tk_sync_offer_get_kind (offer) == TK_SYNC_OFFER_PLAYER;

      if (!as_json)
        {
          /* The ids are this library's row ids, as `players list` prints them. */
          if (player)
            g_print (_("Player “%s”: %" PRId64 " and %" PRId64 " (made on another device) "
                       "may be one: players merge %" PRId64 " %" PRId64 "\n"),
                     tk_sync_offer_get_name (offer), tk_sync_offer_get_keep_id (offer),
                     tk_sync_offer_get_other_id (offer), tk_sync_offer_get_other_id (offer),
                     tk_sync_offer_get_keep_id (offer));
          else
            g_print (_("Game “%s”: %s and %s (made on another device) may be one: "
                       "collection merge %s %s\n"),
                     tk_sync_offer_get_name (offer), tk_sync_offer_get_keep_uid (offer),
                     tk_sync_offer_get_other_uid (offer), tk_sync_offer_get_other_uid (offer),
                     tk_sync_offer_get_keep_uid (offer));
          continue;
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "type");
      json_builder_add_string_value (builder, tk_sync_offer_get_type_name (offer));
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, tk_sync_offer_get_name (offer));
      add_offer_side (builder, "keep", tk_sync_offer_get_keep_id (offer),
                      tk_sync_offer_get_keep_uid (offer), tk_sync_offer_get_keep_device (offer),
                      tk_sync_offer_get_keep_is_here (offer));
      add_offer_side (builder, "other", tk_sync_offer_get_other_id (offer),
                      tk_sync_offer_get_other_uid (offer),
                      tk_sync_offer_get_other_device (offer),
                      tk_sync_offer_get_other_is_here (offer));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  if (as_json)
    {
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autoptr(JsonNode) root = json_builder_get_root (builder);
      g_autofree char *text = NULL;

      json_generator_set_root (generator, root);
      json_generator_set_pretty (generator, TRUE);
      text = json_generator_to_data (generator, NULL);
      g_print ("%s\n", text);
    }
  else if (g_list_model_get_n_items (offers) == 0)
    g_print (_("Nothing to merge.\n"));
  return 0;
}

static int
sync_keep_both (TkStore    *store,
                const char *type_name,
                const char *uid_a,
                const char *uid_b)
{
  g_autoptr(GError) error = NULL;

  if (!tk_sync_offers_keep_both (store, type_name, uid_a, uid_b, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot keep both: %s\n"), error->message);
      return 1;
    }
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
  if (argc >= 2 && g_str_equal (argv[1], "offers"))
    {
      if (argc > 3 || (argc == 3 && !g_str_equal (argv[2], "--json")))
        goto usage;
      return sync_offers (store, argc == 3);
    }
  if (argc >= 2 && g_str_equal (argv[1], "keep-both"))
    {
      if (argc != 5)
        goto usage;
      return sync_keep_both (store, argv[2], argv[3], argv[4]);
    }
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
                         "  tablekeeper-cli sync offers [--json]\n"
                         "  tablekeeper-cli sync keep-both player|game UID UID\n"
                         "Writes this library’s new changes into FOLDER, reads every other "
                         "device’s and folds them in.  “offers” lists players of one name and "
                         "games of your own of one title that were made on two devices; "
                         "“keep-both” keeps two of them apart for good, on every device.\n"),
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
