"""Runs every stories-cli command that prints --json against a fresh stories-server and validates what each prints
against docs/json/COMMAND.schema.json with jsonschema (Draft 2020-12, formats asserted), twice: as published (an
object may carry keys a later version adds) and closed (every object's additionalProperties false), so that a key
the schema does not list fails too. Scripts/check-json-schemas runs it in the venv that holds jsonschema.

    python check_outputs.py --cli PATH --server PATH

It also holds the schemas to their compatibility rule (every object allows added keys, requires each key it lists,
has no schemaVersion; list's story is show's schema), and validates the samples in Tests/JSONSchemas/samples
(COMMAND/NAME.json, which StoriesCLITests' JSONOutputSampleTests keeps equal to what the code prints for values a
fresh server never produces) the same two ways; in the samples, removing or retyping any key must fail the schema,
and every key that can be null must be seen both null and with a value.

Prints one line per check and "JSON schema check: N passed, M failed"; exits 1 if anything failed. Traffic goes to
127.0.0.1 only; the credentials file and settings are throwaway; no token or password is printed.
"""
import argparse, copy, glob, json, os, re, subprocess, sys, tempfile, time

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
options.add_argument("--cli", required=True)
options.add_argument("--server", required=True)
arguments = options.parse_args()

results = []


def check(name, ok, detail=""):
    results.append(bool(ok))
    print(("ok    " if ok else "FAIL  ") + name + ("" if ok or not detail else f": {detail}"), flush=True)


def finish():
    failed = results.count(False)
    print(f"JSON schema check: {len(results) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def closed(schema):
    """The schema with every object closed: `"additionalProperties": true` becomes false, everywhere."""
    if isinstance(schema, dict):
        return {key: (False if key == "additionalProperties" and value is True else closed(value))
                for key, value in schema.items()}
    if isinstance(schema, list):
        return [closed(value) for value in schema]
    return schema


# The schemas, each checked against Draft 2020-12's meta-schema.
schemas = {}
for path in sorted(glob.glob(os.path.join(root, "docs", "json", "*.schema.json"))):
    command = os.path.basename(path).removesuffix(".schema.json")
    schema = json.load(open(path, encoding="utf-8"))
    try:
        Draft202012Validator.check_schema(schema)
        valid = schema.get("$schema") == "https://json-schema.org/draft/2020-12/schema"
        check(f"docs/json/{command}.schema.json is a Draft 2020-12 schema", valid, f"$schema is {schema.get('$schema')}")
    except SchemaError as error:
        check(f"docs/json/{command}.schema.json is a Draft 2020-12 schema", False, error.message)
    schemas[command] = schema
# The commands that take --json, as their own --help lists the option, each with a schema, and no schema without one.
help_text = subprocess.run([arguments.cli, "--help"], capture_output=True, text=True, timeout=60).stdout
# The SUBCOMMANDS section only: ENVIRONMENT, FILES, EXIT CODES and EXAMPLES follow it.
subcommands = re.findall(r"^  ([a-z]+) ", help_text.split("SUBCOMMANDS:")[-1].split("\n\n")[0], re.M)
with_json = {name for name in subcommands
             if re.search(r"^\s+--json\b", subprocess.run([arguments.cli, name, "--help"], capture_output=True,
                                                          text=True, timeout=60).stdout, re.M)}
check("every command that takes --json has a schema in docs/json, and every schema one such command",
      with_json and with_json == set(schemas),
      f"--json: {sorted(with_json)}; schemas: {sorted(schemas)}")
formats = Draft202012Validator.FORMAT_CHECKER
check("jsonschema asserts the formats the schemas use (date-time, uri)",
      {"date-time", "uri"} <= set(formats.checkers),
      "rfc3339-validator or rfc3986-validator is missing from the venv")
if not schemas or False in results:
    finish()


def object_schemas(node, location="#"):
    """(location, schema) of every schema of type object in `node`, at any depth."""
    if isinstance(node, dict):
        if node.get("type") == "object":
            yield location, node
        for keyword, value in node.items():
            if keyword in ("properties", "$defs") and isinstance(value, dict):
                for name, member in value.items():
                    yield from object_schemas(member, f"{location}/{keyword}/{name}")
            else:
                yield from object_schemas(value, f"{location}/{keyword}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from object_schemas(value, f"{location}/{index}")


# The compatibility rule (docs/CLI.md): keys are only ever added, so every object lets a later version add keys, every
# key a schema lists is always present, and no schemaVersion is needed.
for command, schema in schemas.items():
    problems = []
    objects = list(object_schemas(schema))
    for location, node in objects:
        if node.get("additionalProperties") is not True:
            problems.append(f"{location} does not allow added keys")
        if set(node.get("required", [])) != set(node.get("properties", {})) or not node.get("properties"):
            problems.append(f"{location} does not require exactly the keys it lists")
        if "schemaVersion" in node.get("properties", {}):
            problems.append(f"{location} has a schemaVersion")
    check(f"docs/json/{command}.schema.json: every object allows added keys, requires each key it lists, "
          "has no schemaVersion", objects and not problems, "; ".join(problems) or "no object schema")
annotations = ("$schema", "title", "description", "$comment")
show = {key: value for key, value in schemas.get("show", {}).items() if key not in annotations}
story = {key: value for key, value in schemas.get("list", {}).get("$defs", {}).get("story", {}).items()
         if key not in annotations}
check("list's $defs/story is show's schema, word for word", show and story == show)


def validation_errors(document, schema):
    errors = sorted(Draft202012Validator(schema, format_checker=formats).iter_errors(document), key=str)
    return "; ".join(f"{'/'.join(map(str, error.absolute_path)) or '$'}: {error.message}" for error in errors[:3])


def key_paths(document, prefix=()):
    """The path of every object member in `document`, at any depth."""
    if isinstance(document, dict):
        for key in sorted(document):
            yield prefix + (key,)
            yield from key_paths(document[key], prefix + (key,))
    elif isinstance(document, list):
        for index, element in enumerate(document):
            yield from key_paths(element, prefix + (index,))


def changed(document, path, replacement):
    """A copy of `document` with the member at `path` replaced, or removed when `replacement` is `removed`."""
    document = copy.deepcopy(document)
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    if replacement is removed:
        del parent[path[-1]]
    else:
        parent[path[-1]] = replacement
    return document


removed = object()


def other_type(value):
    """A value of a JSON type `value` does not have, and that no key of these schemas allows in its place."""
    if isinstance(value, str) or value is None:
        return 7
    if isinstance(value, dict):
        return []
    return "retyped"


def values_seen(document, path="$", seen=None):
    """{key path, array indices dropped: {"null", "value"}} of every value in `document`."""
    seen = {} if seen is None else seen
    seen.setdefault(path, set()).add("null" if document is None else "value")
    if isinstance(document, dict):
        for key, member in document.items():
            values_seen(member, f"{path}.{key}", seen)
    elif isinstance(document, list):
        for element in document:
            values_seen(element, f"{path}[]", seen)
    return seen


# The samples: outputs of the code for values a fresh server never produces (skipped items, an unknown expiry, an
# ended session, plain storage).
sample_root = os.path.join(root, "Tests", "JSONSchemas", "samples")
for command, schema in schemas.items():
    paths = sorted(glob.glob(os.path.join(sample_root, command, "*.json")))
    check(f"Tests/JSONSchemas/samples/{command} holds samples", paths)
    seen = {}
    for path in paths:
        shown = os.path.relpath(path, root)
        document = json.load(open(path, encoding="utf-8"))
        for how, against in (("its schema", schema), ("its schema closed (it lists every key)", closed(schema))):
            errors = validation_errors(document, against)
            check(f"{shown} matches {how}", not errors, errors)
        broken = []
        for key_path in key_paths(document):
            value = document
            for step in key_path:
                value = value[step]
            for how, replacement in (("without", removed), ("retyping", other_type(value))):
                if not validation_errors(changed(document, key_path, replacement), schema):
                    broken.append(f"{how} {'/'.join(map(str, key_path))}")
        check(f"{shown}: removing or retyping any key fails its schema", not broken, "; ".join(broken[:5]))
        values_seen(document, seen=seen)
    only_null = sorted(path for path, kinds in seen.items() if kinds == {"null"})
    check(f"the {command} samples give each key that is null somewhere a value elsewhere", not only_null,
          f"only ever null: {only_null}")
    nullable = sorted({name for _, node in object_schemas(schema)
                       for name, member in node.get("properties", {}).items()
                       if isinstance(member.get("type"), list) and "null" in member["type"]})
    never_null = [name for name in nullable
                  if not any(path.endswith("." + name) and "null" in kinds for path, kinds in seen.items())]
    check(f"the {command} samples give each key its schema lets be null the value null", not never_null,
          f"never null: {never_null}")
if False in results:
    finish()

scratch = tempfile.mkdtemp(prefix="check-json-schemas-")
log_path = os.path.join(scratch, "server.log")
server = subprocess.Popen([arguments.server, "--host", "127.0.0.1", "--port", "0"], stdout=open(log_path, "w"),
                          stderr=subprocess.STDOUT)
validated = set()
try:
    url = None
    for _ in range(300):
        match = re.search(r"^Listening on (http://\S+)$", open(log_path).read(), re.M)
        if match:
            url = match.group(1)
            break
        if server.poll() is not None:
            break
        time.sleep(0.1)
    check("stories-server starts and prints its URL", url is not None, open(log_path).read()[-500:])
    if url is None:
        finish()
    env = {key: value for key, value in os.environ.items() if not key.startswith("STORIES_")}
    # No keyring here: plain storage, chosen explicitly (status --json then reports "plain").
    env["STORIES_CREDENTIALS_STORAGE"] = "plain"
    env.update(STORIES_CREDENTIALS_DB=os.path.join(scratch, "credentials.sqlite"),
               XDG_CONFIG_HOME=os.path.join(scratch, "config"), NO_COLOR="1")

    def run(words, stdin="", expected_status=0):
        result = subprocess.run([arguments.cli] + words, input=stdin, capture_output=True, text=True, env=env,
                                timeout=60)
        shown = "stories-cli " + " ".join("URL" if word == url else word for word in words)
        check(f"`{shown}` exits {expected_status}", result.returncode == expected_status,
              f"exit {result.returncode}: {result.stderr.strip()}")
        return result

    def validate(words, command, expected_status=0):
        """Runs a --json command and validates what it printed, as published and closed."""
        result = run(words, expected_status=expected_status)
        shown = "stories-cli " + " ".join("URL" if word == url else word for word in words)
        try:
            document = json.loads(result.stdout)
        except json.JSONDecodeError as error:
            check(f"`{shown}` prints one JSON document", False, str(error))
            return None
        for how, schema in (("its schema", schemas[command]),
                            ("its schema closed (it lists every key)", closed(schemas[command]))):
            errors = validation_errors(document, schema)
            check(f"`{shown}` matches {how}", not errors, errors)
        validated.add(command)
        return document

    server_option = ["--server-url", url]
    # No session yet: [], and exit 77 (not signed in), as documented.
    validate(["status", "--json"], "status", expected_status=77)
    run(["login", *server_option, "--username", "demo", "--password-stdin"], "demo-password\n")
    # A second account without a display name, so that whoami prints displayName null.
    run(["register", *server_option, "--username", "schema-check", "--password-stdin"], "schema-check-password\n")
    validate(["whoami", *server_option, "--json"], "whoami")
    run(["switch", *server_option, "--account", "demo"])
    validate(["whoami", *server_option, "--json"], "whoami")
    first = validate(["list", *server_option, "--json", "--limit", "3"], "list") or {}
    if first.get("nextCursor"):
        validate(["list", *server_option, "--json", "--limit", "2", "--cursor", first["nextCursor"]], "list")
    everything = validate(["list", *server_option, "--json", "--all"], "list") or {}
    stories = everything.get("stories", [])
    ask = next((story for story in stories if story.get("url") is None), None)
    link = next((story for story in stories if story.get("url") is not None), None)
    check("the server's stories include an ask story (url null) and a link story", ask and link)
    for story in (ask, link):
        if story:
            validate(["show", story["id"], *server_option, "--json"], "show")
    validate(["status", "--json"], "status")  # two accounts, one active, with the issuer
    run(["use", url])
    validate(["status", "--json"], "status")  # this server is now the default
finally:
    server.terminate()
    server.wait(timeout=10)

check("every schema in docs/json was checked against a real output", validated == set(schemas),
      f"not run: {sorted(set(schemas) - validated)}")
finish()
