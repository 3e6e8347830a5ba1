"""Turn schema-valid plain data of «Оборона Замка» into its frozen model, keeping marks."""

from __future__ import annotations

import hashlib

from pnp.content.notes import collect_notes
from pnp.content.yamlload import Loaded
from pnp.core.texts import Text, frozen_map
from pnp.components.board_spec import Ground
from pnp.games.oborona_zamka.model import Balance, Components, Field, Game, Race, Rules, Share, Side, Term



def build_game(loaded: Loaded, source: str) -> Game:
    d = loaded.data

    def m(*path):
        return loaded.mark(path)

    def text(value, *path) -> Text:
        return Text(frozen_map(value), m(*path))

    def cells(items) -> tuple[tuple[int, int], ...]:
        return tuple((int(r), int(c)) for r, c in items)

    g, f, r, a, comp = d["game"], d["field"], d["rules"], d["army"], d["components"]
    sides = tuple(Side(s["id"], text(s["name"], "sides", i, "name"), s["moves"]["value"], s["crosses_walls"],
                       m("sides", i)) for i, s in enumerate(d["sides"]))
    races = tuple(Race(x["id"], x["side"], text(x["name"], "races", i, "name"), x["colour"], m("races", i))
                  for i, x in enumerate(d["races"]))
    field = Field(
        across_flats=f["hex"]["across_flats"], rows=tuple(f["rows"]), mountain=cells(f["mountain"]),
        castle=cells(f["castle"]), wall_around=cells(f["wall_around"]),
        starts=frozen_map({side: cells(hexes) for side, hexes in f["starts"].items()}),
        mirror=f["mirror"]["value"], mark=m("field"), colours=frozen_map(f.get("colours", {})),
        terrain=frozen_map(f.get("terrain", {})),
        ground=Ground(f["ground"]["terrain"], f["ground"]["colour"]) if "ground" in f else None)
    cmd = r["commander"]
    rules = Rules(
        first_player=r["first_player"]["value"], fight=r["fight"]["hit"], fight_over_wall=r["fight_over_wall"]["hit"],
        wall_attack=r["wall_attack"]["hit"], capture=r["capture"]["hit"], capture_from=r["capture"]["from"],
        capture_bonus=r["capture"]["bonus"], potion=r["potion"]["hit"], potion_no_room=r["potion"]["no_room"],
        commander_target=cmd["target_modifier"], commander_bonus=cmd["bonus"], defender_reroll=cmd["defender_reroll"],
        own_bonus=cmd["own_bonus"], natural_six=r["natural_six"]["value"], turn_cap=r["turn_cap"]["value"],
        mark=m("rules"))
    components = Components(comp["dice"]["count"], comp["standees"]["per_race"], comp["wall_segments"]["spare"],
                            m("components"))
    glossary = tuple(Term(text(t["term"], "glossary", i, "term"), text(t["means"], "glossary", i, "means"),
                          m("glossary", i)) for i, t in enumerate(d.get("glossary", [])))
    return Game(
        id=g["id"], title=text(g["title"], "game", "title"), tagline=text(g["tagline"], "game", "tagline"),
        minutes=g["minutes"], languages=tuple(g["languages"]), sides=sides, races=races,
        army=a["size"]["value"], commanders=a["commanders"]["value"],
        warrior=text(a["warrior"], "army", "warrior"), commander=text(a["commander"], "army", "commander"),
        field=field, rules=rules, components=components,
        ui_strings=frozen_map({k: text(v, "ui", k) for k, v in d.get("ui", {}).items()}),
        glossary=glossary, notes=frozen_map(collect_notes(d)), source=source,
        sha256=hashlib.sha256(loaded.text.encode("utf-8")).hexdigest(),
        marks=frozen_map(loaded.marks), balance=_balance(d.get("balance"), m("balance")))


def _balance(b, mark) -> Balance | None:
    if b is None:
        return None

    def share(s) -> Share:
        return Share(float(s["rate"]), (float(s["ci95"][0]), float(s["ci95"][1])))

    c = b["command"]
    return Balance(c["games"], c["seed"], tuple(c["agents"]), share(b["attacker"]), share(b["defender"]),
                   frozen_map({k: float(v) for k, v in b["victories"].items()}), float(b["turns"]["mean"]),
                   float(b["confidence"]), mark)
