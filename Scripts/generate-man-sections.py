#!/usr/bin/env python3
"""Finishes a man page swift-argument-parser's generate-manual wrote (Scripts/generate-man runs this on each page).

generate-manual writes NAME, SYNOPSIS, DESCRIPTION (the commands' discussions and options), a generic EXIT STATUS
and AUTHORS. This reads no help text. It puts in place of that EXIT STATUS the sections the ManualSections
executable writes as mdoc from the values --help prints them from (ENVIRONMENT, FILES, EXIT STATUS, EXAMPLES, SEE
ALSO), and makes the rest of generate-manual's page lint-clean (`mandoc -T lint`):

- Each option's values and default, from the tool's --experimental-dump-help (JSON), as --help adds them.
- The discussions as mdoc: paragraphs become .Pp, indented lines literal displays, one sentence per line, no text
  line over 80 bytes.
- No `subcommand` in SYNOPSIS and no `help` entry for a tool whose only subcommand is the parser's `help` (which
  that tool does not accept), and no trailing full stop in NAME.

    generate-man-sections.py PAGE TOOL SECTIONS    rewrites PAGE in place; TOOL is the built executable, SECTIONS
                                                   the built ManualSections

The output depends on nothing but its inputs, so `Scripts/generate-man --check` can compare pages byte for byte.
"""
import json
import os
import re
import subprocess
import sys

page_path, tool, sections_tool = sys.argv[1], sys.argv[2], sys.argv[3]
tool_name = os.path.basename(tool)

# ---------------------------------------------------------------------------------------------------------------
# The parser's description of the tool (JSON), which generate-manual reads too.


def run(arguments):
    return subprocess.run([tool] + arguments, capture_output=True, text=True, check=True).stdout


dump = json.loads(run(["--experimental-dump-help"]))["command"]
subcommands = [command for command in dump.get("subcommands", []) if command["commandName"] != "help"]


# What --help adds after an option's description, by (subcommand or None, long option name): its values and its
# default, in the parser's words ("(values: a, b; default: a)").
value_notes = {}
for command, key in [(dump, None)] + [(command, command["commandName"]) for command in subcommands]:
    for argument in command.get("arguments", []):
        names = [name["name"] for name in argument.get("names", []) if name["kind"] == "long"]
        if argument.get("kind") != "option" or not names:
            continue
        notes = []
        if argument.get("allValues"):
            notes.append("values: " + ", ".join(argument["allValues"]))
        if "defaultValue" in argument and "default" not in argument.get("abstract", ""):
            notes.append("default: " + argument["defaultValue"])
        if notes:
            value_notes[(key, names[0])] = "(" + "; ".join(notes) + ")"

# ---------------------------------------------------------------------------------------------------------------
# mdoc text.


def escape(text):
    """Text from the dump as mdoc text: a backslash is \\e."""
    return text.replace("\\", "\\e")


def guard(line):
    """A text line that mdoc cannot take for a macro line."""
    return "\\&" + line if line[:1] in (".", "'") else line


def sentences(text):
    """`text` split after each full stop (or ! or ?) that ends a sentence: one followed by a capital."""
    return [part for part in re.split(r"(?<=[.!?])\s+(?=[A-Z(\"`-])", text) if part]


def wrap(text, width=80):
    """Lines of at most `width` bytes, broken at spaces, one sentence starting each line (mdoc's rule)."""
    lines = []
    for sentence in sentences(" ".join(text.split())):
        line = ""
        for word in sentence.split(" "):
            if line and len((line + " " + word).encode()) > width:
                lines.append(line)
                line = word
            else:
                line = (line + " " + word) if line else word
        if line:
            lines.append(line)
    # A line must not end in a full stop that ends no sentence (mdoc would add sentence spacing): none here does.
    return [guard(line) for line in lines]


def text_block(lines):
    """Lines of discussion text as generate-manual wrote them (already escaped), as mdoc: paragraphs and literal
    displays for indented lines."""
    paragraphs, current = [], []
    for line in lines:
        if line.strip() == "":
            if current:
                paragraphs.append(current)
            current = []
        else:
            current.append(line)
    if current:
        paragraphs.append(current)
    output = []
    for paragraph in paragraphs:
        if output:
            output.append(".Pp")
        prose = []
        for line in paragraph:
            if line.startswith("  "):
                if prose:
                    output += wrap(" ".join(prose))
                    prose = []
                output += [".Bd -literal -offset indent", line.strip(), ".Ed"]
            else:
                prose.append(line.replace("\\&", "", 1) if line.startswith("\\&") else line)
        if prose:
            output += wrap(" ".join(prose))
    # Adjacent literal displays are one display.
    merged = []
    for line in output:
        if line == ".Bd -literal -offset indent" and merged[-1:] == [".Ed"]:
            merged.pop()
            continue
        merged.append(line)
    return merged


def sections_to_add():
    """The mdoc lines ManualSections writes for this tool: ENVIRONMENT, FILES, EXIT STATUS, EXAMPLES, SEE ALSO."""
    return subprocess.run([sections_tool, tool_name], capture_output=True, text=True, check=True).stdout.splitlines()


# ---------------------------------------------------------------------------------------------------------------
# The page.

page = open(page_path, encoding="utf-8").read().splitlines()
only_help = not subcommands
output, section, depth, subcommand, skip_depth, pending_text = [], None, 0, None, None, []


def flush():
    global pending_text
    if pending_text:
        output.extend(text_block(pending_text))
    pending_text = []


def value_note(line):
    match = re.match(r"\.It Fl -([a-z0-9-]+)", line)
    return value_notes.get((subcommand, match.group(1))) if match else None


index = 0
while index < len(page):
    line = page[index]
    index += 1
    if skip_depth is not None:
        # Inside the `help` entry of a tool that has no help subcommand: up to the end of its list.
        if line.startswith(".Bl"):
            depth += 1
        elif line.startswith(".El"):
            depth -= 1
            if depth < skip_depth:
                skip_depth = None
                output.append(line)
        continue
    if not line.startswith("."):
        pending_text.append(line)
        continue
    flush()
    if line.startswith(".Sh"):
        section = line[4:].strip('"')
        if section == "EXIT STATUS":
            # Replaced, with the sections that come before and after it, where mdoc orders them.
            output += sections_to_add()
            while index < len(page) and not page[index].startswith(".Sh"):
                index += 1
            continue
    if line.startswith(".Nd "):
        line = re.sub(r'\.("?)$', r"\1", line)
    if section == "SYNOPSIS" and only_help and line == ".Ar subcommand":
        continue
    if line.startswith(".Bl"):
        depth += 1
    elif line.startswith(".El"):
        depth -= 1
    elif line.startswith(".It Em ") and depth == 1:
        subcommand = line[len(".It Em "):].strip()
        if only_help and subcommand == "help":
            skip_depth = depth
            # Drop a .Pp left just before it.
            if output and output[-1] == ".Pp":
                output.pop()
            continue
    elif line == ".Pp":
        # Not before a list item or a list's end, where mdoc skips it.
        following = page[index] if index < len(page) else ""
        if following.startswith(".It") or following.startswith(".El"):
            continue
    if line.startswith(".It Fl -"):
        output.append(line)
        # The option's description: one text line, then its values and default as --help gives them.
        description = []
        while index < len(page) and not page[index].startswith("."):
            description.append(page[index])
            index += 1
        text = " ".join(description)
        note = value_note(line)
        if note is not None:
            text = (text + " " if text else "") + escape(note)
        if text:
            output += wrap(text)
        continue
    output.append(line)
flush()

open(page_path, "w", encoding="utf-8").write("\n".join(output) + "\n")
