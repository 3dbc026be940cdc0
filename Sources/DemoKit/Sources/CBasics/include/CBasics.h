#ifndef CBASICS_H
#define CBASICS_H
/* The C library calls DemoBasics needs that Swift's Glibc module does not
   import: GNU gettext's (libintl.h is not in that module), rename(2)'s
   no-replace form and mkostemp. No GLib and no GTK here: DemoBasics stays GTK-free. */
#include <libintl.h>

/* rename(2) that fails with EEXIST instead of replacing the target. */
int basics_rename_noreplace(const char *from, const char *to);

/* mkostemp(template, O_CLOEXEC): a new file no spawned child inherits. */
int basics_make_temporary_file(char *template_path);

/* An unnamed file in `directory` (O_TMPFILE), open for writing: until
   basics_link_unnamed names it, a process killed while writing it leaves
   nothing behind. -1 (errno) where the file system has none. */
int basics_open_unnamed(const char *directory, unsigned int mode);

/* Names the unnamed file `fd` `path` (linkat through /proc/self/fd);
   fails with EEXIST when `path` exists. */
int basics_link_unnamed(int fd, const char *path);

#endif
