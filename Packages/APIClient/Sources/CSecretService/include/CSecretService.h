// A narrow C face of libsecret and D-Bus for SecretServiceKeyring: plain C types only, so that Swift never handles
// GLib's objects, hash tables or errors. Every call takes a cancellable the Swift side cancels when its deadline
// passes.
#ifndef STORIES_CSECRETSERVICE_H
#define STORIES_CSECRETSERVICE_H

#include <stddef.h>

typedef enum {
    STORIES_KEYRING_OK = 0,
    /// The keyring answered and holds no such item.
    STORIES_KEYRING_MISSING,
    /// No session bus, or no Secret Service on it.
    STORIES_KEYRING_UNAVAILABLE,
    /// The default collection is locked.
    STORIES_KEYRING_LOCKED,
    /// Access was refused (by the service, or by the person a prompt asked).
    STORIES_KEYRING_DENIED,
    /// The call was cancelled (its deadline passed).
    STORIES_KEYRING_CANCELLED,
    /// Anything else; `domain` and `code` say what.
    STORIES_KEYRING_FAILED,
} stories_keyring_status;

typedef struct {
    stories_keyring_status status;
    int code;
    /// The GError's domain, as text (empty when there was no error).
    char domain[64];
    /// The GError's message, cut to fit (empty when there was no error). Never holds a secret: no call here puts
    /// one in an error.
    char message[200];
} stories_keyring_result;

/// A GCancellable, as an opaque pointer.
void *stories_keyring_cancellable_new(void);
void stories_keyring_cancellable_cancel(void *cancellable);
void stories_keyring_cancellable_free(void *cancellable);

/// Whether the Secret Service is reachable and its default collection exists and is unlocked.
stories_keyring_result stories_keyring_check(void *cancellable);

/// The secret stored for `file_id`, copied into `out` (NUL-terminated) when it fits in `out_size`. On a session bus
/// that is the user's own (a Unix socket to a bus daemon of this user) it is read in a plain Secret Service session,
/// four D-Bus calls on a connection of its own that waits three times (PlainSessionRead.h); elsewhere, or when the
/// service offers no plain session, through libsecret, in an encrypted one. A locked default collection is
/// `STORIES_KEYRING_LOCKED` either way.
stories_keyring_result stories_keyring_lookup(const char *file_id, char *out, size_t out_size, void *cancellable);

/// Stores `secret` for `file_id` in the default collection under `label`, replacing any.
stories_keyring_result stories_keyring_store(
    const char *file_id, const char *label, const char *secret, void *cancellable);

/// Deletes the secret stored for `file_id`; one that is not there is not an error.
stories_keyring_result stories_keyring_clear(const char *file_id, void *cancellable);

#endif
