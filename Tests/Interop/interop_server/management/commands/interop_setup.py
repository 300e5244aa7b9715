from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from oauth2_provider.models import get_application_model


class Command(BaseCommand):
    help = (
        "Creates the test user and the public client `stories-cli` (device code, authorization code, password); with "
        "--introspection-client, also that confidential client, for a resource server's introspection (RFC 7662)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--username", required=True)
        parser.add_argument("--password-file", required=True)
        parser.add_argument("--introspection-client")
        parser.add_argument("--introspection-secret-file")

    def handle(self, *args, username, password_file, introspection_client=None, introspection_secret_file=None,
               **options):
        with open(password_file, encoding="utf-8") as file:
            password = file.read().strip()
        user = get_user_model().objects.create_user(username=username, password=password, first_name="Interop")
        Application = get_application_model()
        Application.objects.create(
            client_id="stories-cli",
            name="stories-cli",
            user=user,
            client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            extra_grant_types=f"{Application.GRANT_DEVICE_CODE} {Application.GRANT_PASSWORD}",
            # Loopback redirect URIs: any port matches (RFC 8252 §7.3, DOT's loopback rule), the path must.
            redirect_uris="http://127.0.0.1/callback http://[::1]/callback",
            skip_authorization=False,
            algorithm="",
        )
        if introspection_client:
            with open(introspection_secret_file, encoding="utf-8") as file:
                secret = file.read().strip()
            # DOT stores the secret hashed (hash_client_secret) and checks it on HTTP Basic or in the body; its
            # introspection endpoint lets any authenticated confidential client in. client_credentials is the one
            # grant it needs to be a valid application; nothing here uses it.
            Application.objects.create(
                client_id=introspection_client,
                client_secret=secret,
                name=introspection_client,
                user=None,
                client_type=Application.CLIENT_CONFIDENTIAL,
                authorization_grant_type=Application.GRANT_CLIENT_CREDENTIALS,
                redirect_uris="",
                algorithm="",
            )
