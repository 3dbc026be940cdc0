/* What demo-shell sets before any library starts: the dynamic linker runs
 * an executable's .preinit_array before every shared library's constructor,
 * and so before GLib's, which makes the first GSlice allocation.
 *
 * GLib 2.74 (Debian 12) hands out GSlice memory (GObject instances, hash
 * tables, lists) from per-thread magazines and page-sized slabs that are
 * never given back: private memory every demo-shell process keeps once its
 * window has mapped. GLib 2.76 dropped that allocator for
 * malloc; this asks 2.74 to do the same (`G_SLICE=always-malloc`, without
 * putting it in the environment of every program the shell starts). On
 * GLib 2.76 and later the call does nothing. */
#include "DemoShellStart.h"
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef enum { DEMO_SHELL_SLICE_CONFIG_ALWAYS_MALLOC = 1 } DemoShellSliceConfig;
/* glib/gslice.h's g_slice_set_config and g_slice_get_config, and
 * glib_check_version, declared here: glib.h marks the first two deprecated,
 * and this is their one use. */
extern void g_slice_set_config(DemoShellSliceConfig key, long long value);
extern long long g_slice_get_config(DemoShellSliceConfig key);
extern const char *glib_check_version(unsigned int major, unsigned int minor, unsigned int micro);

/* The start-up trace's first line (DEMO_SHELL_TRACE_START=FILE; the shell
 * appends its phases, see StartTrace.swift): whether slices now come from
 * malloc. GLib 2.74 refuses the setting once its allocator has started (a
 * GLib constructor run first), so asking for it back is an exact record of
 * the order, where the dynamic linker's LD_DEBUG record is written by
 * several threads at once. Without the variable: one look through the
 * environment. */
static void demo_shell_trace_slices(char **envp) {
    const char *path = NULL;
    for (char **entry = envp; entry && *entry; entry++) {
        if (strncmp(*entry, "DEMO_SHELL_TRACE_START=", 23) == 0) { path = *entry + 23; break; }
    }
    if (!path || !*path) return;
    int malloced = glib_check_version(2, 76, 0) == NULL /* 2.76 and later: always malloc */
        || g_slice_get_config(DEMO_SHELL_SLICE_CONFIG_ALWAYS_MALLOC) != 0;
    const char *line = malloced ? "slices from malloc\n" : "slices from GLib's slice allocator\n";
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return;
    ssize_t written = write(fd, line, strlen(line));
    (void)written;
    close(fd);
}

static void demo_shell_use_malloc_for_slices(int argc, char **argv, char **envp) {
    (void)argc; (void)argv;
    g_slice_set_config(DEMO_SHELL_SLICE_CONFIG_ALWAYS_MALLOC, 1);
    demo_shell_trace_slices(envp);
}

__attribute__((section(".preinit_array"), used))
static void (*const demo_shell_preinit)(int, char **, char **) = demo_shell_use_malloc_for_slices;
