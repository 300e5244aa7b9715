// A data key read straight over D-Bus in a "plain" Secret Service session, when the session bus is the user's own.
// Private to CSecretService; `stories_keyring_lookup` decides when it applies.
#ifndef STORIES_CSECRETSERVICE_PLAIN_SESSION_READ_H
#define STORIES_CSECRETSERVICE_PLAIN_SESSION_READ_H

#if defined(__linux__)

#include "CSecretService.h"
#include <gio/gio.h>

/// Whether libsecret keeps items in the Secret Service on the session bus, where this read looks: not in its file
/// backend, which it uses in a Flatpak or Snap sandbox or when SECRET_BACKEND names it.
gboolean stories_libsecret_uses_service(void);

/// Whether a key may travel over `bus` in a plain session: `bus` is a Unix-domain socket whose other end, the bus
/// daemon, runs as this user.
gboolean stories_bus_is_users_own(GDBusConnection *bus);

/// The outcome of a plain-session read: `result`, or `plain_refused` when the service offers no plain session (the
/// caller then reads through libsecret, which negotiates an encrypted one).
typedef struct {
    stories_keyring_result result;
    gboolean plain_refused;
} stories_plain_session_read;

/// The secret of the item for `file_id`, copied into `out` (NUL-terminated) when it fits in `out_size`, in three
/// calls: OpenSession("plain"), SearchItems, GetSecrets; the session is closed without waiting for the answer. An
/// item found only locked is `STORIES_KEYRING_LOCKED` (never a prompt); no item is `STORIES_KEYRING_MISSING`, unless
/// the default collection is locked (then `STORIES_KEYRING_LOCKED`: a locked collection may hide its items) or
/// missing (`STORIES_KEYRING_UNAVAILABLE`), which only a miss asks (two more calls).
stories_plain_session_read stories_plain_session_lookup(
    GDBusConnection *bus, const char *file_id, char *out, size_t out_size, GCancellable *cancellable);

#endif
#endif
