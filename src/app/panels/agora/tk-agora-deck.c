/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-deck.c — the Agora panel's deck: for each letter the cards left, who holds it and
 * the chance that the next card carries it.  The four cards are the template's, patched on each
 * TkAgoraModel::changed.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "tk-agora-deck.h"
#include "tk-accessible.h"

/* A letter's card, bound from the template's card_0 … chance_3. */
typedef struct
{
  GtkWidget *box;       /* the whole card, in the flow box */
  GtkWidget *count;
  GtkWidget *bar;
  GtkWidget *who;
  GtkWidget *chance;
} Card;

struct _TkAgoraDeck
{
  TkPanelPart   parent_instance;

  Card          cards[TK_AGORA_N_LETTERS];

  GtkWidget    *summary;
};

G_DEFINE_FINAL_TYPE (TkAgoraDeck, tk_agora_deck, TK_TYPE_PANEL_PART)

static void
tk_agora_deck_update (TkPanelPart  *part,
                      TkPanelModel *panel_model)
{
  TkAgoraDeck *self = TK_AGORA_DECK (part);
  TkAgoraModel *model = TK_AGORA_MODEL (panel_model);
  TkAgoraPhase phase = tk_agora_model_get_phase (model);
  guint total = tk_agora_model_get_deck_total (model);
  guint per_letter = tk_agora_model_get_cards_per_letter (model);
  guint active = tk_agora_model_get_active (model);
  g_autofree char *summary = g_strdup_printf (_("%" PRId64 " of %" PRId64 " cards left"),
                                              (gint64) total,
                                              (gint64) per_letter * TK_AGORA_N_LETTERS);

  gtk_label_set_text (GTK_LABEL (self->summary), summary);
  for (int l = 0; l < TK_AGORA_N_LETTERS; l++)
    {
      Card *card = &self->cards[l];
      guint left = tk_agora_model_get_cards_left (model, l);
      int seat = tk_agora_model_letter_seat (model, l);
      gboolean warn = seat >= 0 && (guint) seat == active &&
                      (phase == TK_AGORA_PHASE_INCOME || phase == TK_AGORA_PHASE_DRAW);
      g_autofree char *count_text = g_strdup_printf (_("%" PRId64 " left"), (gint64) left);
      g_autofree char *chance_text = NULL;

      gtk_label_set_text (GTK_LABEL (card->count), count_text);
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (card->bar),
                                     per_letter > 0 ? (double) left / per_letter : 0);
      gtk_label_set_text (GTK_LABEL (card->who),
                          seat >= 0 ? tk_agora_player_get_name (
                                        tk_agora_model_get_player (model, seat))
                                    : _("No player"));
      if (seat < 0)
        gtk_widget_add_css_class (card->who, "dim-label");
      else
        gtk_widget_remove_css_class (card->who, "dim-label");
      /* Rounded half up; the chance is a quotient already, so 23 of 40 may come out a hair
       * under 57.5 %: the 1e-9 keeps it at 58 %, as 100 × 23 ÷ 40 would. */
      /* Translators: the chance that the next card drawn has this letter, e.g. "Next card:
       * 26%". */
      chance_text = g_strdup_printf (_("Next card: %d%%"),
                                     (int) (100.0 * tk_agora_model_get_letter_chance (model, l)
                                            + 0.5 + 1e-9));
      gtk_label_set_text (GTK_LABEL (card->chance), chance_text);
      if (warn)
        {
          gtk_widget_remove_css_class (card->chance, "dim-label");
          gtk_widget_add_css_class (card->chance, "warning");
        }
      else
        {
          gtk_widget_remove_css_class (card->chance, "warning");
          gtk_widget_add_css_class (card->chance, "dim-label");
        }
      /* The letter's card takes the focus: it is read as its letter, count, holder, chance. */
      tk_accessible_label_item_from_text (card->box);
    }
}

static void
tk_agora_deck_class_init (TkAgoraDeckClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_agora_deck_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-deck.ui");
  gtk_widget_class_bind_template_child (widget_class, TkAgoraDeck, summary);
  for (guint l = 0; l < TK_AGORA_N_LETTERS; l++)
    {
      tk_panel_bind_template_child_indexed (widget_class, "card_", l,
                                            G_STRUCT_OFFSET (TkAgoraDeck, cards[l].box));
      tk_panel_bind_template_child_indexed (widget_class, "count_", l,
                                            G_STRUCT_OFFSET (TkAgoraDeck, cards[l].count));
      tk_panel_bind_template_child_indexed (widget_class, "bar_", l,
                                            G_STRUCT_OFFSET (TkAgoraDeck, cards[l].bar));
      tk_panel_bind_template_child_indexed (widget_class, "who_", l,
                                            G_STRUCT_OFFSET (TkAgoraDeck, cards[l].who));
      tk_panel_bind_template_child_indexed (widget_class, "chance_", l,
                                            G_STRUCT_OFFSET (TkAgoraDeck, cards[l].chance));
    }
}

static void
tk_agora_deck_init (TkAgoraDeck *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
