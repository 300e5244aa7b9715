#include "CSecretService.h"

// Linux only: the Secret Service is freedesktop's; Apple platforms would use the Keychain instead.
#if defined(__linux__)

#include "PlainSessionRead.h"
#include "Results.h"
#include "Schema.h"
#include <libsecret/secret.h>
#include <string.h>

// The item's schema: the application and the file's id, under the name in Schema.h.
static const SecretSchema *stories_schema(void) {
    static const SecretSchema schema = {
        STORIES_SCHEMA_NAME,
        SECRET_SCHEMA_NONE,
        {
            {"application", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {"file", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {NULL, 0},
        },
    };
    return &schema;
}

static GHashTable *stories_attributes(const char *file_id) {
    GHashTable *attributes = g_hash_table_new(g_str_hash, g_str_equal);
    g_hash_table_insert(attributes, (gpointer) "application", (gpointer) STORIES_APPLICATION);
    g_hash_table_insert(attributes, (gpointer) "file", (gpointer) file_id);
    return attributes;
}

void *stories_keyring_cancellable_new(void) { return g_cancellable_new(); }

void stories_keyring_cancellable_cancel(void *cancellable) { g_cancellable_cancel(G_CANCELLABLE(cancellable)); }

void stories_keyring_cancellable_free(void *cancellable) { g_object_unref(cancellable); }

stories_keyring_result stories_keyring_check(void *cancellable) {
    GError *error = NULL;
    // Any failure to reach the service (no session bus, nothing owning org.freedesktop.secrets) is "unavailable".
    SecretService *service = secret_service_get_sync(SECRET_SERVICE_NONE, G_CANCELLABLE(cancellable), &error);
    if (service == NULL) return stories_failure(error, STORIES_KEYRING_UNAVAILABLE);
    SecretCollection *collection = secret_collection_for_alias_sync(
        service, SECRET_COLLECTION_DEFAULT, SECRET_COLLECTION_NONE, G_CANCELLABLE(cancellable), &error);
    g_object_unref(service);
    if (collection == NULL) {
        if (error != NULL) return stories_failure(error, STORIES_KEYRING_FAILED);
        return stories_result_saying(STORIES_KEYRING_UNAVAILABLE, "the Secret Service has no default collection");
    }
    // Asking for a locked collection's items would prompt to unlock it, which no one may see: report it instead.
    gboolean locked = secret_collection_get_locked(collection);
    g_object_unref(collection);
    if (locked) return stories_result_saying(STORIES_KEYRING_LOCKED, "default");
    return stories_result(STORIES_KEYRING_OK);
}

/// The read through libsecret: its encrypted session, after the check (libsecret would prompt to unlock an item of a
/// locked collection).
static stories_keyring_result libsecret_lookup(const char *file_id, char *out, size_t out_size, void *cancellable) {
    stories_keyring_result checked = stories_keyring_check(cancellable);
    if (checked.status != STORIES_KEYRING_OK) return checked;
    GError *error = NULL;
    GHashTable *attributes = stories_attributes(file_id);
    gchar *secret = secret_password_lookupv_sync(stories_schema(), attributes, G_CANCELLABLE(cancellable), &error);
    g_hash_table_unref(attributes);
    if (error != NULL) return stories_failure(error, STORIES_KEYRING_FAILED);
    if (secret == NULL) return stories_result(STORIES_KEYRING_MISSING);
    size_t length = strlen(secret);
    stories_keyring_result result = stories_result(STORIES_KEYRING_OK);
    if (length + 1 > out_size) {
        result.status = STORIES_KEYRING_FAILED;
        g_strlcpy(result.message, "the stored item is too long to be a data key", sizeof result.message);
    } else {
        memcpy(out, secret, length + 1);
    }
    secret_password_free(secret);
    return result;
}

stories_keyring_result stories_keyring_lookup(const char *file_id, char *out, size_t out_size, void *cancellable) {
    if (stories_libsecret_uses_service()) {
        stories_plain_session_read plain =
            stories_plain_session_lookup(file_id, out, out_size, G_CANCELLABLE(cancellable));
        if (!plain.use_libsecret) return plain.result;
    }
    return libsecret_lookup(file_id, out, out_size, cancellable);
}

stories_keyring_result stories_keyring_store(
    const char *file_id, const char *label, const char *secret, void *cancellable) {
    stories_keyring_result checked = stories_keyring_check(cancellable);
    if (checked.status != STORIES_KEYRING_OK) return checked;
    GError *error = NULL;
    GHashTable *attributes = stories_attributes(file_id);
    gboolean stored = secret_password_storev_sync(
        stories_schema(), attributes, SECRET_COLLECTION_DEFAULT, label, secret, G_CANCELLABLE(cancellable), &error);
    g_hash_table_unref(attributes);
    if (!stored) return stories_failure(error, STORIES_KEYRING_FAILED);
    return stories_result(STORIES_KEYRING_OK);
}

stories_keyring_result stories_keyring_clear(const char *file_id, void *cancellable) {
    stories_keyring_result checked = stories_keyring_check(cancellable);
    if (checked.status != STORIES_KEYRING_OK) return checked;
    GError *error = NULL;
    GHashTable *attributes = stories_attributes(file_id);
    secret_password_clearv_sync(stories_schema(), attributes, G_CANCELLABLE(cancellable), &error);
    g_hash_table_unref(attributes);
    // FALSE without an error: there was nothing to delete.
    if (error != NULL) return stories_failure(error, STORIES_KEYRING_FAILED);
    return stories_result(STORIES_KEYRING_OK);
}

#endif
