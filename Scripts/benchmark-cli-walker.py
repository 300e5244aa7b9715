#!/usr/bin/env python3
"""The anchor for `stories-cli list --all --json`: the least a client can do to list every story.

    Scripts/benchmark-cli-walker.py BASE_URL HEADER_FILE > stories.json

Follows `nextCursor` from `BASE_URL/stories` with the largest page the API allows (100), using only urllib, and
writes every story to stdout as one JSON document, `{"stories": [...]}`, as the pages arrive (what the CLI writes,
minus its checks). HEADER_FILE holds one line, `Authorization: Bearer <token>`: the token never appears in argv.
"""
import json
import sys
import urllib.parse
import urllib.request


def main():
    base_url, header_file = sys.argv[1].rstrip("/"), sys.argv[2]
    with open(header_file, encoding="utf-8") as file:
        name, _, value = file.readline().strip().partition(":")
    headers = {name.strip(): value.strip(), "Accept": "application/json"}
    out = sys.stdout
    out.write('{"stories":[')
    separator = ""
    cursor = None
    while True:
        query = {"limit": "100"}
        if cursor is not None:
            query["cursor"] = cursor
        request = urllib.request.Request(f"{base_url}/stories?{urllib.parse.urlencode(query)}", headers=headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            page = json.load(response)
        for story in page["items"]:
            out.write(separator)
            out.write(json.dumps(story, sort_keys=True))
            separator = ","
        cursor = page.get("nextCursor")
        if not cursor:
            break
    out.write("]}\n")


if __name__ == "__main__":
    main()
