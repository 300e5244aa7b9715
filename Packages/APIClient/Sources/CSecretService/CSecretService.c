#include "CSecretService.h"

// Linux only: the Secret Service is freedesktop's; Apple platforms would use the Keychain instead.
#if defined(__linux__)

#include <libsecret/secret.h>
#include <string.h>

// The item's schema: the application and the file's id. `xdg:schema` names it, so another application's item with
// the same attributes is never read as ours.
static const SecretSchema *stories_schema(void) {
    static const SecretSchema schema = {
        "org.stories.CredentialsDataKey",
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
    g_hash_table_insert(attributes, (gpointer) "application", (gpointer) "stories-cli");
    g_hash_table_insert(attributes, (gpointer) "file", (gpointer) file_id);
    return attributes;
}

static stories_keyring_result stories_result(stories_keyring_status status) {
    stories_keyring_result result;
    memset(&result, 0, sizeof result);
    result.status = status;
    return result;
}

/// Classifies `error` (consumed) and copies its domain and message.
static stories_keyring_result stories_failure(GError *error, stories_keyring_status fallback) {
    stories_keyring_result result = stories_result(fallback);
    if (error == NULL) return result;
    result.code = error->code;
    g_strlcpy(result.domain, g_quark_to_string(error->domain), sizeof result.domain);
    g_strlcpy(result.message, error->message ? error->message : "", sizeof result.message);
    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
        result.status = STORIES_KEYRING_CANCELLED;
    } else if (g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED)
               || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED)) {
        result.status = STORIES_KEYRING_DENIED;
    } else if (g_error_matches(error, SECRET_ERROR, SECRET_ERROR_IS_LOCKED)) {
        result.status = STORIES_KEYRING_LOCKED;
    } else if (g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN)
               || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER)
               || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND)
               || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_NO_SERVER)
               || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND)) {
        result.status = STORIES_KEYRING_UNAVAILABLE;
    }
    g_error_free(error);
    return result;
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
        stories_keyring_result result = stories_result(STORIES_KEYRING_UNAVAILABLE);
        g_strlcpy(result.message, "the Secret Service has no default collection", sizeof result.message);
        return result;
    }
    // Asking for a locked collection's items would prompt to unlock it, which no one may see: report it instead.
    gboolean locked = secret_collection_get_locked(collection);
    g_object_unref(collection);
    if (locked) {
        stories_keyring_result result = stories_result(STORIES_KEYRING_LOCKED);
        g_strlcpy(result.message, "default", sizeof result.message);
        return result;
    }
    return stories_result(STORIES_KEYRING_OK);
}

stories_keyring_result stories_keyring_lookup(const char *file_id, char *out, size_t out_size, void *cancellable) {
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
