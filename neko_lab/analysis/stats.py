"""Small statistics the analyses share, written once with numpy and the standard library (no scipy):
Wilson intervals for a proportion and the chi-square test of equal shares."""
from __future__ import annotations

import math
from typing import Sequence

from .frames import check_z

Z95 = 1.96


def wilson_interval(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion wins/n: (low, high). z=1.96 gives 95 % confidence.
    `wins` may be fractional (win shares); n <= 0 gives the uninformative (0, 1); z must be above 0."""
    z = check_z(z, "wilson_interval")
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / denom
    # no wins: the low bound is 0 exactly, all wins: the high bound 1 (rounding left 3e-17 or 1 - 1e-16,
    # enough for "clearly above the rest" to fire on a card nobody won with)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return (low, high)


def _gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x) (series below a+1, continued fraction above)."""
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(1000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - gln))
    b, c, d = x + 1 - a, 1e300, 1.0 / (x + 1 - a)
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - gln) * h)


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square variable with `dof` degrees of freedom."""
    return _gamma_q(dof / 2.0, x / 2.0)


def equal_shares_test(observed: Sequence[float], expected: Sequence[float]) -> tuple[float, float]:
    """Pearson's chi-square test that `observed` counts follow `expected`: (statistic, p value)."""
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected) if e > 0)
    dof = sum(1 for e in expected if e > 0) - 1
    return (stat, chi2_sf(stat, dof) if dof > 0 else 1.0)


def fmt_pct(x: float, digits: int = 1) -> str:
    """0.5912 -> '59.1 %' (a space before %, as the project's texts write it)."""
    return f"{100 * x:.{digits}f} %"


def fmt_interval(low: float, high: float, digits: int = 1) -> str:
    return f"[{100 * low:.{digits}f}, {100 * high:.{digits}f}]"


def fmt_p(p: float) -> str:
    """A p value as a reader takes it: 'p = 0.03', 'p ≈ 5e-16', 'p < 1e-300'."""
    if p <= 0:
        return "p < 1e-300"
    if p >= 0.001:
        return f"p = {p:.3f}" if p < 0.1 else f"p = {p:.2f}"
    return f"p ≈ {p:.0e}"
