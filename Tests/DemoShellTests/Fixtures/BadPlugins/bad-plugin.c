/* Plugins that misbehave, for the plugin checker's tests (PluginCheckerTests).
 * Built with cc by the tests, one library per behaviour, each linked against
 * the build's libDemoKit.so (it uses one of its symbols), so that it needs
 * the SDK's version node as a real plugin does and its check gets as far as
 * dlopen:
 *   -DCRASH_ON_LOAD        a constructor writes through a junk pointer (SIGSEGV)
 *   -DABORT_ON_LOAD        a constructor calls abort() (killed `demo-shell --list`)
 *   -DHANG_ON_LOAD         a constructor says what it waits for, and never returns
 *   -DEXIT_ON_LOAD         a constructor calls exit(0): no answer at all
 *   -DFATAL_IN_INIT        says what Swift's runtime says of a fatalError in an
 *                          init ("FILE:LINE: Fatal error: …", after some chatter)
 *                          and traps (SIGILL), as a Swift plugin's init would
 *   -DABORT_WHILE=\"PATH\"   a constructor calls abort() while the file PATH
 *                          exists (Check Again's tests fix it by removing it)
 *   -DLIE_ON_STDOUT        prints a "usable" answer on stdout; it has no Swift
 *                          class, so the manifest's Entry names none
 * With none of them it is a library that loads and holds no class. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <unistd.h>

/* A C function of the SDK (CBasics): what makes this library need libDemoKit.so's version node. */
extern int basics_rename_noreplace(const char *from, const char *to);
int (*bad_plugin_uses_the_sdk)(const char *, const char *) = basics_rename_noreplace;

#if defined(CRASH_ON_LOAD) || defined(ABORT_ON_LOAD) || defined(HANG_ON_LOAD) || defined(EXIT_ON_LOAD) || defined(LIE_ON_STDOUT) || defined(FATAL_IN_INIT) || defined(ABORT_WHILE)
__attribute__((constructor)) static void on_load(void) {
#if defined(CRASH_ON_LOAD)
    static uint64_t junk[1] = { 0x4141414141414141 };
    *(volatile int *)(uintptr_t)junk[0] = 1;
#elif defined(ABORT_ON_LOAD)
    abort();
#elif defined(HANG_ON_LOAD)
    fputs("waiting for the tip server\n", stdout);
    fflush(stdout);
    for (;;) pause();
#elif defined(FATAL_IN_INIT)
    fputs("loading the tip table\n", stdout);
    fflush(stdout);
    fputs("CrashInit/CrashInit.swift:3: Fatal error: boom in init\n", stderr);
    __builtin_trap();
#elif defined(ABORT_WHILE)
    if (access(ABORT_WHILE, F_OK) == 0) abort();
#elif defined(EXIT_ON_LOAD)
    exit(0);
#else
    fputs("usable\n", stdout);
    fflush(stdout);
#endif
}
#endif
