// Goa renderer: the 5x5 tile grid with its edge (flag and numbered markers), the auction
// panel (item, who has spoken, a bid box bounded by your own ducats), your turn's actions
// with their costs, open choices, the additional-action phase, your ducats and expedition
// hand, and every player's development board, plantations, colonies, tiles, ships and
// colonists. Every legal action is reachable as a button (data-testid="action"); anything
// not drawn by a dedicated control falls into "Other actions", so a game can always finish.
// The shell draws the status bar, player panels, log and final scores.

import { h, clear, seatColor, initialOf } from "../core/dom.js";

const SPICE_COLORS = {
  ginger: "#eadcae",
  cinnamon: "#9c5b2e",
  pepper: "#3f4a3c",
  nutmeg: "#d08b3a",
  clove: "#6b2f3a",
};
const SPICE_SHORT = { ginger: "G", cinnamon: "Ci", pepper: "P", nutmeg: "N", clove: "Cl" };
const KIND_COLORS = { red: "#b91c1c", now: "#b7791f", duty: "#4b5563", special: "#6d28d9", mission: "#0f766e" };
// Grid labels short enough for a 360px screen; the full name and text are in the tooltip.
const SHORT_NAMES = {
  "Additional actions": "+2 actions",
  "Ships/Colonists": "Ships / Colon.",
  Settlement: "Settle­ment",
  Expeditions: "Expe­di­tions",
  Expedition: "Expe\u00addi\u00adtion",
  "Extra harvest": "Extra harvest",
  Espionage: "Espio­nage",
  Resupply: "Re­supply",
  Colonists: "Colo­nists",
  Colonist: "Colo­nist",
};
const COLUMNS = ["ships", "harvest", "taxes", "expedition", "colonists"];
const COLUMN_SHORT = { ships: "Ships", harvest: "Harv.", taxes: "Taxes", expedition: "Exp.", colonists: "Col." };
// Spice names on grid tiles, with soft hyphens so a narrow phone cell breaks them cleanly.
const SPICE_LABEL = { ginger: "Ginger", cinnamon: "Cinna\u00admon", pepper: "Pepper", nutmeg: "Nutmeg", clove: "Clove" };

const local = new Map(); // matchId -> {info}
let cssDone = false;

// ---- strings --------------------------------------------------------------------------

export const strings = {
  en: {
    "goa.round": "Part {part} · round {round} of 8",
    "goa.phase.place": "Placing auction markers",
    "goa.phase.auction": "Auction",
    "goa.phase.actions": "Actions",
    "goa.phase.extra": "Additional actions",
    "goa.phase.over": "Game over",
    "goa.flag": "Flag",
    "goa.auction": "Auction of {item}",
    "goa.auctionFlag": "Auction of the flag",
    "goa.theFlag": "the flag (+1 additional action card, starting player)",
    "goa.auctioneer": "Auctioneer",
    "goa.high": "High bid",
    "goa.waiting": "waiting",
    "goa.toSpeak": "to speak",
    "goa.passed": "passed",
    "goa.bid": "Bid",
    "goa.keep": "Keep it for {n} (to the bank)",
    "goa.pass": "Pass",
    "goa.yourDucats": "Your ducats",
    "goa.yourHand": "Your expedition cards",
    "goa.noCards": "no cards",
    "goa.yourTurn": "Your action",
    "goa.leftThisRound": "{n} left this round",
    "goa.extraTurn": "Each action uses an additional action card (you have {n}); you may keep one.",
    "goa.free": "Free: tiles and cards (one card per action)",
    "goa.other": "Other actions",
    "goa.choice": "Your choice",
    "goa.tapTile": "Tap a tile to read it.",
    "goa.ships": "ships",
    "goa.colonists": "colonists",
    "goa.cards": "cards",
    "goa.extra": "extra",
    "goa.boardVp": "board {n} VP",
    "goa.plantations": "Plantations",
    "goa.colonies": "Colonies",
    "goa.tiles": "Tiles",
    "goa.used": "used this round",
    "goa.deck": "Deck {n} · discards {d} · extra action cards left {e}",
    "goa.status.place": "{who} places the flag",
    "goa.status.marker": "{who} places auction marker {n}",
    "goa.status.bid": "{item}: {who} to bid (high {high})",
    "goa.status.turn": "{who}: action",
    "goa.status.extra": "{who}: additional action or pass",
    "goa.status.choose": "{who} is choosing",
    "goa.status.over": "Game over",
    "goa.ducats": "ducats",
    "goa.hiddenDucats": "hidden",
    "score.development": "Development",
    "score.colonies": "Colonies",
    "score.tiles": "Tiles",
    "score.ducats": "Most ducats",
    "score.expeditions": "Expedition sets",
    "score.money": "Ducats (tie-break)",
  },
  ru: {
    "goa.round": "Часть {part} · раунд {round} из 8",
    "goa.phase.place": "Расстановка аукционных фишек",
    "goa.phase.auction": "Аукцион",
    "goa.phase.actions": "Действия",
    "goa.phase.extra": "Дополнительные действия",
    "goa.phase.over": "Игра окончена",
    "goa.flag": "Флаг",
    "goa.auction": "Аукцион: {item}",
    "goa.auctionFlag": "Аукцион флага",
    "goa.theFlag": "флаг (+1 карта доп. действия, первый игрок)",
    "goa.auctioneer": "Аукционист",
    "goa.high": "Ставка",
    "goa.waiting": "ждёт",
    "goa.toSpeak": "ходит",
    "goa.passed": "пас",
    "goa.bid": "Ставка",
    "goa.keep": "Оставить за {n} (в банк)",
    "goa.pass": "Пас",
    "goa.yourDucats": "Ваши дукаты",
    "goa.yourHand": "Ваши карты экспедиций",
    "goa.noCards": "нет карт",
    "goa.yourTurn": "Ваше действие",
    "goa.leftThisRound": "осталось {n} в раунде",
    "goa.extraTurn": "Каждое действие тратит карту доп. действия (у вас {n}); одну можно оставить.",
    "goa.free": "Бесплатно: тайлы и карты (одна карта на действие)",
    "goa.other": "Другие действия",
    "goa.choice": "Ваш выбор",
    "goa.tapTile": "Нажмите на тайл, чтобы прочитать его.",
    "goa.ships": "корабли",
    "goa.colonists": "колонисты",
    "goa.cards": "карты",
    "goa.extra": "доп.",
    "goa.boardVp": "планшет {n} ПО",
    "goa.plantations": "Плантации",
    "goa.colonies": "Колонии",
    "goa.tiles": "Тайлы",
    "goa.used": "использован в этом раунде",
    "goa.deck": "Колода {n} · сброс {d} · карт доп. действий {e}",
    "goa.status.place": "{who} ставит флаг",
    "goa.status.marker": "{who} ставит фишку {n}",
    "goa.status.bid": "{item}: ставка {who} (сейчас {high})",
    "goa.status.turn": "{who}: действие",
    "goa.status.extra": "{who}: доп. действие или пас",
    "goa.status.choose": "{who} выбирает",
    "goa.status.over": "Игра окончена",
    "goa.ducats": "дукаты",
    "goa.hiddenDucats": "скрыто",
    "score.development": "Развитие",
    "score.colonies": "Колонии",
    "score.tiles": "Тайлы",
    "score.ducats": "Больше всех дукатов",
    "score.expeditions": "Наборы экспедиций",
    "score.money": "Дукаты (при равенстве)",
  },
};

function tr(ctx, key, args) {
  const s = ctx?.t ? ctx.t(key, args) : undefined;
  if (s && s !== key) return s;
  let text = strings.en[key] ?? key;
  for (const [k, v] of Object.entries(args || {})) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

function nameOf(ctx, seat) {
  return ctx?.names?.[seat] ?? `Player ${seat + 1}`;
}

function colorOf(ctx, seat) {
  return ctx?.colors?.[seat] ?? seatColor(seat);
}

// ---- shell hooks ----------------------------------------------------------------------

function itemName(ctx, item) {
  return item === "flag" ? tr(ctx, "goa.flag") : item?.name ?? "";
}

/** One line for the status bar: who must do what now. */
export function statusLine(view, ctx) {
  if (!view) return "";
  if (view.over) return tr(ctx, "goa.status.over");
  const seat = view.to_act?.[0];
  const who = seat == null ? "" : nameOf(ctx, seat);
  if (view.pending?.length) return tr(ctx, "goa.status.choose", { who });
  if (view.phase === "place") {
    return view.placing === 1
      ? tr(ctx, "goa.status.place", { who })
      : tr(ctx, "goa.status.marker", { who, n: view.placing });
  }
  if (view.phase === "auction" && view.auction) {
    return tr(ctx, "goa.status.bid", { who, item: itemName(ctx, view.auction.item), high: view.auction.high });
  }
  if (view.phase === "extra") return tr(ctx, "goa.status.extra", { who });
  const left = view.actions_left?.[seat];
  return tr(ctx, "goa.status.turn", { who }) + (left != null ? ` (${tr(ctx, "goa.leftThisRound", { n: left })})` : "");
}

function boardVp(view, p) {
  const vp = view.board?.vp || [0, 1, 3, 6, 10];
  return COLUMNS.reduce((sum, c) => sum + (vp[(p.rows?.[c] || 1) - 1] || 0), 0);
}

/**
 * A seat's ducats as this screen may show them: own money from `view.you`, everyone's once
 * the game is over (the final breakdown makes them public), otherwise "?".
 */
function ducatsText(view, seat) {
  if (view?.you && view.you.seat === seat) return String(view.you.ducats);
  const money = view?.over ? view.outcome?.breakdown?.[seat]?.money : undefined;
  return typeof money === "number" ? String(money) : "?";
}

/** Public facts of one player for the shell's player panel. */
export function playerInfo(view, seat, ctx) {
  const p = view?.players?.[seat];
  if (!p) return "";
  const parts = [
    `${ducatsText(view, seat)} ${tr(ctx, "goa.ducats")}`,
    `${p.ships} ${tr(ctx, "goa.ships")}`,
    `${p.colonists} ${tr(ctx, "goa.colonists")}`,
    `${p.hand} ${tr(ctx, "goa.cards")}`,
    `${p.extra} ${tr(ctx, "goa.extra")}`,
    tr(ctx, "goa.boardVp", { n: boardVp(view, p) }),
  ];
  if (view.flag === seat) parts.push("⚑");
  return parts.join(" · ");
}

// ---- small builders -------------------------------------------------------------------

function state(ctx) {
  const key = ctx.matchId ?? "_";
  if (!local.has(key)) local.set(key, { info: "" });
  return local.get(key);
}

function actionButton(ctx, action, label, extra = {}) {
  const b = h(
    "button",
    {
      type: "button",
      class: `goa-btn ${extra.class || ""}`.trim(),
      title: extra.title || null,
      dataset: { testid: "action", action: JSON.stringify(action) },
    },
    label,
  );
  b.addEventListener("click", async () => {
    if (b.disabled) return;
    b.disabled = true;
    const res = await ctx.act(action);
    if (!res || !res.ok) b.disabled = false;
  });
  return b;
}

function spiceDot(spice, filled = true, title = null) {
  return h("span", {
    class: `goa-dot ${filled ? "" : "goa-empty"}`,
    style: { "--s": SPICE_COLORS[spice] || "#999" },
    title: title || spice,
    "aria-label": `${spice}${filled ? "" : " (empty)"}`,
  });
}

function costLabel(spices) {
  return spices.map((s) => SPICE_SHORT[s] || s).join("+");
}

function marker(ctx, seat, n) {
  return h("span", { class: "goa-marker", style: { "--c": colorOf(ctx, seat) }, title: nameOf(ctx, seat) }, String(n));
}

// ---- the grid ----------------------------------------------------------------------------

function tileFace(tile) {
  const color = tile.kind === "plantation" ? SPICE_COLORS[tile.spice] : KIND_COLORS[tile.kind] || "#555";
  const label = tile.kind === "plantation"
    ? `${SPICE_LABEL[tile.spice] || tile.spice}${tile.fields === 1 ? " ★" : ""}`
    : SHORT_NAMES[tile.name] || tile.name;
  const body = [h("span", { class: "goa-tname" }, label)];
  if (tile.kind === "plantation") {
    body.push(h("span", { class: "goa-fields" }, Array.from({ length: tile.fields }, () => spiceDot(tile.spice))));
  }
  return h("span", { class: `goa-tile goa-k-${tile.kind}`, style: { "--k": color }, title: `${tile.name}: ${tile.text}` }, body);
}

function renderGrid(ctx, view, legalByPos, info) {
  const grid = h("div", { class: "goa-grid", role: "grid", "aria-label": "Game area" });
  const markers = new Map((view.markers || []).map((m) => [m.pos.join(","), m]));
  const flagAt = view.flag_pos ? view.flag_pos.join(",") : null;
  for (let r = -1; r <= 5; r++) {
    for (let c = -1; c <= 5; c++) {
      const key = `${r},${c}`;
      const onGrid = r >= 0 && r < 5 && c >= 0 && c < 5;
      const tile = onGrid ? view.grid[r][c] : null;
      const cell = h("div", { class: `goa-cell ${onGrid ? "" : "goa-edge"} ${tile ? "" : "goa-gap"}`, role: "gridcell" });
      if (tile) {
        const face = tileFace(tile);
        face.tabIndex = 0;
        const show = () => {
          state(ctx).info = `${tile.name}: ${tile.text}`;
          info.textContent = state(ctx).info;
        };
        face.addEventListener("click", show);
        face.addEventListener("mouseenter", show);
        face.addEventListener("focus", show);
        cell.append(face);
      }
      const m = markers.get(key);
      if (key === flagAt) cell.append(h("span", { class: "goa-flag", title: tr(ctx, "goa.flag") }, "⚑"));
      if (m) cell.append(marker(ctx, m.seat, m.n));
      const act = legalByPos.get(key);
      if (act) {
        cell.classList.add("goa-target");
        const label = act.type === "place_flag" ? "⚑1" : `▼${view.placing}`;
        const title = act.type === "place_flag" ? "Place the flag and marker 1 here" : `Place marker ${view.placing} here`;
        cell.append(actionButton(ctx, act, label, { class: "goa-place", title }));
      }
      grid.append(cell);
    }
  }
  return grid;
}

// ---- the auction ------------------------------------------------------------------------

function renderAuction(ctx, view, legal, used) {
  const a = view.auction;
  if (!a) return null;
  const item = a.item === "flag" ? tr(ctx, "goa.theFlag") : `${a.item.name} — ${a.item.text}`;
  const words = new Map((a.words || []).map((w) => [w.seat, w.amount]));
  const rows = a.order.map((seat) => {
    let what;
    if (words.has(seat)) what = words.get(seat) == null ? tr(ctx, "goa.passed") : String(words.get(seat));
    else what = seat === a.speaker ? tr(ctx, "goa.toSpeak") : tr(ctx, "goa.waiting");
    return h(
      "li",
      { class: `goa-word ${seat === a.speaker ? "goa-now" : ""}` },
      h("span", { class: "goa-chip", style: { "--c": colorOf(ctx, seat) } }, initialOf(nameOf(ctx, seat), seat)),
      ` ${nameOf(ctx, seat)}${seat === a.auctioneer ? ` (${tr(ctx, "goa.auctioneer")})` : ""}: `,
      h("b", {}, what),
    );
  });
  const box = h(
    "section",
    { class: "goa-panel goa-auction" },
    h("h3", {}, a.item === "flag" ? tr(ctx, "goa.auctionFlag") : tr(ctx, "goa.auction", { item: itemName(ctx, a.item) })),
    h("p", { class: "goa-item" }, item),
    h("p", {}, `${tr(ctx, "goa.high")}: `, h("b", {}, String(a.high)), a.leader !== a.auctioneer ? ` — ${nameOf(ctx, a.leader)}` : ""),
    h("ol", { class: "goa-words" }, rows),
  );
  const bids = legal.filter((x) => x.type === "bid");
  const pass = legal.find((x) => x.type === "pass");
  if (bids.length || pass) {
    const controls = h("div", { class: "goa-row" });
    for (const x of bids) used.add(JSON.stringify(x));
    if (pass) used.add(JSON.stringify(pass));
    if (bids.length === 1 && ctx.seat === a.auctioneer) {
      controls.append(actionButton(ctx, bids[0], tr(ctx, "goa.keep", { n: bids[0].amount })));
    } else if (bids.length) {
      const lo = bids[0].amount;
      const hi = bids[bids.length - 1].amount;
      const input = h("input", { type: "number", class: "goa-input", min: lo, max: hi, step: 1, value: lo, "aria-label": tr(ctx, "goa.bid"), dataset: { testid: "goa-bid-input" } });
      // The button sends whatever amount the box holds (bounded by your own ducats).
      const send = bidButton(ctx, input, lo, hi);
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") send.click();
      });
      controls.append(input, send);
    }
    if (pass) controls.append(actionButton(ctx, pass, tr(ctx, "goa.pass"), { class: "goa-secondary" }));
    box.append(controls);
  }
  return box;
}

function bidButton(ctx, input, lo, hi) {
  const amount = () => Math.max(lo, Math.min(hi, Math.round(Number(input.value) || lo)));
  const b = h("button", { type: "button", class: "goa-btn", dataset: { testid: "action", action: JSON.stringify({ type: "bid", amount: lo }) } }, `${tr(ctx, "goa.bid")} ${lo}`);
  // The button always carries the exact action it will send now (browser tests read it).
  const sync = () => {
    b.dataset.action = JSON.stringify({ type: "bid", amount: amount() });
    b.textContent = `${tr(ctx, "goa.bid")} ${amount()}`;
  };
  input.addEventListener("input", sync);
  input.addEventListener("change", sync);
  b.addEventListener("click", async () => {
    if (b.disabled) return;
    b.disabled = true;
    const res = await ctx.act({ type: "bid", amount: amount() });
    if (!res || !res.ok) b.disabled = false;
  });
  return b;
}

// ---- labels for actions and choices -------------------------------------------------------

function value(view, p, col) {
  const v = view.board?.values?.[col];
  return v ? v[(p.rows[col] || 1) - 1] : "";
}

function srcName(p, src) {
  const t = [...(p.plantations || []), ...(p.tiles || [])].find((x) => x.id === src);
  return t ? t.name : src;
}

function cardText(view, id) {
  const c = (view.you?.hand || []).find((x) => x.id === id);
  return c ? `${id}: ${c.text}` : id;
}

/** A readable label (with the cost or gain) for one legal action. */
export function actionText(view, seat, a, ctx) {
  const p = view.players[seat];
  switch (a.type) {
    case "progress": {
      const row = p.rows[a.column];
      const cost = view.board.costs[a.column][row - 1];
      const card = a.card ? ` · ${cardText(view, a.card)}` : "";
      return `${a.column} ↓ row ${row + 1} (${costLabel(cost)} + ${cost.length} ships)${card}`;
    }
    case "ships":
      return `Build ships (+${value(view, p, "ships")})`;
    case "harvest":
      return `Harvest (up to ${value(view, p, "harvest")})${a.card ? ` · ${cardText(view, a.card)}` : ""}`;
    case "taxes":
      return `Taxes (+${value(view, p, "taxes")} ducats)`;
    case "expedition":
      return `Expedition: draw ${a.count}`;
    case "found":
      return `Found ${a.colony} (${view.colony_need[a.colony]} colonists; board ${value(view, p, "colonists")})`;
    case "use_tile": {
      const t = p.tiles.find((x) => x.id === a.tile);
      return `Use ${t ? t.name : a.tile}${a.target != null ? ` on ${nameOf(ctx, a.target)}` : ""}`;
    }
    case "play_card":
      return `Play ${cardText(view, a.card)}${a.column ? ` → ${a.column}` : ""}`;
    case "discard_card":
      return `Discard ${a.card}`;
    case "pass":
      return tr(ctx, "goa.pass");
    case "choose":
      return optionText(view, seat, a.option, ctx);
    default:
      return [a.type, ...Object.entries(a).filter(([k]) => k !== "type").map(([k, v]) => `${k}=${v}`)].join(" ");
  }
}

function optionText(view, seat, option, ctx) {
  const p = view.players[seat];
  const pend = view.pending?.[view.pending.length - 1] || {};
  const [head, ...rest] = option.split(":");
  const arg = rest.join(":");
  if (/^f\d+$/.test(head)) {
    const f = p.fields[Number(head.slice(1))];
    return `${arg} → ${f ? srcName(p, f.src) : "field"}`;
  }
  switch (head) {
    case "pay":
      return `Pay ${pend.need - pend.have} colonists`;
    case "third":
      return `Play ${cardText(view, arg)}`;
    case "give_up":
      return "Give up (take 1 colonist)";
    case "tile":
      return `${pend.name || "Colony"}: ${arg.replace("/", " or ")}`;
    case "drop":
      return `Give up ${srcName(p, arg)}`;
    case "sell":
      return `Sell 1 ${arg} (+3 ducats)`;
    case "give":
      return `Return 1 ${arg}`;
    case "fill":
      return `Fill ${srcName(p, arg.split(":")[0])}${arg.includes(":") ? ` with ${arg.split(":")[1]}` : ""}`;
    case "column":
      return `${arg} ↓ (free)`;
    case "stop":
      return "Done";
    case "ships":
    case "colonists":
    case "spices":
      return pend.n ? `${pend.n} ${head}` : head;
    case "ship":
      return "1 ship instead";
    case "colonist":
      return "1 colonist instead";
    default:
      return option;
  }
}

function pendingTitle(view, pend) {
  switch (pend.kind) {
    case "spice":
      return `Place spices: ${pend.left} left`;
    case "colony":
      return `${pend.name}: ${pend.have} of ${pend.need} colonists (revealed ${(pend.cards || []).map((c) => `${c.id}·${c.colonists}`).join(", ")})`;
    case "colony_tile":
      return `${pend.name}: choose the colony tile`;
    case "drop":
      return "A fifth plantation: give one up";
    case "either":
    case "resupply":
      return `Take ${pend.n} of one kind`;
    case "sell":
      return `Sell spices (${pend.left} left)`;
    case "duty":
      return `Duty: return ${pend.left} more spices`;
    case "harvest3":
      return `Extra harvest: fill ${pend.left} more`;
    case "vice_king":
      return "Vice-king: which marker?";
    default:
      return pend.kind;
  }
}

// ---- your turn ----------------------------------------------------------------------------

const MAIN = new Set(["progress", "ships", "harvest", "taxes", "expedition", "found"]);
const FREE = new Set(["use_tile", "play_card", "discard_card"]);

function renderTurn(ctx, view, legal, used) {
  const seat = ctx.seat;
  const box = h("section", { class: "goa-panel goa-turn" });
  if (view.pending?.length) {
    const pend = view.pending[view.pending.length - 1];
    box.append(h("h3", {}, `${tr(ctx, "goa.choice")}: ${pendingTitle(view, pend)}`));
    const row = h("div", { class: "goa-row" });
    for (const a of legal) {
      used.add(JSON.stringify(a));
      const opt = a.option || "";
      const m = /^f\d+:(\w+)/.exec(opt);
      const btn = actionButton(ctx, a, actionText(view, seat, a, ctx));
      if (m) btn.prepend(spiceDot(m[1]), " ");
      row.append(btn);
    }
    box.append(row);
    return box;
  }
  const p = view.players[seat];
  if (view.phase === "extra") {
    box.append(h("h3", {}, tr(ctx, "goa.phase.extra")), h("p", { class: "goa-note" }, tr(ctx, "goa.extraTurn", { n: p.extra })));
  } else {
    const left = view.actions_left?.[seat];
    box.append(h("h3", {}, `${tr(ctx, "goa.yourTurn")}${left != null ? ` · ${tr(ctx, "goa.leftThisRound", { n: left })}` : ""}`));
  }
  const main = h("div", { class: "goa-row" });
  const free = h("div", { class: "goa-row" });
  for (const a of legal) {
    if (MAIN.has(a.type) || a.type === "pass") {
      used.add(JSON.stringify(a));
      main.append(actionButton(ctx, a, actionText(view, seat, a, ctx), { class: a.type === "pass" ? "goa-secondary" : "" }));
    } else if (FREE.has(a.type)) {
      used.add(JSON.stringify(a));
      free.append(actionButton(ctx, a, actionText(view, seat, a, ctx), { class: a.type === "discard_card" ? "goa-secondary" : "" }));
    }
  }
  box.append(main);
  if (free.childNodes.length) box.append(h("h4", {}, tr(ctx, "goa.free")), free);
  return box;
}

// ---- players ------------------------------------------------------------------------------

function devBoard(ctx, view, p, seat) {
  const b = view.board;
  const table = h("table", { class: "goa-dev", "aria-label": `${nameOf(ctx, seat)} development board` });
  table.append(h("tr", {}, h("th", {}, "VP"), COLUMNS.map((c) => h("th", { title: c }, COLUMN_SHORT[c]))));
  for (let r = 1; r <= 5; r++) {
    const cells = COLUMNS.map((c) => {
      const here = p.rows[c] === r;
      const cost = r < 5 ? b.costs[c][r - 1] : null;
      return h(
        "td",
        {
          class: here ? "goa-here" : "",
          style: here ? { "--c": colorOf(ctx, seat) } : null,
          title: `${c} row ${r}: ${b.values[c][r - 1]}${cost ? ` · next step ${costLabel(cost)} + ${cost.length} ships` : ""}`,
        },
        String(b.values[c][r - 1]),
      );
    });
    table.append(h("tr", {}, h("th", {}, String(b.vp[r - 1])), cells));
  }
  return table;
}

function fieldsOf(p, src) {
  return p.fields.filter((f) => f.src === src).map((f) => spiceDot(f.spice || f.allow[0], !!f.spice, f.spice ? f.spice : `empty: ${f.allow.join("/")}`));
}

function renderPlayer(ctx, view, seat) {
  const p = view.players[seat];
  const me = seat === ctx.seat;
  const head = h(
    "h3",
    { class: "goa-phead", style: { "--c": colorOf(ctx, seat) } },
    h("span", { class: "goa-chip", style: { "--c": colorOf(ctx, seat) } }, initialOf(nameOf(ctx, seat), seat)),
    ` ${nameOf(ctx, seat)}`,
    view.flag === seat ? h("span", { class: "goa-flagmark", title: tr(ctx, "goa.flag") }, " ⚑") : null,
    view.to_act?.includes(seat) ? h("span", { class: "goa-turnmark" }, " ●") : null,
  );
  const money = ducatsText(view, seat);
  const stats = h("p", { class: "goa-stats" },
    h("span", {
      class: "goa-money",
      dataset: { testid: `goa-ducats-${seat}` },
      title: money === "?" ? tr(ctx, "goa.hiddenDucats") : null,
    }, money),
    ` ${tr(ctx, "goa.ducats")} · `,
    playerInfo(view, seat, ctx).split(" · ").slice(1).join(" · "));
  const plantations = h(
    "div",
    { class: "goa-owned" },
    h("b", {}, `${tr(ctx, "goa.plantations")}: `),
    p.plantations.map((t) => h("span", { class: "goa-own", title: t.text }, `${t.name} `, fieldsOf(p, t.id))),
    p.dropped.length ? h("span", { class: "goa-own goa-muted" }, `+${p.dropped.length} given up`) : null,
  );
  const colonies = p.colonies.length
    ? h("div", { class: "goa-owned" }, h("b", {}, `${tr(ctx, "goa.colonies")}: `),
      p.colonies.map((c) => h("span", { class: "goa-own", title: c.allow.join("/") }, `${c.name} `, fieldsOf(p, c.name))))
    : null;
  const tiles = p.tiles.length || p.done.length
    ? h("div", { class: "goa-owned" }, h("b", {}, `${tr(ctx, "goa.tiles")}: `),
      p.tiles.map((t) => h("span", { class: `goa-own ${t.used ? "goa-muted" : ""}`, title: `${t.text}${t.used ? ` (${tr(ctx, "goa.used")})` : ""}` }, t.name)),
      p.done.map((t) => h("span", { class: "goa-own goa-muted", title: t.text }, `${t.name} ✓`)))
    : null;
  return h("section", { class: `goa-panel goa-player ${me ? "goa-me" : ""}`, style: { "--c": colorOf(ctx, seat) } },
    head, stats, devBoard(ctx, view, p, seat), plantations, colonies, tiles);
}

function renderHand(ctx, view) {
  const you = view.you;
  if (!you) return null;
  const cards = you.hand.length
    ? you.hand.map((c) => h("li", { class: "goa-card", title: c.text },
      h("b", {}, c.id), ` ${c.text} `, h("span", { class: "goa-muted" }, `· ${c.colonists} col. · ${c.symbol}`)))
    : [h("li", { class: "goa-muted" }, tr(ctx, "goa.noCards"))];
  return h("section", { class: "goa-panel goa-you" },
    h("p", {}, `${tr(ctx, "goa.yourDucats")}: `, h("b", { class: "goa-ducats" }, String(you.ducats))),
    h("h4", {}, tr(ctx, "goa.yourHand")),
    h("ul", { class: "goa-hand" }, cards));
}

// ---- render -------------------------------------------------------------------------------

export function render(root, ctx) {
  injectCss();
  const view = ctx.view;
  clear(root);
  if (!view || !view.players) return;
  const legal = Array.isArray(view.legal) && !view.over ? view.legal : [];
  const used = new Set();
  const info = h("p", { class: "goa-info", "aria-live": "polite" }, state(ctx).info || tr(ctx, "goa.tapTile"));
  const legalByPos = new Map();
  for (const a of legal) {
    if (a.type === "place_flag" || a.type === "place_marker") {
      legalByPos.set(`${a.row},${a.col}`, a);
      used.add(JSON.stringify(a));
    }
  }
  const head = h("div", { class: "goa-head" },
    h("b", {}, tr(ctx, "goa.round", { part: view.part, round: view.round })),
    ` · ${tr(ctx, `goa.phase.${view.phase}`)}`,
    h("span", { class: "goa-muted" }, ` · ${tr(ctx, "goa.deck", { n: view.deck, d: view.discard.length, e: view.extra_supply })}`));
  const side = h("div", { class: "goa-side" });
  const auction = view.phase === "auction" ? renderAuction(ctx, view, view.pending?.length ? [] : legal, used) : null;
  if (auction) side.append(auction);
  const mine = ctx.seat != null && view.to_act?.includes(ctx.seat) && !view.over;
  if (mine && (view.pending?.length || view.phase === "actions" || view.phase === "extra")) side.append(renderTurn(ctx, view, legal, used));
  const rest = legal.filter((a) => !used.has(JSON.stringify(a)));
  if (rest.length) {
    side.append(h("section", { class: "goa-panel" }, h("h4", {}, tr(ctx, "goa.other")),
      h("div", { class: "goa-row" }, rest.map((a) => actionButton(ctx, a, actionText(view, ctx.seat, a, ctx))))));
  }
  const hand = renderHand(ctx, view);
  if (hand) side.append(hand);
  const board = h("div", { class: "goa-boardwrap" }, renderGrid(ctx, view, legalByPos, info), info);
  const order = ctx.seat != null ? [ctx.seat, ...view.players.map((_, i) => i).filter((i) => i !== ctx.seat)] : view.players.map((_, i) => i);
  root.append(h("div", { class: "goa" }, head, h("div", { class: "goa-top" }, board, side),
    h("div", { class: "goa-players" }, order.map((s) => renderPlayer(ctx, view, s)))));
}

// ---- styles -------------------------------------------------------------------------------

function injectCss() {
  if (cssDone || typeof document === "undefined") return;
  cssDone = true;
  const css = `
.goa { display: flex; flex-direction: column; gap: .6rem; font-size: .95rem; }
.goa-head { display: flex; flex-wrap: wrap; gap: .2rem; align-items: baseline; }
.goa-muted { color: var(--ink-2, #555); }
.goa-top { display: flex; flex-wrap: wrap; gap: .6rem; align-items: flex-start; }
.goa-boardwrap { flex: 1 1 300px; max-width: 520px; min-width: 0; }
.goa-side { flex: 1 1 260px; display: flex; flex-direction: column; gap: .5rem; min-width: 0; }
.goa-grid { display: grid; grid-template-columns: .5fr repeat(5, 1fr) .5fr; grid-template-rows: .5fr repeat(5, 1fr) .5fr; gap: 3px; aspect-ratio: 1; background: #cfe3ea; border-radius: var(--radius, 10px); padding: 4px; }
.goa-cell { position: relative; min-width: 0; min-height: 0; border-radius: 4px; container-type: inline-size; }
.goa-cell.goa-gap:not(.goa-edge) { background: rgba(255,255,255,.35); }
.goa-edge { background: transparent; }
.goa-tile { position: absolute; inset: 0; display: flex; flex-direction: column; justify-content: space-between; padding: 2px; border-radius: 4px; background: #fffaf0; border: 3px solid var(--k); cursor: help; overflow: hidden; }
.goa-tile:focus { outline: 2px solid var(--focus, #1d4ed8); }
.goa-tname { font-size: clamp(7px, 18cqi, 13px); line-height: 1.05; overflow-wrap: normal; hyphens: manual; }
.goa-fields { display: flex; gap: 2px; flex-wrap: wrap; }
.goa-dot { display: inline-block; width: .8em; height: .8em; border-radius: 50%; background: var(--s); border: 1px solid rgba(0,0,0,.45); vertical-align: middle; }
.goa-dot.goa-empty { background: transparent; border: 2px dashed var(--s); }
.goa-marker { position: absolute; right: 2px; bottom: 2px; display: grid; place-items: center; width: 1.5em; height: 1.5em; border-radius: 50%; background: var(--c); color: #fff; font-weight: 700; font-size: .75rem; box-shadow: 0 0 0 2px #fff; z-index: 2; }
.goa-flag { position: absolute; left: 2px; top: 0; font-size: 1.2rem; z-index: 2; }
.goa-target { outline: 2px dashed var(--turn, #a15c00); }
.goa-btn.goa-place { position: absolute; left: 50%; bottom: 2px; transform: translateX(-50%); z-index: 3; padding: 0 .3rem; min-height: 1.6rem; font-size: .75rem; line-height: 1; white-space: nowrap; }
.goa-gap .goa-btn.goa-place { bottom: auto; top: 50%; transform: translate(-50%, -50%); }
.goa-info { min-height: 2.4em; margin: .3rem 0 0; font-size: .85rem; color: var(--ink-2, #444); }
.goa-panel { border: 1px solid var(--line, #ccc); border-radius: var(--radius, 10px); background: var(--surface, #fff); padding: .5rem; }
.goa-panel h3, .goa-panel h4 { margin: 0 0 .35rem; font-size: 1rem; }
.goa-panel h4 { font-size: .9rem; margin-top: .4rem; }
.goa-row { display: flex; flex-wrap: wrap; gap: .35rem; align-items: center; }
.goa-btn { font: inherit; font-size: .85rem; min-height: 2.2rem; padding: .25rem .6rem; border-radius: var(--radius-sm, 6px); border: 1px solid var(--accent, #0b4f6c); background: var(--accent, #0b4f6c); color: var(--accent-ink, #fff); cursor: pointer; }
.goa-btn.goa-secondary { background: var(--surface, #fff); color: var(--accent, #0b4f6c); }
.goa-btn:disabled { opacity: .55; cursor: default; }
.goa-input { width: 5rem; min-height: 2.2rem; font: inherit; padding: .2rem .4rem; }
.goa-item { margin: 0 0 .3rem; }
.goa-words { margin: .2rem 0 .4rem; padding-left: 1.2rem; }
.goa-word.goa-now { font-weight: 600; color: var(--turn, #a15c00); }
.goa-chip { display: inline-grid; place-items: center; width: 1.4em; height: 1.4em; border-radius: 50%; background: var(--c); color: #fff; font-size: .75rem; font-weight: 700; }
.goa-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: .5rem; }
.goa-player { border-top: 4px solid var(--c); }
.goa-me { box-shadow: 0 0 0 2px var(--c) inset; }
.goa-phead { display: flex; align-items: center; gap: .25rem; }
.goa-turnmark { color: var(--turn, #a15c00); }
.goa-stats { margin: 0 0 .3rem; font-size: .85rem; }
.goa-dev { border-collapse: collapse; width: 100%; font-size: .75rem; text-align: center; margin-bottom: .3rem; }
.goa-dev th, .goa-dev td { border: 1px solid var(--line, #ddd); padding: 1px 2px; }
.goa-dev th { font-weight: 600; background: var(--surface-2, #f7f5f0); }
.goa-dev td.goa-here { background: var(--c); color: #fff; font-weight: 700; }
.goa-owned { font-size: .82rem; margin: .15rem 0; display: flex; flex-wrap: wrap; gap: .25rem .5rem; align-items: center; }
.goa-own { display: inline-flex; align-items: center; gap: 2px; }
.goa-hand { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .2rem; font-size: .85rem; }
.goa-card { border: 1px solid var(--line, #ddd); border-radius: 6px; padding: .15rem .35rem; background: var(--surface-2, #faf8f3); }
.goa-ducats { font-size: 1.1rem; }
.goa-note { margin: 0 0 .3rem; font-size: .85rem; }
@media (max-width: 420px) { .goa-boardwrap { max-width: 100%; flex-basis: 100%; } .goa-players { grid-template-columns: 1fr; } }
`;
  document.head.append(h("style", { id: "goa-style" }, css));
}
