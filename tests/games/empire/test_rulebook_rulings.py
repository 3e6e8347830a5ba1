"""The rulings a table of new players had to guess (the play-test of the printed Russian kit), printed as the
engine plays them (pnp/games/empire/rules/): each read back from the built rulebook PDF with pdftotext, and where
the ruling is a number, the number the book prints held to the content's and to what the engine does with it."""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from html import unescape

import pytest
from enginekit import first_day

from pnp.content import load_game
from pnp.core import typography
from pnp.games import pack
from pnp.games.empire.render.forms import roman
from pnp.games.empire.rulebook.book_facts import spell_places
from pnp.games.empire.rules import capital, moves
from pnp.games.empire.rules.army import Army, Casting, Hero, Opponent, Squad
from pnp.games.empire.rules.battle.damage import cast_spells
from pnp.games.empire.rules.battle.lines import hero_lines
from pnp.games.empire.rules.battle_rules import BattleType
from pnp.games.empire.rules.fights.sides import heroes
from pnp.games.empire.rules.state import State
from pnp.rulebook.renderer import build_pdf

LANGS = ("ru", "uk")


def text_of(pdf, layout: bool = False) -> str:
    args = ["pdftotext", "-enc", "UTF-8"] + (["-layout"] if layout else []) + [str(pdf), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


#: a page's end: its number, then the next page's running head (the book's title · «Правила игры», and its chapter)
PAGE_TURN = re.compile(r"\n\d+\n\n\f[^\n]*·[^\n]*\n\n[^\n]*\n\n")


@pytest.fixture(scope="module")
def texts(rulebook_pdfs) -> dict[str, str]:
    """Each book's text, a paragraph carried over a page read whole (the page's number and the next page's
    running head taken out)."""
    return {lang: PAGE_TURN.sub("\n", text_of(path)) for lang, path in rulebook_pdfs.items()}


@pytest.fixture(scope="module")
def layouts(rulebook_pdfs) -> dict[str, str]:
    return {lang: text_of(path, layout=True) for lang, path in rulebook_pdfs.items()}


def squash(text: str) -> str:
    """Without spaces, line breaks and hyphens: a phrase broken over lines reads whole."""
    return re.sub(r"[\s\-\u00ad\u00a0\u202f]", "", text)


def has(text: str, phrase: str) -> bool:
    return squash(phrase) in squash(text)


@pytest.fixture
def s(game) -> State:
    """Two players on the first day of week 1, seat 0 to move: a level I creature card each, nothing built."""
    return first_day(game)


# --- the rulings in words: (the report's problem, lang, a phrase the book prints) ---------------------------------

PRINTED = [
    # 1: war — declaring is the turn's action; capture procedure by card; the limits
    ("1", "ru", "Объявить войну — действие хода: карта уходит в отбой, а захватывать владения атакующий начинает со следующего своего хода."),
    ("1", "uk", "Оголосити війну — дія ходу: карта йде у відбій, а захоплювати володіння нападник починає з наступного свого ходу."),
    ("1", "ru", "Шахта, заповедное место — полевое сражение с игроком"),
    ("1", "uk", "Шахта, заповідне місце — польова битва з гравцем"),
    ("1", "ru", "Местность — покупка: атакующий платит в банк золотом цену, напечатанную на карте, и забирает её; битвы нет."),
    ("1", "uk", "Місцевість — купівля: нападник платить у банк золотом ціну, надруковану на карті, і забирає її; битви немає."),
    ("1", "ru", "если у противника есть гарнизон, сначала захватывают гарнизон, где бы он ни лежал"),
    ("1", "uk", "якщо в суперника є гарнізон, спершу захоплюють гарнізон, хоч би де він лежав"),
    ("1", "ru", "каждая битва, осада или покупка местности уменьшает это число на одну — удалась она или нет"),
    ("1", "uk", "кожна битва, облога чи купівля місцевості зменшує це число на одну — вдалася вона чи ні"),
    # 6: lines and columns
    ("6", "ru", "Однотипные — отряды одного и того же существа, а не одного рода войск."),
    ("6", "uk", "Однотипні — загони однієї й тієї самої істоти, а не одного роду військ."),
    ("6", "ru", "Если метки на ней нет, разгромлена вся линия, а минимальный урон она наносит тоже один раз."),
    ("6", "uk", "Якщо мітки на ній немає, розгромлено всю лінію, а мінімальної шкоди вона завдає теж один раз."),
    ("6", "ru", "колонну — одним отрядом, каждый отряд линии — отдельно"),
    ("6", "uk", "колону — одним загоном, кожен загін лінії — окремо"),
    # 7: the capital's plots and verticals
    ("7", "ru", "Каждое здание строят только на его площадке — там, где оно напечатано на листе столицы."),
    ("7", "uk", "Кожну будівлю будують лише на її майданчику — там, де її надруковано на аркуші столиці."),
    ("7", "ru", "Дворец и ворота построены с начала игры и тоже считаются"),
    ("7", "uk", "Палац і брама збудовані від початку гри й теж рахуються"),
    # 8: the deal at the week's start, one card a turn
    ("8", "ru", "В начале недели карты путешествий раздают, а разыгрывают их потом по одной: одна карта путешествий за ход — это действие дня"),
    ("8", "uk", "На початку тижня карти подорожей роздають, а розігрують їх потім по одній: одна карта подорожей за хід — це дія дня"),
    # 9: the luck ritual
    ("9", "ru", "Ритуал удачи — действие дня, которое может совершить любой игрок: ни башня магии, ни герой для него не нужны."),
    ("9", "uk", "Ритуал удачі — дія дня, яку може виконати будь-який гравець: ні вежа магії, ні герой для нього не потрібні."),
    # 10: the garrison
    ("10", "ru", "На карте напечатаны сила гарнизона при осаде (вся его сила, на любой неделе) и неделя, с которой его можно сыграть"),
    ("10", "uk", "На карті надруковано силу гарнізону в облозі (усю його силу, будь-якого тижня) і тиждень, з якого його можна зіграти"),
    # 11: no victory points for a siege
    ("11", "ru", "Победных очков за осаду не дают"),
    ("11", "uk", "Переможних очок за облогу не дають"),
    # 12: the forge
    ("12", "ru", "на каждом уровне кузницы сразу выбирает одну машину этого уровня — любую из таблицы ниже — и отмечает её на планшете стратегических эффектов листа столицы"),
    ("12", "uk", "на кожному рівні кузні одразу вибирає одну машину цього рівня — будь-яку з таблиці нижче — і позначає її на планшеті стратегічних ефектів аркуша столиці"),
    # 13: no discard
    ("13", "ru", "Карту путешествий, которую сейчас сыграть нельзя, не сбрасывают: она ждёт в руке."),
    ("13", "uk", "Карту подорожей, яку зараз зіграти не можна, не скидають: вона чекає в руці."),
    # 14: heroes in hand and the tavern
    ("14", "ru", "нанимают только из своей таверны"),
    ("14", "uk", "наймають лише зі своєї таверни"),
    ("14", "ru", "увольнять или менять героев нельзя"),
    ("14", "uk", "звільняти чи міняти героїв не можна"),
    ("14", "ru", "в руке появляется место ещё для одного героя"),
    ("14", "uk", "у руці зʼявляється місце ще для одного героя"),
    # 15: the resources' discount counts kinds (its numbers: test_resource_discount.py)
    ("15", "ru", "Два владения с одним ресурсом — это один вид."),
    ("15", "uk", "Два володіння з одним ресурсом — це один вид."),
    # 16: the minimal damage of every card of the level
    ("16", "ru", "и ещё 1 за каждое улучшение твоей казармы его уровня. Это касается всех существ этого уровня — и стартовых, и нанятых снова."),
    ("16", "uk", "і ще 1 за кожне покращення твоєї казарми його рівня. Це стосується всіх істот цього рівня — і стартових, і найнятих знову."),
    # 17: hiring before the action
    ("17", "ru", "казарма, построенная в этот ход, нанимает своих существ со следующего хода"),
    ("17", "uk", "казарма, збудована цього ходу, наймає своїх істот з наступного ходу"),
    # 18: spying, logistics, trophies
    ("18", "ru", "В этом наборе шпионит герой №9 каждой расы («Паладин», «Берсерк», «Убийца» и «Следопыт»): 2 раза в неделю"),
    ("18", "uk", "У цьому наборі шпигує герой №9 кожної раси («Паладин», «Берсерк», «Убивця» і «Слідопит»): 2 рази на тиждень"),
    ("18", "ru", "В этом наборе нет героев, которые усиливают машины или дают трофеи и логистику"),
    ("18", "ru", "Карты нейтралов смотрят, не показывая другим, и кладут обратно в том же порядке"),
    ("18", "uk", "У цьому наборі немає героїв, які посилюють машини чи дають трофеї й логістику"),
    ("18", "uk", "Карти нейтралів дивляться, не показуючи іншим, і кладуть назад у тому самому порядку"),
    # 20: the neutral army left on its card
    ("20", "ru", "может в свой ход напасть на неё своим действием"),
    ("20", "ru", "(армия снова полная: подкуп и наёмники действуют только в своей битве)"),
    ("20", "uk", "може свого ходу напасти на неї своєю дією"),
    ("20", "uk", "(армія знову повна: підкуп і найманці діють лише у своїй битві)"),
    # 21: peace's timing, a failed storm, no mercenaries
    ("21", "ru", "Мир предлагают в свой ход, картой «Мир» или «Мирный договор»: это действие хода"),
    ("21", "uk", "Мир пропонують у свій хід, картою «Мир» або «Мирний договір»: це дія ходу"),
    ("21", "ru", "Если осада или штурм не удались, карта остаётся лежать открытой до конца недели"),
    ("21", "uk", "Якщо облога чи штурм не вдалися, карта лишається лежати відкритою до кінця тижня"),
    ("21", "ru", "Наёмников и подкупа в осаде города или гарнизона и в штурме подземелья нет"),
    ("21", "uk", "Найманців і підкупу в облозі міста чи гарнізону й у штурмі підземелля немає"),
    # 22: courage
    ("22", "ru", "нанятый герой начинает без куража"),
    ("22", "uk", "найнятий герой починає без куражу"),
    ("22", "ru", "Кураж отмечают на листе столицы: у каждого места для героя своя дорожка от нуля до 6"),
    ("22", "uk", "Кураж позначають на аркуші столиці: у кожного місця для героя своя доріжка від нуля до 6"),
    ("22", "ru", "Кураж каждого героя отмечают на его дорожке на листе столицы (см. «Герои»)"),
    ("22", "uk", "Кураж кожного героя позначають на його доріжці на аркуші столиці (див. «Герої»)"),
    ("19", "ru", "на карте написано, что каждый нанятый герой игрока получает +1 к куражу (не больше 6)"),
    ("19", "uk", "на карті написано, що кожен найнятий герой гравця отримує +1 до куражу (не більше 6)"),
    # 27: the treasure is «Клад», its chests are chests
    ("27", "ru", "В этом наборе сокровище — «Клад»: он даёт сундуки"),
    ("27", "uk", "У цьому наборі карта скарбу — «Скарб»: вона дає скрині"),
    # the second play-test (2026-12-06), by its finding's number
    # 1: the army laid out before a battle
    ("p2-1", "ru", "Перед битвой игрок выкладывает в ряд все карты существ с руки, в том порядке, какой выберет сам: одна карта — один отряд"),
    ("p2-1", "uk", "Перед битвою гравець викладає в ряд усі карти істот з руки в тому порядку, який вибере сам: одна карта — один загін"),
    ("p2-1", "ru", "Расстановку выкладывают до сундуков (наёмников и подкупа) и в битве больше не меняют."),
    ("p2-1", "uk", "Розстановку викладають до скринь (найманців і підкупу) і в битві більше не змінюють."),
    # 2: two dice for the domino draw (its figures are held below)
    ("p2-2", "ru", "Нет домино — брось два кубика"),
    ("p2-2", "uk", "Немає доміно — кинь два кубики"),
    # 3: the same card tried again
    ("p2-3", "ru", "после неудачи можно пробовать дальше — и ту же карту снова — или остановиться"),
    ("p2-3", "uk", "після невдачі можна пробувати далі — і ту саму карту знову — або зупинитися"),
    # 4: the luck card is opened before the first check
    ("p2-4", "ru", "Если бонус удачи не нулевой, карту удачи открывают всегда, даже если бонусы уже превзошли силу противника"),
    ("p2-4", "uk", "Якщо бонус удачі не нульовий, карту удачі відкривають завжди, навіть якщо бонуси вже перевищили силу супротивника"),
    # 6: when a chest is taken as gold
    ("p2-6", "ru", "Сундук можно не тратить, а в свой ход, как и найм, до действия, вернуть в банк и взять золото"),
    ("p2-6", "uk", "Скриню можна не витрачати, а свого ходу, як і найм, до дії, повернути в банк і взяти золото"),
    # 7: no card of the creature left
    ("p2-7", "ru", "Если карт этого существа в колоде не осталось, нанять его нельзя."),
    ("p2-7", "uk", "Якщо карт цієї істоти в колоді не лишилося, найняти її не можна."),
    # 8, 9: the defender's first turn; several battles in one capture action
    ("p2-8", "ru", "Обороняющийся с первого же своего хода может перехватить инициативу"),
    ("p2-8", "uk", "Оборонець уже з першого свого ходу може перехопити ініціативу"),
    ("p2-9", "ru", "Сам захват может состоять из нескольких битв, осад или покупок местности"),
    ("p2-9", "uk", "Саме захоплення може складатися з кількох битв, облог чи купівель місцевості"),
    # 10: the number in brackets
    ("p2-10", "ru", "Число в скобках на карте шахты или заповедного места — её охрана"),
    ("p2-10", "uk", "Число в дужках на карті шахти чи заповідного місця — її охорона"),
    # 16: which line a capture takes, and the end it keeps
    ("p2-16", "ru", "Берут только крайнюю карту его последней, внешней линии владений"),
    ("p2-16", "uk", "Беруть лише крайню карту його останньої, зовнішньої лінії володінь"),
    ("p2-16", "ru", "Край выбирает первая карта, взятая из линии"),
    ("p2-16", "uk", "Край вибирає перша карта, взята з лінії"),
    # 5: the defender's cards, as in any battle
    ("p2-5", "ru", "обороняющийся открывает карты удара на все свои отряды — так же, как в любой битве: одну карту на линию"),
    ("p2-5", "uk", "оборонець відкриває карти удару на всі свої загони — так само, як у будь-якій битві: одну карту на лінію"),
    # 14: the upgraded hall's gold replaces the hall's (held below in the engine)
    ("p2-14", "ru", "Числа улучшенного уникального здания заменяют прежние, а не прибавляются к ним"),
    ("p2-14", "uk", "Числа покращеної унікальної будівлі замінюють попередні, а не додаються до них"),
    # the third play-test: rulings that stood only in the decided gaps, now in the rules
    ("p3-8", "ru", "с округлением вниз, в начале каждого своего хода"),
    ("p3-8", "uk", "з округленням донизу, на початку кожного свого ходу"),
    ("p3-8", "ru", "Карты, открытые для удачи, откладывают: карты удара берут из оставшейся колоды."),
    ("p3-8", "uk", "Карти, відкриті для удачі, відкладають: карти удару беруть із решти колоди."),
    ("p3-8", "ru", "слабляет каждое заклинание противника, но не ниже нуля"),
    ("p3-8", "uk", "ослаблює кожне закляття супротивника, але не нижче нуля"),
    # 26: who decides once
    ("p2-26", "ru", "первой карты удара, и каждый игрок решает один раз"),
    ("p3-1", "ru", "бонусы построений и строя считают по отрядам, которые остались после подкупа"),
    ("p2-26", "uk", "першої карти удару, і кожен гравець вирішує один раз"),
    ("p3-1", "uk", "бонуси шикувань і строю рахують за загонами, що лишилися після підкупу"),
    # 3: the second echelon behind a line that missed (held below in the engine)
    ("p3-3", "ru", "Если промахнулась линия, в бой по очереди слева направо вступают все отряды, стоящие за её отрядами, каждый со своей картой."),
    ("p3-3", "uk", "Якщо схибила лінія, у бій по черзі зліва направо вступають усі загони, що стоять за її загонами, кожен зі своєю картою."),
    # 4: a column in a siege and a dungeon
    ("p3-4", "ru", "Колонна — не построение: её выкладывают в любой битве, и в осаде, и в подземелье, и урон её умножается везде."),
    ("p3-4", "uk", "Колона — не шикування: її викладають у будь-якій битві, і в облозі, і в підземеллі, і шкода її множиться скрізь."),
    # 11: the multipliers together and on a miss
    ("p3-11", "ru", "множители перемножаются, и минимальный урон промаха умножается так же. У линии один множитель — наибольший среди её отрядов."),
    ("p3-11", "uk", "множники перемножуються, і мінімальна шкода промаху множиться так само. У лінії один множник — найбільший серед її загонів."),
    # the sixth play-test (a whole scenario at three players, the Russian kit)
    ("p6-b1", "ru", "Война идёт, пока её не окончит мир или взятие столицы: с концом недели она не кончается."),
    ("p6-b1", "uk", "Війна триває, доки її не закінчить мир або взяття столиці: з кінцем тижня вона не закінчується."),
    # the fifth play-test (a whole scenario at four players, the Ukrainian kit)
    ("p5-b3", "ru", "Ресурс даёт захваченное владение, на карте которого он напечатан (на шахте — словом, на городе — буквой, как на складе)"),
    ("p5-b3", "uk", "Ресурс дає захоплене володіння, на карті якого його надруковано (на шахті — словом, на місті — літерою, як на складі)"),
    ("p5-b5", "ru", "после штурма кость возвращают в набор"),
    ("p5-b5", "uk", "після штурму кістку повертають до набору"),
    ("p5-b6", "ru", "пока он нанят, — и в ту неделю, когда его наняли, тоже"),
    ("p5-b6", "uk", "поки його найнято, — і того тижня, коли його найняли, теж"),
    ("p5-c2", "ru", "Порталы стихий («Портал земли» и другие) войны не открывают."),
    ("p5-c2", "uk", "Портали стихій («Портал землі» та інші) війни не відкривають."),
    ("p5-c1", "ru", "Скольким игрокам можно объявить войну картой «Война» без портала"),
    ("p5-c1", "uk", "Скільком гравцям можна оголосити війну картою «Війна» без порталу"),
    ("p5-c3", "ru", "Линия складывается сама, когда однотипные отряды стоят рядом; не нужна линия — поставь их не рядом или сложи колонной"),
    ("p5-c3", "uk", "Лінія складається сама, коли однотипні загони стоять поруч; не потрібна лінія — постав їх не поруч або склади колоною"),
    ("p5-c6", "ru", "Нанять героя можно на любом ходу, в начале хода, до действия (найм — не действие, см. «Действия»)."),
    ("p5-c6", "uk", "Найняти героя можна будь-якого ходу, на початку ходу, до дії (найм — не дія, див. «Дії»)."),
    ("p5-l3", "uk", "Фази бойового духу й удачі розігрують як у звичайній битві"),
    # the fourth play-test (a whole scenario at two players): the rulings it had to make, printed
    ("p4-1", "ru", "проигранная карта лежит на столе до конца недели, а потом возвращается в колоду путешествий, и в начале недели ты доберёшь вместо неё новую. Другого способа освободить руку нет."),
    ("p4-1", "uk", "програна карта лежить на столі до кінця тижня, а потім повертається в колоду подорожей, і на початку тижня ти добереш замість неї нову. Іншого способу звільнити руку немає."),
    ("p4-2", "ru", "В битве с нейтралами бонус считают всегда, и если удача недели больше твоей, он отрицательный"),
    ("p4-2", "uk", "У битві з нейтралами бонус рахують завжди, і якщо удача тижня більша за твою, він відʼємний"),
    ("p4-2", "ru", "открывает только одну карту и так же умножается на её удар: чем больше удар, тем больше потеря"),
    ("p4-2", "uk", "відкриває лише одну карту й так само множиться на її удар: що більший удар, то більша втрата"),
    ("p4-3", "ru", "потому что уровня башни не требует (сама башня нужна, как для любого заклинания)"),
    ("p4-3", "uk", "бо рівня вежі не потребує (сама вежа потрібна, як для будь-якого закляття)"),
    ("p4-4", "ru", "Против нейтральной армии с иммунитетом к магии (он напечатан на её карте) не действуют ни башня, ни заклинания — ни ударные, ни благословения, даже на твою армию, — ни бонус магического удара."),
    ("p4-4", "uk", "Проти нейтральної армії з імунітетом до магії (його надруковано на її карті) не діють ні вежа, ні закляття — ні ударні, ні благословення, навіть на твою армію, — ні бонус магічного удару."),
    ("p4-4", "ru", "Благословения не действуют и на существ твоей армии с иммунитетом к магии: такой отряд не получает прибавки «за отряд» и не наносит максимального урона по заклинанию"),
    ("p4-4", "uk", "Благословення не діють і на істот твоєї армії з імунітетом до магії: такий загін не отримує надбавки «за загін» і не завдає максимальної шкоди за закляттям"),
    ("p4-5", "ru", "Если колода существ в битве кончилась, карт больше не открывают: удача без карты ничего не даёт, отряды без карты удара урона не наносят и стоят в резерве, а большое существо без карты спасброска уходит в сброс."),
    ("p4-5", "uk", "Якщо колода істот у битві скінчилася, карт більше не відкривають: удача без карти нічого не дає, загони без карти удару шкоди не завдають і стоять у резерві, а велика істота без карти рятівного кидка йде в скид."),
    ("p4-6", "ru", "наибольший удар среди карт, оставшихся в твоей колоде существ (не в руке)"),
    ("p4-6", "uk", "найбільший удар серед карт, що лишилися в твоїй колоді істот (не в руці)"),
    ("p4-7", "ru", "Если у хозяина нет существ в руке, битва всё равно идёт: он обороняется героями, машиной и магией, без карт удара."),
    ("p4-7", "uk", "Якщо у власника немає істот у руці, битва все одно відбувається: він обороняється героями, машиною й магією, без карт удару."),
    ("p4-c4", "ru", "на карте этого набора — число над словами «сила при осаде»"),
    ("p4-c4", "uk", "на карті цього набору — число над словами «сила в облозі»"),
    ("p4-c6", "ru", "найм и шпионаж — не действия: их совмещают с действием хода"),
    ("p4-c6", "uk", "найм і шпигунство — не дії: їх поєднують із дією ходу"),
]

UNSAID = [  # what the book printed before and the engine does not do
    ("ru", "это исключение из правил"),
    ("uk", "це виняток із правил"),
    ("uk", "відіграють"),
    ("uk", "на картці"),
    ("ru", "Эту неделю сыграла программа"),
    ("uk", "Цей тиждень зіграла програма"),
    ("ru", "Кубики не нужны"),
    ("uk", "Кубики не потрібні"),
    ("ru", "Сначала разыгрываются карты путешествий — лишь после этого"),
    ("ru", "Ресурсы в империи позволяют строить здания в столице со скидкой"),
    ("ru", "с карты «сундук» можно взять золото или опыт"),
    ("ru", "выбирает одну из двух: полевую машину или осадную"),
    ("ru", "бонус силы +"),
    ("ru", "в фазе путешествий"),
    ("ru", "Ритуал удачи — заклинание школы магии"),
    ("uk", "Спершу розігрують карти подорожей — лише після цього"),
    ("uk", "Ресурси в імперії дозволяють будувати в столиці зі знижкою"),
    ("uk", "бонус сили +"),
]


@pytest.mark.parametrize("problem, lang, phrase", PRINTED, ids=[f"{p}-{lang}-{i}" for i, (p, lang, _) in enumerate(PRINTED)])
def test_the_ruling_is_printed(texts, problem, lang, phrase):
    assert has(texts[lang], phrase), phrase


@pytest.mark.parametrize("lang, phrase", UNSAID)
def test_what_the_engine_does_not_do_is_not_printed(texts, lang, phrase):
    assert not has(texts[lang], phrase), phrase


# --- 2: the peace price -------------------------------------------------------------------------------------------

PEACE = {"ru": "Сила существ в руке — сумма уровней всех карт существ у противника в руке: каждая карта считается своим "
               "уровнем, карта уровня {roman} — {n}. Золото получает противник.",
         "uk": "Сила істот у руці — сума рівнів усіх карт істот у суперника в руці: кожна карта рахується своїм рівнем, "
               "карта рівня {roman} — {n}. Золото отримує суперник."}


@pytest.mark.parametrize("lang", LANGS)
def test_the_peace_price_is_defined_as_the_engine_counts_it(game, texts, lang):
    n = game.play.start_levels
    assert has(texts[lang], PEACE[lang].format(roman="I" * n if n < 4 else "IV", n=n))


def test_the_engine_prices_peace_by_the_levels_in_hand_and_pays_the_opponent(s):
    """«золото, равное суммарной силе существ в руке противника»: the refusing side's creature cards at their levels,
    paid by the proposer to it; too little gold, no peace and the card spent."""
    rt = s.t.races[1]
    low, high = rt.creatures[0], rt.creatures[-1]
    s.players[1].hand = Counter({(low.id, 1): 2, (high.id, 0): 1})
    price = s.t.bribe_peace * (2 * low.level + high.level)
    assert s.players[1].creature_strength(s.t) == 2 * low.level + high.level
    peace = next(c.id for c in s.t.cards.values() if c.type == "diplomacy" and c.action == "peace")
    s.wars = [(0, 1)]
    s.players[0].travel, s.players[0].gold = [peace, peace], price
    s.apply_action(("peace", peace, 1))
    assert s.current_player == 1  # the other answers
    s.apply_action(("refuse",))
    assert (s.players[0].gold, s.players[1].gold - s.players[1].income(s.t), s.wars) == (0, price, [])  # its turn began
    s.wars = [(0, 1)]
    while s.seat() != 0:
        s.apply_action(("pass",))
    s.apply_action(("peace", peace, 1))
    s.apply_action(("refuse",))
    assert s.wars == [(0, 1)] and peace in s.discard  # no gold: the war goes on, the card is spent


# --- 3 and 5: the hero's own damage and the skills' bonus -----------------------------------------------------------

HERO = {"ru": "Каждый нанятый герой идёт в каждую битву игрока и сам наносит {n} {word} урона",
        "uk": "Кожен найнятий герой іде в кожну битву гравця й сам завдає {n} {word} шкоди"}
SKILL = {"ru": "В этом издании бонус умения — {n}: умения отмечают наставника и мага, но к силе заклинаний ничего не прибавляют",
         "uk": "У цьому виданні бонус уміння — {n}: уміння позначають наставника й мага, але до сили заклять нічого не додають"}
SKILL_PLUS = {"ru": "Бонус умения — +{n} к указанной силе заклинания героя", "uk": "Бонус уміння — +{n} до зазначеної сили закляття героя"}
#: 3.2.4's hero spells name the bonus too
SKILL_SPELL = {"ru": "бонус умений героев «Магический удар» и «Благословение» — {n} (см. «Герои»)",
               "uk": "бонус умінь героїв «Магічний удар» і «Благословення» — {n} (див. «Герої»)"}
WORDS = {"ru": ("единицу", "единицы", "единиц"), "uk": ("одиницю", "одиниці", "одиниць")}


def _word(n: int, lang: str) -> str:
    one, few, many = WORDS[lang]
    return one if n % 10 == 1 and n % 100 != 11 else few if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else many


@pytest.mark.parametrize("lang", LANGS)
def test_the_heros_damage_and_the_skill_bonus_are_the_contents(game, texts, lang):
    e = game.economy
    assert has(texts[lang], HERO[lang].format(n=e.hero_attack, word=_word(e.hero_attack, lang)))
    assert has(texts[lang], SKILL[lang].format(n=e.skill_bonus)) == (e.skill_bonus == 0)
    assert has(texts[lang], SKILL_PLUS[lang].format(n=e.skill_bonus)) == (e.skill_bonus > 0)
    edition = {"ru": "в этом издании ", "uk": "у цьому виданні "}[lang]
    assert has(texts[lang], SKILL_SPELL[lang].format(n=f"+{e.skill_bonus}" if e.skill_bonus else f"{edition}{e.skill_bonus}"))


#: who adds the skill to which spell, and a per-squad blessing's bonus on each squad (as magic._blessing counts it)
SKILL_WHO = {"ru": ("наставник прибавляет его к благословению героя, маг — к ударному заклинанию героя",
                    "бонус прибавляется к каждому такому отряду: с наставником — N + {n} за каждый",
                    "Заклинание, которое не прибавляет силе армии число (удача, максимальный урон, «в битве ничего "
                    "не даёт»), бонуса не получает"),
             "uk": ("наставник додає його до благословення героя, маг — до ударного закляття героя",
                    "бонус додається до кожного такого загону: із наставником — N + {n} за кожен",
                    "Закляття, яке не додає до сили армії число (удача, максимальна шкода, «у битві нічого не дає»), "
                    "бонусу не отримує")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_book_says_who_adds_the_skill_and_how_a_per_squad_blessing_takes_it(game, texts, lang):
    n = game.economy.skill_bonus
    assert all(has(texts[lang], phrase.format(n=n)) for phrase in SKILL_WHO[lang])


def test_the_engine_fights_with_the_contents_hero_damage_and_skill_bonus(game, s):
    """The book's numbers are the engine's: a hired hero's bonus line is the content's `hero_attack` (its
    courage on top), and the mentor's and the mage's skills carry the content's `skill_bonus`."""
    e, rt = game.economy, s.t.races[0]
    hired = heroes(s.t, 0, [(h.id, 0) for h in rt.heroes])
    plain = next(h for h in hired if h.ability is not None and h.ability.own_times == 1)
    kind = game.battle.type("field")
    assert hero_lines(Army((), 0, ()), kind, plain)[0].value == e.hero_attack
    assert hero_lines(Army((), 0, ()), kind, replace(plain, courage=2))[0].value == e.hero_attack + 2
    by_skill = {h.skill: next(x for x in hired if x.name == h.id) for h in rt.heroes if h.skill}
    assert by_skill["blessing"].blessing == e.skill_bonus and by_skill["magic_strike"].magic_strike == e.skill_bonus
    assert all(x.blessing == x.magic_strike == 0 for x in hired if x not in by_skill.values())


def test_a_changed_hero_damage_and_skill_bonus_change_the_book(tmp_path):
    text = pack("empire").content.read_text(encoding="utf-8")
    changed = text.replace("  hero_attack: 2\n", "  hero_attack: 3\n")
    changed = re.sub(r"\n  skill_bonus: 2\b", "\n  skill_bonus: 3", changed)
    assert changed.count("hero_attack: 3") == changed.count("skill_bonus: 3") == 1
    path = tmp_path / "empire.yaml"
    path.write_text(changed, encoding="utf-8")
    model, problems = load_game(path)
    assert model is not None and not problems, problems
    pdf = tmp_path / "book.pdf"
    with typography.using("ru"):
        pdf.write_bytes(build_pdf(model, "ru")[0])
    book = text_of(pdf)
    assert has(book, HERO["ru"].format(n=3, word="единицы")) and not has(book, HERO["ru"].format(n=2, word="единицы"))
    assert has(book, SKILL_PLUS["ru"].format(n=3)) and not has(book, SKILL_PLUS["ru"].format(n=2))
    assert has(book, SKILL_SPELL["ru"].format(n="+3"))
    mentor = next(h for h in heroes(model_tables(model), 0, [("mentor", 0)]))
    assert mentor.blessing == 3 and mentor.bonus == 3


def model_tables(model):
    from pnp.games.empire.rules.tables import tables
    return tables(model)


# --- 4: every spell as the engine casts it --------------------------------------------------------------------------

#: a squad of every attack kind, one card each; a hero; the tower at the top level (every spell open)
CASTER = Army(tuple(Squad(f"s{i}", 1, kind) for i, kind in enumerate(("melee", "ranged", "flying", "magic"))), 0,
              (0, 1, 2), heroes=(Hero("caster", 0),), tower=7)


def _cast(game, spell, opp: Opponent):
    return cast_spells(game.battle, replace(CASTER, spells=(Casting(spell.id, 1),)), opp)


_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def _lines(pdf) -> list[list[list[tuple[float, str]]]]:
    """Every page's lines of words (pdftotext -bbox), each word with the x it starts at, top to bottom, without the
    running head and the page number."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for page in html.split("<page ")[1:]:
        lines: list[tuple[float, list[tuple[float, str]]]] = []
        for m in _WORD.finditer(page):
            x, y, word = float(m.group(1)), float(m.group(4)), unescape(m.group(5))
            line = next((ws for yy, ws in lines if abs(yy - y) < 2.0), None)
            if line is None:
                lines.append((y, [(x, word)]))
            else:
                line.append((x, word))
        ordered = [sorted(ws) for _, ws in sorted(lines, key=lambda yl: yl[0])]
        if ordered and len(ordered[-1]) == 1 and ordered[-1][0][1].isdigit():
            ordered.pop()  # the page number
        pages.append(ordered[1:])  # without the running head
    return pages


def _table(pdf, heads: tuple[str, ...], new_row, stop) -> list[list[str]]:
    """The rows of the table whose head row reads `heads` (a column each, from its left edge), each row a list of its
    cells' text: `new_row(cells)` says whether a line starts a row, `stop(line text)` where the table ends (a page's
    repeated head row is skipped)."""
    rows: list[list[list[str]]] = []
    columns: list[float] | None = None
    for page in _lines(pdf):
        for line in page:
            text = " ".join(w for _, w in line)
            if all(h in text for h in heads):  # the head row (again on a new page)
                columns = [next(x for x, w in line if heads[k].startswith(w) and (k == 0 or x > 0)) for k in range(len(heads))]
                continue
            if columns is None:
                continue
            if stop(text):
                return [[" ".join(c) for c in row] for row in rows]
            cells: list[list[str]] = [[] for _ in heads]
            for x, w in line:
                cells[max(k for k, c in enumerate(columns) if x >= c - 4 or k == 0)].append(w)
            if new_row(cells) or not rows:
                rows.append(cells)
            else:
                for k, c in enumerate(cells):
                    rows[-1][k] += c
        if columns is not None and rows:
            continue
    return [[" ".join(c) for c in row] for row in rows]


DOES = {"ru": {"damage": "урон +{}", "siege": "в осаде +{}", "strength": "+{} к силе армии", "per_squad": "+{} к силе за каждый",
               "luck": "+{} к удаче армии", "none": "в битве ничего не даёт", "outside": "вне уровней",
               "one": "один названный отряд", "all": "все отряды не открывают", "head": "Что даёт в битве",
               "destruction": "Круг разрушения", "blessing": "Круг благословения", "level": "Уровень"},
        "uk": {"damage": "шкода +{}", "siege": "в облозі +{}", "strength": "+{} до сили армії", "per_squad": "+{} до сили за кожен",
               "luck": "+{} до удачі армії", "none": "у битві нічого не дає", "outside": "поза рівнями",
               "one": "один названий загін", "all": "усі загони не відкривають", "head": "Що дає в битві",
               "destruction": "Коло руйнування", "blessing": "Коло благословення", "level": "Рівень"}}


@pytest.mark.parametrize("lang", LANGS)
def test_every_spell_prints_what_the_engine_counts(game, rulebook_pdfs, lang):
    """Each place of the boards (a level's circle and slot, every school's spell there) has a row that prints what
    pnp.games.empire.rules.magic counts for its spells: a destruction spell its damage (a siege's and a flyer's too),
    a blessing its strength, luck or maximal damage, or nothing at all."""
    words, field = DOES[lang], Opponent(14, "field", 0)
    outside = words["outside"].split()[0]

    def level_or_outside(cells: list[list[str]]) -> bool:
        """A row starts with its level, or the label of the spells outside the levels."""
        return bool(cells[0]) and (cells[0][0].isdigit() or cells[0][0] == outside)

    tables = {circle: _table(rulebook_pdfs[lang], (words["level"], words[circle], words["head"]), level_or_outside,
                             lambda text: text.startswith("3.2.5") or words[other] in text)
              for circle, other in (("destruction", "blessing"), ("blessing", "destruction"))}
    for level, circle, spells in spell_places(game):
        first = squash(spells[0].name.get(lang))
        found = [r for r in tables["destruction" if circle == "destruction" else "blessing"]
                 if squash(r[1]).startswith(first) and len(r[1].split("·")) == len(spells)]
        assert len(found) == 1, (spells[0].id, found)
        head, names, row = found[0]
        names, row = squash(names), squash(row)
        assert head == (str(level) if level is not None else words["outside"]), (spells[0].id, head)
        for spell in spells:
            assert squash(spell.name.get(lang)) in names, (spell.id, names)
        spell = spells[0]
        cast, e = _cast(game, spell, field), spell.effect
        value = sum(v for what, v, _ in cast.lines if what.startswith("spell"))
        if circle == "destruction":
            assert squash(words["damage"].format(value)) in row, (spell.id, row)
            if e.siege is not None:
                sieged = _cast(game, spell, Opponent(14, "siege", 0))
                assert squash(words["siege"].format(sieged.lines[-1][1])) in row
            if e.against_flying:
                flown = _cast(game, spell, Opponent(14, "field", 0, flying=True)).lines[-1][1]
                assert squash(f"+{flown - value}") in row
        elif cast.maximal:
            assert squash(words["all" if len(cast.maximal) > 1 else "one"]) in row, (spell.id, row)
        elif cast.luck:
            assert squash(words["luck"].format(cast.luck)) in row
        elif e.per_squad:
            assert value == e.strength and squash(words["per_squad"].format(value)) in row  # one squad of the kind
        elif value:
            assert squash(words["strength"].format(value)) in row, (spell.id, row)
        else:
            assert squash(words["none"]) in row, (spell.id, row)


def test_a_spells_printed_text_names_only_the_numbers_the_engine_counts(game):
    """The boards print each spell's `text`: every number in it is one of its effect's (the seed's «+3 защита», «Противник
    теряет героя» and the like are gone), and a spell whose effect is only its level's damage says so."""
    for school in game.battle.magic.schools:
        for spell in school.spells:
            e = spell.effect
            allowed = {e.strength, e.siege, e.against_flying, e.luck} - {None, 0}
            for lang in LANGS:
                said = spell.text.get(lang)
                assert {int(n) for n in re.findall(r"\d+", said)} <= allowed, (spell.id, lang, said)
                if spell.circle == "destruction" and not e.counted:
                    assert said.startswith(("Только урон уровня", "Лише шкода рівня")), (spell.id, said)


# --- the engine's side of the words above ---------------------------------------------------------------------------

def test_the_engine_counts_the_palace_and_the_gates_in_a_vertical(game):
    """7: a column with the palace or the gates is complete with the other plots built."""
    layout = game.capital.layout
    for prebuilt in layout.prebuilt:
        _, col = layout.cells[prebuilt]
        rest = [p for p, (_, c) in layout.cells.items() if c == col and p not in layout.prebuilt]
        assert capital.completed_columns(layout, rest) == 1, prebuilt


def test_the_engine_lets_anyone_do_the_ritual_and_discard_no_travel_card(s):
    """9 and 13: a player with nothing built and no hero may do the ritual; no action discards a travel card, and a
    garrison waits in hand until its week."""
    garrison = next(c for c in s.t.cards.values() if c.type == "garrison")
    s.players[0].travel = [garrison.id]
    legal = s.legal_actions()
    assert ("ritual",) in legal and not any(a[0] not in ("hero", "hire", "build", "again", "ritual", "pass") for a in legal)
    s.week = garrison.week
    assert ("visit", garrison.id) in s.legal_actions()


def test_the_engine_hires_before_the_action_only(s):
    """17: building ends the turn; the next seat plays, so a barracks built hires from its builder's next turn."""
    s.players[0].chests = 10
    s.apply_action(("build", next(a[1] for a in s.legal_actions() if a[0] == "build")))
    assert s.seat() == 1


def test_the_engine_scores_a_siege_no_victory_points(game):
    """11: a siege's battle type gives none (the board's «ПО» cell is a dash)."""
    siege = game.battle.type(game.battle.card_battles["town"])
    assert isinstance(siege, BattleType) and siege.points is None


# --- 25, 26: the components -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_components_name_the_colour_in_deck_the_templates_the_alignment_sheet_and_the_boards(game, rulebook_pdfs, lang):
    from pnp.games.empire.kit import counts
    kit = counts(game)
    heads = {"ru": ("Компонент", "Сколько", "Что это"), "uk": ("Компонент", "Скільки", "Що це")}[lang]
    rows = _table(rulebook_pdfs[lang], heads, lambda cells: bool(cells[1]),
                  lambda text: text.startswith(("Подготовка", "Підготовка")))
    named = {squash(name): (count, said) for name, count, said in rows}
    for key, n in (("travel_colour_in", kit["colour_in_cards"]), ("travel_templates", kit["blank_cards"])):
        assert named[squash(game.ui(key, lang))][0] == str(n), key
    said = named[squash(game.ui("travel_colour_in", lang))][1]
    assert has(said, {"ru": "Печатай одну из двух колод, цветную или эту, а не обе",
                      "uk": "Друкуй одну з двох колод, кольорову або цю, а не обидві"}[lang])
    from pnp.core import catalogue
    assert squash(catalogue.text("align_title", lang)) in named
    count, boards = named[squash({"ru": "Справочные планшеты", "uk": "Довідкові планшети"}[lang])]
    assert count == str(kit["reference_boards"])
    for title in ("machines_title", "types_title", "weeks_title"):  # the boards by the titles they print
        assert has(boards, f"«{game.ui(title, lang)}»"), title


@pytest.mark.parametrize("lang", LANGS)
def test_the_building_table_says_how_far_the_forge_and_the_magic_tower_rise(game, texts, lang):
    """The capital sheet's boxes go to the forge's III and the tower's 7 (the engine's highest levels); the
    rulebook's table of buildings said only «улучшение 15» (the play-test asked how far)."""
    race = game.races[0]
    most = {"forge": roman(game.battle.forge_levels), "magic_tower": str(game.battle.magic.levels)}
    for plot in game.capital.plots:
        b = race.building(plot.id)
        if plot.kind in most and b is not None and b.upgrade is not None:
            said = game.ui("plot_upgrade_level", lang, n=b.upgrade.cost, most=most[plot.kind])
            assert has(texts[lang], said), (plot.id, said)


# --- the second play-test: what the engine does behind the new rulings -------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_dice_in_place_of_the_domino_have_exactly_its_chance(game, layouts, lang):
    """p2-2: the book's two-dice roll (the sum from `least`, a double six rolled again) succeeds as often as the
    domino draw the engine plays (`Morale.tiles`), counted over every roll; and the book prints its figures."""
    from fractions import Fraction

    from pnp.games.empire.rulebook.book_facts import dice_like
    morale = game.battle.morale
    dice = dice_like(Fraction(*morale.tiles()))
    assert dice is not None and dice.reroll_top_double
    rolls = [(a, b) for a in range(1, 7) for b in range(1, 7) if (a, b) != (6, 6)]
    assert Fraction(sum(a + b >= dice.least for a, b in rolls), len(rolls)) == Fraction(*morale.tiles())
    said = {"ru": f"сумма {dice.least} или больше", "uk": f"сума {dice.least} або більше"}[lang]
    assert has(layouts[lang], said) and has(layouts[lang], f"{morale.tiles()[0]} {'из' if lang == 'ru' else 'із'} {morale.tiles()[1]}")


def test_a_roll_is_offered_only_where_dice_match_the_domino():
    from fractions import Fraction

    from pnp.games.empire.rulebook.book_facts import dice_like
    assert dice_like(Fraction(7, 12)).least == 7 and not dice_like(Fraction(7, 12)).reroll_top_double  # 21 of 36
    assert dice_like(Fraction(1, 2)) is None  # no sum from some least is 18 of 36, and 35 rolls have no half


def test_the_engine_hires_no_creature_whose_cards_are_all_out_of_the_deck(s):
    """p2-7: hiring takes the creature's first card from the deck; with none left there is nothing to hire."""
    p, rt = s.players[0], s.t.races[s.players[0].race]
    first = rt.creatures[0]
    p.built.append(rt.barracks(first.level))
    p.gold = 100
    p.deck = Counter({(first.id, 1): 1, (rt.creatures[1].id, 0): 1})
    assert ("hire", first.id) in s.legal_actions()
    p.deck = Counter({(rt.creatures[1].id, 0): 1})
    assert ("hire", first.id) not in s.legal_actions()


def test_the_engine_opens_the_luck_card_though_the_bonuses_have_won(game):
    """p2-4: bonuses alone above the opponent; the luck card is still opened and counted (here a negative luck's
    blank card: its penalty), and only then is the army held to its target."""
    from pnp.games.empire.rules.battle.march import resolve
    squad = Squad("c", 1, "melee")
    army = Army(tuple(replace(squad, type=f"c{i}", level=i) for i in range(1, 6)), 0, (0, 5, 5, 5, 5, 5))
    weak = Opponent(1, "field", 3)
    out = resolve(game.battle, army, weak, [0, 5, 5, 5, 5, 5])
    luck = [x for x in out.lines if x.step == "3.2.6"]
    assert luck and luck[0].value == -game.battle.luck_zero_penalty


def test_the_engine_takes_the_upgraded_halls_gold_in_place_of_the_halls(s, game, texts):
    """p2-14: «Магистрат (+4о …)» after «Ратуша +4о»: the day's gold with the hall upgraded is the upgrade's, not
    the sum; the book prints the two figures the engine gives."""
    p = s.players[0]
    hall = next(x for x, plot in s.t.races[p.race].plots.items() if plot.kind == "unique")
    base = p.income(s.t)
    p.built.append(hall)
    built = p.income(s.t) - base
    p.upgrades[hall] = 1
    upgraded = p.income(s.t) - base
    b = next(r for r in game.races if r.id == s.t.races[p.race].id).building(hall)
    assert (built, upgraded) == (b.gold, b.upgrade.gold)
    if b.gold == b.upgrade.gold:
        assert has(texts["ru"], f"те же +{b.gold}о в день, а не +{2 * b.gold}о")


def _strikes(out) -> list[tuple[str, int]]:
    """The damage cards' lines of a battle: (what, value)."""
    return [(x.what, x.value) for x in out.lines if x.step == "3.3.2"]


def test_the_engine_sends_in_every_squad_behind_a_missed_line_left_to_right(game):
    """p3-3: a line of three misses; the squads behind its first and third squads step in, the one behind the
    first before the one behind the third whatever the army's list says, each with a card of its own."""
    from pnp.games.empire.rules.battle.march import resolve
    line = tuple(Squad("c", 1, "melee") for _ in range(3))
    rear = (Squad("r3", 2, "melee", behind=2), Squad("r1", 3, "melee", behind=0))
    army = Army(line, 0, (0, 3, 4), echelon=rear)
    out = resolve(game.battle, army, Opponent(500, "field", 0), [0, 3, 4])
    assert [what.split("(")[1] for what, _ in _strikes(out)] == ["c): strike 0", "r1): strike 3", "r3): strike 4"]
    assert [v for _, v in _strikes(out)][1:] == [3, 4]
    assert set(out.missed) == {0, 1, 2}


@pytest.mark.parametrize("battle", ["field", "siege", "dungeon"])
def test_the_engine_multiplies_a_columns_damage_in_every_battle(game, battle):
    """p3-4: a column of three cards deals three times its strike, and three times the minimal damage on a miss,
    in a siege and a dungeon as in the field."""
    from pnp.games.empire.rules.battle.march import resolve
    army = Army((Squad("c", 1, "melee", cards=3),), 0, (0, 4))
    assert _strikes(resolve(game.battle, army, Opponent(500, battle, 0), [4]))[0][1] == 12
    assert _strikes(resolve(game.battle, army, Opponent(500, battle, 0), [0]))[0][1] == 3 * game.battle.miss_damage


def test_the_engine_multiplies_column_flank_and_hero_together_and_on_a_miss(game):
    """p3-11: a column of two on the flank with a hero «урон ×2» for its level: 2 × flank × 2, on a strike and on a
    miss's minimal damage; a line takes its largest squad's multiplier, once."""
    from pnp.games.empire.rules.battle.march import resolve
    from pnp.games.empire.rules.battle_rules import HeroAbility
    hero = Hero("h", 0, ability=HeroAbility(level=1, times=2))
    times = 2 * game.battle.flank_multiplier * 2
    flanked = Army((Squad("a", 1, "melee", cards=2, flank=True), Squad("b", 2, "melee")), 0, (0, 5), heroes=(hero,))
    assert _strikes(resolve(game.battle, flanked, Opponent(500, "field", 0), [5, 5]))[0][1] == 5 * times
    assert _strikes(resolve(game.battle, flanked, Opponent(500, "field", 0), [0, 5]))[0][1] == \
        game.battle.miss_damage * times
    lined = Army((Squad("b", 2, "melee"), Squad("b", 2, "melee", cards=3)), 0, (0, 5))
    assert _strikes(resolve(game.battle, lined, Opponent(500, "field", 0), [5]))[0][1] == 15


def test_the_engine_multiplies_a_negative_luck_by_the_strike_and_fines_a_blank(game):
    """p4-2: the week's luck above the army's: the one card opened multiplies the negative bonus; a blank is the
    fixed penalty."""
    from pnp.games.empire.rules.battle.march import resolve
    army = Army((Squad("c", 1, "melee"),), 0, (0, 5))
    luck = [x.value for x in resolve(game.battle, army, Opponent(50, "field", 2), [5, 5]).lines if x.step == "3.2.6"]
    blank = [x.value for x in resolve(game.battle, army, Opponent(50, "field", 2), [0, 5]).lines if x.step == "3.2.6"]
    assert luck == [-10] and blank == [-game.battle.luck_zero_penalty]


def test_the_engine_casts_no_illusion_without_a_tower_and_no_spell_against_immunity(game):
    """p4-3, p4-4: the illusion needs the tower built, whatever its level; an immune neutral army cancels the tower
    and a blessing of the army's own."""
    from pnp.games.empire.rules.battle.march import resolve
    from pnp.games.empire.rules.battle.validation import BattleError
    army = Army((Squad("c", 1, "melee"),), 0, (0, 5), heroes=(Hero("h", 0),), spells=(Casting("illusion"),))
    with pytest.raises(BattleError):
        resolve(game.battle, army, Opponent(50, "field", 0), [5])
    built = replace(army, tower=1)
    counted = {x.what: x.value for x in resolve(game.battle, built, Opponent(50, "field", 0), [5]).lines}
    immune = {x.what: x.value for x in resolve(game.battle, built, Opponent(50, "field", 0, immune_to_magic=True),
                                               [5]).lines}
    assert counted["spell illusion"] > 0 and counted["magic tower"] > 0
    assert immune["spell illusion"] == 0 and immune["magic tower"] == 0


def test_the_engine_opens_no_card_once_the_deck_is_out(game):
    """p4-5: two squads, one card left: the second squad stays in reserve; a large squad that missed with no card
    left for its saving throw is lost."""
    from pnp.games.empire.rules.battle.march import resolve
    two = Army((Squad("a", 1, "melee"), Squad("b", 2, "melee", large=True)), 0, (0, 3))
    out = resolve(game.battle, two, Opponent(50, "field", 0), [3])
    assert out.reserve == (1,) and len(_strikes(out)) == 1
    large = Army((Squad("b", 2, "melee", large=True),), 0, (0,))
    out = resolve(game.battle, large, Opponent(50, "field", 0), [0])
    assert out.missed == (0,) and out.lost == (0,)


def test_the_engine_lets_a_holder_without_creatures_defend_with_its_heroes(game):
    """p4-7: the holder of a mine with an empty hand still fights the duel: its heroes count. A squad of a miss's
    damage or a strike of 5 against a hero of 4 wins half the orders, against an empty hand all."""
    from pnp.games.empire.rules import duel
    att = Army((Squad("c", 1, "melee"),), 0, (0, 5))
    hero = duel.duel_chances(game.battle, att, Army((), 0, (0, 5), heroes=(Hero("h", 4),)))
    none = duel.duel_chances(game.battle, att, Army((), 0, (0, 5)))
    assert hero[0] == Fraction(1, 2) and none[0] == 1


def test_the_engine_returns_a_card_lost_this_week_to_the_travel_deck(s):
    """p4-1: a town lost this week lies before its player till the week's end, then goes back into the travel
    deck, and the hand it left is topped up."""
    from pnp.games.empire.rules import week
    town = next(c.id for c in s.t.cards.values() if c.type == "town")
    s.players[0].open = [(town, None)]
    before = s.pile[town]
    week.week_end(s)
    assert s.players[0].open == [] and s.pile[town] == before + 1


def test_the_engine_blesses_no_squad_of_its_own_army_immune_to_magic(game):
    """p4-4: «благословения на таких существ не действуют»: a blessing «+1 a ranged squad» skips an immune ranged
    squad, and «all squads deal their maximal damage» leaves it to its damage card; a squad not immune is blessed."""
    from pnp.games.empire.rules.battle.march import resolve
    per = next(sp for s in game.battle.magic.schools for sp in s.spells if sp.effect.per_squad == "ranged")
    every = next(sp for s in game.battle.magic.schools for sp in s.spells if sp.effect.maximal == "all")
    hero = (Hero("h", 0),)
    squads = (Squad("a", 2, "ranged"), Squad("b", 7, "ranged", immune=True))

    def lines(spell, cards):
        army = Army(squads, 0, (0, 5), heroes=hero, tower=7, spells=(Casting(spell.id),))
        return resolve(game.battle, army, Opponent(500, "field", 0), cards).lines

    blessed = next(x for x in lines(per, [5, 5]) if x.what == f"spell {per.id}")
    assert blessed.value == per.effect.strength and "1 immune to magic" in blessed.rule
    out = lines(every, [0])
    assert [x.what for x in out if x.step == "3.3.2"] == ["squad 2 (b): strike 0"]  # only the immune squad draws
