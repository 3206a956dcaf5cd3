#!/usr/bin/env python3
"""Ctrl-C during a long double-dummy analysis ends the analysis, not the
program: check reports the game with its analysis as far as it got
(marked interrupted, in text and in JSON) and checks no game after it,
exit status 130 (also with two threads on each question); show writes
the page up to that game; convert writes nothing; a second Ctrl-C ends
the program at once; where SIGINT is
ignored it stays ignored.  The signal is sent once the progress line is
on standard error (a pseudo-terminal), so the analysis is under way.
With tmux, the same is done the way a person does it: C-c in a pane.

    analyse_interrupt.py DOKOREF LONG_GAME OTHER_GAME
"""
import json
import os
import pty
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

dokoref, long_game, other_game = sys.argv[1:4]
failures = []


def fail(what):
    failures.append(what)
    print("FAIL: " + what)


def start(args, ignore_int=False):
    """dokoref with args, stderr on a pseudo-terminal (read by a thread)"""
    master, slave = pty.openpty()
    disposition = signal.SIG_IGN if ignore_int else signal.SIG_DFL
    env = dict(os.environ, TERM="xterm")
    p = subprocess.Popen([dokoref] + args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=slave, env=env,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, disposition))
    os.close(slave)
    err = bytearray()

    def drain():
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            err.extend(chunk)

    t = threading.Thread(target=drain, daemon=True)
    t.start()
    return p, err, t, master


def wait_for_progress(p, err, what):
    deadline = time.monotonic() + 180
    while b"analysing game position" not in err:
        if p.poll() is not None or time.monotonic() > deadline:
            p.kill()
            fail(what + ": no progress line before the analysis ended")
            return False
        time.sleep(0.05)
    return True


def finish(p, err, t, master):
    out = p.stdout.read()
    rc = p.wait(timeout=180)
    t.join(timeout=10)
    os.close(master)
    return rc, out.decode("utf-8", "replace"), bytes(err).decode("utf-8", "replace")


def catches_sigint(pid):
    """does the process have a handler for SIGINT (/proc: SigCgt)?"""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("SigCgt:"):
                return int(line.split()[1], 16) >> (signal.SIGINT - 1) & 1 == 1
    return False


def interrupted(args, what, twice=False):
    p, err, t, master = start(args)
    if not wait_for_progress(p, err, what):
        finish(p, err, t, master)
        return None
    if not catches_sigint(p.pid):
        fail(what + ": SIGINT not caught during the analysis")
    p.send_signal(signal.SIGINT)
    if twice:
        # the first one taken (its handler is gone: SIGINT's default is
        # back, so a second one ends the program); two sent at once could
        # be pending together and count as one
        deadline = time.monotonic() + 30
        while p.poll() is None and time.monotonic() < deadline:
            try:
                if not catches_sigint(p.pid):
                    break
            except OSError:
                break
            time.sleep(0.0005)
        if p.poll() is None:
            p.send_signal(signal.SIGINT)
        else:
            print("note: the analysis stopped before a second Ctrl-C could be sent")
            return None
    return finish(p, err, t, master)


name = os.path.basename(long_game)
analyse = ["--analyse", "--analyse-limit", "0"]

# check, text: the game's report with the analysis as far as it got
r = interrupted(["check"] + analyse + [long_game, other_game], "check")
if r:
    rc, out, err = r
    if rc != 130:
        fail("check: exit status %d, not 130" % rc)
    if "the analysis was interrupted (Ctrl-C) while it solved the position before card" \
            not in out:
        fail("check: the analysis not marked interrupted:\n" + out[-800:])
    if "double-dummy analysis (card points" not in out:
        fail("check: no analysis in the report")
    if "1 game checked" not in out:
        fail("check: the count line is not of one game:\n" + out[-300:])
    if os.path.basename(other_game) in out:
        fail("check: a game after the interrupted one was checked")
    if "dokoref check: interrupted during the analysis of %s game 1" % long_game not in err:
        fail("check: no word of the interruption on standard error:\n" + err[-400:])

# with --analyse-keep the table of the interrupted analysis is kept
with tempfile.TemporaryDirectory() as d:
    r = interrupted(["check"] + analyse + ["--analyse-keep", d, long_game], "check keep")
    if r:
        rc, out, err = r
        tables = [f for f in os.listdir(d) if f.endswith(".table")]
        if rc != 130 or len(tables) != 1 or "is kept in" not in err:
            fail("check keep: exit %d, tables %r, said:\n%s" % (rc, os.listdir(d), err[-400:]))

# check, JSON: "stopped" beside "limited"; with two threads on each
# question too (both called off, the same report)
for what, threads in (("check json", []), ("check two threads", ["--analyse-threads", "2"])):
    r = interrupted(["check", "--format", "json"] + threads + analyse + [long_game], what)
    if not r:
        continue
    rc, out, err = r
    try:
        a = json.JSONDecoder().raw_decode(out.lstrip())[0]["analysis"]
        if not (a["stopped"] is True and a["limited"] is True and a["first_card"] > 1):
            fail("%s: stopped %r limited %r first_card %r" %
                 (what, a["stopped"], a["limited"], a["first_card"]))
    except (ValueError, KeyError, TypeError) as e:
        fail("%s: %s in %r" % (what, e, out[:300]))
    if rc != 130:
        fail("%s: exit status %d, not 130" % (what, rc))

# not interrupted: "stopped" is false
done = subprocess.run([dokoref, "check", "--format", "json", "--analyse=2", other_game],
                      capture_output=True, text=True)
try:
    a = json.JSONDecoder().raw_decode(done.stdout.lstrip())[0]["analysis"]
    if a["stopped"] is not False or a["limited"] is not False:
        fail("an analysis that ran to its end: stopped %r limited %r" %
             (a["stopped"], a["limited"]))
except (ValueError, KeyError, TypeError) as e:
    fail("check json (not interrupted): %s" % e)

# show: the page, the game analysed as far as it got
r = interrupted(["show", "--format", "html"] + analyse + [long_game], "show")
if r:
    rc, out, err = r
    if rc != 130:
        fail("show: exit status %d, not 130" % rc)
    if "</html>" not in out or "the analysis was interrupted" not in out:
        fail("show: no whole page with the interrupted analysis")
    if "the page holds the games up to it" not in err:
        fail("show: no word of the interruption on standard error:\n" + err[-400:])

# convert: nothing written, the file there before left as it was
with tempfile.TemporaryDirectory() as d:
    page = os.path.join(d, "page.html")
    with open(page, "w") as f:
        f.write("OLD\n")
    r = interrupted(["convert"] + analyse + [long_game, "-o", page], "convert")
    if r:
        rc, out, err = r
        if rc != 130:
            fail("convert: exit status %d, not 130" % rc)
        with open(page) as f:
            if f.read() != "OLD\n":
                fail("convert: the file was written")
        if "nothing written to" not in err:
            fail("convert: does not say that nothing was written:\n" + err[-400:])
    if sorted(os.listdir(d)) != ["page.html"]:
        fail("convert: left %s" % sorted(os.listdir(d)))

# a second Ctrl-C ends the program as SIGINT does
r = interrupted(["check"] + analyse + [long_game], "twice", twice=True)
if r:
    rc, out, err = r
    if rc != -signal.SIGINT:
        fail("a second Ctrl-C: exit %d, not ended by SIGINT" % rc)

# SIGINT ignored (nohup, a background job): the analysis goes on
p, err, t, master = start(["check"] + analyse + [long_game], ignore_int=True)
if wait_for_progress(p, err, "ignored"):
    p.send_signal(signal.SIGINT)
    time.sleep(1.5)
    if p.poll() is not None:
        fail("SIGINT ignored, yet the analysis ended (exit %d)" % p.returncode)
    p.kill()
finish(p, err, t, master)

# the way a person does it: C-c in a terminal (tmux)
if shutil.which("tmux"):
    sock = tempfile.mktemp(prefix="dk-int-")
    tmux = ["tmux", "-S", sock]
    with tempfile.TemporaryDirectory() as d:
        log = os.path.join(d, "out")
        # the shell outlives the C-c, as a person's interactive one does
        # (a trap with a command: the child gets SIGINT's default, not "ignored")
        cmd = "trap : INT; '%s' check --analyse --analyse-limit 0 '%s' > '%s'; " \
              "echo EXIT=$? >> '%s'" % (dokoref, long_game, log, log)
        subprocess.run(tmux + ["new-session", "-d", "-x", "120", "-y", "30", "sh", "-c",
                               cmd + "; sleep 60"], check=True)
        try:
            deadline = time.monotonic() + 180
            screen = ""
            while "analysing game position" not in screen and time.monotonic() < deadline:
                time.sleep(0.2)
                screen = subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True,
                                        text=True).stdout
            if "analysing game position" not in screen:
                fail("tmux: no progress line in the pane")
            subprocess.run(tmux + ["send-keys", "C-c"], check=True)
            deadline = time.monotonic() + 180
            text = ""
            while "EXIT=" not in text and time.monotonic() < deadline:
                time.sleep(0.2)
                with open(log) as f:
                    text = f.read()
            if "EXIT=130" not in text or "interrupted (Ctrl-C)" not in text:
                fail("tmux: C-c did not end the analysis with its report:\n" + text[-600:])
            screen = subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True,
                                    text=True).stdout
            if "interrupted during the analysis of" not in screen:
                fail("tmux: the pane does not say the analysis was interrupted:\n" + screen)
        finally:
            subprocess.run(tmux + ["kill-server"], capture_output=True)
            if os.path.exists(sock):
                os.unlink(sock)
else:
    print("tmux not found: the pane test skipped")

if failures:
    sys.exit(1)
print("Ctrl-C ends the analysis with its report; a second ends the program")
