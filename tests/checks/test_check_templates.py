"""templates: placeholders are parameters, parameters are shown, plurals well-formed."""

from checkkit import changed, codes, index_of, line_of, run, shipped_loaded
from pnp.checks import ui_syntax
from pnp.games.tverdzha.checks import effect_texts as templates

DATA = shipped_loaded().data
B = {b["id"]: i for i, b in enumerate(DATA["buildings"])}
WALL_TEXT = ("buildings", B["wall"], "effects", 0, "text", "uk")
TOWER_TEXT = ("buildings", B["watchtower"], "effects", 0, "text", "uk")


def test_every_shipped_template_fills(game):
    assert run(templates, game) == []
    for b in game.buildings:
        for e in b.effects + b.upgrade.effects:
            filled = game.effect_text(e, "uk")
            assert "{" not in filled and "}" not in filled


def test_unknown_placeholder_with_hint_and_unused_parameter():
    problems = run(templates, changed({WALL_TEXT: "+{bonsu} до сили захисників."}))
    assert sorted(codes(problems)) == ["unknown-placeholder", "unused-param"]
    unknown = next(p for p in problems if p.code == "unknown-placeholder")
    assert unknown.hint == "did you mean 'bonus'?"
    assert unknown.mark.line == line_of('text: {uk: "+{bonus} до сили захисників твого замку."}')


def test_a_number_written_into_the_text_instead_of_its_parameter():
    [p] = run(templates, changed({WALL_TEXT: "+2 до сили захисників."}))
    assert p.code == "unused-param" and "'bonus'" in p.message


def test_plural_forms_need_three_and_a_number():
    [p] = run(templates, changed({TOWER_TEXT: "+{bonus} {bonus|карта|карти} до руки."}))
    assert p.code == "bad-plural"
    loot = index_of(DATA["battle_cards"], id="loot")
    path = ("battle_cards", loot, "effects", 0, "text", "uk")
    [p] = run(templates, changed({path: "Візьми {amount} {resource|a|b|c}."}))
    assert p.code == "bad-plural" and "'gold'" in p.message


def test_broken_syntax():
    assert codes(run(templates, changed({WALL_TEXT: "+{bonus до сили."}))) == ["template-syntax"]
    assert codes(run(templates, changed({WALL_TEXT: "+{bonus}} до сили."}))) == ["template-syntax"]
    assert codes(run(templates, changed({WALL_TEXT: "+{Bonus!} {bonus}."}))) == ["template-syntax"]


def test_action_texts_are_templates_too():
    hire = index_of(DATA["actions"], key="hire")
    problems = run(templates, changed({("actions", hire, "text", "uk"): "Заплати {cost}."}))
    assert codes(problems) == ["unused-param"] and "'strength'" in problems[0].message


def test_ui_strings_are_the_ui_checks_not_the_templates():
    """Their syntax is checked by the ui-syntax check, the same for every game."""
    assert run(templates, changed({("ui", "copies", "uk"): "×{count"})) == []
    assert codes(run(ui_syntax, changed({("ui", "copies", "uk"): "×{count"}))) == ["ui-syntax"]
