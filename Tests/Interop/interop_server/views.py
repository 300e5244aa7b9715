import json

from django.http import JsonResponse
from django.views import View
from oauth2_provider.views import OAuthServerMetadataView
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


class RealmServerMetadataView(OAuthServerMetadataView):
    """DOT's RFC 8414 metadata, with the one endpoint DOT 3.4.1 leaves out: `device_authorization_endpoint`
    (RFC 8628 §4). DOT lists the device code grant in `grant_types_supported` and serves the endpoint, but its view
    names only the authorization, token, revocation and introspection endpoints. The added URL is built the way DOT
    builds the others (its own `_get_endpoint_url`: the route's name reversed, on the issuer's origin), so every
    endpoint in the document is where the routes put it; a deployment configuring its server, DOT itself unchanged.
    """

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        document = json.loads(response.content)
        device = self._get_endpoint_url(request, "device-authorization")
        if device:
            document["device_authorization_endpoint"] = device
        answer = JsonResponse(document)
        answer["Access-Control-Allow-Origin"] = response["Access-Control-Allow-Origin"]
        return answer
