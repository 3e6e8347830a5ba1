"""What a data-only game's kit holds, counted from the model: the manifest's `components`,
`pnp check`'s summary and the preview's component list read it, so they cannot disagree."""

from __future__ import annotations

from pnp.games.data.model import Game, token_ui_key


def _cards(family) -> int:
    """The copies of every card of a family (counted from its rows, in no language)."""
    return sum(count for _, count, _, _ in family.source.items)


def counts(game: Game) -> dict[str, int]:
    out = {f"cards_{f.id}": _cards(f) for f in game.card_families}
    out |= {f"tokens_{t.id}": sum(face.count for face in t.faces) for t in game.tokens}
    if game.board is not None:
        out["board_cells"] = len(game.board.positions())
    out |= {f"mats_{m.id}": 1 for m in game.mats}
    out |= {f"sheets_{s.id}": 1 for s in game.sheets}
    out |= {f"aids_{a.id}": a.count for a in game.aids}
    if game.icons:
        out["icons"] = len(game.icons)
    if game.sections:
        out["rulebook_sections"] = len(game.sections)
    return out


def kit_rows(game: Game, lang: str) -> list[tuple[str, int]]:
    """A row per card family and token kind by its own name, the board, each mat, sheet and aid, and the rulebook."""
    rows = [(game.ui(f.component, lang), _cards(f)) for f in game.card_families]
    rows += [(game.ui(token_ui_key(t.id), lang), sum(face.count for face in t.faces)) for t in game.tokens]
    rows += [(game.ui("comp_board", lang), 1)] if game.board is not None else []
    rows += [(part.name.get(lang), 1) for part in game.mats + game.sheets]
    rows += [(aid.name.get(lang), aid.count) for aid in game.aids]
    return rows + ([(game.ui("comp_rulebook", lang), 1)] if game.sections else [])


def summary(game: Game) -> tuple[dict[str, int], str]:
    c = counts(game)
    cards = sum(v for k, v in c.items() if k.startswith("cards_"))
    tokens = sum(v for k, v in c.items() if k.startswith("tokens_"))
    words = [f"{cards} cards in {len(game.card_families)} famil{'y' if len(game.card_families) == 1 else 'ies'}"]
    words += [f"{tokens} tokens"] if game.tokens else []
    words += [f"a board of {c['board_cells']} cells"] if game.board is not None else []
    words += [f"{n} {what}{'' if n == 1 else 's'}" for n, what in ((len(game.mats), "mat"), (len(game.sheets), "sheet"),
                                                                  (sum(a.count for a in game.aids), "player aid"),
                                                                  (len(game.icons), "icon")) if n]
    words += [f"a rulebook of {len(game.sections)} sections"] if game.sections else []
    return c, ", ".join(words)
