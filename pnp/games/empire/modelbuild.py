"""Turn schema-valid plain data of «Строительство империи» into its frozen model, keeping marks."""

from __future__ import annotations


from pnp.components.card_family import CardSpec
from pnp.content.notes import collect_notes
from pnp.content.yamlload import Loaded
from pnp.core.texts import Text, frozen_map
from pnp.games.empire.book_model import build_book, build_play
from pnp.games.empire.magicbuild import build_magic
from pnp.games.empire.rules.battle_rules import (BattleRules, BattleType, Formations, HeroAbility, Morale, RaceHero,
                                                 WarMachine)
from pnp.games.empire.model import (Building, Capital, ChestRange, Chests, Creature, CreatureDeck, Economy, Game, IncomeStep,
                                    NeutralArmy, NeutralDeck, Plot, Print, Race, Resource, TravelCard, TravelType, Upgrade)
from pnp.games.empire.render import chest_rows, creature_rows, hero_rows, neutral_rows, travel_rows

#: the travel-card fields copied as they are (the others are built below)
_PLAIN = ("guards", "resource", "gold", "points", "week", "bonus", "chests", "action", "count")


def build_game(loaded: Loaded, source: str) -> Game:
    d = loaded.data

    def m(*path):
        return loaded.mark(path)

    def text(value, *path) -> Text:
        return Text(frozen_map(value), m(*path))

    def optional_text(mapping, key, *path) -> Text | None:
        return text(mapping[key], *path, key) if key in mapping else None

    def building(race: int, plot: str, b: dict) -> Building:
        at = ("races", race, "buildings", plot)
        up = b.get("upgrade")
        upgrade = (Upgrade(up["cost"], optional_text(up, "name", *at, "upgrade"), up.get("gold"), up.get("heroes"),
                           m(*at, "upgrade")) if up else None)
        return Building(plot, text(b["name"], *at, "name"), b.get("cost"), upgrade, optional_text(b, "hires", *at),
                        optional_text(b, "gives", *at), b.get("gold"), b.get("heroes"), m(*at))

    def hero(race: int, i: int, h: dict) -> RaceHero:
        at = ("races", race, "heroes", i)
        a = h["ability"]
        return RaceHero(h["number"], h["id"], text(h["name"], *at, "name"),
                        HeroAbility(a.get("level"), a.get("kind"), a.get("plus", 0), a.get("times", 1),
                                    a.get("own_times", 1), optional_text(a, "text", *at, "ability"),
                                    a.get("spells", 1)), m(*at), h.get("skill"))

    def card(i: int, c: dict) -> TravelCard:
        at = ("travel_cards", i)
        chest = c.get("chests")
        ranges = (tuple(ChestRange(r["weeks"][0], r["weeks"][1], r["chests"], m(*at, "chests", j))
                        for j, r in enumerate(chest)) if isinstance(chest, list) else ())
        plain = {k: c[k] for k in _PLAIN if k in c and not (k == "chests" and ranges)}
        return TravelCard(c["id"], c["type"], text(c["name"], *at, "name"), **plain,
                          strength=tuple(c.get("strength", ())), kind=optional_text(c, "kind", *at),
                          chest_ranges=ranges, penalty=frozen_map(c.get("penalty")),
                          effect=optional_text(c, "effect", *at), mark=m(*at))

    def deck(i: int, k: dict) -> CreatureDeck:
        at = ("creature_decks", i, "cards")
        return CreatureDeck(k["race"], tuple(
            Creature(c["id"], c["level"], text(c["name"], *at, j, "name"), c["kind"], tuple(c["strikes"]),
                     c.get("large", False), c.get("immune", False), m(*at, j))
            for j, c in enumerate(k["cards"])), m("creature_decks", i), k["colour"])

    def neutral_deck(n: dict) -> NeutralDeck:
        at = ("neutral_armies", "cards")
        return NeutralDeck(n["colour"], tuple(
            NeutralArmy(a["id"], a["count"], text(a["name"], *at, j, "name"), tuple(a["strength"]), a.get("extra", 0),
                        a.get("flying", False), a.get("immune", False), m(*at, j))
            for j, a in enumerate(n["cards"])), m("neutral_armies"))

    def chests(c: dict) -> Chests:
        return Chests(c["count"], c["keep"], c["gold"], c["experience"], c["colour"], m("chests"))

    cap, cards = d["capital"], d["cards"]
    capital = Capital(
        columns=cap["columns"], rows=cap["rows"],
        income=tuple(IncomeStep(s["verticals"], s["gold"], m("capital", "income", i)) for i, s in enumerate(cap["income"])),
        hero_base=cap["hero_hand"]["base"], points_per_card=cap["points_per_card"]["value"],
        plots=tuple(Plot(p["id"], p["kind"], (p["at"][0], p["at"][1]), p.get("level"), p.get("built", False),
                         m("capital", "plots", i)) for i, p in enumerate(cap["plots"])),
        mark=m("capital"))
    b = d["battle"]
    f = b["formations"]
    battle = BattleRules(
        attack_kinds=tuple(k["id"] for k in b["attack_kinds"]),
        types=tuple(BattleType(t["id"], text(t["name"], "battle", "types", i, "name"), t["bonus_kind"], t["formations"],
                               t["machines"], t["destruction_spells"], t["large_creatures"], t.get("spell_level_max"),
                               m("battle", "types", i), t["flank"], t["second_echelon"], t["against"],
                               t.get("morale", False), t.get("trophy_chests"), t.get("points"))
                    for i, t in enumerate(b["types"])),
        magic_attack_bonus=b["magic_attack_bonus"],
        formations=Formations(f["line"]["least"], f["line"]["per_squad"], f["mixed"]["least"], f["mixed"]["bonus"],
                              f["mixed"]["per_extra"], f["straight"]["least"], f["straight"]["bonus"],
                              f["straight"]["per_extra"]),
        luck_zero_penalty=b["luck"]["zero_penalty"], miss_damage=b["miss_damage"]["value"],
        courage_max=b["courage"]["max"],
        machines=tuple(WarMachine(w["id"], w["level"], text(w["name"], "battle", "war_machines", i, "name"),
                                  w.get("siege"), w.get("field"), m("battle", "war_machines", i),
                                  optional_text(w, "label", "battle", "war_machines", i),
                                  optional_text(w, "effect", "battle", "war_machines", i), w.get("spell_penalty"),
                                  w.get("blocks_machines", False), w.get("restores", 0))
                       for i, w in enumerate(b["war_machines"])),
        magic=build_magic(d["magic"], m, text),
        neutral_squads=(b["neutral_squads"]["least"], b["neutral_squads"]["most"]) if "neutral_squads" in b else None,
        kind_names=frozen_map({k["id"]: text(k["name"], "battle", "attack_kinds", i, "name")
                               for i, k in enumerate(b["attack_kinds"])}),
        flank_multiplier=b["flank"]["multiplier"], echelon_per_squad=b["second_echelon"]["per_squad"],
        morale=Morale(b["morale"]["domino_pips"], b["morale"]["from"], b["morale"]["bonus"]),
        squads_per_chest=b["bribery"]["squads_per_chest"],
        card_battles=frozen_map({k: v for k, v in b["card_battles"].items() if k != "note"}),
        upgrade_miss_damage=b["miss_damage"].get("per_upgrade", 0))
    return Game(
        id=d["game"]["id"], title=text(d["game"]["title"], "game", "title"), languages=tuple(d["game"]["languages"]),
        gold_short=text(d["gold"]["short"], "gold", "short"), gold_name=text(d["gold"]["name"], "gold", "name"),
        resources=tuple(Resource(r["id"], text(r["short"], "resources", i, "short"), text(r["name"], "resources", i, "name"),
                                 m("resources", i)) for i, r in enumerate(d["resources"])),
        neutral_luck=tuple(d["weeks"]["neutral_luck"]), capital=capital,
        races=tuple(Race(r["id"], text(r["name"], "races", i, "name"),
                         tuple(building(i, plot, b) for plot, b in r["buildings"].items()), m("races", i),
                         tuple(hero(i, j, h) for j, h in enumerate(r.get("heroes", ()))))
                    for i, r in enumerate(d["races"])),
        travel_types=tuple(TravelType(t["id"], text(t["name"], "travel_types", i, "name"), t["colour"],
                                      text(t["label"], "travel_types", i, "label"), m("travel_types", i), t["played"])
                           for i, t in enumerate(d["travel_types"])),
        travel_cards=tuple(card(i, c) for i, c in enumerate(d["travel_cards"])), battle=battle,
        notes=frozen_map(collect_notes(d)),
        ui_strings=frozen_map({k: text(v, "ui", k) for k, v in d.get("ui", {}).items()}), source=source,
        sha256=loaded.sha256, fonts=loaded.fonts, marks=frozen_map(loaded.marks),
        week_days=d["weeks"]["days"]["value"] if "days" in d["weeks"] else None,
        play=build_play(d["play"]) if "play" in d else None,
        book=build_book(d, collect_notes(d), text, m) if "rulebook" in d else None,
        print=Print(CardSpec(cards["width"], cards["height"], cards["bleed"], cards["safe"], cards["min_text_pt"])),
        card_families=(travel_rows.family(cards["back_colour"], m("cards")),
                       *(creature_rows.family(k["race"], k["colour"], m("creature_decks", i))
                         for i, k in enumerate(d.get("creature_decks", ()))),
                       *(hero_rows.family(k["race"], k["colour"], m("races", [r["id"] for r in d["races"]].index(k["race"])))
                         for k in d.get("creature_decks", ())
                         if any(r["id"] == k["race"] and r.get("heroes") for r in d["races"])),
                       *((neutral_rows.family(d["neutral_armies"]["colour"], m("neutral_armies")),) if "neutral_armies" in d else ()),
                       *((chest_rows.family(d["chests"]["colour"], m("chests")),) if "chests" in d else ())),
        creature_decks=tuple(deck(i, k) for i, k in enumerate(d.get("creature_decks", ()))),
        neutral_deck=neutral_deck(d["neutral_armies"]) if "neutral_armies" in d else None,
        chests=chests(d["chests"]) if "chests" in d else None,
        economy=Economy(**{k: v for k, v in d["economy"].items() if k != "note"}, mark=m("economy"))
        if "economy" in d else None)
