// A data key read over the session bus in a "plain" Secret Service session, when the bus is the user's own. Private
// to CSecretService; `stories_keyring_lookup` decides when it applies.
#ifndef STORIES_CSECRETSERVICE_PLAIN_SESSION_READ_H
#define STORIES_CSECRETSERVICE_PLAIN_SESSION_READ_H

#if defined(__linux__)

#include "CSecretService.h"
#include <gio/gio.h>

/// Whether libsecret keeps items in the Secret Service on the session bus, where this read looks: not in its file
/// backend, which it uses in a Flatpak or Snap sandbox or when SECRET_BACKEND names it.
gboolean stories_libsecret_uses_service(void);

/// The outcome of a plain-session read: `result`, or `use_libsecret` when this read does not apply (the bus is not
/// the user's own, refused the authentication, or its Secret Service offers no plain session) and the key is to be
/// read through libsecret, which negotiates an encrypted session.
typedef struct {
    stories_keyring_result result;
    gboolean use_libsecret;
} stories_plain_session_read;

/// The secret of the item for `file_id`, copied into `out` (NUL-terminated) when it fits in `out_size`, on a
/// connection of its own (BusConnection.h) in three writes, each waiting for its answers: the authentication, Hello
/// and ReadAlias("default"); OpenSession("plain") and SearchItems; GetSecrets. An item found only locked is
/// `STORIES_KEYRING_LOCKED` (never a prompt); no item is `STORIES_KEYRING_MISSING`, unless the default collection is
/// locked (then `STORIES_KEYRING_LOCKED`: a locked collection may hide its items) or missing
/// (`STORIES_KEYRING_UNAVAILABLE`), which only a miss asks (one more call).
stories_plain_session_read stories_plain_session_lookup(
    const char *file_id, char *out, size_t out_size, GCancellable *cancellable);

#endif
#endif
