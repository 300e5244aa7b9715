#!/usr/bin/env python3
"""Runs the interop Django project on 127.0.0.1 with a port the system picks (no race for a "free" port): binds,
migrates a fresh database, creates the test user and client, then prints `Listening on http://127.0.0.1:PORT/v1`
and serves with Django's own threaded development server.

    serve.py --database PATH --username NAME --password-file PATH
             [--settings interop_server.realm_settings --introspection-client ID --introspection-secret-file PATH]

`--settings` picks another settings module; the line then names its INTEROP_BASE_PATH (realm_settings: the issuer,
`Listening on http://127.0.0.1:PORT/realms/v1`). `--introspection-client` also registers that confidential client,
whose secret is read from the file (for a resource server's RFC 7662 introspection).

Request lines go to stdout as `METHOD PATH STATUS`, without query strings and with the user code in the device
pages' paths replaced by `*`, so the log holds no code and no token.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", required=True)
    parser.add_argument("--username", required=True)
    parser.add_argument("--password-file", required=True)
    parser.add_argument("--settings", default="interop_server.settings")
    parser.add_argument("--introspection-client")
    parser.add_argument("--introspection-secret-file")
    arguments = parser.parse_args()
    if bool(arguments.introspection_client) != bool(arguments.introspection_secret_file):
        parser.error("--introspection-client and --introspection-secret-file go together")

    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler

    class RequestHandler(WSGIRequestHandler):
        def log_request(self, code="-", size="-"):
            path = self.path.split("?", 1)[0]
            path = re.sub(r"/(device-confirm|device-grant-status)/([^/]+)/[^/]+", r"/\1/\2/*", path)
            print(f"{self.command} {path} {code}", flush=True)

        def log_message(self, format, *args):
            pass

    server = ThreadedWSGIServer(("127.0.0.1", 0), RequestHandler)
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    os.environ["INTEROP_ORIGIN"] = origin
    os.environ["INTEROP_DATABASE"] = arguments.database
    os.environ["DJANGO_SETTINGS_MODULE"] = arguments.settings

    import django
    from django.conf import settings
    from django.core.management import call_command
    from django.core.wsgi import get_wsgi_application

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    call_command(
        "interop_setup",
        username=arguments.username,
        password_file=arguments.password_file,
        introspection_client=arguments.introspection_client,
        introspection_secret_file=arguments.introspection_secret_file,
    )
    server.set_app(get_wsgi_application())
    print(f"Listening on {origin}{getattr(settings, 'INTEROP_BASE_PATH', '/v1')}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
