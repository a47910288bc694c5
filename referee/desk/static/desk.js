// The referee's desk. Plain JavaScript, no libraries: every text from a transcript reaches the
// page through textContent (never as markup), so a player called <script> stays a name.
"use strict";

const $ = (id) => document.getElementById(id);
const SUIT_SIGN = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_WORD = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };
const CHECK_DELAY = 250;  // ms of quiet typing before the transcript is checked again

const desk = {
  files: [], current: null, rules: "",
  verdict: null, verdictText: "", view: null,
  hand: null,   // [game index, hand index]
  step: 0, atEnd: true, seq: 0, timer: null,
  marks: {}, lines: 0, maxBody: 4 * 1024 * 1024,
};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child != null) node.append(child);  // strings become text nodes
  return node;
}

function status(message, bad) {
  $("status").textContent = message;
  $("status").className = bad ? "bad" : "";
}

function query(extra) {
  const params = new URLSearchParams(extra || {});
  if (desk.rules.trim()) params.set("rules", desk.rules.trim());
  else params.set("rules", "");
  return "?" + params.toString();
}

// ---- the editor --------------------------------------------------------------------------
function setText(text, keepScroll) {
  const area = $("text");
  const top = area.scrollTop;
  area.value = text;
  if (keepScroll) area.scrollTop = top;
  drawGutter(desk.marks = {});
  scheduleCheck(0);
}

function drawGutter(marks) {
  const gutter = $("gutter");
  const count = $("text").value.split("\n").length;
  desk.lines = count;
  gutter.replaceChildren();
  for (let n = 1; n <= count; n++) {
    const mark = marks[n];
    const row = el("div", { "data-line": String(n), text: String(n) });
    if (mark) { row.className = mark.kind; row.title = mark.messages.join("\n"); }
    gutter.append(row);
  }
  gutter.scrollTop = $("text").scrollTop;
}

function goToLine(line) {
  const area = $("text");
  const lines = area.value.split("\n");
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1] || "").length);
  area.scrollTop = Math.max(0, (line - 5) * 18);
}

function scheduleCheck(delay) {
  clearTimeout(desk.timer);
  desk.timer = setTimeout(runCheck, delay === undefined ? CHECK_DELAY : delay);
}

async function post(path, body, extra) {
  const response = await fetch(path + query(extra), { method: "POST", body,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Referee-Desk": "page" } });
  if (!response.ok) {
    let message = response.statusText;
    try { message = (await response.json()).error; } catch (e) { /* not JSON */ }
    throw new Error(message);
  }
  return response;
}

async function runCheck() {
  const text = $("text").value;
  const seq = ++desk.seq;
  if (new Blob([text]).size > desk.maxBody) {
    status(`the transcript is larger than ${desk.maxBody / 1024 / 1024} MB: check it with 'referee check FILE'`, true);
    return;
  }
  status("checking…");
  try {
    const [checked, viewed] = await Promise.all([post("/api/check", text), post("/api/view", text, selectedHand())]);
    const verdictText = await checked.text();
    const view = await viewed.json();
    if (seq !== desk.seq) return;  // a newer check is on its way
    desk.verdictText = verdictText;
    desk.verdict = JSON.parse(verdictText);
    desk.view = view;
    showProblems();
    showHands();
    const summary = desk.verdict.summary;
    status(`checked: ${summary.hands} hand(s), ${summary.irregularities} finding(s), ${summary.errors} error(s)`);
    document.body.dataset.checked = String(seq);
  } catch (error) {
    if (seq === desk.seq) status(String(error.message || error), true);
  }
}

function selectedHand() {
  // whoever watches the last hand follows the transcript as it grows: the server then picks the last
  const hands = handsList(), last = hands[hands.length - 1];
  if (!desk.hand || (last && last[0] === desk.hand[0] && last[1] === desk.hand[1])) return {};
  return { game: String(desk.hand[0]), hand: String(desk.hand[1]) };
}

function showHand(hand) {
  // another hand chosen: only the chosen hand's steps are sent, so check again asking for them
  desk.hand = hand;
  desk.step = 0;
  desk.atEnd = false;
  scheduleCheck(0);
}

function fileVerdict() {
  return desk.verdict && desk.verdict.files[0];
}

function showProblems() {
  const file = fileVerdict();
  const marks = {};
  const items = [];
  const mark = (line, kind, message) => {
    if (!line) return;
    const m = marks[line] || (marks[line] = { kind, messages: [] });
    if (kind === "error") m.kind = "error";
    m.messages.push(message);
  };
  for (const problem of file.errors) {
    const where = problem.line ? `line ${problem.line}:${problem.column}` : "the file";
    mark(problem.line, "error", problem.hint ? `${problem.message} — ${problem.hint}` : problem.message);
    items.push({ line: problem.line, kind: "error", text: `${where}: ${problem.message}`, hint: problem.hint });
  }
  file.games.forEach((game) => game.hands.forEach((hand) => {
    for (const f of hand.irregularities) {
      const text = `line ${f.line}:${f.column}: ${f.kind}${f.player ? " by " + f.player : ""} — ${f.explanation}`;
      mark(f.line, "finding", text);
      items.push({ line: f.line, kind: "finding", text, hint: `[${f.rule}]` });
    }
  }));
  items.sort((a, b) => (a.line || 0) - (b.line || 0));
  const list = $("problems");
  list.replaceChildren(...items.map((item) => el("li", { class: item.kind, "data-line": String(item.line || 0),
    onclick: () => item.line && goToLine(item.line) }, item.text, item.hint ? el("span", { class: "hint", text: " — " + item.hint }) : null)));
  const s = desk.verdict.summary;
  $("summary").textContent = `(${s.errors} error${s.errors === 1 ? "" : "s"}, ${s.irregularities} finding${s.irregularities === 1 ? "" : "s"})`;
  drawGutter(desk.marks = marks);
}

// ---- the hands -----------------------------------------------------------------------------
function handsList() {
  const out = [];
  const games = fileVerdict() ? fileVerdict().games : [];
  games.forEach((game, g) => game.hands.forEach((hand, h) => out.push([g, h])));
  return out;
}

function showHands() {
  const select = $("hand");
  const hands = handsList();
  const previous = desk.hand;
  select.replaceChildren(...hands.map(([g, h]) => {
    const hand = fileVerdict().games[g].hands[h];
    const flag = hand.irregularities.length ? ` — ${hand.irregularities.length} finding(s)` : "";
    const label = `${hands.length > 1 && fileVerdict().games.length > 1 ? "game " + (g + 1) + ", " : ""}hand ${hand.number} (${hand.dealer} deals, ${hand.status})${flag}`;
    return el("option", { value: `${g}:${h}`, text: label });
  }));
  if (!hands.length) { desk.hand = null; drawHand(); return; }
  const keep = previous && desk.view.selected && previous[0] === desk.view.selected[0] && previous[1] === desk.view.selected[1];
  desk.hand = desk.view.selected || hands[hands.length - 1];
  select.value = `${desk.hand[0]}:${desk.hand[1]}`;
  const steps = viewHand() ? viewHand().steps.length : 1;
  if (!keep || desk.atEnd) desk.step = steps - 1;
  desk.step = Math.min(desk.step, steps - 1);
  drawHand();
}

function verdictHand() {
  if (!desk.hand) return null;
  return fileVerdict().games[desk.hand[0]].hands[desk.hand[1]];
}

function viewGame() {
  return desk.hand && desk.view.games[desk.hand[0]];
}

function viewHand() {
  const game = viewGame();
  const hand = game ? game.hands[desk.hand[1]] : null;
  return hand && hand.steps ? hand : null;
}

function cardNode(text, small) {
  const suit = text.slice(-1), rank = text.slice(0, -1) === "T" ? "10" : text.slice(0, -1);
  const red = suit === "H" || suit === "D";
  return el("span", { class: `card${red ? " red" : ""}${small ? " small" : ""}`, "data-card": text, title: text },
    el("span", { class: "rank", text: rank }), el("span", { class: "suit", text: SUIT_SIGN[suit] || suit }));
}

function sideOf(player) {
  const game = viewGame();
  return (game.partners || []).find((side) => side.split("-").includes(player)) || null;
}

function drawHand() {
  const hand = verdictHand(), view = viewHand();
  for (const id of ["contract", "step-text", "where"]) $(id).textContent = "";
  for (const id of ["now", "settle", "findings", "ledger", "chart"]) $(id).replaceChildren();
  $("felt").replaceChildren();
  if (!hand || !view) return;
  drawContract(hand);
  drawTable(hand, view);
  drawFindings(hand, view);
  drawSettle(hand);
  drawLedger(hand);
  drawChart();
}

function drawContract(hand) {
  const contract = hand.contract || {};
  const box = $("contract");
  const info = fileVerdict().games[desk.hand[0]].info || {};
  for (const [tag, value] of Object.entries(info)) box.append(el("span", { class: "info", text: `${tag}: ${value}` }), " · ");
  if (contract.trump) box.append("Trump ", el("span", { class: "trump", text: `${SUIT_WORD[contract.trump] || ""} ${contract.trump}` }), " · ");
  const parts = Object.entries(contract).filter(([k, v]) => k !== "trump" && v !== null && v !== false && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  box.append(parts.length ? parts.join(" · ") : "no contract yet");
}

function drawTable(hand, view) {
  const game = viewGame();
  const step = view.steps[desk.step];
  const players = game.players;
  const felt = $("felt");
  const bad = new Set(nowFindings(hand, view).map((f) => f.player));
  players.forEach((player, i) => {
    const angle = (-90 + (360 * i) / players.length) * Math.PI / 180;
    const seat = el("div", { class: "seat", "data-seat": player });
    seat.style.left = `${50 + 36 * Math.cos(angle)}%`;
    seat.style.top = `${50 + 38 * Math.sin(angle)}%`;
    const won = step.won[player] || 0;
    const name = el("div", { class: "name" }, el("b", { text: player }), el("span", { class: "won", text: ` · ${won} trick${won === 1 ? "" : "s"}` }));
    if (hand.dealer === player) name.append(el("span", { class: "won", text: " · dealer" }));
    const cards = el("div", { class: "cards" }, ...(step.hands[player] || []).map((c) => cardNode(c, true)));
    seat.append(name, cards);
    felt.append(seat);
    const played = step.table.find(([p]) => p === player);
    if (played) {
      const card = cardNode(played[1]);
      card.classList.add("trick-card");
      if (step.winner === player) card.classList.add("wins");
      if (bad.has(player)) card.classList.add("bad");
      card.style.left = `${50 + 14 * Math.cos(angle)}%`;
      card.style.top = `${50 + 17 * Math.sin(angle)}%`;
      felt.append(card);
    }
  });
  if (!step.table.length) felt.append(el("div", { class: "centre-note", text: step.kind === "deal" ? "the deal" : "" }));
  const sides = {};
  for (const [player, n] of Object.entries(step.won)) {
    const side = sideOf(player);
    if (side) sides[side] = (sides[side] || 0) + n;
  }
  const taken = Object.entries(sides).map(([side, n]) => `${side} ${n}`).join(" · ");
  if (taken) felt.append(el("div", { id: "taken", text: `tricks taken: ${taken}` }));
  $("step-text").textContent = step.kind === "deal" ? "The deal" : `Line ${step.line}: ${step.text}`;
  $("where").textContent = `step ${desk.step} of ${view.steps.length - 1}${step.trick ? ` · trick ${step.trick}` : ""}`;
}

function ruleWords(ruleId) {
  const rule = viewGame().rules[ruleId];
  return rule ? `${rule.title}: ${rule.text}` : "";
}

function findingBox(hand, finding) {
  const penalties = hand.penalties.filter((p) => p.rule === finding.rule);
  return el("div", { class: "finding-box", "data-rule": finding.rule },
    el("div", {}, el("b", { text: `${finding.kind}${finding.player ? " by " + finding.player : ""}` }),
      finding.trick ? ` in trick ${finding.trick}` : "", finding.status ? ` (${finding.status})` : "", ` — line ${finding.line}:${finding.column}`),
    el("div", { text: finding.explanation }),
    el("div", { class: "rule", text: `Rule ${finding.rule} — ${ruleWords(finding.rule)}` }),
    ...penalties.map((p) => el("div", { class: "penalty", text: `Penalty: ${p.description}` })));
}

function isNow(view, at) {
  // a finding is shown as happening now at its own step, and while its trick is on the table
  const steps = view.steps, here = steps[desk.step], then = steps[at];
  return at === desk.step || (at < desk.step && then.table.length > 0 && here.table.length > 0 && then.trick === here.trick);
}

function nowFindings(hand, view) {
  return hand.irregularities.filter((f, i) => isNow(view, view.findings[i]));
}

function drawFindings(hand, view) {
  const now = $("now"), list = $("findings");
  hand.irregularities.forEach((finding, i) => {
    const at = view.findings[i];
    const current = isNow(view, at);
    if (current) now.append(findingBox(hand, finding));
    const state = current ? "now" : at > desk.step ? "later" : "";
    list.append(el("li", { class: state, title: ruleWords(finding.rule) },
      `line ${finding.line}: ${finding.kind}${finding.player ? " by " + finding.player : ""} — ${finding.explanation} [${finding.rule}]`));
  });
  if (!hand.irregularities.length) list.append(el("li", { text: "none: the hand is regular" }));
}

function drawSettle(hand) {
  const box = $("settle");
  const settle = desk.view.settle;
  const isLast = settle && desk.hand[0] === settle.game && desk.hand[1] === settle.hand;
  if (!hand.next && !(isLast && (settle.choices.length || settle.corrections.length))) return;
  const panel = el("div", { class: "box" }, el("div", {}, el("b", { text: "What happens now: " }), hand.next || ""));
  if (isLast) {
    for (const choice of settle.choices) {
      panel.append(el("div", {}, el("b", { text: `${choice.chooser} chooses` }), ` [${choice.rule}]: ${choice.explanation}`));
      const row = el("div", { class: "options" });
      for (const option of choice.options) row.append(optionNode(option, settle.after));
      panel.append(row);
    }
    if (settle.corrections.length) {
      panel.append(el("div", { text: "The laws' correction:" }));
      const row = el("div", { class: "options" });
      for (const option of settle.corrections) row.append(optionNode(option, settle.after));
      panel.append(row);
    }
  }
  box.append(panel);
}

function optionNode(option, after) {
  if (!option.line) return el("span", { class: "note", text: `${option.label} (${option.note}) ` });
  return el("button", { type: "button", class: "option", "data-line": option.line, title: `adds the line: ${option.line}`,
    onclick: () => answer(after, option.line) }, option.label, el("code", { text: option.line }));
}

function answer(after, line) {
  const lines = $("text").value.split("\n");
  lines.splice(Math.min(after, lines.length), 0, line);
  desk.atEnd = true;
  setText(lines.join("\n"), true);
  status(`added: ${line}`);
}

function signed(n) { return n > 0 ? `+${n}` : String(n); }

function drawLedger(hand) {
  const box = $("ledger");
  const rows = hand.ledger.map((e) => el("tr", {}, el("td", { text: e.who }), el("td", { class: "num", text: signed(e.amount) }),
    el("td", { text: e.unit }), el("td", { text: e.cause }), el("td", { class: "hint", text: e.rule })));
  if (!rows.length) rows.push(el("tr", {}, el("td", { colspan: "5", text: "nothing was won or paid in this hand" })));
  box.append(el("table", { class: "ledger" }, el("tr", {}, ...["who", "amount", "unit", "why", "rule"].map((h) => el("th", { text: h }))), ...rows));
  const after = Object.entries(hand.score_after).map(([k, v]) => `${k} ${v}`).join(", ");
  box.append(el("p", { text: `Standings after the hand: ${after || "—"}` }));
  if (hand.pool_after !== null && hand.pool_after !== undefined) {
    const before = hand.pool_before !== undefined ? `${poolNumber(hand.pool_before)} → ` : "";
    box.append(el("p", { text: `Pool: ${before}${poolNumber(hand.pool_after)}` }));
  }
}

function poolNumber(pool) {
  return Array.isArray(pool) ? pool.reduce((a, b) => a + b, 0) : pool;
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawChart() {
  const game = fileVerdict().games[desk.hand[0]];
  const hands = game.hands;
  if (!hands.length) return;
  const units = Object.keys(hands[0].score_after);
  const series = units.map((u) => [hands[0].score_after[u] - (hands[0].score_delta[u] || 0), ...hands.map((h) => h.score_after[u] || 0)]);
  const names = [...units];
  if (hands.some((h) => h.pool_after !== null && h.pool_after !== undefined)) {
    const first = hands[0].pool_before !== undefined ? poolNumber(hands[0].pool_before) : null;
    series.push([first, ...hands.map((h) => (h.pool_after === null ? null : poolNumber(h.pool_after)))]);
    names.push("pool");
  }
  const values = series.flat().filter((v) => v !== null);
  const lo = Math.min(0, ...values), hi = Math.max(1, ...values);
  const W = 600, H = 220, L = 40, R = 110, T = 12, B = 28;
  const x = (i) => L + (hands.length ? (i * (W - L - R)) / hands.length : 0);
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo || 1);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "standings through the game" });
  chart.append(svg("line", { x1: L, y1: y(0), x2: W - R, y2: y(0), stroke: "#9aa5b1" }));
  for (const v of [lo, hi]) chart.append(svg("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#5b6b7b" }, String(v)));
  for (let i = 0; i <= hands.length; i++) {
    chart.append(svg("text", { x: x(i), y: H - 8, "text-anchor": "middle", "font-size": 11, fill: "#5b6b7b" }, i === 0 ? "start" : String(hands[i - 1].number)));
  }
  const colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2"];
  // the names at the right end, moved apart where several lines end at (nearly) the same value
  const labels = series.map((values, s) => ({ s, y: y(values.filter((v) => v !== null).pop()) })).sort((a, b) => a.y - b.y);
  labels.forEach((label, i) => { if (i > 0) label.y = Math.max(label.y, labels[i - 1].y + 13); });
  const labelY = Object.fromEntries(labels.map((label) => [label.s, label.y]));
  series.forEach((values, s) => {
    const colour = names[s] === "pool" ? "#555" : colours[s % colours.length];
    const points = values.map((v, i) => (v === null ? null : `${x(i)},${y(v)}`)).filter(Boolean).join(" ");
    chart.append(svg("polyline", { points, fill: "none", stroke: colour, "stroke-width": 2, "stroke-dasharray": names[s] === "pool" ? "5 4" : "none" }));
    values.forEach((v, i) => { if (v !== null) chart.append(svg("circle", { cx: x(i), cy: y(v), r: i === desk.hand[1] + 1 ? 4.5 : 2.5, fill: colour })); });
    const last = values.filter((v) => v !== null).pop();
    chart.append(svg("text", { x: W - R + 6, y: labelY[s] + 4, "font-size": 12, fill: colour, class: "legend" }, `${names[s]} ${last}`));
  });
  $("chart").append(chart);
}

// ---- stepping ------------------------------------------------------------------------------
function goTo(step) {
  const view = viewHand();
  if (!view) return;
  desk.step = Math.max(0, Math.min(step, view.steps.length - 1));
  desk.atEnd = desk.step === view.steps.length - 1;
  drawHand();
}

function completes(steps, i) {
  // the step at which a trick is won: its last card is on the table
  return Boolean(steps[i].winner) && (i === 0 || !steps[i - 1].winner || steps[i - 1].trick !== steps[i].trick);
}

function trickForward() {
  const steps = viewHand().steps;
  for (let i = desk.step + 1; i < steps.length; i++) if (completes(steps, i)) return goTo(i);
  goTo(steps.length - 1);
}

function trickBack() {
  const steps = viewHand().steps;
  for (let i = desk.step - 1; i > 0; i--) if (completes(steps, i)) return goTo(i);
  goTo(0);
}

// ---- files, templates, downloads -------------------------------------------------------------
async function loadState() {
  const response = await fetch("/api/state");
  const state = await response.json();
  if (!response.ok) throw new Error(state.error);
  desk.files = state.files;
  desk.maxBody = state.max_body;
  desk.rules = state.rules || "";
  $("rules").value = desk.rules;
  $("game").replaceChildren(...state.games.map((g) => el("option", { value: g, text: g })));
  if (state.games.includes("euchre")) $("game").value = "euchre";
  const files = $("files");
  files.replaceChildren(el("option", { value: "", text: state.files.length ? "—" : "(no file named at start)" }),
    ...state.files.map((f) => el("option", { value: String(f.index), text: f.name })));
  files.disabled = !state.files.length;
  if (state.files.length) openFile(0);
  else await newTemplate("euchre");
}

function openFile(index) {
  const file = desk.files[index];
  desk.current = index;
  $("files").value = String(index);
  $("filename").textContent = `— ${file.name}${file.text === null ? " (new file)" : ""}`;
  $("save").disabled = false;
  $("save").title = `Write the transcript to ${file.path}`;
  desk.hand = null;
  desk.atEnd = true;
  setText(file.text || "");
}

function detach(label) {
  desk.current = null;
  $("files").value = "";
  $("filename").textContent = label ? `— ${label}` : "";
  $("save").disabled = true;
  $("save").title = "Saving writes only to a file named on the command line";
  desk.hand = null;
  desk.atEnd = true;
}

async function newTemplate(game) {
  const response = await fetch(`/api/template/${encodeURIComponent(game)}`);
  detach(`new ${game} transcript`);
  setText(await response.text());
}

async function save() {
  if (desk.current === null) return;
  try {
    const response = await fetch(`/api/save?file=${desk.current}`, { method: "POST", body: $("text").value,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Referee-Desk": "save" } });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error);
    desk.files[desk.current].text = $("text").value;
    status(`saved ${data.saved}`);
  } catch (error) {
    status(`not saved: ${error.message}`, true);
  }
}

function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function downloadReport(format) {
  try {
    const extra = { format };
    if (desk.current !== null) extra.file = String(desk.current);
    const response = await post("/api/report", $("text").value, extra);
    const disposition = response.headers.get("Content-Disposition") || "";
    const utf8 = (disposition.match(/filename\*=UTF-8''([^;]+)/) || [])[1];
    const name = (utf8 && decodeURIComponent(utf8)) || (disposition.match(/filename="([^"]+)"/) || [])[1]
      || `ruling.${format === "html" ? "html" : "md"}`;
    download(name, await response.blob());
  } catch (error) {
    status(`no report: ${error.message}`, true);
  }
}

function downloadVerdict() {
  if (!desk.verdictText) return;
  download("verdict.json", new Blob([desk.verdictText], { type: "application/json" }));
}

// ---- wiring --------------------------------------------------------------------------------
function wire() {
  const area = $("text");
  area.addEventListener("input", () => {
    // the marks stay until the check answers; the line numbers follow the text at once
    if (area.value.split("\n").length !== desk.lines) drawGutter(desk.marks);
    scheduleCheck();
  });
  area.addEventListener("scroll", () => { $("gutter").scrollTop = area.scrollTop; });
  $("new").addEventListener("click", () => newTemplate($("game").value));
  $("files").addEventListener("change", (e) => { if (e.target.value !== "") openFile(Number(e.target.value)); });
  $("upload").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => { detach(`${file.name} (uploaded; save is for files named at start)`); setText(String(reader.result)); };
    reader.readAsText(file);
  });
  $("save").addEventListener("click", save);
  $("rules").addEventListener("input", (e) => { desk.rules = e.target.value; scheduleCheck(); });
  $("dl-html").addEventListener("click", () => downloadReport("html"));
  $("dl-md").addEventListener("click", () => downloadReport("markdown"));
  $("dl-json").addEventListener("click", downloadVerdict);
  $("hand").addEventListener("change", (e) => showHand(e.target.value.split(":").map(Number)));
  $("first").addEventListener("click", () => goTo(0));
  $("back").addEventListener("click", () => goTo(desk.step - 1));
  $("forward").addEventListener("click", () => goTo(desk.step + 1));
  $("last").addEventListener("click", () => goTo(Infinity));
  $("trick-forward").addEventListener("click", trickForward);
  $("trick-back").addEventListener("click", trickBack);
  document.addEventListener("keydown", (e) => {
    const target = e.target.tagName;
    if (target === "TEXTAREA" || target === "INPUT" || target === "SELECT" || !viewHand()) return;
    const keys = { ArrowRight: () => goTo(desk.step + 1), ArrowLeft: () => goTo(desk.step - 1),
      ArrowDown: trickForward, ArrowUp: trickBack, Home: () => goTo(0), End: () => goTo(Infinity) };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
}

wire();
loadState().catch((error) => status(`the desk cannot start: ${error.message}`, true));
