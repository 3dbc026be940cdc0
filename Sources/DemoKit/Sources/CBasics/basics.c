#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include "CBasics.h"

int basics_rename_noreplace(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}

int basics_make_temporary_file(char *template_path) {
    return mkostemp(template_path, O_CLOEXEC);
}
