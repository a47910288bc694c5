// The desk's table measured at every step of the hand shown (tests/test_desk_browser.py):
// what lies outside the page, seats over seats, cards or the stepping bar, hands out of order,
// and a turn marker on another seat than the next to act. Returns the problems found.
const [inTurn] = arguments;
const problems = [];
const view = desk.shown.view, g = desk.hand[0], h = desk.hand[1];
const steps = view.games[g].hands[h].steps, game = view.games[g].game;
const box = (e) => e.getBoundingClientRect();
const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
const W = document.documentElement.clientWidth;
const order = (trump) => { const base = ["S", "H", "C", "D"], t = {spades: "S", hearts: "H", diamonds: "D", clubs: "C"}[trump];
  const i = t ? base.indexOf(t) : 0; return base.slice(i).concat(base.slice(0, i)); };
for (let i = 0; i < steps.length; i++) {
  goTo(i);
  const step = steps[i];
  if (document.documentElement.scrollWidth > W + 1) problems.push(`step ${i}: the page scrolls sideways`);
  for (const e of document.querySelectorAll("#watch *, header *, #write *")) {
    const r = box(e);
    if (r.width && r.height && (r.right > W + 1 || r.left < -1)) { problems.push(`step ${i}: ${e.tagName}.${e.className} is outside the page (${r.left}-${r.right} of ${W})`); break; }
  }
  const seats = [...document.querySelectorAll(".seat")], cards = [...document.querySelectorAll(".trick-card")];
  const bar = document.getElementById("steps");
  seats.forEach((a, k) => {
    seats.slice(k + 1).forEach((b) => { if (overlap(box(a), box(b))) problems.push(`step ${i}: seats ${a.dataset.seat} and ${b.dataset.seat} overlap`); });
    cards.forEach((c) => { if (overlap(box(a), box(c))) problems.push(`step ${i}: seat ${a.dataset.seat} is under the card ${c.dataset.card}`); });
    if (overlap(box(a), box(bar))) problems.push(`step ${i}: seat ${a.dataset.seat} covers the stepping buttons`);
    const rows = [...a.querySelectorAll(".suit-row")].map((r) => r.dataset.suit);
    const want = order(step.trump).filter((s) => rows.includes(s));
    if (rows.join() !== want.join()) problems.push(`step ${i}: ${a.dataset.seat}'s suits ${rows} are not in the order ${want}`);
    for (const row of a.querySelectorAll(".suit-row")) {
      const ranks = [...row.querySelectorAll(".card")].map((c) => "AKQJT98765432".indexOf(c.dataset.card.slice(0, -1)))
        .filter((_, k, all) => !(game === "euchre" && step.trump && "AKQJT98765432"[all[k]] === "J"));
      if (ranks.some((r, k) => k && r < ranks[k - 1])) problems.push(`step ${i}: ${a.dataset.seat}'s ${row.dataset.suit} are not high to low`);
    }
  });
  cards.forEach((c, k) => cards.slice(k + 1).forEach((d) => {
    if (overlap(box(c), box(d))) problems.push(`step ${i}: the trick's ${c.dataset.card} and ${d.dataset.card} overlap`);
  }));
  cards.forEach((c) => { if (overlap(box(c), box(bar))) problems.push(`step ${i}: the card ${c.dataset.card} covers the stepping buttons`); });
  const next = steps.slice(i + 1).find((s) => inTurn.includes(s.kind));
  const expected = next ? next.player : null;
  const marked = [...document.querySelectorAll(".seat.turn")].map((s) => s.dataset.seat);
  if (marked.join() !== (expected || "")) problems.push(`step ${i} (${step.text}): the turn marker is on ${marked} not ${expected}`);
}
return problems;
