"""A minimal Django project around django-oauth-toolkit (DOT), as an authorization server independent of
stories-server, for Scripts/interop. Everything here is throwaway test configuration: the database is a file in the
run's temporary directory and the secret key is not a secret."""

import os

BASE_DIR = os.path.dirname(os.path.abspath(__file__))

# The origin the server listens on (http://127.0.0.1:PORT), set by serve.py once it has bound its port.
ORIGIN = os.environ["INTEROP_ORIGIN"]

SECRET_KEY = "interop-test-only-not-a-secret"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
USE_TZ = True
ROOT_URLCONF = "interop_server.urls"
# The client's endpoints have no trailing slash (openapi/openapi.yaml); nothing may redirect a POST to add one.
APPEND_SLASH = False

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "oauth2_provider",
    "interop_server",
]

MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]

DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.environ["INTEROP_DATABASE"]}}
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"

LOGIN_URL = "/accounts/login/"

# The swapped application model (interop_server.models.Application): DOT's own, allowing several grants for the
# one client_id the CLI uses.
OAUTH2_PROVIDER_APPLICATION_MODEL = "interop_server.Application"

OAUTH2_PROVIDER = {
    # Short, so that the script sees the CLI refresh before use within seconds; long enough that the token is still
    # fresh by the CLI's clock when DOT is made to expire it early (the refresh-on-401 step).
    "ACCESS_TOKEN_EXPIRE_SECONDS": int(os.environ.get("INTEROP_ACCESS_TOKEN_SECONDS", "10")),
    "ROTATE_REFRESH_TOKEN": True,
    # A spent refresh token presented again revokes its family, as stories-server does (RFC 9700 §4.14.2).
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    "PKCE_REQUIRED": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,  # S256 only
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,  # RFC 9207 `iss` on the redirect
    # RFC 8252 §7.3: a loopback redirect URI matches on any port.
    "ALLOW_LOCALHOST_LOOPBACK": True,
    "OAUTH_DEVICE_VERIFICATION_URI": ORIGIN + "/device",
    "DEVICE_FLOW_INTERVAL": 1,
    "SCOPES": {"read": "Read stories", "write": "Post stories"},
    # The issuer is the origin, as stories-server's. By default DOT derives it from the metadata request's path, so
    # the copy under /v1 (where clients generated from openapi.yaml look) would name http://HOST:PORT/v1 while the
    # `iss` on its redirects names the origin; DOT's documentation says to set this when the routes are mounted
    # under a prefix.
    "OIDC_ISS_ENDPOINT": ORIGIN,
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    # Request lines are written by serve.py without query strings; Django's own would include them.
    # Server errors with their tracebacks (which name no request data) go to stderr.
    "loggers": {
        "django.server": {"handlers": [], "propagate": False},
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
    },
}
