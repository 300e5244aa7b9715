// libsecret, the freedesktop Secret Service client (Debian: libsecret-1-dev), for CSecretService.
#include <libsecret/secret.h>
