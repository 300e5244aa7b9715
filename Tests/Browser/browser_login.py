#!/usr/bin/env python3
"""Completes a browser sign-in on stories-server's /oauth/authorize page in a real headless Chromium (Debian's
chromium and chromedriver, driven by Selenium), as a person would: fills the form, clicks "Sign in and allow", and
lets the browser follow the redirect to a loopback listener.

    browser_login.py pages SERVER_URL USERNAME PASSWORD_FILE
        Plays the native app itself: a loopback listener on 127.0.0.1 (port picked by the system), PKCE S256 and a
        random state; the browser must deliver one code and the same state to the listener, and the code must buy
        tokens for USERNAME with the verifier at the token endpoint.
    browser_login.py handover SERVER_URL USERNAME PASSWORD_FILE URL_FILE
        Waits (bounded) for the URL stories-cli handed to $BROWSER (written to URL_FILE) and completes it; the CLI's
        own listener receives the redirect, and the calling script checks the CLI.

Exits nonzero with one line on any failure; never prints a code, a token or the password.
"""

import html
import http.server
import json
import os
import re
import sys
import threading
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "NativeApp"))
import native_app  # noqa: E402 (found through the path above)
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 30  # seconds for anything we wait for


def fail(message):
    print(f"browser-login: {message}", file=sys.stderr)
    sys.exit(1)


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--window-size=1000,800"):
        options.add_argument(argument)
    # Debian's chromedriver, named explicitly so that Selenium Manager never tries to download a driver.
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    browser = webdriver.Chrome(service=service, options=options)
    browser.set_page_load_timeout(WAIT)
    return browser


def sign_in_and_allow(browser, url, username, password, opened=None):
    """Opens the authorization page (or `opened`, a page that forwards to it), signs in and allows, as a person
    would, and waits for the redirect."""
    browser.get(opened or url)
    wait = WebDriverWait(browser, WAIT)
    wait.until(expected_conditions.presence_of_element_located((By.NAME, "username")))
    browser.find_element(By.NAME, "username").send_keys(username)
    browser.find_element(By.NAME, "password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, 'button[name="decision"][value="approve"]').click()
    # The browser leaves the server's origin for the loopback redirect URI: the one in the address, or, for a pushed
    # request (RFC 9126), whose address names only a request_uri, any /callback on 127.0.0.1 at another port.
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    server = urllib.parse.urlsplit(url).netloc

    def arrived(driver):
        if "redirect_uri" in query:
            return driver.current_url.startswith(query["redirect_uri"][0])
        page = urllib.parse.urlsplit(driver.current_url)
        return page.hostname == "127.0.0.1" and page.netloc != server and page.path == "/callback"

    try:
        wait.until(arrived)
    except Exception:
        page = urllib.parse.urlsplit(browser.current_url)
        fail(f"the browser did not reach the redirect URI; it is on {page.scheme}://{page.netloc}{page.path}")


class Listener(http.server.BaseHTTPRequestHandler):
    """The native app's loopback redirect endpoint: takes exactly one redirect."""

    received = []
    arrived = threading.Event()

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path != "/callback" or Listener.arrived.is_set():
            self.send_error(404)
            return
        Listener.received.append(urllib.parse.parse_qs(query))
        body = b"<!doctype html><title>Signed in</title><p>You can close this window."
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        Listener.arrived.set()

    def log_message(self, format, *args):
        pass  # the request line carries the code


def post_form(url, fields):
    request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode())
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def pages(server_url, username, password):
    origin = server_url.rsplit("/v1", 1)[0]
    listener, redirect_uri = native_app.serve_loopback(Listener)
    request = native_app.AuthorizationRequest(origin, redirect_uri)
    url, verifier, state = request.url, request.verifier, request.state
    browser = start_browser()
    try:
        sign_in_and_allow(browser, url, username, password)
        if not Listener.arrived.wait(WAIT):
            fail("the loopback listener received no redirect")
        text = browser.find_element(By.TAG_NAME, "body").text
        if "You can close this window" not in text:
            fail("the browser does not show the listener's page")
    finally:
        browser.quit()
        listener.shutdown()
    received = Listener.received[0]
    if received.get("state") != [state]:
        fail("the redirect's state is not the request's")
    if len(received.get("code", [])) != 1 or "error" in received:
        fail("the redirect carries no single code")
    if received.get("iss") != [origin]:
        fail("the redirect's iss (RFC 9207) is not the server's origin")
    print("browser-login: the browser delivered a code and the request's state to the loopback listener",
          file=sys.stderr)
    # The code is bound to the verifier and the redirect URI: it buys tokens for the account that signed in.
    status, tokens = post_form(server_url + "/oauth/token", {
        "grant_type": "authorization_code", "code": received["code"][0], "redirect_uri": redirect_uri,
        "code_verifier": verifier, "client_id": "stories-cli",
    })
    if status != 200 or "access_token" not in tokens:
        fail(f"the token endpoint refused the code: HTTP {status} {tokens.get('error')}")
    request = urllib.request.Request(server_url + "/me", headers={"Authorization": "Bearer " + tokens["access_token"]})
    with urllib.request.urlopen(request, timeout=10) as response:
        if json.load(response).get("username") != username:
            fail("the tokens belong to another account")
    print(f"browser-login: the code bought tokens for {username} (PKCE verifier checked by the server)",
          file=sys.stderr)


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


def handover(server_url, username, password, url_file):
    origin = server_url.rsplit("/v1", 1)[0]
    deadline = time.monotonic() + WAIT
    url = ""
    while time.monotonic() < deadline and not url:
        if os.path.exists(url_file):
            with open(url_file, encoding="utf-8") as file:
                url = file.read().strip()
        if not url:
            time.sleep(0.1)
    if not url:
        fail("stories-cli handed no URL to $BROWSER")
    handed = url
    url = forwarded_address(handed)
    if not url.startswith(origin + "/oauth/authorize?"):
        fail("stories-cli opened a page that is not the server's /oauth/authorize")
    # stories-server publishes a PAR endpoint (RFC 9126): the page's address must carry only the client and the
    # one-time reference, never the state or the challenge.
    if sorted(urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)) != ["client_id", "request_uri"]:
        fail("stories-cli did not push its authorization request (the address carries more than client_id and "
             "request_uri)")
    browser = start_browser()
    try:
        # Chromium is given what stories-cli gave $BROWSER: the private page, which forwards it to the sign-in page.
        sign_in_and_allow(browser, url, username, password, opened=handed)
    finally:
        browser.quit()
    print("browser-login: signed in and allowed; the browser followed the redirect to stories-cli's listener",
          file=sys.stderr)


def main():
    arguments = sys.argv[1:]
    if len(arguments) < 4:
        fail("usage: browser_login.py pages|handover SERVER_URL USERNAME PASSWORD_FILE [URL_FILE]")
    mode, server_url, username, password_file = arguments[:4]
    with open(password_file, encoding="utf-8") as file:
        password = file.read().strip()
    if mode == "pages" and len(arguments) == 4:
        pages(server_url, username, password)
    elif mode == "handover" and len(arguments) == 5:
        handover(server_url, username, password, arguments[4])
    else:
        fail("usage: browser_login.py pages|handover SERVER_URL USERNAME PASSWORD_FILE [URL_FILE]")


if __name__ == "__main__":
    main()
