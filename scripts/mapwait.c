/* mapwait: runs a program and reports how long it took until its first
 * top-level window was mapped, and its private memory once it settled.
 *
 *   mapwait SETTLE_MS PROGRAM [ARGS...]
 *
 * Prints "MAP_MS PRIVATE_KB" on stdout, then kills the program. Uses the X
 * server's own MapNotify events (SubstructureNotify on the root window), so
 * the time is exact to the event, with no polling. Private memory is
 * Private_Clean + Private_Dirty (USS) and Private_Dirty alone,
 * from /proc/PID/smaps_rollup.
 *
 * The program may restart the clock: it finds a descriptor's number in
 * $MAPWAIT_FD and writes a byte there when the moment to time from comes
 * (demo-shell-edit-bench, as it presses Run Edited, once Edit's ready child
 * waits: the user's moment, not the program's start). */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* USS (Private_Clean + Private_Dirty) and Private_Dirty alone, in kB. */
static long private_kb(pid_t pid, long *dirty) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long total = 0, value;
    *dirty = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "Private_Clean: %ld kB", &value) == 1) total += value;
        if (sscanf(line, "Private_Dirty: %ld kB", &value) == 1) { total += value; *dirty += value; }
    }
    fclose(f);
    return total;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: mapwait SETTLE_MS PROGRAM [ARGS...]\n"); return 2; }
    int settle = atoi(argv[1]);
    Display *display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "mapwait: cannot open display\n"); return 1; }
    Window root = DefaultRootWindow(display);
    XSelectInput(display, root, SubstructureNotifyMask);
    XSync(display, False);

    int mark[2];
    if (pipe(mark) != 0) { perror("pipe"); return 1; }
    char markfd[16];
    snprintf(markfd, sizeof markfd, "%d", mark[1]);
    setenv("MAPWAIT_FD", markfd, 1);
    double start = now_ms();
    pid_t pid = fork();
    if (pid == 0) {
        close(mark[0]);
        execvp(argv[2], argv + 2);
        perror("exec");
        _exit(127);
    }
    close(mark[1]);
    double mapped = -1;
    int fd = ConnectionNumber(display);
    while (mapped < 0 && now_ms() - start < 20000) {
        while (XPending(display)) {
            XEvent event;
            XNextEvent(display, &event);
            if (event.type == MapNotify && mapped < 0) mapped = now_ms() - start;
        }
        if (mapped >= 0) break;
        fd_set set;
        FD_ZERO(&set);
        FD_SET(fd, &set);
        if (mark[0] >= 0) FD_SET(mark[0], &set);
        struct timeval tv = {0, 20000};
        select((fd > mark[0] ? fd : mark[0]) + 1, &set, NULL, NULL, &tv);
        if (mark[0] >= 0 && FD_ISSET(mark[0], &set)) {
            char byte;
            if (read(mark[0], &byte, 1) == 1) start = now_ms();
            else { close(mark[0]); mark[0] = -1; }
        }
        if (waitpid(pid, NULL, WNOHANG) == pid) { fprintf(stderr, "mapwait: %s exited early\n", argv[2]); return 1; }
    }
    usleep(settle * 1000);
    long dirty = 0;
    long kb = private_kb(pid, &dirty);
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    XCloseDisplay(display);
    if (mapped < 0) { fprintf(stderr, "mapwait: no window mapped\n"); return 1; }
    printf("%.1f %ld %ld\n", mapped, kb, dirty);
    return 0;
}
