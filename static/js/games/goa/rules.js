// Goa's rules in short, written for this site (en, ru): what the "Rules" button shows
// (core/widgets/rules.js), with two drawings of a round: the markers and an auction, and the
// development board that the actions move down.

import { picture, s, text, arrow } from "../../core/widgets/drawing.js";

export default {
  en: [
    { id: "goal", title: "Goal", text: "Trade spices in Goa over two parts of four rounds and score the most victory points: development board, colonies, special tiles, the most ducats and sets of expedition cards." },
    { id: "markers", title: "Markers", icon: "flag", text: "The starting player puts the flag next to a tile; then everyone places numbered auction markers, each next to (or diagonal to) the previous one." },
    { id: "auctions", title: "Auctions", icon: "coin", text: "The flag, then each marked tile, is auctioned by the marker's owner. Each player bids once, clockwise, higher than the last bid, or passes; the auctioneer speaks last. The winner pays the auctioneer (or the bank, when the auctioneer wins). The flag brings an additional action card and makes you the starting player.", drawing: "auction" },
    { id: "actions", title: "Actions", icon: "star", text: "Three actions each per round: progress (pay the spices shown, one ship each, to move a marker down a column), build ships, harvest spices onto empty fields, collect taxes, draw expedition cards (never above your hand limit), or try to found a colony with colonists from your board, two revealed cards and colonist cards.", drawing: "board" },
    { id: "extra", title: "Additional actions", text: "When everyone has had three actions, additional action cards are played one at a time; you may keep at most one card into the next round." },
    { id: "scoring", title: "Scoring", text: "Development rows, colonies, single plantations (★: 1 point each, kept even if given up), fulfilled Duty and Missions, 3 points for the most ducats and sets of expedition card symbols. Tie: the most ducats wins." },
  ],
  ru: [
    { id: "goal", title: "Цель", text: "Торгуйте пряностями в Гоа две части по четыре раунда и наберите больше всех победных очков: планшет развития, колонии, особые тайлы, больше всех дукатов и наборы карт экспедиций." },
    { id: "markers", title: "Маркеры", icon: "flag", text: "Начинающий игрок ставит флаг рядом с тайлом; затем все по очереди ставят пронумерованные аукционные маркеры, каждый рядом (или по диагонали) с предыдущим." },
    { id: "auctions", title: "Аукционы", icon: "coin", text: "Флаг, затем каждый отмеченный тайл выставляет владелец маркера. Каждый по часовой стрелке один раз делает ставку выше прежней или пасует; аукционист говорит последним. Победитель платит аукционисту (или банку, если выиграл аукционист). Флаг даёт карту дополнительного действия и делает вас начинающим игроком.", drawing: "auction" },
    { id: "actions", title: "Действия", icon: "star", text: "По три действия за раунд: развитие (заплатить указанные пряности, к каждой корабль, и сдвинуть маркер вниз), корабли, урожай на пустые поля, налоги, карты экспедиций (не больше лимита руки) или попытка основать колонию колонистами с планшета, двух открытых карт и карт колонистов.", drawing: "board" },
    { id: "extra", title: "Дополнительные действия", text: "Когда у всех прошло по три действия, карты дополнительных действий играют по одной; в следующий раунд можно оставить не больше одной." },
    { id: "scoring", title: "Очки", text: "Ряды планшета, колонии, одиночные плантации (★: по 1 очку, даже если от них отказались), выполненная Пошлина и Миссии, 3 очка за больше всех дукатов и наборы символов карт экспедиций. При равенстве побеждает тот, у кого больше дукатов." },
  ],
};

// The words inside the drawings.
export const labels = {
  en: {
    auctionTitle: "Markers, then the auctions in their order",
    flag: "flag",
    order: "Auctioned in order: the flag, then 1, 2, 3",
    bids: "One bid each, clockwise; the auctioneer last",
    player: "player",
    auctioneer: "auctioneer",
    pass: "pass",
    pays: "The winner pays the auctioneer",
    boardTitle: "Your development board: five columns of actions",
    columns: ["Ships", "Harvest", "Taxes", "Expedition", "Colonists"],
    progress: "Progress: pay the spices shown",
    ship: "and 1 ship for each",
    lower: "Lower rows give more and score more",
  },
  ru: {
    auctionTitle: "Маркеры, затем аукционы по порядку",
    flag: "флаг",
    order: "Порядок аукционов: флаг, затем 1, 2, 3",
    bids: "По ставке по часовой; аукционист последним",
    player: "игрок",
    auctioneer: "аукционист",
    pass: "пас",
    pays: "Победитель платит аукционисту",
    boardTitle: "Ваш планшет развития: пять столбцов действий",
    columns: ["Корабли", "Урожай", "Налоги", "Экспедиция", "Колонисты"],
    progress: "Развитие: заплатите пряности",
    ship: "и по кораблю за каждую",
    lower: "Ниже — больше за действие и больше очков",
  },
};

const TILE = "#f3e7c9";
const EDGE = "#b9b09e";
const SEATS = ["#b91c1c", "#1d4ed8", "#15803d", "#a16207"];
const SPICES = ["#b45309", "#15803d", "#7e22ce"];

function marker(x, y, n, color) {
  return s("g", {}, s("circle", { cx: x, cy: y, r: 12, fill: color, stroke: "#fff", "stroke-width": 2 }), text(x, y, n, { fill: "#fff", "font-weight": 700 }));
}

function flag(x, y) {
  return s("g", {}, s("line", { x1: x, y1: y + 13, x2: x, y2: y - 13, stroke: "#1c2430", "stroke-width": 2 }), s("polygon", { points: `${x},${y - 13} ${x + 18},${y - 7} ${x},${y - 1}`, fill: "#0b4f6c" }));
}

export const drawings = {
  /** The tile grid with the flag and three markers, and one auction's bids. */
  auction(L) {
    const tile = (c, r) => [20 + c * 82, 14 + r * 54];
    const tiles = [];
    for (let r = 0; r < 2; r++) for (let c = 0; c < 4; c++) {
      const [x, y] = tile(c, r);
      tiles.push(s("rect", { x, y, width: 74, height: 46, rx: 5, fill: TILE, stroke: EDGE }));
    }
    // The flag beside tile (0,0); markers chained next to or diagonal to the one before.
    const at = [[0, 0], [1, 0], [2, 1], [3, 1]].map(([c, r]) => tile(c, r)).map(([x, y]) => [x + 37, y + 23]);
    const chain = at.slice(1).map(([x, y], i) => arrow(at[i][0] + 16, at[i][1], x - 16, y, { stroke: "#4a5563" }));
    const bids = [[L.player, "2"], [L.player, L.pass], [L.player, "4"], [L.auctioneer, "5"]];
    const boxes = bids.map(([who, bid], i) => {
      const x = 5 + i * 89;
      return s("g", {},
        s("rect", { x, y: 176, width: 82, height: 46, rx: 6, fill: i === 3 ? "#e3eef3" : "#fff", stroke: EDGE }),
        text(x + 41, 190, who, { "font-size": 13 }),
        text(x + 41, 209, bid, { "font-size": 14, "font-weight": 700 }),
        i < 3 ? arrow(x + 82, 199, x + 89, 199, { stroke: "#4a5563" }) : null);
    });
    return picture(360, 250, L.auctionTitle,
      tiles, chain, flag(at[0][0] - 4, at[0][1] - 6), text(at[0][0] + 12, at[0][1] + 14, L.flag, { "font-size": 13 }),
      at.slice(1).map(([x, y], i) => marker(x, y, i + 1, SEATS[i + 1])),
      text(180, 136, L.order), text(180, 160, L.bids, { "font-size": 13 }), boxes, text(180, 238, L.pays, { "font-size": 13 }));
  },

  /** The five columns of the development board, a marker stepping one row down. */
  board(L) {
    const col = (i) => 16 + i * 67;
    const rows = 4;
    const cells = [];
    for (let i = 0; i < 5; i++) {
      // Headings in two staggered lines, so long names never overlap at this width.
      cells.push(text(col(i) + 31, i % 2 ? 30 : 12, L.columns[i], { "font-size": 13, "font-weight": 600 }));
      for (let r = 0; r < rows; r++) cells.push(s("rect", { x: col(i), y: 44 + r * 34, width: 62, height: 30, rx: 4, fill: r % 2 ? "#f9f7f2" : "#fff", stroke: EDGE }));
    }
    const markers = [1, 0, 0, 2, 1].map((r, i) => marker(col(i) + 31, 59 + r * 34, "", SEATS[0]));
    // Harvest steps down from row 2 to row 3: the spices of that step, each with a ship.
    const x = col(1) + 31;
    const step = s("g", {},
      s("circle", { cx: x, cy: 93, r: 12, fill: "none", stroke: SEATS[0], "stroke-width": 2, "stroke-dasharray": "3 3" }),
      arrow(x, 71, x, 81, { stroke: "#1c2430" }),
      SPICES.slice(0, 2).map((c, i) => s("circle", { cx: x - 22 + i * 44, cy: 93, r: 6, fill: c })));
    return picture(360, 240, L.boardTitle, cells, markers, step,
      text(180, 196, L.progress), text(180, 214, L.ship), text(180, 232, L.lower, { "font-size": 13 }));
  },
};
