/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-widgets.h — small widgets the City Plan panel's parts make alike: a wrapping
 * label and a "−  3  +" stepper whose buttons activate the part's actions with the stepper's
 * own target.  A bottom file: it calls no part.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A start-aligned wrapping label of modest width (two cities fit side by side on a laptop). */
GtkWidget *tk_city_plan_label_new      (const char          *text,
                                        const char          *css_class);
/* A stepper named @name (its buttons @name-minus and @name-plus, with tooltips and accessible
 * names @less and @more) whose buttons activate @less_action and @more_action with @target,
 * the same for the stepper's life, so a patch leaves a button being tapped alone. */
GtkWidget *tk_city_plan_stepper_new    (const char          *name,
                                        const char          *less,
                                        const char          *more,
                                        const char          *less_action,
                                        const char          *more_action,
                                        GVariant            *target);
/* Shows @value_text; each button is sensitive while a step that way is allowed. */
void       tk_city_plan_stepper_set    (GtkWidget           *stepper,
                                        const char          *value_text,
                                        gboolean             can_less,
                                        gboolean             can_more);

G_END_DECLS
