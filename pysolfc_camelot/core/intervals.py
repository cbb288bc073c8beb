# SPDX-License-Identifier: GPL-3.0-or-later
"""The 95% Wilson score interval, said once: the study's shares, the
benchmarks' win rates and the fair player's chances all use it."""
import math

Z95 = 1.959964                 # the two-sided 95% point of the normal


def wilson(k, n, z=Z95):
    """95% Wilson score interval of a share k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)
