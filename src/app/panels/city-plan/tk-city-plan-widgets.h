/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-widgets.h — small widgets the City Plan panel's parts make alike: a wrapping
 * label, a row of buttons, and a "−  3  +" stepper whose buttons activate an action with the
 * engine action for the next value as their target.  A bottom file: it calls no part.
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The engine action that sets a stepper's value to @value (a new object). */
typedef JsonObject *(*TkCityPlanStepAction) (gconstpointer data,
                                             gint64        value);

/* A start-aligned wrapping label of modest width (two cities fit side by side on a laptop). */
GtkWidget *tk_city_plan_label_new      (const char          *text,
                                        const char          *css_class);
/* A flow box of up to three equal buttons. */
GtkWidget *tk_city_plan_button_row_new (void);
/* A stepper named @name (its buttons @name-minus and @name-plus, with tooltips and accessible
 * names @less and @more). */
GtkWidget *tk_city_plan_stepper_new    (const char          *name,
                                        const char          *less,
                                        const char          *more);
/* Shows @value_text for @value; the buttons activate @action_name ("s": the engine action
 * @make gives for @value ∓ 1, as JSON) within @min..@max and are insensitive outside. */
void       tk_city_plan_stepper_set    (GtkWidget           *stepper,
                                        const char          *action_name,
                                        const char          *value_text,
                                        gint64               value,
                                        gint64               min,
                                        gint64               max,
                                        TkCityPlanStepAction make,
                                        gconstpointer        data);

G_END_DECLS
