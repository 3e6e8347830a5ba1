"""The per-game records of a run, kept packed so that memory stays flat in the games.

A record is a small dict of dicts, lists and strings (about 3.6 KB of Python objects for
ТВЕРДЖА), and a `--precision` run may play 100,000 games. `RecordStore` keeps each one
as its pickle, deflated against a shared dictionary (the first record's pickle: the keys,
the ids and the shape every record repeats), about 250 bytes a game, and unpacks a record
each time it is read. Reading gives back records equal to those stored (lists stay lists,
tuples tuples, key order kept), so every statistic made from them is the same.

The statistics read the store once per figure, one record at a time: a consumer that
keeps the records it reads (rather than the few numbers it needs) undoes the saving.
"""

from __future__ import annotations

import pickle
import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

#: Compression level: the default's size at a fraction of level 9's time.
LEVEL = 6


class RecordStore(Sequence[dict]):
    """A list-like, append-only sequence of per-game records, stored packed."""

    def __init__(self, records: Iterable[dict] = ()) -> None:
        self._packed: list[bytes] = []
        self._zdict = b""
        self.extend(records)

    def append(self, record: dict) -> None:
        raw = pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL)
        if not self._packed:
            self._zdict = raw[-32768:]  # (deflate's window: only the last 32 KiB can be referred to)
        packer = zlib.compressobj(LEVEL, zdict=self._zdict)
        self._packed.append(packer.compress(raw) + packer.flush())

    def extend(self, records: Iterable[dict]) -> None:
        for record in records:
            self.append(record)

    def __iadd__(self, records: Iterable[dict]) -> RecordStore:
        self.extend(records)
        return self

    def _unpack(self, packed: bytes) -> dict:
        unpacker = zlib.decompressobj(zdict=self._zdict)
        return pickle.loads(unpacker.decompress(packed) + unpacker.flush())

    def __len__(self) -> int:
        return len(self._packed)

    @overload
    def __getitem__(self, index: int) -> dict: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self._unpack(p) for p in self._packed[index]]
        return self._unpack(self._packed[index])

    def __iter__(self) -> Iterator[dict]:
        for packed in self._packed:
            yield self._unpack(packed)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (RecordStore, list)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (mutable, like a list)

    def __repr__(self) -> str:
        return f"<RecordStore of {len(self)} records>"
