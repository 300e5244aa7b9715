"""The person's browser for Scripts/local-attacker-test: follows what stories-cli gave $BROWSER (a private file://
page that forwards to the sign-in page), signs in with the demo account, and before it delivers the server's redirect
to stories-cli's loopback listener, sends the forged callbacks any local process could send: another state, another
Host, no `iss`, another path, another method. Each must be answered with an error page and leave the sign-in
waiting. It writes what the real sign-in carried (its state, its code_challenge when the address had one, its
request_uri when it was pushed) to RESULT_FILE for the search of what the other user saw.

    fake_browser.py HANDED_FILE PASSWORD_FILE RESULT_FILE [--strip-iss]

--strip-iss: deliver the real redirect without `iss` instead, which must end the sign-in refused (RFC 9207 §2.4).
Nothing secret is printed."""

import html
import http.client
import json
import os
import re
import sys
import time
import urllib.parse
import urllib.request


def fail(message):
    print(f"fake-browser: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def wait_for(path, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if os.path.exists(path):
            with open(path, encoding="utf-8") as file:
                text = file.read().strip()
            if text:
                return text
        time.sleep(0.05)
    fail("stories-cli handed nothing to $BROWSER")


def forwarded_address(handed):
    if not handed.startswith("file://"):
        fail("stories-cli put the sign-in address itself in the browser's arguments")
    path = urllib.parse.unquote(urllib.parse.urlsplit(handed).path)
    with open(path, encoding="utf-8") as file:
        match = re.search(r'<meta http-equiv="refresh" content="0;url=([^"]+)">', file.read())
    if not match:
        fail("the forwarding page does not forward")
    return html.unescape(match.group(1))


def get(connection_url, path_and_query, host=None, method="GET"):
    parts = urllib.parse.urlsplit(connection_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.putrequest(method, path_and_query, skip_host=True)
    connection.putheader("Host", host or parts.netloc)
    connection.putheader("Content-Length", "0")
    connection.endheaders()
    response = connection.getresponse()
    body = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, body


def main():
    if len(sys.argv) not in (4, 5):
        fail("usage: fake_browser.py HANDED_FILE PASSWORD_FILE RESULT_FILE [--strip-iss]")
    handed_file, password_file, result_file = sys.argv[1:4]
    strip_iss = sys.argv[4:] == ["--strip-iss"]
    with open(password_file, encoding="utf-8") as file:
        password = file.read().strip()
    address = forwarded_address(wait_for(handed_file))
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(address).query))
    opener = urllib.request.build_opener(NoRedirect)
    with opener.open(address, timeout=10) as response:
        page = response.read().decode("utf-8")
    token = re.search(r'name="csrf_token" value="([^"]*)"', page)
    action = re.search(r'<form method="post" action="([^"]*)"', page)
    if not token or not action:
        fail("the sign-in page has no form")
    fields = {"csrf_token": html.unescape(token.group(1)), "username": "demo", "password": password,
              "decision": "approve"}
    request = urllib.request.Request(urllib.parse.urljoin(address, html.unescape(action.group(1))),
                                     data=urllib.parse.urlencode(fields).encode(), method="POST")
    try:
        opener.open(request, timeout=10)
        fail("the sign-in page did not redirect")
    except urllib.error.HTTPError as redirect:
        if redirect.code != 302:
            fail(f"the sign-in page answered HTTP {redirect.code}")
        location = redirect.headers["Location"]
    target = urllib.parse.urlsplit(location)
    answer = dict(urllib.parse.parse_qsl(target.query))
    listener = f"http://{target.netloc}"
    if "state" not in answer or "code" not in answer or "iss" not in answer:
        fail("the redirect lacks code, state or iss")
    with open(result_file, "w", encoding="utf-8") as file:
        json.dump({"state": answer["state"], "code_challenge": query.get("code_challenge"),
                   "request_uri": query.get("request_uri"), "address_parameters": sorted(query)}, file)

    iss = answer["iss"]
    forged = [
        ("another state", "GET", f"{target.path}?" + urllib.parse.urlencode(
            {"code": "forged-code", "state": "forged-state", "iss": iss}), None, (400,)),
        ("another Host (DNS rebinding)", "GET", f"{target.path}?{target.query}", f"evil.example:{target.port}",
         (421,)),
        ("no iss", "GET", f"{target.path}?" + urllib.parse.urlencode(
            {"code": "forged-code", "state": "forged-state"}), None, (400,)),
        ("another path", "GET", "/elsewhere?" + target.query, None, (404,)),
        ("another method", "POST", f"{target.path}?{target.query}", None, (404, 405)),
    ]
    for name, method, path, host, expected in forged:
        status, _ = get(listener, path, host=host, method=method)
        if status not in expected:
            fail(f"a forged callback ({name}) was answered HTTP {status}, not {expected}")
        print(f"fake-browser: forged callback ({name}): HTTP {status}, sign-in still waiting", file=sys.stderr)

    real = target.query
    if strip_iss:
        real = urllib.parse.urlencode([(k, v) for k, v in urllib.parse.parse_qsl(target.query) if k != "iss"])
    status, body = get(listener, f"{target.path}?{real}")
    print(f"fake-browser: the {'real redirect without iss' if strip_iss else 'real redirect'}: HTTP {status}",
          file=sys.stderr)
    if not strip_iss and status != 200:
        fail(f"the listener answered the real redirect HTTP {status}")
    if strip_iss and status == 200:
        fail("the listener accepted a redirect without iss from a server that says it sends iss")


if __name__ == "__main__":
    main()
