#!/usr/bin/env python3
"""Kills `foldmark build` with SIGKILL at random moments and while it publishes, and checks
that no kill leaves a wrong site.

    scripts/kill-trials.py [--random N] [--publishing N] [--pages N] [--seed S] [--keep]

A generated site (old sources) is built once into _site with its cache; the sources are
then changed (the site title, so every page changes; pages edited, removed and added,
a folder removed). Each trial starts from a copy of that state, starts a build of the new
sources and kills it with SIGKILL: at a uniformly random moment of the build (--random
trials), or at a random moment after its publishing journal appeared (--publishing
trials). Right after the kill, the output folder must be the old site, the new site, or
the old site part-way through a publishing whose whole journal waits in the staging folder
(which the next command completes before anything else); anything else fails. Then the next
build must exit 0 and leave exactly the new site (every file, and the manifest beside the
output folder, as a clean build makes them), and leave no staging folder.

The binary is $FOLDMARK_BIN, or the release build of this checkout. Exit status 0 when
every trial held; the summary line counts the states found after the kills.
"""

import argparse
import filecmp
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JOURNAL = ".foldmark-journal"
MANIFEST = Path(".foldmark-cache") / "_site" / "manifest"


def binary():
    if os.environ.get("FOLDMARK_BIN"):
        return os.environ["FOLDMARK_BIN"]
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True)
    path = subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--show-bin-path"],
                          cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "foldmark")


def page(number, title):
    sections = "".join(
        f"## Part {part}\n\nText {number}.{part} with [a link](p{(number + 1) % 7}.md) and `code`.\n\n"
        f"```\nline {number} {part}\n```\n\n" for part in range(4))
    return f"# {title}\n\nThe lead of page {number}.\n\n{sections}"


def write_old_site(site, pages):
    site.mkdir(parents=True, exist_ok=True)
    (site / "foldmark.yml").write_text("title: Old title\n")
    for number in range(pages):
        folder = site / "Content" / f"f{number % 10}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"p{number // 10}.md").write_text(page(number, f"Page {number}"))
    (site / "Content" / "index.md").write_text("# Home\n\nThe home page.\n")
    (site / "Content" / "doomed").mkdir()
    for number in range(5):
        (site / "Content" / "doomed" / f"d{number}.md").write_text(page(number, f"Doomed {number}"))


def change_to_new_site(site, pages):
    (site / "foldmark.yml").write_text("title: New title\n")
    for number in range(0, pages, 7):
        (site / "Content" / f"f{number % 10}" / f"p{number // 10}.md").write_text(page(number, f"Edited {number}"))
    for number in range(3, pages, 11):
        path = site / "Content" / f"f{number % 10}" / f"p{number // 10}.md"
        if path.exists():
            path.unlink()
    shutil.rmtree(site / "Content" / "doomed")
    (site / "Content" / "added").mkdir()
    for number in range(20):
        (site / "Content" / "added" / f"a{number}.md").write_text(page(number, f"Added {number}"))


def build(tool, site, check=True):
    result = subprocess.run([tool, "build", str(site), "--quiet"], capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"kill-trials: build of {site} failed ({result.returncode}): {result.stderr}")
    return result


def same_tree(a, b):
    """Whether folders a and b hold the same files with the same bytes."""
    comparison = filecmp.dircmp(a, b, ignore=[])
    if comparison.left_only or comparison.right_only or comparison.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, comparison.common_files, shallow=False)
    if mismatch or errors:
        return False
    return all(same_tree(os.path.join(a, d), os.path.join(b, d)) for d in comparison.common_dirs)


def same_site(site, reference):
    """Whether the output folder of site and its manifest are those of reference."""
    if not same_tree(site / "_site", reference / "_site"):
        return False
    manifests = [folder / MANIFEST for folder in (site, reference)]
    return all(m.is_file() for m in manifests) and filecmp.cmp(*manifests, shallow=False)


def staging_folders(site):
    return [p for p in site.iterdir() if p.name.startswith("._site.foldmark-staging-")]


def has_whole_journal(site):
    for folder in staging_folders(site):
        journal = folder / JOURNAL
        if journal.is_file() and journal.read_bytes().endswith(b"\nend\n"):
            return True
    return False


def run_trial(tool, template, work, old, new, publishing, rng, duration):
    site = work / "trial"
    if site.exists():
        shutil.rmtree(site)
    shutil.copytree(template, site, symlinks=True)
    process = subprocess.Popen([tool, "build", str(site), "--quiet"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if publishing:
        journal = site / f"._site.foldmark-staging-{process.pid}" / JOURNAL
        while process.poll() is None and not journal.exists():
            pass
        # Publishing the new site takes a small part of the build: kill within its first part.
        time.sleep(rng.uniform(0, duration / 10))
    else:
        time.sleep(rng.uniform(0, duration))
    try:
        os.kill(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()
    finished = process.returncode == 0
    if same_site(site, old):
        state = "old"
    elif same_site(site, new):
        state = "new"
    elif has_whole_journal(site):
        state = "journal"
    else:
        return "mixed", "the output is neither site and no journal completes it", finished
    after = build(tool, site, check=False)
    if after.returncode != 0:
        return state, f"the next build failed ({after.returncode}): {after.stderr.strip()}", finished
    if not same_site(site, new):
        return state, "after the next build the output differs from a clean build", finished
    if staging_folders(site):
        return state, "a staging folder is left after the next build", finished
    return state, None, finished


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random", type=int, default=20, help="trials killed at a random moment")
    parser.add_argument("--publishing", type=int, default=20, help="trials killed while publishing")
    parser.add_argument("--pages", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    arguments = parser.parse_args()
    tool = binary()
    rng = random.Random(arguments.seed)
    work = Path(tempfile.mkdtemp(prefix="foldmark-kill-trials-"))
    try:
        template = work / "template"
        write_old_site(template, arguments.pages)
        build(tool, template)
        old = work / "old"
        shutil.copytree(template / "_site", old / "_site")
        (old / MANIFEST).parent.mkdir(parents=True)
        shutil.copy(template / MANIFEST, old / MANIFEST)
        change_to_new_site(template, arguments.pages)
        clean = work / "clean"
        shutil.copytree(template, clean, ignore=shutil.ignore_patterns("_site", ".foldmark-cache"))
        build(tool, clean)
        new = clean
        # How long the interrupted build takes when left alone.
        timing = work / "timing"
        shutil.copytree(template, timing, symlinks=True)
        start = time.monotonic()
        build(tool, timing)
        duration = time.monotonic() - start
        shutil.rmtree(timing)
        print(f"kill-trials: {arguments.pages} pages, an uninterrupted build takes {duration:.2f} s")

        states = {}
        failures = []
        finished = 0
        kinds = [False] * arguments.random + [True] * arguments.publishing
        for number, publishing in enumerate(kinds):
            state, failure, done = run_trial(tool, template, work, old, new, publishing, rng, duration)
            finished += done
            kind = "publishing" if publishing else "random"
            states.setdefault(kind, {}).setdefault(state, 0)
            states[kind][state] += 1
            if failure:
                failures.append(f"trial {number} ({kind}, state {state}): {failure}")
                print("kill-trials: FAIL " + failures[-1], flush=True)
            if (number + 1) % 25 == 0:
                print(f"kill-trials: {number + 1} of {len(kinds)} trials done, {len(failures)} failed", flush=True)
        for kind, counts in states.items():
            found = ", ".join(f"{count} {state}" for state, count in sorted(counts.items()))
            print(f"kill-trials: {kind} kills: {found}")
        total = len(kinds)
        print(f"kill-trials: {total} trials, {total - len(failures)} held, {len(failures)} failed "
              f"({finished} builds ended before the kill)")
        return 1 if failures else 0
    finally:
        if arguments.keep:
            print(f"kill-trials: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
