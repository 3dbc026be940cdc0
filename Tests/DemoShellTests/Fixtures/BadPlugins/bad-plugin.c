/* Plugins that misbehave, for the plugin checker's tests (PluginCheckerTests).
 * Built with cc by the tests, one library per behaviour:
 *   -DSDK_IDENTITY='"…"'   the identity the shell expects (so the check gets past it)
 *   -DJUNK_POINTER         create returns a junk pointer (the shell used to die of
 *                          SIGSEGV in swift_conformsToProtocol)
 *   -DABORT_ON_LOAD        a constructor calls abort() (killed `demo-shell --list`)
 *   -DHANG_IN_CREATE       create never returns
 *   -DEXIT_ON_LOAD         a constructor calls exit(0): no answer at all
 *   -DLIE_ON_STDOUT        prints a "usable" answer on stdout, then returns NULL
 *   -DNO_SDK, -DNO_CREATE  leaves out that entry point (the message names only it) */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <unistd.h>

#ifndef SDK_IDENTITY
#define SDK_IDENTITY "not-the-shells-identity"
#endif

#if defined(ABORT_ON_LOAD) || defined(EXIT_ON_LOAD) || defined(LIE_ON_STDOUT)
__attribute__((constructor)) static void on_load(void) {
#if defined(ABORT_ON_LOAD)
    abort();
#elif defined(EXIT_ON_LOAD)
    exit(0);
#else
    fputs("usable\n", stdout);
    fflush(stdout);
#endif
}
#endif

#ifndef NO_SDK
const char *demo_shell_plugin_sdk(void) { return SDK_IDENTITY; }
#endif

#ifndef NO_CREATE
void *demo_shell_plugin_create(void) {
#if defined(JUNK_POINTER)
    static uint64_t junk[4] = { 0x4141414141414141, 0x4242424242424242, 0x10, 0x20 };
    return (void *)(uintptr_t)junk[0];
#elif defined(HANG_IN_CREATE)
    for (;;) pause();
#else
    return NULL;
#endif
}
#endif
