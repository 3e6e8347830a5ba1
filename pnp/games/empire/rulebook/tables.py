"""The rulebook's tables, each a loop over the model: the kit's components, the capital's plots and
income track, the travel cards of a type as they read, the week track, the battle types, the war
machines, the spells and the worked battle. Column heads and the words around the numbers are the
labels of templates/empire/rulebook/<lang>/labels.j2."""

from __future__ import annotations

import re

from markupsafe import Markup, escape
from reportlab.platypus import Flowable

from pnp.games.empire.model import TravelCard
from pnp.games.empire.kit import counts
from pnp.games.empire.render.capital_sheet import plot_lines, plot_title
from pnp.games.empire.render.magic_board import boards as magic_boards
from pnp.games.empire.rulebook.example import Worked
from pnp.games.empire.rulebook.book_facts import spell_places
from pnp.games.empire.rules.schools import Spell
from pnp.rulebook.book import Book
from pnp.rulebook.ruled import ruled_table

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def _head(book: Book, *keys: str, numbers: tuple[int, ...] = ()) -> list:
    """The header row; the columns in `numbers` hold numbers and are centred, their heads too."""
    return [book.cell(Markup("<b>{}</b>").format(book.labels(k)), "table-num") if i in numbers else book.cell(book.labels(k), "table-head")
            for i, k in enumerate(keys)]


def components(book: Book) -> list[Flowable]:
    """What the kit holds, counted from the model: a capital sheet per race, each race's creature
    deck and tavern, the travel cards by type (their printed copies), the neutral armies and the chests,
    the reference boards, a board per school of magic, the worksheet, and what the players
    bring. The cards and boards are counted where the manifest counts them (`pnp.games.empire.kit`)."""
    g, f, lab = book.game, book.facts, book.labels
    rows = [_head(book, "components.head.item", "components.head.count", "components.head.notes", numbers=(1,))]
    races = f.join(f"«{r.name.get(book.lang)}»" for r in g.races)
    rows.append([book.cell(Markup("<b>{}</b>").format(lab("components.capital.name"))), book.cell(str(len(g.races)), "table-num"),
                 book.cell(lab("components.capital.note", races=races, plots=len(g.capital.plots)))])
    # each race's creature deck and tavern, as the kit prints them (pnp.games.empire.kit counts them too)
    names = {r.id: r.name.get(book.lang) for r in g.races}
    decks = f.join(f"«{names[d.race]}» — {len(d.strikes)}" for d in g.creature_decks)
    taverns = f.join(f"«{r.name.get(book.lang)}» — {len(r.heroes)}" for r in g.races if r.heroes)
    marks = [s for d in g.creature_decks for s in d.strikes if s] or [0]
    for key, n, said in (("creatures", counts(g)["creature_cards"], {"decks": decks, "first": min(marks), "last": max(marks)}),
                         ("heroes", counts(g)["hero_cards"], {"taverns": taverns})):
        if n:
            rows.append([book.cell(Markup("<b>{}</b>").format(lab(f"components.{key}.name"))),
                         book.cell(str(n), "table-num"), book.cell(lab(f"components.{key}.note", **said))])
    # the travel deck by type, each card as many times as the content prints it
    for t in g.travel_types:
        cards = f.cards_of(t.id)
        rows.append([book.cell(Markup("<b>{}</b>").format(lab("components.travel.name", type=t.name.get(book.lang)))),
                     book.cell(str(g.travel_copies(t.id)), "table-num"),
                     book.cell(f.join(f"{c.name.get(book.lang)} ×{c.count}" for c in cards))])
    # the same deck to colour in, which a table prints instead of the coloured one, and the blank templates
    kit = counts(g)
    for key, n in (("colour_in", kit["colour_in_cards"]), ("templates", kit["blank_cards"])):
        rows.append([book.cell(Markup("<b>{}</b>").format(lab(f"components.{key}.name"))),
                     book.cell(str(n), "table-num"), book.cell(lab(f"components.{key}.note"))])
    # the shared decks beside it: the neutral armies and the chests (the bank)
    if g.neutral_deck is not None:
        armies = f.join(f"{a.name.get(book.lang)} ×{a.count}" for a in g.neutral_deck.armies)
        rows.append([book.cell(Markup("<b>{}</b>").format(lab("components.neutrals.name"))),
                     book.cell(str(kit["neutral_cards"]), "table-num"), book.cell(lab("components.neutrals.note", armies=armies))])
    if g.chests is not None:
        c = g.chests
        rows.append([book.cell(Markup("<b>{}</b>").format(lab("components.chests.name"))),
                     book.cell(str(kit["chest_cards"]), "table-num"),
                     book.cell(lab("components.chests.note", gold=c.gold, short=g.gold_short.get(book.lang), xp=c.experience,
                                   keep=c.keep))])
    # the boards as the kit prints them: the reference boards, and a board per school of magic,
    # which a player draws face down on building the tower («вытягивает в закрытую один из планшетов»)
    printed, schools = counts(g), f.join(s.name.get(book.lang) for s in magic_boards(g))
    rows.append([book.cell(Markup("<b>{}</b>").format(lab("components.boards.name"))),
                 book.cell(str(printed["reference_boards"]), "table-num"), book.cell(lab("components.boards.note"))])
    rows.append([book.cell(Markup("<b>{}</b>").format(lab("components.magic.name"))),
                 book.cell(str(printed["magic_boards"]), "table-num"), book.cell(lab("components.magic.note", schools=schools))])
    # the worksheet, printed as often as needed, and what the players bring: the domino set a dungeon's
    # morale is drawn from, the sleeve, the marker and the die
    for key in ("worksheet", "alignment", "domino", "sleeve"):
        rows.append([book.cell(Markup("<b>{}</b>").format(lab(f"components.{key}.name"))),
                     book.cell(lab(f"components.{key}.count"), "table-num"), book.cell(lab(f"components.{key}.note"))])
    return [ruled_table(book, rows, (46, 16, 108))]


def plots(book: Book) -> list[Flowable]:
    """Every plot of the capital as the capital sheet prints it, for each race."""
    g, lab = book.game, book.labels
    out: list[Flowable] = []
    for race in g.races:
        rows = [_head(book, "plots.head.plot", "plots.head.cost", "plots.head.gives", numbers=(1,))]
        # the plots built from the start, the barracks by level, then the rest as the content lists them
        order = {p.id: i for i, p in enumerate(g.capital.plots)}
        for p in sorted(g.capital.plots, key=lambda p: (not p.built, p.level is None, p.level or 0, order[p.id])):
            b = race.building(p.id)
            if b is None:
                continue
            cost = lab("plots.prebuilt") if p.built else g.ui("plot_cost", book.lang, n=b.cost)
            said = [Markup(_BOLD.sub(r"<b>\1</b>", str(escape(line)))) for line in plot_lines(g, b, book.lang, p)]
            rows.append([book.cell(Markup("<b>{}</b>").format(plot_title(g, p, b)[book.lang])), book.cell(cost, "table-num"),
                         book.cell(Markup("; ").join(said) or g.ui("plot_auto", book.lang))])
        if len(g.races) > 1:
            out.append(book.cell(Markup("<b>{}</b>").format(race.name.get(book.lang)), "h3"))
        out.append(ruled_table(book, rows, (48, 24, 98)))
    return out


def income(book: Book) -> list[Flowable]:
    g, f, lab = book.game, book.facts, book.labels
    rows = [_head(book, "income.head.verticals", "income.head.gold", numbers=(0, 1))]
    for s in g.capital.income:
        rows.append([book.cell(lab("income.verticals", n=s.verticals), "table-num"),
                     book.cell(f"+{f.gold(s.gold)}", "table-num")])
    return [ruled_table(book, rows, (50, 40), whole=True, width_pt=book.width_pt * 0.55)]


def card_reads(book: Book, c: TravelCard) -> tuple[str, str]:
    """A travel card's numbers as the card prints them, and what they mean, in the labels of its type."""
    f, lab = book.facts, book.labels
    fields = {"name": c.name.get(book.lang)}
    if c.guards is not None:
        fields["guards"] = c.guards
    if c.gold is not None:
        fields["gold"] = f.gold(c.gold)
    if c.resource is not None:
        r = f.resource(c.resource)
        word = r.name.get(book.lang)
        fields |= {"resource": word, "resource_title": word[:1].upper() + word[1:], "short": r.short.get(book.lang)}
    for key in ("points", "week", "bonus", "chests"):
        if getattr(c, key) is not None:
            fields[key] = getattr(c, key)
    if c.kind is not None:
        fields["kind"] = c.kind.get(book.lang)
    if c.strength:
        fields["strength"] = f.strengths(c)
    if c.chest_ranges:
        fields["ranges"] = Markup("; ").join(lab("card.range", first=r.first, last=r.last, n=r.chests) for r in c.chest_ranges)
    for what, n in sorted(c.penalty.items()):
        fields["penalty"] = lab(f"card.penalty.{what}", n=n)
    if c.effect is not None:
        fields["effect"] = c.effect.get(book.lang)
    # a card's meaning is its own printed effect where it has one (the content's), else its type's
    plain = f"card.{c.type}.plain"
    means = plain if c.effect is None and plain in lab.entries else f"card.{c.type}.means"
    return lab(f"card.{c.type}", **fields), lab(means, **fields)


def travel(book: Book, type_id: str) -> list[Flowable]:
    """The shipped cards of one travel type: the name, and the card's numbers as it reads."""
    f = book.facts
    rows = [_head(book, "travel.head.name", "travel.head.reads", "travel.head.means")]
    for c in f.cards_of(type_id):
        reads, means = card_reads(book, c)
        rows.append([book.cell(Markup("<b>{}</b>").format(c.name.get(book.lang))), book.cell(reads), book.cell(means)])
    return [ruled_table(book, rows, (34, 60, 76), whole=True)] if len(rows) > 1 else []


def weeks(book: Book) -> list[Flowable]:
    g, lab = book.game, book.labels
    rows = [[book.cell(lab("weeks.head.week"), "table-head")]
            + [book.cell(str(w), "table-num") for w in range(1, g.weeks + 1)],
            [book.cell(lab("weeks.head.luck"), "table-head")]
            + [book.cell(str(x), "table-num") for x in g.neutral_luck]]
    return [ruled_table(book, rows, (44,) + (12,) * g.weeks, header=False, whole=True)]


def battle_types(book: Book) -> list[Flowable]:
    """Each battle type against neutrals: the kind that earns its bonus, and what it bans."""
    f, lab, rules = book.facts, book.labels, book.game.battle
    rows = [[book.cell(lab("types.head.what"), "table-head")]
            + [book.cell(t.name.get(book.lang), "table-head") for t in rules.types]]

    def row(key: str, cell):
        rows.append([book.cell(Markup("<b>{}</b>").format(lab(key)))] + [book.cell(cell(t)) for t in rules.types])

    row("types.bonus", lambda t: lab("types.bonus.value", kind=f.kind_name(t.bonus_kind), per=f.weapon_bonus(t.id),
                                     magic=f.kind_name("magic"), n=rules.magic_attack_bonus))
    row("types.formations", lambda t: lab("yes" if t.formations else "no"))
    row("types.machines", lambda t: lab(f"types.machines.{t.machines}"))
    row("types.spells", lambda t: lab("types.spells.level", n=t.spell_level_max) if t.spell_level_max is not None
        else lab("yes" if t.destruction_spells else "types.spells.no"))
    row("types.large", lambda t: lab("yes" if t.large_creatures else "no"))
    widths = (40,) + (130 / len(rules.types),) * len(rules.types)
    return [ruled_table(book, rows, widths, whole=True)]


def machines(book: Book) -> list[Flowable]:
    f, lab = book.facts, book.labels
    rows = [_head(book, "machines.head.level", "machines.head.name", "machines.head.siege", "machines.head.field",
                  numbers=(0, 2, 3))]
    for level, found in f.machines_by_level():
        for m in found:
            # a machine without strength says what it gives instead (the table's other rows, Q's board)
            does = m.effect.get(book.lang) if m.effect is not None else ""
            if does and m.spell_penalty is not None:
                does = f"{does.rstrip('.')} ({f.signed(-m.spell_penalty)})."
            does = f" — {does[:1].lower()}{does[1:]}" if does else ""
            rows.append([book.cell(f.roman(level), "table-num"), book.cell(Markup("<b>{}</b>{}").format(m.name.get(book.lang), does)),
                         book.cell(f"+{m.siege}" if m.siege is not None else "—", "table-num"),
                         book.cell(f"+{m.field}" if m.field is not None else "—", "table-num")])
    return [ruled_table(book, rows, (18, 92, 25, 25), whole=True)]


def spells(book: Book) -> list[Flowable]:
    """Every spell of the boards by its place, as the engine casts it (pnp.games.empire.rules.magic): the
    destruction circle's places, then the blessing circle's and the spells outside the levels, each row
    the schools' spells of one place and what they do in a battle."""
    lab = book.labels
    places = spell_places(book.game)
    out: list[Flowable] = []
    for heads, circles in ((("spells.head.level", "spells.head.destruction", "spells.head.does"), ("destruction",)),
                           (("spells.head.level", "spells.head.blessing", "spells.head.does"), ("blessing", "extra"))):
        rows = [_head(book, *heads, numbers=(0,))]
        for level, circle, found in places:
            if circle not in circles:
                continue
            names = Markup(" · ").join(Markup("<b>{}</b>{}").format(s.name.get(book.lang), spell_kind(book, s)) for s in found)
            rows.append([book.cell(str(level) if level is not None else lab("spells.outside"), "table-num"),
                         book.cell(names), book.cell(spell_does(book, found[0]))])
        if len(rows) > 1:
            out.append(ruled_table(book, rows, (20, 90, 60)))
    return out


def spell_kind(book: Book, spell: Spell) -> str:
    """A blessing of the squads of one attack kind names the kind after the spell («(рукопашные)»)."""
    kind = spell.effect.per_squad
    return f" ({book.facts.kind_name(kind)})" if kind else ""


def spell_does(book: Book, spell: Spell) -> str:
    """What a spell does in a battle, as pnp.games.empire.rules.magic counts it, in the book's words."""
    lab, e = book.labels, spell.effect
    dungeon = book.facts.battle_type("dungeon").spell_level_max
    if spell.circle == "destruction":
        if e.siege is not None:
            said = lab("spells.does.siege", siege=e.siege, n=spell.damage)
        elif e.against_flying:
            said = lab("spells.does.flying", n=spell.damage, flying=e.against_flying)
        else:
            said = lab("spells.does.damage", n=spell.damage)
        if dungeon is not None and spell.level is not None and spell.level <= dungeon:
            said += lab("spells.does.dungeon")
        return said
    if e.maximal:
        return lab(f"spells.does.maximal.{e.maximal}")
    if e.luck:
        return lab("spells.does.luck", n=e.luck)
    if e.per_squad:
        return lab("spells.does.per_squad", n=e.strength)
    if e.large:
        return lab("spells.does.large", n=e.strength)
    if e.strength:
        return lab("spells.does.strength", n=e.strength)
    if e.war:
        return lab("spells.does.war")
    return lab("spells.does.none")


def example(book: Book) -> list[Flowable]:
    """The worked battle, a row per line the engine gave, with the army's strength after each."""
    w: Worked = book.extra["ex"]
    f, lab = book.facts, book.labels
    rows = [_head(book, "example.head.step", "example.head.what", "example.head.value", "example.head.total",
                  numbers=(0, 2, 3))]
    for s in w.steps:
        rows.append([book.cell(s.line.step, "table-num"), book.cell(lab(f"example.{s.form}", **tell(book, s.fields))),
                     book.cell(f.signed(s.line.value), "table-num"), book.cell(str(s.total), "table-num")])
    return [ruled_table(book, rows, (16, 104, 22, 28), whole=True)]


def tell(book: Book, fields: dict) -> dict:
    """A step's fields in the reader's words: squads by the example's names, kinds, machines, spells."""
    g, f = book.game, book.facts
    names = {s.type: s.name.get(book.lang) for s in g.book.example.squads}
    out = dict(fields)
    for key in ("n", "strike"):
        if key in out:
            out[key] = int(out[key])
    if "squads" in out:  # «2» or «2-4»: one squad, or the squads of a line
        first, _, last = out["squads"].partition("-")
        out["count"] = int(last or first) - int(first) + 1
        out["squads"] = out["squads"].replace("-", "–")
    if "type" in out:
        out["type"] = names.get(out["type"], out["type"])
    if "kind" in out:
        out["kind"] = f.kind_name(out["kind"])
    if "machine" in out:
        out["machine"] = g.battle.machine(out["machine"]).name.get(book.lang)
    if "spell" in out:
        out["spell"] = g.battle.spell(out["spell"]).name.get(book.lang)
    if "luck" in out:
        out["luck"] = f.signed(int(out["luck"].replace("−", "-")))
    return out
