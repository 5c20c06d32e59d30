// Go Goa's rules in short, written for this site (en, ru): what the "Rules" button shows.
// Each section is a title and a few sentences; `icon` names a glyph the shell draws; two
// drawings (core/widgets/rules.js): a day's three dice and their roles, and a path on the hexes.

import { picture, s, text, arrow } from "../../core/widgets/drawing.js";

export default {
  en: [
    { id: "goal", title: "Goal", text: "Tour Goa for 12 days and score the most points. Each day you draw one path on the map; only the hex where it ends counts." },
    { id: "day0", title: "Day 0", text: "You are dealt four tour plans and keep two. Finishing a plan (visiting all its places) scores its points." },
    { id: "day", title: "Each day", icon: "dice", text: "Three dice are rolled for everyone. Give each die a role: direction (the compass beside the map), distance (hexes) and deviation (1–3: one turn allowed, 4–6: two). The starting player goes first; the die they used for direction is reserved: the others may not use it for direction.", drawing: "dice" },
    { id: "drawing", title: "Drawing", icon: "path", text: "Click blue hexes to go straight on, gray hexes to turn (uses a deviation). A path off the map bounces back. Dots and rings mark where your path can still end; a ring is a new destination. Submit when the path is complete; paths are revealed when everyone has submitted.", drawing: "path" },
    { id: "guides", title: "Guides", text: "Ending on Calangute, Colva or Palolem finds their local guide. Before choosing dice you may hire a found guide once to change a die by ±1 (6 and 1 wrap)." },
    { id: "scoring", title: "Scoring", icon: "star", text: "10 points per place visited, 20 more for Dudhsagar Falls, finished tour plans, 30 per set of five different types, and 10 for three places of one type (30 for six). Tie: fewer beaches wins." },
  ],
  ru: [
    { id: "goal", title: "Цель", text: "12 дней путешествуйте по Гоа и наберите больше всех очков. Каждый день вы рисуете на карте один путь; считается только гекс, где он закончился." },
    { id: "day0", title: "День 0", text: "Вам раздают четыре плана туров, два вы оставляете. Выполненный план (посещены все его места) приносит его очки." },
    { id: "day", title: "Каждый день", icon: "dice", text: "Для всех бросают три кубика. Дайте каждому роль: направление (компас рядом с картой), расстояние (гексы) и отклонение (1–3: один поворот, 4–6: два). Первым ходит начинающий игрок; кубик, который он взял для направления, зарезервирован: другим нельзя брать его для направления.", drawing: "dice" },
    { id: "drawing", title: "Путь", icon: "path", text: "Синие гексы ведут прямо, серые — поворот (тратит отклонение). Путь за край карты отскакивает назад. Точки и кольца показывают, где путь ещё может закончиться; кольцо — новое место. Сдайте путь, когда он готов; пути открываются, когда сдали все.", drawing: "path" },
    { id: "guides", title: "Гиды", text: "Закончив путь в Калангуте, Колве или Палолеме, вы находите местного гида. До выбора кубиков найденного гида можно один раз нанять, чтобы изменить кубик на ±1 (6 и 1 переходят друг в друга)." },
    { id: "scoring", title: "Очки", icon: "star", text: "10 очков за каждое место, ещё 20 за водопад Дудхсагар, очки выполненных планов, 30 за каждый набор из пяти разных типов и 10 за три места одного типа (30 за шесть). При равенстве побеждает тот, у кого меньше пляжей." },
  ],
};

// The words inside the drawings.
export const labels = {
  en: {
    diceTitle: "One day: three dice, three roles",
    roles: ["Direction", "Distance", "Deviation"],
    meanings: ["compass ray 5", "3 hexes", "1 turn (1–3)"],
    pathTitle: "A path of 3 hexes with one turn",
    start: "start",
    end: "end: only this hex counts",
    straight: "blue: straight on",
    side: "gray: a turn",
  },
  ru: {
    diceTitle: "Один день: три кубика, три роли",
    roles: ["Направление", "Расстояние", "Отклонение"],
    meanings: ["луч компаса 5", "3 гекса", "1 поворот (1–3)"],
    pathTitle: "Путь в 3 гекса с одним поворотом",
    start: "старт",
    end: "конец: считается только он",
    straight: "синий: прямо",
    side: "серый: поворот",
  },
};

const PIPS = { 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]] };

function die(x, y, value) {
  return s("g", {}, s("rect", { x: x - 22, y: y - 22, width: 44, height: 44, rx: 8, fill: "#fff", stroke: "#1c2430", "stroke-width": 2 }),
    PIPS[value].map(([dx, dy]) => s("circle", { cx: x + dx * 11, cy: y + dy * 11, r: 4, fill: "#1c2430" })));
}

function hex(x, y, r, attrs) {
  const points = [0, 1, 2, 3, 4, 5].map((i) => {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  });
  return s("polygon", { points: points.join(" "), ...attrs });
}

export const drawings = {
  /** The day's dice, each given its role. */
  dice(L) {
    const xs = [60, 180, 300];
    return picture(360, 150, L.diceTitle, [5, 3, 2].map((v, i) => s("g", {},
      die(xs[i], 32, v),
      arrow(xs[i], 58, xs[i], 82, { stroke: "#4a5563" }),
      text(xs[i], 100, L.roles[i], { "font-weight": 700 }),
      text(xs[i], 124, L.meanings[i], { "font-size": 13 }))));
  },

  /** A path from the start: two hexes straight on, then a turn; only the last hex counts. */
  path(L) {
    const R = 22;
    const W = R * Math.sqrt(3);
    const at = (c, r) => [26 + c * W + (r % 2) * (W / 2), 44 + r * R * 1.5];
    const cells = [];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 8; c++) {
      const [x, y] = at(c, r);
      cells.push(hex(x, y, R - 1, { fill: "#f4f1ea", stroke: "#b9b09e" }));
    }
    const path = [[1, 0], [2, 0], [3, 0], [3, 1]].map(([c, r]) => at(c, r));
    // Where the next step could go from the second hex: straight on (blue) or a turn (gray).
    const ahead = [at(4, 0)].map(([x, y]) => hex(x, y, R - 1, { fill: "#bfdbfe", stroke: "#1d4ed8" }));
    const turn = [at(2, 1)].map(([x, y]) => hex(x, y, R - 1, { fill: "#d1d5db", stroke: "#4a5563" }));
    const [ex, ey] = path[3];
    return picture(360, 230, L.pathTitle, cells, ahead, turn,
      s("polyline", { points: path.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), fill: "none", stroke: "#b91c1c", "stroke-width": 4, "stroke-linejoin": "round" }),
      s("circle", { cx: path[0][0], cy: path[0][1], r: 7, fill: "#b91c1c" }),
      s("circle", { cx: ex, cy: ey, r: 13, fill: "none", stroke: "#b91c1c", "stroke-width": 3 }),
      text(path[0][0], path[0][1] - 30, L.start, { "font-size": 13 }),
      arrow(ex + 6, ey + 50, ex + 2, ey + 18, { stroke: "#4a5563" }),
      text(180, 172, L.end, { "font-weight": 700 }),
      hex(24, 204, 10, { fill: "#bfdbfe", stroke: "#1d4ed8" }), text(40, 204, L.straight, { "font-size": 13, "text-anchor": "start" }),
      hex(194, 204, 10, { fill: "#d1d5db", stroke: "#4a5563" }), text(210, 204, L.side, { "font-size": 13, "text-anchor": "start" }));
  },
};
