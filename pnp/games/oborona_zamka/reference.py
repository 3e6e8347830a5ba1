"""The facts of the original rules (../shared/seeds/oborona-zamka-rules-ru.txt), as data:
what `pnp check` compares the content with. Each fact: its value and the words it rests on."""

from __future__ import annotations

FACTS: dict[str, tuple[object, str]] = {
    "army_size": (5, "«набирают в свою армию по 5 фигурок»"),
    "commanders": (1, "«В каждой армии есть свой командир»"),
    "attacker_moves": (2, "«Нападающий в одном ходе может передвинуть сразу двух своих воинов»"),
    "defender_moves": (1, "«У защитника в одном ходе шагает только один воин»"),
    "attacker_crosses_walls": (False, "«его воины не могут проходить сквозь стену»"),
    "defender_crosses_walls": (True, "«его воины могут свободно проходить сквозь стены»"),
    "first_player": ("lot", "«Кому ходить первым, определяют жребием»"),
    "fight": (5, "«5, 6 – противник повержен»"),
    "fight_over_wall": (6, "«Для успешной атаки нужно выбросить 6 на кубике»"),
    "wall_attack": (5, "«5, 6 – стена разрушена»"),
    "capture": (5, "«довести своего воина до Замка и выбросить 5, 6 на кубике»"),
    "potion": (4, "«на 4, 5, 6 – зелье вернуло его к жизни»"),
    "commander_target": (-1, "«когда его атакуют, очки на кубике противника уменьшаются на -1»"),
    "commander_bonus": (1, "«атакующий добавляет +1 к очкам на кубике в бою и атаке стен»"),
    "defender_reroll": (True, "«защитник может перебросить кубик в каждом бою и выбрать наибольший»"),
    "own_bonus": (False, "«он усиливает всех остальных»"),
}

#: the races of each side the original names
RACES: dict[str, tuple[str, ...]] = {
    "attacker": ("Орки", "Скелеты"),
    "defender": ("Гномы", "Рыцари", "Мыш-кетёры"),
}
