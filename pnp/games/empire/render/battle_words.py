"""What the battle-types board and the battle worksheet print about a battle type and a war machine.

Every number is the model's or the engine's own: the weapon bonus a squad is asked of the
calculator's weapon step (pnp.games.empire.rules.battle.lines.weapon_lines), which machines count
where of `WarMachine.strength`, so the boards, the worksheet and `pnp odds` cannot disagree.
"""

from __future__ import annotations

from pnp.games.empire.model import Game
from pnp.games.empire.rules.army import Army, Opponent, Squad
from pnp.games.empire.rules.battle.lines import weapon_lines
from pnp.games.empire.render.forms import roman
from pnp.games.empire.rules.battle_rules import BattleType, RaceHero, WarMachine

#: the attack kind whose squads earn the magic bonus in every battle (rules/battle.py counts it by this id)
MAGIC = "magic"


def weapon_bonus(game: Game, kind: BattleType) -> int:
    """What one squad of the type's bonus kind adds in this battle, as the calculator counts it."""
    probe = Army((Squad("probe", 1, kind.bonus_kind),), luck=0, deck=())
    return weapon_lines(game.battle, probe, kind, Opponent(0, kind.id, 0))[0].value


def kind_name(game: Game, kind: str, lang: str) -> str:
    name = game.battle.kind_names.get(kind)
    return name.get(lang) if name is not None else kind


def type_name(game: Game, kind: BattleType, lang: str) -> str:
    """The type's name, with its opponent where two types share a name (the field battle against a
    neutral army and against a player)."""
    name = kind.name.get(lang)
    if sum(t.name.get(lang) == name for t in game.battle.types) > 1:
        return f"{name} ({opponent(game, kind, lang)})"
    return name


def opponent(game: Game, kind: BattleType, lang: str) -> str:
    return game.ui(f"opponent_{kind.against}", lang)


def weapon_line(game: Game, kind: BattleType, lang: str) -> str:
    """«+1 стрелки и маги»."""
    n, m = weapon_bonus(game, kind), game.battle.magic_attack_bonus
    names = {"kind": kind_name(game, kind.bonus_kind, lang), "magic": kind_name(game, MAGIC, lang)}
    return (game.ui("bonus_weapon", lang, n=n, **names) if n == m
            else game.ui("bonus_weapon_apart", lang, n=n, m=m, **names))


def bonuses(game: Game, kind: BattleType, lang: str) -> list[str]:
    """The table's «Бонусы» row: the weapon bonus, then the formations, flank attacks and second echelon it allows."""
    found = [weapon_line(game, kind, lang)]
    for allowed, key in ((kind.formations, "word_formations"), (kind.flank, "word_flank"),
                         (kind.second_echelon, "word_echelon")):
        if allowed:
            found.append(game.ui(key, lang))
    return found


def idle_machines(game: Game, kind: BattleType) -> list[WarMachine]:
    """The machines with a strength that counts nothing in this battle (a siege engine in the field)."""
    return [m for m in game.battle.machines
            if (m.siege is not None or m.field is not None) and m.strength(kind.machines) is None]


def bans(game: Game, kind: BattleType, lang: str) -> list[str]:
    """The table's «Ограничения и запреты» row, from the type's switches."""
    found = [game.ui(key, lang) for banned, key in ((not kind.formations, "word_formations"),
                                                    (not kind.flank, "word_flank"),
                                                    (not kind.second_echelon, "word_echelon"),
                                                    (not kind.large_creatures, "ban_large")) if banned]
    idle = idle_machines(game, kind)
    if not any(m.strength(kind.machines) is not None for m in game.battle.machines):
        found.append(game.ui("ban_machines", lang))
    elif idle:
        key = "ban_siege_engines" if kind.machines == "field" else "ban_artillery"
        found.append(game.ui(key, lang, names=", ".join(m.name.get(lang) for m in idle)))
    if not kind.destruction_spells:
        found.append(game.ui("ban_destruction", lang))
    if kind.spell_level_max is not None:
        found.append(game.ui("ban_spell_level", lang, n=kind.spell_level_max))
    return found


def trophies(game: Game, kind: BattleType, lang: str) -> str:
    """3.4.2: «При полевой битве +1 сундук … в подземельях: написано на карте»."""
    if kind.trophy_chests is None:
        return game.ui("trophy_card", lang)
    return game.ui("trophy_chests", lang, n=kind.trophy_chests)


def points(game: Game, kind: BattleType, lang: str) -> str:
    """The table's «ПО 1-7» row, as the engine awards them (pnp.games.empire.rules.fights.aftermath): the neutral
    army's squads, the card's, or none, said in words («не дают»: a dash read as «not printed»)."""
    squads = game.battle.neutral_squads
    if kind.points == "squads" and squads is not None:
        return game.ui("points_squads", lang, least=squads[0], most=squads[1])
    return game.ui("points_card", lang) if kind.points == "card" else game.ui("points_none", lang)


def counts_in(game: Game, machine: WarMachine, lang: str) -> list[str]:
    """The names of the battle types where the machine's strength counts, each once."""
    names: list[str] = []
    for kind in game.battle.types:
        if machine.strength(kind.machines) is not None and kind.name.get(lang) not in names:
            names.append(kind.name.get(lang))
    return names


def hero_ability(game: Game, hero: RaceHero, lang: str) -> str:
    """A race hero's ability as the worksheet reminds of it: «Наставник (№3): уровень III — урон ×2»."""
    return f"{hero.name.get(lang)} (№{hero.number}): {ability_words(game, hero, lang)}"


def ability_words(game: Game, hero: RaceHero, lang: str) -> str:
    """What a race hero does, as its card prints it: «уровень III — урон ×2»."""
    a = hero.ability
    if a.text is not None:
        return a.text.get(lang)
    whom = (game.ui("hero_level", lang, level=roman(a.level)) if a.level is not None
            else kind_name(game, a.kind, lang) if a.kind is not None else "")
    what = ([game.ui("hero_plus", lang, n=a.plus)] if a.plus else []) + \
        ([game.ui("hero_times", lang, n=a.times)] if a.times > 1 else []) + \
        ([game.ui("hero_own_times", lang, n=a.own_times)] if a.own_times > 1 else []) + \
        ([game.ui("hero_spells", lang, n=a.spells)] if a.spells > 1 else []) + \
        ([game.ui("hero_spying", lang, n=a.spying)] if a.spying else [])
    return (f"{whom} — " if whom else "") + ", ".join(what)
