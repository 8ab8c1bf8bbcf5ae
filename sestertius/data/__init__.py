"""Every number of the game and its loaders: boards (maps, route tables, distances), cards and components,
Solitaria's dice and hands, the fish market; the TOML files beside this module, validated on load."""
