#!/usr/bin/env python3
"""Plays the person in front of a browser against the interop Django server (django-oauth-toolkit's pages).

    driver.py approve-device ORIGIN USERNAME PASSWORD_FILE CLI_STDERR_FILE
        Waits (bounded) for `stories-cli login --device` to print its user code to CLI_STDERR_FILE, then signs in on
        the server's login page, enters the code on DOT's device page and accepts on its confirmation page.
    driver.py deny-device ORIGIN USERNAME PASSWORD_FILE CLI_STDERR_FILE
        The same, but denies on the confirmation page.
    driver.py authorize ORIGIN USERNAME PASSWORD_FILE URL_FILE
        Waits (bounded) for the authorization URL the CLI handed to $BROWSER (written to URL_FILE), signs in, allows
        on DOT's consent page and follows the redirect to the CLI's loopback listener.
    driver.py native-app ORIGIN USERNAME PASSWORD_FILE WORK_DIR
        Checks the fixture, not stories-cli: plays a native app itself (loopback listener, PKCE S256, state) through
        `authorize`, then exchanges the code at DOT's token endpoint as openapi.yaml describes and asks /v1/me.

ORIGIN is where DOT's pages are: the origin (Scripts/interop), or the issuer with its path (Scripts/interop-external,
`http://127.0.0.1:PORT/realms/v1`); the device page is ORIGIN/device. `--authorization-endpoint URL` names the
authorization endpoint the CLI must open (default ORIGIN/oauth/authorize); `--resource URL`, the RFC 8707 resource
indicator its request must carry (once).

Every step checks the status and where it landed, and exits nonzero with one line saying which step failed. It never
prints a code, a token or the password.
"""

import argparse
import html.parser
import http.server
import html
import os
import re
import sys
import time
import urllib.parse

import requests

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "NativeApp"))
import native_app  # noqa: E402 (found through the path above)

TIMEOUT = 10  # seconds, for each HTTP request
WAIT = 30  # seconds, for the CLI to produce what we wait for


def fail(message):
    print(f"driver: {message}", file=sys.stderr)
    sys.exit(1)


class FormParser(html.parser.HTMLParser):
    """Collects each form's action and its input fields (name → value), and each submit button's name/value."""

    def __init__(self):
        super().__init__()
        self.forms = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({"action": attrs.get("action"), "fields": {}, "buttons": []})
        elif self.forms and tag == "input" and attrs.get("name"):
            kind = (attrs.get("type") or "text").lower()
            if kind == "submit":
                self.forms[-1]["buttons"].append((attrs["name"], attrs.get("value") or ""))
            elif kind not in ("checkbox", "radio") or "checked" in attrs:
                self.forms[-1]["fields"][attrs["name"]] = attrs.get("value") or ""
        elif self.forms and tag == "button" and attrs.get("name"):
            self.forms[-1]["buttons"].append((attrs["name"], attrs.get("value") or ""))


def only_form(response, step):
    parser = FormParser()
    parser.feed(response.text)
    if len(parser.forms) != 1:
        fail(f"{step}: expected one form on {urllib.parse.urlsplit(response.url).path}, found {len(parser.forms)}")
    return parser.forms[0]


def submit(session, response, form, fields, step, allow_redirects=True):
    data = dict(form["fields"])
    data.update(fields)
    target = urllib.parse.urljoin(response.url, form["action"] or "")
    answer = session.post(
        target, data=data, headers={"Referer": response.url}, timeout=TIMEOUT, allow_redirects=allow_redirects
    )
    if allow_redirects and answer.status_code != 200:
        fail(f"{step}: HTTP {answer.status_code} from {urllib.parse.urlsplit(answer.url).path}")
    return answer


def wait_for(predicate, what):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    fail(f"no {what} within {WAIT} seconds")


def read(path):
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except FileNotFoundError:
        return ""


def sign_in_if_asked(session, response, username, password, step):
    """Answers Django's login page when a page redirected there; returns the page it leads to."""
    if "/accounts/login/" not in response.url:
        return response
    form = only_form(response, f"{step}: login page")
    answer = submit(session, response, form, {"username": username, "password": password}, f"{step}: signing in")
    if "/accounts/login/" in answer.url:
        fail(f"{step}: the login page refused the test user")
    return answer


def approve_device(origin, username, password, cli_stderr, action="accept"):
    # The CLI prints the code and the page on stderr; the code is read from there and never printed.
    def code_and_page():
        text = read(cli_stderr)
        page = re.search("(" + re.escape(origin) + r"/device\S*)", text)
        code = re.search(r"code:?\s+([A-Za-z0-9-]{4,})", text, re.IGNORECASE)
        return (code.group(1), page.group(1).rstrip(".,")) if code and page else None

    user_code, page = wait_for(code_and_page, "user code and verification page from stories-cli")
    if not page.startswith(origin + "/device"):
        fail("the verification page the CLI printed is not the server's")
    session = requests.Session()
    response = session.get(page, timeout=TIMEOUT)
    if response.status_code != 200:
        fail(f"device page: HTTP {response.status_code}")
    response = sign_in_if_asked(session, response, username, password, "device page")
    form = only_form(response, "device page")
    response = submit(session, response, form, {"user_code": user_code}, "entering the user code")
    if "/device-confirm/" not in response.url:
        fail("DOT's device page did not accept the user code")
    form = only_form(response, "confirmation page")
    if ("action", action) not in form["buttons"]:
        fail(f"the confirmation page has no {action} button")
    response = submit(session, response, form, {"action": action}, action)
    if "/device-grant-status/" not in response.url:
        fail(f"{action} did not lead to DOT's grant status page")
    print(f"driver: device code {'approved' if action == 'accept' else 'denied'} on DOT's pages", file=sys.stderr)


def forwarded_address(handed):
    """The sign-in address behind what stories-cli handed to $BROWSER: a file:// page only this user can read, which
    forwards to it. The address itself (with its state and PKCE challenge) must never be a process argument, where
    every local user can read it."""
    if not handed.startswith("file://"):
        fail("stories-cli put the sign-in address itself in the browser's arguments (readable by every local user)")
    path = urllib.parse.unquote(urllib.parse.urlsplit(handed).path)
    if os.stat(path).st_mode & 0o077 or os.stat(os.path.dirname(path)).st_mode & 0o077:
        fail("stories-cli's forwarding page or its directory is readable by other users")
    with open(path, encoding="utf-8") as file:
        match = re.search(r'<meta http-equiv="refresh" content="0;url=([^"]+)">', file.read())
    if not match:
        fail("stories-cli's forwarding page does not forward")
    return html.unescape(match.group(1))


def authorize(origin, username, password, url_file, authorization_endpoint=None, resource=None, forwarded=False):
    endpoint = authorization_endpoint or origin + "/oauth/authorize"
    url = wait_for(lambda: read(url_file).strip(), "authorization URL handed to $BROWSER by stories-cli")
    if forwarded:
        url = forwarded_address(url)
    if not url.startswith(endpoint + "?"):
        fail(f"the CLI opened a page that is not the server's {urllib.parse.urlsplit(endpoint).path}")
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    for name, expected in [("response_type", "code"), ("client_id", "stories-cli"), ("code_challenge_method", "S256")]:
        if query.get(name) != [expected]:
            fail(f"the authorization request's {name} is not {expected}")
    for name in ("redirect_uri", "state", "code_challenge"):
        if len(query.get(name, [])) != 1:
            fail(f"the authorization request has no single {name}")
    if resource is not None and query.get("resource") != [resource]:
        fail(f"the authorization request's resource (RFC 8707) is {query.get('resource')}, not [{resource!r}]")
    redirect_uri = urllib.parse.urlsplit(query["redirect_uri"][0])
    if redirect_uri.scheme != "http" or redirect_uri.hostname not in ("127.0.0.1", "::1"):
        fail("the redirect URI is not a loopback IP literal (RFC 8252 §7.3)")
    session = requests.Session()
    response = session.get(url, timeout=TIMEOUT)
    if response.status_code != 200:
        fail(f"authorization page: HTTP {response.status_code}")
    response = sign_in_if_asked(session, response, username, password, "authorization page")
    form = only_form(response, "consent page")
    if not any(name == "allow" for name, _ in form["buttons"]):
        fail("DOT's consent page has no allow button")
    allow = next(button for button in form["buttons"] if button[0] == "allow")
    answer = submit(session, response, form, dict([allow]), "allowing", allow_redirects=False)
    if answer.status_code != 302:
        fail(f"allowing: HTTP {answer.status_code} instead of a redirect to the CLI")
    location = urllib.parse.urlsplit(answer.headers.get("Location", ""))
    if (location.scheme, location.netloc, location.path) != (redirect_uri.scheme, redirect_uri.netloc, redirect_uri.path):
        fail("DOT redirected somewhere other than the CLI's redirect URI")
    answered = urllib.parse.parse_qs(location.query)
    if answered.get("state") != query["state"] or len(answered.get("code", [])) != 1:
        fail("the redirect does not carry one code and the request's state")
    # The browser's last step: the redirect reaches the CLI's loopback listener.
    listener = requests.get(answer.headers["Location"], timeout=TIMEOUT, allow_redirects=False)
    if listener.status_code >= 400:
        fail(f"the CLI's loopback listener answered HTTP {listener.status_code}")
    print("driver: allowed on DOT's consent page; the redirect reached the loopback listener", file=sys.stderr)


def play_native_app(origin, username, password, work_dir):
    received = []

    class Listener(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            path, _, query = self.path.partition("?")
            received.append((path, urllib.parse.parse_qs(query)))
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format, *args):
            pass  # the request line carries the code

    listener, redirect_uri = native_app.serve_loopback(Listener)
    request = native_app.AuthorizationRequest(origin, redirect_uri)
    url, verifier = request.url, request.verifier
    url_file = os.path.join(work_dir, "native-app-url")
    with open(url_file, "w", encoding="utf-8") as file:
        file.write(url)
    try:
        authorize(origin, username, password, url_file)
    finally:
        listener.shutdown()
    if len(received) != 1 or received[0][0] != "/callback":
        fail("the loopback listener did not receive exactly one redirect")
    query = received[0][1]
    if query.get("iss") != [origin]:
        fail(f"DOT's iss (RFC 9207) is not the origin: {query.get('iss')}")
    answer = requests.post(origin + "/v1/oauth/token", timeout=TIMEOUT, data={
        "grant_type": "authorization_code", "code": query["code"][0], "redirect_uri": redirect_uri,
        "code_verifier": verifier, "client_id": "stories-cli",
    })
    if answer.status_code != 200 or "access_token" not in answer.json():
        fail(f"DOT refused the code with the verifier: HTTP {answer.status_code}")
    me = requests.get(origin + "/v1/me", headers={"Authorization": "Bearer " + answer.json()["access_token"]},
                      timeout=TIMEOUT)
    if me.status_code != 200 or me.json().get("username") != username:
        fail("DOT's token from the code does not name the user at /v1/me")
    print("driver: DOT's authorization code flow works for a loopback native app (PKCE S256, state, iss)",
          file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(usage=__doc__.strip().splitlines()[2].strip())
    parser.add_argument("mode")
    parser.add_argument("origin")
    parser.add_argument("username")
    parser.add_argument("password_file")
    parser.add_argument("handover")
    parser.add_argument("--authorization-endpoint")
    parser.add_argument("--resource")
    arguments = parser.parse_args()
    mode, origin, username, password_file, handover = (
        arguments.mode, arguments.origin, arguments.username, arguments.password_file, arguments.handover
    )
    password = read(password_file).strip()
    if not password:
        fail("the password file is empty")
    if mode == "approve-device":
        approve_device(origin, username, password, handover)
    elif mode == "deny-device":
        approve_device(origin, username, password, handover, action="deny")
    elif mode == "authorize":
        authorize(
            origin, username, password, handover, arguments.authorization_endpoint, arguments.resource,
            forwarded=True)
    elif mode == "native-app":
        play_native_app(origin, username, password, handover)
    else:
        fail(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
