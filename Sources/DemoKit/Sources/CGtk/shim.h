#include <gtk/gtk.h>
#include <libintl.h>
#include <locale.h>
#include <dlfcn.h>
#include <glib/gstdio.h>
#include <glib-unix.h>
