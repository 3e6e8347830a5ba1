"""Whether an army may fight this battle at all (3.2): the battle type it names, its ranks
(flank squads, the second echelon, bribery), its attack kinds, heroes and war machine. Every later
step counts an army these checks passed; `BattleError` names the army file's path to blame."""

from __future__ import annotations

from collections import Counter

from pnp.games.empire.rules.army import Army, Opponent
from pnp.games.empire.rules.battle_rules import BattleRules, BattleType


class BattleError(ValueError):
    """An army the rules do not let fight this battle; `where` is the army file's path to blame."""

    def __init__(self, message: str, where: tuple = (), code: str = "battle-army", side: str = "army"):
        super().__init__(message)
        self.where = where
        self.code = code
        self.side = side  # the file to blame: army | against


def battle_type(rules: BattleRules, opp: Opponent) -> BattleType:
    found = rules.type(opp.battle)
    if found is None:
        raise BattleError(f"expected a battle type ({', '.join(t.id for t in rules.types)}), found {opp.battle!r}",
                          ("battle",), "battle-type", "against")
    return found


def _validate_ranks(rules: BattleRules, army: Army, opp: Opponent, kind: BattleType) -> None:
    """Flank squads at the row's ends, the second echelon behind the first row, bribery and its squads."""
    last = len(army.squads) - 1
    for i, s in enumerate(army.squads):
        if s.flank and i not in (0, last):
            raise BattleError(f"a flank squad stands at an end of the first row (squad 1 or {last + 1}), "
                              f"found squad {i + 1}", ("squads", i, "flank"), "battle-flank")
    stand: Counter[int] = Counter()
    for j, s in enumerate(army.echelon):
        at = ("echelon", j)
        if s.kind not in rules.attack_kinds:
            raise BattleError(f"expected an attack kind ({', '.join(rules.attack_kinds)}), found {s.kind!r}",
                              at + ("kind",), "battle-kind")
        if s.behind is None or not 0 <= s.behind <= last:
            raise BattleError(f"expected the first-row squad it stands behind (1 to {last + 1}), found "
                              f"{'none' if s.behind is None else s.behind + 1}", at + ("behind",), "battle-echelon")
        stand[s.behind] += 1
        if stand[s.behind] > rules.echelon_per_squad:
            raise BattleError(f"at most {rules.echelon_per_squad} second-echelon squad(s) behind a squad, found more "
                              f"behind squad {s.behind + 1}", at + ("behind",), "battle-echelon")
        if s.large and kind.second_echelon and not kind.large_creatures:
            raise BattleError(f"a large creature may not fight in a {kind.name.get('ru')} ({kind.id})",
                              at + ("large",), "battle-banned")
    if kind.against != "neutral":
        return
    if (army.chests or opp.mercenaries) and not (opp.squads or opp.count):
        raise BattleError("bribery and mercenaries need the neutral army's squads (`squads:` or a card with guards); "
                          "a fixed strength has none", ("bribe",) if army.chests else ("mercenaries",), "battle-bribe",
                          "army" if army.chests else "against")
    squads = (len(opp.squads) or opp.count or 0) + opp.mercenaries * rules.squads_per_chest
    if army.chests * rules.squads_per_chest > squads:
        raise BattleError(f"expected at most {squads // rules.squads_per_chest} chests (the neutral army has {squads} "
                          f"squads), found {army.chests}", ("bribe", "chests"), "battle-bribe")


def validate(rules: BattleRules, army: Army, opp: Opponent) -> None:
    """What the army may not bring to this battle at all."""
    kind = battle_type(rules, opp)
    _validate_ranks(rules, army, opp, kind)
    for i, s in enumerate(army.squads):
        if s.kind not in rules.attack_kinds:
            raise BattleError(f"expected an attack kind ({', '.join(rules.attack_kinds)}), found {s.kind!r}",
                              ("squads", i, "kind"), "battle-kind")
        if s.large and not kind.large_creatures:
            raise BattleError(f"a large creature may not fight in a {kind.name.get('ru')} ({kind.id})",
                              ("squads", i, "large"), "battle-banned")
    for i, h in enumerate(army.heroes):
        if not 0 <= h.courage <= rules.courage_max:
            raise BattleError(f"expected a hero's courage from 0 to {rules.courage_max}, found {h.courage}",
                              ("heroes", i, "courage"), "battle-courage")
    if army.machine is not None and rules.machine(army.machine) is None:
        raise BattleError(f"expected a war machine ({', '.join(m.id for m in rules.machines)}), found {army.machine!r}",
                          ("machine",), "battle-machine")
