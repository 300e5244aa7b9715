"""The interop project as an authorization server only, the way a deployment of a product such as Keycloak looks to a
client: for Scripts/interop-external. The API is another server (stories-server --authorization-server) on another
origin; nothing here serves it.

The issuer has a path, `http://127.0.0.1:PORT/realms/v1`, and every endpoint sits at a path of its own under it
(realm_urls.py), so a client finds them only from the metadata published at RFC 8414's inserted location,
`/.well-known/oauth-authorization-server/realms/v1`. Everything else (tokens' lifetime and rotation, PKCE, RFC 9207)
is the interop project's settings.py.
"""

import os

from .settings import *  # noqa: F403 (this module is those settings with the differences below)
from .settings import OAUTH2_PROVIDER, ORIGIN

# The path of the issuer identifier, and the issuer; serve.py prints "Listening on ISSUER".
INTEROP_BASE_PATH = "/realms/v1"
ISSUER = ORIGIN + INTEROP_BASE_PATH

ROOT_URLCONF = "interop_server.realm_urls"
LOGIN_URL = INTEROP_BASE_PATH + "/accounts/login/"

OAUTH2_PROVIDER = {
    **OAUTH2_PROVIDER,
    # The issuer of the metadata and of RFC 9207's `iss` on redirects. DOT's metadata view derives the same issuer
    # from the inserted location's path when this is unset; set, it is also what the redirects carry.
    "OIDC_ISS_ENDPOINT": ISSUER,
    "OAUTH_DEVICE_VERIFICATION_URI": ISSUER + "/device",
    # No password grant (RFC 9700 §2.4): this server signs people in on its own pages only, and its metadata says so.
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
}

# Scripts/interop-external's leak check (interop_server/ledger.py): where every issued secret is recorded, if set.
INTEROP_SECRET_LEDGER = os.environ.get("INTEROP_SECRET_LEDGER")
