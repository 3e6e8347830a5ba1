"""pnp's own strings, in every language it ships: what the tool prints on any game's kit.

Sheet labels, the alignment sheet, the tiling and assembly steps and the preview page
are the tool's, not a game's, so they live here (`strings.yaml`, package data) instead of
being repeated in each game's `ui:`. A game's renderers still ask its model for every
string by key; the model answers from the game's `ui:` when it has the key (a game may
override a tool string) and from this catalogue otherwise.

`FIELDS` is the contract of these strings, as a game's ui key table is for its own: the
`{fields}` each is given while drawing, a `#` marking a number (which may take plural
forms).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping

import yaml

NUMBER, TEXT = "number", "text"


def table(spec: dict[str, str]) -> Mapping[str, Mapping[str, str]]:
    """{"copies": "count#"} -> {"copies": {"count": NUMBER}}; `#` marks a number field
    (it may take plural forms), other fields are text."""
    return MappingProxyType({
        key: MappingProxyType({name.rstrip("#"): NUMBER if name.endswith("#") else TEXT for name in fields.split()})
        for key, fields in spec.items()
    })


#: every tool string, with the fields its renderer fills in
FIELDS = table({
    # page and pages are filled with "{i}" and "{n}" first, the sheet numbers later
    "print_back": "", "print_front": "", "print_page": "page pages", "print_scale": "",
    "comp_alignment": "", "comp_rulebook": "",
    "align_back": "", "align_front": "", "align_offset": "x y offset", "align_step_1": "", "align_step_2": "",
    "align_step_3": "", "align_step_4": "", "align_title": "",
    # tile_label is filled by str.format: no plural forms
    "tile_cut": "", "tile_glue": "", "tile_label": "part row col page pages", "tile_map_title": "part",
    "tile_step_1": "", "tile_step_2": "", "tile_step_3": "", "tile_step_4": "",
    "preview_all_fits": "", "preview_back": "", "preview_component": "", "preview_count": "",
    "preview_designs": "n# total#", "preview_files": "", "preview_files_count": "n#", "preview_hint": "",
    "preview_kind_cards": "", "preview_kind_models": "", "preview_kind_png": "", "preview_kind_print_shop": "", "preview_kind_svg": "",
    "preview_kind_tokens": "", "preview_kind_tts": "", "preview_kit": "", "preview_pages": "n#",
    "preview_text_fit": "", "preview_title": "name", "preview_tts_hosted": "base", "preview_tts_local": "",
    # what a kit was laid out for: one string a home paper and a duplex mode (pnp.exports.preview.printed_for)
    "preview_paper_a4": "", "preview_paper_letter": "", "preview_duplex_long": "", "preview_duplex_short": "",
    "preview_duplex_none": "", "preview_ink_saver": "",
})


@lru_cache(maxsize=1)
def strings() -> Mapping[str, Mapping[str, str]]:
    """key -> language -> text, as `strings.yaml` writes them."""
    raw = resources.files(__package__).joinpath("strings.yaml").read_text(encoding="utf-8")
    # pnp's own file, never a user's: libyaml's loader where PyYAML has it (a tenth of the pure one's
    # time, 50 ms of every `pnp check`), which reads it the same (tests/test_i18n.py); the content is
    # read by the pure loader, for its marks
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return MappingProxyType({key: MappingProxyType(texts) for key, texts in yaml.load(raw, Loader=loader).items()})


def languages() -> tuple[str, ...]:
    """The languages every tool string is written in."""
    return tuple(sorted(set.intersection(*(set(texts) for texts in strings().values()))))


def text(key: str, lang: str) -> str:
    """The tool string `key` in `lang`; KeyError when the catalogue has no such string."""
    try:
        return strings()[key][lang]
    except KeyError:
        raise KeyError(f"pnp's catalogue has no string {key!r} in {lang!r}") from None


def has(key: str, lang: str) -> bool:
    return lang in strings().get(key, {})
