/* The freedesktop appearance portal's colour scheme (org.freedesktop.portal.Settings, namespace
 * org.freedesktop.appearance, key color-scheme: 0 no preference, 1 prefer dark, 2 prefer light),
 * read once and then followed through the SettingChanged signal. GDBus on GLib's default main
 * context, which the host's poll() loop drives (td_a11y_prepare / td_a11y_dispatch). See
 * AppearancePortal.h. */
#include "AppearancePortal.h"
#include <gio/gio.h>
#include <stdlib.h>
#include <string.h>

static GDBusConnection *bus;
static int scheme = -1;
static int changed;
static int answered;

/* The value inside however many variants wrap it: Read (version 1) answers v holding v holding u. */
static int scheme_of(GVariant *value) {
    GVariant *v = g_variant_ref(value);
    while (g_variant_is_of_type(v, G_VARIANT_TYPE_VARIANT)) {
        GVariant *inner = g_variant_get_variant(v);
        g_variant_unref(v);
        v = inner;
    }
    int out = -1;
    if (g_variant_is_of_type(v, G_VARIANT_TYPE_UINT32)) {
        guint32 u = g_variant_get_uint32(v);
        out = u <= 2 ? (int)u : 0;   /* an unknown value is no preference */
    }
    g_variant_unref(v);
    return out;
}

static void set_scheme(int s) {
    if (s != scheme) { scheme = s; changed = 1; }
}

static void on_read(GObject *source, GAsyncResult *result, gpointer data) {
    (void)data;
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error);
    answered = 1;
    if (!reply) { g_clear_error(&error); return; }   /* no portal, or one without the key: XSETTINGS rules */
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    set_scheme(scheme_of(value));
    g_variant_unref(value);
    g_variant_unref(reply);
}

static void on_changed(GDBusConnection *c, const gchar *sender, const gchar *path, const gchar *iface,
                       const gchar *signal, GVariant *parameters, gpointer data) {
    (void)c; (void)sender; (void)path; (void)iface; (void)signal; (void)data;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ssv)"))) return;
    const gchar *ns = NULL, *key = NULL;
    GVariant *value = NULL;
    g_variant_get(parameters, "(&s&sv)", &ns, &key, &value);
    if (strcmp(ns, "org.freedesktop.appearance") == 0 && strcmp(key, "color-scheme") == 0) set_scheme(scheme_of(value));
    g_variant_unref(value);
}

int td_portal_start(void) {
    if (bus) return 0;
    /* Only a bus that is there: GLib would otherwise try to start one through X11 (dbus-launch). */
    const char *address = getenv("DBUS_SESSION_BUS_ADDRESS");
    if (!address || !*address) return -1;
    g_main_context_acquire(g_main_context_default());
    GError *error = NULL;
    bus = g_dbus_connection_new_for_address_sync(address,
              G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
              NULL, NULL, &error);
    if (!bus) { g_clear_error(&error); return -1; }
    g_dbus_connection_set_exit_on_close(bus, FALSE);
    g_dbus_connection_signal_subscribe(bus, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Settings",
                                       "SettingChanged", "/org/freedesktop/portal/desktop", "org.freedesktop.appearance",
                                       G_DBUS_SIGNAL_FLAGS_NONE, on_changed, NULL, NULL);
    /* Only a portal that runs (no D-Bus activation for it: a desktop without one keeps its
     * XSETTINGS look, and a bare test bus starts no portal); asynchronous, so the window never
     * waits on it beyond td_portal_wait. A portal started later is heard through the signal. */
    g_dbus_connection_call(bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                           "org.freedesktop.portal.Settings", "Read",
                           g_variant_new("(ss)", "org.freedesktop.appearance", "color-scheme"),
                           G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 5000, NULL, on_read, NULL);
    return 0;
}

int td_portal_color_scheme(void) { return scheme; }

void td_portal_wait(int ms) {
    gint64 end = g_get_monotonic_time() + (gint64)ms * 1000;
    while (!answered && g_get_monotonic_time() < end) {
        /* Non-blocking turns with short sleeps: the wait stays bounded whatever GLib has queued. */
        if (!g_main_context_iteration(g_main_context_default(), FALSE)) g_usleep(2000);
    }
}

int td_portal_answered(void) { return answered; }

int td_portal_take_change(void) {
    int c = changed;
    changed = 0;
    return c;
}
