"""The native app's side of a browser sign-in (RFC 8252, RFC 7636), shared by the Python test drivers in
Tests/Browser and Tests/Interop: a loopback listener for the redirect, and an authorization request with PKCE S256
and a random state. Standard library only, so that either virtual environment can import it."""

import base64
import hashlib
import http.server
import secrets
import threading
import urllib.parse


def serve_loopback(handler_class):
    """Serves `handler_class` on 127.0.0.1 at a port the system picks, on a thread of its own; returns the server
    (shut it down when done) and the redirect URI `http://127.0.0.1:PORT/callback`."""
    listener = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler_class)
    threading.Thread(target=listener.serve_forever, daemon=True).start()
    return listener, f"http://127.0.0.1:{listener.server_address[1]}/callback"


class AuthorizationRequest:
    """`/oauth/authorize` on `origin` for `client_id`, redirecting to `redirect_uri`, with a fresh PKCE verifier
    (its S256 challenge in the URL) and a fresh state. Never print `verifier`."""

    def __init__(self, origin, redirect_uri, client_id="stories-cli"):
        self.redirect_uri = redirect_uri
        self.client_id = client_id
        self.verifier = secrets.token_urlsafe(48)
        challenge = base64.urlsafe_b64encode(hashlib.sha256(self.verifier.encode()).digest()).rstrip(b"=").decode()
        self.state = secrets.token_urlsafe(16)
        self.url = origin + "/oauth/authorize?" + urllib.parse.urlencode({
            "response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri,
            "code_challenge": challenge, "code_challenge_method": "S256", "state": self.state,
        })
