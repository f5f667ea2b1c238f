"""The deal's shuffle, exactly as `random.Random.shuffle` does it, at a fraction of the cost.

Every seeded match must deal exactly as before (logs replay, seeds reproduce), so this is
the same Fisher-Yates walk on the same 32-bit words of the generator: CPython's
`_randbelow(n)` takes `getrandbits(k)` (k = n.bit_length()), which is the top k bits of
one word, and asks again while the value is not below n. Here the words are fetched in
batches: `getrandbits(32 * w)` hands out the next w words, least significant first, and
w is never more than the steps left, so the generator ends exactly where the plain
shuffle leaves it. A test compares both over many seeds; a generator of another class
is left to its own shuffle.
"""
from __future__ import annotations

import random
import struct

_WORDS = [struct.Struct(f"<{w}I") for w in range(28)]
_SHIFT = [32 - (i + 1).bit_length() for i in range(28)]  # step i draws below i + 1


def shuffled_set(rng: random.Random) -> list[int]:
    """The 28 tile indices in the order `rng.shuffle(list(range(28)))` leaves them."""
    x = list(range(28))
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return x
    bits = rng.getrandbits
    i = 27
    while i:
        need = i  # at least one word per step left: never a word too many
        for w in _WORDS[need].unpack((bits(32 * need)).to_bytes(4 * need, "little")):
            j = w >> _SHIFT[i]
            if j <= i:
                x[i], x[j] = x[j], x[i]
                i -= 1
    return x
