/* What demo-shell sets before any library starts: the dynamic linker runs
 * an executable's .preinit_array before every shared library's constructor,
 * and so before GLib's, which makes the first GSlice allocation.
 *
 * GLib 2.74 (Debian 12) hands out GSlice memory (GObject instances, hash
 * tables, lists) from per-thread magazines and page-sized slabs that are
 * never given back: 1.2 MB of private memory in every demo-shell process,
 * one second after its window maps. GLib 2.76 dropped that allocator for
 * malloc; this asks 2.74 to do the same (`G_SLICE=always-malloc`, without
 * putting it in the environment of every program the shell starts). On
 * GLib 2.76 and later the call does nothing. */
#include "DemoShellStart.h"

typedef enum { DEMO_SHELL_SLICE_CONFIG_ALWAYS_MALLOC = 1 } DemoShellSliceConfig;
/* glib/gslice.h's g_slice_set_config, declared here: glib.h marks it
 * deprecated, and this is its one use. */
extern void g_slice_set_config(DemoShellSliceConfig key, long long value);

static void demo_shell_use_malloc_for_slices(int argc, char **argv, char **envp) {
    (void)argc; (void)argv; (void)envp;
    g_slice_set_config(DEMO_SHELL_SLICE_CONFIG_ALWAYS_MALLOC, 1);
}

__attribute__((section(".preinit_array"), used))
static void (*const demo_shell_preinit)(int, char **, char **) = demo_shell_use_malloc_for_slices;
