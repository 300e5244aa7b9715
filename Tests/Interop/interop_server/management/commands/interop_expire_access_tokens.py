from datetime import timedelta

from django.core.management.base import BaseCommand
from django.utils import timezone
from oauth2_provider.models import get_access_token_model


class Command(BaseCommand):
    help = (
        "Makes every access token expired at the server (refresh tokens untouched), as a server whose clock runs ahead "
        "of the client's would: the client's next request is refused with 401 although its token is fresh by its clock."
    )

    def handle(self, *args, **options):
        count = get_access_token_model().objects.update(expires=timezone.now() - timedelta(seconds=1))
        self.stdout.write(str(count))
