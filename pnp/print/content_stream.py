"""A PDF content stream read into operations and written back as pypdf writes them, without
building pypdf's objects for every token.

Why: the text layer (`hidden_text`) rewrites the content streams cairo writes, and pypdf's
`ContentStream` reads them a byte at a time into an object per token, then writes every
object back: about a tenth of a whole build's CPU. The kit's bytes are what pypdf writes,
so this reader cuts a stream where pypdf's parser cuts it and writes each token as the
pypdf object read from it writes itself. Numbers are made by pypdf's own number classes
and the other tokens (names, strings) read by pypdf's own `read_object`, each distinct
token once per process (`_KEPT_TOKENS`), so the bytes are pypdf's by construction; only
the joining is this module's (an operation's operands each followed by a space, then the
operator and a newline; an array as `[ a b ]`), as `ContentStream.get_data` joins them.

It reads what cairo writes: numbers, names, hex and literal strings and arrays of them,
operators, separated by spaces and newlines. Anything else (an inline image, a comment,
a dictionary, other whitespace, an operand left without an operator) makes `read` return
None, and the caller takes pypdf's way.
"""

from __future__ import annotations

import io
import re
from typing import Union

from pypdf.generic import FloatObject, NumberObject, read_object

#: one token at a position; whitespace other than space and newline matches nothing, so it is left
#: to pypdf. An operator and a name end where pypdf's `NameObject.delimiter_pattern` ends them
#: (a NUL, which pypdf does not treat as their end, matches nothing and is left to pypdf too).
_TOKEN = re.compile(rb"[ \n]*(?:"  # the spaces and newlines before a token, then the token
                    rb"(?P<num>[+\-.0-9][+,\-.0-9]*)"  # pypdf: starts with one of +-.0-9, ends at [^+-.0-9]
                    rb"|(?P<op>[A-Za-z'\"][^\x00\t\n\x0b\x0c\r ()<>\[\]{}/%]*)"
                    rb"|(?P<name>/[^\x00\t\n\x0b\x0c\r ()<>\[\]{}/%]*)"
                    rb"|(?P<hex><[0-9A-Fa-f \n]*>)"  # '<<' (a dictionary) matches nothing
                    rb"|(?P<open>\[)|(?P<close>\])|(?P<str>\()|(?P<end>\Z))")
_OPERATOR_MAX = 100  # pypdf refuses an operator of 128 bytes or more

Operand = Union[bytes, tuple]  # a token's own bytes, or an array: a tuple of operands
Operation = tuple[list, bytes]

#: a token's bytes -> the bytes pypdf writes for the object it reads from them (a pure function
#: of the token), bounded: cleared when it grows past the limit
_KEPT_TOKENS: dict[bytes, bytes] = {}
KEEP_MAX_TOKENS = 200_000


def read(data: bytes) -> list[Operation] | None:
    """The operations of `data` (operands, operator), cut where pypdf's `ContentStream` cuts
    them; None for a stream holding anything this reader leaves to pypdf."""
    operations: list[Operation] = []
    operands: list = []
    arrays: list[list] = []  # the arrays open at this point, innermost last
    scanner = _TOKEN.scanner(data)
    while True:
        token = scanner.match()
        if token is None:
            return None
        kind = token.lastgroup
        if kind == "num" or kind == "name" or kind == "hex":
            (arrays[-1] if arrays else operands).append(token.group(kind))
        elif kind == "op":
            word = token.group(kind)
            if arrays or word == b"BI" or len(word) >= _OPERATOR_MAX:
                return None
            operations.append((operands, word))
            operands = []
        elif kind == "end":
            break
        elif kind == "str":
            stop = _string_end(data, token.end())
            if stop is None:
                return None
            (arrays[-1] if arrays else operands).append(data[token.start(kind):stop])
            scanner = _TOKEN.scanner(data, stop)
        elif kind == "open":
            arrays.append([])
        elif not arrays:  # a ']' closing nothing
            return None
        else:
            items = tuple(arrays.pop())
            (arrays[-1] if arrays else operands).append(items)
    if operands or arrays:
        return None
    return operations


def _string_end(data: bytes, pos: int) -> int | None:
    """The end of the literal string whose '(' ends at `pos`: balanced parentheses, a backslash
    escaping the byte after it (as pypdf's `read_string_from_stream` reads it)."""
    depth, end = 1, len(data)
    while pos < end:
        byte = data[pos]
        if byte == 0x5C:  # backslash
            pos += 2
            continue
        if byte == 0x28:
            depth += 1
        elif byte == 0x29:
            depth -= 1
            if depth == 0:
                return pos + 1
        pos += 1
    return None


def number(token: bytes) -> NumberObject | FloatObject:
    """The object pypdf reads from a number token (`read_object`: a float when it has a dot)."""
    return FloatObject(token) if b"." in token else NumberObject(token)


def is_number(operand: Operand) -> bool:
    return isinstance(operand, bytes) and operand[:1] in b"+-.0123456789" and operand != b""


def write(operations: list[Operation]) -> bytes:
    """The bytes pypdf's `ContentStream.get_data` writes for these operations (each operand
    followed by a space, then the operator and a newline); an operand may also be a pypdf object
    (an operation added by the caller)."""
    if len(_KEPT_TOKENS) > KEEP_MAX_TOKENS:
        _KEPT_TOKENS.clear()
    kept, written = _KEPT_TOKENS, _written
    lines = [b" ".join([kept.get(o) or written(o) for o in operands] + [operator]) if operands else operator
             for operands, operator in operations]
    return b"\n".join(lines) + b"\n" if lines else b""


def _written(operand) -> bytes:
    if isinstance(operand, tuple):  # an array: not kept, its items are
        return b"[" + b"".join(b" " + (_KEPT_TOKENS.get(item) or _written(item)) for item in operand) + b" ]"
    if not isinstance(operand, bytes):  # a pypdf object
        buffer = io.BytesIO()
        operand.write_to_stream(buffer)
        return buffer.getvalue()
    kept = _KEPT_TOKENS[operand] = _pypdf_bytes(operand)
    return kept


def _pypdf_bytes(token: bytes) -> bytes:
    """What pypdf writes for the object it reads from `token` inside a content stream."""
    buffer = io.BytesIO()
    if is_number(token):
        buffer.write(repr(number(token)).encode("utf-8"))  # NumberObject and FloatObject write their repr
    else:
        # a space ends a name as the next token would; strings end on their own delimiter
        read_object(io.BytesIO(token + b" "), None, None).write_to_stream(buffer)
    return buffer.getvalue()
