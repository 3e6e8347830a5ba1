"""Every race's nine heroes (seed 3.2.5) as the model reads them: a hero per creature level, two of the race's
own, the mentor and the mage where the seed numbers them, one scale for every race."""

from pnp.games.empire import reference


def test_every_race_has_nine_heroes_seven_of_them_boosting_their_level(game):
    for race in game.races:
        assert sorted(h.number for h in race.heroes) == list(range(1, 10)), race.id
        for h in race.heroes:
            assert h.ability.level == (h.number if h.number <= 7 else None), (race.id, h.id)


def test_the_mentor_blesses_and_the_mage_strikes_in_every_race(game):
    # «Герой №3 или «наставник»» … «Благословение»; «Герой №6 или «маг»» … «Магический удар»
    for race in game.races:
        skills = {h.number: h.skill for h in race.heroes if h.skill}
        assert skills == {3: "blessing", 6: "magic_strike"} == reference.HERO_SKILLS, race.id


def test_the_dark_elves_king_casts_two_spells_a_battle(game):
    # «король тёмных эльфов может колдовать 2 заклинания за битву»
    dark = next(r for r in game.races if r.id == "dark_elves")
    assert [h.ability.spells for h in dark.heroes if h.ability.spells > 1] == [2]
    assert all(h.ability.spells == 1 for r in game.races if r is not dark for h in r.heroes)


def test_every_race_heroes_levels_are_on_one_scale(game):
    def scale(race):
        return {h.number: (h.ability.plus, h.ability.times) for h in race.heroes if h.number <= 7}
    first = scale(game.races[0])
    assert first[3] == (0, 2) and first[6] == (3, 1)  # the seed's «сила грифонов х2», «рыцари +3 к силе»
    assert all(scale(r) == first for r in game.races)
