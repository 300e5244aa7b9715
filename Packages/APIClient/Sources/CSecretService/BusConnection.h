// A connection of one key read to the session bus, written by hand so that the read waits for as few answers as
// possible: the authentication, Hello and the first call go out in one write (the D-Bus spec lets a client pipeline
// them), where GDBus waits for the answers to four authentication lines and then to Hello, and calls that do not
// depend on each other go out together. GLib still does what is hard: finding and connecting to the bus's address,
// and reading and writing the messages (GDBusMessage). Private to CSecretService.
//
// What may go out together is limited by gnome-keyring-daemon (seen with 42.1; upstream, gnome-keyring issues 190 and
// 194 report the same assertions): it registers each client from an idle callback of its main loop
// (ensure_client_for_sender), and an OpenSession it handles for a client it has not registered aborts it
// ("gkd_secret_service_get_pkcs11_session: assertion 'client' failed"), taking the user's unlocked keyring with it.
// Reads with OpenSession in the first write killed it every 80 to 700 reads; reads that opened their session right
// after Hello's answer (as GDBus's own read did) survived 9,000 in a row but not three or four readers at once (dead
// within 600 to 3,000 reads). Reads that wait until the daemon has answered a first call from its main loop killed
// it in none of 28,500 (in a row, and three or four at once): PlainSessionRead.c does that.
#ifndef STORIES_CSECRETSERVICE_BUS_CONNECTION_H
#define STORIES_CSECRETSERVICE_BUS_CONNECTION_H

#if defined(__linux__)

#include <gio/gio.h>

typedef struct stories_bus stories_bus;

/// The error domain of a bus that refused the authentication (`STORIES_BUS_ERROR_REFUSED`), or answered in a way that
/// is not D-Bus (`STORIES_BUS_ERROR_PROTOCOL`).
#define STORIES_BUS_ERROR (stories_bus_error_quark())
GQuark stories_bus_error_quark(void);
enum { STORIES_BUS_ERROR_REFUSED, STORIES_BUS_ERROR_PROTOCOL };

/// Connects to the session bus, at the address GIO would use, and authenticates nothing yet; `NULL` and `error` when
/// no bus can be reached.
stories_bus *stories_bus_connect(GCancellable *cancellable, GError **error);

/// Whether the bus is the user's own: a Unix-domain socket whose other end, the bus daemon, runs as this user.
gboolean stories_bus_is_users_own(stories_bus *bus);

/// Queues a method call to the Secret Service (`org.freedesktop.secrets`), after Hello the first time, and returns
/// its serial, for `stories_bus_reply`. `parameters` is consumed when floating. The bus may start the service to
/// deliver it.
guint32 stories_bus_queue_call(
    stories_bus *bus, const char *path, const char *interface, const char *method, GVariant *parameters);

/// Writes everything queued: the authentication the first time, then the calls in the order they were queued.
gboolean stories_bus_flush(stories_bus *bus, GCancellable *cancellable, GError **error);

/// The body of the reply to the call `serial`, of type `reply_type`, reading past every other message; `NULL` and
/// `error` for an error reply (as GDBus would raise it), a reply of another type, a refused authentication, or a
/// connection that closes or fails.
GVariant *stories_bus_reply(
    stories_bus *bus, guint32 serial, const char *reply_type, GCancellable *cancellable, GError **error);

/// Closes the connection (the service then ends any session this connection opened) and frees `bus`.
void stories_bus_close(stories_bus *bus);

#endif
#endif
