from django.apps import AppConfig
from django.conf import settings


class InteropServerConfig(AppConfig):
    name = "interop_server"
    default = True

    def ready(self):
        # Scripts/interop-external's leak check: every secret DOT hands out is written to a ledger file, which the
        # script then looks for in everything that was printed or logged. Off unless the settings name a ledger.
        if getattr(settings, "INTEROP_SECRET_LEDGER", None):
            from interop_server import ledger

            ledger.connect(settings.INTEROP_SECRET_LEDGER)
