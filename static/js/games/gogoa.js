// Go Goa renderer: an SVG hex map of Goa, the three dice, die roles, local guides, path
// drawing (blue = along the current heading, gray = after a deviation), submissions and
// a score sheet that is always visible. The draft itself lives on the server (secret to
// the seat); each click sends one small action. Local UI state (selected die, plan picks,
// deviation mode) is kept per match so a re-render keeps it.

import { h, clear, seatColor, initialOf } from "../core/dom.js";

const SVG = "http://www.w3.org/2000/svg";
const R = 10; // hex radius in SVG units
const ROLES = ["direction", "distance", "deviation"];
const GUIDES = ["calangute", "colva", "palolem"];
const TYPE_COLORS = {
  beach: "#f2c94c",
  fort: "#b5651d",
  heritage: "#8e6cbf",
  religious: "#e76f51",
  waterfall: "#2f80ed",
};
// One small glyph per destination type, drawn in a 10x10 box centred on 0,0.
const TYPE_ICONS = {
  beach: "M-4 0 A4 4 0 0 1 4 0 Z M0 0 L0 4.5 M-4.5 4.5 L4.5 4.5", // umbrella on sand
  fort: "M-4 4 L-4 -3 L-2.5 -3 L-2.5 -1.5 L-1 -1.5 L-1 -3 L1 -3 L1 -1.5 L2.5 -1.5 L2.5 -3 L4 -3 L4 4 Z", // battlements
  heritage: "M-4.5 -1.5 L0 -4.5 L4.5 -1.5 Z M-3.5 -1 L-3.5 3.5 M0 -1 L0 3.5 M3.5 -1 L3.5 3.5 M-4.5 4 L4.5 4", // columns
  religious: "M-3.5 4 L-3.5 0 A3.5 3.5 0 0 1 3.5 0 L3.5 4 Z M0 -3.5 L0 -5.5", // dome and spire
  waterfall: "M-3 -4 L-3 4 M0 -4 L0 4 M3 -4 L3 4 M-4.5 4 Q-2 2.5 0 4 Q2 5.5 4.5 4", // falling water
};

const local = new Map(); // matchId -> {die, plans: Set, deviating, busy}
let cssDone = false;
let lastRoot = null; // where the last render drew, so local clicks can redraw
let lastCtx = null;

// ---- strings --------------------------------------------------------------------------

export const strings = {
  en: {
    "gg.day": "Day {day}: the dice show {a}, {b} and {c}; {who} starts.",
    "gg.deal": "Each tourist is dealt two easy and two hard tour plans and secretly keeps two.",
    "gg.kept_own": "You keep tour plans {a} and {b}.",
    "gg.chose": "{who} has chosen tour plans.",
    "gg.kept": "{who} keeps tour plans {a} ({a_points}) and {b} ({b_points}).",
    "gg.reserved": "{who} used die {die} ({value}) for direction: that die is reserved.",
    "gg.submitted": "{who} has drawn a path.",
    "gg.guide_used": "{who} hired the {guide} guide: die {die} {delta}.",
    "gg.path": "{who} ended a {steps}-hex path at {place}.",
    "gg.path_empty": "{who} ended a {steps}-hex path on an empty hex.",
    "gg.visit": "{who} visits {place}.",
    "gg.plan_done": "{who} finishes tour plan {plan} ({points} points).",
    "gg.guide": "{who} circles the {guide} local guide.",
    "gg.over": "The twelve days are over.",
    "score.destinations": "Destinations",
    "score.dudhsagar": "Dudhsagar",
    "score.tour_plans": "Tour plans",
    "score.five_type_sets": "5-type sets",
    "score.same_type": "Same type",
    "score.total": "Total",
    "score.beaches": "Beaches (tie-break)",
    "ui.day": "Day {day} of {days}",
    "ui.starter": "Starting player",
    "ui.reserved": "Reserved for direction",
    "ui.reservedShort": "reserved",
    "ui.dice": "Dice",
    "ui.die": "Die {n}",
    "ui.direction": "Direction",
    "ui.distance": "Distance",
    "ui.deviation": "Deviation",
    "ui.pickDie": "Click a die, then give it a role.",
    "ui.pickValue": "Every die bumps into the edges: pick any direction value.",
    "ui.guides": "Local guides",
    "ui.guideNone": "not found yet",
    "ui.guideReady": "circled",
    "ui.guideUsed": "crossed off",
    "ui.guideToday": "hired today",
    "ui.guideHint": "Before choosing dice: click a die, then −1 or +1.",
    "ui.useDeviation": "Use deviation",
    "ui.cancelDeviation": "Keep the direction",
    "ui.undo": "Undo",
    "ui.submit": "Submit path",
    "ui.stepsLeft": "{n} hexes left",
    "ui.deviationsLeft": "deviations left: {n}",
    "ui.clickBlue": "Click a blue hex to draw along the current direction.",
    "ui.clickGray": "Click a gray hex to turn there (uses a deviation).",
    "ui.done": "Path complete: submit it.",
    "ui.submitted": "Path handed in. It stays secret until everyone has submitted.",
    "ui.waitStarter": "{who} (starting player) chooses dice first.",
    "ui.keep": "Keep these two plans",
    "ui.pickPlans": "Choose two tour plans to keep.",
    "ui.plans": "Tour plans",
    "ui.myPlans": "Your tour plans",
    "ui.points": "{n} pts",
    "ui.sheet": "Score sheet",
    "ui.player": "Player",
    "ui.sites": "Sites",
    "ui.hasSubmitted": "submitted",
    "ui.drafting": "drawing",
    "ui.chosen": "chosen",
    "ui.choosing": "choosing",
    "ui.start": "Start",
    "ui.you": "you",
    "ui.map": "Map of Goa",
    "ui.compass": "Compass: die value = direction",
    "ui.zoomIn": "Zoom in",
    "ui.wholeMap": "Whole map",
    "type.beach": "Beach",
    "type.fort": "Fort",
    "type.heritage": "Heritage",
    "type.religious": "Religious site",
    "type.waterfall": "Waterfall",
    "guide.calangute": "Calangute",
    "guide.colva": "Colva",
    "guide.palolem": "Palolem",
    "status.choosePlans": "Day 0: choose the two tour plans you keep",
    "status.waitPlans": "Waiting for {names} to choose tour plans",
    "status.assign": "Day {day}: give each die a role",
    "status.draw": "Day {day}: draw your path ({n} hexes left)",
    "status.submit": "Day {day}: submit your path",
    "status.waitStarter": "Day {day}: {who} chooses dice first",
    "status.wait": "Day {day}: waiting for {names}",
    "info": "{total} pts · {sites} sites",
  },
  ru: {
    "gg.day": "День {day}: на кубиках {a}, {b} и {c}; начинает {who}.",
    "gg.deal": "Каждый турист получает два простых и два сложных плана тура и тайно оставляет два.",
    "gg.kept_own": "Вы оставили планы туров {a} и {b}.",
    "gg.chose": "{who} выбрал(а) планы туров.",
    "gg.kept": "{who} оставляет планы туров {a} ({a_points}) и {b} ({b_points}).",
    "gg.reserved": "{who} взял(а) кубик {die} ({value}) для направления: этот кубик зарезервирован.",
    "gg.submitted": "{who} нарисовал(а) путь.",
    "gg.guide_used": "{who} нанимает гида {guide}: кубик {die} {delta}.",
    "gg.path": "{who}: путь длиной {steps} до места {place}.",
    "gg.path_empty": "{who}: путь длиной {steps} до пустого гекса.",
    "gg.visit": "{who} посещает {place}.",
    "gg.plan_done": "{who} выполняет план тура {plan} ({points} очк.).",
    "gg.guide": "{who} отмечает местного гида {guide}.",
    "gg.over": "Двенадцать дней прошли.",
    "score.destinations": "Очки за места",
    "score.dudhsagar": "Дудхсагар",
    "score.tour_plans": "Планы туров",
    "score.five_type_sets": "Наборы из 5 типов",
    "score.same_type": "Один тип",
    "score.total": "Итого",
    "score.beaches": "Пляжи (при ничьей)",
    "ui.day": "День {day} из {days}",
    "ui.starter": "Начинающий игрок",
    "ui.reserved": "Зарезервирован для направления",
    "ui.reservedShort": "резерв",
    "ui.dice": "Кубики",
    "ui.die": "Кубик {n}",
    "ui.direction": "Направление",
    "ui.distance": "Расстояние",
    "ui.deviation": "Отклонение",
    "ui.pickDie": "Нажмите на кубик, затем выберите его роль.",
    "ui.pickValue": "Все кубики упираются в края: выберите любое значение направления.",
    "ui.guides": "Местные гиды",
    "ui.guideNone": "ещё не найден",
    "ui.guideReady": "отмечен",
    "ui.guideUsed": "использован",
    "ui.guideToday": "нанят сегодня",
    "ui.guideHint": "До выбора кубиков: нажмите на кубик, затем −1 или +1.",
    "ui.useDeviation": "Использовать отклонение",
    "ui.cancelDeviation": "Оставить направление",
    "ui.undo": "Отменить",
    "ui.submit": "Отправить путь",
    "ui.stepsLeft": "осталось гексов: {n}",
    "ui.deviationsLeft": "отклонений осталось: {n}",
    "ui.clickBlue": "Нажмите на синий гекс, чтобы рисовать в текущем направлении.",
    "ui.clickGray": "Нажмите на серый гекс, чтобы повернуть (тратит отклонение).",
    "ui.done": "Путь готов: отправьте его.",
    "ui.submitted": "Путь отправлен. Он скрыт, пока все не отправят свои.",
    "ui.waitStarter": "{who} (начинающий игрок) выбирает кубики первым.",
    "ui.keep": "Оставить эти два плана",
    "ui.pickPlans": "Выберите два плана тура.",
    "ui.plans": "Планы туров",
    "ui.myPlans": "Ваши планы туров",
    "ui.points": "{n} очк.",
    "ui.sheet": "Лист очков",
    "ui.player": "Игрок",
    "ui.sites": "Посещено",
    "ui.hasSubmitted": "отправил(а)",
    "ui.drafting": "рисует",
    "ui.chosen": "выбрал(а)",
    "ui.choosing": "выбирает",
    "ui.start": "Старт",
    "ui.you": "вы",
    "ui.map": "Карта Гоа",
    "ui.compass": "Компас: значение кубика = направление",
    "ui.zoomIn": "Приблизить",
    "ui.wholeMap": "Вся карта",
    "type.beach": "Пляж",
    "type.fort": "Форт",
    "type.heritage": "Наследие",
    "type.religious": "Храм",
    "type.waterfall": "Водопад",
    "guide.calangute": "Калангут",
    "guide.colva": "Колва",
    "guide.palolem": "Палолем",
    // Destination names by code (engines/gogoa/data.py DESTINATIONS has English only).
    "dest.F1": "Форт Терекол",
    "dest.H1": "Дом Дешпрабху",
    "dest.B1": "Пляж Арамболь",
    "dest.B9": "Пляж Морджим",
    "dest.F2": "Форт Чапора",
    "dest.B2": "Пляж Анджуна",
    "dest.B3": "Пляж Калангут",
    "dest.F3": "Форт Агуада",
    "dest.H2": "Фонтайньяс",
    "dest.R1": "Базилика Бом-Жезус",
    "dest.W1": "Водопад Харвалем",
    "dest.H3": "Пещеры Харвалем",
    "dest.W2": "Водопад Хивре",
    "dest.R2": "Храм Мангеши",
    "dest.R3": "Храм Тамбди-Сурла",
    "dest.R4": "Храм Шантадурги",
    "dest.F4": "Форт Мормугао",
    "dest.B4": "Пляж Богмало",
    "dest.B10": "Пляж Мажорда",
    "dest.W3": "Водопад Дудхсагар",
    "dest.B5": "Пляж Колва",
    "dest.H4": "Дом Браганса",
    "dest.B6": "Пляж Бенаулим",
    "dest.B11": "Пляж Кавелоссим",
    "dest.R5": "Храм Чандрешвар",
    "dest.H5": "Петроглифы Усгалимала",
    "dest.W4": "Водопад Майнапи",
    "dest.F5": "Форт Кабо-де-Рама",
    "dest.B7": "Пляж Агонда",
    "dest.B8": "Пляж Палолем",
    "dest.W5": "Водопад Кускем",
    "dest.B12": "Пляж Галгибага",
    "status.choosePlans": "День 0: выберите два плана тура",
    "status.waitPlans": "Ждём, пока {names} выберут планы туров",
    "status.assign": "День {day}: распределите кубики по ролям",
    "status.draw": "День {day}: рисуйте путь (осталось {n})",
    "status.submit": "День {day}: отправьте путь",
    "status.waitStarter": "День {day}: {who} выбирает кубики первым",
    "status.wait": "День {day}: ждём {names}",
    "info": "{total} очк. · мест: {sites}",
  },
};

// ---- geometry -----------------------------------------------------------------------

const key = (hex) => `${hex[0]},${hex[1]}`;

function centre(hex) {
  const [q, r] = hex;
  return [1.5 * R * q, Math.sqrt(3) * R * (r + q / 2)];
}

function corners(hex, radius = R) {
  const [x, y] = centre(hex);
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + radius * Math.cos(a)).toFixed(2)},${(y + radius * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

function landHexes(sheet) {
  const out = [];
  for (const [q, first, last] of sheet.land) for (let r = first; r <= last; r++) out.push([q, r]);
  return out;
}

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// ---- helpers on the view -------------------------------------------------------------

function stateOf(ctx) {
  if (!local.has(ctx.matchId)) local.set(ctx.matchId, { die: null, plans: new Set(), deviating: false, busy: false });
  return local.get(ctx.matchId);
}

const isLegal = (view, action) => (view.legal || []).some((a) => sameAction(a, action));

function sameAction(a, b) {
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[k] ?? null;
    const y = b[k] ?? null;
    if (JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

function myDraft(view) {
  return view.me && view.me.draft ? view.me.draft : null;
}

// Destination names: the engine's data has English names only; a language may name them
// in its own table (`dest.<code>` in `strings`), else the English name is shown.
function placeName(view, code, ctx) {
  const own = strings[ctx.lang]?.[`dest.${code}`];
  if (own) return own;
  const d = view.sheet.destinations.find((x) => x.code === code);
  return d ? d.name : code;
}

// A Russian name starts with a common noun ("Пляж Калангут"), lower-cased inside a sentence
// ("посещает пляж Калангут"); a type word (the first five) is dropped on map labels.
const RU_NOUN = /^(Пляж|Форт|Водопад|Храм|Дом|Пещеры|Петроглифы|Базилика) /;
const TYPE_WORD = /^(Пляж|Форт|Водопад|Храм|Дом) | (Beach|Fort|Falls|Temple|House)$/;

// The map label: the name without its type word ("Calangute Beach" -> "Calangute").
function shortName(view, code, ctx) {
  return placeName(view, code, ctx).replace(TYPE_WORD, "");
}

/**
 * The args of a log line in the reader's language: a destination named by its `code`, a
 * guide by its id. The shell formats `key` with `line.args`; it may call this first.
 */
export function logArgs(line, ctx) {
  const args = { ...(line?.args || {}) };
  const table = strings[ctx?.lang];
  if (!table || ctx.lang === "en") return args;
  if (args.code && table[`dest.${args.code}`]) args.place = table[`dest.${args.code}`].replace(RU_NOUN, (w) => w.toLowerCase());
  if (typeof args.guide === "string" && table[`guide.${args.guide.toLowerCase()}`]) args.guide = table[`guide.${args.guide.toLowerCase()}`];
  return args;
}

// Sends actions one after another; a re-render shows the result of each.
async function send(ctx, ...actions) {
  const st = stateOf(ctx);
  if (st.busy) return;
  st.busy = true;
  try {
    for (const a of actions) {
      const res = await ctx.act(a);
      if (!res || !res.ok) break;
    }
  } finally {
    st.busy = false;
  }
}

// ---- render -------------------------------------------------------------------------

export function render(root, ctx) {
  injectCss();
  lastRoot = root;
  lastCtx = ctx;
  const { view } = ctx;
  const st = stateOf(ctx);
  clear(root);
  const wrap = h("div", { class: "gg-root" });
  wrap.append(topBar(view, ctx));
  const draft = myDraft(view);
  if (view.phase === "plans") wrap.append(planChoice(view, ctx, st));
  else if (!view.over) wrap.append(controls(view, ctx, st, draft));
  const body = h("div", { class: "gg-body" });
  const zoomed = st.zoom ?? (root.clientWidth > 0 && root.clientWidth < 600 && !!(draft && draft.drawing && !draft.submitted));
  const zoomBtn = h(
    "button",
    { class: "btn btn-small gg-zoom", type: "button", "aria-pressed": String(zoomed), dataset: { testid: "gg-zoom" },
      onclick: () => { st.zoom = !zoomed; rerender(ctx); } },
    zoomed ? ctx.t("ui.wholeMap") : ctx.t("ui.zoomIn"),
  );
  body.append(h("div", { class: "gg-map-wrap" }, zoomBtn, mapSvg(view, ctx, st, draft, zoomed)));
  body.append(sidePanel(view, ctx, draft));
  wrap.append(body);
  wrap.append(scoreSheet(view, ctx));
  root.append(wrap);
}

function topBar(view, ctx) {
  const { t } = ctx;
  const bar = h("div", { class: "gg-top" });
  if (view.phase !== "plans") bar.append(h("strong", { class: "gg-day" }, t("ui.day", { day: view.day, days: view.days })));
  const who = h("div", { class: "gg-who", role: "list" });
  view.players.forEach((p, i) => {
    let mark = "";
    if (view.phase === "plans") mark = p.chose_plans ? t("ui.chosen") : t("ui.choosing");
    else if (view.phase === "day") mark = p.submitted ? `✓ ${t("ui.hasSubmitted")}` : (view.to_act || []).includes(i) ? t("ui.drafting") : "";
    who.append(
      h(
        "span",
        { class: `gg-chip ${p.submitted ? "gg-done" : ""}`, role: "listitem", style: { "--c": ctx.colors?.[i] || seatColor(i) } },
        h("span", { class: "gg-disc" }, initialOf(ctx.names?.[i], i)),
        ` ${ctx.names?.[i] ?? i + 1}${view.phase === "day" && view.starter === i ? " ★" : ""}`,
        mark ? h("small", {}, ` ${mark}`) : null,
      ),
    );
  });
  bar.append(who);
  return bar;
}

function dieFace(view, ctx, st, i, draft, clickable) {
  const { t } = ctx;
  const rolled = view.dice[i];
  const value = draft ? draft.dice[i] : rolled;
  const role = draft ? ROLES.find((r) => draft.roles[r] === i) : null;
  const reserved = view.step === "others" && view.reserved === i;
  const label = [t("ui.die", { n: i + 1 }), String(value), role ? t(`ui.${role}`) : "", reserved ? t("ui.reserved") : ""].filter(Boolean).join(", ");
  return h(
    "button",
    {
      class: `gg-die ${st.die === i ? "gg-sel" : ""} ${role ? "gg-used" : ""} ${reserved ? "gg-reserved" : ""}`,
      type: "button",
      disabled: !clickable || role != null,
      "aria-pressed": st.die === i ? "true" : "false",
      "aria-label": label,
      title: label,
      dataset: { testid: `gg-die-${i}` },
      onclick: () => {
        st.die = st.die === i ? null : i;
        rerender(ctx);
      },
    },
    h("span", { class: "gg-pip" }, String(value)),
    value !== rolled ? h("small", { class: "gg-was" }, `${rolled}→`) : null,
    role ? h("small", { class: "gg-role" }, t(`ui.${role}`)) : null,
    reserved ? h("small", { class: "gg-lock" }, t("ui.reservedShort")) : null,
  );
}

function controls(view, ctx, st, draft) {
  const { t } = ctx;
  const box = h("div", { class: "gg-controls" });
  const dice = h("div", { class: "gg-dice", role: "group", "aria-label": t("ui.dice") });
  const assigning = draft && !draft.drawing && !draft.submitted && (view.legal || []).length > 0;
  for (let i = 0; i < 3; i++) dice.append(dieFace(view, ctx, st, i, draft, assigning));
  box.append(dice);
  if (!view.me) return box;
  if (view.me.waiting) {
    box.append(h("p", { class: "gg-hint" }, t("ui.waitStarter", { who: ctx.names?.[view.starter] ?? "" })));
    return box;
  }
  if (!draft) return box;
  if (draft.submitted) {
    box.append(h("p", { class: "gg-hint" }, t("ui.submitted")));
    return box;
  }
  const row = h("div", { class: "gg-actions" });
  if (assigning) {
    if (st.die != null && draft.roles && ROLES.some((r) => draft.roles[r] === st.die)) st.die = null;
    const legal = (view.legal || []).filter((a) => a.type === "assign");
    const anyValue = legal.some((a) => a.role === "direction" && a.value != null);
    box.append(h("p", { class: "gg-hint" }, anyValue ? t("ui.pickValue") : t("ui.pickDie")));
    for (const role of ROLES) {
      if (draft.roles[role] != null) continue;
      if (role === "direction" && anyValue) {
        const values = [...new Set(legal.filter((a) => a.role === "direction" && a.die === st.die).map((a) => a.value))];
        for (const v of values) {
          row.append(actionButton(ctx, `${t("ui.direction")} = ${v}`, { type: "assign", role, die: st.die, value: v }, `gg-role-direction-${v}`, { before: () => { st.die = null; } }));
        }
        continue;
      }
      const action = st.die != null ? { type: "assign", role, die: st.die, value: null } : null;
      row.append(actionButton(ctx, t(`ui.${role}`), action, `gg-role-${role}`, { before: () => { st.die = null; } }));
    }
  } else if (draft.drawing) {
    const info = `${t("ui.stepsLeft", { n: draft.steps_left })} · ${t("ui.deviationsLeft", { n: draft.deviations_left })}`;
    box.append(h("p", { class: "gg-hint" }, info));
    const canDeviate = (draft.deviation_options || []).length > 0;
    if (draft.finished) box.append(h("p", { class: "gg-hint" }, t("ui.done")));
    else box.append(h("p", { class: "gg-hint" }, st.deviating || (canDeviate && draft.path.length) ? `${t("ui.clickBlue")} ${t("ui.clickGray")}` : t("ui.clickBlue")));
    if (canDeviate && draft.path.length === 0) {
      row.append(button(st.deviating ? t("ui.cancelDeviation") : t("ui.useDeviation"), () => { st.deviating = !st.deviating; rerender(ctx); }, false, "gg-use-deviation"));
    }
    if (draft.finished) row.append(actionButton(ctx, t("ui.submit"), { type: "submit" }, "gg-submit", { primary: true, before: () => { st.deviating = false; } }));
  }
  if (isLegal(view, { type: "undo" })) row.append(actionButton(ctx, t("ui.undo"), { type: "undo" }, "gg-undo"));
  box.append(row);
  return box;
}

function button(label, onclick, disabled, testid, primary = false) {
  return h("button", { class: `btn ${primary ? "btn-primary" : ""} gg-btn`, type: "button", disabled, onclick, dataset: { testid } }, label);
}

// A button that sends exactly one action. While that action is legal it carries the test
// hooks of docs/client.md (data-testid="action", data-action = the action's
// JSON); otherwise it is disabled and has neither. `data-gg` names the control either way.
function actionButton(ctx, label, action, name, { primary = false, before = null } = {}) {
  const ok = action != null && isLegal(ctx.view, action);
  const dataset = ok ? { testid: "action", action: JSON.stringify(action), gg: name } : { gg: name };
  const onclick = () => {
    if (before) before();
    send(ctx, action);
  };
  return h("button", { class: `btn ${primary ? "btn-primary" : ""} gg-btn`, type: "button", disabled: !ok, onclick: ok ? onclick : null, dataset }, label);
}

function rerender(ctx) {
  if (lastRoot) render(lastRoot, ctx || lastCtx);
}

// ---- tour plans -------------------------------------------------------------------------

function planCard(view, ctx, plan, opts = {}) {
  const { t } = ctx;
  const card = h(
    opts.onclick ? "button" : "div",
    {
      class: `gg-plan ${opts.selected ? "gg-sel" : ""} ${plan.complete ? "gg-complete" : ""}`,
      type: opts.onclick ? "button" : null,
      onclick: opts.onclick,
      "aria-pressed": opts.onclick ? String(!!opts.selected) : null,
      dataset: { testid: `gg-plan-${plan.id}` },
    },
    h("span", { class: "gg-plan-head" }, h("b", {}, plan.id), ` ${t("ui.points", { n: plan.points })}`),
  );
  const list = h("ul", {});
  for (const code of plan.destinations) {
    const done = (plan.done || []).includes(code);
    list.append(h("li", { class: done ? "gg-tick" : "" }, `${done ? "✓ " : "○ "}${placeName(view, code, ctx)}`));
  }
  card.append(list);
  return card;
}

function planChoice(view, ctx, st) {
  const { t } = ctx;
  const box = h("div", { class: "gg-controls" });
  if (!view.me) return box;
  if (view.me.kept) {
    box.append(h("p", { class: "gg-hint" }, t("ui.myPlans")));
    const cards = h("div", { class: "gg-plans" });
    for (const p of view.me.dealt.filter((x) => view.me.kept.includes(x.id))) cards.append(planCard(view, ctx, p));
    box.append(cards);
    return box;
  }
  box.append(h("p", { class: "gg-hint" }, t("ui.pickPlans")));
  const cards = h("div", { class: "gg-plans" });
  for (const p of view.me.dealt) {
    cards.append(
      planCard(view, ctx, p, {
        selected: st.plans.has(p.id),
        onclick: () => {
          if (st.plans.has(p.id)) st.plans.delete(p.id);
          else if (st.plans.size < 2) st.plans.add(p.id);
          rerender(ctx);
        },
      }),
    );
  }
  box.append(cards);
  const pick = view.me.dealt.map((p) => p.id).filter((id) => st.plans.has(id)); // in dealt order, as `legal` lists pairs
  box.append(actionButton(ctx, t("ui.keep"), pick.length === 2 ? { type: "keep_plans", plans: pick } : null, "gg-keep", { primary: true }));
  return box;
}

// ---- the map ----------------------------------------------------------------------------

function mapSvg(view, ctx, st, draft, zoomed) {
  const { t } = ctx;
  const sheet = view.sheet;
  const land = landHexes(sheet);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const hx of land) {
    const [x, y] = centre(hx);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = R * 1.5;
  let box = [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad];
  if (zoomed) {
    // A window of about 15 hexes across around where this tourist stands, kept on the map.
    const focus = centre(draft ? draft.position : view.me ? view.players[view.me.seat].position : sheet.start);
    const w = 15 * 1.5 * R;
    const hgt = w * 1.15;
    const x = Math.min(Math.max(focus[0] - w / 2, box[0]), box[0] + box[2] - w);
    const y = Math.min(Math.max(focus[1] - hgt / 2, box[1]), box[1] + box[3] - hgt);
    box = [x, y, w, hgt];
  }
  const svg = s("svg", {
    class: `gg-map ${zoomed ? "gg-zoomed" : ""}`,
    viewBox: box.map((n) => n.toFixed(1)).join(" "),
    role: "img",
    "aria-label": t("ui.map"),
    "data-testid": "gg-map",
  });
  // What the seat may click: blue = straight on, gray = after a deviation.
  const blue = new Map();
  const gray = new Map();
  const drawing = draft && draft.drawing && !draft.submitted && !draft.finished && (view.legal || []).length;
  if (drawing) {
    (draft.ahead || []).forEach((hx, i) => { if (!blue.has(key(hx))) blue.set(key(hx), [{ type: "step", count: i + 1 }]); });
    const showGray = draft.path.length > 0 || st.deviating;
    if (showGray) {
      for (const opt of draft.deviation_options || []) {
        opt.hexes.forEach((hx, i) => {
          const k = key(hx);
          if (!blue.has(k) && !gray.has(k)) gray.set(k, [{ type: "deviate", heading: opt.heading }, { type: "step", count: i + 1 }]);
        });
      }
    }
  }
  const dests = new Map(sheet.destinations.map((d) => [key(d.hex), d]));
  const visitedByMe = new Set(view.me ? view.players[view.me.seat].visited : []);
  const gLand = s("g", { class: "gg-land" });
  for (const hx of land) {
    const k = key(hx);
    const d = dests.get(k);
    const cls = ["gg-hex"];
    let onclick = null;
    if (blue.has(k)) { cls.push("gg-blue"); onclick = () => { st.deviating = false; send(ctx, ...blue.get(k)); }; }
    else if (gray.has(k)) { cls.push("gg-gray"); onclick = () => { st.deviating = false; send(ctx, ...gray.get(k)); }; }
    if (d) cls.push(`gg-t-${d.type}`);
    const poly = s("polygon", {
      points: corners(hx, R * 0.97),
      class: cls.join(" "),
      "data-hex": k,
      tabindex: onclick ? 0 : null,
      role: onclick ? "button" : null,
      "aria-label": onclick ? (d ? placeName(view, d.code, ctx) : k) : null,
      onclick,
      // A blue hex sends one step: it carries the contract's test hooks (a gray one sends two).
      "data-testid": blue.has(k) ? "action" : null,
      "data-action": blue.has(k) ? JSON.stringify(blue.get(k)[0]) : null,
      onkeydown: onclick ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onclick(); } } : null,
    });
    if (d) poly.append(s("title", {}, `${placeName(view, d.code, ctx)} (${t(`type.${d.type}`)})`));
    gLand.append(poly);
  }
  svg.append(gLand);
  // Destinations: icon, short name, a check when this seat has visited it.
  const gDest = s("g", { class: "gg-dests", "pointer-events": "none" });
  for (const d of sheet.destinations) {
    const [x, y] = centre(d.hex);
    gDest.append(s("path", { d: TYPE_ICONS[d.type], transform: `translate(${x} ${y}) scale(0.9)`, class: "gg-icon" }));
    gDest.append(s("text", { x, y: y + R * 1.45, class: "gg-label" }, shortName(view, d.code, ctx)));
    if (d.guide) gDest.append(s("text", { x: x + R * 0.55, y: y - R * 0.45, class: "gg-guide-mark" }, "G"));
    if (visitedByMe.has(d.code)) gDest.append(s("text", { x: x - R * 0.6, y: y - R * 0.4, class: "gg-visited" }, "✓"));
  }
  const [sx, sy] = centre(sheet.start);
  gDest.append(s("polygon", { points: corners(sheet.start, R * 0.6), class: "gg-start" }));
  gDest.append(s("text", { x: sx, y: sy + R * 1.45, class: "gg-label" }, t("ui.start")));
  svg.append(gDest);
  svg.append(compass(sheet, box[0] + box[2], box[1], zoomed ? 0.6 : 1));
  // Revealed paths of every player in their colour; the latest day drawn bolder.
  const gPaths = s("g", { class: "gg-paths", "pointer-events": "none" });
  view.players.forEach((p, i) => {
    const colour = ctx.colors?.[i] || seatColor(i);
    p.paths.forEach((rec, n) => {
      const pts = [rec.from, ...rec.hexes].map(centre).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
      const latest = n === p.paths.length - 1;
      gPaths.append(s("polyline", { points: pts, stroke: colour, class: `gg-path ${latest ? "gg-latest" : ""}`, "data-seat": i }));
    });
  });
  // This seat's secret draft, dashed.
  if (draft && (draft.path || []).length) {
    const me = view.me.seat;
    const from = view.players[me].position;
    const pts = [from, ...draft.path].map(centre).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
    gPaths.append(s("polyline", { points: pts, stroke: ctx.colors?.[me] || seatColor(me), class: "gg-path gg-draft" }));
  }
  svg.append(gPaths);
  // Tokens: where each tourist stands (this seat: its draft position).
  const gTok = s("g", { class: "gg-tokens", "pointer-events": "none" });
  const at = new Map();
  view.players.forEach((p, i) => {
    const pos = view.me && view.me.seat === i && draft ? draft.position : p.position;
    const k = key(pos);
    if (!at.has(k)) at.set(k, []);
    at.get(k).push([i, pos]);
  });
  for (const group of at.values()) {
    group.forEach(([i, pos], n) => {
      const [x, y] = centre(pos);
      const a = (2 * Math.PI * n) / group.length;
      const off = group.length > 1 ? R * 0.45 : 0;
      const cx = x + off * Math.cos(a);
      const cy = y + off * Math.sin(a);
      gTok.append(s("circle", { cx, cy, r: R * 0.42, fill: ctx.colors?.[i] || seatColor(i), class: "gg-token" }));
      gTok.append(s("text", { x: cx, y: cy + R * 0.17, class: "gg-token-text" }, initialOf(ctx.names?.[i], i)));
    });
  }
  svg.append(gTok);
  return svg;
}

// The compass in the top right corner. Zoomed in, that corner is land: the compass is
// drawn smaller and see-through (CSS) so the hexes under it stay visible.
function compass(sheet, right, top, scale = 1) {
  const cx = right - R * 4 * scale;
  const cy = top + R * 4 * scale;
  const g = s("g", { class: "gg-compass", "pointer-events": "none", transform: `translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})` });
  g.append(s("polygon", { points: corners([0, 0], R * 2.6), transform: `translate(${cx} ${cy})`, class: "gg-compass-hex" }));
  for (const [face, [dq, dr]] of Object.entries(sheet.compass)) {
    const [x, y] = centre([dq, dr]);
    g.append(s("text", { x: cx + x * 1.55, y: cy + y * 1.55 + 3, class: "gg-compass-num" }, face));
  }
  return g;
}

// ---- side panel: guides, plans, score sheet --------------------------------------------

function sidePanel(view, ctx, draft) {
  const { t } = ctx;
  const side = h("div", { class: "gg-side" });
  if (view.me) side.append(guidePanel(view, ctx, draft));
  if (view.me && view.phase !== "plans") {
    const mine = view.players[view.me.seat].plans || [];
    side.append(h("h3", { class: "gg-h" }, t("ui.myPlans")));
    const cards = h("div", { class: "gg-plans" });
    for (const p of mine) cards.append(planCard(view, ctx, p));
    side.append(cards);
  }
  return side;
}

function guidePanel(view, ctx, draft) {
  const { t } = ctx;
  const st = stateOf(ctx);
  const me = view.players[view.me.seat];
  const box = h("div", { class: "gg-guides", dataset: { testid: "gg-guides" } }, h("h3", { class: "gg-h" }, t("ui.guides")));
  const today = new Set((draft?.guides_used || []).map((g) => g.guide));
  const canHire = (view.legal || []).some((a) => a.type === "use_guide");
  for (const g of GUIDES) {
    let state = t("ui.guideNone");
    if (today.has(g)) state = t("ui.guideToday");
    else if (me.guides_used.includes(g)) state = t("ui.guideUsed");
    else if (me.guides.includes(g)) state = t("ui.guideReady");
    const row = h("div", { class: `gg-guide ${me.guides_used.includes(g) ? "gg-crossed" : ""}` }, h("span", {}, `${t(`guide.${g}`)}: ${state}`));
    if (canHire) {
      for (const delta of [-1, 1]) {
        const action = { type: "use_guide", guide: g, die: st.die, delta };
        if (me.guides.includes(g) && !me.guides_used.includes(g) && !today.has(g)) {
          row.append(actionButton(ctx, delta < 0 ? "−1" : "+1", st.die != null ? action : null, `gg-guide-${g}-${delta > 0 ? "plus" : "minus"}`));
        }
      }
    }
    box.append(row);
  }
  if (canHire) box.append(h("p", { class: "gg-hint" }, t("ui.guideHint")));
  return box;
}

function scoreSheet(view, ctx) {
  const { t } = ctx;
  const cats = ["destinations", "dudhsagar", "tour_plans", "five_type_sets", "same_type", "total"];
  const table = h("table", { class: "gg-sheet", dataset: { testid: "gg-sheet" } });
  table.append(h("caption", {}, t("ui.sheet")));
  table.append(h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("ui.player")), h("th", { scope: "col" }, t("ui.sites")), cats.map((c) => h("th", { scope: "col" }, t(`score.${c}`))))));
  const body = h("tbody");
  view.players.forEach((p, i) => {
    const plans = (p.plans || []).map((x) => `${x.id} ${x.done.length}/${x.destinations.length}`).join(", ");
    body.append(
      h(
        "tr",
        { dataset: { seat: String(i) } },
        h("th", { scope: "row" }, h("span", { class: "gg-disc", style: { "--c": ctx.colors?.[i] || seatColor(i) } }, initialOf(ctx.names?.[i], i)), ` ${ctx.names?.[i] ?? i + 1}`, plans ? h("small", { class: "gg-plan-mini" }, plans) : null),
        h("td", { title: p.visited.map((c) => placeName(view, c, ctx)).join(", ") }, String(p.visited.length)),
        cats.map((c) => h("td", { class: c === "total" ? "gg-total" : "" }, String(p.score[c] ?? 0))),
      ),
    );
  });
  table.append(body);
  return h("div", { class: "gg-sheet-wrap" }, table);
}

// ---- status line and player info ----------------------------------------------------------

export function statusLine(view, ctx) {
  const { t } = ctx;
  if (!view || view.over) return "";
  const names = (seats) => seats.map((i) => ctx.names?.[i] ?? `{P${i}}`).join(", ");
  const mine = ctx.seat != null && (view.to_act || []).includes(ctx.seat);
  if (view.phase === "plans") {
    return mine ? t("status.choosePlans") : t("status.waitPlans", { names: names(view.to_act || []) });
  }
  const draft = myDraft(view);
  if (mine && draft) {
    if (!draft.drawing) return t("status.assign", { day: view.day });
    if (draft.finished) return t("status.submit", { day: view.day });
    return t("status.draw", { day: view.day, n: draft.steps_left });
  }
  if (view.step === "starter") return t("status.waitStarter", { day: view.day, who: ctx.names?.[view.starter] ?? `{P${view.starter}}` });
  return t("status.wait", { day: view.day, names: names(view.to_act || []) });
}

export function playerInfo(view, seat, ctx) {
  const p = view?.players?.[seat];
  if (!p) return "";
  let text = ctx.t("info", { total: p.score.total, sites: p.visited.length });
  if (view.phase === "day" && p.submitted) text += ` · ✓`;
  if (view.phase === "day" && view.starter === seat) text += " · ★";
  return text;
}

// ---- styles (injected once) ----------------------------------------------------------------

function injectCss() {
  if (cssDone) return;
  cssDone = true;
  const css = `
.gg-root { display: flex; flex-direction: column; gap: .5rem; }
.gg-top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; }
.gg-who { display: flex; flex-wrap: wrap; gap: .35rem; }
.gg-chip { display: inline-flex; align-items: center; gap: .2rem; padding: .1rem .45rem; border: 1px solid var(--line, #ccc); border-left: 4px solid var(--c); border-radius: 999px; font-size: .85rem; background: var(--surface, #fff); }
.gg-chip.gg-done { background: var(--ok-soft, #e7f5ec); }
.gg-disc { display: inline-grid; place-items: center; width: 1.3em; height: 1.3em; border-radius: 50%; background: var(--c); color: #fff; font-size: .75rem; font-weight: 700; }
.gg-controls { display: flex; flex-direction: column; gap: .4rem; padding: .5rem; border: 1px solid var(--line, #ccc); border-radius: var(--radius, 8px); background: var(--surface, #fff); }
.gg-dice { display: flex; gap: .5rem; flex-wrap: wrap; }
.gg-die { position: relative; min-width: 3.2rem; min-height: 3.2rem; border: 2px solid var(--ink, #222); border-radius: 10px; background: #fffdf6; display: flex; flex-direction: column; align-items: center; justify-content: center; font: inherit; cursor: pointer; padding: .2rem; }
.gg-die:disabled { cursor: default; opacity: 1; color: var(--ink, #222); }
.gg-die.gg-sel { outline: 3px solid var(--focus, #1d4ed8); outline-offset: 2px; }
.gg-die.gg-used { background: var(--accent-soft, #e3eef3); }
.gg-die.gg-reserved { border-style: dashed; }
.gg-pip { font-size: 1.4rem; font-weight: 700; line-height: 1; }
.gg-was, .gg-role, .gg-lock { font-size: .65rem; line-height: 1.1; }
.gg-actions { display: flex; flex-wrap: wrap; gap: .35rem; }
.gg-btn { min-height: 2.2rem; }
.gg-hint { margin: 0; font-size: .9rem; color: var(--ink-2, #444); }
.gg-body { display: grid; grid-template-columns: minmax(0, 3fr) minmax(14rem, 2fr); gap: .6rem; align-items: start; }
@media (max-width: 760px) { .gg-body { grid-template-columns: minmax(0, 1fr); } }
.gg-map-wrap { min-width: 0; display: flex; flex-direction: column; align-items: flex-end; gap: .3rem; }
.gg-zoomed { max-height: 70vh; }
.gg-map { width: 100%; height: auto; max-height: 85vh; display: block; background: #cfe8f3; border-radius: var(--radius, 8px); touch-action: manipulation; }
.gg-hex { fill: #e9e1c9; stroke: #c9bd98; stroke-width: .6; }
${Object.entries(TYPE_COLORS).map(([k, c]) => `.gg-hex.gg-t-${k} { fill: ${c}; }`).join("\n")}
.gg-hex.gg-blue { fill: #7fb2ff; stroke: #1d4ed8; stroke-width: 1.2; cursor: pointer; }
.gg-hex.gg-gray { fill: #b8b8b8; stroke: #555; stroke-width: 1; cursor: pointer; }
.gg-hex.gg-blue:hover, .gg-hex.gg-gray:hover, .gg-hex:focus { stroke: #000; stroke-width: 2; outline: none; }
.gg-icon { fill: none; stroke: #1c2430; stroke-width: 1; stroke-linecap: round; stroke-linejoin: round; }
.gg-label { font-size: 5px; text-anchor: middle; fill: #1c2430; paint-order: stroke; stroke: #fffdf6; stroke-width: 1.4px; font-family: var(--font, sans-serif); }
.gg-guide-mark { font-size: 6px; font-weight: 700; fill: #7a4300; text-anchor: middle; }
.gg-visited { font-size: 8px; font-weight: 700; fill: #166534; text-anchor: middle; }
.gg-start { fill: #fff; stroke: #1c2430; stroke-width: 1; }
.gg-path { fill: none; stroke-width: 1.6; stroke-linecap: round; stroke-linejoin: round; opacity: .45; }
.gg-path.gg-latest { stroke-width: 2.6; opacity: .95; }
.gg-path.gg-draft { stroke-width: 2.6; opacity: 1; stroke-dasharray: 3 2; }
.gg-token { stroke: #fff; stroke-width: 1; }
.gg-token-text { font-size: 5px; font-weight: 700; fill: #fff; text-anchor: middle; font-family: var(--font, sans-serif); }
.gg-compass { opacity: .85; }
.gg-zoomed .gg-compass { opacity: .7; }
.gg-zoomed .gg-compass-hex { fill-opacity: .35; }
.gg-compass-hex { fill: #fffdf6; stroke: #1c2430; stroke-width: .8; }
.gg-compass-num { font-size: 8px; font-weight: 700; text-anchor: middle; fill: #0b4f6c; }
.gg-side { display: flex; flex-direction: column; gap: .5rem; min-width: 0; }
.gg-h { margin: .2rem 0; font-size: 1rem; }
.gg-guides { padding: .4rem .5rem; border: 1px solid var(--line, #ccc); border-radius: var(--radius, 8px); background: var(--surface, #fff); }
.gg-guide { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem; font-size: .9rem; }
.gg-guide.gg-crossed span { text-decoration: line-through; }
.gg-plans { display: flex; flex-wrap: wrap; gap: .4rem; }
.gg-plan { flex: 1 1 9rem; display: flex; flex-direction: column; justify-content: flex-start; text-align: left; font: inherit; font-size: .85rem; padding: .35rem .5rem; border: 1px solid var(--line-strong, #aaa); border-radius: 8px; background: #fffdf6; }
button.gg-plan { cursor: pointer; }
.gg-plan.gg-sel { outline: 3px solid var(--focus, #1d4ed8); background: var(--accent-soft, #e3eef3); }
.gg-plan.gg-complete { border-color: var(--ok, #166534); background: var(--ok-soft, #e7f5ec); }
.gg-plan ul { margin: .2rem 0 0; padding-left: .2rem; list-style: none; }
.gg-plan li.gg-tick { color: var(--ok, #166534); font-weight: 600; }
.gg-sheet-wrap { overflow-x: auto; }
.gg-sheet { border-collapse: collapse; font-size: .8rem; width: 100%; background: var(--surface, #fff); }
.gg-sheet caption { text-align: left; font-weight: 700; padding: .2rem 0; }
.gg-sheet th, .gg-sheet td { border: 1px solid var(--line, #ccc); padding: .2rem .3rem; text-align: center; }
.gg-sheet th[scope=row] { text-align: left; white-space: nowrap; }
.gg-sheet .gg-total { font-weight: 700; }
.gg-plan-mini { display: block; font-weight: 400; color: var(--ink-2, #444); }
/* Phones: a compact sheet whose player column stays put while the figures scroll sideways. */
@media (max-width: 600px) {
  .gg-sheet { font-size: .72rem; }
  .gg-sheet th, .gg-sheet td { padding: .15rem .2rem; }
  .gg-sheet th[scope=row] { position: sticky; left: 0; z-index: 1; background: var(--surface, #fff); }
}
@media (prefers-reduced-motion: no-preference) { .gg-path.gg-latest, .gg-path.gg-draft { transition: opacity .3s; } }
`;
  document.head.append(h("style", { dataset: { gg: "1" } }, css));
}
