// How the shim's calls report: a status, and for a GError its domain, code and message. Private to CSecretService.
#ifndef STORIES_CSECRETSERVICE_RESULTS_H
#define STORIES_CSECRETSERVICE_RESULTS_H

#if defined(__linux__)

#include "CSecretService.h"
#include <glib.h>

/// A result with `status` and nothing else.
stories_keyring_result stories_result(stories_keyring_status status);

/// A result with `status` and `message` (cut to fit; never a secret).
stories_keyring_result stories_result_saying(stories_keyring_status status, const char *message);

/// Classifies `error` (consumed) and copies its domain and message; `fallback` when the error is none of the kinds
/// the status names.
stories_keyring_result stories_failure(GError *error, stories_keyring_status fallback);

#endif
#endif
