/* atspi-ping: how long an application takes to answer a screen reader.
 *
 *   atspi-ping PID SECONDS
 *
 * Finds the application of process PID on the accessibility bus (waiting
 * up to 10 s for it), then for SECONDS asks its first window's name every
 * 20 ms, as a screen reader asks what has focus, each time past libatspi's
 * cache (so each ask is a D-Bus round trip the application's main loop
 * answers), and prints one line:
 *
 *   atspi-ms median M p90 P max X count N
 *
 * `make bench` (scripts/bench-values, through demo-shell-edit-bench) runs
 * it against the launcher while 2048 autoplays with Show Values (issue 43). */
#include <atspi/atspi.h>
#include <stdio.h>
#include <stdlib.h>

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static AtspiAccessible *application_of(int pid) {
    AtspiAccessible *desktop = atspi_get_desktop(0);
    AtspiAccessible *found = NULL;
    for (int tries = 0; tries < 200 && !found; tries++) {
        gint count = atspi_accessible_get_child_count(desktop, NULL);
        for (gint i = 0; i < count && !found; i++) {
            AtspiAccessible *app = atspi_accessible_get_child_at_index(desktop, i, NULL);
            if (!app) continue;
            if ((int)atspi_accessible_get_process_id(app, NULL) == pid
                && atspi_accessible_get_child_count(app, NULL) > 0) found = app;
            else g_object_unref(app);
        }
        if (!found) g_usleep(50000);
    }
    g_object_unref(desktop);
    return found;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: atspi-ping PID SECONDS\n");
        return 2;
    }
    int pid = atoi(argv[1]);
    double seconds = atof(argv[2]);
    if (atspi_init() > 1) {
        fprintf(stderr, "atspi-ping: no accessibility bus\n");
        return 1;
    }
    AtspiAccessible *app = application_of(pid);
    if (!app) {
        fprintf(stderr, "atspi-ping: process %d is not on the accessibility bus\n", pid);
        return 1;
    }
    AtspiAccessible *window = atspi_accessible_get_child_at_index(app, 0, NULL);
    if (!window) window = g_object_ref(app);
    gsize capacity = (gsize)(seconds * 50) + 16, count = 0;
    double *samples = g_new(double, capacity);
    gint64 start = g_get_monotonic_time();
    while (count < capacity && g_get_monotonic_time() - start < (gint64)(seconds * 1e6)) {
        atspi_accessible_clear_cache(window);
        gint64 before = g_get_monotonic_time();
        GError *error = NULL;
        gchar *name = atspi_accessible_get_name(window, &error);
        gint64 after = g_get_monotonic_time();
        if (error) {
            fprintf(stderr, "atspi-ping: %s\n", error->message);
            g_error_free(error);
            break;
        }
        g_free(name);
        samples[count++] = (after - before) / 1000.0;
        g_usleep(20000);
    }
    if (count == 0) {
        fprintf(stderr, "atspi-ping: no answer\n");
        return 1;
    }
    qsort(samples, count, sizeof *samples, by_value);
    printf("atspi-ms median %.1f p90 %.1f max %.1f count %zu\n",
           samples[count / 2], samples[count * 9 / 10], samples[count - 1], (size_t)count);
    return 0;
}
