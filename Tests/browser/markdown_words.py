"""The words a reader should find on a page, read from its Markdown source, and the
words of a printed PDF, normalised the same way, for test_print.py."""

import html
import re
import unicodedata

FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
FENCE = re.compile(r"^\s*(```+|~~~+)")
# A heading's trailing attribute block, `## Title {#id .collapsed}`: never shown.
ATTRIBUTES = re.compile(r"\s*\{(?:\s*[#.][^\s}]+)+\s*\}\s*$")
IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
INLINE_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
REFERENCE_LINK = re.compile(r"\[([^\]]*)\]\[[^\]]*\]")
LINK_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+\S+.*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
WORD = re.compile(r"\w+")


def words(text):
    """Lower-case words of `text`: runs of letters, digits and underscores, without the
    underscores at either end (Markdown's `__strong__` is not part of the word)."""
    text = unicodedata.normalize("NFKC", text).lower()
    return {w.strip("_") for w in WORD.findall(text)} - {""}


def _prose(line):
    """A line of Markdown outside code blocks as the text it shows: links keep their
    text, not their address; images show as pictures, not words; entities are decoded
    (outside code spans, where they stay as written)."""
    if line.lstrip().startswith("#"):
        line = ATTRIBUTES.sub("", line)
    line = IMAGE.sub(" ", line)
    line = INLINE_LINK.sub(r"\1", line)
    line = REFERENCE_LINK.sub(r"\1", line)
    parts = CODE_SPAN.split(line)
    # split() gives text, fence, code, text, fence, code, ...: decode the text parts only.
    shown = []
    for index, part in enumerate(parts):
        if index % 3 == 0:
            shown.append(html.unescape(part))
        elif index % 3 == 2:
            shown.append(part)
    return " ".join(shown)


def shown_text(markdown):
    """The text of a page's Markdown that its printed page must show."""
    text = FRONT_MATTER.sub("", markdown.replace("\r\n", "\n"), count=1)
    out = []
    fence = None
    for line in text.split("\n"):
        opening = FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)[0] * len(opening.group(1))
            continue                      # the info string names the language, shown in the bar
        if fence is not None:
            if line.strip().startswith(fence) and set(line.strip()) <= set(fence[0]):
                fence = None
            else:
                out.append(line)
            continue
        if LINK_DEFINITION.match(line):
            continue
        out.append(_prose(line))
    return "\n".join(out)


def missing_words(markdown, printed):
    """The words of `markdown` that the text of its printed page lacks. A word that
    the PDF breaks over two lines (a long identifier in a wrapped code line) is found in
    the printed text with its white space removed; only words of 8 characters or more
    are looked for that way, so that a short word cannot hide in a longer one."""
    found = words(printed)
    joined = re.sub(r"\s+", "", unicodedata.normalize("NFKC", printed).lower())
    return sorted(w for w in words(shown_text(markdown))
                  if w not in found and not (len(w) >= 8 and w in joined))
