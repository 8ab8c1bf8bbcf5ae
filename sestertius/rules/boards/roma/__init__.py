"""Roma: the city map, its four gates, the ship track and Byzantium (roma-sicilia.txt, the Roma part).

What the board changes, and how it is modelled:

- No capital. Every land colonist starts on the START oval, every sea colonist in OSTIA (space 1 of the ship
  track); these two replace the capital for the Tribune and the Colonist. New land colonists may also go into a
  site with an own house (the usual rule), new sea colonists only into OSTIA.
- Gates: a land colonist's first step goes from START through a gate onto one of the gate routes behind it. A gate
  route has one neighbouring site, so it is modelled as a land route whose two ends are that site. Land colonists
  never go back to START (it is not on the route graph), i.e. they never leave the city.
- Ship track: sea colonists move only along the track, forward (:mod:`.sailing`); entering a space gives its bonus,
  a house on a building space, or a god in Byzantium (:mod:`.byzantium`). Architect order: move (bonuses on
  entering), build (cities, then the track sites entered), Byzantium.
- Prefect: production only in the 7 quarters; taking the cash lets the player move exactly one sea colonist forward
  (with its bonus, its house site, Byzantium).
- The five track house sites count like cities of their good (specialists, Jupiter, Mercurius, Minerva); CARTHAGO
  and ATHENAE count as two more provinces for Saturnus and Venus.

Encoding. The game runs on a board derived from ``roma.toml`` (:mod:`.board`): its 25 sites and 50 routes, then the
five track house sites as cities 25..29, then the six gate routes (routes 50..55). Colonist locations past the
routes and cities are this board's own places (:mod:`.track`): ``R + C`` the START oval and ``R + C + k`` track space
``k`` (1 OSTIA .. 9 BYZANTIUM), C = number of cities of the derived board. The Colonist's and Tribune's "city" numbers
``C`` and ``C + 1`` mean START and OSTIA. God marks and this turn's sailing live in ``state.parts["roma"]``, a
:class:`~.part.RomaPart`.

Modules: :mod:`.board` the derived board, :mod:`.track` the track's data and places, :mod:`.part` the part of the
state, :mod:`.sailing` the sea colonists' moves and what entering a space does, :mod:`.byzantium` the gods,
:mod:`.steps` the steps with their words and refusals, :mod:`.rules` the hooks (:class:`RomaRules`).
"""
from sestertius.rules.boards.roma.board import RomaBoard
from sestertius.rules.boards.roma.byzantium import mark_god
from sestertius.rules.boards.roma.part import RomaPart, Sailing
from sestertius.rules.boards.roma.rules import RULES, RomaRules
from sestertius.rules.boards.roma.track import Track, track

__all__ = ["RULES", "RomaBoard", "RomaPart", "RomaRules", "Sailing", "Track", "mark_god", "track"]
