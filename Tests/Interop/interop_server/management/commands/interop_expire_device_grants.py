from datetime import timedelta

from django.core.management.base import BaseCommand
from django.utils import timezone
from oauth2_provider.models import get_device_grant_model


class Command(BaseCommand):
    help = (
        "Moves the deadline of every device grant still waiting for a person into the past and lets DOT notice it "
        "(its own is_expired()), so that the next poll is answered expired_token (RFC 8628 §3.5). Prints how many."
    )

    def handle(self, *args, **options):
        DeviceGrant = get_device_grant_model()
        expired = 0
        for grant in DeviceGrant.objects.filter(status=DeviceGrant.AUTHORIZATION_PENDING):
            grant.expires = timezone.now() - timedelta(seconds=1)
            grant.save(update_fields=["expires"])
            expired += int(grant.is_expired())
        self.stdout.write(str(expired))
