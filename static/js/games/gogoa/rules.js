// Go Goa's rules in short, written for this site (en, ru): what the "Rules" button shows.
// Each section is a title and a few sentences; `icon` names a glyph the shell draws.

export default {
  en: [
    { title: "Goal", text: "Tour Goa for 12 days and score the most points. Each day you draw one path on the map; only the hex where it ends counts." },
    { title: "Day 0", text: "You are dealt four tour plans and keep two. Finishing a plan (visiting all its places) scores its points." },
    { title: "Each day", icon: "dice", text: "Three dice are rolled for everyone. Give each die a role: direction (the compass beside the map), distance (hexes) and deviation (1–3: one turn allowed, 4–6: two). The starting player goes first; the die they used for direction is reserved: the others may not use it for direction." },
    { title: "Drawing", icon: "path", text: "Click blue hexes to go straight on, gray hexes to turn (uses a deviation). A path off the map bounces back. Dots and rings mark where your path can still end; a ring is a new destination. Submit when the path is complete; paths are revealed when everyone has submitted." },
    { title: "Guides", text: "Ending on Calangute, Colva or Palolem finds their local guide. Before choosing dice you may hire a found guide once to change a die by ±1 (6 and 1 wrap)." },
    { title: "Scoring", icon: "star", text: "10 points per place visited, 20 more for Dudhsagar Falls, finished tour plans, 30 per set of five different types, and 10 for three places of one type (30 for six). Tie: fewer beaches wins." },
  ],
  ru: [
    { title: "Цель", text: "12 дней путешествуйте по Гоа и наберите больше всех очков. Каждый день вы рисуете на карте один путь; считается только гекс, где он закончился." },
    { title: "День 0", text: "Вам раздают четыре плана туров, два вы оставляете. Выполненный план (посещены все его места) приносит его очки." },
    { title: "Каждый день", icon: "dice", text: "Для всех бросают три кубика. Дайте каждому роль: направление (компас рядом с картой), расстояние (гексы) и отклонение (1–3: один поворот, 4–6: два). Первым ходит начинающий игрок; кубик, который он взял для направления, зарезервирован: другим нельзя брать его для направления." },
    { title: "Путь", icon: "path", text: "Синие гексы ведут прямо, серые — поворот (тратит отклонение). Путь за край карты отскакивает назад. Точки и кольца показывают, где путь ещё может закончиться; кольцо — новое место. Сдайте путь, когда он готов; пути открываются, когда сдали все." },
    { title: "Гиды", text: "Закончив путь в Калангуте, Колве или Палолеме, вы находите местного гида. До выбора кубиков найденного гида можно один раз нанять, чтобы изменить кубик на ±1 (6 и 1 переходят друг в друга)." },
    { title: "Очки", icon: "star", text: "10 очков за каждое место, ещё 20 за водопад Дудхсагар, очки выполненных планов, 30 за каждый набор из пяти разных типов и 10 за три места одного типа (30 за шесть). При равенстве побеждает тот, у кого меньше пляжей." },
  ],
};
