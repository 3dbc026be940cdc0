/* atspi-windows: an AT-SPI client, as a screen reader or Accerciser is one:
 * lists every application's windows with their role and states, DEPTH
 * levels down (default 2), on stdout.
 *
 *   atspi-windows [DEPTH] [again | described]
 *
 * With "described" each object's description follows its states, after
 * " | " (what a screen reader speaks after the name: a list row's).
 *
 * With "again" it keeps every object it met, as a screen reader or an
 * inspector does, prints "listed" and, once a line arrives on its standard
 * input, asks each of them again (name, role, states, children): a window
 * closed meanwhile must answer as gone, not make its application complain.
 *
 *   atspi-windows listen
 *
 * listens as a screen reader does for what applications announce
 * (`object:announcement`, which Orca speaks): prints "listening" once
 * registered, then one line per announcement, "announcement POLITENESS
 * TEXT" (POLITENESS is AT-SPI's live setting: 0 unsaid, 1 polite,
 * 2 assertive; line breaks in TEXT printed as \n), and one per window
 * shown, "window NAME" (what a screen reader speaks first when a window
 * appears).
 *
 *   atspi-windows act NAME ROLE
 *
 * does the first action ("click", "press") of the first object called NAME
 * with the role ROLE ("menu item", "push button"), as a screen reader or
 * an automated test does, shown or not (a combo box's entries are menu
 * items of a menu that is not shown); prints "acted ACTION", or "no NAME"
 * and exits 1.
 *
 * In "listen" mode it also prints, after "window NAME" (what it speaks when a
 * window appears), one line per window activated, "activate NAME" (what it speaks
 * when a window comes forward, with its focused control), and one per
 * focus gained, "focus INDEX NAME" (INDEX: its place among its parent's
 * children, -1 once out of the tree), until its standard input ends.
 * Tests run it against their own process. */
#include <atspi/atspi.h>
#include <stdio.h>
#include <stdlib.h>

static GPtrArray *met;
static gboolean described;

/* Prints an event's text (an announcement's, a window's name) on one line. */
static void heard(AtspiEvent *event, void *data) {
    const gchar *text = G_VALUE_HOLDS_STRING(&event->any_data) ? g_value_get_string(&event->any_data) : NULL;
    if (data) printf("%s ", (const char *)data);
    else printf("announcement %d ", event->detail1);
    for (const gchar *c = text ? text : ""; *c; c++) {
        if (*c == '\n') fputs("\\n", stdout); else putchar(*c);
    }
    printf("\n");
    fflush(stdout);
    g_boxed_free(ATSPI_TYPE_EVENT, event);
}

/* Prints a focus gained: "focus INDEX NAME", INDEX the object's place among
 * its parent's children (-1 for an object no longer in the tree). */
static void focused(AtspiEvent *event, void *data) {
    (void)data;
    if (event->detail1 == 1 && event->source) {
        GError *error = NULL;
        gint index = atspi_accessible_get_index_in_parent(event->source, &error);
        g_clear_error(&error);
        gchar *name = atspi_accessible_get_name(event->source, &error);
        g_clear_error(&error);
        printf("focus %d %s\n", index, name ? name : "");
        fflush(stdout);
        g_free(name);
    }
    g_boxed_free(ATSPI_TYPE_EVENT, event);
}

static gboolean input_ended(GIOChannel *channel, GIOCondition condition, void *data) {
    (void)channel; (void)condition; (void)data;
    atspi_event_quit();
    return G_SOURCE_REMOVE;
}

/* The "listen" mode: announcements and new windows until standard input ends. */
static int listen_for_announcements(void) {
    AtspiEventListener *listener = atspi_event_listener_new(heard, NULL, NULL);
    AtspiEventListener *windows = atspi_event_listener_new(heard, "window", NULL);
    AtspiEventListener *activations = atspi_event_listener_new(heard, "activate", NULL);
    AtspiEventListener *focus = atspi_event_listener_new(focused, NULL, NULL);
    GError *error = NULL;
    if (!atspi_event_listener_register(listener, "object:announcement", &error)
        || !atspi_event_listener_register(windows, "window:create", &error)
        || !atspi_event_listener_register(activations, "window:activate", &error)
        || !atspi_event_listener_register(focus, "object:state-changed:focused", &error)) {
        fprintf(stderr, "atspi-windows: cannot listen: %s\n", error ? error->message : "?");
        return 1;
    }
    GIOChannel *input = g_io_channel_unix_new(0);
    g_io_add_watch(input, G_IO_IN | G_IO_HUP | G_IO_ERR, input_ended, NULL);
    printf("listening\n");
    fflush(stdout);
    atspi_event_main();
    atspi_event_listener_deregister(listener, "object:announcement", NULL);
    atspi_event_listener_deregister(windows, "window:create", NULL);
    atspi_event_listener_deregister(activations, "window:activate", NULL);
    g_object_unref(activations);
    atspi_event_listener_deregister(focus, "object:state-changed:focused", NULL);
    g_object_unref(focus);
    g_object_unref(listener);
    g_object_unref(windows);
    g_io_channel_unref(input);
    return 0;
}

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
    if (described) {
        gchar *description = atspi_accessible_get_description(accessible, &error);
        g_clear_error(&error);
        if (description && *description) printf(" | %s", description);
        g_free(description);
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

/* The first object under `accessible` called `name` with the role `role`, referenced. */
static AtspiAccessible *find(AtspiAccessible *accessible, const char *name, const char *role, int depth) {
    GError *error = NULL;
    gchar *own = atspi_accessible_get_name(accessible, &error);
    g_clear_error(&error);
    gchar *kind = atspi_accessible_get_role_name(accessible, &error);
    g_clear_error(&error);
    gboolean found = own && kind && g_str_equal(own, name) && g_str_equal(kind, role);
    g_free(own);
    g_free(kind);
    if (found) return g_object_ref(accessible);
    if (depth >= 40) return NULL;
    gint count = atspi_accessible_get_child_count(accessible, &error);
    if (error) { g_clear_error(&error); return NULL; }
    for (gint i = 0; i < count; i++) {
        AtspiAccessible *child = atspi_accessible_get_child_at_index(accessible, i, &error);
        if (error) { g_clear_error(&error); continue; }
        if (!child) continue;
        AtspiAccessible *match = find(child, name, role, depth + 1);
        g_object_unref(child);
        if (match) return match;
    }
    return NULL;
}

/* The "act" mode: one object's first action. */
static int act(AtspiAccessible *desktop, const char *name, const char *role) {
    AtspiAccessible *target = find(desktop, name, role, 0);
    AtspiAction *action = target ? atspi_accessible_get_action_iface(target) : NULL;
    if (!action) { printf("no %s\n", name); return 1; }
    GError *error = NULL;
    gchar *what = atspi_action_get_action_name(action, 0, &error);
    g_clear_error(&error);
    gboolean done = atspi_action_do_action(action, 0, &error);
    printf(done ? "acted %s\n" : "failed %s\n", what ? what : "?");
    g_free(what);
    g_clear_error(&error);
    g_object_unref(action);
    g_object_unref(target);
    return done ? 0 : 1;
}

int main(int argc, char **argv) {
    g_type_class_ref(ATSPI_TYPE_STATE_TYPE);
    if (atspi_init() < 0) { fprintf(stderr, "atspi-windows: no accessibility bus\n"); return 1; }
    if (argc > 1 && g_str_equal(argv[1], "listen")) return listen_for_announcements();
    AtspiAccessible *desktop = atspi_get_desktop(0);
    if (argc > 3 && g_str_equal(argv[1], "act")) return act(desktop, argv[2], argv[3]);
    int depth = argc > 1 ? atoi(argv[1]) : 2;
    described = argc > 2 && g_str_equal(argv[2], "described");
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
