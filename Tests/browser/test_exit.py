"""How `foldmark build` ends: a helper process holds its memory as it exits (see
Sources/CExitHelper), and must neither outlive it nor change what its caller sees.

Each test runs the binary named by $FOLDMARK_BIN (scripts/test.sh sets it to the release
build) from a small Python program that makes itself the subreaper of its descendants
(PR_SET_CHILD_SUBREAPER), so that the helper, orphaned when foldmark ends, becomes that
program's child and its end can be read: it ends by itself, once foldmark has ended (it
waits on a pidfd of foldmark's process), so that it, not foldmark, frees the memory. On a
kernel without pidfds it is killed by SIGKILL when foldmark's calling thread ends."""

import json
import os
import signal
import subprocess
import sys

import pytest

FOLDMARK_BIN = os.environ.get("FOLDMARK_BIN")
pytestmark = pytest.mark.skipif(
    not FOLDMARK_BIN,
    reason="FOLDMARK_BIN is not set: point it at a foldmark binary (scripts/test.sh does)")

# Runs foldmark with its output in pipes, reads them to their end, then collects every
# other descendant that ends: [pid, signal or 0, exit status or None] each.
RUNNER = r"""
import ctypes, json, os, subprocess, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
    sys.exit("prctl(PR_SET_CHILD_SUBREAPER) failed: errno %d" % ctypes.get_errno())
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
stdout, stderr = child.communicate()
others = []
while True:
    try:
        pid, status = os.waitpid(-1, 0)
    except ChildProcessError:
        break
    others.append([pid, os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0,
                   os.WEXITSTATUS(status) if os.WIFEXITED(status) else None])
print(json.dumps({"status": child.returncode, "stdout": stdout.decode(), "stderr": stderr.decode(),
                  "others": others}))
"""


def kernel_has_pidfds():
    try:
        os.close(os.pidfd_open(os.getpid()))
        return True
    except (AttributeError, OSError):
        return False


# How the helper ends: [signal, exit status].
HELPER_END = [0, 0] if kernel_has_pidfds() else [signal.SIGKILL, None]


def run(*arguments, env=None):
    result = subprocess.run([sys.executable, "-c", RUNNER, FOLDMARK_BIN, *arguments],
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def make_site(root, body="Some text.\n"):
    (root / "Content").mkdir(parents=True, exist_ok=True)
    (root / "foldmark.yml").write_text("title: Exit test\n")
    (root / "Content" / "index.md").write_text("# Home\n\n" + body)


def test_build_hands_its_memory_to_a_helper_that_ends_with_it(tmp_path):
    make_site(tmp_path / "site")
    out = tmp_path / "out"
    ran = run("build", str(tmp_path / "site"), "--out", str(out))
    assert ran["status"] == 0, ran["stderr"]
    assert "Built 1 page" in ran["stdout"] + ran["stderr"]
    assert (out / "index.html").is_file()
    # One helper, which waited for foldmark to end and then ended by itself: killed when
    # foldmark's calling thread ended, it raced foldmark's other threads to let go of the
    # memory, and the last of them freed it before foldmark's caller could see it end.
    assert [other[1:] for other in ran["others"]] == [HELPER_END], ran["others"]


def test_failed_build_keeps_its_status_and_message(tmp_path):
    make_site(tmp_path / "site")
    (tmp_path / "site" / "Content" / "broken.md").write_text("---\ntitle: [unclosed\n---\n\nText.\n")
    ran = run("build", str(tmp_path / "site"), "--out", str(tmp_path / "out"))
    assert ran["status"] != 0
    assert "broken.md" in ran["stderr"]
    assert [other[1:] for other in ran["others"]] == [HELPER_END], ran["others"]


def test_other_commands_start_no_helper():
    ran = run("--version")
    assert ran["status"] == 0
    assert ran["stdout"].startswith("foldmark ")
    assert ran["others"] == []


def test_the_helper_can_be_turned_off(tmp_path):
    make_site(tmp_path / "site")
    ran = run("build", str(tmp_path / "site"), "--out", str(tmp_path / "out"),
              env=dict(os.environ, FOLDMARK_EXIT_HELPER="0"))
    assert ran["status"] == 0, ran["stderr"]
    assert (tmp_path / "out" / "index.html").is_file()
    assert ran["others"] == []
