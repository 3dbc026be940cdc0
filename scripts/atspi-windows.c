/* atspi-windows: an AT-SPI client, as a screen reader or Accerciser is one:
 * lists every application's windows with their role and states, DEPTH
 * levels down (default 2), on stdout.
 *
 *   atspi-windows [DEPTH] [again]
 *
 * With "again" it keeps every object it met, as a screen reader or an
 * inspector does, prints "listed" and, once a line arrives on its standard
 * input, asks each of them again (name, role, states, children): a window
 * closed meanwhile must answer as gone, not make its application complain.
 * Tests run it against their own process. */
#include <atspi/atspi.h>
#include <stdio.h>
#include <stdlib.h>

static GPtrArray *met;

static void walk(AtspiAccessible *accessible, int depth, int max) {
    if (met) g_ptr_array_add(met, g_object_ref(accessible));
    GError *error = NULL;
    gchar *name = atspi_accessible_get_name(accessible, &error);
    g_clear_error(&error);
    gchar *role = atspi_accessible_get_role_name(accessible, &error);
    g_clear_error(&error);
    AtspiStateSet *states = atspi_accessible_get_state_set(accessible);
    GArray *list = states ? atspi_state_set_get_states(states) : NULL;
    printf("%*s%s [%s]", depth * 2, "", name ? name : "", role ? role : "?");
    for (guint i = 0; list && i < list->len; i++) {
        GEnumValue *value = g_enum_get_value(g_type_class_peek(ATSPI_TYPE_STATE_TYPE),
                                             g_array_index(list, AtspiStateType, i));
        printf(" %s", value ? value->value_nick : "?");
    }
    printf("\n");
    if (list) g_array_free(list, TRUE);
    if (states) g_object_unref(states);
    g_free(name);
    g_free(role);
    if (depth >= max) return;
    gint count = atspi_accessible_get_child_count(accessible, &error);
    if (error) { g_clear_error(&error); return; }
    for (gint i = 0; i < count; i++) {
        AtspiAccessible *child = atspi_accessible_get_child_at_index(accessible, i, &error);
        if (error) { g_clear_error(&error); continue; }
        if (child) { walk(child, depth + 1, max); g_object_unref(child); }
    }
}

int main(int argc, char **argv) {
    g_type_class_ref(ATSPI_TYPE_STATE_TYPE);
    if (atspi_init() < 0) { fprintf(stderr, "atspi-windows: no accessibility bus\n"); return 1; }
    AtspiAccessible *desktop = atspi_get_desktop(0);
    int depth = argc > 1 ? atoi(argv[1]) : 2;
    if (argc > 2 && g_str_equal(argv[2], "again")) met = g_ptr_array_new_with_free_func(g_object_unref);
    walk(desktop, 0, depth);
    if (met) {
        GPtrArray *first = met;
        met = NULL;
        printf("listed\n");
        fflush(stdout);
        char line[16];
        if (!fgets(line, sizeof line, stdin)) return 1;
        for (guint i = 0; i < first->len; i++) {
            AtspiAccessible *accessible = g_ptr_array_index(first, i);
            atspi_accessible_clear_cache(accessible);
            walk(accessible, 0, 1);
        }
        g_ptr_array_unref(first);
    }
    g_object_unref(desktop);
    return 0;
}
