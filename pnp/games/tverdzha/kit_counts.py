"""What the printed kit contains, counted from the model.

One place for the component counts: the manifest, the rulebook's component list, the
token sheets and the simulator's kit check all ask here, so they can never disagree.
"""

from __future__ import annotations

from functools import cached_property

from pnp.components.card_family import deck
from pnp.games.tverdzha.model import Game


#: aid cards per player: the round and actions card, the battle card (issue: player aids)
AIDS_PER_PLAYER = 2


class KitCounts:
    """The kit's counts of one game, each worked out from the model when first asked. A renderer
    that asks for its markers reads the components and the players, not the card lists, so the
    build cache does not draw the tokens again when a card's name changes (pnp.cache.reads)."""

    #: the counts, in the order the manifest lists them
    NAMES = ("battle_cards", "building_cards", "upgrade_cards", "aid_cards", "land_tiles", "unit_tokens",
             "unit_tokens_per_player", "score_markers", "storage_markers", "first_player_markers", "castle_mats",
             "boards", "dice")

    def __init__(self, game: Game) -> None:
        self._game = game

    @cached_property
    def battle_cards(self) -> int:
        return sum(c.count for c in self._game.battle_cards)

    @cached_property
    def building_cards(self) -> int:
        return sum(b.copies for b in self._game.buildings)

    @cached_property
    def upgrade_cards(self) -> int:
        return sum(b.copies for b in self._game.buildings)

    @cached_property
    def aid_cards(self) -> int:
        return AIDS_PER_PLAYER * len(self._game.players)

    @cached_property
    def land_tiles(self) -> int:
        return self._game.board.tiles.count

    @cached_property
    def unit_tokens(self) -> int:
        """Both players' together."""
        return self.unit_tokens_per_player * len(self._game.players)

    @cached_property
    def unit_tokens_per_player(self) -> int:
        return self._game.components.unit_tokens_per_player

    @cached_property
    def score_markers(self) -> int:
        return self._game.components.score_markers_per_player * len(self._game.players)

    @cached_property
    def storage_markers(self) -> int:
        return self._game.components.storage_markers_per_player * len(self._game.players)

    @cached_property
    def first_player_markers(self) -> int:
        return self._game.components.first_player_markers

    @cached_property
    def castle_mats(self) -> int:
        return len(self._game.players)

    @cached_property
    def boards(self) -> int:
        return 1

    @cached_property
    def dice(self) -> int:
        """Not printed: the table supplies them."""
        return self._game.components.dice

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.NAMES}


def counts(game: Game) -> KitCounts:
    return KitCounts(game)


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
