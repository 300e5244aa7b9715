from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from oauth2_provider.models import get_application_model


class Command(BaseCommand):
    help = "Creates the test user and the public client `stories-cli` (device code, authorization code, password)."

    def add_arguments(self, parser):
        parser.add_argument("--username", required=True)
        parser.add_argument("--password-file", required=True)

    def handle(self, *args, username, password_file, **options):
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
