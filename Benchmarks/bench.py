#!/usr/bin/env python3
"""foldmark's benchmark: foldmark side by side with a libcmark-only floor, in the same run.

    bench.py [--pages N [N ...]] [--real] [--runs K] [--incremental-runs K] [--hugo]

Corpora (cached under .build/bench/, reused while their source is unchanged):
  --pages N  a synthetic corpus of N pages, made by ../shared/bench/gen_corpus.py
             into .build/bench/site-N/Content (the corpus folder is the site's Content/)
  --real     the three tarballs ../shared/corpus/*.tar.xz, extracted together into
             .build/bench/site-real/Content
With neither, --pages 1000.

For each corpus it runs, alternating and K times each (default 5) after one warm-up:
  floor         foldmark-floor Content OUT              (libcmark only, one thread)
  floor, Nt     foldmark-floor Content OUT --threads N  (N = nproc, at least 2)
  foldmark      foldmark build SITE --out OUT --json
  foldmark, search: headings / foldmark, no search
                the same build of the same pages with `search: headings` (an index of
                titles and headings only) or `search: false` in foldmark.yml (a site
                folder beside the corpus's, with a link to its Content/): what the
                site's search index costs
  hugo          (with --hugo and `hugo` on PATH) a minimal Hugo site of the same pages,
                with and without syntax highlighting of code fences
Then foldmark's incremental builds of a copy of the site (--no-incremental skips them):
  no-op         rebuilds with nothing changed
  one-page edit rebuilds, each after appending a paragraph to the body of one page
(--incremental-runs of each, default 15)
each against foldmark's median full build of the same run, and for the median of each,
how much of its wall time went to the build's phases (its --json report) and how much to
the process around it; a summary says which of the issue's targets hold (x floor, x Hugo,
peak RSS, incremental, linear growth).
Every run writes into a new, empty folder in a temporary directory ($FOLDMARK_BENCH_OUT,
else $TMPDIR or /tmp), so each run is a fresh full build; the outputs are deleted at the
end, or on tmpfs after each run (see Runner for why). Wall time is measured here, CPU time comes from
os.wait4's rusage and peak RSS from GNU time (/usr/bin/time). It prints a table, foldmark's
phase breakdown when `--json` reports "timings", and the same table in Markdown (also
written to .build/bench/results.md). $FOLDMARK_BENCH_DIR moves .build/bench.

Binaries come from $FOLDMARK_SCRATCH/release (default .build/release): build them with
`swift build -c release`, or run scripts/bench.sh, which does that first.
Standard library only.
"""

import argparse
import datetime
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
GEN_CORPUS = SHARED / "bench" / "gen_corpus.py"
REAL_TARBALLS = SHARED / "corpus"
BENCH = Path(os.environ.get("FOLDMARK_BENCH_DIR") or ROOT / ".build" / "bench")
SCRATCH = Path(os.environ.get("FOLDMARK_SCRATCH") or ROOT / ".build")
BIN = SCRATCH / "release"

STAMP = ".bench-stamp"


def say(message=""):
    print(message, flush=True)


# --- corpora --------------------------------------------------------------------------

class Corpus:
    def __init__(self, name, label, site):
        self.name = name
        self.label = label
        self.site = site
        self.content = site / "Content"
        self.pages, self.bytes = count_markdown(self.content)


def count_markdown(folder):
    pages = size = 0
    for directory, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".md"):
                path = os.path.join(directory, name)
                if os.path.isfile(path) and not os.path.islink(path):
                    pages += 1
                    size += os.path.getsize(path)
    return pages, size


def cached(site, key, make):
    """Reuses `site` when its stamp says it was made from `key`; remakes it otherwise."""
    stamp = site / STAMP
    if stamp.is_file() and stamp.read_text() == key and (site / "Content").is_dir():
        say(f"corpus: reusing {site}")
        return
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    make(site / "Content")
    stamp.write_text(key)


def file_key(path):
    info = path.stat()
    return f"{path.name} {info.st_size} {int(info.st_mtime)}"


def generated_corpus(pages):
    site = BENCH / f"site-{pages}"
    digest = hashlib.sha256(GEN_CORPUS.read_bytes()).hexdigest()

    def make(content):
        say(f"corpus: generating {pages} pages into {content}")
        subprocess.run([sys.executable, str(GEN_CORPUS), "--pages", str(pages), "--out", str(content)],
                       check=True, stdout=subprocess.DEVNULL)

    cached(site, f"gen_corpus.py {digest} --pages {pages}\n", make)
    return Corpus(f"{pages}", f"synthetic, {pages} pages (gen_corpus.py --pages {pages})", site)


def real_corpus():
    tarballs = sorted(REAL_TARBALLS.glob("*.tar.xz"))
    if not tarballs:
        say(f"bench: no tarballs in {REAL_TARBALLS}: skipping --real")
        return None
    site = BENCH / "site-real"

    def make(content):
        content.mkdir()
        for tarball in tarballs:
            say(f"corpus: extracting {tarball.name} into {content}")
            with tarfile.open(tarball) as archive:
                if hasattr(tarfile, "data_filter"):
                    archive.extractall(content, filter="data")
                else:
                    archive.extractall(content)

    cached(site, "".join(file_key(t) + "\n" for t in tarballs), make)
    names = ", ".join(t.name.removesuffix(".tar.xz") for t in tarballs)
    return Corpus("real", f"real ({names})", site)


# --- Hugo -------------------------------------------------------------------------------

HUGO_LAYOUT = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body>
{{ .Content }}
</body>
</html>
"""

HUGO_CONFIG = """baseURL = "http://localhost/"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
uglyURLs = true
disableAliases = true
[markup.highlight]
  codeFences = {fences}
"""


def hugo_page(source):
    """The page as Hugo gets it, and why it was changed (None when it was not).

    Hugo refuses pages without front matter that start with `<` (it takes them for HTML
    files), and it reads `{{<` anywhere in the text as a shortcode, which fails on tldr's
    `{{<ArrowLeft>|...}}`. Such pages get an empty front matter, or a space after `{{`.
    """
    data = source.read_bytes()
    reasons = []
    if data.lstrip().startswith(b"<"):
        data = b"---\n---\n" + data
        reasons.append("starts with <")
    if b"{{<" in data or b"{{%" in data:
        data = data.replace(b"{{<", b"{{ <").replace(b"{{%", b"{{ %")
        reasons.append("{{< or {{%")
    return (data, ", ".join(reasons)) if reasons else (None, None)


def hugo_site(corpus):
    """A minimal Hugo site of the corpus's pages (hard links where Hugo takes them as they are).

    Only pages, section pages and the home page are built, each with a layout that prints
    `.Content` and nothing else; hugo.toml highlights code fences (Hugo's default),
    hugo-nohl.toml does not. index.md files become _index.md.
    """
    site = BENCH / f"hugo-{corpus.name}"
    corpus_stamp = (corpus.site / STAMP).read_text()
    key = "hugo site 4\n" + corpus_stamp
    stamp = site / STAMP
    changed_file = site / "changed-pages.txt"
    if not (stamp.is_file() and stamp.read_text() == key):
        if site.exists():
            shutil.rmtree(site)
        (site / "layouts" / "_default").mkdir(parents=True)
        (site / "layouts" / "_default" / "single.html").write_text(HUGO_LAYOUT)
        (site / "layouts" / "_default" / "list.html").write_text(HUGO_LAYOUT)
        (site / "hugo.toml").write_text(HUGO_CONFIG.format(fences="true"))
        (site / "hugo-nohl.toml").write_text(HUGO_CONFIG.format(fences="false"))
        changed = []
        for directory, _, files in os.walk(corpus.content):
            relative = Path(directory).relative_to(corpus.content)
            target = site / "content" / relative
            target.mkdir(parents=True, exist_ok=True)
            for name in files:
                if not name.endswith(".md"):
                    continue
                data, reason = hugo_page(Path(directory) / name)
                # An index.md would make its folder a leaf bundle, hiding every other page
                # under it; _index.md makes the folder a section whose page is that file.
                copy = target / ("_index.md" if name == "index.md" else name)
                if data is None:
                    os.link(Path(directory) / name, copy)
                else:
                    copy.write_bytes(data)
                    changed.append(f"{relative / name}: {reason}")
        changed_file.write_text("".join(line + "\n" for line in sorted(changed)))
        stamp.write_text(key)
    changed = changed_file.read_text().splitlines()
    if changed:
        say(f"hugo: {len(changed)} page(s) adjusted for Hugo (empty front matter or '{{{{ <'); "
            f"list in {changed_file}")
    return site


# The same build with one setting of foldmark.yml changed: (tool name, site folder suffix,
# the setting's line).
VARIANTS = [
    ("foldmark, search: headings", "search-headings", "search: headings"),
    ("foldmark, no search", "no-search", "search: false"),
]


def variant_site(corpus, suffix, setting):
    """A site of the corpus's pages whose foldmark.yml has `setting` (one `key: value` line).

    Its Content/ is a symbolic link to the corpus's; its foldmark.yml is the corpus's own
    (if any) without the setting's key, and `setting` after it.
    """
    site = BENCH / f"{corpus.site.name}-{suffix}"
    if site.is_symlink() or site.is_file():
        site.unlink()
    elif site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    (site / "Content").symlink_to(corpus.content.resolve(), target_is_directory=True)
    config = corpus.site / "foldmark.yml"
    key = setting.split(":")[0] + ":"
    lines = config.read_text().splitlines() if config.is_file() else []
    lines = [line for line in lines if not line.startswith(key)] + [setting]
    (site / "foldmark.yml").write_text("".join(line + "\n" for line in lines))
    return site


# --- measuring --------------------------------------------------------------------------

OUT = "{OUT}"   # stands for the run's output folder in a tool's arguments


class Tool:
    def __init__(self, name, argv):
        self.name = name
        self.argv = argv        # with OUT where the output folder goes
        self.runs = []          # Run objects of the measured runs
        self.failure = None     # text when the tool failed
        self.written = None     # *.html files written by the warm-up run
        self.bytes = None       # bytes of every file the warm-up run wrote
        self.note = None


class Run:
    def __init__(self, wall, cpu, rss_kib, status, stdout, stderr):
        self.wall = wall
        self.cpu = cpu
        self.rss_kib = rss_kib
        self.status = status
        self.stdout = stdout
        self.stderr = stderr


TIME = "/usr/bin/time"


class Runner:
    """Runs tools, each run into a new, empty output folder under `root`.

    On a disk, outputs are only deleted at the end, never between runs: on ext4 without a
    journal, after a mass deletion every file creation spends time skipping the recently
    freed inodes for a minute or more (`recently_deleted` in the kernel's inode allocator),
    which would measure the previous run's clean-up instead of the tool. On tmpfs
    (`in_memory`) each run's output is deleted once it is measured: there the outputs are
    memory, and kept, a 20,000-page run with Hugo held 10 GB of a 24 GiB machine, which
    then reclaimed memory (kswapd) while the tools ran and slowed them all.
    """

    def __init__(self, root, in_memory=False):
        self.root = root
        self.in_memory = in_memory
        self.count = 0

    def discard(self, output):
        """Deletes a measured run's output when outputs are kept in memory (see above)."""
        if self.in_memory:
            shutil.rmtree(output, ignore_errors=True)

    def execute(self, argv):
        """Runs argv once with a fresh output folder; returns (Run, output folder).

        Peak RSS comes from GNU time's %M when /usr/bin/time exists. os.wait4's
        ru_maxrss is only the fallback: Linux counts in it the high-water mark of the
        memory the child had before its exec, which is this Python process's.
        """
        self.count += 1
        output = self.root / f"run-{self.count:04d}"
        logs = self.root / "logs"
        logs.mkdir(exist_ok=True)
        out_path, err_path, rss_path = (logs / f"{self.count:04d}.{kind}" for kind in ("out", "err", "rss"))
        argv = [str(output) if a == OUT else a for a in argv]
        command = [TIME, "-f", "%M", "-o", str(rss_path)] + argv if os.access(TIME, os.X_OK) else argv
        os.sync()
        with open(out_path, "w+b") as out, open(err_path, "w+b") as err:
            start = time.perf_counter()
            process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
            _, status, usage = os.wait4(process.pid, 0)
            wall = time.perf_counter() - start
            process.returncode = os.waitstatus_to_exitcode(status)
            out.seek(0)
            err.seek(0)
            stdout = out.read().decode("utf-8", "replace")
            stderr = err.read().decode("utf-8", "replace")
        rss_kib = usage.ru_maxrss
        if command is not argv:
            try:
                rss_kib = int(rss_path.read_text().split()[-1])
            except (OSError, ValueError, IndexError):
                pass
        run = Run(wall, usage.ru_utime + usage.ru_stime, rss_kib, process.returncode, stdout, stderr)
        return run, output

    def warm_up(self, tool):
        run, output = self.execute(tool.argv)
        if tool.name == "foldmark" and run.status == 2 and "--json" in run.stderr:
            tool.argv = [a for a in tool.argv if a != "--json"]
            tool.note = "no breakdown: this foldmark has no --json"
            say("foldmark: --json is not supported yet; running without it (no breakdown)")
            run, output = self.execute(tool.argv)
        if run.status != 0:
            fail(tool, run)
            return
        tool.written = count_html(output)
        tool.bytes = count_bytes(output)
        self.discard(output)

    def measure(self, tools, runs):
        say(f"warm-up: {', '.join(t.name for t in tools)}")
        for tool in tools:
            self.warm_up(tool)
        for index in range(runs):
            line = []
            for tool in tools:
                if tool.failure:
                    continue
                run, output = self.execute(tool.argv)
                self.discard(output)
                if run.status != 0:
                    fail(tool, run)
                    continue
                tool.runs.append(run)
                line.append(f"{tool.name} {run.wall:.3f}s")
            say(f"run {index + 1}/{runs}: " + ", ".join(line))


def tail(text, lines=8):
    kept = text.rstrip("\n").splitlines()
    shown = kept[-lines:]
    prefix = [f"    ... ({len(kept) - lines} more lines)"] if len(kept) > lines else []
    return "\n".join(prefix + ["    " + line for line in shown])


def count_html(folder):
    return sum(name.endswith(".html") for _, _, files in os.walk(folder) for name in files)


def count_bytes(folder):
    return sum(os.path.getsize(os.path.join(directory, name))
               for directory, _, files in os.walk(folder) for name in files)


def fail(tool, run):
    tool.failure = f"exit status {run.status}"
    say(f"{tool.name}: FAILED ({tool.failure}); last lines of its output:")
    say(tail(run.stderr or run.stdout))


# --- incremental builds -----------------------------------------------------------------

EDIT = "\n\nA paragraph the benchmark appended ({n}) to measure a one-page edit.\n"


def edited_page(content):
    """The page the one-page edits change: the middle one, in path order, of the pages that
    are not a folder's index (so that the navigation stays as it is)."""
    pages = sorted(p for p in content.rglob("*.md") if p.name != "index.md" and p.is_file() and not p.is_symlink())
    return pages[len(pages) // 2] if pages else None


def report_of(run):
    for candidate in [run.stdout] + run.stdout.splitlines()[::-1]:
        try:
            report = json.loads(candidate)
            if isinstance(report, dict):
                return report
        except ValueError:
            continue
    return {}


def measure_incremental(runner, foldmark_bin, corpus, runs):
    """Rebuilds of a copy of the site into one output folder: a first full build, then `runs`
    no-op rebuilds and `runs` one-page edits. Returns {kind: [(Run, pages written)]}, or None."""
    work = runner.root / f"incremental-{corpus.name}"
    site = work / "site"
    say(f"incremental: copying {corpus.site} to {site}")
    shutil.copytree(corpus.site, site, symlinks=True)
    # A build trusts a file's recorded identity (and skips reading it) only once the file's
    # times are older than the build's start, rounded down to an even second; the same
    # holds for the output folders. Files copied or built a moment ago are read again, as
    # after a checkout. In an edit loop every file but the edited one is older: wait that
    # long after the copy and after the first build.
    settle = 2.2
    say(f"incremental: waiting {settle} s after the copy and after the first build, so that every "
        "file but the edited one is as old as in an edit loop")
    time.sleep(settle)
    page = edited_page(site / "Content")
    if page is None:
        say("incremental: the corpus has no page to edit; skipped")
        return None
    out = work / "out"
    argv = [str(foldmark_bin), "build", str(site), "--out", str(out), "--json"]

    def build(kind):
        os.sync()
        start = time.perf_counter()
        result = subprocess.run(argv, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        run = Run(wall, 0.0, 0, result.returncode, result.stdout, result.stderr)
        if result.returncode != 0:
            say(f"incremental: {kind} build FAILED (exit status {result.returncode})")
            say(tail(result.stderr or result.stdout))
            return None
        written = [path for path in report_of(run).get("written", []) if path.endswith(".html")]
        return run, written

    if build("first") is None:
        return None
    time.sleep(settle)
    results = {"no-op": [], "one-page edit": []}
    for index in range(runs):
        noop = build("no-op")
        with open(page, "a", encoding="utf-8") as file:
            file.write(EDIT.format(n=index + 1))
        edit = build("one-page edit")
        if noop is None or edit is None:
            return None
        results["no-op"].append(noop)
        results["one-page edit"].append(edit)
        say(f"incremental run {index + 1}/{runs}: no-op {noop[0].wall:.3f}s ({len(noop[1])} pages written), "
            f"one-page edit {edit[0].wall:.3f}s ({len(edit[1])} pages written)")
    return results


def incremental_rows(results, full_wall):
    table = []
    for kind, measured in results.items():
        walls = [run.wall for run, _ in measured]
        wall = statistics.median(walls)
        written = sorted({len(pages) for _, pages in measured})
        table.append([
            kind,
            f"{wall:.3f}",
            f"{min(walls):.3f}–{max(walls):.3f}",
            f"{wall / full_wall:.3f}" if full_wall else "-",
            "/".join(str(n) for n in written),
        ])
    return table


INCREMENTAL_HEADER = ["build", "median s", "range s", "× full build", "pages written"]


def incremental_breakdown(results):
    """For each kind of incremental build, where its median run's wall time went: the
    seconds foldmark's `--json` report counts inside the build, by phase (those of 0.5 ms
    or more), and the rest, which is the process around the build (the loader and the
    runtime starting, the options and the site read, the exit and the kernel taking the
    memory back)."""
    lines = []
    for kind, measured in results.items():
        if not measured:
            continue
        run = median_run([run for run, _ in measured])
        report = report_of(run)
        inside = report.get("seconds")
        timings = report.get("timings")
        if not isinstance(inside, (int, float)) or not isinstance(timings, dict):
            continue
        phases = ", ".join(
            f"{phase} {seconds * 1000:.1f}"
            for phase, seconds in ordered_timings(timings).items()
            if isinstance(seconds, (int, float)) and seconds >= 0.0005)
        lines.append(f"{kind}, median run: {run.wall * 1000:.1f} ms of wall time, {inside * 1000:.1f} ms inside "
                     f"the build ({phases or 'no phase of 0.5 ms'}; ms), {(run.wall - inside) * 1000:.1f} ms the "
                     "process around it")
    return lines


# --- targets ----------------------------------------------------------------------------

def check(name, value, limit, text, lower_is_better=True):
    holds = value <= limit if lower_is_better else value >= limit
    return f"{'holds ' if holds else 'MISSED'}  {name}: {text}"


def comparison_lines(summary):
    """Not targets: the full build against the floor with less of a search index."""
    lines = []
    for name, figures in summary.items():
        floor, wall = figures.get("floor"), figures.get("foldmark")
        if not (floor and wall):
            continue
        for tool, _, setting in VARIANTS:
            other = figures.get(tool)
            if other:
                lines.append(f"{name}: {wall / floor:.2f} x floor with the full search index, {other / floor:.2f} x "
                             f"with {setting} ({other:.3f} s / {floor:.3f} s, {wall - other:.3f} s less)")
    return lines


def input_growth(ratio, growth):
    """How much the Markdown grew (`growth`, if known), and `ratio` per Markdown byte."""
    if not growth:
        return ""
    return f"; the Markdown grew {growth:.3f} x, {ratio / growth:.3f} x per Markdown byte"


def target_lines(summary):
    """The issue's targets, from this run's figures: one line each, 'holds' or 'MISSED'."""
    lines = []
    for name, figures in summary.items():
        floor = figures.get("floor")
        wall = figures.get("foldmark")
        if floor and wall and (name == "real" or name == "10000"):
            ratio = wall / floor
            lines.append(check(f"{name}: full build <= 1.25 x floor", ratio, 1.25, f"{ratio:.2f} x ({wall:.3f} s / {floor:.3f} s)"))
        hugo = figures.get("hugo, no highlight")
        if hugo and wall and name == "10000":
            speedup = hugo / wall
            lines.append(check(f"{name}: >= 3 x faster than Hugo without highlighting", speedup, 3.0,
                               f"{speedup:.2f} x ({hugo:.3f} s / {wall:.3f} s)", lower_is_better=False))
        rss = figures.get("rss")
        if rss and name == "10000":
            lines.append(check(f"{name}: peak RSS <= 150 MiB", rss, 150, f"{rss:.1f} MiB"))
        # The incremental targets name no corpus: they are checked on every one.
        for kind in ("no-op", "one-page edit"):
            ratio = figures.get(kind)
            if ratio is not None:
                lines.append(check(f"{name}: {kind} <= 0.1 x full build", ratio, 0.1, f"{ratio:.3f} x"))
    sizes = sorted(int(n) for n in summary if n.isdigit())
    for small in sizes:
        large = 2 * small
        if str(large) not in summary:
            continue
        a, b = summary[str(small)], summary[str(large)]
        # The generator's pages vary in size: the larger corpus need not have exactly twice
        # the Markdown, so each line also says how much the input grew.
        growth = b["markdown"] / a["markdown"] if a.get("markdown") and b.get("markdown") else None
        if a.get("foldmark") and b.get("foldmark"):
            ratio = b["foldmark"] / a["foldmark"]
            # The floor's own growth on the same pages in the same run: how much of the
            # growth the machine (caches, memory, the file system) gives every tool.
            floor = f"; the floor took {b['floor'] / a['floor']:.2f} x" if a.get("floor") and b.get("floor") else ""
            lines.append(check(f"{small} -> {large} pages: time at most doubles", ratio, 2.0,
                               f"{ratio:.2f} x{input_growth(ratio, growth)}{floor}"))
        if a.get("bytes") and b.get("bytes"):
            ratio = b["bytes"] / a["bytes"]
            # The floor's output on the same pages: what cmark alone makes of the larger input.
            floor = (f"; the floor's output grew {b['floor bytes'] / a['floor bytes']:.3f} x"
                     if a.get("floor bytes") and b.get("floor bytes") else "")
            lines.append(check(f"{small} -> {large} pages: output bytes at most double", ratio, 2.0,
                               f"{ratio:.3f} x ({a['bytes'] / 1e6:.1f} MB -> {b['bytes'] / 1e6:.1f} MB)"
                               f"{input_growth(ratio, growth)}{floor}"))
    return lines


# --- reporting --------------------------------------------------------------------------

def median_run(runs):
    ordered = sorted(runs, key=lambda r: r.wall)
    return ordered[(len(ordered) - 1) // 2]


def rows(tools, corpus, floor, floor_parallel):
    table = []
    base = statistics.median(r.wall for r in floor.runs) if floor.runs else None
    base_parallel = statistics.median(r.wall for r in floor_parallel.runs) if floor_parallel.runs else None
    for tool in tools:
        if tool.failure or not tool.runs:
            table.append([tool.name, "failed", tool.failure or "no runs", "", "", "", "", "", "", ""])
            continue
        walls = [r.wall for r in tool.runs]
        wall = statistics.median(walls)
        ratio = f"{wall / base:.2f}" if base else "-"
        ratio_parallel = f"{wall / base_parallel:.2f}" if base_parallel else "-"
        written = "" if tool.written is None else str(tool.written)
        table.append([
            tool.name,
            f"{wall:.3f}",
            f"{min(walls):.3f}–{max(walls):.3f}",
            f"{corpus.pages / wall:,.0f}",
            f"{corpus.bytes / 1e6 / wall:.1f}",
            f"{statistics.median(r.cpu for r in tool.runs):.2f}",
            f"{max(r.rss_kib for r in tool.runs) / 1024:.1f}",
            ratio,
            ratio_parallel,
            written,
        ])
    return table


def headers(parallel_name):
    return ["tool", "median s", "range s", "pages/s", "MB/s", "CPU s", "peak RSS MiB",
            "× floor", f"× {parallel_name}", "pages out"]


def plain_table(header, table):
    widths = [max(len(str(row[i])) for row in [header] + table) for i in range(len(header))]
    numeric = [i not in (0,) for i in range(len(header))]

    def line(row):
        return "  ".join(str(cell).rjust(w) if numeric[i] and row is not header else str(cell).ljust(w)
                         for i, (cell, w) in enumerate(zip(row, widths))).rstrip()

    return "\n".join([line(header), "  ".join("-" * w for w in widths)] + [line(row) for row in table])


def markdown_table(header, table):
    align = ["---"] + ["---:"] * (len(header) - 1)
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in table]
    return "\n".join(lines)


# foldmark's steps in the order a build runs them (see `timings` in Content/reference/cli.md);
# a step foldmark reports that is not listed here goes last.
PHASE_ORDER = ["read", "parse", "sectionize", "index", "render", "write", "site", "layout", "search", "publish"]


def ordered_timings(timings):
    """The `timings` of a --json report in the order of PHASE_ORDER, others last by name."""
    rank = {phase: index for index, phase in enumerate(PHASE_ORDER)}
    return dict(sorted(timings.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0])))


def breakdown(tool):
    """The phase breakdown of foldmark's median run: (text for the terminal, Markdown line)."""
    if tool.failure or not tool.runs:
        return None, None
    if tool.note:
        return tool.note, None
    run = median_run(tool.runs)
    timings = report_of(run).get("timings")
    if not isinstance(timings, dict) or not timings:
        return "no breakdown: foldmark's --json output has no \"timings\"", None
    timings = ordered_timings(timings)
    total = sum(v for v in timings.values() if isinstance(v, (int, float)))
    lines = [f"foldmark phases of the median run ({run.wall:.3f} s wall), seconds as its --json "
             "reports them (phases summed over parallel workers can add up to more than the wall time):"]
    for phase, seconds in timings.items():
        if isinstance(seconds, (int, float)):
            share = f"{100 * seconds / total:5.1f} %" if total else ""
            lines.append(f"  {phase:<12} {seconds:8.3f} s  {share}")
        else:
            lines.append(f"  {phase:<12} {seconds}")
    lines.append(f"  {'(sum)':<12} {total:8.3f} s")
    phases = ", ".join(f"{phase} {seconds:.3f}" for phase, seconds in timings.items()
                       if isinstance(seconds, (int, float)))
    return "\n".join(lines), f"foldmark's phases in its median run (s, from `--json`): {phases}."


def machine():
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return os.cpu_count() or 1, model


def version(argv):
    try:
        result = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        return (result.stdout or result.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.SubprocessError):
        return "?"


def filesystem(path):
    """(type, description) of the file system holding path, from /proc/self/mountinfo."""
    device = os.stat(path).st_dev
    wanted = f"{os.major(device)}:{os.minor(device)}"
    try:
        for line in Path("/proc/self/mountinfo").read_text().splitlines():
            fields = line.split()
            if fields[2] != wanted:
                continue
            rest = fields[fields.index("-") + 1:]
            kind, source = rest[0], rest[1]
            if kind == "ext4":
                name = os.path.basename(source)
                journal = any(entry.startswith(name + "-") for entry in os.listdir("/proc/fs/jbd2"))
                return ("ext4" if journal else "ext4-nojournal"), f"ext4{'' if journal else ' without a journal'} ({source})"
            return kind, f"{kind} ({source})"
    except (OSError, ValueError, IndexError):
        pass
    return "unknown", "an unknown file system"


CLEANUP_STAMP = BENCH / "last-cleanup"
RECENTLY_DELETED = 65   # seconds: ext4 skips inodes freed in the last minute (see Runner)


def wait_after_cleanup():
    """Waits until the outputs that the previous benchmark deleted no longer slow file creation
    (on ext4 without a journal; other deletions on the same file system still can)."""
    try:
        left = RECENTLY_DELETED - (time.time() - float(CLEANUP_STAMP.read_text()))
    except (OSError, ValueError):
        return
    if left > 0:
        say(f"waiting {left:.0f} s: the previous benchmark deleted its outputs less than a minute ago, "
            "and ext4 creates files slowly while it skips recently freed inodes")
        time.sleep(left)


# --- main -------------------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description="foldmark benchmark against a libcmark-only floor")
    parser.add_argument("--pages", type=int, nargs="+", action="extend", default=[], metavar="N",
                        help="synthetic corpus sizes (default 1000 when --real is not given)")
    parser.add_argument("--real", action="store_true", help="also the real corpus (../shared/corpus)")
    parser.add_argument("--runs", type=int, default=5, metavar="K", help="measured runs per tool (default 5)")
    parser.add_argument("--hugo", action="store_true", help="also measure Hugo, if `hugo` is on PATH")
    parser.add_argument("--no-incremental", dest="incremental", action="store_false",
                        help="skip the no-op and one-page-edit rebuilds")
    parser.add_argument("--incremental-runs", type=int, default=15, metavar="K",
                        help="no-op and one-page-edit rebuilds per corpus (default 15: each takes "
                             "milliseconds, and a median of a few moves by a third from run to run)")
    parser.add_argument("--baseline", metavar="BIN",
                        help="another foldmark binary (say, of the commit before a change) measured "
                             "in the same runs, alternating with this one, as \"baseline\"")
    parser.add_argument("--no-variants", dest="variants", action="store_false",
                        help="leave out the search variants (for a quicker before/after run)")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.incremental_runs < 1 or any(n < 1 for n in args.pages):
        parser.error("--runs, --incremental-runs and --pages need positive numbers")
    if not args.pages and not args.real:
        args.pages = [1000]

    if not SHARED.is_dir():
        say(f"bench: {SHARED} is absent: there are no corpora to benchmark; nothing to do.")
        return 0
    floor_bin, foldmark_bin = BIN / "foldmark-floor", BIN / "foldmark"
    missing = [str(b) for b in (floor_bin, foldmark_bin) if not os.access(b, os.X_OK)]
    if missing:
        say(f"bench: missing {', '.join(missing)}; run `swift build -c release` "
            "(or scripts/bench.sh, which builds first)")
        return 1
    hugo = shutil.which("hugo") if args.hugo else None
    if args.hugo and not hugo:
        say("bench: --hugo given but `hugo` is not on PATH (scripts/bench.sh --with-hugo installs it); "
            "leaving Hugo out")
    BENCH.mkdir(parents=True, exist_ok=True)
    # Outputs go to a temporary folder (FOLDMARK_BENCH_OUT overrides it), not under the
    # repository: some machines watch the work tree, which makes every file created there
    # several times slower and would measure the watcher, not the tools.
    out_root = Path(tempfile.mkdtemp(prefix="foldmark-bench-", dir=os.environ.get("FOLDMARK_BENCH_OUT")))
    fs_kind, fs_text = filesystem(out_root)
    when = "each deleted once measured" if fs_kind == "tmpfs" else "all deleted at the end"
    say(f"outputs: {out_root}/run-NNNN on {fs_text}, a new folder for every run, {when}")
    if fs_kind == "ext4-nojournal":
        say("bench: note: without a journal, ext4 skips inodes freed in the last minute or so when it "
            "creates a file, so file creation slows down after anyone deletes many files on it; for "
            "steadier figures set FOLDMARK_BENCH_OUT to a tmpfs folder (e.g. /dev/shm)")
        wait_after_cleanup()
    cores, model = machine()
    threads = max(2, cores)
    parallel_name = f"floor {threads}t"
    today = datetime.date.today().isoformat()
    load = os.getloadavg()[0]
    say(f"machine: {cores} cores, {model}; load average {load:.2f}")
    if not os.access(TIME, os.X_OK):
        say(f"bench: {TIME} is missing (Debian package `time`): peak RSS comes from os.wait4 and "
            "includes this Python process's own (an upper bound)")
    if load > 0.5 * cores:
        say("bench: warning: the machine is busy; the figures will be noisy")
    versions = [version([str(foldmark_bin), "--version"]), f"libcmark {version(['pkg-config', '--modversion', 'libcmark'])}"]
    if hugo:
        versions.append(version([hugo, "version"]).split(" BuildDate")[0])

    corpora = [generated_corpus(n) for n in args.pages]
    if args.real:
        corpus = real_corpus()
        if corpus:
            corpora.append(corpus)

    markdown = [f"Measured {today} on {cores} cores ({model}, load average {load:.2f} at the start); "
                f"{', '.join(versions)}. "
                f"Median of {args.runs} runs after one warm-up, tools alternating; "
                "MB/s counts Markdown input bytes (10^6 B); CPU s is user + system time; "
                f"pages/s counts the corpus's pages; each run writes to a new folder on {fs_text}."]
    failed = False
    summary = {}
    runner = Runner(out_root, in_memory=fs_kind == "tmpfs")
    try:
        for corpus in corpora:
            say("")
            say(f"== {corpus.label}: {corpus.pages} pages, {corpus.bytes / 1e6:.2f} MB of Markdown ==")
            floor = Tool("floor", [str(floor_bin), str(corpus.content), OUT])
            floor_parallel = Tool(parallel_name, floor.argv + ["--threads", str(threads)])
            foldmark = Tool("foldmark", [str(foldmark_bin), "build", str(corpus.site), "--out", OUT, "--json"])
            tools = [floor, floor_parallel, foldmark]
            if args.baseline:
                tools.append(Tool("baseline", [args.baseline, "build", str(corpus.site), "--out", OUT, "--json"]))
            tools += [
                Tool(name, [str(foldmark_bin), "build", str(variant_site(corpus, suffix, setting)), "--out", OUT,
                            "--json"])
                for name, suffix, setting in (VARIANTS if args.variants else [])]
            if hugo:
                site = hugo_site(corpus)
                for name, config in (("hugo", "hugo.toml"), ("hugo, no highlight", "hugo-nohl.toml")):
                    tools.append(Tool(name, [hugo, "--quiet", "-s", str(site), "--config", str(site / config),
                                             "-d", OUT]))
            runner.measure(tools, args.runs)

            header = headers(parallel_name)
            table = rows(tools, corpus, floor, floor_parallel)
            say("")
            say(plain_table(header, table))
            details, phases = breakdown(foldmark)
            if details:
                say("")
                say(details)
            failed = failed or any(t.failure for t in (floor, floor_parallel))
            markdown += ["", f"**{corpus.label}**: {corpus.pages:,} pages, {corpus.bytes / 1e6:.2f} MB", "",
                         markdown_table(header, table)]
            if phases:
                markdown += ["", phases]
            figures = summary.setdefault(corpus.name, {})
            figures["markdown"] = corpus.bytes
            for tool in tools:
                if tool.runs and not tool.failure:
                    figures[tool.name] = statistics.median(r.wall for r in tool.runs)
            if foldmark.runs and not foldmark.failure:
                figures["rss"] = max(r.rss_kib for r in foldmark.runs) / 1024
                figures["bytes"] = foldmark.bytes
            if floor.bytes and not floor.failure:
                figures["floor bytes"] = floor.bytes
            if args.incremental and foldmark.runs and not foldmark.failure:
                results = measure_incremental(runner, foldmark_bin, corpus, args.incremental_runs)
                if results is None:
                    failed = True
                else:
                    table = incremental_rows(results, figures.get("foldmark"))
                    say("")
                    say(plain_table(INCREMENTAL_HEADER, table))
                    markdown += ["", f"foldmark's incremental builds of the same pages (median of {args.incremental_runs}; "
                                 "an edit appends a paragraph to one page's body; every other file "
                                 "is more than 2 s old, as in an edit loop):", "",
                                 markdown_table(INCREMENTAL_HEADER, table)]
                    for row in table:
                        figures[row[0]] = float(row[3]) if row[3] != "-" else None
                    where = incremental_breakdown(results)
                    for line in where:
                        say("  " + line)
                    if where:
                        markdown += [""] + [f"- {line}." for line in where]
    finally:
        say(f"removing {out_root}")
        shutil.rmtree(out_root, ignore_errors=True)
        CLEANUP_STAMP.write_text(f"{time.time()}\n")
    for lines, terminal, heading in (
            (target_lines(summary), "targets (issue: speed and scale):", "Targets, from the figures above:"),
            (comparison_lines(summary), "with less of a search index (not a target):",
             "With less of a search index (not a target):")):
        if lines:
            say("")
            say(terminal)
            for line in lines:
                say("  " + line)
            markdown += ["", heading, ""] + [f"- {line}" for line in lines]
    text = "\n".join(markdown) + "\n"
    (BENCH / "results.md").write_text(text)
    say("")
    say(f"--- Markdown (also in {BENCH / 'results.md'}) ---")
    say(text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
