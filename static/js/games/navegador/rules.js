// Navegador's rules in short, written for this site (en, ru): what the "Rules" button shows
// (core/widgets/rules.js), with two drawings: the rondel with its free fields and ship costs,
// and the three phases (how far ships sail, what extra workers and ships cost).

import { picture, s, text, arrow } from "../../core/widgets/drawing.js";

export default {
  en: [
    { id: "goal", title: "Goal", text: "Send your ships out of Portugal, explore the seas towards Japan, found colonies and put up buildings. At the end, points come from workers, ships and cash, and above all from the five columns of your sheet — colonies, factories, explorers, shipyards, churches: each column's value (its base plus the privileges placed in it) times how many of those you have." },
    { id: "rondel", title: "Your turn: the rondel", icon: "wheel", drawing: "rondel", text: "Move your stone clockwise around the rondel and carry out the field it lands on. The next three fields cost nothing; each field beyond them costs one of your ships, taken back from anywhere on the map. You can never end on the field you started from. Your first move may go to any field." },
    { id: "fields", title: "The fields", text: "Sailing moves your ships. Workers and Ships: one piece per church (shipyard) for 50, more for 100 per phase. Colony: each needs your ship in its region, 2 workers in Lisboa and its price. Buildings: factories, shipyards and churches need 3, 4 and 5 workers. Market (two fields): sell one good per colony (its price drops) or process one per factory (its price climbs), never both for one good. Privilege: trade a worker for a privilege token and a cash bonus." },
    { id: "explore", title: "Exploring", icon: "ship", text: "Unknown waters are entered by 2 of your ships together (3 where the sea takes two); one (two) of them go back to your supply. You take the region's explorer, its colony tokens are turned up and the bank pays you the cheapest one's price. One new region per sailing." },
    { id: "phases", title: "Phases", drawing: "phases", text: "Exploring the Cape of Good Hope begins phase II, Malacca phase III, from the next turn: ships cross more borders in one sailing, and extra workers and ships cost more." },
    { id: "card", title: "The Navegador card", text: "Its holder may sail once more just before any player's rondel turn; the card then goes to the player on the right. If its holder's stone goes round the rondel without using it, it moves on anyway." },
    { id: "end", title: "End and scoring", icon: "star", text: "Exploring Nagasaki or taking the last building ends the game after one more turn for everyone. Score 1 point per worker, per ship on the map and per 200 cruzados, then the sheet's columns (your King's privilege first goes to the best free place). Tie: the card's holder wins, else whoever would get it next." },
  ],
  ru: [
    { id: "goal", title: "Цель", text: "Выводите корабли из Португалии, открывайте моря на пути в Японию, основывайте колонии и стройте. В конце очки дают рабочие, корабли и деньги, а главное — пять столбцов вашего планшета: колонии, фабрики, исследователи, верфи, церкви; ценность столбца (базовая плюс положенные в него привилегии) умножается на число таких достижений." },
    { id: "rondel", title: "Ваш ход: рондель", icon: "wheel", drawing: "rondel", text: "Передвиньте фишку по часовой стрелке по ронделю и выполните действие поля, где она встала. Три следующих поля бесплатны; каждое поле дальше стоит один ваш корабль, снятый с любого места карты. Остаться на том же поле нельзя. Первым ходом можно встать на любое поле." },
    { id: "fields", title: "Поля", text: "Плавание перемещает корабли. Рабочие и Корабли: по одному на каждую церковь (верфь) за 50, сверх того по 100 за каждую фазу. Колония: для каждой нужен ваш корабль в её регионе, 2 рабочих в Лиссабоне и её цена. Постройки: фабрике, верфи и церкви нужно 3, 4 и 5 рабочих. Рынок (два поля): продайте по товару с колонии (цена падает) или переработайте по одному на фабрику (цена растёт), но не то и другое с одним товаром. Привилегия: рабочий в обмен на жетон привилегии и деньги." },
    { id: "explore", title: "Открытие", icon: "ship", text: "В неизвестные воды входят 2 ваших корабля разом (3, где море забирает два); один (два) из них возвращается в запас. Вы берёте исследователя региона, его жетоны колоний открываются, и банк платит вам цену самой дешёвой. Одно новое море за плавание." },
    { id: "phases", title: "Фазы", drawing: "phases", text: "Открытие мыса Доброй Надежды начинает фазу II, Малакки — фазу III, со следующего хода: за одно плавание корабли проходят больше границ, а дополнительные рабочие и корабли дорожают." },
    { id: "card", title: "Карта Навегадора", text: "Её владелец может ещё раз поплавать прямо перед ходом любого игрока на ронделе; затем карта уходит игроку справа. Если фишка владельца обошла рондель, а карта не сыграна, она всё равно уходит дальше." },
    { id: "end", title: "Конец и очки", icon: "star", text: "Открытие Нагасаки или последняя взятая постройка завершают игру после ещё одного хода каждого. По 1 очку за рабочего, за корабль на карте и за каждые 200 крузадо, затем столбцы планшета (королевская привилегия сперва ложится на лучшее свободное место). При равенстве побеждает владелец карты, иначе тот, кто получил бы её следующим." },
  ],
};

// The words inside the drawings.
export const labels = {
  en: {
    rondelTitle: "The rondel: your stone on Workers, what each field ahead costs",
    fields: { sailing: "Sailing", workers: "Workers", market: "Market", colony: "Colony", privilege: "Privilege", ships: "Ships", buildings: "Buildings" },
    here: "you are here",
    free: "free",
    ships: ["1 ship", "2 ships", "3 ships", "4 ships"],
    phasesTitle: "The three phases",
    phase: "Phase",
    borders: ["1 border", "2 borders", "3 borders"],
    price: "extra piece",
    cr: "Cr.",
    after: ["at the start", "after the Cape", "after Malacca"],
  },
  ru: {
    rondelTitle: "Рондель: ваша фишка на поле «Рабочие», цена каждого поля впереди",
    fields: { sailing: "Плавание", workers: "Рабочие", market: "Рынок", colony: "Колония", privilege: "Привилегия", ships: "Корабли", buildings: "Постройки" },
    here: "вы здесь",
    free: "бесплатно",
    ships: ["1 корабль", "2 корабля", "3 корабля", "4 корабля"],
    phasesTitle: "Три фазы",
    phase: "Фаза",
    borders: ["1 граница", "2 границы", "3 границы"],
    price: "сверх того",
    cr: "кр.",
    after: ["с начала", "после мыса", "после Малакки"],
  },
};

// The rondel clockwise from the top, as the engine lays it out (engines/navegador/data.py RONDEL).
export const FIELDS = ["sailing", "workers", "market", "colony", "privilege", "ships", "market", "buildings"];
const FREE = "#e7f5ec";
const PAID = ["#fff4e0", "#fde4b8", "#fbd38d", "#f6b962"];

function wedge(cx, cy, r0, r1, a0, a1, attrs) {
  const p = (r, a) => `${(cx + r * Math.sin(a)).toFixed(1)},${(cy - r * Math.cos(a)).toFixed(1)}`;
  return s("path", { d: `M${p(r0, a0)} L${p(r1, a0)} A${r1},${r1} 0 0,1 ${p(r1, a1)} L${p(r0, a1)} A${r0},${r0} 0 0,0 ${p(r0, a0)} Z`, ...attrs });
}

export const drawings = {
  /** The eight fields clockwise, Sailing at the top; the stone on Workers; the cost of every move. */
  rondel(L) {
    const [cx, cy] = [180, 180];
    const step = (Math.PI * 2) / FIELDS.length;
    const here = 1;
    const parts = FIELDS.map((field, i) => {
      const ahead = (i - here + FIELDS.length) % FIELDS.length;
      const fill = ahead === 0 ? "#e5e7eb" : ahead <= 3 ? FREE : PAID[ahead - 4];
      const cost = ahead === 0 ? L.here : ahead <= 3 ? L.free : L.ships[ahead - 4];
      const mid = i * step; // Sailing centred at the top
      // Name above cost, both around one point: side fields are narrow, top and bottom short.
      const [x, y] = [cx + 128 * Math.sin(mid), cy - 128 * Math.cos(mid)];
      return s("g", {},
        wedge(cx, cy, 50, 178, (i - 0.5) * step, (i + 0.5) * step, { fill, stroke: "#fff", "stroke-width": 3 }),
        text(x, y - 10, L.fields[field], { "font-size": 13, "font-weight": 700 }),
        text(x, y + 10, cost, { "font-size": 13 }));
    });
    const stone = [cx + 60 * Math.sin(here * step), cy - 60 * Math.cos(here * step)];
    return picture(360, 360, L.rondelTitle, parts,
      s("circle", { cx: stone[0], cy: stone[1], r: 9, fill: "#b91c1c", stroke: "#fff", "stroke-width": 2 }),
      s("circle", { cx, cy, r: 44, fill: "#fff", stroke: "#b9b09e" }),
      s("path", { d: `M${cx - 26},${cy - 8} A28,28 0 1,1 ${cx - 8},${cy + 26}`, fill: "none", stroke: "#4a5563", "stroke-width": 2 }),
      s("polygon", { points: `${cx - 8},${cy + 26} ${cx + 2},${cy + 20} ${cx - 4},${cy + 32}`, fill: "#4a5563" }));
  },

  /** Phases I-III: borders a ship crosses in one sailing, and the price of an extra worker or ship. */
  phases(L) {
    const cols = [0, 1, 2].map((i) => {
      const x = 12 + i * 116;
      return s("g", {},
        s("rect", { x, y: 8, width: 108, height: 172, rx: 8, fill: ["#f9f7f2", "#e3eef3", "#dbe7f5"][i], stroke: "#b9b09e" }),
        text(x + 54, 28, `${L.phase} ${"I".repeat(i + 1)}`, { "font-weight": 700 }),
        text(x + 54, 48, L.after[i], { "font-size": 13 }),
        [0, 1, 2].slice(0, i + 1).map((b) => s("line", { x1: x + 26 + b * 28, y1: 70, x2: x + 26 + b * 28, y2: 96, stroke: "#9f1239", "stroke-width": 2, "stroke-dasharray": "4 3" })),
        arrow(x + 12, 83, x + 26 + i * 28 + 16, 83, { stroke: "#0b4f6c" }),
        text(x + 54, 114, L.borders[i], { "font-size": 13 }),
        text(x + 54, 140, L.price, { "font-size": 13 }),
        text(x + 54, 160, `${(i + 1) * 100} ${L.cr}`, { "font-weight": 700 }));
    });
    return picture(360, 190, L.phasesTitle, cols);
  },
};
