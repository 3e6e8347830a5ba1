"""What the printed kit contains, counted from the model.

One place for the component counts: the manifest, the rulebook's component list, the
token sheets and the simulator's kit check all ask here, so they can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.components.card_family import deck
from pnp.games.tverdzha.model import Game


@dataclass(frozen=True)
class KitCounts:
    battle_cards: int
    building_cards: int
    upgrade_cards: int
    aid_cards: int
    land_tiles: int
    unit_tokens: int  # both players together
    unit_tokens_per_player: int
    score_markers: int
    storage_markers: int
    first_player_markers: int
    castle_mats: int
    boards: int
    dice: int  # not printed: the table supplies them

    def as_dict(self) -> dict[str, int]:
        return dict(self.__dict__)


#: aid cards per player: the round and actions card, the battle card (issue: player aids)
AIDS_PER_PLAYER = 2


def counts(game: Game) -> KitCounts:
    players = len(game.players)
    comp = game.components
    return KitCounts(
        battle_cards=sum(c.count for c in game.battle_cards),
        building_cards=sum(b.copies for b in game.buildings),
        upgrade_cards=sum(b.copies for b in game.buildings),
        aid_cards=AIDS_PER_PLAYER * players,
        land_tiles=game.board.tiles.count,
        unit_tokens=comp.unit_tokens_per_player * players,
        unit_tokens_per_player=comp.unit_tokens_per_player,
        score_markers=comp.score_markers_per_player * players,
        storage_markers=comp.storage_markers_per_player * players,
        first_player_markers=comp.first_player_markers,
        castle_mats=players,
        boards=1,
        dice=comp.dice,
    )


def count_dict(game: Game) -> dict[str, int]:
    """The printed counts by name, as manifest.json lists them (the pack's `counts`)."""
    return counts(game).as_dict()


def kit_rows(game: Game, lang: str) -> list[tuple[str, int]]:
    """The preview's component list: each card family's deck, the pieces, board, mats and aids, the dice."""
    c = counts(game)
    rows = [(f.component, len(deck(f.cards(game, lang)))) for f in game.card_families]
    rows += [("comp_tiles", c.land_tiles), ("comp_tokens", c.unit_tokens),
             ("comp_markers", c.score_markers + c.storage_markers + c.first_player_markers),
             ("comp_board", c.boards), ("comp_mats", c.castle_mats), ("comp_aids", c.aid_cards)]
    return [(game.ui(k, lang), n) for k, n in rows] + [(game.ui("preview_dice", lang), c.dice)]


def battle_deck(game: Game) -> list[str]:
    """Battle card ids in deck order (content order, each repeated by its count)."""
    return [c.id for c in game.battle_cards for _ in range(c.count)]


def building_deck(game: Game) -> list[str]:
    return [b.id for b in game.buildings for _ in range(b.copies)]


def upgrade_deck(game: Game) -> list[str]:
    return [b.upgrade.id for b in game.buildings for _ in range(b.copies)]
