"""The facts of the original rules, as data: what `pnp check` compares the content with.

Source: ../shared/seeds/tverdzha-rules-uk.txt (the published rules of ТВЕРДЖА). Each
entry quotes the sentence it comes from. Only what the rules state plainly is here;
where they are silent (SPEC section 7) the content decides and nothing is listed.
A content value that differs from these is an error, or a warning when the content
explains it with a `note:` beside the value.

Ids are the content's ids; the rules' Ukrainian names are kept beside them so a
renamed id is easy to spot.
"""

from __future__ import annotations

from types import MappingProxyType

_ro = MappingProxyType

#: "Бойові карти — спільна колода (40 карт)."
DECK_SIZE = 40

#: The table "🃏 Бойові карти (40 карт)": id -> (name in the rules, count "×").
BATTLE_CARDS = _ro({
    "onslaught": ("Натиск", 2),
    "war_cry": ("Бойовий клич", 2),
    "ruse": ("Підступ", 2),
    "reinforcements": ("Підкріплення", 2),
    "retreat": ("Відступ", 4),
    "countermand": ("Контрнаказ", 4),
    "sharpshot": ("Влучний постріл", 4),
    "militia": ("Ополчення", 4),
    "second_try": ("Друга спроба", 2),
    "ram": ("Таран", 2),
    "shield_wall": ("Глуха оборона", 2),
    "last_hero": ("Останній герой", 2),
    "bandage": ("Перев'язка", 2),
    "loot": ("Здобич", 2),
    "rally": ("Бойове гасло", 2),
    "foragers": ("Фуражири", 2),
})

#: The table "🏰 Будівлі": id -> (name, cost "Вартість" with 🌲 wood, 🪨 stone,
#: 🌾 grain, 🟡 gold, points "Очки").
BUILDINGS = _ro({
    "market": ("Ринок", _ro({"wood": 3}), 1),
    "treasury": ("Скарбниця", _ro({"wood": 2, "stone": 1, "grain": 1}), 1),
    "barracks": ("Казарма", _ro({"wood": 2, "stone": 1, "grain": 1}), 2),
    "forge": ("Кузня", _ro({"wood": 1, "stone": 3}), 2),
    "wall": ("Стіна", _ro({"stone": 3}), 2),
    "watchtower": ("Вежа дозору", _ro({"wood": 2, "stone": 1}), 1),
    "fort": ("Форт", _ro({"stone": 3, "grain": 1}), 2),
    "road": ("Тракт", _ro({"wood": 3, "stone": 1}), 1),
    "storehouse": ("Склад", _ro({"wood": 3, "grain": 1}), 1),
    "dovecote": ("Голубник", _ro({"grain": 3, "wood": 1}), 1),
    "guild": ("Гільдія ремесел", _ro({"grain": 3, "stone": 1}), 1),
    "outpost": ("Застава", _ro({"grain": 3, "gold": 1}), 2),
    "siege_camp": ("Облоговий табір", _ro({"stone": 3, "grain": 1}), 2),
    "infirmary": ("Лазарет", _ro({"grain": 3, "stone": 1}), 1),
    "cathedral": ("Собор", _ro({"wood": 1, "gold": 3}), 4),
    "tourney": ("Турнірне поле", _ro({"grain": 3, "gold": 1}), 3),
    "fair": ("Ярмарок", _ro({"wood": 3, "gold": 1}), 3),
    "town_hall": ("Ратуша", _ro({"wood": 3, "grain": 2}), 2),
})

#: Upgrade points the rules give as a bare number: "Базиліка (6)", "Арена (5)",
#: "Гільдія (5)" (our merchant_guild). "Біржа (3)" is ambiguous and not listed.
UPGRADE_POINTS = _ro({"basilica": 6, "arena": 5, "merchant_guild": 5})

#: "Кожної будівлі — по 2 копії (на кожного гравця)."
BUILDING_COPIES = 2

#: Effect parameters the rules state: (building, upgrade or card id, effect key,
#: parameter) -> value, with the phrase of the rules they come from.
EFFECT_PARAMS = _ro({
    ("market", "trade", "give"): (2, "обміняй 2 однакові ресурси на 2 будь-які"),
    ("market", "trade", "get"): (2, "обміняй 2 однакові ресурси на 2 будь-які"),
    ("treasury", "income_choice", "amount"): (1, "1×/коло +1 будь-який ресурс"),
    ("bank", "income", "amount"): (1, "Банк (+1🟡 щокола)"),
    ("bank", "income", "resource"): ("gold", "Банк (+1🟡 щокола)"),
    ("barracks", "hire_strength", "strength"): (2, "нові загони силою 2"),
    ("knights", "hire_strength", "strength"): (3, "Лицарський орден (силою 3, найм +1🌾)"),
    ("knights", "hire_cost_up", "amount"): (1, "Лицарський орден (силою 3, найм +1🌾)"),
    ("knights", "hire_cost_up", "resource"): ("grain", "Лицарський орден (силою 3, найм +1🌾)"),
    ("forge", "train_cap", "cap"): (3, "тренуй до сили 3"),
    ("arsenal", "train_cap", "cap"): (4, "Арсенал (до 4)"),
    ("wall", "castle_defense", "bonus"): (2, "+2 до захисту замку"),
    ("bastion", "castle_defense", "bonus"): (3, "Бастіон (+3)"),
    ("watchtower", "hand_size", "bonus"): (1, "+1 бойова карта на руці"),
    ("great_tower", "hand_size", "bonus"): (2, "Велика вежа (+2)"),
    ("fort", "land_limit", "limit"): (4, "ліміт загонів у землі: 4"),
    ("fortress", "hire_cost_down", "amount"): (1, "Фортеця (найм −1🌾)"),
    ("fortress", "hire_cost_down", "resource"): ("grain", "Фортеця (найм −1🌾)"),
    ("road", "road_bonus", "amount"): (1, "став рухом → одразу 1 ресурс землі"),
    ("highway", "move_range", "steps"): (2, "Гостинець (+рух на 2)"),
    ("storehouse", "storage", "bonus"): (2, "+2 до ліміту кожного ресурсу (5→7)"),
    ("granary", "storage", "bonus"): (3, "Велика комора (+3, 5→8)"),
    ("dovecote", "round_draw", "cards"): (1, "+1 бойова карта на початку кола"),
    ("post", "round_draw", "cards"): (2, "Поштова служба (+2)"),
    ("guild", "build_discount", "amount"): (1, "усі будівлі дешевші на 1 ресурс"),
    ("outpost", "army_limit", "bonus"): (3, "+3 до ліміту армії"),
    ("garrison", "army_limit", "bonus"): (5, "Гарнізон (+5)"),
    ("siege_camp", "siege_entrances", "count"): (1, "штурм замку з 1 підступу (замість 2)"),
    ("siege_engines", "siege_attack", "bonus"): (3, "Облогові машини (+3 до атаки на замок)"),
    ("infirmary", "infirmary", "capacity"): (1, "безкоштовно повертай куб силою 1 у замок; запас 1"),
    ("infirmary", "infirmary", "strength"): (1, "безкоштовно повертай куб силою 1 у замок; запас 1"),
    ("hospital", "infirmary", "capacity"): (2, "Шпиталь (сила 2, запас 2)"),
    ("hospital", "infirmary", "strength"): (2, "Шпиталь (сила 2, запас 2)"),
    ("town_hall", "town_hall", "per"): (2, "+1 очко за кожні 2 інші будівлі"),
    ("town_hall", "town_hall", "points"): (1, "+1 очко за кожні 2 інші будівлі"),
    ("onslaught", "roll_bonus", "amount"): (1, "+1 до КОЖНОГО твого кидка"),
    ("war_cry", "enemy_roll_penalty", "amount"): (1, "−1 до кожного кидка ворога"),
    ("ruse", "enemy_strength_penalty", "amount"): (3, "−3 до сили ворога"),
    ("reinforcements", "strength_bonus", "amount"): (3, "+3 до твоєї сили"),
    ("retreat", "reduce_hits", "amount"): (1, "−1 влучання, але лише якщо тобі завдали більше ніж 1 влучання"),
    ("retreat", "reduce_hits", "min_hits"): (2, "−1 влучання, але лише якщо тобі завдали більше ніж 1 влучання"),
    ("militia", "militia", "min_hits"): (2, "якщо тобі завдали ≥2 влучання — повертається 1 загін силою 1"),
    ("militia", "militia", "units"): (1, "якщо тобі завдали ≥2 влучання — повертається 1 загін силою 1"),
    ("militia", "militia", "strength"): (1, "якщо тобі завдали ≥2 влучання — повертається 1 загін силою 1"),
    ("second_try", "reroll_miss", "rerolls"): (1, "один твій промах перекидається 1 раз"),
    ("last_hero", "last_stand", "min_hits"): (2, "при ≥2 влучаннях, що вибили б у нуль — лишається найслабший загін"),
    ("bandage", "bandage", "units"): (1, "у стрій 1 загін силою 1"),
    ("bandage", "bandage", "strength"): (1, "у стрій 1 загін силою 1"),
    ("loot", "loot", "amount"): (1, "виграв бій → +1🪙"),
    ("rally", "draw_after", "cards"): (1, "після бою добери 1 бойову карту"),
    ("foragers", "forage", "amount"): (1, "виграв бій → +1 ресурс типу спірної землі"),
})

#: Single facts: name -> (value, the sentence of the rules). checks/rules.py says where
#: each lives in the content.
FACTS = _ro({
    "storage_cap": (5, "наприкінці кола зберігаєш не більше 5 одиниць КОЖНОГО виду ресурсу"),
    "hand_size": (3, "бере на руку 3 бойові карти; наприкінці ходу добери руку до 3"),
    "units_per_land": (3, "На одній землі — не більше 3 загонів (з Фортом — 4)"),
    "army_per_land": (2, "Усього загонів — не більше ніж 2× твої землі"),
    "training_cap": (2, "+1 сили одному загону (стеля 2; Кузня — 3; Арсенал — 4)"),
    "building_slots": (7, "Замок — твоя дошка на 7 будівель"),
    "market_size": (4, "Будівлі — у спільному ринку (4 відкриті картки)"),
    "setup_market": (4, "Спільне: 4 будівлі у відкритий ринок"),
    "setup_hand": (3, "бере на руку 3 бойові карти"),
    "setup_resources": (_ro({"wood": 1, "stone": 1, "grain": 1}), "бере 1 🌲 + 1 🪨 + 1 🌾 (золота на старті нема)"),
    "setup_units": ((("castle", 1),), "ставить 1 загін силою 1 у свій замок"),
    "victory_points": (30, "Набере 30 очок"),
    "castle_entrances": (2, "Спершу захопи 2 з 3 входів — тоді можеш увійти в замок"),
    "tie_winner": ("B", "Якщо обидва набрали 30 очок одночасно — перемагає другий гравець (B)"),
    "deck_size": (DECK_SIZE, "Бойові карти — спільна колода (40 карт)"),
    "hire_cost": (_ro({"grain": 2}), "Найняти загін — заплати 2 🌾"),
    "hire_strength": (1, "постав кубик силою 1"),
    "train_cost": (_ro({"stone": 1}), "Тренувати — заплати 1 🪨"),
    "train_amount": (1, "+1 сили одному загону"),
    "move_steps": (1, "Рухати — переведи загони в сусідню землю"),
    "castle_defense": (1, "Захисник у замку: +1; Стіна +2; Бастіон +3"),
    "heals_per_turn": (1, "Лікувати — БЕЗКОШТОВНА дія, лише 1 раз за хід"),
    "land_points": (1, "+1 очко за кожні 2 твої землі"),
    "land_per": (2, "+1 очко за кожні 2 твої землі"),
    "prestige_points": (5, "усі 3 престижні будівлі ... → +5 очок"),
    "prestige_buildings": (("cathedral", "tourney", "fair"), "Собор + Турнірне поле + Ярмарок або їх покращення"),
    "citadel_points": (5, "+5 за Цитадель"),
    "threshold_hits": ((2, 3, 4, 5, 6), "удвічі+ більша 2+, більша 3+, рівна 4+, менша 5+, удвічі+ менша 6"),
})

#: "Поле — 21 клітинка-земля у формі лінзи."
BOARD_LANDS = 21
#: "До ворожого замку ведуть 3 входи."
CASTLE_ENTRANCES = 3
