// Coimbra log lines and refusal reasons (keys co.*, co.err.*) as the engine writes them
// (engines/coimbra), in English and Russian. Placeholders {name}; plurals
// {n, plural, one {…} few {…} many {…} other {…}} with # for the number. Seat names arrive as
// {P0}..{P5} inside args values. Cards, sites, monasteries and voyages are ids (names.js names
// them; the renderer puts args in the reader's words, words.js). Where Russian grammar needs a
// form the word alone cannot give, the index beside the id picks it with "=N" branches:
// t = track (gray, orange, purple, green), a = area (castle, upper, central, lower),
// k = die colour (the tracks', then white), c = currency (coins, guards), i = benefit tile
// (treasury, armoury, chancery, chapel).

const EN_COINS = "{n, plural, one {# coin} other {# coins}}";
const EN_GUARDS = "{n, plural, one {# guard} other {# guards}}";
const EN_COST = "{c, plural, =0 {{cost, plural, one {# coin} other {# coins}}} other {{cost, plural, one {# guard} other {# guards}}}}";
const EN_AREA = "{a, plural, =0 {the castle} =1 {the upper city} =2 {the central city} other {the lower city}}";
const EN_TILE = "{i, plural, =0 {the Treasury} =1 {the Armoury} =2 {the Chancery} other {the Chapel}}";

const RU_COINS = "{n, plural, one {# монету} few {# монеты} many {# монет} other {# монеты}}";
const RU_GUARDS = "{n, plural, one {# стражника} few {# стражника} many {# стражников} other {# стражника}}";
const RU_COST = "{c, plural, =0 {{cost, plural, one {# монету} few {# монеты} many {# монет} other {# монеты}}} other {{cost, plural, one {# стражника} few {# стражника} many {# стражников} other {# стражника}}}}";
const RU_AREA_IN = "{a, plural, =0 {в замке} =1 {в верхнем городе} =2 {в центральном городе} other {в нижнем городе}}";
const RU_AREA_TO = "{a, plural, =0 {в замок} =1 {в верхний город} =2 {в центральный город} other {в нижний город}}";
const RU_AREA_BY = "{a, plural, =0 {у замка} =1 {у верхнего города} =2 {у центрального города} other {у нижнего города}}";
// One-word branches start with their space ("по{t…} шкале"), so no branch reads like a {placeholder}.
const RU_TRACK = "{t, plural, =0 { серой} =1 { оранжевой} =2 { фиолетовой} other { зелёной}}";
const RU_DIE = "{k, plural, =0 { серый} =1 { оранжевый} =2 { фиолетовый} =3 { зелёный} other { белый}}";
const RU_TILE = "{i, plural, =0 { Казну} =1 { Арсенал} =2 { Канцелярию} other { Часовню}}";
const RU_VP = "{n, plural, one {# ПО} few {# ПО} many {# ПО} other {# ПО}}";

export default {
  en: {
    "co.setup": "Coimbra for {players} players.",
    "co.order": "{player}'s lion stands on flag {flag}.",
    "co.take_pair": "{player} takes the starting pair {a} and {b}.",
    "co.start_space": "{player} puts the pilgrim on {space}.",
    "co.round": "Round {round}.",
    "co.roll": "{player} rolls the dice: {dice}.",
    "co.place": `{player} places the {color} {value} in ${EN_AREA} (position {position}).`,
    "co.take_tile": `{player} takes ${EN_TILE} ({crowns, plural, one {# crown} other {# crowns}}).`,
    "co.extra_die": "{player} takes the extra die tile.",
    "co.buy": `{player} buys {card} for ${EN_COST}.`,
    "co.crown_token": "{player} takes the crown token from {card}.",
    "co.alternative": `{player} takes the alternative in ${EN_AREA}: {coins, plural, one {# coin} other {# coins}} and {guards, plural, one {# guard} other {# guards}}.`,
    "co.token_discards": `The die token {value} in ${EN_AREA} discards {card}.`,
    "co.token_nothing": `The die token {value} in ${EN_AREA} finds no card.`,
    "co.row_discarded": `{n, plural, one {# character is} other {# characters are}} left beside ${EN_AREA} and discarded.`,
    "co.influence": "{player} advances {n} on the {track} track (now {level}).",
    "co.gain_coins": `{player} gains ${EN_COINS}.`,
    "co.gain_guards": `{player} gains ${EN_GUARDS}.`,
    "co.gain_vp": "{player} gains {n} VP.",
    "co.steps": "{player}'s pilgrim may walk {n, plural, one {# step} other {# steps}}.",
    "co.more_steps": "{player}'s pilgrim may walk {n, plural, one {# more step} other {# more steps}}.",
    "co.walk": "{player}'s pilgrim walks to {space}.",
    "co.visit": "{player} visits {site} (monastery {monastery}).",
    "co.stop": "{player}'s pilgrim stops; {lost, plural, one {# step is} other {# steps are}} lost.",
    "co.tax": `{payer} pays {player} ${EN_COINS}.`,
    "co.discount": "{player}'s next voyage costs {n} less.",
    "co.broker": `{player} takes {card} from the discard for ${EN_COST}.`,
    "co.broker_nothing": "{player} finds no discarded character to take.",
    "co.broker_pass": "{player} takes no discarded character.",
    "co.phase_c_bonus": "{player}'s {card} pays its Phase C bonus.",
    "co.phase_e_bonus": "{player}'s {card} pays its Phase E bonus.",
    "co.income": "{player} activates the {die} die on the {track} track: {n}.",
    "co.new_order": "New player order: {order} (crowns {crowns}).",
    "co.fund": `{player} funds {voyage} for ${EN_COST}.`,
    "co.no_fund": "{player} funds no voyage.",
    "co.over": "The game is over: final scoring.",
    "co.err.choose_track": "Choose a track for the white die.",
    "co.err.die_used": "That die is not on your board, or it was used.",
    "co.err.finish_step": "Finish the open step first.",
    "co.err.group_taken": "That group is taken.",
    "co.err.no_extra_die": "You have no extra die to use.",
    "co.err.no_such_die": "That die is not in the dice area.",
    "co.err.no_such_tile": "That benefit tile is not in the castle.",
    "co.err.not_adjacent": "Your pilgrim can only step to a neighbouring space.",
    "co.err.not_in_discard": "That card is not in the discard pile, or you cannot pay for it.",
    "co.err.not_in_row": "That character is not in this row.",
    "co.err.resolve_first": "Resolve your die: a tile, a character or the alternative.",
    "co.err.same_track": "Choose a different track.",
    "co.err.short_coins": "You need {n, plural, one {# coin} other {# coins}}.",
    "co.err.short_guards": "You need {n, plural, one {# guard} other {# guards}}.",
    "co.err.space_taken": "That start space is taken.",
    "co.err.voyage_taken": "You cannot fund that voyage.",
    "co.err.wrong_phase": "That is not an action of this phase.",
  },
  ru: {
    "co.setup": "Коимбра на {players} игроков.",
    "co.order": "Лев игрока {player} стоит на флаге {flag}.",
    "co.take_pair": "{player} берёт стартовую пару: {a} и {b}.",
    "co.start_space": "{player} ставит паломника на {space}.",
    "co.round": "Раунд {round}.",
    "co.roll": "{player} бросает кубики: {dice}.",
    "co.place": `{player} ставит${RU_DIE} кубик {value} ${RU_AREA_TO} (место {position}).`,
    "co.take_tile": `{player} берёт${RU_TILE} ({crowns, plural, one {# корона} few {# короны} many {# корон} other {# короны}}).`,
    "co.extra_die": "{player} берёт жетон доп. кубика.",
    "co.buy": `{player} покупает {card} за ${RU_COST}.`,
    "co.crown_token": "{player} забирает жетон короны с карты {card}.",
    "co.alternative": `{player} выбирает замену ${RU_AREA_IN}: {coins, plural, one {# монету} few {# монеты} many {# монет} other {# монеты}} и {guards, plural, one {# стражника} few {# стражника} many {# стражников} other {# стражника}}.`,
    "co.token_discards": `Жетон кубика {value} ${RU_AREA_IN} сбрасывает {card}.`,
    "co.token_nothing": `Жетону кубика {value} ${RU_AREA_IN} нечего сбросить.`,
    "co.row_discarded": `Сброшено персонажей ${RU_AREA_BY}: {n}.`,
    "co.influence": `{player} продвигается на {n} по${RU_TRACK} шкале (теперь {level}).`,
    "co.gain_coins": `{player} получает ${RU_COINS}.`,
    "co.gain_guards": `{player} получает ${RU_GUARDS}.`,
    "co.gain_vp": `{player} получает ${RU_VP}.`,
    "co.steps": "Паломник игрока {player} может пройти {n, plural, one {# шаг} few {# шага} many {# шагов} other {# шага}}.",
    "co.more_steps": "Паломник игрока {player} может пройти ещё {n, plural, one {# шаг} few {# шага} many {# шагов} other {# шага}}.",
    "co.walk": "Паломник игрока {player} идёт на {space}.",
    "co.visit": "{player} посещает {site} (монастырь {monastery}).",
    "co.stop": "Паломник игрока {player} останавливается; {lost, plural, one {# шаг пропадает} few {# шага пропадают} many {# шагов пропадают} other {# шага пропадают}}.",
    "co.tax": `{payer} платит игроку {player} ${RU_COINS}.`,
    "co.discount": "Следующее плавание игрока {player} дешевле на {n}.",
    "co.broker": `{player} берёт {card} из сброса за ${RU_COST}.`,
    "co.broker_nothing": "{player} не находит в сбросе персонажа, которого мог бы взять.",
    "co.broker_pass": "{player} не берёт персонажа из сброса.",
    "co.phase_c_bonus": "Карта {card} игрока {player} приносит бонус фазы C.",
    "co.phase_e_bonus": "Карта {card} игрока {player} приносит бонус фазы E.",
    "co.income": `{player} использует кубик {die} на${RU_TRACK} шкале: {n}.`,
    "co.new_order": "Новый порядок хода: {order} (короны: {crowns}).",
    "co.fund": `{player} снаряжает плавание {voyage} за ${RU_COST}.`,
    "co.no_fund": "{player} не снаряжает плавание.",
    "co.over": "Игра окончена: финальный подсчёт.",
    "co.err.choose_track": "Выберите шкалу для белого кубика.",
    "co.err.die_used": "Этого кубика нет на вашем планшете, или он уже использован.",
    "co.err.finish_step": "Сначала завершите начатый шаг.",
    "co.err.group_taken": "Эту пару уже взяли.",
    "co.err.no_extra_die": "У вас нет доп. кубика.",
    "co.err.no_such_die": "Этого кубика нет в зоне кубиков.",
    "co.err.no_such_tile": "Этой плитки благ нет в замке.",
    "co.err.not_adjacent": "Паломник может шагнуть только на соседнее место.",
    "co.err.not_in_discard": "Этой карты нет в сбросе, или вам нечем за неё заплатить.",
    "co.err.not_in_row": "Этого персонажа нет в этом ряду.",
    "co.err.resolve_first": "Разыграйте кубик: плитка, персонаж или замена.",
    "co.err.same_track": "Выберите другую шкалу.",
    "co.err.short_coins": "Нужно {n, plural, one {# монета} few {# монеты} many {# монет} other {# монеты}}.",
    "co.err.short_guards": "Нужно {n, plural, one {# стражник} few {# стражника} many {# стражников} other {# стражника}}.",
    "co.err.space_taken": "Это стартовое место занято.",
    "co.err.voyage_taken": "Это плавание вам недоступно.",
    "co.err.wrong_phase": "Это действие не из этой фазы.",
  },
};
