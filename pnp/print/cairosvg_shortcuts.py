"""Two pieces of cairosvg's work per node, done the short way to the same result.

Why: cairosvg's own Python per SVG node (not cairo's drawing) is most of what a kit's
PDFs cost, and two pieces of it are general machinery asked a question whose answer is
known in advance for what it is given:

- Every node is matched against the document's stylesheets (`cssselect2.Matcher.match`,
  twice: normal and !important declarations), which reads the element's id, classes, name
  and namespace and sorts what it found. pnp's SVGs carry no `<style>`: a matcher with no
  selectors finds nothing for any element, so `parse_stylesheets` hands out `NO_RULES`,
  which answers that at once, in place of a matcher that was given no selector.
- Every node's drawing starts with `copy.deepcopy` of the text cursor (two short lists or
  tuples of numbers and a number): a general deep copy, several Python calls per level.
  `_CursorCopy.deepcopy` makes that copy directly (new lists, the same tuples and numbers,
  as deepcopy makes them) and gives anything else to `copy.deepcopy`.

`install` puts both where cairosvg calls them; pnp's PDF and raster drawers install them.
"""

from __future__ import annotations

import copy

import cairosvg.css
import cairosvg.surface

_parse_stylesheets = cairosvg.css.parse_stylesheets  # cairosvg's own
_NUMBERS = (int, float)


class _NoRules:
    """A stylesheet matcher without selectors: nothing matches any element."""

    def match(self, element) -> list:
        return []


NO_RULES = _NoRules()


def _has_rules(matcher) -> bool:
    return any((matcher.id_selectors, matcher.class_selectors, matcher.lower_local_name_selectors,
                matcher.namespace_selectors, matcher.lang_attr_selectors, matcher.other_selectors))


def parse_stylesheets(tree, url):
    """cairosvg's (normal, important) matchers of `tree`, each without selectors replaced by `NO_RULES`."""
    return tuple(matcher if _has_rules(matcher) else NO_RULES for matcher in _parse_stylesheets(tree, url))


class _CursorCopy:
    """What cairosvg's surface module uses of `copy`: `deepcopy`, quick for the text cursor."""

    @staticmethod
    def deepcopy(value, memo=None):
        if memo is None and type(value) is tuple and len(value) == 3:
            position, shift, width = value
            if (_numbers(position) and type(shift) is list and _numbers(shift) and type(width) in _NUMBERS
                    and position is not shift):
                # deepcopy gives a new list for a list and the tuple itself for a tuple of numbers
                return (list(position) if type(position) is list else position, list(shift), width)
        return copy.deepcopy(value, memo)


def _numbers(value) -> bool:
    return type(value) in (list, tuple) and all(type(v) in _NUMBERS for v in value)


def install() -> None:
    """Idempotent."""
    cairosvg.css.parse_stylesheets = parse_stylesheets
    cairosvg.surface.copy = _CursorCopy
