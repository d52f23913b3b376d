#!/usr/bin/env python3
"""The review page in a real browser (`make test` runs it after the Swift tests).

Starts `burn-captions review` on a copy of the sample and drives the page in headless
Chromium (Debian's chromium and chromium-driver, Selenium): clicks the third cue of the
SubRip file and checks the video's time, edits its text and checks that the frame shown is
the frame `still` draws for the edited file, nudges its end by a frame, saves, and reads the
file back: exactly those changes, everything else byte-identical, the old version as FILE~.
A file changed on disk is not overwritten: Save is refused until Reload reads the new version,
and the next save is that version with the edit. A transcript's unsure words (native JSON word
confidence below 0.5) are marked on the page, and with --save-as Save writes SubRip beside it,
the transcript untouched. With --cuts-file the cut file's spans are listed among the cues (a
cut filler struck through, a flagged retake marked); keeping the filler and saving writes it
back with "cut": false. With Play the cut ticked (from the keyboard), playing from 2.7 s jumps
over the cut filler (3.1-3.4 s: no time sampled inside it, the video past its end after the
jump, the cut's running time shown); once the filler is kept (unsaved) it plays. It measures
the edit-to-frame time (median of 20 edits) and reports it without asserting it.

Then the lock-down, with plain HTTP: no token or a wrong one gets 403, and so does a foreign
Host; the page carries its CSP, X-Frame-Options and Referrer-Policy; the listening socket
is bound to 127.0.0.1 (from /proc/net/tcp); path traversal, plain and encoded, gets 404; and
on a 30-minute video, a Range request gets 206 with exactly the bytes asked for.

--screenshot FILE saves the page as the browser shows it (README's picture).
"""

import argparse
import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(os.environ.get("BURN_CAPTIONS_BIN", ROOT / ".build/release/burn-captions"))


def log(message):
    print("test-review: " + message, flush=True)


def fail(message):
    raise SystemExit("test-review: FAILED: " + message)


def check(condition, message):
    if not condition:
        fail(message)


class Review:
    """A `burn-captions review` process and its URL."""

    def __init__(self, video, captions, options=()):
        # Its own temporary folder, to check that it leaves nothing there.
        self.scratch = Path(tempfile.mkdtemp(prefix="review-tmp-"))
        self.process = subprocess.Popen([str(BIN), "review", str(video), "--captions", str(captions), *options],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        env=dict(os.environ, TMPDIR=str(self.scratch)))
        line = self.process.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))", line)
        if not match:
            fail("review printed no URL: %r %s" % (line, self.process.stderr.read() if self.process.poll() is not None else ""))
        self.url, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)

    def get(self, path, headers=None, token=True):
        """A GET of the raw `path` (sent as it is, traversal included): status, headers, body."""
        if token:
            path += ("&" if "?" in path else "?") + "token=" + self.token
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, dict(response.getheaders()), body

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            fail("review did not stop on SIGINT")
        check(code == 130, "review exited %s on SIGINT, not 130: %s" % (code, self.process.stderr.read()))
        left = list(self.scratch.iterdir())
        check(not left, "review left %s in its temporary folder" % left)
        self.scratch.rmdir()


def listening_addresses(port):
    """The local addresses of the sockets listening on `port` (IPv4 and IPv6), from /proc."""
    found = []
    for table in ["/proc/net/tcp", "/proc/net/tcp6"]:
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, state = fields[1], fields[3]
            host, _, hex_port = address.rpartition(":")
            if int(hex_port, 16) == port and state == "0A":  # LISTEN
                found.append(host)
    return found


def srt_cues(data):
    """The cues of SubRip bytes: (number, start, end, text) each."""
    cues = []
    for block in re.split(r"\n\s*\n", data.decode().replace("\r\n", "\n").strip()):
        lines = block.split("\n")
        start, end = [sum(float(x) * f for x, f in zip(t.replace(",", ".").split(":"), (3600, 60, 1)))
                      for t in lines[1].split(" --> ")]
        cues.append((int(lines[0]), round(start, 3), round(end, 3), "\n".join(lines[2:])))
    return cues


def srt_time(seconds):
    ms = int(round(seconds * 1000))
    return "%02d:%02d:%02d,%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000", "--autoplay-policy=no-user-gesture-required"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def wait_for(driver, script, timeout=60, message="the page"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    fail("timed out waiting for %s (%s)" % (message, script))


def page_flow(folder, screenshot):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    def retype(row, text):
        """Replaces the text of cue `row` as a user does (select all, type) and leaves the box."""
        box = driver.find_elements(By.CSS_SELECTOR, "#list tr")[row].find_element(By.TAG_NAME, "textarea")
        box.click()
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(text)
        driver.execute_script("arguments[0].blur()", box)

    video = folder / "talk.mp4"
    srt = folder / "talk.srt"
    shutil.copy(ROOT / "Samples/talk.mp4", video)
    shutil.copy(ROOT / "Samples/talk.srt", srt)
    original = srt.read_bytes()
    # The page's Render takes the encoder options review was started with.
    review = Review(video, srt, ["--x264-preset", "ultrafast"])
    driver = browser()
    try:
        driver.get(review.url)
        wait_for(driver, "return document.querySelectorAll('#list tr').length >= 3", message="the cue list")
        state = driver.execute_script("return state")
        third = state["cues"][2]
        frame_duration = state["frameDuration"]

        # 2. The third cue: the video goes to it.
        driver.find_elements(By.CSS_SELECTOR, "#list tr")[2].find_element(By.CSS_SELECTOR, "td.start").click()
        wait_for(driver, "return window.review.frames >= 1", message="the first frame")
        time_now = driver.execute_script("return video.currentTime")
        middle = (third["start"] + third["end"]) / 2
        check(abs(time_now - middle) < 0.05, "the video is at %.3f s, the third cue's middle is %.3f s" % (time_now, middle))
        before = driver.execute_script("return frame.src")
        _, _, before_png = review.get(before.split(str(review.port), 1)[1], token=False)

        # 3-4. Its text edited: the frame shown is the one `still` draws for the edited file.
        new_text = "Burned in for good."
        frames = driver.execute_script("return window.review.frames")
        retype(2, new_text)
        wait_for(driver, "return window.review.frames > %d && window.review.lastEditMs !== null" % frames, message="the edited frame")
        shown = driver.execute_script("return frame.src")
        check(driver.execute_script("return frame.complete && frame.naturalWidth > 0"), "the edited frame is not shown")
        _, _, shown_png = review.get(shown.split(str(review.port), 1)[1], token=False)
        check(shown_png != before_png, "the frame did not change after the edit")
        edited_copy = folder / "expected.srt"
        edited_copy.write_bytes(original.replace(b"Burned right in.", new_text.encode()))
        still = folder / "still.png"
        subprocess.run([str(BIN), "still", str(video), "--captions", str(edited_copy), "--at", "%.6f" % time_now,
                        "-o", str(still)], check=True, capture_output=True)
        check(shown_png == still.read_bytes(), "the frame shown differs from `still` of the edited file at %.3f s" % time_now)

        # 5. Its end a frame later.
        frames = driver.execute_script("return window.review.frames")
        driver.find_elements(By.CSS_SELECTOR, "#list tr")[2].find_element(
            By.CSS_SELECTOR, "button[data-action='end one frame later']").click()
        wait_for(driver, "return window.review.frames > %d" % frames, message="the nudged frame")

        # 6-7. Saved: exactly those changes.
        driver.find_element(By.ID, "save").click()
        wait_for(driver, "return document.getElementById('status').textContent.startsWith('saved')", message="the save")
        expected = original.replace(b"Burned right in.", new_text.encode()).replace(
            ("--> " + srt_time(third["end"])).encode(), ("--> " + srt_time(third["end"] + frame_duration)).encode())
        check(expected != original, "the expected file equals the original")
        check(srt.read_bytes() == expected, "the saved file is not the original with the two changes:\n%s"
              % srt.read_text())
        check(Path(str(srt) + "~").read_bytes() == original, "FILE~ is not the previous version")
        log("third cue clicked (video at %.3f s), text edited (frame = still), end nudged by %.4f s, saved: only "
            "those bytes changed" % (time_now, frame_duration))

        # Split the fourth cue at its cursor, merge the sixth with the seventh, save.
        before = srt.read_bytes()
        rows = driver.find_elements(By.CSS_SELECTOR, "#list tr")
        fourth = rows[3].find_element(By.TAG_NAME, "textarea")
        driver.execute_script("arguments[0].focus(); arguments[0].setSelectionRange(7, 7)", fourth)
        rows[3].find_element(By.CSS_SELECTOR, "button[data-action='split the cue at the text cursor']").click()
        wait_for(driver, "return document.querySelectorAll('#list tr').length === 8", message="the split")
        driver.find_elements(By.CSS_SELECTOR, "#list tr")[6].find_element(
            By.CSS_SELECTOR, "button[data-action='merge the cue with the next']").click()
        wait_for(driver, "return document.querySelectorAll('#list tr').length === 7", message="the merge")
        driver.find_element(By.ID, "save").click()
        wait_for(driver, "return document.getElementById('status').textContent.startsWith('saved')", message="the second save")
        old, new = srt_cues(before), srt_cues(srt.read_bytes())
        (_, s4, e4, t4), (_, s6, _, t6), (_, _, e7, t7) = old[3], old[5], old[6]
        cut = round(s4 + (e4 - s4) * len("Save 5%") / len("Save 5%on $20 plans"), 3)
        wanted = [c[1:] for c in old[:3]] + [(s4, cut, "Save 5%"), (cut, e4, "on $20 plans"), old[4][1:],
                                             (s6, e7, t6 + " " + t7)]
        check([c[1:] for c in new] == wanted, "after a split and a merge the file holds %s, not %s" % (new, wanted))
        check([c[0] for c in new] == list(range(1, 8)), "the cues are not numbered 1 to 7: %s" % [c[0] for c in new])
        head = before[:before.index(b"\n4\n")]
        check(srt.read_bytes().startswith(head), "the cues before the split changed")
        check(Path(str(srt) + "~").read_bytes() == before, "FILE~ is not the version before the second save")
        log("cue 4 split at its cursor (%.3f s), cues 6 and 7 merged, saved: numbered 1 to 7, the cues before untouched"
            % cut)

        # A file changed on disk is not overwritten: Save is refused until Reload reads it again.
        first_text = srt_cues(srt.read_bytes())[0][3].encode()
        srt.write_bytes(srt.read_bytes().replace(first_text, b"Changed on disk"))
        changed = srt.read_bytes()
        retype(0, "Captions that pop again")
        time.sleep(0.5)
        for attempt in range(2):
            driver.execute_script("document.getElementById('status').textContent = ''")
            driver.find_element(By.ID, "save").click()
            wait_for(driver, "return document.getElementById('status').textContent.includes('changed on disk')",
                     message="the changed-on-disk message")
            check(srt.read_bytes() == changed, "a file changed on disk was overwritten")
        wait_for(driver, "return !document.getElementById('reload').hidden", message="the Reload button")
        driver.find_element(By.ID, "reload").click()
        wait_for(driver, "return document.getElementById('status').textContent.startsWith('reloaded') && "
                 "document.querySelector('#list tr textarea').value === 'Changed on disk'", message="the reload")
        check(driver.execute_script("return document.getElementById('reload').hidden"), "Reload still offered after it")
        retype(0, "Captions that pop again")
        wait_for(driver, "return document.getElementById('status').textContent.startsWith('edited')", message="the edit")
        driver.find_element(By.ID, "save").click()
        wait_for(driver, "return document.getElementById('status').textContent.startsWith('saved')", message="the save after reload")
        check(srt.read_bytes() == changed.replace(b"Changed on disk", b"Captions that pop again"),
              "after the reload the save is not the file on disk with the one edit:\n%s" % srt.read_text())
        log("a file changed on disk since it was opened: Save refused twice with the message, nothing written; "
            "Reload shows the new version; the next save is it with the edit")

        # Edit speed: 20 edits of the third cue, edit to new frame.
        times = []
        for index in range(20):
            driver.execute_script("window.review.lastEditMs = null")
            retype(2, "Burned in %d." % index)
            wait_for(driver, "return window.review.lastEditMs !== null", message="edit %d" % index)
            times.append(driver.execute_script("return window.review.lastEditMs"))
        log("edit to new frame: median %.0f ms over 20 edits (min %.0f, max %.0f)" % (
            statistics.median(times), min(times), max(times)))
        # Another preset, then a look: the frame is drawn again, and differs.
        from selenium.webdriver.support.ui import Select
        driver.find_elements(By.CSS_SELECTOR, "#list tr")[2].find_element(By.CSS_SELECTOR, "td.start").click()
        wait_for(driver, "return frame.complete && frame.src.includes('t=')", message="the frame")
        pictures = []
        for menu, name in [("preset", "reels"), ("look", "highlight")]:
            revision = driver.execute_script("return state.revision")
            Select(driver.find_element(By.ID, menu)).select_by_value(name)
            wait_for(driver, "return state.revision > %d && frame.complete && frame.src.includes('r=' + state.revision)"
                     % revision, message="the frame with %s %s" % (menu, name))
            pictures.append(review.get(driver.execute_script("return frame.src").split(str(review.port), 1)[1],
                                       token=False)[2])
        check(pictures[0] != shown_png and pictures[1] != pictures[0], "the frame did not change with the preset or the look")
        check(driver.execute_script("return state.preset") == "reels" and driver.execute_script("return state.look") == "highlight",
              "the page does not show the preset and look chosen")
        Select(driver.find_element(By.ID, "preset")).select_by_value("tiktok")
        wait_for(driver, "return state.preset === 'tiktok'", message="back to tiktok")

        # Render: the burn with the edits, its progress, then the file.
        rendered = folder / "rendered.mp4"
        box = driver.find_element(By.ID, "output")
        box.click()
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(str(rendered))
        driver.find_element(By.ID, "render").click()
        wait_for(driver, "return state.render.running || state.render.finished || state.render.error", message="the render")
        wait_for(driver, "return !state.render.running", timeout=300, message="the render's end")
        check(driver.execute_script("return state.render.finished") == str(rendered),
              "the render did not finish: %s" % driver.execute_script("return state.render.error"))
        count = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v", "-count_packets", "-show_entries",
                                "stream=nb_read_packets", "-of", "csv=p=0", str(rendered)], capture_output=True, text=True)
        check(count.stdout.strip() == "460", "the rendered file has %r frames, not 460" % count.stdout.strip())
        # x264 writes its settings into the stream: ultrafast's (review's --x264-preset) turn CABAC off.
        settings = re.search(rb"x264 - core [^\x00]*", rendered.read_bytes())
        check(settings is not None and b" cabac=0 " in settings.group(0),
              "the page's Render did not use review's --x264-preset ultrafast: %r" % (settings and settings.group(0)[:200]))
        log("preset and look switched (frames drawn again); Render wrote %s (460 frames)" % rendered.name)

        if screenshot:
            driver.find_elements(By.CSS_SELECTOR, "#list tr")[2].find_element(By.CSS_SELECTOR, "td.start").click()
            time.sleep(2)
            driver.save_screenshot(str(screenshot))
            log("screenshot: %s" % screenshot)
    finally:
        driver.quit()
        review.stop()


@contextlib.contextmanager
def opened(video, captions, options, ready, message):
    """A review of `captions` on `video` open in the browser, once `ready` (a script) is true."""
    review = Review(video, captions, options)
    driver = browser()
    try:
        driver.get(review.url)
        wait_for(driver, ready, message=message)
        yield driver
    finally:
        driver.quit()
        review.stop()


def unsure_words(folder):
    """A transcript's words heard with a low probability are marked; --save-as writes SubRip."""
    from selenium.webdriver.common.by import By
    video = folder / "unsure.mp4"
    shutil.copy(ROOT / "Samples/talk.mp4", video)
    transcript = folder / "unsure.json"
    transcript.write_text(json.dumps({"language": "en", "segments": [
        {"start": 0.4, "end": 2.2, "text": "Captions that pop.", "words": [
            {"text": "Captions", "start": 0.4, "end": 1.0, "confidence": 0.97},
            {"text": "that", "start": 1.0, "end": 1.4, "confidence": 0.22},
            {"text": "pop.", "start": 1.4, "end": 2.2, "confidence": 0.64}]},
        {"start": 3.0, "end": 4.5, "text": "Burned right in.", "words": [
            {"text": "Burned", "start": 3.0, "end": 3.6, "confidence": 0.41},
            {"text": "right", "start": 3.6, "end": 4.0, "confidence": 0.88},
            {"text": "in.", "start": 4.0, "end": 4.5, "confidence": 0.49}]}]}))
    original = transcript.read_bytes()
    saved = folder / "unsure.srt"
    with opened(video, transcript, ["--save-as", str(saved)], "return document.querySelectorAll('#list tr').length == 2",
                "the cue list") as driver:
        marks = driver.execute_script(
            "return [...document.querySelectorAll('#list tr')].map(row => "
            "[...row.querySelectorAll('div.unsure mark')].map(mark => mark.textContent + ' ' + mark.title))")
        check(marks == [["that heard with probability 0.22"],
                        ["Burned heard with probability 0.41", "in. heard with probability 0.49"]],
              "the unsure words marked: %s" % marks)
        rows = driver.execute_script("return [...document.querySelectorAll('#list tr')].map(row => row.classList.contains('unsure'))")
        check(rows == [True, True], "the rows with unsure words: %s" % rows)
        driver.find_element(By.ID, "save").click()
        wait_for(driver, "return document.getElementById('status').textContent.startsWith('saved')", message="the save")
        check(saved.read_text() == "1\n00:00:00,400 --> 00:00:02,200\nCaptions that pop.\n\n"
              "2\n00:00:03,000 --> 00:00:04,500\nBurned right in.\n", "--save-as wrote %r" % saved.read_text())
        check(transcript.read_bytes() == original, "the transcript was written")
        log("3 unsure words marked with their probabilities; --save-as wrote %s, the transcript untouched" % saved.name)


def cut_list(folder):
    """--cuts-file: the spans among the cues, a cut one struck through; kept and saved."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    video = folder / "cut.mp4"
    shutil.copy(ROOT / "Samples/talk.mp4", video)
    captions = folder / "cut.srt"
    shutil.copy(ROOT / "Samples/talk.srt", captions)
    cuts = folder / "cut.json"
    cuts.write_text(json.dumps({"format": "burn-captions cuts", "version": 1, "input": "cut.mp4", "cuts": [
        {"start": 0, "end": 0.3, "reason": "pause", "cut": True},
        {"start": 3.1, "end": 3.4, "reason": "filler", "text": "um", "cut": True},
        {"start": 6.0, "end": 6.5, "reason": "retake", "sentence": 2, "text": "Burned", "cut": False, "flag": "reworded"}]}))
    with opened(video, captions, ["--cuts-file", str(cuts)], "return document.querySelectorAll('#list tr.span').length == 3",
                "the cut list") as driver:
        order = driver.execute_script(
            "return [...document.querySelectorAll('#list tr')].map(row => row.classList.contains('span') ? "
            "'s' + row.dataset.index : 'c' + row.dataset.id).join(' ')")
        check(order.startswith("s0 c0 c1 s1 c2 s2 c3"), "the spans among the cues: %s" % order)
        filler = driver.find_element(By.CSS_SELECTOR, "#list tr.span[data-index='1']")
        struck = driver.execute_script(
            "return getComputedStyle(arguments[0].querySelector('td.what')).textDecorationLine", filler)
        check("line-through" in struck and 'filler "um"' in filler.text, "the cut filler: %r %r" % (struck, filler.text))
        retake = driver.find_element(By.CSS_SELECTOR, "#list tr.span[data-index='2']")
        check("flagged" in retake.get_attribute("class") and "cut" not in retake.get_attribute("class").split()
              and "reworded" in retake.text, "the flagged retake: %r" % retake.text)
        # Play the cut: off by default; ticked from the keyboard, playback from before the cut
        # filler (3.1-3.4 s) jumps past its end.
        check(driver.execute_script("return !document.getElementById('playback').hidden && "
                                    "!document.getElementById('play-cut').checked"), "Play the cut is not offered, off")
        driver.find_element(By.ID, "play-cut").send_keys(Keys.SPACE)
        check(driver.execute_script("return document.getElementById('play-cut').checked"), "the space bar did not tick Play the cut")
        times, skips = play_through(driver, 2.7, 3.7)
        inside = [t for t in times if 3.2 < t < 3.399]
        check(not inside and any(t < 3.1 for t in times) and any(t >= 3.4 for t in times),
              "playing the cut from 2.7 s, the video showed %d times inside the cut filler (3.1-3.4 s): %s"
              % (len(inside), inside[:5]))
        check(len(skips) == 1 and 3.1 <= skips[0]["from"] < 3.2 and abs(skips[0]["to"] - 3.4) < 0.001, "the jumps: %s" % skips)
        landed = min(t for t in times if t > skips[0]["from"] + 0.01)
        check(landed >= 3.399, "after the jump the video is at %.3f s, not past the filler's end" % landed)
        clock = driver.find_element(By.ID, "cut-clock").text
        check("of 00:14.734" in clock and 'skipped filler "um" 00:03.100' in clock, "the cut clock: %r" % clock)
        log("Play the cut: from 2.7 s the video jumped %.3f -> %.3f s over the cut filler, none of %d times sampled "
            "inside it; %s" % (skips[0]["from"], skips[0]["to"], len(times), clock))
        filler.find_element(By.CSS_SELECTOR, "button.toggle").click()
        wait_for(driver, "return !document.querySelector(\"#list tr.span[data-index='1']\").classList.contains('cut')",
                 message="the filler kept")
        # Kept, unsaved: the filler is played.
        times, skips = play_through(driver, 2.7, 3.7)
        inside = [t for t in times if 3.2 < t < 3.399]
        check(not skips and len(inside) > 10, "the kept filler was skipped: jumps %s, %d times inside it" % (skips, len(inside)))
        check("of 00:15.034" in driver.find_element(By.ID, "cut-clock").text, "the cut clock after keeping the filler")
        log("kept (unsaved), the filler plays: %d times sampled inside it, no jump" % len(inside))
        driver.find_element(By.ID, "save").click()
        wait_for(driver, "return document.getElementById('status').textContent.startsWith('saved')", message="the save")
        saved = json.loads(cuts.read_text())
        check([cut["cut"] for cut in saved["cuts"]] == [True, False, False], "the cut file saved: %s" % saved["cuts"])
        check(saved["cuts"][2].get("flag") == "reworded" and saved["cuts"][1].get("text") == "um", "fields kept: %s" % saved)
        check(Path(str(cuts) + "~").exists(), "no cut.json~")
        log("3 spans among the cues, the cut filler struck through, kept and saved: %s" % saved["summary"])


def play_through(driver, start, until):
    """Plays the video from `start` until its time reaches `until` (seconds), sampling
    `video.currentTime` every 5 ms: the times sampled, and the jumps Play the cut made."""
    driver.execute_script("video.pause(); video.currentTime = arguments[0]; window.review.skips = []", start)
    wait_for(driver, "return !video.seeking && Math.abs(video.currentTime - %f) < 0.01" % start, message="the seek")
    driver.execute_script("window.sampled = []; window.sampler = setInterval(() => window.sampled.push(video.currentTime), 5);"
                          "video.play()")
    wait_for(driver, "return video.currentTime >= %f || video.ended" % until, timeout=20, message="playback to %.1f s" % until)
    driver.execute_script("video.pause(); clearInterval(window.sampler)")
    return driver.execute_script("return window.sampled"), driver.execute_script("return window.review.skips")


def lock_down(folder):
    video = folder / "long.mp4"
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=2", "-t", "1800",
                    "-c:v", "libx264", "-preset", "ultrafast", "-g", "20", str(video)], check=True)
    captions = folder / "long.srt"
    captions.write_text("1\n00:00:01,000 --> 00:00:03,000\nHello\n")
    review = Review(video, captions)
    try:
        status, _, _ = review.get("/api/state", token=False)
        check(status == 403, "no token: %d" % status)
        status, headers, _ = review.get("/")
        check(status == 200 and "frame-ancestors 'none'" in headers.get("Content-Security-Policy", "")
              and headers.get("X-Frame-Options") == "DENY" and headers.get("Referrer-Policy") == "no-referrer",
              "the page's security headers: %s" % headers)
        status, _, _ = review.get("/api/state", headers={"Host": "rebound.example:%d" % review.port})
        check(status == 403, "a foreign Host: %d" % status)
        status, _, _ = review.get("/api/state?token=" + "0" * len(review.token), token=False)
        check(status == 403, "a wrong token: %d" % status)
        status, _, _ = review.get("/video", token=False)
        check(status == 403, "the video without the token: %d" % status)
        addresses = listening_addresses(review.port)
        check(addresses == ["0100007F"], "the socket on port %d listens on %s, not 127.0.0.1 alone" % (review.port, addresses))
        for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/video/../../etc/passwd",
                     "/%2E%2E%5C%2E%2E%5Cetc%5Cpasswd", "//etc/passwd", "/review.js/../../../etc/passwd"]:
            status, _, body = review.get(path)
            check(status == 404 and b"root:" not in body, "%s: %d" % (path, status))
        size = video.stat().st_size
        first, last = size // 2, size // 2 + 4095
        status, headers, body = review.get("/video", headers={"Range": "bytes=%d-%d" % (first, last)})
        check(status == 206, "a Range request: %d" % status)
        check(headers.get("Content-Range") == "bytes %d-%d/%d" % (first, last, size), "Content-Range %s" % headers)
        with open(video, "rb") as whole:
            whole.seek(first)
            check(body == whole.read(4096), "the bytes of the range differ from the file's")
        status, headers, _ = review.get("/video", headers={"Range": "bytes=%d-" % (size + 10)})
        check(status == 416 and headers.get("Content-Range") == "bytes */%d" % size, "past the end: %d %s" % (status, headers))
        log("403 without the token, bound to 127.0.0.1 only, traversal 404, Range 206 on a 30-minute video "
            "(%d MB, 4096 bytes sent from the middle)" % (size // 1000000))
    finally:
        review.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--screenshot", help="save the page as shown to this PNG")
    options = parser.parse_args()
    check(BIN.exists(), "%s is missing: run make build" % BIN)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="test-review-") as folder:
        lock_down(Path(folder))
        unsure_words(Path(folder))
        cut_list(Path(folder))
        page_flow(Path(folder), Path(options.screenshot).resolve() if options.screenshot else None)
    log("passed in %.0f s" % (time.monotonic() - started))


if __name__ == "__main__":
    main()
