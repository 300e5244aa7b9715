from django.db import models
from oauth2_provider.models import AbstractApplication


class Application(AbstractApplication):
    """DOT's application with more grants than its one `authorization_grant_type`.

    A native client such as stories-cli uses one client_id for the device code grant, the authorization code grant
    with PKCE and (for scripts) the password grant; stock DOT allows one grant type per application. This is DOT's
    documented swappable model (OAUTH2_PROVIDER_APPLICATION_MODEL); only the question "may this client use this
    grant" changes, every grant's logic stays DOT's.
    """

    extra_grant_types = models.CharField(max_length=255, blank=True, default="")

    def allows_grant_type(self, *grant_types):
        allowed = {self.authorization_grant_type, *self.extra_grant_types.split()}
        return bool(allowed.intersection(grant_types))
