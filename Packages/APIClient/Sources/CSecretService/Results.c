#include "Results.h"

#if defined(__linux__)

#include <gio/gio.h>
#include <libsecret/secret.h>
#include <string.h>

stories_keyring_result stories_result(stories_keyring_status status) {
    stories_keyring_result result;
    memset(&result, 0, sizeof result);
    result.status = status;
    return result;
}

stories_keyring_result stories_result_saying(stories_keyring_status status, const char *message) {
    stories_keyring_result result = stories_result(status);
    g_strlcpy(result.message, message, sizeof result.message);
    return result;
}

stories_keyring_result stories_failure(GError *error, stories_keyring_status fallback) {
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

#endif
