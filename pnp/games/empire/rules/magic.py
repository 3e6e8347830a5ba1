"""3.2.4's magic: the magic tower's automatic damage and the army's one spell, in numbers.

Pure: the schools (`Magic`), an army, the battle type and the opponent in; the lines of the
breakdown and what the spell changes later (the army's luck, the squads that deal their maximal
damage without a damage card) out. pnp.games.empire.rules.battle.damage calls `cast` at its spell step.

The seed's rules («ЗАКЛИНАНИЯ»): no tower, no spell; only a hero casts, one spell a battle; the
tower of level M opens the spells of levels 1 to M and deals its damage in every battle; a siege
bans the destruction circle, a dungeon magic above the first level except blessings; «ударные
заклинания и благословения на таких существ не действуют» against a neutral army immune to magic, and a
blessing passes over the army's own squads immune to magic (they draw their damage cards as ever). The
skills «Магический удар» and «Благословение» add to a hero spell (one of two on its level), not to
a common one. What a spell does that is not a number is printed as its text, not counted.

A hero of the content with `spells: N` lets its army cast up to N different spells a battle, each
under the same rules; between players the other side's mystic stone takes its penalty from each
spell's counted strength, not below 0 (the tower's damage is not a spell).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pnp.games.empire.rules.army import Army, Casting, Group, Opponent
from pnp.games.empire.rules.battle_rules import BattleType
from pnp.games.empire.rules.schools import Magic, Spell


class SpellError(ValueError):
    """A spell the army may not cast at all; `where` is the army file's path to blame."""

    def __init__(self, message: str, where: tuple, code: str):
        super().__init__(message)
        self.where = where
        self.code = code


@dataclass(frozen=True)
class Weakened:
    """The other side's machine that weakens this army's spells (the mystic stone): its id and penalty."""
    by: str
    penalty: int


@dataclass(frozen=True)
class Cast:
    lines: tuple[tuple[str, int, str], ...] = ()  # (what, value, rule) at 3.2.4
    luck: int = 0  # added to the army's luck at 3.2.6
    maximal: frozenset[int] = frozenset()  # the groups (by their first squad) that deal their maximal damage


def cast(magic: Magic, army: Army, kind: BattleType, opp: Opponent, plan: Sequence[tuple[Group, int]],
         weakened: Weakened | None = None) -> Cast:
    """The tower's line and a line a spell; `plan` is every group of the damage order with its maximal damage."""
    if not 0 <= army.tower <= magic.levels:
        raise SpellError(f"expected a magic tower level from 0 to {magic.levels}, found {army.tower}", ("tower",),
                         "battle-tower")
    lines = []
    if army.tower:
        lines.append(("magic tower", 0 if opp.immune_to_magic else army.tower * magic.tower_damage,
                      "the opponent is immune to magic" if opp.immune_to_magic
                      else f"level {army.tower}: +{magic.tower_damage} a level, every battle"))
    _count(army)
    luck, maximal = 0, frozenset[int]()
    for c in army.spells:
        spell = _castable(magic, army, c)
        done = _spell(spell, army, kind, opp, plan, c, maximal)
        value, rule = done.value, done.rule
        if weakened is not None and value:
            value = max(value - weakened.penalty, 0)
            rule += f"; the other side's {weakened.by}: −{weakened.penalty}, not below 0"
        lines.append((f"spell {spell.id}", value, rule))
        luck, maximal = luck + done.luck, maximal | done.maximal
    return Cast(tuple(lines), luck, maximal)


def _count(army: Army) -> None:
    """One spell a battle, more with a hero whose ability says so; each spell once."""
    most = max((h.ability.spells for h in army.heroes if h.ability is not None), default=1)
    if len(army.spells) > most:
        why = "a hero with the ability casts more" if most == 1 else "its hero's ability"
        raise SpellError(f"expected at most {most} spell{'s' if most != 1 else ''} a battle ({why}), found "
                         f"{len(army.spells)}", army.spells[most].where, "battle-spells")
    seen: set[str] = set()
    for c in army.spells:
        if c.spell in seen:
            raise SpellError(f"expected each spell once a battle, found {c.spell!r} again", c.where, "battle-spells")
        seen.add(c.spell)


def _castable(magic: Magic, army: Army, c: Casting) -> Spell:
    spell = magic.spell(c.spell)
    if spell is None:
        known = ", ".join(s.id for school in magic.schools for s in school.spells)
        raise SpellError(f"expected a spell of the schools ({known}), found {c.spell!r}", c.where, "battle-spell")
    if not army.tower:
        raise SpellError("a spell needs the magic tower built: expected `tower:` (its level), found none",
                         c.where, "battle-tower")
    if not army.heroes:
        raise SpellError("only a hero casts a spell: expected a hero in the army, found none", c.where,
                         "battle-caster")
    if spell.level is not None and spell.level > army.tower:
        raise SpellError(f"a level-{spell.level} spell needs a magic tower of level {spell.level}, "
                         f"found level {army.tower}", c.where, "battle-spell-level")
    if spell.effect.maximal == "one" and not (c.on and 1 <= c.on <= len(army.squads)):
        raise SpellError(f"expected the squad (1-{len(army.squads)}) that {spell.id} blesses (`spell_on:`, in a list "
                         "`on:`), "
                         f"found {c.on if c.on is not None else 'none'}",
                         c.on_where if c.on is not None else c.where, "battle-spell-on")
    return spell


@dataclass(frozen=True)
class _Done:
    value: int
    rule: str
    luck: int = 0
    maximal: frozenset[int] = frozenset()


def _spell(spell: Spell, army: Army, kind: BattleType, opp: Opponent, plan: Sequence[tuple[Group, int]], c: Casting,
           taken: frozenset[int]) -> _Done:
    banned = _banned(spell, kind)
    if banned:
        return _Done(0, banned)
    if opp.immune_to_magic:
        return _Done(0, "the opponent is immune to magic")
    if spell.circle == "destruction":
        return _destruction(spell, army, kind, opp)
    return _blessing(spell, army, plan, c, taken)


def _banned(spell: Spell, kind: BattleType) -> str:
    if spell.circle == "destruction" and not kind.destruction_spells and not _named_siege(spell, kind):
        return f"no destruction spell in a {kind.id} battle"
    if (spell.circle == "destruction" and kind.spell_level_max is not None and spell.level is not None
            and spell.level > kind.spell_level_max):
        return f"no spell above level {kind.spell_level_max} in a {kind.id} battle, blessings excepted"
    if spell.effect.large and not kind.large_creatures:
        return f"a large creature may not fight in a {kind.id} battle"
    return ""


def _named_siege(spell: Spell, kind: BattleType) -> bool:
    """«Землетрясение +7 осада»: a destruction spell that names the siege is cast in one."""
    return kind.id == "siege" and spell.effect.siege is not None


def _skill(army: Army, spell: Spell, skill: str) -> tuple[int, str]:
    """The best caster's skill bonus to a hero spell (a common spell takes none)."""
    best = max((getattr(h, skill) for h in army.heroes), default=0)
    if not best:
        return 0, ""
    words = skill.replace("_", " ")
    return (best, f", +{best} {words}") if spell.hero_spell else (0, f"; a common spell: no {words} bonus")


def _destruction(spell: Spell, army: Army, kind: BattleType, opp: Opponent) -> _Done:
    bonus, said = _skill(army, spell, "magic_strike")
    if _named_siege(spell, kind):
        base, rule = spell.effect.siege or 0, f"{spell.school}, destruction: +{spell.effect.siege} in a siege"
    else:
        base, rule = spell.damage, f"{spell.school}, destruction level {spell.level}: +{spell.damage}"
    flying = spell.effect.against_flying if opp.flying else 0
    rule += f", +{flying} against flying" if flying else ""
    return _Done(base + flying + bonus, rule + said + _uncounted(spell))


def _blessing(spell: Spell, army: Army, plan: Sequence[tuple[Group, int]], c: Casting, taken: frozenset[int]) -> _Done:
    """`taken`: the groups an earlier spell of the battle already lets deal their maximal damage (counted once)."""
    e = spell.effect
    bonus, said = _skill(army, spell, "blessing") if e.strength else (0, "")
    where = f"{spell.school}, {spell.circle}"
    if e.maximal:
        # a squad immune to magic draws its damage card as ever: the blessing does not act on it
        chosen = [(g, best) for g, best in plan if g.first not in taken and not _immune(army, g)
                  and (e.maximal == "all" or g.first <= (c.on or 0) - 1 <= g.last)]
        return _Done(sum(best for _, best in chosen),
                     f"{where}: {', '.join(g.numbers for g, _ in chosen) or 'no squad'} deal their maximal damage "
                     "(the deck's largest strike) without a card", maximal=frozenset(g.first for g, _ in chosen))
    if e.luck:
        return _Done(0, f"{where}: luck +{e.luck} at 3.2.6", luck=e.luck)
    if e.per_squad:
        kind = [s for s in army.squads if s.kind == e.per_squad]
        immune = sum(s.immune for s in kind)
        n = len(kind) - immune
        return _Done(n * (e.strength + bonus), f"{where}: +{e.strength} a {e.per_squad} squad × {n}{said}"
                     + (f" ({immune} immune to magic: not blessed)" if immune else ""))
    if e.strength:
        return _Done(e.strength + bonus, f"{where}: +{e.strength}{said}")
    return _Done(0, f"{where}" + (_uncounted(spell) or ": the seed gives it no effect"))


def _immune(army: Army, g: Group) -> bool:
    """Whether a squad of the group is immune to magic (a blessing does not act on the group's one card)."""
    return any(army.fighters[i].immune for i in range(g.first, g.last + 1))


def _uncounted(spell: Spell) -> str:
    """A spell whose effect is not a number: its printed text, said but not counted."""
    return f"; not counted: «{spell.text.get('ru')}»" if spell.text is not None and not spell.effect.counted else ""
