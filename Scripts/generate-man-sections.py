#!/usr/bin/env python3
"""Finishes a man page swift-argument-parser's generate-manual wrote (Scripts/generate-man runs this on each page).

generate-manual writes NAME, SYNOPSIS, DESCRIPTION (the commands' discussions and options), a generic EXIT STATUS
and AUTHORS. This adds what the commands' --help says and the plugin has no place for, and makes the page lint-clean
(`mandoc -T lint`):

- ENVIRONMENT, FILES, EXIT STATUS and EXAMPLES, read from the same --help the user sees (run with a wide COLUMNS, so
  nothing is wrapped): a section is a line `TITLE:` in capitals followed by lines indented two columns, wherever it
  is in the page (stories-cli prints them after its options; stories-server in its discussion). Definitions are
  `  LABEL  description` (or the label alone, its description on the next lines); examples are `  # comment` then
  `  $ command` lines, a blank line between examples. Each command's EXAMPLES become a subsection of EXAMPLES.
- Each option's values and default, from the tool's --experimental-dump-help, as --help adds them.
- The discussions as mdoc: paragraphs become .Pp, indented lines literal displays, one sentence per line, no text
  line over 80 bytes; sections that moved out (the server's EXIT CODES and EXAMPLES) are left out of DESCRIPTION.
- No `subcommand` in SYNOPSIS and no `help` entry for a tool whose only subcommand is the parser's `help` (which
  that tool does not accept), and no trailing full stop in NAME.
- SEE ALSO names the other executable.

    generate-man-sections.py PAGE TOOL SEE_ALSO    rewrites PAGE in place; TOOL is the built executable

The output depends on nothing but its inputs, so `Scripts/generate-man --check` can compare pages byte for byte.
"""
import json
import os
import re
import subprocess
import sys

page_path, tool, see_also = sys.argv[1], sys.argv[2], sys.argv[3]
tool_name = os.path.basename(tool)

# ---------------------------------------------------------------------------------------------------------------
# What the tool says about itself.


def run(arguments):
    env = dict(os.environ, COLUMNS="1000", NO_COLOR="1")
    return subprocess.run([tool] + arguments, capture_output=True, text=True, env=env, check=True).stdout


dump = json.loads(run(["--experimental-dump-help"]))["command"]
subcommands = [command for command in dump.get("subcommands", []) if command["commandName"] != "help"]


def help_sections(text):
    """{TITLE: [lines]} for every `TITLE:` line in capitals followed by lines indented two columns."""
    sections, title = {}, None
    for line in text.splitlines():
        match = re.fullmatch(r"([A-Z][A-Z ]+):", line)
        if match:
            title = match.group(1)
            sections[title] = []
        elif title and (line.startswith("  ") or line == ""):
            sections[title].append(line)
        else:
            title = None
    return {title: trim(lines) for title, lines in sections.items()}


def trim(lines):
    while lines and lines[-1] == "":
        lines = lines[:-1]
    return lines


def definitions(lines):
    """[(label, description)] of a definition section."""
    entries = []
    for line in lines:
        if line.startswith("   "):
            label, text = entries[-1]
            entries[-1] = (label, (text + " " + line.strip()).strip())
        else:
            label, _, text = line.strip().partition("  ")
            entries.append((label, text.strip()))
    return entries


def examples(lines):
    """[(comment, [commands])] of an EXAMPLES section."""
    entries = []
    for line in lines:
        if line.startswith("  # "):
            if not entries or entries[-1][1]:
                entries.append(("", []))
            comment, commands = entries[-1]
            entries[-1] = ((comment + " " + line[4:]).strip(), commands)
        elif line.startswith("  $ "):
            entries[-1][1].append(line[4:])
    return entries


root_sections = help_sections(run(["--help"]))
command_examples = [(None, examples(root_sections.get("EXAMPLES", [])))]
for command in subcommands:
    name = command["commandName"]
    command_examples.append((name, examples(help_sections(run([name, "--help"])).get("EXAMPLES", []))))

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
    """Text from --help as mdoc text: a backslash is \\e."""
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
    """Lines of discussion text as generate-manual wrote them (already escaped), as mdoc: paragraphs, literal
    displays for indented lines, and no section that --help shows under a title of its own."""
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
    output, moved = [], False
    for paragraph in paragraphs:
        # A titled section (EXIT CODES, EXAMPLES) and its indented paragraphs have sections of their own.
        if re.fullmatch(r"[A-Z][A-Z ]+:", paragraph[0]):
            moved = True
            continue
        if moved and paragraph[0].startswith("  "):
            continue
        moved = False
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


def definition_list(entries, head):
    lines = [".Bl -tag -width Ds"]
    for label, text in entries:
        lines.append(".It " + head(label))
        lines += wrap(escape(text))
    return lines + [".El"]


def names_list(macro):
    return lambda label: " , ".join(f"{macro} {name}" for name in label.split(", "))


def sections_to_add():
    added = {}
    if "ENVIRONMENT" in root_sections:
        added["ENVIRONMENT"] = definition_list(definitions(root_sections["ENVIRONMENT"]), names_list("Ev"))
    if "FILES" in root_sections:
        added["FILES"] = definition_list(definitions(root_sections["FILES"]), names_list("Pa"))
    codes = root_sections.get("EXIT CODES")
    if codes:
        added["EXIT STATUS"] = definition_list(definitions(codes), lambda label: " , ".join(label.split(", ")))
    example_lines = []
    for command, entries in command_examples:
        if not entries:
            continue
        if command is not None:
            example_lines.append(f".Ss {tool_name} {command}")
        for index, (comment, commands) in enumerate(entries):
            if index > 0:
                example_lines.append(".Pp")
            comment = comment[:1].upper() + comment[1:]
            example_lines += wrap(escape(comment + ":"))
            example_lines += [".Bd -literal -offset indent"] + [escape("$ " + command) for command in commands]
            example_lines.append(".Ed")
    if example_lines:
        added["EXAMPLES"] = example_lines
    added["SEE ALSO"] = [f".Xr {see_also} 1"]
    return added


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
            added = sections_to_add()
            for title in ("ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"):
                if title in added:
                    output.append(f".Sh {title}" if " " not in title else f'.Sh "{title}"')
                    output += added[title]
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
