// Coimbra's rules in short, written for this site (en, ru): what the "Rules" button shows
// (core/widgets/rules.js), with two drawings: where a die goes in the castle and in the city,
// and the four influence tracks each die colour pays from.

import { picture, s, text, arrow } from "../../core/widgets/drawing.js";

export default {
  en: [
    { id: "goal", title: "Goal", text: "Lead one of Coimbra's houses for four rounds and end with the most points: points gained during play, then your rank on the four influence tracks, the voyages you funded, your characters' end-game bonuses, the monasteries your pilgrim visited, diplomas, and 1 point for every 5 coins and guards left." },
    { id: "round", title: "A round", icon: "dice", text: "The first player rolls every die. Then, in player order, each of you takes one die at a time and sets it in the castle or in one of the three city quarters, until everyone has placed three." },
    { id: "placing", title: "Where a die goes", drawing: "dice", text: "In the castle dice stand from low to high, in the city quarters from high to low; a die goes to the right of those equal to it. The leftmost die acts first. In the castle it takes a benefit tile (free, with crowns). In a quarter it buys a character card of that quarter's row and pays the die's value in coins or guards, as the card shows. Either way you may take up to 2 coins and up to 2 guards instead." },
    { id: "order", title: "Crowns and turn order", text: "The crowns you won this round, plus those beside your flag, decide the next player order: the most crowns go first; players tied swap their old order." },
    { id: "tracks", title: "The four tracks", icon: "star", drawing: "tracks", text: "Every character card you buy moves you up the track of its colour. After the city, each of your three dice pays what its colour's track gives at your level: gray guards, orange coins, purple steps for your pilgrim, green points; a white die pays from a track you choose. The higher you stand, the more it pays." },
    { id: "voyages", title: "Voyages and the pilgrim", text: "At the end of a round, in player order, you may fund one voyage by paying its cost; voyages score at the end. Your pilgrim walks the map's roads; a monastery gives its reward when your pilgrim first arrives, and some score again at the end." },
  ],
  ru: [
    { id: "goal", title: "Цель", text: "Четыре раунда ведите один из домов Коимбры и наберите больше всех очков: очки, полученные в игре, затем место на четырёх треках влияния, профинансированные плавания, бонусы персонажей в конце игры, монастыри, где побывал ваш паломник, дипломы и 1 очко за каждые 5 оставшихся монет и стражников." },
    { id: "round", title: "Раунд", icon: "dice", text: "Первый игрок бросает все кубики. Затем по порядку хода каждый берёт по одному кубику и ставит его в замок или в один из трёх кварталов города, пока у всех не окажется по три выставленных кубика." },
    { id: "placing", title: "Куда ставить кубик", drawing: "dice", text: "В замке кубики стоят от меньшего к большему, в кварталах — от большего к меньшему; кубик встаёт правее равных ему. Первым действует самый левый кубик. В замке он берёт плитку привилегии (бесплатно, с коронами). В квартале он покупает карту персонажа из ряда этого квартала и платит значение кубика монетами или стражниками, как указано на карте. Вместо этого всегда можно взять до 2 монет и до 2 стражников." },
    { id: "order", title: "Короны и порядок хода", text: "Короны, полученные в этом раунде, вместе с коронами у вашего флага определяют новый порядок: у кого больше корон, ходит раньше; при равенстве прежний порядок игроков меняется на обратный." },
    { id: "tracks", title: "Четыре трека", icon: "star", drawing: "tracks", text: "Каждая купленная карта продвигает вас по треку своего цвета. После города каждый из трёх ваших кубиков приносит то, что даёт трек его цвета на вашем уровне: серый — стражников, оранжевый — монеты, фиолетовый — шаги паломника, зелёный — очки; белый кубик — с трека на выбор. Чем выше вы стоите, тем больше доход." },
    { id: "voyages", title: "Плавания и паломник", text: "В конце раунда по порядку хода можно профинансировать одно плавание, заплатив его цену; плавания приносят очки в конце. Паломник ходит по дорогам карты; монастырь даёт награду, когда паломник впервые туда приходит, а некоторые приносят очки и в конце." },
  ],
};

// The words inside the drawings.
export const labels = {
  en: {
    diceTitle: "Placing a die: castle low to high, city high to low",
    castle: "Castle: low → high",
    city: "City quarter: high → low",
    yours: "your die",
    first: "leftmost acts first",
    pays: "in a quarter the die's value is the card's price",
    tracksTitle: "The four influence tracks and what their dice pay",
    rewards: ["guards", "coins", "pilgrim steps", "points"],
    white: "white die: a track you choose",
    level: "your level",
  },
  ru: {
    diceTitle: "Куда встаёт кубик: в замке по возрастанию, в городе по убыванию",
    castle: "Замок: меньше → больше",
    city: "Квартал города: больше → меньше",
    yours: "ваш кубик",
    first: "первым действует левый",
    pays: "в квартале значение кубика — цена карты",
    tracksTitle: "Четыре трека влияния и доход их кубиков",
    rewards: ["стражники", "монеты", "шаги паломника", "очки"],
    white: "белый кубик: трек на выбор",
    level: "ваш уровень",
  },
};

const COLOURS = { gray: "#6b7280", orange: "#c2410c", purple: "#7e22ce", green: "#15803d", white: "#f8fafc" };
const TRACKS = ["gray", "orange", "purple", "green"];

function die(x, y, value, colour, attrs = {}) {
  const light = colour === "white";
  return s("g", {}, s("rect", { x: x - 19, y: y - 19, width: 38, height: 38, rx: 7, fill: COLOURS[colour], stroke: light ? "#1c2430" : "none", "stroke-width": 1.5, ...attrs }),
    text(x, y, value, { "font-size": 18, "font-weight": 700, fill: light ? "#1c2430" : "#fff" }));
}

function row(y, values, colours, mine, label) {
  const x0 = 44;
  return s("g", {}, text(12, y - 34, label, { "text-anchor": "start", "font-weight": 700 }),
    s("rect", { x: 8, y: y - 24, width: 344, height: 48, rx: 8, fill: "#f9f7f2", stroke: "#d9d3c6" }),
    values.map((v, i) => die(x0 + i * 56, y, v, colours[i], i === mine ? { stroke: "#1d4ed8", "stroke-width": 3 } : {})),
    s("rect", { x: x0 + mine * 56 - 23, y: y - 23, width: 46, height: 46, rx: 9, fill: "none", stroke: "#1d4ed8", "stroke-width": 2, "stroke-dasharray": "4 3" }));
}

export const drawings = {
  /** Two rows of dice: the castle rising, a quarter falling, and where a new die slots in. */
  dice(L) {
    return picture(360, 250, L.diceTitle,
      row(62, [1, 2, 4, 4, 6], ["orange", "gray", "green", "purple", "white"], 3, L.castle),
      row(152, [6, 5, 3, 3, 1], ["purple", "gray", "orange", "green", "white"], 3, L.city),
      text(44 + 3 * 56, 194, L.yours, { "font-size": 13, fill: "#1d4ed8", "font-weight": 700 }),
      arrow(150, 216, 30, 216, { stroke: "#4a5563" }), text(160, 216, L.first, { "font-size": 13, "text-anchor": "start" }),
      text(180, 238, L.pays, { "font-size": 13 }));
  },

  /** Each die colour beside its track: a marker at your level, the reward growing upwards. */
  tracks(L) {
    const lines = TRACKS.map((colour, i) => {
      const y = 22 + i * 46;
      const level = [3, 6, 2, 4][i];
      return s("g", {},
        die(26, y + 4, "", colour),
        text(54, y - 6, L.rewards[i], { "text-anchor": "start", "font-size": 13, "font-weight": 700 }),
        [...Array(10).keys()].map((k) => s("rect", { x: 54 + k * 30, y: y + 6, width: 27, height: 14, rx: 3, fill: k < level ? COLOURS[colour] : "#fff", stroke: COLOURS[colour], opacity: k < level ? 0.35 : 1 })),
        s("circle", { cx: 54 + (level - 1) * 30 + 13.5, cy: y + 13, r: 8, fill: COLOURS[colour], stroke: "#fff", "stroke-width": 2 }));
    });
    return picture(360, 250, L.tracksTitle, lines,
      arrow(60, 206, 340, 206, { stroke: "#4a5563" }), text(200, 194, L.level, { "font-size": 13 }),
      die(26, 232, "", "white"), text(54, 232, L.white, { "text-anchor": "start", "font-size": 13 }));
  },
};
