#include "BusConnection.h"

#if defined(__linux__)

#include <string.h>
#include <unistd.h>

G_DEFINE_QUARK(stories-bus-error-quark, stories_bus_error)

struct stories_bus {
    GIOStream *stream;
    /// What is to be written: the authentication and Hello first, then the queued calls.
    GByteArray *outgoing;
    /// What was read and not yet taken apart.
    GByteArray *incoming;
    guint32 last_serial;
    /// Whether the bus's answer to the authentication ("OK <guid>") was read.
    gboolean authenticated;
};

stories_bus *stories_bus_connect(GCancellable *cancellable, GError **error) {
    gchar *address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, cancellable, error);
    if (address == NULL) return NULL;
    GIOStream *stream = g_dbus_address_get_stream_sync(address, NULL, cancellable, error);
    g_free(address);
    if (stream == NULL) return NULL;
    stories_bus *bus = g_new0(stories_bus, 1);
    bus->stream = stream;
    bus->outgoing = g_byte_array_new();
    bus->incoming = g_byte_array_new();
    // EXTERNAL: the bus knows who is at the other end of a Unix socket; the initial response is this user's id,
    // in decimal, hex-encoded. The leading NUL byte is the credentials byte every connection starts with.
    gchar *uid = g_strdup_printf("%u", (unsigned) geteuid());
    GString *authentication = g_string_new("AUTH EXTERNAL ");
    for (const char *digit = uid; *digit; digit++) g_string_append_printf(authentication, "%02x", *digit);
    g_string_append(authentication, "\r\nBEGIN\r\n");
    g_free(uid);
    const guint8 nul = 0;
    g_byte_array_append(bus->outgoing, &nul, 1);
    g_byte_array_append(bus->outgoing, (const guint8 *) authentication->str, authentication->len);
    g_string_free(authentication, TRUE);
    return bus;
}

gboolean stories_bus_is_users_own(stories_bus *bus) {
    if (!G_IS_SOCKET_CONNECTION(bus->stream)) return FALSE;
    GSocket *socket = g_socket_connection_get_socket(G_SOCKET_CONNECTION(bus->stream));
    if (g_socket_get_family(socket) != G_SOCKET_FAMILY_UNIX) return FALSE;
    GCredentials *peer = g_socket_get_credentials(socket, NULL);
    if (peer == NULL) return FALSE;
    uid_t peer_uid = g_credentials_get_unix_user(peer, NULL);
    g_object_unref(peer);
    return peer_uid != (uid_t) -1 && peer_uid == geteuid();
}

static guint32 queue(stories_bus *bus, GDBusMessage *message) {
    g_dbus_message_set_serial(message, ++bus->last_serial);
    gsize size = 0;
    guchar *blob = g_dbus_message_to_blob(message, &size, G_DBUS_CAPABILITY_FLAGS_NONE, NULL);
    // A method call with a well-formed body always serialises; a NULL blob would only come from a bug here, and
    // its call then goes unanswered until the deadline.
    if (blob != NULL) g_byte_array_append(bus->outgoing, blob, size);
    g_free(blob);
    g_object_unref(message);
    return bus->last_serial;
}

guint32 stories_bus_queue_call(
    stories_bus *bus, const char *path, const char *interface, const char *method, GVariant *parameters) {
    if (bus->last_serial == 0) {
        queue(bus, g_dbus_message_new_method_call(
                       "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello"));
    }
    GDBusMessage *message = g_dbus_message_new_method_call("org.freedesktop.secrets", path, interface, method);
    g_dbus_message_set_body(message, parameters);
    return queue(bus, message);
}

gboolean stories_bus_flush(stories_bus *bus, GCancellable *cancellable, GError **error) {
    GOutputStream *output = g_io_stream_get_output_stream(bus->stream);
    gboolean written =
        g_output_stream_write_all(output, bus->outgoing->data, bus->outgoing->len, NULL, cancellable, error);
    g_byte_array_set_size(bus->outgoing, 0);
    return written;
}

/// Reads what the bus has sent so far (at least one byte) into `incoming`.
static gboolean read_more(stories_bus *bus, GCancellable *cancellable, GError **error) {
    guint8 chunk[4096];
    gssize count =
        g_input_stream_read(g_io_stream_get_input_stream(bus->stream), chunk, sizeof chunk, cancellable, error);
    if (count < 0) return FALSE;
    if (count == 0) {
        g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED, "the session bus closed the connection");
        return FALSE;
    }
    g_byte_array_append(bus->incoming, chunk, count);
    return TRUE;
}

/// Reads the bus's one answer to the authentication, "OK <guid>" (anything else: it refused).
static gboolean read_authentication(stories_bus *bus, GCancellable *cancellable, GError **error) {
    for (;;) {
        const guint8 *end = memchr(bus->incoming->data, '\n', bus->incoming->len);
        if (end != NULL) {
            gboolean accepted = bus->incoming->len >= 3 && memcmp(bus->incoming->data, "OK ", 3) == 0;
            g_byte_array_remove_range(bus->incoming, 0, (guint) (end - bus->incoming->data) + 1);
            if (!accepted) {
                g_set_error_literal(
                    error, STORIES_BUS_ERROR, STORIES_BUS_ERROR_REFUSED,
                    "the session bus refused EXTERNAL authentication");
                return FALSE;
            }
            bus->authenticated = TRUE;
            return TRUE;
        }
        // An answer line is short; one that never ends is not the D-Bus protocol.
        if (bus->incoming->len > 512) {
            g_set_error_literal(
                error, STORIES_BUS_ERROR, STORIES_BUS_ERROR_PROTOCOL, "the session bus did not answer as D-Bus");
            return FALSE;
        }
        if (!read_more(bus, cancellable, error)) return FALSE;
    }
}

/// The next whole message read, or NULL and `error`.
static GDBusMessage *read_message(stories_bus *bus, GCancellable *cancellable, GError **error) {
    for (;;) {
        // 16 bytes: the fixed part of a header, from which the whole message's size follows.
        if (bus->incoming->len >= 16) {
            gssize size = g_dbus_message_bytes_needed(bus->incoming->data, bus->incoming->len, error);
            if (size < 0) return NULL;
            if ((gsize) size <= bus->incoming->len) {
                GDBusMessage *message = g_dbus_message_new_from_blob(
                    bus->incoming->data, (gsize) size, G_DBUS_CAPABILITY_FLAGS_NONE, error);
                g_byte_array_remove_range(bus->incoming, 0, (guint) size);
                return message;
            }
        }
        if (!read_more(bus, cancellable, error)) return NULL;
    }
}

GVariant *stories_bus_reply(
    stories_bus *bus, guint32 serial, const char *reply_type, GCancellable *cancellable, GError **error) {
    if (!bus->authenticated && !read_authentication(bus, cancellable, error)) return NULL;
    for (;;) {
        GDBusMessage *message = read_message(bus, cancellable, error);
        if (message == NULL) return NULL;
        GDBusMessageType type = g_dbus_message_get_message_type(message);
        // Hello's answer, the NameAcquired signal that follows it, and any other reply are not the one asked for.
        if ((type != G_DBUS_MESSAGE_TYPE_METHOD_RETURN && type != G_DBUS_MESSAGE_TYPE_ERROR)
            || g_dbus_message_get_reply_serial(message) != serial) {
            g_object_unref(message);
            continue;
        }
        if (g_dbus_message_to_gerror(message, error)) {
            g_object_unref(message);
            return NULL;
        }
        GVariant *body = g_dbus_message_get_body(message);
        if (body == NULL || !g_variant_is_of_type(body, G_VARIANT_TYPE(reply_type))) {
            g_set_error(
                error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "the Secret Service answered with type %s, not %s",
                body ? g_variant_get_type_string(body) : "()", reply_type);
            g_object_unref(message);
            return NULL;
        }
        g_variant_ref(body);
        g_object_unref(message);
        return body;
    }
}

void stories_bus_close(stories_bus *bus) {
    if (bus == NULL) return;
    g_io_stream_close(bus->stream, NULL, NULL);
    g_object_unref(bus->stream);
    g_byte_array_unref(bus->outgoing);
    g_byte_array_unref(bus->incoming);
    g_free(bus);
}

#endif
