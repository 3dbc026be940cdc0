#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H
/* Imported as the CGtk module, not included: included, GTK's headers would be
   a second copy inside this module, and every edited demo's first build would
   parse them twice (docs/benchmarks.md says what that cost). C compilers without modules
   (shim.c's) include them. */
#if __has_feature(modules)
#pragma clang module import CGtk
#else
#include <gtk/gtk.h>
#endif

/* Helpers for C APIs Swift cannot call: variadic functions and type-check macros. */

GtkWidget *shim_message_dialog_new(GtkWindow *parent, GtkMessageType type,
                                   GtkButtonsType buttons, const char *text);
void shim_message_dialog_set_secondary(GtkMessageDialog *dialog, const char *text);
void shim_object_set_bool(gpointer object, const char *property, gboolean value);
void shim_object_set_int(gpointer object, const char *property, int value);
void shim_object_set_double(gpointer object, const char *property, double value);
void shim_object_set_string(gpointer object, const char *property, const char *value);
gboolean shim_is_window(gpointer object);
gboolean shim_is_widget(gpointer object);
GType shim_object_type(gpointer object);
gboolean shim_is_floating(gpointer object);
GtkWidget *shim_about_dialog_new(GtkWindow *parent);
GdkEvent *shim_key_event_new(GdkWindow *window, GdkEventType type, guint keyval,
                             GdkModifierType state);
GdkEvent *shim_button_event_new(GdkWindow *window, GdkEventType type, guint button,
                                double x, double y);
guint shim_event_keyval(GdkEvent *event);
guint shim_event_state(GdkEvent *event);
GdkEventType shim_event_type(GdkEvent *event);
guint shim_event_button(GdkEvent *event);
void shim_event_coords(GdkEvent *event, double *x, double *y);
/* Tab through a paned's children in the order drawn (Paned.swift). */
void shim_paned_focus_in_order(GtkPaned *paned);
/* The Swift main actor's jobs and libdispatch's main queue, run from GLib
   sources (Concurrency.swift). */
typedef struct { const void *identity; uintptr_t implementation; } shim_executor_ref;
int shim_install_main_executor(shim_executor_ref executor, void (*drain)(void));
void shim_push_main_job(void *job);
void *shim_next_main_job(void);
int shim_is_main_thread(void);
int shim_main_queue_fd(void);
void shim_drain_main_queue(int fd);
guint shim_object_ref_count(gpointer object);
gboolean shim_object_find_property(gpointer object, const char *name);
/* posix_spawn_file_actions_addclosefrom_np (glibc 2.34), which Swift's Glibc
   does not import: a spawned child gets no descriptor from fd on.
   `actions` is a posix_spawn_file_actions_t *. */
int shim_spawn_close_from(void *actions, int fd);
void shim_line_buffered_stdout(void);
int shim_end_with_parent(int parent);
/* Orphans of this process's descendants become its children (PR_SET_CHILD_SUBREAPER); 0 on success. */
int shim_become_subreaper(void);
/* A destroyed widget's accessible says DEFUNCT instead of NULL (shim.c). */
void shim_guard_accessible_state_sets(void);
void shim_label_text_without_isolates(void);
#endif
