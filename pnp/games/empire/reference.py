"""Facts the seed (../shared/seeds/empire-building-rules-ru.txt) states, with its words.

The checks hold the content to them: a value that differs is an error, or a warning when a
`note:` beside it says it departs from the rules and names the new value.
"""

from __future__ import annotations

#: the capital's plots by kind: how many of each the seed lists, and which stand from the start
PLOTS = {"palace": 1, "gates": 1, "barracks": 7, "forge": 1, "magic_tower": 1, "unique": 1}
PLOTS_QUOTE = ("«В столице 12 площадок со зданиями: 2 (дворец и городские ворота) уже построены, остальные – "
               "предстоит построить, из них 7 казарм, кузница, башня магии и уникальное расовое здание»")
PREBUILT = frozenset({"palace", "gates"})
BARRACKS_LEVELS = tuple(range(1, 8))  # «VII. Алтарь света … 7-й уровень казарм»

#: the income track, gold a day by completed verticals
INCOME = ((0, 3), (1, 6), (2, 10), (3, 15))
INCOME_QUOTE = "«Начальный доход столицы +3о в день» and the track «+15о | +10о | +6о | +3о» (fig. 3)"
VERTICAL = 3  # «одна вертикаль из трёх зданий»

#: the neutral armies' luck, week by week
NEUTRAL_LUCK = (0, 1, 2, 3, 4, 5, 6)
LUCK_QUOTE = "«Удача нейтральных армий 0.» … «Удача нейтральных армий 6.», one line a week"

#: card types whose neutral strength «на определённой неделе» the seed prints rising with the week
RISING = frozenset({"town", "dungeon"})

#: the schools of magic and their levels («ЗАКЛИНАНИЯ»)
SCHOOLS = ("earth", "water", "fire", "air", "ether")
SCHOOLS_QUOTE = "«В игре присутствует 5 школ магии: земли, воды, огня, воздуха и эфира (заклинания Портал и Иллюзия)»"
SPELL_LEVELS = 7  # «В каждой школе магии есть семь уровней заклинаний»
SPELLS_A_CIRCLE = 2  # «На некоторых уровнях по два заклинания …, на других – всего одно»

#: a race's heroes: «7 из 9-ти героев расы приносят бонус каждому из семи уровней существ расы … Оставшиеся
#: 2 героя обладают способностями характерными для данной расы»; heroes 1-7 boost the level of their number
HEROES = 9
LEVEL_HEROES = 7

#: the creature deck's strike marks: «7 стопок к семью метками от 1 до 7. Два кентавра слева тоже имеют метки,
#: но это исключение, т.к. у орков нет больше существ обычного размера»
STRIKE_MARKS = tuple(range(1, 8))

#: the heroes' spell skills as the seed ties them: «Герой №3 или «наставник» получает бонус к заклинаниям группы
#: благословение»; «Герой №6 или «маг» получает бонус к заклинаниям ударной группы» (the skill's name, the engine's key)
HERO_SKILLS = {3: "blessing", 6: "magic_strike"}
