"""The integer arithmetic of the exact eliminations of :mod:`cardmath.risk.ruin`: residues modulo
many primes at once, Garner's reconstruction, the primes under ``2**30``, and exact divisions done
as 2-adic multiplications.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import numpy as np

__all__ = [
    "divide_all",
    "garner",
    "inverse_2adic",
    "power_mod",
    "prime_window",
    "primes_below_2_30",
    "residues_modulo",
]


def residues_modulo(value: int, groups: list[list[int]], products: list[int]) -> list[int]:
    """``value`` modulo each prime, reduced first modulo each group's product (fewer long divisions).

    >>> residues_modulo(100, [[3, 7]], [21])
    [1, 2]
    """
    found: list[int] = []
    for group, product in zip(groups, products, strict=True):
        part = value % product
        found.extend(part % prime for prime in group)
    return found


def power_mod(base: Any, exponent: Any, modulus: Any) -> Any:
    """``base**exponent % modulus`` elementwise on numpy arrays of int64 under ``2**30``.

    >>> power_mod(np.array([2, 3]), np.array([10, 4]), 1000).tolist()
    [24, 81]
    """
    result = np.ones_like(base)
    base = base % modulus
    exponent = exponent.copy()
    while exponent.any():
        odd = (exponent & 1).astype(bool)
        result = np.where(odd, result * base % modulus, result)
        base = base * base % modulus
        exponent >>= 1
    return result


def garner(residues: list[list[int]], primes: list[int]) -> list[int]:
    """For each list of residues, the integer of least absolute value that has them (the Chinese
    remainder theorem, by Garner's incremental method).

    >>> garner([[2, 3]], [5, 7])  # 17 is 2 modulo 5 and 3 modulo 7
    [17]
    """
    values, product = [0] * len(residues), 1
    for index, prime in enumerate(primes):
        inverse = pow(product % prime, -1, prime)
        for which, found in enumerate(residues):
            values[which] += product * ((found[index] - values[which]) * inverse % prime)
        product *= prime
    return [value - product if 2 * value > product else value for value in values]


@cache
def prime_window(count: int) -> tuple[int, ...]:
    """The ``count`` largest primes under ``2**30``, largest first (a sieve of the window below).

    >>> prime_window(1)
    (1073741789,)
    """
    top = 1 << 30
    span = max(1 << 16, count * 30)
    low = top - span
    sieve = np.ones(span, dtype=bool)
    limit = math.isqrt(top) + 1
    small = np.ones(limit + 1, dtype=bool)
    small[:2] = False
    for q in range(2, math.isqrt(limit) + 1):
        if small[q]:
            small[q * q :: q] = False
    for q in np.nonzero(small)[0].tolist():
        first = (-low) % q
        sieve[first::q] = False
    found = (np.nonzero(sieve)[0][::-1] + low).tolist()
    if len(found) < count:  # pragma: no cover - the window holds about one prime in 21
        return prime_window(2 * count)[:count]
    return tuple(found[:count])


def primes_below_2_30(count: int) -> list[int]:
    """The ``count`` largest primes under ``2**30``.

    >>> primes_below_2_30(2)
    [1073741789, 1073741783]
    """
    return list(prime_window(count))


def divide_all(numerators: list[list[int]], divisor: int) -> list[list[int]]:
    """Divide integers known to be multiples of ``divisor`` exactly, by one 2-adic inverse of the
    divisor and one multiplication each (Python's long division is quadratic).

    >>> divide_all([[6, -9]], 3), divide_all([[3**3000]], 3**1500) == [[3**1500]]
    ([[2, -3]], True)
    """
    if divisor in (1, -1):
        return [[value * divisor for value in row] for row in numerators]
    if divisor.bit_length() < 2000:
        return [[value // divisor for value in row] for row in numerators]
    shift = (divisor & -divisor).bit_length() - 1
    odd = divisor >> shift
    longest = max((abs(value).bit_length() for row in numerators for value in row), default=0)
    inverse = inverse_2adic(odd, max(longest - odd.bit_length() + 3, 3))
    result = []
    for row in numerators:
        out = []
        for value in row:
            shifted = value >> shift
            width = max(abs(shifted).bit_length() - odd.bit_length() + 3, 3)
            mask = (1 << width) - 1
            quotient = ((shifted & mask) * (inverse & mask)) & mask
            if quotient >> (width - 1):
                quotient -= 1 << width
            out.append(quotient)
        result.append(out)
    return result


def inverse_2adic(odd: int, bits: int) -> int:
    """The inverse of an odd integer modulo ``2**bits``, by Newton's iteration.

    >>> inverse_2adic(3, 8)  # 3 * 171 = 513 = 2 * 256 + 1
    171
    """
    inverse, precision = odd & 7, 3  # an odd number is its own inverse modulo 8
    while precision < bits:
        precision = min(2 * precision, bits)
        mask = (1 << precision) - 1
        inverse = (inverse * (2 - (odd & mask) * inverse)) & mask
    return inverse & ((1 << bits) - 1)
