// The review page: the video, the frame the burn draws at the playhead, and the cues.
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
const video = document.getElementById("video");
const frame = document.getElementById("frame");
const list = document.getElementById("list");
const status = document.getElementById("status");
let state = { cues: [], frameDuration: 1 / 30, savesTo: "", revision: 0 };
let editStarted = null;  // when the edit being timed was sent
let editRevision = null;  // the revision it made: only a frame of it ends the timing
// For the browser test: how long the last edit took to show as a new frame, milliseconds;
// and each jump "Play the cut" made, from and to (seconds of the input).
window.review = { lastEditMs: null, frames: 0, skips: [] };

function api(path, options) {
  const separator = path.includes("?") ? "&" : "?";
  return fetch(path + separator + "token=" + encodeURIComponent(token), options).then(async (response) => {
    if (!response.ok) throw new Error((await response.text()).trim());
    return response;
  });
}

function say(text, problem) {
  status.textContent = text;
  status.className = problem ? "problem" : "";
}

function clock(seconds) {
  const ms = Math.round(seconds * 1000);
  const pad = (n, w) => String(n).padStart(w, "0");
  return pad(Math.floor(ms / 60000), 2) + ":" + pad(Math.floor(ms / 1000) % 60, 2) + "." + pad(ms % 1000, 3);
}

// The frame as the burn draws it, whenever the video stops.
function showFrame() {
  const time = video.currentTime;
  const revision = state.revision;
  frame.onload = () => {
    frame.className = "shown";
    window.review.frames += 1;
    if (editStarted !== null && editRevision !== null && revision >= editRevision) {
      window.review.lastEditMs = performance.now() - editStarted;
      editStarted = null;
      // The reading rules of the edited cues, once the frame is up.
      load().catch((error) => say(error.message, true));
    }
  };
  frame.onerror = () => say("the frame at " + clock(time) + " could not be drawn", true);
  frame.src = "/api/frame?t=" + time.toFixed(6) + "&r=" + state.revision + "&token=" + encodeURIComponent(token);
}

// One row per cue, made once; `render` then updates the rows in place, so that a box being
// typed in keeps its focus and its text. Handlers read the cue's current state by id.
function makeRow(id) {
  const row = document.createElement("tr");
  row.dataset.id = id;
  const cell = (className) => {
    const td = document.createElement("td");
    if (className) td.className = className;
    row.append(td);
    return td;
  };
  cell("number").textContent = String(id + 1);
  cell("time start").onclick = () => seek(state.cues[id]);
  cell("time end").onclick = () => seek(state.cues[id]);
  const text = document.createElement("textarea");
  text.onchange = () => {
    const cue = state.cues[id];
    if (text.value.trim() === "") {
      text.value = cue.text;
      say("a cue needs text", true);
      return;
    }
    if (text.value !== cue.text) edit(id, { text: text.value });
  };
  text.onfocus = () => seek(state.cues[id]);
  const shown = document.createElement("div");
  shown.className = "shown";
  // The words the recognizer was unsure of, each with its probability, to be checked.
  const unsure = document.createElement("div");
  unsure.className = "unsure";
  cell("text").append(text, unsure, shown);
  const nudges = cell("nudge");
  for (const [label, fields, title] of [
    ["start −", (cue, f) => ({ start: cue.start - f }), "start one frame earlier"],
    ["start +", (cue, f) => ({ start: cue.start + f }), "start one frame later"],
    ["end −", (cue, f) => ({ end: cue.end - f }), "end one frame earlier"],
    ["end +", (cue, f) => ({ end: cue.end + f }), "end one frame later"],
    ["start ⇤", () => ({ start: video.currentTime }), "start at the playhead"],
    ["end ⇥", () => ({ end: video.currentTime }), "end at the playhead"],
  ]) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.title = title;
    button.dataset.action = title;
    button.onclick = () => edit(id, fields(state.cues[id], state.frameDuration));
    nudges.append(button);
  }
  const split = document.createElement("button");
  split.type = "button";
  split.textContent = "split";
  split.title = "split the cue at the text cursor";
  split.dataset.action = split.title;
  split.onclick = async () => {
    const at = text.selectionStart;
    if (text.value !== state.cues[id].text) await edit(id, { text: text.value });
    await change("/api/split?id=" + id, { at }, "split cue " + (id + 1));
  };
  const merge = document.createElement("button");
  merge.type = "button";
  merge.textContent = "merge ↓";
  merge.title = "merge the cue with the next";
  merge.dataset.action = merge.title;
  merge.onclick = () => change("/api/merge?id=" + id, {}, "merged cue " + (id + 1) + " with the next");
  nudges.append(split, merge);
  cell("findings");
  return row;
}

// Every row made again, whatever it shows (after a reload: nothing of the old file stays).
function rebuild() {
  cueRows = [];
  render();
}

// The rows by cue id, and by the cut file's span index.
let cueRows = [];
let cutRows = [];

function render() {
  reload.hidden = !state.changedOnDisk;
  if (state.cutsFile) {
    const unsaved = state.cutsPlanned ? " (planned here, not saved yet)" : state.cutsEdited ? " (unsaved)" : "";
    document.getElementById("file").textContent = state.savesTo + " · cuts: " + state.cutsFile + unsaved;
  }
  playback.hidden = !state.cuts;
  watchCuts();
  if (cueRows.length !== state.cues.length) cueRows = state.cues.map((cue) => makeRow(cue.id));
  const cuts = state.cuts || [];
  if (cutRows.length !== cuts.length) cutRows = cuts.map((span) => makeCutRow(span.index));
  placeRows(cuts);
  for (const span of cuts) showCut(cutRows[span.index], span);
  for (const cue of state.cues) {
    const row = cueRows[cue.id];
    row.classList.toggle("edited", cue.edited);
    row.querySelector(".start").textContent = clock(cue.start);
    row.querySelector(".end").textContent = clock(cue.end);
    const text = row.querySelector("textarea");
    if (document.activeElement !== text) text.value = cue.text;
    text.rows = Math.max(1, cue.text.split("\n").length);
    row.querySelector(".findings").textContent = cue.findings.join("\n");
    // A cue the burn shows as several captions: each, under its text.
    row.querySelector(".shown").textContent = cue.shown.length > 1 ? "on screen as: " + cue.shown.join(" · ") : "";
    row.classList.toggle("unsure", cue.unsure.length > 0);
    const marks = row.querySelector("div.unsure");
    marks.textContent = "";
    if (cue.unsure.length > 0) {
      marks.append("check: ");
      cue.unsure.forEach((word, index) => {
        if (index > 0) marks.append(" · ");
        const mark = document.createElement("mark");
        mark.textContent = word.text;
        mark.title = "heard with probability " + word.probability.toFixed(2);
        marks.append(mark, " " + word.probability.toFixed(2));
      });
    }
  }
}

// The rows in time order: each span of the cut file before the first cue that starts at or
// after it. Rows move only when that order changes (a moved row loses its focus).
function placeRows(cuts) {
  const rows = [];
  let next = 0;
  for (const cue of state.cues) {
    while (next < cuts.length && cuts[next].start <= cue.start) rows.push(cutRows[next++]);
    rows.push(cueRows[cue.id]);
  }
  while (next < cuts.length) rows.push(cutRows[next++]);
  const same = rows.length === list.children.length && rows.every((row, index) => list.children[index] === row);
  if (!same) list.replaceChildren(...rows);
}

// A span of the cut file: its times, what it is, and a control that keeps or cuts it.
function makeCutRow(index) {
  const row = document.createElement("tr");
  row.className = "span";
  row.dataset.index = index;
  const cell = (className) => {
    const td = document.createElement("td");
    td.className = className;
    row.append(td);
    return td;
  };
  cell("number").textContent = "✂";
  const go = () => {
    video.pause();
    video.currentTime = state.cuts[index].start;
  };
  cell("time start").onclick = go;
  cell("time end").onclick = go;
  cell("what");
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "toggle";
  toggle.onclick = () => setCut(index, !state.cuts[index].cut);
  cell("nudge").append(toggle);
  cell("findings");
  return row;
}

function showCut(row, span) {
  row.classList.toggle("cut", span.cut);
  row.classList.toggle("flagged", span.flag != null);
  row.querySelector(".start").textContent = clock(span.start);
  row.querySelector(".end").textContent = clock(span.end);
  const what = span.label + (span.text && !span.label.includes(span.text) ? ": " + span.text : "");
  row.querySelector(".what").textContent = what;
  const toggle = row.querySelector("button.toggle");
  toggle.textContent = span.cut ? "keep" : "cut";
  toggle.title = span.cut ? "keep this span: it is not cut" : "cut this span";
  row.querySelector(".findings").textContent = span.flag
    ? "flagged (" + span.flag + ")" + (span.cut ? ", cut by hand" : ", not cut: keep or cut it")
    : (span.cut ? "" : "kept");
}

// Cuts span `index` of the cut file, or keeps it; Save writes the cut file.
async function setCut(index, cut) {
  try {
    state = await (await api("/api/cut?index=" + index, { method: "POST", body: JSON.stringify({ cut }) })).json();
    render();
    say((cut ? "cut " : "kept ") + state.cuts[index].label + " (Save writes " + state.cutsFile + ")");
  } catch (error) {
    say(error.message, true);
  }
}

// "Play the cut": the preview stays on the input's timeline, but while the box is ticked,
// playback jumps from the start of each span marked cut now (unsaved choices included) to its
// end, as the render joins it. The clock beside it tells the cut's running time.
const playback = document.getElementById("playback");
const playCut = document.getElementById("play-cut");
const cutClock = document.getElementById("cut-clock");
let skipped = null;  // the span the last jump skipped
let skipTimer = null;

// The spans marked cut, their edges on the frame boundaries the render moves them to.
function cutSpans() {
  const frame = state.frameDuration;
  const edge = (time) => (state.duration && state.duration - time < frame / 2 ? state.duration : Math.round(time / frame) * frame);
  return (state.cuts || []).filter((span) => span.cut).map((span) => ({ ...span, start: edge(span.start), end: edge(span.end) }));
}

// Seconds of the cut spans before `time` (a span holding it counts up to it).
function cutBefore(time) {
  return cutSpans().reduce((sum, span) => sum + Math.max(0, Math.min(time, span.end) - span.start), 0);
}

// Jumps past the cut span the playhead is in (and any cut span its end starts).
function skipCut() {
  if (!playCut.checked || video.paused || video.seeking) return;
  const from = video.currentTime;
  let to = from;
  let first = null;
  let span;
  // 1 ms short of a span's end is its end: a seek may land a hair before the time asked.
  while ((span = cutSpans().find((s) => to >= s.start && to < s.end - 0.001))) {
    first = first || span;
    to = span.end;
  }
  if (!first) return;
  skipped = first;
  window.review.skips.push({ from, to });
  video.currentTime = Number.isFinite(video.duration) ? Math.min(to, video.duration) : to;
}

// Skips now if the playhead is in a cut span, and wakes again when the next one starts.
function watchCuts() {
  clearTimeout(skipTimer);
  skipCut();
  showCutClock();
  if (!playCut.checked || video.paused) return;
  const now = video.currentTime;
  const next = cutSpans().find((span) => span.start > now);
  if (next) skipTimer = setTimeout(watchCuts, Math.max(0, ((next.start - now) / (video.playbackRate || 1)) * 1000));
}

function showCutClock() {
  if (!state.cuts) return;
  // The input's length as probed (the cut file's), else as the browser reads it.
  const length = state.duration || (Number.isFinite(video.duration) ? video.duration : 0);
  const time = Math.min(video.currentTime, length);
  const said = skipped ? " · skipped " + skipped.label + " " + clock(skipped.start) + "–" + clock(skipped.end) : "";
  cutClock.textContent = "cut time " + clock(time - cutBefore(time)) + " of " + clock(length - cutBefore(length)) + said;
}

playCut.onchange = () => {
  skipped = null;
  watchCuts();
};
for (const event of ["play", "playing", "seeked", "timeupdate", "ratechange", "loadedmetadata"]) {
  video.addEventListener(event, watchCuts);
}

function seek(cue) {
  video.pause();
  // The middle of the cue: its caption is on screen there, whatever the timing fix moved.
  video.currentTime = (cue.start + cue.end) / 2;
  for (const row of cueRows) row.classList.toggle("current", Number(row.dataset.id) === cue.id);
}

const presetMenu = document.getElementById("preset");
const lookMenu = document.getElementById("look");
const output = document.getElementById("output");
const progress = document.getElementById("progress");
const cancel = document.getElementById("cancel");

function fill(menu, names, chosen, firstLabel) {
  if (menu.options.length !== names.length + (firstLabel ? 1 : 0)) {
    menu.textContent = "";
    if (firstLabel) menu.append(new Option(firstLabel, ""));
    for (const name of names) menu.append(new Option(name, name));
  }
  menu.value = chosen || "";
}

// The render under way: its progress, then the file it wrote or why it failed.
function showRender() {
  const job = state.render;
  progress.hidden = !job.running;
  cancel.hidden = !job.running;
  progress.value = job.done;
  if (job.running) {
    say("rendering " + job.output + " " + Math.round(job.done * 100) + " %");
    setTimeout(() => load().catch((error) => say(error.message, true)), 500);
  } else if (job.finished && rendered !== job.finished) {
    rendered = job.finished;
    say("wrote " + job.finished);
  } else if (job.error && rendered !== job.error) {
    rendered = job.error;
    say(job.error, true);
  }
}
let rendered = null;

async function load() {
  state = await (await api("/api/state")).json();
  document.getElementById("file").textContent = state.savesTo;
  fill(presetMenu, state.presets, state.preset);
  fill(lookMenu, state.looks, state.look, "the preset's");
  if (!output.value) output.value = state.suggestedOutput;
  if (state.cutsFile) document.getElementById("render").title = "render cut by " + state.cutsFile + " as saved";
  render();
  showRender();
}

async function settings(fields) {
  try {
    state = await (await api("/api/settings", { method: "POST", body: JSON.stringify(fields) })).json();
    render();
    showFrame();
    await load();
  } catch (error) {
    say(error.message, true);
  }
}
presetMenu.onchange = () => settings({ preset: presetMenu.value });
lookMenu.onchange = () => settings({ look: lookMenu.value });  // "": the preset's

document.getElementById("render").onclick = async () => {
  try {
    rendered = null;
    state = await (await api("/api/render", { method: "POST", body: JSON.stringify({ output: output.value }) })).json();
    showRender();
  } catch (error) {
    say(error.message, true);
  }
};
cancel.onclick = () => api("/api/render/cancel", { method: "POST" }).catch((error) => say(error.message, true));

// A split or a merge: the list changes, the frame is drawn again.
async function change(path, fields, done) {
  try {
    editStarted = performance.now();
    state = await (await api(path, { method: "POST", body: JSON.stringify(fields) })).json();
    editRevision = state.revision;
    render();
    say(done);
    showFrame();
  } catch (error) {
    editStarted = null;
    say(error.message, true);
  }
}

async function edit(id, fields) {
  try {
    editStarted = performance.now();
    const response = await api("/api/cue?id=" + id, { method: "POST", body: JSON.stringify(fields) });
    state = await response.json();
    editRevision = state.revision;
    render();
    say("edited cue " + (id + 1));
    showFrame();
  } catch (error) {
    editStarted = null;
    say(error.message, true);
  }
}

const reload = document.getElementById("reload");

document.getElementById("save").onclick = async () => {
  try {
    const saved = await (await api("/api/save", { method: "POST" })).json();
    say("saved " + saved.savedTo + (saved.cutsSavedTo ? " and " + saved.cutsSavedTo : ""));
    await load();
  } catch (error) {
    say(error.message, true);
    // A file changed on disk: the Reload button comes with the message.
    await load().catch(() => {});
    if (state.changedOnDisk) say(error.message, true);
  }
};

// The file read again as it is on disk: its cues replace the edits, the frame is drawn again.
reload.onclick = async () => {
  try {
    state = await (await api("/api/reload", { method: "POST" })).json();
    rebuild();
    showFrame();
    say("reloaded " + state.savesTo + " from disk");
    await load();
  } catch (error) {
    say(error.message, true);
  }
};

video.src = "/video?token=" + encodeURIComponent(token);
video.addEventListener("play", () => { frame.className = ""; });
video.addEventListener("seeked", () => { if (video.paused) showFrame(); });
video.addEventListener("pause", showFrame);
load().catch((error) => say(error.message, true));
