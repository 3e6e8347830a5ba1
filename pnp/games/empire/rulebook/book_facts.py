"""What the rulebook templates of «Строительство империи» may ask of the model, in the book's language.

Templates hold no number: counts, costs, bonuses and the worked battle come from here, read off
the model (`game`, `game.play`, `game.battle`, `game.book`), so a changed content number changes
the book. The decided gaps are the content's own texts (`rulebook.decisions`), their {fields}
filled from `named()`.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

from pnp.core import i18n
from pnp.core.templating import TemplateError, fill
from pnp.games.empire.book_model import Decision
from pnp.games.empire.model import Game, TravelCard
from pnp.games.empire.rules.army import Army, Opponent, Squad
from pnp.games.empire.rules.battle.lines import weapon_lines
from pnp.games.empire.rules.schools import Spell
from pnp.games.empire.render import battle_words as words
from pnp.games.empire.render.capital_sheet import roman
from pnp.rulebook.book_words import BookWords
from pnp.rulebook.build_error import RulebookError

#: the seed's numbering of its battle sections (a reader's reference, the same the engine's lines cite)
SECTIONS = {"bonuses": "3.2.1", "formations": "3.2.2", "weapons": "3.2.3", "support": "3.2.4", "heroes": "3.2.5",
            "luck": "3.2.6", "order": "3.3.1", "damage": "3.3.2", "losses": "3.3.3", "chests": "3.4.1",
            "money": "3.4.3"}
#: one part in n, as a reader writes it: the fractions PT Sans and PT Serif have (⅓ and ⅕ they lack)
_PART = {2: "½", 4: "¼"}


class Facts(BookWords):
    def __init__(self, game: Game, lang: str):
        super().__init__(game, lang)
        self.rules = game.battle

    # --- words ------------------------------------------------------------------
    def join(self, items) -> str:
        return i18n.join(list(items), self.lang)

    def roman(self, n: int) -> str:
        return roman(n)

    def gold(self, n: int) -> str:
        """Gold as the seed writes it: «3о» (the letter is the content's)."""
        return f"{n}{self.game.gold_short.get(self.lang)}"

    def resources(self) -> str:
        """«К — камень, Д — дерево, …»: the stores' letters and what they stand for."""
        return resource_letters(self.game, self.lang)

    def resource(self, resource_id: str):
        found = next((r for r in self.game.resources if r.id == resource_id), None)
        if found is None:
            raise RulebookError(f"the rulebook names resource {resource_id!r}, which the content lacks")
        return found

    # --- the capital ------------------------------------------------------------------
    def building(self, kind: str):
        return building(self.game, kind)

    def barracks(self):
        return barracks(self.game)

    def income_start(self) -> int:
        return min(self.game.capital.income, key=lambda s: s.verticals).gold

    # --- travel cards ----------------------------------------------------------------
    def cards_of(self, type_id: str) -> tuple[TravelCard, ...]:
        return tuple(c for c in self.game.travel_cards if c.type == type_id)

    def neutral_example(self):
        """The neutral armies' worked strength: the first army on the book's example week, guarding the
        guarded card whose guards make the example's squads (the weakest guards when none does)."""
        deck, week = self.game.neutral_deck, self.game.book.example.week if self.game.book else 1
        army = next(a for a in deck.armies if not a.extra)
        guards = min(c.guards for c in self.game.travel_cards if c.guards is not None)
        squads = army.squads(guards)
        for c in self.game.travel_cards:
            if c.guards is not None and army.army_strength(c.guards, week) == (self.game.book.example.strength if self.game.book else -1):
                squads = army.squads(c.guards)
        return SimpleNamespace(squads=squads, week=week, per_squad=army.strength[week - 1],
                               strength=squads * army.strength[week - 1])

    def strengths(self, card: TravelCard) -> str:
        """A strength schedule as the card prints it: «30-35-40-…»."""
        return "-".join(str(s) for s in card.strength)

    # --- battle -------------------------------------------------------------------
    def battle_type(self, type_id: str):
        found = self.rules.type(type_id)
        if found is None:
            raise RulebookError(f"the rulebook needs battle type {type_id!r}, which the content lacks")
        return found

    def kind_name(self, kind_id: str) -> str:
        """An attack kind's name («стрелки»), from the content's `battle.attack_kinds`."""
        names = self.game.book.attack_kinds
        if kind_id not in names:
            raise RulebookError(f"the rulebook needs attack kind {kind_id!r}, which the content lacks")
        return names[kind_id].get(self.lang)

    def machines_by_level(self):
        levels = sorted({m.level for m in self.rules.machines})
        return [(level, [m for m in self.rules.machines if m.level == level]) for level in levels]

    def weapon_bonus(self, type_id: str) -> int:
        """What one squad of the kind a battle type favours adds there, as the engine counts it."""
        kind = self.battle_type(type_id)
        army = Army((Squad("one", 1, kind.bonus_kind),), 0, ())
        return weapon_lines(self.rules, army, kind, Opponent(0, type_id, 0))[0].value

    def types_with(self, flag: str) -> str:
        """The names of the battle types where `flag` holds («полевое сражение, …»), each once."""
        found: list[str] = []
        for kind in self.rules.types:
            if getattr(kind, flag) and kind.name.get(self.lang) not in found:
                found.append(kind.name.get(self.lang))
        return self.join(found)

    def against_player(self):
        """The battle type fought against another player, or None."""
        return next((t for t in self.rules.types if t.against == "player"), None)

    def schools(self) -> list[str]:
        """The playable schools' names in quotes, in the content's order: the order of the spells table's names."""
        return [f"«{s.name.get(self.lang)}»" for s in self.rules.magic.schools if s.playable]

    def own_times(self) -> int:
        """The largest multiplier of a hero's own damage among the race heroes («урон героя ×2»)."""
        return max((h.ability.own_times for race in self.game.races for h in race.heroes), default=1)

    def heroes(self) -> list[str]:
        """The race heroes of the content as the worksheet reminds of them: «Наставник (№3): уровень III — урон ×2»."""
        return [words.hero_ability(self.game, h, self.lang) for race in self.game.races for h in race.heroes]

    def section(self, key: str) -> str:
        return SECTIONS[key]

    def part(self, n: int) -> str:
        """One part in n: «½»."""
        return _PART.get(n, f"1/{n}")

    def spies(self) -> SimpleNamespace | None:
        """The heroes that spy: one number and one count a week when every race's is the same (None: no such
        hero, or races that differ: the book then lists the heroes' cards)."""
        found = spy_heroes(self.game)
        if not found or len({(h.number, h.ability.spying) for h in found}) > 1:
            return None
        return SimpleNamespace(number=found[0].number, times=found[0].ability.spying,
                               names=i18n.join([f"«{h.name.get(self.lang)}»" for h in found], self.lang))

    def morale_dice(self) -> SimpleNamespace | None:
        """Two dice in place of the domino draw before a dungeon's storm, with exactly its chance (None: no
        such roll; the book then names none)."""
        tiles = self.rules.morale.tiles()
        return dice_like(Fraction(*tiles))

    # --- the decided gaps ------------------------------------------------------------
    def decision(self, d: Decision) -> str:
        try:
            return fill(d.text.get(self.lang), named(self.game, self.lang), self.lang)
        except (TemplateError, KeyError, ValueError) as exc:
            raise RulebookError(f"{d.text.mark.file}:{d.text.mark.line}:{d.text.mark.col}: "
                                f"a decision's text cannot be filled: {exc}") from None


def spy_heroes(game: Game) -> list:
    """The race heroes with spying («умение шпионаж»), race by race."""
    return [h for race in game.races for h in race.heroes if h.ability.spying]


def dice_like(odds: Fraction, faces: int = 6) -> SimpleNamespace | None:
    """The roll of two household dice that succeeds with exactly `odds`: the sum `least` or more, no double
    rerolled or the double of the top face rerolled (a domino set's draw is a chance in 28 for a double-six set,
    which two dice reach only by leaving one of their 36 rolls out: 16 in 28 is 20 in 35). None when neither
    family has one."""
    rolls = [(a, b) for a in range(1, faces + 1) for b in range(1, faces + 1)]
    for reroll in ((), ((faces, faces),)):
        kept = [r for r in rolls if r not in reroll]
        for least in range(2, 2 * faces + 1):
            if Fraction(sum(a + b >= least for a, b in kept), len(kept)) == odds:
                return SimpleNamespace(least=least, reroll_top_double=bool(reroll), faces=faces)
    return None


def named(game: Game, lang: str) -> dict:
    """The named facts a decision's text may use ({points}, {hall}, …), read off the model."""
    hall, forge, tower = (building(game, k) for k in ("unique", "forge", "magic_tower"))
    top = game.races[0].building(barracks(game)[-1].id)
    rules = game.battle
    ram, ballista = rules.machine("ram"), rules.machine("ballista")
    cards = {c.id: c for c in game.travel_cards}
    facts = {
        "resources": resource_letters(game, lang), "gold": game.gold_short.get(lang),
        "income_top": max(s.gold for s in game.capital.income), "verticals": game.capital.columns,
        "hero_base": game.capital.hero_base, "points": game.capital.points_per_card,
        "race": game.races[0].name.get(lang),
        "hall": hall.name.get(lang), "hall_heroes": hall.heroes, "hall_cost": hall.cost,
        "forge_cost": forge.cost, "tower_cost": tower.cost,
        "barracks": i18n.join([f"{roman(p.level)} — {game.races[0].building(p.id).cost}" for p in barracks(game)], lang),
        "card_price": game.play.war.bribe_peace_card, "treaty_price": game.play.war.bribe_treaty,
        "captures": game.play.war.captures, "counter": game.play.war.counter_captures,
        "machine_counts": i18n.join([f"{roman(level)} — {sum(m.level == level for m in rules.machines)}"
                                     for level in sorted({m.level for m in rules.machines})], lang),
        "miss": rules.miss_damage,
        "first_spell": min(destruction_spells(game), key=lambda s: s.level or 0).name.get(lang)
        if destruction_spells(game) else "",
    }
    spies = spy_heroes(game)
    if spies:
        facts |= {"spy_number": spies[0].number, "spy_times": spies[0].ability.spying, "spy_cards": game.play.spy_cards,
                  "spy_heroes": i18n.join([f"«{h.name.get(lang)}»" for h in spies], lang)}
    if hall.upgrade is not None:
        facts |= {"hall_up": hall.upgrade.name.get(lang) if hall.upgrade.name else hall.name.get(lang),
                  "hall_up_heroes": hall.upgrade.heroes, "hall_up_cost": hall.upgrade.cost}
    if top is not None and top.upgrade is not None:
        facts |= {"top_cost": top.cost, "top_upgrade": top.upgrade.cost}
    siege = rules.type("siege")
    if siege is not None and siege.trophy_chests is not None:
        facts["siege"] = siege.trophy_chests
    if ram is not None and ballista is not None:
        facts |= {"ram": ram.name.get(lang), "ram_siege": ram.siege, "ballista": ballista.name.get(lang),
                  "ballista_field": ballista.field}
    facts |= capital_named(game, lang)
    for card_id in ("cedar", "mountains"):
        if card_id in cards:
            facts[card_id] = cards[card_id].name.get(lang)
            facts[f"{card_id}_gold"] = cards[card_id].gold
    for card_id in ("war", "peace", "peace_treaty", "crusade"):
        if card_id in cards:
            facts[card_id] = cards[card_id].name.get(lang)
    return facts | battle_named(game, lang) | magic_named(game, lang) | decks_named(game)


def capital_named(game: Game, lang: str) -> dict:
    """The capital's siege strength by verticals and the travel deck's strongest siege cards it stands above;
    the contribution's part of the daily income."""
    towns = [c for c in game.travel_cards if c.type == "town" and c.strength]
    top = max(towns, key=lambda c: max(c.strength), default=None)
    facts = {"fortifications": i18n.join([str(st.strength) for st in game.capital.fortifications], lang),
             "garrison_top": max((c.bonus or 0 for c in game.travel_cards if c.type == "garrison"), default=0)}
    if top is not None:
        facts |= {"town_top": max(top.strength), "town_week": top.strength.index(max(top.strength)) + 1}
    if game.play is not None:
        facts["contribution"] = _PART.get(game.play.war.contribution_share, f"1/{game.play.war.contribution_share}")
    return facts


def decks_named(game: Game) -> dict:
    """The decided gaps' facts of the shared decks: the travel deal, the diplomacy cards, the neutrals, the chests."""
    facts: dict = {}
    if game.play is not None:
        most, hand = game.play.players[1], game.play.travel_hand
        back = sum(c.count for c in game.travel_cards if game.travel_type(c.type).returns)
        total = sum(c.count for c in game.travel_cards)
        facts |= {"players_most": most, "hand": hand, "deal": most * hand, "returning": back,
                  "leaving": total - back, "travel_total": total}
    for action in ("war", "peace", "treaty", "crusade"):
        facts[f"{action}_cards"] = sum(c.count for c in game.travel_cards if c.action == action)
    guarded = [c for c in game.travel_cards if c.guards is not None]
    facts |= {"guarded": sum(c.count for c in guarded), "guards_least": min((c.guards for c in guarded), default=0),
              "guards_most": max((c.guards for c in guarded), default=0)}
    if game.neutral_deck is not None:
        facts |= {"neutral_count": game.neutral_deck.size,
                  "neutral_extra": max(a.extra for a in game.neutral_deck.armies)}
    if game.chests is not None:
        c = game.chests
        dearest = max((x for r in game.races for b in r.buildings
                       for x in (b.cost, b.upgrade.cost if b.upgrade else None) if x is not None), default=0)
        facts |= {"chest_count": c.count, "chest_keep": c.keep, "chest_gold": c.gold, "chest_xp": c.experience,
                  "chest_need": (game.play.players[1] if game.play else 1) * c.keep, "dearest": dearest,
                  "courage_max": game.battle.courage_max}
    if game.economy is not None:
        e = game.economy
        facts |= {"start_chests": e.start_chests, "creature_gold": e.creature_gold, "hero_gold": e.hero_gold,
                  "hero_attack": e.hero_attack, "resource_chests": e.resource_chests, "ritual_luck": e.ritual_luck,
                  "skill_bonus": e.skill_bonus, "discount": e.discount, "discount_most": e.discount_most,
                  "least_cost": e.least_cost}
    return facts


def _number(x: float) -> str:
    """A size as a reader writes it: 63, not 63.0."""
    return f"{x:g}"


def battle_named(game: Game, lang: str) -> dict:
    """The decided gaps' facts of battles, machines, heroes and the print: flank, echelon, morale, bribery."""
    rules = game.battle
    facts: dict = {"flank_times": rules.flank_multiplier, "echelon": rules.echelon_per_squad,
                   "bribe_squads": rules.squads_per_chest, "morale_pips": rules.morale.pips,
                   "morale_from": rules.morale.least, "morale_bonus": rules.morale.bonus,
                   "morale_tiles": rules.morale.tiles()[0], "morale_set": rules.morale.tiles()[1],
                   "morale_share": i18n.percent(rules.morale.chance(), lang),
                   "miss_upgrade": rules.upgrade_miss_damage, "line_per": rules.formations.line_per_squad}
    if rules.neutral_squads is not None:
        facts |= {"squads_least": rules.neutral_squads[0], "squads_most": rules.neutral_squads[1]}
    if game.week_days is not None:
        facts["days"] = game.week_days
    if game.print is not None:
        facts |= {"card_w": _number(game.print.card.width), "card_h": _number(game.print.card.height)}
    for kind in rules.types:
        facts[f"type_{kind.id}"] = kind.name.get(lang)
    for m in rules.machines:
        facts[f"machine_{m.id}"] = m.name.get(lang)
        if m.spell_penalty is not None:
            facts[f"machine_{m.id}_penalty"] = m.spell_penalty
    for race in game.races:
        for h in race.heroes:
            a = h.ability
            facts |= {f"hero_{h.id}": h.name.get(lang), f"hero_{h.id}_number": h.number}
            facts |= {f"hero_{h.id}_level": roman(a.level)} if a.level is not None else {}
            facts |= {f"hero_{h.id}_plus": a.plus, f"hero_{h.id}_times": a.times}
    return facts


def magic_named(game: Game, lang: str) -> dict:
    """The decided gaps' facts of magic: the tower, the levels, the spells' names and numbers."""
    magic = game.battle.magic
    facts: dict = {"tower_damage": magic.tower_damage, "spell_levels": magic.levels}
    for school in magic.schools:
        facts[f"school_{school.id}"] = school.name.get(lang)
        if school.joins_every_school:  # the ether's spells, named where a school's name would not decline
            facts[f"{school.id}_spells"] = i18n.join([f"«{x.name.get(lang)}»" for x in school.extras], lang)
        for spell in school.spells:
            e = spell.effect
            facts |= {f"spell_{spell.id}": spell.name.get(lang), f"spell_{spell.id}_damage": spell.damage,
                      f"spell_{spell.id}_strength": e.strength, f"spell_{spell.id}_flying": e.against_flying,
                      f"spell_{spell.id}_luck": e.luck}
            if e.siege is not None:
                facts[f"spell_{spell.id}_siege"] = e.siege
    return facts


def plot(game: Game, kind: str):
    found = next((p for p in game.capital.plots if p.kind == kind), None)
    if found is None:
        raise RulebookError(f"the rulebook needs a capital plot of kind {kind!r}, which the content lacks")
    return found


def building(game: Game, kind: str):
    """The first race's building on the plot of `kind` (every race fills the same plots)."""
    b = game.races[0].building(plot(game, kind).id)
    if b is None:
        raise RulebookError(f"race {game.races[0].id!r} has no building on the {kind} plot")
    return b


def barracks(game: Game):
    return sorted((p for p in game.capital.plots if p.kind == "barracks"), key=lambda p: p.level)


def resource_letters(game: Game, lang: str) -> str:
    return i18n.join([f"{r.short.get(lang)} — {r.name.get(lang)}" for r in game.resources], lang)


def spell_places(game: Game) -> list[tuple[int | None, str, list[Spell]]]:
    """The spells of the playable schools by their place on the board — a level's circle and the spell's
    slot in it, then the spells outside the levels (a ritual) — each place with every school's spell there,
    in the schools' order; then the spells that join every school (the ether's), one a place."""
    magic = game.battle.magic
    places: dict[tuple, list[Spell]] = {}
    for school in (s for s in magic.schools if s.playable):
        for lv in school.levels:
            for circle in ("destruction", "blessing"):
                for k, spell in enumerate(lv.circle(circle)):
                    places.setdefault((0, circle == "blessing", lv.level, k), []).append(spell)
        for k, spell in enumerate(school.extras):
            places.setdefault((1, 0, False, k), []).append(spell)
    out = [(key[2] or None, spells[0].circle, spells) for key, spells in sorted(places.items())]
    return out + [(None, "extra", [spell]) for school in magic.joined for spell in school.extras]


def destruction_spells(game: Game) -> list[Spell]:
    """The destruction circle's spells of the playable schools, in level order: what the spells table lists."""
    return sorted((s for school in game.battle.magic.schools for s in school.spells
                   if s.circle == "destruction" and s.level is not None), key=lambda s: (s.level, s.school))
