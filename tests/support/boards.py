"""A small valid board file, for the tests of the board loader's refusals (each test breaks one thing)."""

GOOD = """
name = "tiny"
capital = "Roma"
routes = [
  ["land", "Roma", "Ostia"],
  ["sea", "Roma", "Ostia"],
  ["land", "Ostia", "Veii"],
  ["land", "Veii", "Caere"],
]

[provinces]
Latium = ["Roma", "Ostia"]
Etruria = ["Veii", "Caere"]

[cities]
Roma = { lat = 41.89, lon = 12.49 }
Ostia = { zone = "A", lat = 41.76, lon = 12.29 }
Veii = { zone = "B", lat = 42.02, lon = 12.40 }
Caere = { zone = "B", lat = 42.00, lon = 12.10 }
"""
