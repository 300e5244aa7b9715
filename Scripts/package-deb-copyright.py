#!/usr/bin/env python3
"""Writes the Debian copyright file (machine-readable format 1.0) for the stories-cli package on stdout.

    Scripts/package-deb-copyright.py --checkouts .build-dist/checkouts \
        --link-lists .build-dist/release/stories-cli.product/Objects.LinkFileList [...]

Scripts/package-deb runs it. The executables are linked statically: besides this repository's code they carry the
Swift runtime and Foundation (from the toolchain) and every module of the Swift packages that the linker's file lists
name. Each such package gets a paragraph: its licence as its LICENSE file states it, the copyright lines of its
LICENSE and NOTICE files, and its NOTICE text (the Apache License 2.0, section 4(d), asks that it travel with the
binary). Licence files inside a linked module's sources (code a package vendors under another licence) get a
paragraph of their own. "Files:" paths name the sources as SwiftPM checks them out (.build/checkouts/PACKAGE).
"""
import argparse
import os
import re
import sys
import textwrap

FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
APACHE_REFERENCE = ("On Debian systems, the complete text of the Apache License, Version 2.0, can be found in\n"
                    "/usr/share/common-licenses/Apache-2.0.")
SWIFT_EXCEPTION = ("As an exception, if you use this Software to compile your source code and portions of this "
                   "Software are embedded into the binary product as a result, you may redistribute such product "
                   "without providing attribution as would otherwise be required by Sections 4(a), 4(b) and 4(d) "
                   "of the License.")
MODULE_OF = re.compile(r"/([^/]+)\.build/")
CHECKOUT_OF = re.compile(r"/checkouts/([^/]+)/")


def field_text(text):
    """A multi-line field's continuation lines: indented by one space, an empty line as " ."."""
    lines = [line.rstrip().expandtabs() for line in text.strip("\n").splitlines()]
    return "\n".join(" " + line if line.strip() else " ." for line in lines)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.read()


def licence_name(text):
    if "Apache License" in text and "Version 2.0" in text:
        return "Apache-2.0 with Swift exception" if "Runtime Library Exception" in text else "Apache-2.0"
    if "Permission is hereby granted, free of charge" in text:
        return "Expat"
    return None


def copyright_lines(*texts):
    found = []
    for text in texts:
        for line in text.splitlines():
            line = line.strip().strip("/#*").strip()
            if re.match(r"(?i)^copyright\b", line) and "notice" not in line.lower() and line not in found:
                if re.search(r"\d{4}|\(c\)|©", line, re.IGNORECASE):
                    found.append(line)
    return found


def build_directory_of(object_path):
    """The `<Module>.build` directory an object file of the link list lives in."""
    match = None
    for match in MODULE_OF.finditer(object_path):
        pass
    if match is None:
        return None, None
    return match.group(1), object_path[: match.end() - 1]


def package_of(build_directory, checkouts):
    """The checkout a module was compiled from, from the paths of its sources; None for this repository's code."""
    candidates = [os.path.join(build_directory, "sources")]
    for directory, _, files in os.walk(build_directory):
        candidates.extend(os.path.join(directory, name) for name in files if name.endswith(".d"))
        if len(candidates) > 3:
            break
    for candidate in candidates:
        if os.path.isfile(candidate):
            for match in CHECKOUT_OF.finditer(read(candidate)):
                if os.path.isdir(os.path.join(checkouts, match.group(1))):
                    return match.group(1)
            return None
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkouts", required=True)
    parser.add_argument("--link-lists", nargs="+", required=True)
    arguments = parser.parse_args()
    checkouts = os.path.realpath(arguments.checkouts)

    modules = {}  # package -> set of module names
    own_modules = set()
    seen = set()
    for link_list in arguments.link_lists:
        for line in read(link_list).splitlines():
            module, build_directory = build_directory_of(line.strip().strip("'\""))
            if module is None or build_directory in seen:
                continue
            seen.add(build_directory)
            package = package_of(build_directory, checkouts)
            if package is None:
                own_modules.add(module)
            else:
                modules.setdefault(package, set()).add(module)

    out = [f"Format: {FORMAT}",
           "Upstream-Name: Stories",
           "Comment: stories-cli and stories-server are linked statically: besides this repository's code\n"
           " (modules " + ", ".join(sorted(own_modules)) + ")\n"
           " they contain the Swift runtime and Foundation of the Swift toolchain that built them and the\n"
           " modules of the Swift packages listed below (the packages the executables link, as the linker's\n"
           " file lists name them). The system's SQLite (libsqlite3) is linked dynamically: a dependency.",
           ""]
    out += ["Files: *",
            "Copyright: The Stories developers",
            "License: no-licence-stated",
            field_text(textwrap.fill("The Stories repository states no licence. Until it does, no permission "
                                     "beyond what the law allows is granted to copy, modify or redistribute its "
                                     "own code; the components below keep their own licences.", 78)),
            ""]
    out += ["Files: swift-toolchain/usr/lib/swift_static/*",
            "Copyright: Apple Inc. and the Swift project authors",
            "License: Apache-2.0 with Swift exception",
            "Comment: The Swift standard library, Swift Concurrency, Foundation (swift-corelibs-foundation,\n"
            " swift-foundation and its ICU data, swift-foundation-icu) and libdispatch, linked in with\n"
            " --static-swift-stdlib from the toolchain's usr/lib/swift_static.",
            ""]

    used_licences = {"Apache-2.0 with Swift exception"}
    vendored = []
    for package in sorted(modules, key=str.lower):
        root = os.path.join(checkouts, package)
        names = sorted(os.listdir(root))
        licence_files = [n for n in names if re.match(r"(?i)^(licen[cs]e|copying)", n)]
        notice_files = [n for n in names if re.match(r"(?i)^notice", n)]
        if not licence_files:
            sys.exit(f"package-deb-copyright: {package} has no LICENSE file; its licence must be stated by hand")
        licence_text = read(os.path.join(root, licence_files[0]))
        notice_text = "\n".join(read(os.path.join(root, n)) for n in notice_files)
        name = licence_name(licence_text)
        if name is None:
            sys.exit(f"package-deb-copyright: cannot tell the licence of {package}/{licence_files[0]}")
        used_licences.add(name)
        holders = copyright_lines(licence_text, notice_text) or [f"the {package} authors (see its LICENSE and NOTICE)"]
        paragraph = [f"Files: .build/checkouts/{package}/*",
                     "Copyright: " + "\n ".join(holders),
                     f"License: {name}"]
        if name == "Expat":
            paragraph.append(field_text(licence_text))
        comment = "Linked modules: " + ", ".join(sorted(modules[package])) + "."
        if notice_text.strip():
            comment += "\n" + "\n".join(f"{n}:" for n in notice_files) + "\n" + notice_text
        paragraph.append("Comment: " + field_text(comment).lstrip())
        out += paragraph + [""]
        # Licence files inside a linked module's sources: code the package vendors under another licence.
        for module in sorted(modules[package]):
            sources = os.path.join(root, "Sources", module)
            if not os.path.isdir(sources):
                continue
            for directory, _, files in os.walk(sources):
                for file in sorted(files):
                    if re.match(r"(?i)^(licen[cs]e|copying)", file):
                        vendored.append((package, os.path.relpath(directory, root), read(os.path.join(directory, file))))
    for package, directory, text in vendored:
        name = licence_name(text)
        paragraph = [f"Files: .build/checkouts/{package}/{directory}/*",
                     "Copyright: " + "\n ".join(copyright_lines(text) or [f"the authors of {directory}"])]
        if name in ("Apache-2.0", "Apache-2.0 with Swift exception"):
            used_licences.add(name)
            paragraph.append(f"License: {name}")
        else:
            paragraph.append(f"License: {name or 'other'}")
            paragraph.append(field_text(text))
        out += paragraph + [""]

    if "Apache-2.0" in used_licences:
        out += ["License: Apache-2.0", field_text(APACHE_REFERENCE), ""]
    out += ["License: Apache-2.0 with Swift exception",
            field_text(APACHE_REFERENCE + "\n\nRuntime Library Exception to the Apache 2.0 License:\n\n"
                       + textwrap.fill(SWIFT_EXCEPTION, 78)), ""]
    sys.stdout.write("\n".join(out).rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
