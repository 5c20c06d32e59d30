// Coimbra's components in English and Russian, as data: every character card, monastery,
// voyage, benefit tile, influence scoring tile, pilgrimage site and track, by the ids of
// engines/coimbra/data.py (docs/games/coimbra.md lists them). Each row is
// [English name, Russian name, English text, Russian text]; `componentStrings()` turns the
// tables into string keys ("coimbra.card.G01", "coimbra.card.G01.text"...). No DOM.

export const CARDS = {
  // Gray: council members.
  G01: ["Town Crier", "Глашатай", "Now: +3 guards", "Сразу: +3 стражника"],
  G02: ["Bailiff", "Пристав", "Each Phase E: +1 guard", "Каждая фаза E: +1 стражник"],
  G03: ["Alderman", "Старейшина", "End: 2 VP per gray card you own", "Конец: 2 ПО за каждую вашу серую карту"],
  G04: ["Magistrate", "Магистрат", "Now: +1 step on any influence track", "Сразу: +1 шаг по любой шкале влияния"],
  G05: ["Tax Collector", "Сборщик податей", "Now: each other player pays you 1 coin (if able)", "Сразу: каждый соперник платит вам 1 монету (если может)"],
  G06: ["Captain of the Watch", "Капитан стражи", "Now: +1 guard", "Сразу: +1 стражник"],
  G07: ["Councillor", "Советник", "Each Phase E: +2 VP if you took gray income this round", "Каждая фаза E: +2 ПО, если в этом раунде вы получили доход серой шкалы"],
  G08: ["Judge", "Судья", "End: 1 VP per guard you have", "Конец: 1 ПО за каждого вашего стражника"],
  G09: ["Chancellor", "Канцлер", "End: VP = half your gray level (round down)", "Конец: ПО = половина вашего уровня серой шкалы (вниз)"],
  G10: ["Royal Envoy", "Королевский посланник", "Now: +1 step on any influence track", "Сразу: +1 шаг по любой шкале влияния"],
  G11: ["Governor", "Губернатор", "Now: +2 VP", "Сразу: +2 ПО"],
  G12: ["Mayor", "Бургомистр", "End: 3 VP per voyage you funded", "Конец: 3 ПО за каждое оплаченное вами плавание"],
  // Orange: merchants.
  O01: ["Spice Trader", "Торговец пряностями", "Now: +3 coins", "Сразу: +3 монеты"],
  O02: ["Shopkeeper", "Лавочник", "Each Phase E: +1 coin", "Каждая фаза E: +1 монета"],
  O03: ["Moneylender", "Ростовщик", "End: 1 VP per coin you have", "Конец: 1 ПО за каждую вашу монету"],
  O04: ["Broker", "Маклер", "Now: take one discarded character, paying 3 of its currency", "Сразу: возьмите сброшенного персонажа, заплатив 3 в его валюте"],
  O05: ["Shipowner", "Судовладелец", "Now: your next voyage costs 2 less", "Сразу: ваше следующее плавание на 2 дешевле"],
  O06: ["Banker", "Банкир", "Now: +1 coin", "Сразу: +1 монета"],
  O07: ["Guild Master", "Глава гильдии", "Each Phase E: +1 coin per orange income you took", "Каждая фаза E: +1 монета за каждый доход оранжевой шкалы"],
  O08: ["Cloth Merchant", "Суконщик", "End: 2 VP per orange card you own", "Конец: 2 ПО за каждую вашу оранжевую карту"],
  O09: ["Jeweller", "Ювелир", "End: VP = half your orange level (round down)", "Конец: ПО = половина вашего уровня оранжевой шкалы (вниз)"],
  O10: ["Importer", "Импортёр", "Now: +3 coins", "Сразу: +3 монеты"],
  O11: ["Treasurer", "Казначей", "Now: +2 VP", "Сразу: +2 ПО"],
  O12: ["Chartered Merchant", "Купец с грамотой", "End: 4 VP if you own cards of all four colours; 4 more if 2 of each", "Конец: 4 ПО за карты всех четырёх цветов; ещё 4, если каждого цвета по 2"],
  // Purple: clergy.
  P01: ["Friar", "Монах", "Now: pilgrim +2 steps", "Сразу: паломник +2 шага"],
  P02: ["Deacon", "Дьякон", "Each Phase E: pilgrim +1 step", "Каждая фаза E: паломник +1 шаг"],
  P03: ["Abbot", "Аббат", "End: 1 VP per monastery visited", "Конец: 1 ПО за каждый посещённый монастырь"],
  P04: ["Confessor", "Духовник", "Now: +1 step on any influence track", "Сразу: +1 шаг по любой шкале влияния"],
  P05: ["Almoner", "Раздатчик милостыни", "Now: +2 VP per monastery visited so far", "Сразу: +2 ПО за каждый уже посещённый монастырь"],
  P06: ["Prior", "Приор", "Now: pilgrim +1 step", "Сразу: паломник +1 шаг"],
  P07: ["Canon", "Каноник", "Each Phase E: +2 VP if you took purple income this round", "Каждая фаза E: +2 ПО, если в этом раунде вы получили доход фиолетовой шкалы"],
  P08: ["Bishop", "Епископ", "End: 2 VP per tier II or III monastery visited", "Конец: 2 ПО за каждый посещённый монастырь II или III уровня"],
  P09: ["Inquisitor", "Инквизитор", "End: VP = half your purple level (round down)", "Конец: ПО = половина вашего уровня фиолетовой шкалы (вниз)"],
  P10: ["Papal Legate", "Папский легат", "Now: pilgrim +2 steps", "Сразу: паломник +2 шага"],
  P11: ["Archbishop", "Архиепископ", "Now: +2 VP", "Сразу: +2 ПО"],
  P12: ["Pilgrims' Guide", "Проводник паломников", "Now: pilgrim +3 steps", "Сразу: паломник +3 шага"],
  // Green: scholars.
  S01: ["Student", "Студент", "Now: +2 VP", "Сразу: +2 ПО"],
  S02: ["Tutor", "Наставник", "Each Phase E: +1 VP", "Каждая фаза E: +1 ПО"],
  S03: ["Librarian", "Библиотекарь", "End: 1 VP per character card you own", "Конец: 1 ПО за каждую вашу карту персонажа"],
  S04: ["Astronomer", "Астроном", "Now: +1 step on any influence track", "Сразу: +1 шаг по любой шкале влияния"],
  S05: ["Cartographer", "Картограф", "Now: your next voyage costs 2 less", "Сразу: ваше следующее плавание на 2 дешевле"],
  S06: ["Rector", "Ректор", "No effect", "Без свойства"],
  S07: ["Physician", "Лекарь", "Each Phase E: +2 VP if you took green income this round", "Каждая фаза E: +2 ПО, если в этом раунде вы получили доход зелёной шкалы"],
  S08: ["Jurist", "Правовед", "End: 2 VP per green card you own", "Конец: 2 ПО за каждую вашу зелёную карту"],
  S09: ["Humanist", "Гуманист", "End: VP = half your green level (round down)", "Конец: ПО = половина вашего уровня зелёной шкалы (вниз)"],
  S10: ["Mathematician", "Математик", "Now: +2 VP", "Сразу: +2 ПО"],
  S11: ["Chronicler", "Летописец", "Now: +2 VP", "Сразу: +2 ПО"],
  S12: ["Professor", "Профессор", "End: 1 VP per diploma you own", "Конец: 1 ПО за каждый ваш диплом"],
  // Starting cards (back I): Phase C bonuses trigger on the card you buy.
  Notary: ["Notary", "Нотариус", "Phase C: when you buy a gray card, +1 guard", "Фаза C: купив серую карту, +1 стражник"],
  Novice: ["Novice", "Послушник", "Now: pilgrim +1 step", "Сразу: паломник +1 шаг"],
  Peddler: ["Peddler", "Коробейник", "Phase C: when you buy an orange card, +1 coin", "Фаза C: купив оранжевую карту, +1 монета"],
  Scribe: ["Scribe", "Писарь", "Now: +1 VP (and 1 diploma)", "Сразу: +1 ПО (и 1 диплом)"],
  Sergeant: ["Sergeant", "Сержант", "Now: +2 guards", "Сразу: +2 стражника"],
  Chaplain: ["Chaplain", "Капеллан", "Phase C: when you buy a purple card, pilgrim +1 step", "Фаза C: купив фиолетовую карту, паломник +1 шаг"],
  Apprentice: ["Apprentice", "Подмастерье", "Phase C: when you buy a green card, +1 VP", "Фаза C: купив зелёную карту, +1 ПО"],
  Hawker: ["Hawker", "Разносчик", "Now: +2 coins", "Сразу: +2 монеты"],
};

// Monastery tiles by tier and number ("I-1"): [English, Russian] reward texts.
export const MONASTERIES = {
  "I-1": ["+3 coins", "+3 монеты"],
  "I-2": ["+3 guards", "+3 стражника"],
  "I-3": ["+2 coins, +1 guard", "+2 монеты, +1 стражник"],
  "I-4": ["+1 coin, +2 guards", "+1 монета, +2 стражника"],
  "I-5": ["+3 VP", "+3 ПО"],
  "I-6": ["+1 gray influence", "+1 к серому влиянию"],
  "I-7": ["+1 orange influence", "+1 к оранжевому влиянию"],
  "I-8": ["+1 purple influence", "+1 к фиолетовому влиянию"],
  "I-9": ["+1 green influence", "+1 к зелёному влиянию"],
  "I-10": ["Pilgrim +2 steps (keep walking)", "Паломник +2 шага (идёт дальше)"],
  "I-11": ["+1 guard, +1 VP", "+1 стражник, +1 ПО"],
  "I-12": ["+2 VP, +1 coin", "+2 ПО, +1 монета"],
  "II-1": ["+2 influence on one track of your choice", "+2 влияния на одной шкале по выбору"],
  "II-2": ["+5 coins", "+5 монет"],
  "II-3": ["+5 guards", "+5 стражников"],
  "II-4": ["+6 VP", "+6 ПО"],
  "II-5": ["+1 influence on two different tracks", "+1 влияния на двух разных шкалах"],
  "II-6": ["End: 1 VP per monastery you visited", "Конец: 1 ПО за каждый посещённый монастырь"],
  "II-7": ["End: 1 VP per character card you own", "Конец: 1 ПО за каждую вашу карту персонажа"],
  "II-8": ["+2 coins, +2 guards, +1 VP", "+2 монеты, +2 стражника, +1 ПО"],
  "III-1": ["+10 VP", "+10 ПО"],
  "III-2": ["+3 influence on one track of your choice", "+3 влияния на одной шкале по выбору"],
  "III-3": ["End: 2 VP per monastery you visited", "Конец: 2 ПО за каждый посещённый монастырь"],
  "III-4": ["End: 4 VP per voyage you funded", "Конец: 4 ПО за каждое оплаченное вами плавание"],
};

// Voyage cards: [English name, Russian name, English condition, Russian condition].
export const VOYAGES = {
  V1: ["Madeira", "Мадейра", "2 VP per gray card", "2 ПО за каждую серую карту"],
  V2: ["Azores", "Азорские острова", "2 VP per orange card", "2 ПО за каждую оранжевую карту"],
  V3: ["Cape Verde", "Кабо-Верде", "2 VP per purple card", "2 ПО за каждую фиолетовую карту"],
  V4: ["Guinea", "Гвинея", "2 VP per green card", "2 ПО за каждую зелёную карту"],
  V5: ["Cape of Good Hope", "Мыс Доброй Надежды", "2 VP per monastery visited", "2 ПО за каждый посещённый монастырь"],
  V6: ["Calicut", "Каликут", "1 VP per coin left", "1 ПО за каждую оставшуюся монету"],
  V7: ["Brazil", "Бразилия", "1 VP per guard left", "1 ПО за каждого оставшегося стражника"],
  V8: ["Malacca", "Малакка", "2 VP per character card with an end-game bonus", "2 ПО за каждую карту с бонусом конца игры"],
  V9: ["Mozambique", "Мозамбик", "2 VP per diploma", "2 ПО за каждый диплом"],
  V10: ["Ormuz", "Ормуз", "5 VP per set of 4 different-coloured cards", "5 ПО за каждый набор из 4 карт разных цветов"],
  V11: ["Ceylon", "Цейлон", "2 VP per level of your lowest influence track", "2 ПО за каждое деление вашей самой низкой шкалы влияния"],
  V12: ["Goa", "Гоа", "1 VP per character card owned", "1 ПО за каждую вашу карту персонажа"],
  V13: ["Newfoundland", "Ньюфаундленд", "VP equal to your purple level", "ПО по уровню вашей фиолетовой шкалы"],
  V14: ["Macau", "Макао", "2 VP per voyage you funded (this one included)", "2 ПО за каждое оплаченное вами плавание (и это тоже)"],
  V15: ["Timor", "Тимор", "8 VP", "8 ПО"],
};

// The castle's benefit tiles and the extra die tile.
export const TILES = {
  treasury: ["Treasury", "Казна", "+3 coins", "+3 монеты"],
  armoury: ["Armoury", "Арсенал", "+3 guards", "+3 стражника"],
  chancery: ["Chancery", "Канцелярия", "+1 VP and the extra die tile", "+1 ПО и жетон доп. кубика"],
  chapel: ["Chapel", "Часовня", "Pilgrim +1 step", "Паломник +1 шаг"],
  extra_die: ["Extra die", "Доп. кубик", "This round's Phase E: one more income from a track of your choice", "В фазе E этого раунда: ещё один доход с шкалы по выбору"],
};

// Pilgrimage sites (the map's monastery spaces) and Coimbra's four start spaces.
export const SITES = {
  I1: ["Santa Clara-a-Velha", "Санта-Клара-а-Велья"],
  I2: ["Celas", "Селаш"],
  I3: ["Lorvão", "Лорван"],
  I4: ["Semide", "Семиде"],
  I5: ["Buçaco", "Бусаку"],
  I6: ["Seiça", "Сейса"],
  I7: ["São Marcos", "Сан-Маркуш"],
  I8: ["Tentúgal", "Тентугал"],
  II1: ["Arouca", "Арока"],
  II2: ["Alcobaça", "Алкобаса"],
  II3: ["Batalha", "Баталья"],
  II4: ["Tomar", "Томар"],
  III1: ["Santiago de Compostela", "Сантьяго-де-Компостела"],
  III2: ["Jerónimos, Belém", "Жеронимуш, Белен"],
  "C-NW": ["Coimbra, north-west gate", "Коимбра, северо-западные ворота"],
  "C-NE": ["Coimbra, north-east gate", "Коимбра, северо-восточные ворота"],
  "C-SE": ["Coimbra, south-east gate", "Коимбра, юго-восточные ворота"],
  "C-SW": ["Coimbra, south-west gate", "Коимбра, юго-западные ворота"],
};

// The four influence tracks by die colour: [English, Russian] names of the group.
export const TRACKS = {
  gray: ["Council", "Совет"],
  orange: ["Merchants", "Купцы"],
  purple: ["Clergy", "Духовенство"],
  green: ["Scholars", "Учёные"],
};

/** Returns the tables as string keys for one language ("en" or "ru").
 *
 * >>> componentStrings("ru")["coimbra.card.G01"]  // "Глашатай"
 */
export function componentStrings(lang) {
  const i = lang === "ru" ? 1 : 0;
  const out = {};
  for (const [id, row] of Object.entries(CARDS)) {
    out[`coimbra.card.${id}`] = row[i];
    out[`coimbra.card.${id}.text`] = row[2 + i];
  }
  for (const [id, row] of Object.entries(MONASTERIES)) out[`coimbra.monastery.${id}`] = row[i];
  for (const [id, row] of Object.entries(VOYAGES)) {
    out[`coimbra.voyage.${id}`] = row[i];
    out[`coimbra.voyage.${id}.text`] = row[2 + i];
  }
  for (const [id, row] of Object.entries(TILES)) {
    out[`coimbra.tile.${id}`] = row[i];
    out[`coimbra.tile.${id}.text`] = row[2 + i];
  }
  for (const [id, row] of Object.entries(SITES)) out[`coimbra.site.${id}`] = row[i];
  for (const [id, row] of Object.entries(TRACKS)) out[`coimbra.track.${id}`] = row[i];
  return out;
}
