from django.http import JsonResponse
from django.views import View
from oauth2_provider.views.generic import ProtectedResourceView
from oauth2_provider.views.mixins import ProtectedResourceMetadataMixin


class CurrentUserView(ProtectedResourceMetadataMixin, ProtectedResourceView):
    """GET /v1/me (openapi.yaml `getCurrentUser`): the `User` object of the account the bearer token belongs to,
    the token checked by DOT's ProtectedResourceView.

    DOT's ProtectedResourceMetadataMixin makes a missing, expired or revoked token the RFC 6750 §3.1 answer, 401 with
    `WWW-Authenticate: Bearer error="invalid_token"`, which is what makes a client refresh; without it DOT answers a
    bare 403 with an HTML body.
    """

    def get(self, request):
        user = request.resource_owner
        body = {
            "id": str(user.pk),
            "username": user.get_username(),
            # Django's own serialisation of a datetime (DjangoJSONEncoder would give milliseconds): microseconds
            # and a numeric offset, "2026-11-23T14:52:37.123456+00:00", a valid RFC 3339 date-time.
            "createdAt": user.date_joined.isoformat(),
        }
        if user.first_name:
            body["displayName"] = user.get_full_name()
        return JsonResponse(body)


class Health(View):
    def get(self, request):
        return JsonResponse({"status": "ok"})
