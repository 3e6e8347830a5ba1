"""Tabletop Simulator deck sheets and saved objects, as data (no drawing, no files).

A TTS custom deck is a grid image of card faces (at most 10 x 7 cells, at most 4096 px
a side; TTS's own import dialog accepts 2..10 columns and 2..7 rows) whose last cell is
the "hidden" image shown for cards in another player's hand, plus one back image.
Cards refer to a cell by CardID = deck key * 100 + cell index.

Only unique faces go on a sheet (a deck of 40 cards with 16 designs needs 16 cells):
the saved object lists every card of the deck, in deck order, pointing at its design.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

MAX_COLS, MAX_ROWS = 10, 7
MIN_COLS, MIN_ROWS = 2, 2
MAX_SIDE = 4096  # px


@dataclass(frozen=True)
class Sheet:
    key: int  # the CustomDeck key
    cols: int
    rows: int
    faces: tuple[str, ...]  # card ids, cell 0.. in order; the hidden image is the last cell

    @property
    def cells(self) -> int:
        return self.cols * self.rows

    @property
    def hidden_cell(self) -> int:
        return self.cells - 1


def cell_size(trim_w: float, trim_h: float, cols: int = MAX_COLS, rows: int = MAX_ROWS,
              largest: tuple[int, int] | None = None) -> tuple[int, int]:
    """The largest cell (px) with the card's aspect whose `cols` x `rows` sheet fits in 4096 px.

    Each sheet gets its own: TTS scales every card to the same size on the table, so a
    sheet with fewer cells simply shows sharper cards (a 6 x 3 sheet: 682 x 953 px cells
    instead of 409 x 571). `largest` caps it, e.g. at the resolution the cells come from.
    """
    width = MAX_SIDE // cols
    height = round(width * trim_h / trim_w)
    if height * rows > MAX_SIDE:
        height = MAX_SIDE // rows
        width = round(height * trim_w / trim_h)
    if largest is not None and (width > largest[0] or height > largest[1]):
        width, height = largest
    return width, height


def grid(cells: int) -> tuple[int, int]:
    """(cols, rows) holding `cells` with the fewest empty cells, then the squarest."""
    if cells > MAX_COLS * MAX_ROWS:
        raise ValueError(f"{cells} cells do not fit one {MAX_COLS}x{MAX_ROWS} sheet")
    options = [(c, r) for c in range(MIN_COLS, MAX_COLS + 1) for r in range(MIN_ROWS, MAX_ROWS + 1) if c * r >= cells]
    return min(options, key=lambda cr: (cr[0] * cr[1] - cells, abs(cr[0] - cr[1]), -cr[0]))


def sheets(unique_ids: list[str], first_key: int) -> list[Sheet]:
    """Split a deck's designs over sheets of at most 69 faces + the hidden cell."""
    per_sheet = MAX_COLS * MAX_ROWS - 1
    out = []
    for k in range(math.ceil(len(unique_ids) / per_sheet) or 1):
        chunk = tuple(unique_ids[k * per_sheet:(k + 1) * per_sheet])
        cols, rows = grid(len(chunk) + 1)
        out.append(Sheet(first_key + k, cols, rows, chunk))
    return out


def cell_box(sheet: Sheet, index: int, size: tuple[int, int]) -> tuple[int, int]:
    """Top-left pixel of a cell: cells touch, no gap, row by row."""
    col, row = index % sheet.cols, index // sheet.cols
    return col * size[0], row * size[1]


# --- where TTS finds the images ----------------------------------------------------------


def check_url_base(url: str) -> str:
    """A hosted folder's URL as given to --tts-url-base, normalised to end in one "/".

    TTS loads images over http(s) (or file:///, which the local default writes); a query
    or fragment could not take a file name after it.
    """
    parts = urlsplit(url.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise ValueError(f"expected an http:// or https:// URL of a folder, found {url!r}")
    if parts.query or parts.fragment:
        raise ValueError(f"expected a folder URL without ?query or #fragment, found {url!r}")
    return url.strip().rstrip("/") + "/"


def image_url(name: str, folder: Path, url_base: str | None) -> str:
    """The URL TTS opens for image `name`: under the hosted `url_base`, else the file in `folder`.

    `folder` (absolute) is where the image will be once the build is in place, not its
    temporary directory; the result is then a percent-encoded file:/// URL.
    """
    if url_base is not None:
        return check_url_base(url_base) + quote(name)
    return (folder / name).as_uri()


# --- the saved object -----------------------------------------------------------------------


def guid(*parts: str) -> str:
    """TTS object ids are 6 hex digits; ours derive from the object's identity, never random."""
    return hashlib.sha1("/".join(parts).encode("utf-8")).hexdigest()[:6]


def _transform(y: float = 1.0) -> dict:
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def custom_deck(sheet: Sheet, face_url: str, back_url: str) -> dict:
    return {"FaceURL": face_url, "BackURL": back_url, "NumWidth": sheet.cols, "NumHeight": sheet.rows,
            "BackIsHidden": True, "UniqueBack": False, "Type": 0}


def saved_object(deck_name: str, family: str, deck: list[tuple[str, str]], sheet_list: list[Sheet],
                 urls: dict[int, tuple[str, str]]) -> dict:
    """A TTS saved object holding one deck.

    `deck`: (card id, card name) for every card in deck order; `urls`: sheet key ->
    (FaceURL, BackURL), see `image_url`. Drop the file into TTS's Saved Objects folder
    and spawn it in one step.
    """
    where = {card_id: (sheet, k) for sheet in sheet_list for k, card_id in enumerate(sheet.faces)}
    decks = {str(s.key): custom_deck(s, *urls[s.key]) for s in sheet_list}
    contained, ids = [], []
    for n, (card_id, name) in enumerate(deck):
        sheet, k = where[card_id]
        card = sheet.key * 100 + k
        ids.append(card)
        contained.append({"GUID": guid(family, card_id, str(n)), "Name": "Card", "Nickname": name,
                          "Description": "", "CardID": card, "Transform": _transform(), "Hands": True,
                          "CustomDeck": {str(sheet.key): decks[str(sheet.key)]}})
    deck_object = {"GUID": guid(family, "deck"), "Name": "DeckCustom", "Nickname": deck_name, "Description": "",
                   "Transform": _transform(), "Locked": False, "Grid": True, "Snap": True, "Hands": False,
                   "SidewaysCard": False, "DeckIDs": ids, "CustomDeck": decks, "ContainedObjects": contained}
    return saved([deck_object])


def saved(objects: list[dict]) -> dict:
    """A TTS saved object file holding `objects` (drop it into Saved Objects, spawn it in one step)."""
    return {"SaveName": "", "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "", "Table": "",
            "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}


def custom_image(front_url: str, back_url: str, width: float, height: float) -> dict:
    """TTS's CustomImage: the front (ImageURL), the other side (ImageSecondaryURL; "": the front
    again) and WidthScale, the image's width over its height, which TTS scales the object's width by."""
    return {"ImageURL": front_url, "ImageSecondaryURL": back_url, "WidthScale": round(width / height, 4)}


def board(key: str, name: str, url: str, width: float, height: float) -> dict:
    """A Custom_Board showing the board image `url` (`width` x `height` mm), locked on the table."""
    return {"GUID": guid(key, "board"), "Name": "Custom_Board", "Nickname": name, "Description": "",
            "Transform": {**_transform(), "rotY": 0.0, "rotZ": 0.0}, "Locked": True, "Grid": True, "Snap": True,
            "CustomImage": custom_image(url, "", width, height)}


def tile(key: str, name: str, url: str, width: float, height: float, x: float = 0.0) -> dict:
    """A flat Custom_Tile (a rectangle, not stackable) showing `url` on top, `x` table units along the
    row its set lies in; free to move, so a player takes it and draws on it with TTS's vector pen."""
    image = {**custom_image(url, "", width, height),
             "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": True}}
    return {"GUID": guid(key, "tile"), "Name": "Custom_Tile", "Nickname": name, "Description": "",
            "Transform": {**_transform(), "posX": x, "rotY": 0.0, "rotZ": 0.0}, "Locked": False, "Grid": True,
            "Snap": True, "CustomImage": image}


def figurine(key: str, name: str, front_url: str, back_url: str, width: float, height: float) -> dict:
    """A Figurine_Custom: a standing piece with its front and back images."""
    return {"GUID": guid(key, "figurine"), "Name": "Figurine_Custom", "Nickname": name, "Description": "",
            "Transform": {**_transform(), "rotY": 0.0, "rotZ": 0.0}, "Locked": False, "Grid": True, "Snap": True,
            "CustomImage": custom_image(front_url, back_url, width, height)}


def bag(key: str, name: str, contained: list[dict]) -> dict:
    """A Bag holding `contained` (a group of pieces: one army)."""
    return {"GUID": guid(key, "bag"), "Name": "Bag", "Nickname": name, "Description": "",
            "Transform": {**_transform(), "rotY": 0.0, "rotZ": 0.0}, "Locked": False, "Grid": True, "Snap": True,
            "ContainedObjects": contained}
