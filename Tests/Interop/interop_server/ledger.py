"""Records every secret DOT issues (access and refresh tokens, authorization codes, device codes) in a ledger file,
one `KIND<TAB>VALUE` line each, so that Scripts/interop-external can prove none of them appears in any output or log
of the run. The file is created 0600 in the run's temporary directory and is never printed.

Connected to Django's post_save signals of DOT's models (interop_server.apps), so it sees each value as DOT stores it;
DOT's logic is unchanged.
"""

import os
import threading

from django.db.models.signals import post_save
from oauth2_provider.models import (
    get_access_token_model,
    get_device_grant_model,
    get_grant_model,
    get_refresh_token_model,
)

_lock = threading.Lock()


def connect(path):
    def record(kind, value):
        if not value:
            return
        with _lock:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            with os.fdopen(descriptor, "a", encoding="utf-8") as file:
                file.write(f"{kind}\t{value}\n")

    def receiver(kind, field):
        def handler(sender, instance, **kwargs):
            record(kind, getattr(instance, field, None))

        return handler

    for model, kind, field in [
        (get_access_token_model(), "access token", "token"),
        (get_refresh_token_model(), "refresh token", "token"),
        (get_grant_model(), "authorization code", "code"),
        (get_device_grant_model(), "device code", "device_code"),
    ]:
        # weak=False: the handlers are closures with no other reference.
        post_save.connect(receiver(kind, field), sender=model, weak=False, dispatch_uid=f"interop-ledger-{kind}")
