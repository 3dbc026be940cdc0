#define _GNU_SOURCE
#include <stdlib.h>
#include <stdio.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdint.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <spawn.h>
#include "CGtkShim.h"

GtkWidget *shim_message_dialog_new(GtkWindow *parent, GtkMessageType type,
                                   GtkButtonsType buttons, const char *text) {
    return gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                  type, buttons, "%s", text);
}

void shim_message_dialog_set_secondary(GtkMessageDialog *dialog, const char *text) {
    gtk_message_dialog_format_secondary_text(dialog, "%s", text);
}

void shim_object_set_bool(gpointer object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

void shim_object_set_int(gpointer object, const char *property, int value) {
    g_object_set(object, property, value, NULL);
}

void shim_object_set_double(gpointer object, const char *property, double value) {
    g_object_set(object, property, value, NULL);
}

void shim_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

gboolean shim_is_window(gpointer object) { return GTK_IS_WINDOW(object); }
gboolean shim_is_widget(gpointer object) { return GTK_IS_WIDGET(object); }
GType shim_object_type(gpointer object) { return G_OBJECT_TYPE(object); }
gboolean shim_is_floating(gpointer object) { return g_object_is_floating(object); }

GtkWidget *shim_about_dialog_new(GtkWindow *parent) {
    GtkWidget *dialog = gtk_about_dialog_new();
    if (parent) {
        gtk_window_set_transient_for(GTK_WINDOW(dialog), parent);
        gtk_window_set_modal(GTK_WINDOW(dialog), TRUE);
    }
    return dialog;
}

GdkEvent *shim_key_event_new(GdkWindow *window, GdkEventType type, guint keyval,
                             GdkModifierType state) {
    GdkEvent *event = gdk_event_new(type);
    event->key.window = window ? g_object_ref(window) : NULL;
    event->key.send_event = TRUE;
    event->key.time = GDK_CURRENT_TIME;
    event->key.keyval = keyval;
    event->key.state = state;
    GdkDisplay *display = window ? gdk_window_get_display(window) : gdk_display_get_default();
    if (display) {
        GdkSeat *seat = gdk_display_get_default_seat(display);
        if (seat) gdk_event_set_device(event, gdk_seat_get_keyboard(seat));
        GdkKeymapKey *keys = NULL;
        gint n = 0;
        if (gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(display), keyval, &keys, &n) && n > 0) {
            event->key.hardware_keycode = keys[0].keycode;
            event->key.group = keys[0].group;
        }
        g_free(keys);
    }
    return event;
}

GdkEvent *shim_button_event_new(GdkWindow *window, GdkEventType type, guint button,
                                double x, double y) {
    GdkEvent *event = gdk_event_new(type);
    event->button.window = window ? g_object_ref(window) : NULL;
    event->button.send_event = TRUE;
    event->button.time = GDK_CURRENT_TIME;
    event->button.button = button;
    event->button.x = x;
    event->button.y = y;
    GdkDisplay *display = window ? gdk_window_get_display(window) : gdk_display_get_default();
    if (display) {
        GdkSeat *seat = gdk_display_get_default_seat(display);
        if (seat) gdk_event_set_device(event, gdk_seat_get_pointer(seat));
    }
    return event;
}

guint shim_event_keyval(GdkEvent *event) { guint v = 0; gdk_event_get_keyval(event, &v); return v; }
guint shim_event_state(GdkEvent *event) { GdkModifierType s = 0; gdk_event_get_state(event, &s); return s; }
GdkEventType shim_event_type(GdkEvent *event) { return gdk_event_get_event_type(event); }
guint shim_event_button(GdkEvent *event) { guint b = 0; gdk_event_get_button(event, &b); return b; }
void shim_event_coords(GdkEvent *event, double *x, double *y) { gdk_event_get_coords(event, x, y); }

/* ---- The Swift main actor inside GLib's loop (see Concurrency.swift) ----
   The concurrency runtime asks swift_task_getMainExecutor_hook, when set,
   for the main actor's executor. Ours (GLibMainExecutor, in Swift) queues
   each job here, wakes GLib's loop through an eventfd, and also asks
   libdispatch's main queue to drain this queue, for times when GTK's loop is
   not running (code before it starts, or XCTest's own run loop). Whichever
   comes first runs the job; the other finds the queue empty.
   What is not public, and why it stays (Swift 6.3.1):
   - the two hooks, the runtime's: its public way to choose the main
     executor is not public yet (Concurrency.swift says why). Each is
     guarded by a test of BindingConcurrencyTests that fails without it.
   - libdispatch's CoreFoundation entry points (_4CF, declared in its
     private header, which the toolchain does not ship; Foundation's run loop
     on Linux calls _dispatch_main_queue_callback_4CF too): the only way to
     run DispatchQueue.main's blocks from a loop other than dispatch_main(),
     which never returns. IsolatedDemosTests guards it, and the isMainExecutor
     hook, in a demo's own process.
   _dispatch_main_q is public: dispatch/queue.h declares it and its inline
   dispatch_get_main_queue() returns its address; it is declared here as
   there because that header is not on a C target's include path. */

struct dispatch_queue_s;
extern struct dispatch_queue_s _dispatch_main_q;
extern void dispatch_async_f(struct dispatch_queue_s *queue, void *context, void (*work)(void *));
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

typedef __attribute__((swiftcall)) shim_executor_ref (*get_main_original)(void);
typedef __attribute__((swiftcall)) _Bool (*is_main_original)(shim_executor_ref executor);
extern __attribute__((swiftcall)) shim_executor_ref (*swift_task_getMainExecutor_hook)(get_main_original original);
extern __attribute__((swiftcall)) _Bool (*swift_task_isMainExecutor_hook)(shim_executor_ref executor, is_main_original original);

typedef struct shim_job { void *job; struct shim_job *next; } shim_job;
static pthread_mutex_t jobs_lock = PTHREAD_MUTEX_INITIALIZER;
static shim_job *jobs_head, *jobs_tail;
static int jobs_fd = -1;
static void (*jobs_drain)(void);
static shim_executor_ref glib_main_executor;

static void drain_from_dispatch(void *context) { (void)context; jobs_drain(); }

__attribute__((swiftcall)) static shim_executor_ref get_main_executor(get_main_original original) {
    (void)original;
    return glib_main_executor;
}

/* The runtime's own answer compares with its Swift-side main executor
   (libdispatch's main queue), never with what get_main_executor returns: so
   without this hook, code on the main thread outside any job (GTK's signal
   handlers) would not be on the main actor for an isolated deinit, which
   then waits for a later job. libdispatch's main queue stays a main executor
   too (jobs enqueued on it before the hook was set still pass isolation checks). */
__attribute__((swiftcall)) static _Bool is_main_executor(shim_executor_ref executor, is_main_original original) {
    if (executor.identity == glib_main_executor.identity) return 1;
    return original(executor);
}

int shim_install_main_executor(shim_executor_ref executor, void (*drain)(void)) {
    if (jobs_fd >= 0) return jobs_fd;
    jobs_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (jobs_fd < 0) return -1;
    jobs_drain = drain;
    glib_main_executor = executor;
    swift_task_isMainExecutor_hook = is_main_executor;
    swift_task_getMainExecutor_hook = get_main_executor;
    return jobs_fd;
}

void shim_push_main_job(void *job) {
    shim_job *node = malloc(sizeof *node);
    node->job = job;
    node->next = NULL;
    pthread_mutex_lock(&jobs_lock);
    if (jobs_tail) jobs_tail->next = node; else jobs_head = node;
    jobs_tail = node;
    pthread_mutex_unlock(&jobs_lock);
    uint64_t one = 1;
    (void)!write(jobs_fd, &one, sizeof one);
    dispatch_async_f(&_dispatch_main_q, NULL, drain_from_dispatch);
}

void *shim_next_main_job(void) {
    uint64_t count;
    pthread_mutex_lock(&jobs_lock);
    shim_job *node = jobs_head;
    if (node) {
        jobs_head = node->next;
        if (!jobs_head) jobs_tail = NULL;
    } else {
        (void)!read(jobs_fd, &count, sizeof count); /* empty: reset the wake-up */
    }
    pthread_mutex_unlock(&jobs_lock);
    if (!node) return NULL;
    void *job = node->job;
    free(node);
    return job;
}

int shim_is_main_thread(void) { return getpid() == gettid(); }

int shim_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }

void shim_drain_main_queue(int fd) {
    uint64_t count;
    while (read(fd, &count, sizeof count) == sizeof count) {}
    _dispatch_main_queue_callback_4CF(NULL);
}

gboolean shim_object_find_property(gpointer object, const char *name) {
    return g_object_class_find_property(G_OBJECT_GET_CLASS(object), name) != NULL;
}

guint shim_object_ref_count(gpointer object) { return g_atomic_int_get(&G_OBJECT(object)->ref_count); }

void shim_line_buffered_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

int shim_spawn_close_from(void *actions, int fd) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, fd);
}

#include <sys/prctl.h>
#include <signal.h>
/* SIGTERM when the parent ends; 0 when `parent` is still the parent (so no
 * end was missed before the request), -1 otherwise. */
int shim_end_with_parent(int parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) return -1;
    return getppid() == parent ? 0 : -1;
}

/* Orphaned descendants are re-parented to this process instead of init, so
 * they can still be found, ended and reaped. */
int shim_become_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

/* GTK 3's accessibles of labels, entries, windows, buttons, menu items and
   more answer NULL for their state set once their widget is destroyed (their
   ref_state_set returns early), where ATK expects a set holding DEFUNCT.
   The AT-SPI bridge keeps such a leftover in its cache while anything holds
   it, and every new client walking the cache gets criticals from
   atk_state_set_contains_state and g_object_unref, or a crash. Each class's
   ref_state_set is wrapped once: a widgetless accessible says DEFUNCT. The
   classes that override it are made ready first, so later subclasses copy
   the wrapper and find their original by walking up their parents. */
#include <gtk/gtk-a11y.h>

typedef AtkStateSet *(*shim_state_set_func)(AtkObject *);
static GHashTable *shim_original_state_sets;
/* A class's own function chains up through its parent class's pointer,
   which is the wrapper too: the wrapper then goes on from the level above. */
static AtkObject *shim_state_set_object;
static GType shim_state_set_level;

static shim_state_set_func shim_original_state_set(GType from, GType *level) {
    for (GType type = from; type != 0; type = g_type_parent(type)) {
        shim_state_set_func original = g_hash_table_lookup(shim_original_state_sets, GSIZE_TO_POINTER(type));
        if (original != NULL) {
            if (level != NULL) *level = type;
            return original;
        }
    }
    return NULL;
}

static AtkStateSet *shim_guarded_ref_state_set(AtkObject *accessible) {
    if (gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible)) == NULL) {
        AtkStateSet *set = atk_state_set_new();
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    AtkObject *outer_object = shim_state_set_object;
    GType outer_level = shim_state_set_level;
    GType from = outer_object == accessible && outer_level != 0 ? g_type_parent(outer_level) : G_OBJECT_TYPE(accessible);
    GType level = 0;
    shim_state_set_func original = shim_original_state_set(from, &level);
    if (original == NULL) return atk_state_set_new();
    shim_state_set_object = accessible;
    shim_state_set_level = level;
    AtkStateSet *set = original(accessible);
    shim_state_set_object = outer_object;
    shim_state_set_level = outer_level;
    return set;
}

static void shim_guard_state_sets_from(GType type) {
    AtkObjectClass *klass = g_type_class_ref(type); /* classes live as long as the process */
    shim_state_set_func inherited = shim_original_state_set(g_type_parent(type), NULL);
    if (klass->ref_state_set != NULL && klass->ref_state_set != shim_guarded_ref_state_set) {
        if (klass->ref_state_set != inherited)
            g_hash_table_insert(shim_original_state_sets, GSIZE_TO_POINTER(type), (gpointer)klass->ref_state_set);
        klass->ref_state_set = shim_guarded_ref_state_set;
    }
    guint count = 0;
    GType *children = g_type_children(type, &count);
    for (guint i = 0; i < count; i++) shim_guard_state_sets_from(children[i]);
    g_free(children);
}

void shim_guard_accessible_state_sets(void) {
    if (shim_original_state_sets != NULL) return;
    shim_original_state_sets = g_hash_table_new(NULL, NULL);
    GType overriding[] = {
        gtk_label_accessible_get_type(), gtk_entry_accessible_get_type(), gtk_spin_button_accessible_get_type(),
        gtk_window_accessible_get_type(), gtk_button_accessible_get_type(), gtk_toggle_button_accessible_get_type(),
        gtk_radio_button_accessible_get_type(), gtk_link_button_accessible_get_type(),
        gtk_menu_button_accessible_get_type(), gtk_lock_button_accessible_get_type(),
        gtk_scale_button_accessible_get_type(), gtk_menu_item_accessible_get_type(),
        gtk_check_menu_item_accessible_get_type(), gtk_radio_menu_item_accessible_get_type(),
        gtk_expander_accessible_get_type(), gtk_combo_box_accessible_get_type(), gtk_text_view_accessible_get_type(),
        gtk_image_accessible_get_type(), gtk_switch_accessible_get_type(), gtk_range_accessible_get_type(),
        gtk_scale_accessible_get_type(), gtk_progress_bar_accessible_get_type(), gtk_level_bar_accessible_get_type(),
        gtk_list_box_row_accessible_get_type(), gtk_flow_box_child_accessible_get_type(),
        gtk_popover_accessible_get_type(), gtk_menu_accessible_get_type(), gtk_notebook_accessible_get_type(),
        gtk_paned_accessible_get_type(), gtk_scrolled_window_accessible_get_type(), gtk_stack_accessible_get_type(),
        gtk_spinner_accessible_get_type(), gtk_frame_accessible_get_type(),
        gtk_tree_view_accessible_get_type(), gtk_icon_view_accessible_get_type(), gtk_list_box_accessible_get_type(),
        gtk_flow_box_accessible_get_type(), gtk_statusbar_accessible_get_type(), gtk_arrow_accessible_get_type(),
    };
    for (size_t i = 0; i < G_N_ELEMENTS(overriding); i++) g_type_class_ref(overriding[i]);
    shim_guard_state_sets_from(gtk_widget_accessible_get_type());
}

/* A label's text as AT-SPI reads it (its Text interface: flat review, braille,
 * "read all"), without the invisible bidi isolates (U+2066..U+2069, E2 81 A6..A9
 * in UTF-8) that keep user text in place on screen: the name already leaves
 * them out. Offsets stay those of the text shown; only the strings returned
 * lose the isolates. */
static gchar *shim_without_isolates(gchar *text) {
    if (text == NULL) return NULL;
    gchar *to = text;
    for (const gchar *from = text; *from != '\0';) {
        if ((guchar)from[0] == 0xE2 && (guchar)from[1] == 0x81 && (guchar)from[2] >= 0xA6 && (guchar)from[2] <= 0xA9) {
            from += 3;
            continue;
        }
        *to++ = *from++;
    }
    *to = '\0';
    return text;
}

typedef gchar *(*shim_text_range_func)(AtkText *, gint, gint);
typedef gchar *(*shim_text_boundary_func)(AtkText *, gint, AtkTextBoundary, gint *, gint *);
typedef gchar *(*shim_text_granularity_func)(AtkText *, gint, AtkTextGranularity, gint *, gint *);
static shim_text_range_func shim_label_get_text_original;
static shim_text_boundary_func shim_label_before_original, shim_label_at_original, shim_label_after_original;
static shim_text_granularity_func shim_label_string_at_original;

static gchar *shim_label_get_text(AtkText *text, gint start, gint end) {
    return shim_without_isolates(shim_label_get_text_original(text, start, end));
}
static gchar *shim_label_before(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return shim_without_isolates(shim_label_before_original(text, offset, boundary, start, end));
}
static gchar *shim_label_at(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return shim_without_isolates(shim_label_at_original(text, offset, boundary, start, end));
}
static gchar *shim_label_after(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return shim_without_isolates(shim_label_after_original(text, offset, boundary, start, end));
}
static gchar *shim_label_string_at(AtkText *text, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    return shim_without_isolates(shim_label_string_at_original(text, offset, granularity, start, end));
}

void shim_label_text_without_isolates(void) {
    if (shim_label_get_text_original != NULL) return;
    gpointer klass = g_type_class_ref(gtk_label_accessible_get_type()); /* lives as long as the process */
    AtkTextIface *iface = g_type_interface_peek(klass, ATK_TYPE_TEXT);
    if (iface == NULL || iface->get_text == NULL) return;
    shim_label_get_text_original = iface->get_text;
    iface->get_text = shim_label_get_text;
    if ((shim_label_before_original = iface->get_text_before_offset) != NULL) iface->get_text_before_offset = shim_label_before;
    if ((shim_label_at_original = iface->get_text_at_offset) != NULL) iface->get_text_at_offset = shim_label_at;
    if ((shim_label_after_original = iface->get_text_after_offset) != NULL) iface->get_text_after_offset = shim_label_after;
    if ((shim_label_string_at_original = iface->get_string_at_offset) != NULL) iface->get_string_at_offset = shim_label_string_at;
}

/* Tab goes through a paned's children in the order drawn. GTK 3 sorts them by
 * the middle of their allocations, each measured from the child's own window
 * (both start at 0), so a short second child (Problems and Output below the
 * code) came before a tall first one. A focus chain is deprecated (GTK 4
 * has none) but is GTK 3's only way to set the order. */
void shim_paned_focus_in_order(GtkPaned *paned) {
    GList *chain = NULL;
    GtkWidget *first = gtk_paned_get_child1(paned), *second = gtk_paned_get_child2(paned);
    if (first) chain = g_list_append(chain, first);
    if (second) chain = g_list_append(chain, second);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_container_set_focus_chain(GTK_CONTAINER(paned), chain);
    G_GNUC_END_IGNORE_DEPRECATIONS
    g_list_free(chain);
}
