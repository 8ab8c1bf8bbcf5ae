"""The Wilson interval the strength benchmark and the learning example report."""
from sestertius.research.stats import wilson


def test_wilson_interval_known_values_and_edges():
    low, high = wilson(42, 84)  # 50%: symmetric, about 39.5-60.5%
    assert round(low, 3) == 0.395 and round(high, 3) == 0.605
    assert wilson(0, 151)[0] == 0.0 and round(wilson(0, 151)[1], 3) == 0.025
    assert wilson(200, 200)[1] == 1.0 and wilson(0, 0) == (0.0, 1.0)
