"""DOT's own views at the paths openapi/openapi.yaml gives the client (relative to the server URL
http://127.0.0.1:PORT/v1) and at the origin root where a person's browser goes. Routing only: every grant is DOT's.

DOT's views find each other by name in the "oauth2_provider" namespace (the device pages redirect to
"oauth2_provider:device-confirm", the metadata names "oauth2_provider:token"), so they keep their names here.
"""

from django.contrib.auth import views as auth_views
from django.urls import include, path
from oauth2_provider import views as dot

from interop_server.views import CurrentUserView, Health

oauth2_provider_patterns = [
    # The API, under the server URL's /v1 (openapi.yaml: POST /oauth/token, /oauth/device_authorization,
    # /oauth/revoke, GET /.well-known/oauth-authorization-server).
    path("v1/oauth/token", dot.TokenView.as_view(), name="token"),
    path("v1/oauth/device_authorization", dot.DeviceAuthorizationView.as_view(), name="device-authorization"),
    path("v1/oauth/revoke", dot.RevokeTokenView.as_view(), name="revoke-token"),
    path("v1/oauth/introspect", dot.IntrospectTokenView.as_view(), name="introspect"),
    path("v1/.well-known/oauth-authorization-server", dot.OAuthServerMetadataView.as_view()),
    # The pages a person uses, at the origin root (as stories-server serves /oauth/authorize and /device).
    path("oauth/authorize", dot.AuthorizationView.as_view(), name="authorize"),
    path("device", dot.DeviceUserCodeView.as_view(), name="device"),
    path("device-confirm/<slug:client_id>/<slug:user_code>", dot.DeviceConfirmView.as_view(), name="device-confirm"),
    path(
        "device-grant-status/<slug:client_id>/<slug:user_code>",
        dot.DeviceGrantStatusView.as_view(),
        name="device-grant-status",
    ),
    path(".well-known/oauth-authorization-server", dot.OAuthServerMetadataView.as_view(), name="oauth-server-metadata"),
]

urlpatterns = [
    path("", include((oauth2_provider_patterns, "oauth2_provider"))),
    path("v1/me", CurrentUserView.as_view()),
    path("v1/health", Health.as_view()),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
]
