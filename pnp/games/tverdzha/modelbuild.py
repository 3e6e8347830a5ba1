"""Turn schema-valid plain data into the frozen Game model, keeping marks."""

from __future__ import annotations

import hashlib
from fractions import Fraction
from typing import Any

from pnp.games.tverdzha.model import (
    Action, Battle, BattleCard, Board, Building, CardSpec, Castle, Cell, Change, Clarification,
    Components, Cost, Effect, Game, IconWord, LandKind, Limits, PrintSpec, Resource, Round, Scoring,
    Setup, Step, Term, Text, ThresholdRow, Tiles, Timing, Track, Upgrade, Victory, frozen_map,
)
from pnp.components.board_spec import read_board
from pnp.components.card_family import CardFamily
from pnp.content.notes import collect_notes
from pnp.games.tverdzha.facts import apply_facts
from pnp.content.yamlload import Loaded
from pnp.games.tverdzha.card_rows import SOURCES as CARD_SOURCES


class _Ctx:
    def __init__(self, loaded: Loaded):
        self.loaded = loaded

    def m(self, *path):
        return self.loaded.mark(path)

    def text(self, value: dict | None, *path) -> Text | None:
        if value is None:
            return None
        return Text(frozen_map(value), self.m(*path))

    def cost(self, value: dict | None, *path) -> Cost:
        return Cost(tuple((k, int(v)) for k, v in (value or {}).items()), self.m(*path))

    def params(self, value: dict | None) -> Any:
        out = {}
        for k, v in (value or {}).items():
            out[k] = frozen_map(v) if isinstance(v, dict) else v
        return frozen_map(out)

    def effects(self, items: list, *path) -> tuple[Effect, ...]:
        return tuple(
            Effect(e["key"], self.params(e.get("params")), self.text(e["text"], *path, i, "text"), self.m(*path, i))
            for i, e in enumerate(items)
        )


def build_game(loaded: Loaded, source: str) -> Game:
    d = loaded.data
    c = _Ctx(loaded)
    g = d["game"]
    p = d["print"]
    limits = d["limits"]
    battle = d["battle"]
    comp = d["components"]
    board = d["board"]

    buildings = []
    for i, b in enumerate(d["buildings"]):
        u = b["upgrade"]
        up = ("buildings", i, "upgrade")
        upgrade = Upgrade(
            u["id"], c.text(u["name"], *up, "name"), c.cost(u["cost"], *up, "cost"), u["points"],
            c.effects(u["effects"], *up, "effects"), b["id"], u.get("note", ""), c.m(*up),
        )
        buildings.append(Building(
            b["id"], c.text(b["name"], "buildings", i, "name"), c.cost(b["cost"], "buildings", i, "cost"),
            b["points"], c.effects(b["effects"], "buildings", i, "effects"), upgrade,
            d["building_copies"]["value"], b.get("note", ""), c.m("buildings", i),
        ))

    cards = tuple(
        BattleCard(bc["id"], c.text(bc["name"], "battle_cards", i, "name"), bc["count"], bc["timing"],
                   c.effects(bc["effects"], "battle_cards", i, "effects"), bc.get("note", ""), c.m("battle_cards", i))
        for i, bc in enumerate(d["battle_cards"])
    )

    spec = read_board(loaded)
    graph = spec.graph
    cells = tuple(
        Cell(cell["id"], tuple(cell["pos"]), graph.image(cell["id"]), graph.neighbours(cell["id"], gates=False),
             cell.get("land"), c.m("board", "cells", i))
        for i, cell in enumerate(board["cells"])
    )
    castles = tuple(Castle(z.player or "", z.pos or (0, 0), z.entrances, z.mark, z.id) for z in spec.zones_of("castle"))
    t = board["tiles"]
    tiles = Tiles(tuple(t["pairs"].items()), tuple(t["centre"].items()), t.get("note", ""), c.m("board", "tiles"))

    limit_keys = ("storage", "hand", "units_per_land", "army", "training_cap", "strength_floor", "heals_per_turn", "building_slots", "market_size")
    game = Game(
        id=g["id"],
        title=c.text(g["title"], "game", "title"),
        tagline=c.text(g.get("tagline"), "game", "tagline"),
        players=tuple(g["players"]),
        minutes=g.get("minutes", 0),
        languages=tuple(g["languages"]),
        print=PrintSpec(
            CardSpec(p["card"]["width"], p["card"]["height"], p["card"]["bleed"], p["card"]["safe"], p["card"]["min_text_pt"]),
            p["unit_token"]["size"], p["land_tile"]["size"], p["marker"]["size"], p["board"]["cell"], p["board"]["gap"],
        ),
        resources=tuple(Resource(r["id"], r["icon"], c.text(r["name"], "resources", i, "name"), c.m("resources", i)) for i, r in enumerate(d["resources"])),
        lands=tuple(
            LandKind(l["id"], l["icon"], c.text(l["name"], "lands", i, "name"), l.get("yields"), l.get("points", 0), l.get("fixed", False), l.get("note", ""), c.m("lands", i), l.get("scores", True))
            for i, l in enumerate(d["lands"])
        ),
        board=Board(cells, castles, tiles, spec, board.get("note", ""), c.m("board")),
        setup=Setup(
            tuple((u["where"], u["strength"]) for u in d["setup"]["units"]), c.cost(d["setup"]["resources"], "setup", "resources"),
            d["setup"]["hand"], d["setup"]["market"], d["setup"]["first_player"], c.m("setup"),
        ),
        limits=Limits(
            storage_cap=limits["storage"]["cap"], hand_size=limits["hand"]["size"], hand_max=limits["hand"]["max"],
            units_per_land=limits["units_per_land"]["value"], army_per_land=limits["army"]["per_land"],
            army_castle_counts=limits["army"]["castle_counts"], training_cap=limits["training_cap"]["value"],
            strength_floor=limits["strength_floor"]["value"], heals_per_turn=limits["heals_per_turn"]["value"],
            building_slots=limits["building_slots"]["value"], market_size=limits["market_size"]["value"],
            marks=frozen_map({k: c.m("limits", k) for k in limit_keys}),
        ),
        actions=tuple(
            Action(a["key"], c.text(a["name"], "actions", i, "name"), c.text(a["text"], "actions", i, "text"), c.params(a.get("params")), a.get("free", False), c.m("actions", i))
            for i, a in enumerate(d["actions"])
        ),
        round=Round(*(
            tuple(Step(s["key"], c.text(s["text"], "round", part, i, "text"), c.m("round", part, i)) for i, s in enumerate(d["round"][part]))
            for part in ("start", "turn", "end")
        )),
        battle=Battle(
            castle_defense=battle["castle_defense"]["value"],
            always_hit=battle["natural"]["always_hit"], always_miss=battle["natural"]["always_miss"],
            thresholds=tuple(
                ThresholdRow(Fraction(r["min_ratio"]), r["inclusive"], r["hit"], c.text(r["label"], "battle", "thresholds", "rows", i, "label"), c.m("battle", "thresholds", "rows", i))
                for i, r in enumerate(battle["thresholds"]["rows"])
            ),
            timing=tuple(Timing(t["key"], c.text(t["name"], "battle", "timing", i, "name"), c.text(t["text"], "battle", "timing", i, "text"))
                         for i, t in enumerate(battle["timing"])),
            mark=c.m("battle"),
        ),
        victory=Victory(d["victory"]["points"], d["victory"]["castle_entrances"], d["victory"]["tie_winner"], d["victory"]["check"], c.m("victory")),
        scoring=Scoring(
            d["scoring"]["lands"]["per"], d["scoring"]["lands"]["points"],
            tuple(d["scoring"]["prestige"]["buildings"]), d["scoring"]["prestige"]["points"], c.m("scoring"),
        ),
        buildings=tuple(buildings),
        battle_cards=cards,
        battle_deck_size=d["battle_deck"]["size"],
        components=Components(
            comp["unit_tokens"]["per_player"], comp["score_markers"]["per_player"], comp["storage_markers"]["per_player"],
            comp["first_player_marker"]["count"], comp["dice"]["count"],
            *(Track(comp[k]["top"], comp[k].get("overflow", 0)) for k in ("storage_track", "score_track")),
            frozen_map({k: c.m("components", k) for k in comp}),
        ),
        ui_strings=frozen_map({k: c.text(v, "ui", k) for k, v in d["ui"].items()}),
        clarifications=tuple(
            Clarification(c.text(x["topic"], "clarifications", i, "topic"), c.text(x["text"], "clarifications", i, "text"))
            for i, x in enumerate(d["clarifications"])
        ),
        changes=tuple(
            Change(*(c.text(x.get(k), "changes", i, k) for k in ("topic", "original", "text", "reason")), c.m("changes", i))
            for i, x in enumerate(d.get("changes", ()))
        ),
        glossary=tuple(
            Term(c.text(x["term"], "glossary", i, "term"), c.text(x["meaning"], "glossary", i, "meaning"),
                 frozen_map({lang: tuple(words) for lang, words in x.get("avoid", {}).items()}), c.m("glossary", i))
            for i, x in enumerate(d.get("glossary", ()))
        ),
        icon_words=frozen_map({k: IconWord(c.text(v["forms"], "icon_words", k, "forms"),
                                           c.text(v.get("genitive"), "icon_words", k, "genitive"))
                               for k, v in d.get("icon_words", {}).items()}),
        card_families=tuple(_family(f, c.m("card_families", i)) for i, f in enumerate(d["card_families"])),
        source=source,
        sha256=hashlib.sha256(loaded.text.encode("utf-8")).hexdigest(),
        marks=frozen_map(loaded.marks),
        notes=frozen_map(collect_notes(d)),
    )
    return apply_facts(game)  # named facts filled into the prose: they need the model, so they come last


def _family(f: dict, mark) -> CardFamily:
    fields, source = CARD_SOURCES[f["rows"]]
    return CardFamily(f["id"], f["layout"], f["colour"], f["icon"], f["back"], f["name"], f["component"], f["rows"],
                      fields, mark, source)


