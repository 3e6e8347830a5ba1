"""A battle of «Строительство империи» against a neutral army or a fixed strength, in the seed's order (3.2-3.4).

Pure: an army and its opponent in, the bonus breakdown, a battle's outcome for given damage
cards, and the exact chance to win out. The numbers come from the content's rules
(`BattleRules`); the order is the seed's: formations with flank attacks and the second
echelon (3.2.2), weapons (3.2.3), war machines and spells (3.2.4), heroes (3.2.5), luck
(3.2.6), then the damage cards left to right until the army's strength passes the
opponent's (3.3.2), a routed squad replaced by the second echelon behind it, and bribery's
chests lowering the neutral strength from a given damage card on (3.4.3), and after the battle
the large creatures' saving throws and the first-aid tent's card (3.3.3). A battle between
players is `pnp.games.empire.rules.duel`, on the same steps: there the opponent carries the other
side's war machine, whose barrier blocks this army's machine and whose mystic stone weakens its
spells.

The modules, each importing only those before it:

- `validation`: whether the army may fight this battle at all (`validate`, `BattleError`);
- `field`: the army as the battle type fields it (the squads that fight, runs, boosts, the machine);
- `damage`: the card groups, a card's damage, the spells cast and the luck bonus;
- `lines`: the breakdown's lines before a card is opened (`bonus_lines`);
- `target`: the strength to pass, bribery's chests and the neutrals' morale;
- `march`: one order of the damage cards (`march`, `resolve`, `Outcome`);
- `odds`: the exact chance over every order of the deck (`win_probability`).

The package imports none of them: a caller imports the module whose job it needs.
"""
