"""The rulebook's tables of the setup and of the worked week: what each player count lays out and deals,
each counted from the model, and the week the engine played (pnp.games.empire.rulebook.worked_week), told
turn by turn. The words are the labels of templates/empire/rulebook/<lang>/labels.j2 (`setup.*`, `week.*`)."""

from __future__ import annotations

from markupsafe import Markup, escape
from reportlab.platypus import Flowable

from pnp.games.empire.kit import counts
from pnp.games.empire.rulebook.worked_week import Fought, Turn, Week
from pnp.games.empire.rules.moves import neighbours
from pnp.rulebook.book import Book
from pnp.rulebook.ruled import ruled_table


def player_counts(game) -> range:
    """The table sizes the edition seats: its `play.players`, no more than it has races."""
    least, most = game.play.players
    return range(least, min(most, len(game.races)) + 1)


def setup_rows(game) -> list[tuple[str, dict, tuple[int, ...]]]:
    """Each line of the setup table: its label, the label's fields, and its number for each player count."""
    p, e, c = game.play, game.economy, game.chests
    kit = counts(game)
    sizes = player_counts(game)
    return [
        ("setup.races", {}, tuple(sizes)),
        ("setup.box", {}, tuple(len(game.races) - n for n in sizes)),
        ("setup.creatures", {"n": p.creature_hand}, tuple(n * p.creature_hand for n in sizes)),
        ("setup.chests", {"n": e.start_chests}, tuple(n * e.start_chests for n in sizes)),
        ("setup.bank", {"n": c.count}, tuple(c.count - n * e.start_chests for n in sizes)),
        ("setup.deal", {"n": p.travel_hand}, tuple(n * p.travel_hand for n in sizes)),
        ("setup.deck", {"n": kit["travel_cards"]}, tuple(kit["travel_cards"] - n * p.travel_hand for n in sizes)),
        ("setup.tavern", {"n": p.tavern_reveal}, tuple(n * p.tavern_reveal for n in sizes)),
        ("setup.neighbours", {}, tuple(len(neighbours(0, n)) for n in sizes)),
    ]


def setup(book: Book) -> list[Flowable]:
    """The setup table: a column per player count."""
    g, lab = book.game, book.labels
    sizes = player_counts(g)
    rows = [[book.cell(lab("setup.head.what"), "table-head")]
            + [book.cell(Markup("<b>{}</b>").format(lab("setup.head.players", n=n)), "table-num") for n in sizes]]
    for key, fields, values in setup_rows(g):
        rows.append([book.cell(lab(key, **fields))] + [book.cell(str(v), "table-num") for v in values])
    side = 24 if len(sizes) > 3 else 28
    return [ruled_table(book, rows, (170 - side * len(sizes),) + (side,) * len(sizes), whole=True)]


# --- the worked week ------------------------------------------------------------------------

def seat_name(book: Book, seat: int) -> str:
    return book.labels("week.seats").split()[seat]


def dealt(book: Book) -> list[Flowable]:
    """The week's start: each player's race, the tavern's open heroes and the travel cards dealt."""
    w: Week = book.extra["wk"]
    g, f, lab = book.game, book.facts, book.labels
    rows = [[book.cell(lab(k), "table-head") for k in ("week.head.player", "week.head.tavern", "week.head.dealt")]]
    for d in w.dealt:
        race = next(r for r in g.races if r.id == d.race)
        heroes = f.join(f"«{g.hero(h).name.get(book.lang)}»" for h in d.heroes)
        cards = [_dealt_card(book, c) for c in d.cards]
        said = Markup(f.join(str(escape(c)) for c in cards))
        if d.chests:
            said = Markup("{}; {}").format(lab("week.holdings", n=d.chests), said)
        rows.append([book.cell(Markup("<b>{}</b> — {}").format(seat_name(book, d.seat), race.name.get(book.lang))),
                     book.cell(heroes), book.cell(said)])
    return [ruled_table(book, rows, (36, 44, 90), whole=True)]


def turns(book: Book) -> list[Flowable]:
    """The week's turns, day by day: the income, what the player did, and the treasury after."""
    w: Week = book.extra["wk"]
    lab = book.labels
    heads = ("week.head.day", "week.head.player", "week.head.income", "week.head.turn", "week.head.gold",
             "week.head.chests", "week.head.points")
    rows = [[book.cell(Markup("<b>{}</b>").format(lab(k)), "table-num") if i != 3 else book.cell(lab(k), "table-head")
             for i, k in enumerate(heads)]]
    for t in w.turns:
        rows.append([book.cell(str(t.day), "table-num"), book.cell(seat_name(book, t.seat), "table-num"),
                     book.cell(f"+{t.income}", "table-num"), book.cell(tell(book, t)),
                     book.cell(str(t.gold), "table-num"), book.cell(str(t.chests), "table-num"),
                     book.cell(str(t.points), "table-num")])
    return [ruled_table(book, rows, (12, 14, 16, 86, 15, 15, 12))]


def tell(book: Book, t: Turn) -> Markup:
    """A turn in the reader's words: the hires, then the action and its battle."""
    g, lab = book.game, book.labels
    race = book.extra["wk"].dealt[t.seat].race
    short = g.gold_short.get(book.lang)
    said = []
    for what, hid in t.hires:
        if what == "hero":
            said.append(lab("week.hire.hero", name=g.hero(hid).name.get(book.lang), gold=g.economy.hero_gold,
                            short=short))
        elif what == "cash":
            said.append(lab("week.cash.gold", gold=g.chests.gold, short=short) if hid == "gold" else
                        lab("week.cash.hero", name=g.hero(hid).name.get(book.lang), n=g.chests.experience))
        else:
            c = g.creature(hid)
            said.append(lab("week.hire.creature", name=c.name.get(book.lang), gold=c.level * g.economy.creature_gold,
                            short=short))
    said.append(_action(book, t, race))
    return Markup("; ").join(s for s in said if s) + "."


def _action(book: Book, t: Turn, race: str) -> Markup:
    g, lab = book.game, book.labels
    a = t.action
    kind = a[0]
    r = next(x for x in g.races if x.id == race)
    if kind in ("build", "upgrade"):
        b = r.building(a[1])
        cost = (b.cost if kind == "build" else b.upgrade.cost) or 0
        paid = cost if t.paid is None else t.paid
        said = lab(f"week.{kind}" + (".discount" if paid < cost else ""), name=b.name.get(book.lang), n=paid,
                   cost=cost, off=cost - paid, points=cost * g.capital.points_per_card)
        if t.in_gold:  # the chests it lacked, paid in gold («недостающие доплачивают золотом»)
            said += lab("week.in_gold", n=t.in_gold, gold=book.facts.gold(t.in_gold * g.chests.gold))
        return said
    if kind == "visit":
        return _visit(book, t, a[1])
    if kind == "again":
        return Markup("; ").join(_battle(book, f, again=True) for f in t.fought)
    if kind in ("war", "peace"):
        said = lab(f"week.{kind}", card=g.travel_card(a[1]).name.get(book.lang), enemy=seat_name(book, a[2]))
        if kind == "peace" and t.answer:
            said += lab(f"week.peace.{t.answer}", enemy=seat_name(book, a[2]))
        return said
    if kind == "capture":
        return Markup("; ").join(_battle(book, f) for f in t.fought) or lab("week.capture", enemy=seat_name(book, a[1]))
    return lab(f"week.{kind}")


def _visit(book: Book, t: Turn, card_id: str) -> Markup:
    g, lab = book.game, book.labels
    c = g.travel_card(card_id)
    name = c.name.get(book.lang)
    if t.fought:
        return Markup("; ").join(_battle(book, f) for f in t.fought)
    if c.type == "terrain":
        return lab("week.terrain", card=name, gold=book.facts.gold(c.gold or 0))
    if c.type == "treasure":
        n = next((r.chests for r in c.chest_ranges if r.first <= book.extra["wk"].number <= r.last), 0)
        return lab("week.treasure", card=name, n=n)
    return lab("week.visit", card=name)


def _battle(book: Book, f: Fought, again: bool = False) -> Markup:
    g, lab = book.game, book.labels
    c = g.travel_card(f.card) if f.card is not None else None  # None: the enemy's capital, besieged
    name = c.name.get(book.lang) if c is not None else ""
    enemy = seat_name(book, f.enemy or 0)
    if f.kind == "duel":
        opening = lab("week.duel", card=name, enemy=enemy) if c is not None else lab("week.duel.capital", enemy=enemy)
    elif c is None:
        opening = lab("week.capital", enemy=enemy)
    elif f.kind == "neutral":
        army = next(x for x in g.neutral_deck.armies if x.id == f.neutral)
        opening = lab("week.again" if again else "week.guarded", card=name, army=army.name.get(book.lang), n=f.squads)
        if f.mercenaries:
            opening += lab("week.mercenaries", n=f.mercenaries)
    else:
        opening = lab(f"week.{'siege' if f.kind in ('town', 'garrison', 'siege_war') else 'dungeon'}", card=name)
    if f.bribe:
        opening += lab("week.bribe", n=f.bribe)
    if f.answered:
        opening += lab("week.answer", enemy=enemy, n=f.answered)
    lost = "week.lost" if f.kind == "neutral" else "week.lost.plain"
    result = lab("week.won" if f.won else lost, army=f.army, strength=f.strength)
    if f.won and f.kind != "duel":  # a capital falls; a holding's card joins the holdings
        if c is None:
            result += lab("week.capital.fell")
        elif g.travel_type(c.type).played == "holdings":
            result += lab("week.holding")
    if f.lost:
        result += lab("week.routed", names=book.facts.join(g.creature(x).name.get(book.lang)
                                                             for x in f.lost))
    return Markup("{}: {}").format(opening, result)


def _dealt_card(book: Book, card_id: str) -> Markup | str:
    c = book.game.travel_card(card_id)
    name = c.name.get(book.lang)
    return book.labels("week.trap", card=name) if c.type == "trap" else name
