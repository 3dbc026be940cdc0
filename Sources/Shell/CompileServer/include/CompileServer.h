#ifndef DEMO_SHELL_COMPILE_SERVER_H
#define DEMO_SHELL_COMPILE_SERVER_H
/* `demo-shell --compile-server=LIBRARY`: compiles requests read on standard
 * input with the toolchain's SourceKit library loaded once (CompileServer.c).
 * Returns the process's exit status. */
int demo_shell_compile_server(const char *library);
#endif
