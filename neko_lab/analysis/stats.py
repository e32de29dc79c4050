"""Small statistics the analyses share, written once with numpy and the standard library (no scipy):
Wilson intervals for a proportion, the chi-square test of equal shares, Student's t (the interval of a
mean, Welch's test of two means) and the two-proportion z test."""
from __future__ import annotations

import math
from typing import Sequence

from .frames import check_z

Z95 = 1.96
SURE = 0.01         # p below this: a finding; between SURE and 0.05: a hint only


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


def _beta_cf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def beta_inc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x)
                     + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_cf(a, b, x) / a
    return 1.0 - front * _beta_cf(b, a, 1 - x) / b


def t_sf(t: float, dof: float) -> float:
    """P(T >= t) for Student's t with `dof` degrees of freedom (dof may be fractional, as Welch's)."""
    if math.isinf(dof):
        return normal_sf(t)
    tail = 0.5 * beta_inc(dof / 2, 0.5, dof / (dof + t * t))
    return tail if t >= 0 else 1.0 - tail


def t_quantile(q: float, dof: float) -> float:
    """The t with P(T <= t) = q (0.975 and 29 degrees of freedom: 2.045)."""
    if not 0 < q < 1:
        raise ValueError(f"q is a probability strictly between 0 and 1, not {q!r}")
    if q < 0.5:
        return -t_quantile(1 - q, dof)
    low, high = 0.0, 1.0
    while t_sf(high, dof) > 1 - q:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        low, high = (mid, high) if t_sf(mid, dof) > 1 - q else (low, mid)
    return (low + high) / 2


def normal_sf(z: float) -> float:
    """P(Z >= z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def mean_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high): the mean of `values` with its Student's t interval (the whole line for
    fewer than two values)."""
    n = len(values)
    if not n:
        return (math.nan, -math.inf, math.inf)
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, -math.inf, math.inf)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(0.5 + level / 2, n - 1) * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


def welch_test(a: Sequence[float], b: Sequence[float]) -> dict:
    """Welch's t test that two samples have the same mean: {"difference" (mean of b minus mean of a),
    "t", "dof", "p" (two-sided)}; p = 1 when neither sample varies and the means are equal."""
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        raise ValueError("Welch's test needs at least two values in each sample")
    ma, mb = math.fsum(a) / na, math.fsum(b) / nb
    va = math.fsum((v - ma) ** 2 for v in a) / (na - 1)
    vb = math.fsum((v - mb) ** 2 for v in b) / (nb - 1)
    se2 = va / na + vb / nb
    if se2 <= 0:
        return {"difference": mb - ma, "t": 0.0 if ma == mb else math.copysign(math.inf, mb - ma),
                "dof": float(na + nb - 2), "p": 1.0 if ma == mb else 0.0}
    t = (mb - ma) / math.sqrt(se2)
    dof = se2 ** 2 / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1))
    return {"difference": mb - ma, "t": t, "dof": dof, "p": min(1.0, 2 * t_sf(abs(t), dof))}


def two_proportion_test(wins_a: float, n_a: int, wins_b: float, n_b: int) -> dict:
    """Two-proportion z test (pooled) that wins_a/n_a and wins_b/n_b estimate the same rate:
    {"difference" (b's rate minus a's), "z", "p" (two-sided)}; p = 1 when the pooled rate is 0 or 1."""
    if n_a <= 0 or n_b <= 0:
        raise ValueError("the two-proportion test needs games in both samples")
    pa, pb = wins_a / n_a, wins_b / n_b
    pooled = (wins_a + wins_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se <= 0:
        return {"difference": pb - pa, "z": 0.0, "p": 1.0}
    z = (pb - pa) / se
    return {"difference": pb - pa, "z": z, "p": min(1.0, 2 * normal_sf(abs(z)))}


def fmt_num(x: float, digits: int = 1) -> str:
    """A number of points as a reader takes it: 8 -> '8', 7.5 -> '7.5', 9.5833 -> '9.6'."""
    x = float(x)
    if x.is_integer():
        return f"{int(x)}"
    return f"{x:.{digits}f}"


def fmt_pct(x: float, digits: int = 1) -> str:
    """0.5912 -> '59.1 %' (a space before %, as the project's texts write it)."""
    return f"{100 * x:.{digits}f} %"


def fmt_interval(low: float, high: float, digits: int = 1) -> str:
    return f"[{100 * low:.{digits}f}, {100 * high:.{digits}f}]"


def fmt_range(low: float, high: float, digits: int = 1) -> str:
    """An interval of points (fmt_interval's is of shares, in per cent): [27.6, 40.6]."""
    return f"[{low:.{digits}f}, {high:.{digits}f}]"


def fmt_p(p: float) -> str:
    """A p value as a reader takes it: 'p = 0.03', 'p ≈ 5e-16', 'p < 1e-300'."""
    if p <= 0:
        return "p < 1e-300"
    if p >= 0.001:
        return f"p = {p:.3f}" if p < 0.1 else f"p = {p:.2f}"
    return f"p ≈ {p:.0e}"
