#!/usr/bin/env python3
"""The anchor for `stories-cli list --all --json`: what a user would write instead, to list every story.

    Scripts/benchmark-cli-walker.py BASE_URL HEADER_FILE > stories.json
    Scripts/benchmark-cli-walker.py BASE_URL HEADER_FILE --bodies-only > pages   the transfer floor

Follows `nextCursor` from `BASE_URL/stories` with the largest page the API allows (100) over one keep-alive
connection (http.client), and writes every story to stdout as the pages arrive, in the very bytes `stories-cli list
--all --json` writes (`Scripts/benchmark-cli` compares the two files): the document pretty-printed as Swift's
`JSONEncoder` does it (two-space indent, `"key" : value`, sorted keys), a story without a link with `"url" : null`,
dates in whole seconds; strings escaped by CPython's C JSON encoder.
HEADER_FILE holds one line, `Authorization: Bearer <token>`: the token never appears in argv.

With --bodies-only it is the floor no client can go under: the same requests over the same connection, each next
cursor found by a byte search, nothing decoded, each body written out as it came.

A walker that opened a connection per page (urllib) and wrote compact JSON was the anchor until 2026-11-28: it paid
a TCP handshake per page and wrote a third fewer bytes, so it was slower than what a user compares with.
"""
import http.client
import json
import sys
import urllib.parse

HEAD = '{\n  "stories" : [\n'
# One story as stories-cli writes it, members sorted by name. A template rather than `json.dumps(indent=2)`, whose
# indenting encoder is written in Python: a walker writing through it took 3.0 times the transfer floor at 1,000,000
# stories (26.8 against 9.0 s, 2026-11-28), a handicap no user's script needs.
STORY = ('{}    {{\n      "author" : {},\n      "commentCount" : {},\n      "createdAt" : "{}Z",\n      "id" : {},\n'
         '      "score" : {},\n      "title" : {},\n      "url" : {}\n    }}')
# JSON strings as `json.dumps(..., ensure_ascii=False)` writes them (CPython's C encoder).
quote = json.encoder.encode_basestring
# After the last page: what the CLI writes to close the document of a complete listing.
END = '\n  ],\n  "nextCursor" : null,\n  "skipped" : [\n\n  ]\n}\n'


def main():
    base_url, header_file = sys.argv[1].rstrip("/"), sys.argv[2]
    bodies_only = sys.argv[3:] == ["--bodies-only"]
    with open(header_file, encoding="utf-8") as file:
        name, _, value = file.readline().strip().partition(":")
    headers = {name.strip(): value.strip(), "Accept": "application/json"}
    parts = urllib.parse.urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    out = sys.stdout
    separator = HEAD
    cursor = None
    while True:
        query = {"limit": "100"}
        if cursor is not None:
            query["cursor"] = cursor
        connection.request("GET", f"{parts.path}/stories?{urllib.parse.urlencode(query)}", headers=headers)
        response = connection.getresponse()
        if response.status != 200:
            sys.exit(f"walker: HTTP {response.status}")
        body = response.read()
        if bodies_only:
            sys.stdout.buffer.write(body)
            cursor = next_cursor(body)
            if not cursor:
                break
            continue
        page = json.loads(body)
        for story in page["items"]:
            url = story.get("url")
            # stories-cli writes whole seconds in UTC (its `RFC3339UTCFormatter`); the server writes UTC with
            # milliseconds.
            out.write(STORY.format(separator, quote(story["author"]), story["commentCount"],
                                   story["createdAt"][:19], quote(story["id"]), story["score"],
                                   quote(story["title"]), "null" if url is None else quote(url)))
            separator = ",\n"
        cursor = page.get("nextCursor")
        if not cursor:
            break
    if not bodies_only:
        out.write(END if separator != HEAD else HEAD + END)
    connection.close()


def next_cursor(body):
    """The page's `nextCursor` by a byte search (the server writes it last and never escapes a cursor), or None."""
    marker = b'"nextCursor":"'
    start = body.rfind(marker)
    if start < 0:
        return None
    start += len(marker)
    return body[start:body.index(b'"', start)].decode("ascii")


if __name__ == "__main__":
    main()
