import json

from django.core.management.base import BaseCommand
from oauth2_provider.models import get_access_token_model, get_refresh_token_model


class Command(BaseCommand):
    help = (
        "Prints, as JSON, how many tokens DOT holds, how many refresh tokens it has revoked, and the RFC 8707 resources "
        "its access tokens are for (never a token)."
    )

    def handle(self, *args, **options):
        RefreshToken = get_refresh_token_model()
        state = {
            "access_tokens": get_access_token_model().objects.count(),
            "refresh_tokens": RefreshToken.objects.count(),
            "refresh_tokens_revoked": RefreshToken.objects.filter(revoked__isnull=False).count(),
            "refresh_tokens_live": RefreshToken.objects.filter(revoked__isnull=True).count(),
            "access_token_resources": sorted(
                {resource for token in get_access_token_model().objects.all() for resource in token.resource}
            ),
        }
        self.stdout.write(json.dumps(state, sort_keys=True))
