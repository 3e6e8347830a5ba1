"""The rulebook's balance table: each race's share of the wins the simulator measured at each table size
(content `rulebook.balance`, held to a fresh run by a test), with its 95 % interval. The words are the
labels of templates/empire/rulebook/<lang>/labels.j2 (`balance.*`)."""

from __future__ import annotations

from markupsafe import Markup
from reportlab.platypus import Flowable

from pnp.core import i18n
from pnp.rulebook.book import Book
from pnp.rulebook.ruled import ruled_table


def share(book: Book, rate: float, ci95: tuple[float, float]) -> str:
    """«25,7 % (23,8–27,6 %)»: always one decimal, so the column reads alike."""
    return f"{i18n.percent(rate, book.lang, 1)} ({i18n.percent_range(*ci95, book.lang, 1)})"


def table(book: Book) -> list[Flowable]:
    """A row a race, a column a run (its players and games)."""
    g, lab = book.game, book.labels
    runs = g.book.balance
    rows = [[book.cell(lab("balance.head.race"), "table-head")]
            + [book.cell(Markup("<b>{}</b>").format(lab("balance.head.run", n=r.players, games=r.games)), "table-num")
               for r in runs]]
    for race in g.races:
        rows.append([book.cell(Markup("<b>{}</b>").format(race.name.get(book.lang)))]
                    + [book.cell(share(book, r.races[race.id].rate, r.races[race.id].ci95), "table-num")
                       if race.id in r.races else book.cell("—", "table-num") for r in runs])
    return [ruled_table(book, rows, (50,) + (60,) * len(runs))]  # proportions of the text width
