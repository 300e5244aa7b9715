#include "PlainSessionRead.h"

#if defined(__linux__)

#include "BusConnection.h"
#include "Results.h"
#include "Schema.h"
#include <string.h>

// Why not libsecret here (it still stores, deletes and checks): a read through it made 23 D-Bus calls (two proxies
// of the service and one of the collection, each with its AddMatch, GetNameOwner, StartServiceByName and GetAll) and
// negotiated a Diffie-Hellman session, whose two 1024-bit exponentiations were 23 of the 28 million instructions the
// read took in this process (the daemon computes two more). This read makes four calls, waits three times and
// computes nothing; what it cost and what it gained are in docs/PERFORMANCE.md, "What the keyring adds to a
// command".

static const char *const secrets_path = "/org/freedesktop/secrets";
static const char *const service_interface = "org.freedesktop.Secret.Service";

gboolean stories_libsecret_uses_service(void) {
    // libsecret's own choice (secret-backend.c), on the safe side: in a sandbox it may use its file backend (when
    // the portal allows), so there libsecret reads what libsecret stored.
    if (g_file_test("/.flatpak-info", G_FILE_TEST_EXISTS) || g_getenv("SNAP_NAME") != NULL) return FALSE;
    const gchar *backend = g_getenv("SECRET_BACKEND");
    return backend == NULL || *backend == '\0' || strcmp(backend, "service") == 0;
}

static stories_plain_session_read outcome(stories_keyring_result result) {
    stories_plain_session_read read = {result, FALSE};
    return read;
}

static stories_plain_session_read use_libsecret(void) {
    stories_plain_session_read read = {stories_result(STORIES_KEYRING_FAILED), TRUE};
    return read;
}

/// The name of the collection `item_path` is in (its path's segment after "collection/"), for a message.
static void collection_name(const char *item_path, char *out, size_t out_size) {
    const char *marker = "/collection/";
    const char *start = strstr(item_path, marker);
    if (start == NULL) {
        g_strlcpy(out, "default", out_size);
        return;
    }
    start += strlen(marker);
    const char *end = strchr(start, '/');
    size_t length = end ? (size_t) (end - start) : strlen(start);
    if (length + 1 < out_size) out_size = length + 1;
    g_strlcpy(out, start, out_size);
}

/// `method`'s reply body, waited for at once.
static GVariant *call(
    stories_bus *bus, const char *path, const char *interface, const char *method, GVariant *parameters,
    const char *reply_type, GCancellable *cancellable, GError **error) {
    guint32 serial = stories_bus_queue_call(bus, path, interface, method, parameters);
    if (!stories_bus_flush(bus, cancellable, error)) return NULL;
    return stories_bus_reply(bus, serial, reply_type, cancellable, error);
}

/// No item matched: MISSING, unless the default collection (`collection`, from ReadAlias) is missing or locked (a
/// locked collection may keep its items from a search, and a key reported missing would make a sign-in start the
/// file over).
static stories_keyring_result miss(stories_bus *bus, const char *collection, GCancellable *cancellable) {
    if (strcmp(collection, "/") == 0) {
        return stories_result_saying(STORIES_KEYRING_UNAVAILABLE, "the Secret Service has no default collection");
    }
    GError *error = NULL;
    GVariant *locked = call(
        bus, collection, "org.freedesktop.DBus.Properties", "Get",
        g_variant_new("(ss)", "org.freedesktop.Secret.Collection", "Locked"), "(v)", cancellable, &error);
    if (locked == NULL) return stories_failure(error, STORIES_KEYRING_FAILED);
    GVariant *value = NULL;
    g_variant_get(locked, "(v)", &value);
    gboolean is_locked = g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean(value);
    g_variant_unref(value);
    g_variant_unref(locked);
    if (is_locked) return stories_result_saying(STORIES_KEYRING_LOCKED, "default");
    return stories_result(STORIES_KEYRING_MISSING);
}

/// The secret `GetSecrets` returned for `item` (a{o(oayays)}), copied into `out`.
static stories_keyring_result copy_secret(GVariant *secrets, const char *item, char *out, size_t out_size) {
    GVariant *dictionary = g_variant_get_child_value(secrets, 0);
    GVariant *secret = g_variant_lookup_value(dictionary, item, G_VARIANT_TYPE("(oayays)"));
    g_variant_unref(dictionary);
    if (secret == NULL) {
        // Locked between the search and the read.
        return stories_result_saying(STORIES_KEYRING_FAILED, "the Secret Service returned no secret for the item");
    }
    GVariant *bytes = g_variant_get_child_value(secret, 2);
    gsize length = 0;
    const char *value = g_variant_get_fixed_array(bytes, &length, 1);
    stories_keyring_result result = stories_result(STORIES_KEYRING_OK);
    if (length + 1 > out_size || memchr(value, 0, length) != NULL) {
        g_strlcpy(result.message, "the stored item is not a data key", sizeof result.message);
        result.status = STORIES_KEYRING_FAILED;
    } else {
        memcpy(out, value, length);
        out[length] = 0;
    }
    g_variant_unref(bytes);
    g_variant_unref(secret);
    return result;
}

/// The item found unlocked: its secret; found only locked: LOCKED; none: `miss`.
static stories_keyring_result read_found(
    stories_bus *bus, GVariant *found, const char *session, const char *collection, char *out, size_t out_size,
    GCancellable *cancellable) {
    const char **unlocked = NULL;
    const char **locked = NULL;
    g_variant_get(found, "(^a&o^a&o)", &unlocked, &locked);
    stories_keyring_result result;
    if (unlocked[0] != NULL) {
        GError *error = NULL;
        const char *items[] = {unlocked[0], NULL};
        GVariant *secrets = call(
            bus, secrets_path, service_interface, "GetSecrets", g_variant_new("(^aoo)", items, session),
            "(a{o(oayays)})", cancellable, &error);
        if (secrets == NULL) {
            result = stories_failure(error, STORIES_KEYRING_FAILED);
        } else {
            result = copy_secret(secrets, unlocked[0], out, out_size);
            g_variant_unref(secrets);
        }
    } else if (locked[0] != NULL) {
        // Reading it would mean unlocking it, which would prompt: report it instead, as for a locked collection.
        result = stories_result(STORIES_KEYRING_LOCKED);
        collection_name(locked[0], result.message, sizeof result.message);
    } else {
        result = miss(bus, collection, cancellable);
    }
    g_free(unlocked);
    g_free(locked);
    return result;
}

/// A failure before the session opened: through libsecret when this read does not apply (a bus that refused EXTERNAL,
/// a service without plain sessions), else `unavailable`, as libsecret's lookup reports a service it cannot use.
static stories_plain_session_read failed_to_start(stories_bus *bus, GError *error) {
    stories_bus_close(bus);
    if (g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_NOT_SUPPORTED)
        || g_error_matches(error, STORIES_BUS_ERROR, STORIES_BUS_ERROR_REFUSED)) {
        g_error_free(error);
        return use_libsecret();
    }
    return outcome(stories_failure(error, STORIES_KEYRING_UNAVAILABLE));
}

stories_plain_session_read stories_plain_session_lookup(
    const char *file_id, char *out, size_t out_size, GCancellable *cancellable) {
    GError *error = NULL;
    stories_bus *bus = stories_bus_connect(cancellable, &error);
    // As libsecret's lookup: no bus to reach is unavailable.
    if (bus == NULL) return outcome(stories_failure(error, STORIES_KEYRING_UNAVAILABLE));
    // A plain session puts the secret in the bus's messages unencrypted. On a Unix socket to a bus daemon of this
    // user, every process that could read them (the daemon, a monitor, anything able to ptrace either) runs as this
    // user or root and could ask the unlocked collection for the secret itself; on TCP, or a bus of another user,
    // they need not, so libsecret's encrypted session is kept there.
    if (!stories_bus_is_users_own(bus)) {
        stories_bus_close(bus);
        return use_libsecret();
    }
    // First write: the authentication, Hello and ReadAlias("default"), whose answer comes from the daemon's main loop
    // once it has registered this client; only then may a session be opened (BusConnection.h). A miss asks about
    // the collection it names.
    GVariant *alias = call(
        bus, secrets_path, service_interface, "ReadAlias", g_variant_new("(s)", "default"), "(o)", cancellable,
        &error);
    if (alias == NULL) return failed_to_start(bus, error);
    const char *collection = NULL;
    g_variant_get(alias, "(&o)", &collection);
    // Second write: the search needs no session, so both go out together.
    GVariantBuilder attributes;
    g_variant_builder_init(&attributes, G_VARIANT_TYPE("a{ss}"));
    g_variant_builder_add(&attributes, "{ss}", "application", STORIES_APPLICATION);
    g_variant_builder_add(&attributes, "{ss}", "file", file_id);
    g_variant_builder_add(&attributes, "{ss}", "xdg:schema", STORIES_SCHEMA_NAME);
    guint32 open_serial = stories_bus_queue_call(
        bus, secrets_path, service_interface, "OpenSession", g_variant_new("(sv)", "plain", g_variant_new_string("")));
    guint32 search_serial = stories_bus_queue_call(
        bus, secrets_path, service_interface, "SearchItems", g_variant_new("(a{ss})", &attributes));
    GVariant *opened = NULL;
    if (stories_bus_flush(bus, cancellable, &error)) {
        opened = stories_bus_reply(bus, open_serial, "(vo)", cancellable, &error);
    }
    if (opened == NULL) {
        g_variant_unref(alias);
        return failed_to_start(bus, error);
    }
    const char *session = NULL;
    GVariant *output = NULL;
    g_variant_get(opened, "(v&o)", &output, &session);
    g_variant_unref(output);
    stories_keyring_result result;
    GVariant *found = stories_bus_reply(bus, search_serial, "(aoao)", cancellable, &error);
    if (found == NULL) {
        result = stories_failure(error, STORIES_KEYRING_FAILED);
    } else {
        // Third write, when the item is there: GetSecrets.
        result = read_found(bus, found, session, collection, out, out_size, cancellable);
        g_variant_unref(found);
    }
    g_variant_unref(opened);
    g_variant_unref(alias);
    // Closing the connection ends the session: the service closes the sessions of a client that leaves the bus.
    stories_bus_close(bus);
    return outcome(result);
}

#endif
