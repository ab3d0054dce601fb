#!/usr/bin/env python3
"""Writes a foldmark page as the same page in MkDocs Material's Markdown.

    to_mkdocs.py IN.md OUT.md

What the two read differently, and only that, is rewritten: a GitHub callout
(`> [!NOTE]`, folded with `-` or `+`) becomes an admonition (`!!! note`, `??? note`,
`???+ note`); the child sections of a `{.tabs}` heading become content tabs
(`=== "Python"`); other heading attribute blocks are dropped (MkDocs makes its own ids).
"""

import re
import sys

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
ATTRIBUTES = re.compile(r"\s*\{[^}]*\}\s*$")
CALLOUT = re.compile(r"^>\s*\[!(\w+)\]([+-]?)\s*(.*)$")
FOLD = {"": "!!!", "-": "???", "+": "???+"}


def callouts(lines):
    out, index = [], 0
    while index < len(lines):
        match = CALLOUT.match(lines[index])
        if not match:
            out.append(lines[index])
            index += 1
            continue
        kind, fold, title = match.groups()
        out.append(f'{FOLD[fold]} {kind.lower()}' + (f' "{title}"' if title else ""))
        index += 1
        while index < len(lines) and lines[index].startswith(">"):
            out.append("    " + lines[index][1:].lstrip() if lines[index][1:].strip() else "")
            index += 1
    return out


def tabs(lines):
    out, tab_level, in_tab, fenced = [], None, False, False
    for line in lines:
        heading = None if fenced else HEADING.match(line)
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if not heading:
            out.append("    " + line if in_tab and line else line)
            continue
        level, text = len(heading.group(1)), heading.group(2)
        attributes = ATTRIBUTES.search(text)
        title = ATTRIBUTES.sub("", text)
        if tab_level is not None and level == tab_level + 1:
            out.append(f'=== "{title}"')
            in_tab = True
            continue
        if tab_level is not None and level <= tab_level:
            tab_level, in_tab = None, False
        if attributes and ".tabs" in attributes.group(0):
            tab_level = level
        out.append(("    " if in_tab else "") + f"{heading.group(1)} {title}")
    return out


def main(source, target):
    lines = open(source, encoding="utf-8").read().split("\n")
    open(target, "w", encoding="utf-8").write("\n".join(tabs(callouts(lines))))


if __name__ == "__main__":
    main(*sys.argv[1:3])
