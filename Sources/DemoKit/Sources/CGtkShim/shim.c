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
