#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "CBasics.h"

int basics_rename_noreplace(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}

int basics_make_temporary_file(char *template_path) {
    return mkostemp(template_path, O_CLOEXEC);
}

int basics_open_unnamed(const char *directory, unsigned int mode) {
    return open(directory, O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t)mode);
}

int basics_link_unnamed(int fd, const char *path) {
    char name[64];
    snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, name, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}
