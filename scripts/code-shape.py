#!/usr/bin/env python3
"""Lists the Swift files and functions that have grown past a size a reader can hold.

    scripts/code-shape.py [--max-file N] [--max-function N] [PATH ...]

PATH defaults to Sources/ (relative to the checkout); each may be a folder, searched
for *.swift, or a file. It reports

- every file longer than --max-file lines (default 300), counting every line as
  `wc -l` does;
- every function, initializer, deinitializer, subscript, computed property (or
  property observer) and closure-initialized property (`let x = { ... }()`) whose body
  spans more than --max-function lines (default 60), counted from the line of its
  keyword (`func`, `init`, `var`, ...) to the line of its closing brace, both included.
  Lines that hold only a comment are NOT counted (so documenting a step costs nothing);
  blank lines and lines of code are. A nested function counts within its outer one
  and is also measured on its own.

Bodies are found by brace matching after blanking out comments and string literals
(interpolations included), so a brace in a string does not count. It exits with 1 when
anything exceeds a limit (so that CI can guard the shape of the code) and with 0
otherwise; --quiet prints only the summary line.
"""

import argparse
import os
import re
import sys

DECL_KEYWORDS = {"func", "init", "deinit", "subscript", "var", "let"}
# A token at the start of a line that begins a new declaration: a `func` that reaches
# one of these before any `{` is a requirement without a body (in a protocol).
DECL_STARTS = {
    "func", "var", "let", "init", "deinit", "subscript", "case", "associatedtype",
    "typealias", "static", "class", "struct", "enum", "protocol", "extension", "actor",
    "mutating", "nonmutating", "public", "private", "internal", "fileprivate", "open",
    "nonisolated", "override", "final", "convenience", "required", "@", "#if", "#else",
    "#endif", "import",
}
TOKEN = re.compile(r"#?[A-Za-z_][A-Za-z_0-9]*|\S")


def blank_out(text):
    """Returns text with comments and string contents replaced by spaces.

    Newlines are kept, so that line numbers stay the same, and so are the quotes and
    the code of interpolations. A line that held only a comment becomes blank; the
    returned set holds the numbers (from 1) of those lines.
    """
    out = []
    comment_only = set()
    i, n = 0, len(text)
    # Each entry of the stack is a string being read: (quote, hashes, multiline), or
    # ("(", depth) for the code of an interpolation inside it.
    stack = []
    line = 1
    line_has_code = False
    line_has_comment = False

    def newline():
        nonlocal line, line_has_code, line_has_comment
        if line_has_comment and not line_has_code:
            comment_only.add(line)
        line += 1
        line_has_code = False
        line_has_comment = False

    while i < n:
        c = text[i]
        in_string = bool(stack) and stack[-1][0] == '"'
        if in_string:
            _, hashes, multiline = stack[-1]
            closing = ('"""' if multiline else '"') + "#" * hashes
            if text.startswith(closing, i):
                out.append(closing)
                i += len(closing)
                stack.pop()
                continue
            if c == "\\" and text.startswith("#" * hashes + "(", i + 1):
                opener = "\\" + "#" * hashes + "("
                out.append(opener)
                i += len(opener)
                stack.append(("(", 1))
                continue
            if c == "\\" and hashes == 0 and i + 1 < n:
                out.append("  " if text[i + 1] != "\n" else " \n")
                if text[i + 1] == "\n":
                    newline()
                i += 2
                continue
            if c == "\n":
                out.append("\n")
                newline()
            else:
                out.append(" ")
            i += 1
            continue
        # Code (top level or inside an interpolation).
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            line_has_comment = True
            i = end
            continue
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            for ch in text[i:j]:
                if ch == "\n":
                    out.append("\n")
                    line_has_comment = True
                    newline()
                else:
                    out.append(" ")
            line_has_comment = True
            i = j
            continue
        m = re.match(r'(#*)("""|")', text[i:i + 64])
        if m and (m.group(1) == "" or text[i] == "#"):
            hashes = len(m.group(1))
            opener = m.group(0)
            out.append(opener)
            i += len(opener)
            stack.append(('"', hashes, m.group(2) == '"""'))
            line_has_code = True
            continue
        if stack and stack[-1][0] == "(":
            depth = stack[-1][1]
            if c == "(":
                stack[-1] = ("(", depth + 1)
            elif c == ")":
                if depth == 1:
                    stack.pop()
                else:
                    stack[-1] = ("(", depth - 1)
        if c == "\n":
            out.append("\n")
            newline()
        else:
            out.append(c)
            if not c.isspace():
                line_has_code = True
        i += 1
    newline()
    return "".join(out), comment_only


def tokens(code):
    """Yields (kind-or-text, line, offset) for each token of blanked-out code."""
    line = 1
    pos = 0
    for m in TOKEN.finditer(code):
        line += code.count("\n", pos, m.start())
        pos = m.start()
        yield m.group(0), line, m.start()


def match_brace(toks, k):
    """Returns the index of the `}` that closes the `{` at toks[k], or None."""
    depth = 0
    for j in range(k, len(toks)):
        t = toks[j][0]
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
            if depth == 0:
                return j
    return None


def body_start(toks, k, keyword):
    """Returns the index of the `{` that opens the body of the declaration at toks[k].

    None when the declaration has no body: a protocol requirement, a stored property,
    an `init` that is a call (`.init(`, `self.init(`).
    """
    decl_line = toks[k][1]
    if keyword == "init" and k > 0 and toks[k - 1][0] == ".":
        return None
    depth = 0
    prev_line = decl_line
    for j in range(k + 1, len(toks)):
        t, ln, _ = toks[j]
        if depth == 0:
            if keyword in ("var", "let"):
                if ln != decl_line:
                    return None
                if t == "=":
                    if j + 1 < len(toks) and toks[j + 1][0] == "{":
                        return j + 1
                    return None
                if t == "{":
                    return j if keyword == "var" else None
                if t in (";", "}", ","):
                    return None
            else:
                if t == "{":
                    return j
                if t in ("}", ";"):
                    return None
                if ln != prev_line and t in DECL_STARTS:
                    return None
        if t in ("(", "["):
            depth += 1
        elif t in (")", "]"):
            depth -= 1
        prev_line = ln
    return None


def declaration_name(toks, k):
    """Returns a readable name for the declaration at toks[k]: `func name`, `init`, ..."""
    keyword = toks[k][0]
    if keyword in ("init", "deinit", "subscript"):
        return keyword
    j = k + 1
    while j < len(toks) and toks[j][0] in ("(", "`"):
        j += 1
    name = toks[j][0] if j < len(toks) else "?"
    if keyword == "func" and not re.match(r"[A-Za-z_]", name):
        # An operator: collect its characters up to the parameter list.
        ops = []
        while j < len(toks) and toks[j][0] not in ("(", "<"):
            ops.append(toks[j][0])
            j += 1
        name = "".join(ops)
    return f"{keyword} {name}"


def long_declarations(path, limit):
    """Returns (line, name, counted lines) for each declaration of path over limit."""
    with open(path, encoding="utf-8") as f:
        code, comment_only = blank_out(f.read())
    toks = list(tokens(code))
    found = []
    for k, (t, ln, _) in enumerate(toks):
        if t not in DECL_KEYWORDS:
            continue
        start = body_start(toks, k, t)
        if start is None:
            continue
        end = match_brace(toks, start)
        if end is None:
            continue
        last = toks[end][1]
        counted = sum(1 for x in range(ln, last + 1) if x not in comment_only)
        if counted > limit:
            found.append((ln, declaration_name(toks, k), counted))
    return found


def swift_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for folder, dirs, files in os.walk(path):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(".swift"):
                    yield os.path.join(folder, name)


def main():
    parser = argparse.ArgumentParser(
        description="List Swift files and functions over a size limit.")
    parser.add_argument("paths", nargs="*", help="folders or files (default: Sources)")
    parser.add_argument("--max-file", type=int, default=300, metavar="N",
                        help="largest file, in lines (default 300)")
    parser.add_argument("--max-function", type=int, default=60, metavar="N",
                        help="largest body, in lines that are not comment-only (default 60)")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    args = parser.parse_args()
    paths = args.paths or [os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")]

    long_files, long_functions = [], []
    for path in swift_files(paths):
        shown = os.path.relpath(path)
        with open(path, encoding="utf-8") as f:
            lines = sum(1 for _ in f)
        if lines > args.max_file:
            long_files.append((lines, shown))
        for line, name, counted in long_declarations(path, args.max_function):
            long_functions.append((counted, shown, line, name))

    if not args.quiet:
        for lines, shown in sorted(long_files, reverse=True):
            print(f"{shown}: file of {lines} lines (over {args.max_file})")
        for counted, shown, line, name in sorted(long_functions, reverse=True):
            print(f"{shown}:{line}: {name}: {counted} lines (over {args.max_function})")
    print(f"code-shape: {len(long_files)} files over {args.max_file} lines, "
          f"{len(long_functions)} functions over {args.max_function} lines")
    return 1 if long_files or long_functions else 0


if __name__ == "__main__":
    sys.exit(main())
