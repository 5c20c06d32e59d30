// Goa's rules in short, written for this site (en, ru): what the "Rules" button shows.

export default {
  en: [
    { title: "Goal", text: "Trade spices in Goa over two parts of four rounds and score the most victory points: development board, colonies, special tiles, the most ducats and sets of expedition cards." },
    { title: "Markers", icon: "flag", text: "The starting player puts the flag next to a tile; then everyone places numbered auction markers, each next to (or diagonal to) the previous one." },
    { title: "Auctions", icon: "coin", text: "The flag, then each marked tile, is auctioned by the marker's owner. Each player bids once, clockwise, higher than the last bid, or passes; the auctioneer speaks last. The winner pays the auctioneer (or the bank, when the auctioneer wins). The flag brings an additional action card and makes you the starting player." },
    { title: "Actions", icon: "star", text: "Three actions each per round: progress (pay the spices shown, one ship each, to move a marker down a column), build ships, harvest spices onto empty fields, collect taxes, draw expedition cards (never above your hand limit), or try to found a colony with colonists from your board, two revealed cards and colonist cards." },
    { title: "Additional actions", text: "When everyone has had three actions, additional action cards are played one at a time; you may keep at most one card into the next round." },
    { title: "Scoring", text: "Development rows, colonies, single plantations (★: 1 point each, kept even if given up), fulfilled Duty and Missions, 3 points for the most ducats and sets of expedition card symbols. Tie: the most ducats wins." },
  ],
  ru: [
    { title: "Цель", text: "Торгуйте пряностями в Гоа две части по четыре раунда и наберите больше всех победных очков: планшет развития, колонии, особые тайлы, больше всех дукатов и наборы карт экспедиций." },
    { title: "Маркеры", icon: "flag", text: "Начинающий игрок ставит флаг рядом с тайлом; затем все по очереди ставят пронумерованные аукционные маркеры, каждый рядом (или по диагонали) с предыдущим." },
    { title: "Аукционы", icon: "coin", text: "Флаг, затем каждый отмеченный тайл выставляет владелец маркера. Каждый по часовой стрелке один раз делает ставку выше прежней или пасует; аукционист говорит последним. Победитель платит аукционисту (или банку, если выиграл аукционист). Флаг даёт карту дополнительного действия и делает вас начинающим игроком." },
    { title: "Действия", icon: "star", text: "По три действия за раунд: развитие (заплатить указанные пряности, к каждой корабль, и сдвинуть маркер вниз), корабли, урожай на пустые поля, налоги, карты экспедиций (не больше лимита руки) или попытка основать колонию колонистами с планшета, двух открытых карт и карт колонистов." },
    { title: "Дополнительные действия", text: "Когда у всех прошло по три действия, карты дополнительных действий играют по одной; в следующий раунд можно оставить не больше одной." },
    { title: "Очки", text: "Ряды планшета, колонии, одиночные плантации (★: по 1 очку, даже если от них отказались), выполненная Пошлина и Миссии, 3 очка за больше всех дукатов и наборы символов карт экспедиций. При равенстве побеждает тот, у кого больше дукатов." },
  ],
};
