"""A small seeded generator that lives inside a game state.

It is a SplitMix64 stream: its whole state is one integer, so cloning or saving a game copies a number,
and the same seed gives the same sequence on every machine and Python version.
"""
from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

from .errors import ConfigError, excerpt, whole

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB   # SplitMix64's two multipliers


SEED_LIMIT = 1 << 64        # seeds are 0 <= seed < 2**64: the generator keeps 64 bits, so no two alias


def check_seed(seed: object) -> int:
    """A game or run seed: a whole number with 0 <= seed < 2**64 (numpy's integers too, read from a
    results frame), as a plain int; ConfigError otherwise."""
    seed = whole(seed)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise ConfigError(f"seed must be a whole number with 0 <= seed < 2**64, not {excerpt(seed, 40)}")
    return seed


def _mix64(z: int) -> int:
    """SplitMix64's finaliser: a bijection of 64-bit words that spreads every input bit over the output."""
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


def derive(seed: int, *keys: int) -> int:
    """A seed (0 <= value < 2**63) for the child named by `keys` of `seed`: the same on every machine,
    different children and different parents give unrelated seeds. It costs a few integer operations
    (a simulation derives three for every game)."""
    h = _mix64((seed + _GOLDEN) & _MASK)
    for k in keys:
        h = _mix64(((h ^ _mix64(((k + 1) * _GOLDEN) & _MASK)) + _GOLDEN) & _MASK)
    return h >> 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = int(seed) & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return s ^ (s >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def randrange(self, n: int) -> int:
        """An int in [0, n)."""
        if n <= 0:
            raise ValueError("randrange() needs n > 0")
        return (self.next64() * n) >> 64

    def randint(self, a: int, b: int) -> int:
        """An int in [a, b], both ends included (a die roll is randint(1, 6))."""
        return a + self.randrange(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def spawn(self) -> "Rng":
        """An independent generator derived from this one (advances this one by one step)."""
        return Rng(self.next64())

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def __reduce__(self) -> tuple:
        # pickled as Rng(state) by both builds (the compiled one makes Rng a C type, see rng.pxd), so
        # either build reads what the other wrote
        return (Rng, (self.state,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
