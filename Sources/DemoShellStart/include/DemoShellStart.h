#ifndef DEMO_SHELL_START_H
#define DEMO_SHELL_START_H
/* Nothing to call: DemoShellStart.c sets the process up from the
 * executable's .preinit_array, before any library's constructor runs. */
#endif
