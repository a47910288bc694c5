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
  shown: null,  // the verdict and view the table draws: the latest that read, kept through a typo
  goodRules: null, rulesError: null,  // the last house rules that read, and what is wrong with the new ones
  baseline: "", label: "", target: null, source: null,  // what is safe, and where a save goes
  showLast: false,
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

function query(extra, rules) {
  const params = new URLSearchParams(extra || {});
  params.set("rules", (rules === undefined ? desk.rules : rules).trim());
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

async function post(path, body, extra, rules) {
  const response = await fetch(path + query(extra, rules), { method: "POST", body,
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
  markDirty();
  if (new Blob([text]).size > desk.maxBody) {
    status(`the transcript is larger than ${desk.maxBody / 1024 / 1024} MB: check it with 'referee check FILE'`, true);
    return;
  }
  status("checking…");
  try {
    let [verdictText, view] = await checkAndView(text, desk.rules);
    let verdict = JSON.parse(verdictText);
    const rulesError = rulesProblem(verdict);
    if (rulesError && (desk.goodRules || "") !== desk.rules) {
      // bad house rules: say so, and keep the hands shown with the last rules that read (or none)
      [verdictText, view] = await checkAndView(text, desk.goodRules || "");
      verdict = JSON.parse(verdictText);
    } else if (!rulesError) {
      desk.goodRules = desk.rules;
    }
    if (seq !== desk.seq) return;  // a newer check is on its way
    desk.rulesError = rulesError;
    desk.verdictText = verdictText;
    desk.verdict = verdict;
    desk.view = view;
    const reads = verdict.files[0].games.some((g) => g.hands.length);
    desk.stale = !reads && desk.shown !== null && verdict.files[0].errors.length > 0;
    if (!desk.stale) desk.shown = { verdict, view };
    showRulesError();
    showProblems();
    showHands();
    const summary = verdict.summary;
    status(`checked: ${summary.hands} hand(s), ${summary.irregularities} finding(s), ${summary.errors} error(s)`);
    document.body.dataset.checked = String(seq);
  } catch (error) {
    if (seq === desk.seq) status(String(error.message || error), true);
  }
}

async function checkAndView(text, rules) {
  const [checked, viewed] = await Promise.all([post("/api/check", text, {}, rules),
    post("/api/view", text, selectedHand(), rules)]);
  return [await checked.text(), await viewed.json()];
}

// ---- house rules in the desk's words ----------------------------------------------------------
function rulesProblem(verdict) {
  const problem = verdict.files[0].errors.find((e) => !e.line && e.message.startsWith("--rules:"));
  if (!problem) return null;
  const message = problem.message.replace(/^--rules:\s*/, "");
  const unknown = message.match(/unknown house rule '([^']*)' for (\S+)/);
  if (!unknown) return `House rules: ${message}${problem.hint ? " (" + problem.hint + ")" : ""}`;
  const known = ((problem.hint || "").match(/known: ([^(]*)/) || ["", ""])[1].split(",").map((k) => k.trim()).filter(Boolean);
  const near = nearest(unknown[1], known);
  return `House rules: ${unknown[2]} has no rule '${unknown[1]}'` + (near ? ` — did you mean '${near}'?` : "") +
    (known.length ? ` Its rules: ${known.join(", ")}.` : "");
}

function nearest(word, choices) {
  // the choice fewest edits away, if it is close enough to be what was meant
  let best = null, bestCost = Infinity;
  for (const choice of choices) {
    const a = word.split("="), b = choice;
    const cost = distance(a[0], b);
    if (cost < bestCost) { best = choice; bestCost = cost; }
  }
  return bestCost <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}

function distance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length];
}

function showRulesError() {
  const box = $("rules-error");
  const good = desk.goodRules || "";
  box.textContent = desk.rulesError ? desk.rulesError + (good !== desk.rules
    ? ` The hands are shown with ${good ? `the last house rules that read: "${good}"` : "no house rules"}.` : "") : "";
  $("rules").classList.toggle("bad", Boolean(desk.rulesError));
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
  // the verdict whose hands the table shows (the last that read, while a typo spoils them all)
  return desk.shown && desk.shown.verdict.files[0];
}

function showProblems() {
  const file = desk.verdict.files[0];
  const marks = {};
  const items = [];
  const mark = (line, kind, message) => {
    if (!line) return;
    const m = marks[line] || (marks[line] = { kind, messages: [] });
    if (kind === "error") m.kind = "error";
    m.messages.push(message);
  };
  for (const problem of file.errors) {
    if (!problem.line && problem.message.startsWith("--rules:") && desk.rulesError) {
      items.push({ line: 0, kind: "error", text: desk.rulesError });
      continue;
    }
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
  drawTrouble();
  if (!hands.length) { desk.hand = null; drawHand(); return; }
  const view = shownView();
  const keep = previous && view.selected && previous[0] === view.selected[0] && previous[1] === view.selected[1];
  desk.hand = view.selected || hands[hands.length - 1];
  select.value = `${desk.hand[0]}:${desk.hand[1]}`;
  const steps = viewHand() ? viewHand().steps.length : 1;
  if (!keep || desk.atEnd) desk.step = steps - 1;
  desk.step = Math.min(desk.step, steps - 1);
  drawHand();
}

function drawTrouble() {
  // on the table's side too: what in the transcript does not read, and what the table shows meanwhile
  const box = $("trouble");
  box.replaceChildren();
  const errors = desk.verdict.files[0].errors.filter((e) => e.line);
  if (!errors.length && !desk.rulesError) return;
  const panel = el("div", { class: "trouble" });
  if (desk.rulesError) panel.append(el("p", { text: desk.rulesError }));
  if (errors.length) {
    panel.append(el("p", { text: desk.stale
      ? "The transcript does not read as it stands, so the table shows it as it last read. What is wrong:"
      : `${errors.length === 1 ? "A line does" : errors.length + " lines do"} not read: the hand there is left out until ${errors.length === 1 ? "it is" : "they are"} put right; the others are shown.` }));
    const list = el("ul", {});
    for (const e of errors.slice(0, 5)) {
      list.append(el("li", {}, el("a", { href: "#", "data-line": String(e.line), onclick: (ev) => { ev.preventDefault(); goToLine(e.line); } },
        `line ${e.line}`), `: ${e.message}`, e.hint ? el("span", { class: "hint", text: ` — ${e.hint}` }) : null));
    }
    if (errors.length > 5) list.append(el("li", { text: `… and ${errors.length - 5} more (see the list on the left)` }));
    panel.append(list);
  }
  box.append(panel);
}

function verdictHand() {
  if (!desk.hand) return null;
  return fileVerdict().games[desk.hand[0]].hands[desk.hand[1]];
}

function shownView() {
  return desk.shown && desk.shown.view;
}

function viewGame() {
  return desk.hand && shownView().games[desk.hand[0]];
}

function viewHand() {
  const game = viewGame();
  const hand = game ? game.hands[desk.hand[1]] : null;
  return hand && hand.steps ? hand : null;
}

const RANKS = "AKQJT98765432";
const SUITS_BY_COLOUR = ["S", "H", "C", "D"];  // black and red in turn, as hand records show them
const SUIT_LETTER = { spades: "S", hearts: "H", diamonds: "D", clubs: "C" };
const SAME_COLOUR = { S: "C", C: "S", H: "D", D: "H" };

function rankOf(text) { return text.slice(0, -1) === "10" ? "T" : text.slice(0, -1); }

function suitRows(cards, trump, game) {
  // the hand by suit, trumps first once known (the colours still alternate), each suit high to low;
  // in euchre the left bower is a trump, so it sits with them, under the right bower
  const t = SUIT_LETTER[trump];
  const start = t ? SUITS_BY_COLOUR.indexOf(t) : 0;
  const order = SUITS_BY_COLOUR.slice(start).concat(SUITS_BY_COLOUR.slice(0, start));
  const euchre = game === "euchre" && t;
  const suitOf = (c) => (euchre && rankOf(c) === "J" && c.slice(-1) === SAME_COLOUR[t] ? t : c.slice(-1));
  const power = (c) => {
    if (euchre && rankOf(c) === "J" && suitOf(c) === t) return c.slice(-1) === t ? -2 : -1;
    return RANKS.indexOf(rankOf(c));
  };
  const known = order.map((s) => [s, cards.filter((c) => suitOf(c) === s).sort((a, b) => power(a) - power(b))]);
  const others = cards.filter((c) => !order.includes(suitOf(c)));  // a joker, a card the pack does not have
  if (others.length) known.push(["?", others]);
  return known.filter(([, list]) => list.length);
}

function cardNode(text, small) {
  const suit = text.slice(-1), rank = text.slice(0, -1) === "T" ? "10" : text.slice(0, -1);
  const red = suit === "H" || suit === "D";
  return el("span", { class: `card${red ? " red" : ""}${small ? " small" : ""}`, "data-card": text, title: text },
    el("span", { class: "rank", text: rank }), small ? null : el("span", { class: "suit", text: SUIT_SIGN[suit] || suit }));
}

function sideOf(player) {
  const game = viewGame();
  return (game.partners || []).find((side) => side.split("-").includes(player)) || null;
}

function drawHand() {
  const hand = verdictHand(), view = viewHand();
  for (const id of ["contract", "step-text", "where"]) $(id).textContent = "";
  for (const id of ["now", "settle", "findings", "ledger", "chart", "auction", "tricks"]) $(id).replaceChildren();
  $("felt").replaceChildren();
  $("felt").removeAttribute("data-turn");
  if (!hand || !view) return;
  drawContract(hand);
  drawTable(hand, view);
  drawAuction(view);
  drawTricks(view);
  drawFindings(hand, view);
  drawSettle(hand);
  drawLedger(hand, view);
  drawChart();
}

// the contract's entries that are the hand's outcome, not the bid: shown apart, labelled as the end's
const FINAL = ["tricks", "made", "points", "to_go", "result"];

function words(value) {
  if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${v}`).join(", ");
  return String(value);
}

function drawContract(hand) {
  const contract = hand.contract || {};
  const box = $("contract");
  const info = fileVerdict().games[desk.hand[0]].info || {};
  for (const [tag, value] of Object.entries(info)) box.append(el("span", { class: "info", text: `${tag}: ${value}` }), " · ");
  if (contract.trump) box.append("Trump ", el("span", { class: "trump", text: `${SUIT_WORD[contract.trump] || ""} ${contract.trump}` }), " · ");
  const shown = ([k, v]) => k !== "trump" && v !== null && v !== false && v !== "";
  const parts = Object.entries(contract).filter(shown).filter(([k]) => !FINAL.includes(k)).map(([k, v]) => `${k}: ${words(v)}`);
  box.append(parts.length ? parts.join(" · ") : "no contract yet");
  const final = Object.entries(contract).filter(shown).filter(([k]) => FINAL.includes(k)).map(([k, v]) => `${k.replace("_", " ")}: ${words(v)}`);
  if (final.length) box.append(el("span", { class: "final", text: ` · at the end of the hand — ${final.join(" · ")}` }));
}

function region(i, n) {
  // the seats clockwise round the table from the top: which edge each sits at
  let angle = -90 + (360 * i) / n;
  if (angle >= 225) angle -= 360;
  if (angle < -45) return "top";
  if (angle < 45) return "right";
  if (angle < 135) return "bottom";
  return "left";
}

function drawTable(hand, view) {
  const game = viewGame();
  const step = view.steps[desk.step];
  const players = game.players;
  const felt = $("felt");
  const bad = new Set(nowFindings(hand, view).map((f) => f.player));
  const edges = { top: el("div", { class: "edge top" }), left: el("div", { class: "edge left" }),
    right: el("div", { class: "edge right" }), bottom: el("div", { class: "edge bottom" }) };
  const placed = { top: [], left: [], right: [], bottom: [] };
  players.forEach((player, i) => {
    const edge = region(i, players.length);
    const seat = el("div", { class: `seat${step.turn === player ? " turn" : ""}`, "data-seat": player });
    const won = step.won[player] || 0;
    const name = el("div", { class: "name" }, step.turn === player ? el("span", { class: "turn-mark", text: "▶ " }) : null,
      el("b", { text: player }), el("span", { class: "won", text: ` · ${won} trick${won === 1 ? "" : "s"}` }));
    if (hand.dealer === player) name.append(el("span", { class: "won", text: " · dealer" }));
    if (step.turn === player) name.title = `${player} to act`;
    const cards = el("div", { class: "hand" });
    for (const [suit, list] of suitRows(step.hands[player] || [], step.trump, game.game)) {
      const red = suit === "H" || suit === "D";
      cards.append(el("div", { class: "suit-row", "data-suit": suit }, el("span", { class: `suit-sign${red ? " red" : ""}`, text: SUIT_SIGN[suit] || suit }),
        ...list.map((c) => cardNode(c, true))));
    }
    seat.append(name, cards);
    placed[edge].push([i, seat]);
  });
  // the bottom edge and the left one run against the clockwise order
  for (const edge of ["bottom", "left"]) placed[edge].reverse();
  for (const [edge, seats] of Object.entries(placed)) edges[edge].append(...seats.map(([, seat]) => seat));
  const centre = el("div", { class: "centre" });
  const facts = el("div", { class: "facts" });
  if (step.upcard) {
    const turned = cardNode(step.upcard);
    turned.className += " small full";
    facts.append(el("span", { text: "turned " }), turned);
  }
  if (step.trump) facts.append(el("span", { class: "trump-note", text: `trump ${SUIT_WORD[step.trump] || ""}` }));
  centre.append(facts);
  const many = players.length > 4;  // five to seven cards: smaller, further out, so they do not overlap
  const ring = el("div", { class: `ring${many ? " many" : ""}` });
  const last = desk.showLast ? lastQuitted(view) : null;
  const plays = last ? last.plays : step.table;
  players.forEach((player, i) => {
    const played = plays.find(([p]) => p === player);
    if (!played) return;
    const angle = (-90 + (360 * i) / players.length) * Math.PI / 180;
    const card = cardNode(played[1]);
    card.classList.add("trick-card");
    if ((last ? last.winner : step.winner) === player) card.classList.add("wins");
    if (!last && bad.has(player)) card.classList.add("bad");
    card.style.left = `${50 + (many ? 38 : 30) * Math.cos(angle)}%`;
    card.style.top = `${50 + (many ? 37 : 28) * Math.sin(angle)}%`;
    ring.append(card);
  });
  if (last) ring.append(el("div", { class: "centre-note last", text: `last trick: ${last.number}, won by ${last.winner}` }));
  else if (desk.showLast) ring.append(el("div", { class: "centre-note", text: "no trick quitted yet" }));
  else if (!step.table.length) ring.append(el("div", { class: "centre-note", text: step.kind === "deal" ? "the deal" : "" }));
  centre.append(ring);
  const sides = {};
  for (const [player, n] of Object.entries(step.won)) {
    const side = sideOf(player);
    if (side) sides[side] = (sides[side] || 0) + n;
  }
  const taken = Object.entries(sides).map(([side, n]) => `${side} ${n}`).join(" · ");
  if (taken) centre.append(el("div", { id: "taken", text: `tricks so far: ${taken}` }));
  felt.append(edges.top, edges.left, centre, edges.right, edges.bottom);
  felt.dataset.turn = step.turn || "";
  $("last-trick").setAttribute("aria-pressed", String(desk.showLast));
  $("step-text").textContent = step.kind === "deal" ? "The deal" : `Line ${step.line}: ${step.text}`;
  const turn = step.turn ? ` · ${step.turn} to act` : "";
  $("where").textContent = `step ${desk.step} of ${view.steps.length - 1}${step.trick ? ` · trick ${step.trick}` : ""}${turn}`;
}

function lastQuitted(view) {
  // the last trick complete before the one on the table now (BBO's "last trick")
  const step = view.steps[desk.step];
  const done = view.tricks.filter((t) => t.step !== null && t.step <= desk.step && !(t.number === step.trick && step.table.length));
  return done.length ? done[done.length - 1] : null;
}

function drawAuction(view) {
  const box = $("auction");
  if (!view.auction.length) { box.append(el("p", { class: "hint", text: "no bidding in this hand" })); return; }
  const order = view.order;
  const first = order.indexOf(view.auction[0].player);
  const seats = first < 0 ? order : order.slice(first).concat(order.slice(0, first));
  const rows = [];
  let row = null, column = seats.length;
  for (const call of view.auction) {
    const at = Math.max(0, seats.indexOf(call.player));
    if (!row || at <= column) { row = Array(seats.length).fill(null); rows.push(row); }
    row[at] = call;
    column = at;
  }
  const cell = (call) => {
    if (!call) return el("td", {});
    const state = call.step > desk.step ? "later" : call.step === desk.step ? "now" : "";
    const node = el("td", { class: `${state}${call.finding ? " bad" : ""}`, "data-step": String(call.step),
      title: call.finding || `step ${call.step}` }, call.call.replace(/^(bids|calls) /, ""), call.finding ? el("b", { text: " !" }) : null);
    node.addEventListener("click", () => goTo(call.step));
    return node;
  };
  box.append(el("table", { class: "auction" }, el("tr", {}, ...seats.map((p) => el("th", { text: p }))),
    ...rows.map((r) => el("tr", {}, ...r.map(cell)))));
}

function drawTricks(view) {
  const list = $("tricks");
  const here = view.steps[desk.step].trick;
  for (const trick of view.tricks) {
    const target = trick.step !== null ? trick.step : view.steps.length - 1;
    const cards = trick.plays.map(([p, c]) => `${p} ${c.slice(0, -1) === "T" ? "10" : c.slice(0, -1)}${SUIT_SIGN[c.slice(-1)] || ""}`).join(" ");
    list.append(el("li", { class: trick.number === here ? "now" : trick.step !== null && trick.step > desk.step ? "later" : "" },
      el("button", { type: "button", class: "trick", "data-trick": String(trick.number), onclick: () => goTo(target),
        title: `go to trick ${trick.number}` }, `${trick.number}. ${cards}${trick.winner ? " → " + trick.winner : ""}`)));
  }
  if (!view.tricks.length) list.append(el("li", { class: "hint", text: "no trick played" }));
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
  const now = $("now"), box = $("findings"), list = el("ol", {});
  hand.irregularities.forEach((finding, i) => {
    const at = view.findings[i];
    const current = isNow(view, at);
    if (current) now.append(findingBox(hand, finding));
    const state = current ? "now" : at > desk.step ? "later" : "";
    list.append(el("li", { class: state, title: ruleWords(finding.rule) },
      `line ${finding.line}: ${finding.kind}${finding.player ? " by " + finding.player : ""} — ${finding.explanation} [${finding.rule}]`));
  });
  if (!hand.irregularities.length) box.append(el("p", { class: "regular", text: "The referee found nothing irregular in this hand." }));
  else box.append(list);
}

function drawSettle(hand) {
  const box = $("settle");
  const settle = shownView().settle;
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

function drawLedger(hand, view) {
  const box = $("ledger");
  const paid = view.payments || { lines: [], totals: [] };
  const rows = paid.lines.map((line) => el("tr", {}, el("td", { text: line.words }), el("td", { text: line.cause }),
    el("td", { class: "hint", text: line.rule })));
  if (!rows.length) rows.push(el("tr", {}, el("td", { colspan: "3", text: "nothing was won or paid in this hand" })));
  const table = el("table", { class: "ledger" }, el("tr", {}, ...["payment", "why", "rule"].map((h) => el("th", { text: h }))), ...rows);
  if (paid.totals.length) {
    const totals = paid.totals.map((t) => `${t.who} ${Object.entries(t.amounts).map(([unit, n]) => `${signed(n)} ${unit}`).join(", ")}`);
    table.append(el("tr", { class: "totals" }, el("td", { colspan: "3" }, el("b", { text: "In all: " }), totals.join(" · "))));
  }
  box.append(table);
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
  const colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2"];
  $("chart").append(panel("standings through the game", hands, series, units, units.map((_, s) => colours[s % colours.length]), 220));
  if (hands.some((h) => h.pool_after !== null && h.pool_after !== undefined)) {
    // the pool's counters are another currency: a panel and an axis of their own
    const first = hands[0].pool_before !== undefined ? poolNumber(hands[0].pool_before) : null;
    const pool = [first, ...hands.map((h) => (h.pool_after === null ? null : poolNumber(h.pool_after)))];
    $("chart").append(panel("the pool", hands, [pool], ["pool (red)"], ["#555"], 120));
  }
}

function panel(label, hands, series, names, colours, H) {
  const values = series.flat().filter((v) => v !== null);
  const lo = Math.min(0, ...values), hi = Math.max(1, ...values);
  const W = 600, L = 44, R = 130, T = 12, B = 26;
  const x = (i) => L + (hands.length ? (i * (W - L - R)) / hands.length : 0);
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo || 1);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label, class: names[0].startsWith("pool") ? "pool" : "scores" });
  chart.append(svg("line", { x1: L, y1: y(0), x2: W - R, y2: y(0), stroke: "#9aa5b1" }));
  for (const v of new Set([lo, 0, hi])) chart.append(svg("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#5b6b7b" }, String(v)));
  for (let i = 0; i <= hands.length; i++) {
    chart.append(svg("text", { x: x(i), y: H - 8, "text-anchor": "middle", "font-size": 11, fill: "#5b6b7b" }, i === 0 ? "start" : String(hands[i - 1].number)));
  }
  // the names at the right end: tied values share one label, and labels are kept 17 apart inside the panel
  const ends = series.map((values) => values.filter((v) => v !== null).pop());
  const groups = [];
  ends.forEach((v, s) => {
    const group = groups.find((g) => g.value === v);
    if (group) group.members.push(s); else groups.push({ value: v, members: [s], y: y(v) });
  });
  groups.sort((a, b) => a.y - b.y);
  const gap = 17, top = T + 4, bottom = H - B;  // a 12-unit font's box is about 15 high
  groups.forEach((g, i) => { g.y = Math.max(g.y, i ? groups[i - 1].y + gap : top); });
  for (let i = groups.length - 1; i >= 0; i--) clampLabel(groups, i, gap, top, bottom);
  series.forEach((values, s) => {
    const points = values.map((v, i) => (v === null ? null : `${x(i)},${y(v)}`)).filter(Boolean).join(" ");
    chart.append(svg("polyline", { points, fill: "none", stroke: colours[s], "stroke-width": 2 }));
    values.forEach((v, i) => { if (v !== null) chart.append(svg("circle", { cx: x(i), cy: y(v), r: i === desk.hand[1] + 1 ? 4.5 : 2.5, fill: colours[s] })); });
  });
  for (const g of groups) {
    const text = svg("text", { x: W - R + 6, y: g.y + 4, "font-size": 12, class: "legend" });
    g.members.forEach((s, k) => {
      text.append(svg("tspan", { fill: colours[s] }, `${k ? ", " : ""}${names[s]}`));
    });
    text.append(svg("tspan", { fill: "#1d2733" }, ` ${g.value}`));
    chart.append(text);
  }
  return chart;
}

function clampLabel(groups, i, gap, top, bottom) {
  // from the bottom up: a label pushed below the panel moves up, and pushes the ones above it
  const limit = i === groups.length - 1 ? bottom : groups[i + 1].y - gap;
  groups[i].y = Math.max(top, Math.min(groups[i].y, limit));
}

// ---- stepping ------------------------------------------------------------------------------
function goTo(step) {
  const view = viewHand();
  if (!view) return;
  desk.step = Math.max(0, Math.min(step, view.steps.length - 1));
  desk.atEnd = desk.step === view.steps.length - 1;
  desk.showLast = false;
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
// Where a save would go is always on show: the title and the Save button name the file. A text
// that did not come from that file (a paste of a whole transcript, an upload, a template) is not
// saved over it without asking, and unsaved changes are marked and asked about before they go.
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

function dirty() {
  return $("text").value !== desk.baseline;
}

function markDirty() {
  const changed = dirty();
  const file = desk.target !== null ? desk.files[desk.target] : null;
  $("filename").replaceChildren(`— ${desk.label}`, changed ? el("span", { class: "unsaved", text: " ● unsaved changes" }) : "");
  document.title = `${changed ? "● " : ""}${desk.label} — referee desk`;
  const button = $("save");
  button.disabled = !desk.files.length;
  if (desk.current !== null) {
    button.textContent = `Save to ${file.name}`;
    button.title = `Write the transcript to ${file.path}`;
  } else if (file) {
    button.textContent = `Save over ${file.name}…`;
    button.title = `This text did not come from ${file.name}: saving asks before replacing ${file.path}`;
  } else {
    button.textContent = "Save";
    button.title = "Saving writes only to a file named on the command line (referee serve FILE)";
  }
  button.classList.toggle("unsaved", changed);
}

function mayDiscard(what) {
  return !dirty() || window.confirm(`${desk.label} has unsaved changes. ${what} and lose them?`);
}

function openFile(index) {
  const file = desk.files[index];
  desk.current = desk.target = index;
  desk.source = file.name;
  desk.label = `${file.name}${file.text === null ? " (new file)" : ""}`;
  desk.baseline = file.text || "";
  $("files").value = String(index);
  desk.hand = null;
  desk.atEnd = true;
  setText(file.text || "");
}

function detach(label, source, baseline) {
  // the text is no longer the open file's: a save would go over a file it did not come from
  desk.current = null;
  desk.label = label;
  desk.source = source;
  if (baseline !== undefined) desk.baseline = baseline;
  $("files").value = "";
  desk.hand = null;
  desk.atEnd = true;
  markDirty();
}

async function newTemplate(game) {
  const response = await fetch(`/api/template/${encodeURIComponent(game)}`);
  const text = await response.text();
  detach(`new ${game} transcript (not in a file yet)`, null, text);
  setText(text);
}

async function save() {
  if (!desk.files.length) return;
  const index = desk.target !== null ? desk.target : 0;
  const file = desk.files[index];
  if (desk.current === null && !window.confirm(`Replace ${file.path} with this transcript (${desk.label})? `
      + "What that file holds now will be lost; to keep both, download this one instead.")) {
    status(`not saved: ${file.name} is unchanged`);
    return;
  }
  const text = $("text").value;
  try {
    const response = await fetch(`/api/save?file=${index}`, { method: "POST", body: text,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Referee-Desk": "save" } });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error);
    file.text = text;
    desk.current = desk.target = index;
    desk.label = file.name;
    desk.source = file.name;
    desk.baseline = text;
    $("files").value = String(index);
    markDirty();
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

function stem() {
  // downloads are named after the transcript: its file, else its game and date (or event)
  let name = desk.source ? desk.source.replace(/\.[^.]*$/, "") : "";
  if (!name) {
    const text = $("text").value;
    const tag = (t) => ((text.match(new RegExp(`^\\s*\\[${t}\\s+"([^"]*)"\\]`, "m")) || [])[1] || "").trim();
    name = [tag("Game"), tag("Date") || tag("Event")].filter(Boolean).join("-");
  }
  return name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|-+$/g, "") || "transcript";
}

async function downloadReport(format) {
  try {
    const extra = { format };
    if (desk.current !== null) extra.file = String(desk.current);
    const response = await post("/api/report", $("text").value, extra);
    download(`${stem()}.ruling.${format === "html" ? "html" : "md"}`, await response.blob());
  } catch (error) {
    status(`no report: ${error.message}`, true);
  }
}

function downloadVerdict() {
  if (!desk.verdictText) return;
  download(`${stem()}.verdict.json`, new Blob([desk.verdictText], { type: "application/json" }));
}

function downloadTranscript() {
  download(`${stem()}.ttn`, new Blob([$("text").value], { type: "text/plain" }));
}

// ---- wiring --------------------------------------------------------------------------------
function wire() {
  const area = $("text");
  area.addEventListener("input", () => {
    // the marks stay until the check answers; the line numbers follow the text at once
    if (area.value.split("\n").length !== desk.lines) drawGutter(desk.marks);
    markDirty();
    scheduleCheck();
  });
  area.addEventListener("paste", (e) => {
    // a whole transcript pasted (a game's header, or all the text replaced) is a new text, not an edit of the file
    const pasted = (e.clipboardData || window.clipboardData).getData("text") || "";
    const all = area.selectionStart === 0 && area.selectionEnd === area.value.length && area.value.length > 0;
    if (/^\s*\[Game\s/m.test(pasted) || all) setTimeout(() => detach("pasted transcript (not in a file yet)", null), 0);
  });
  area.addEventListener("scroll", () => { $("gutter").scrollTop = area.scrollTop; });
  $("new").addEventListener("click", () => { if (mayDiscard("Start from the template")) newTemplate($("game").value); });
  $("files").addEventListener("change", (e) => {
    if (e.target.value === "") return;
    if (mayDiscard(`Open ${desk.files[Number(e.target.value)].name}`)) openFile(Number(e.target.value));
    else e.target.value = desk.current === null ? "" : String(desk.current);
  });
  $("upload").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (!file) return;
    if (!mayDiscard(`Read ${file.name}`)) { e.target.value = ""; return; }
    const reader = new FileReader();
    reader.onload = () => { detach(`${file.name} (uploaded)`, file.name, String(reader.result)); setText(String(reader.result)); };
    reader.readAsText(file);
  });
  window.addEventListener("beforeunload", (e) => { if (dirty()) { e.preventDefault(); e.returnValue = ""; } });
  $("save").addEventListener("click", save);
  $("rules").addEventListener("input", (e) => { desk.rules = e.target.value; scheduleCheck(); });
  $("dl-ttn").addEventListener("click", downloadTranscript);
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
  $("last-trick").addEventListener("click", toggleLastTrick);
  document.addEventListener("keydown", (e) => {
    const target = e.target.tagName;
    if (target === "TEXTAREA" || target === "INPUT" || target === "SELECT" || !viewHand()) return;
    const keys = { ArrowRight: () => goTo(desk.step + 1), ArrowLeft: () => goTo(desk.step - 1),
      ArrowDown: trickForward, ArrowUp: trickBack, Home: () => goTo(0), End: () => goTo(Infinity), l: toggleLastTrick, L: toggleLastTrick };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
}

function toggleLastTrick() {
  if (!viewHand()) return;
  desk.showLast = !desk.showLast;
  drawHand();
}

wire();
loadState().catch((error) => status(`the desk cannot start: ${error.message}`, true));
