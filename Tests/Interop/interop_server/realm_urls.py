"""Routes of the authorization-server-only project (realm_settings.py): DOT's views under the issuer's path
`/realms/v1`, at the paths Keycloak gives a realm's endpoints, and the metadata at RFC 8414's inserted location.

Nothing is at the origin's root: no metadata at `/.well-known/oauth-authorization-server` and no OpenID Connect
document, so a client that does not build the inserted location from the issuer finds nothing. DOT's views find each
other by name in the "oauth2_provider" namespace, so they keep their names.
"""

from django.contrib.auth import views as auth_views
from django.urls import include, path
from oauth2_provider import views as dot

from interop_server.views import RealmServerMetadataView

REALM = "realms/v1/"
PROTOCOL = REALM + "protocol/openid-connect/"

oauth2_provider_patterns = [
    path(PROTOCOL + "auth", dot.AuthorizationView.as_view(), name="authorize"),
    path(PROTOCOL + "token", dot.TokenView.as_view(), name="token"),
    path(PROTOCOL + "auth/device", dot.DeviceAuthorizationView.as_view(), name="device-authorization"),
    path(PROTOCOL + "revoke", dot.RevokeTokenView.as_view(), name="revoke-token"),
    path(PROTOCOL + "token/introspect", dot.IntrospectTokenView.as_view(), name="introspect"),
    # The device pages a person uses (the verification URI is REALM + "device").
    path(REALM + "device", dot.DeviceUserCodeView.as_view(), name="device"),
    path(
        REALM + "device-confirm/<slug:client_id>/<slug:user_code>",
        dot.DeviceConfirmView.as_view(),
        name="device-confirm",
    ),
    path(
        REALM + "device-grant-status/<slug:client_id>/<slug:user_code>",
        dot.DeviceGrantStatusView.as_view(),
        name="device-grant-status",
    ),
    # RFC 8414 §3.1: the well-known suffix inserted between the host and the issuer's path.
    path(
        ".well-known/oauth-authorization-server/" + REALM.rstrip("/"),
        RealmServerMetadataView.as_view(),
        name="oauth-server-metadata",
    ),
]

urlpatterns = [
    path("", include((oauth2_provider_patterns, "oauth2_provider"))),
    path(REALM + "accounts/login/", auth_views.LoginView.as_view(), name="login"),
]
