"""``python -m sestertius.research.observations``: the layout's version, size and table of fields."""
from sestertius.research.observations.layout import OBSERVATION_SIZE, OBSERVATION_VERSION, field_table

print(f"observation encoding version {OBSERVATION_VERSION}: {OBSERVATION_SIZE} float32\n")
print(field_table())
