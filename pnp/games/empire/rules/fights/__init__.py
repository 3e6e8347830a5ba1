"""The battles of a game: against a guarded card's neutral army, a town's or garrison's strength, a dungeon,
and between players at war. The count is the calculator's (pnp.games.empire.rules.battle, .duel); these
modules set a battle up from the position, draw its damage cards one chance step each, and apply the
outcome (chests, victory points, holdings, losses, courage).

- `sides`: the player's army from its hand, heroes and capital, and the opponent a card puts up;
- `start`: a battle begun (a guarded card's neutral army, a siege, a dungeon) and the record of it under way;
- `money`: the chests around a battle before its first damage card (3.4.3: mercenaries, bribes, in a war too);
- `war`: the captures of a war (a terrain bought, a siege, a duel);
- `aftermath`: a battle's outcome applied to the position;
- `cards`: each damage card its own chance step, while the calculator's count reads one more.

The package imports none of them: a caller imports the module whose job it needs.
"""
