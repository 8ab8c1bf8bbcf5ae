"""The base game's cards, one module per card (or pair of related cards): each holds its steps' legal decisions,
effects, words and refusals, and ends with the tuple ``STEPS`` of its step records."""
