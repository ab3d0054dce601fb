"""How `foldmark build` ends: a helper process holds its memory as it exits (see
Sources/CExitHelper), and must neither outlive it nor change what its caller sees.

Each test runs the binary named by $FOLDMARK_BIN (scripts/test.sh sets it to the release
build) from a small Python program that makes itself the subreaper of its descendants
(PR_SET_CHILD_SUBREAPER), so that the helper, orphaned when foldmark ends, becomes that
program's child and its end can be read: killed by SIGKILL once foldmark has ended."""

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
    # One helper, ended by the kernel when foldmark ended, not by itself.
    assert [other[1:] for other in ran["others"]] == [[signal.SIGKILL, None]], ran["others"]


def test_failed_build_keeps_its_status_and_message(tmp_path):
    make_site(tmp_path / "site")
    (tmp_path / "site" / "Content" / "broken.md").write_text("---\ntitle: [unclosed\n---\n\nText.\n")
    ran = run("build", str(tmp_path / "site"), "--out", str(tmp_path / "out"))
    assert ran["status"] != 0
    assert "broken.md" in ran["stderr"]
    assert [other[1:] for other in ran["others"]] == [[signal.SIGKILL, None]], ran["others"]


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
