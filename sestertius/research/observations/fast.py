"""The fast encoding: :func:`observe` builds the observation from the game state directly, encoding once per game
what never changes in a game (``_Static``) and keeping one vector per game (``_Kept``: as seat 0 sees it, with each
seat's private part apart) brought up to date by what changed since it was last; an observer's vector is a copy of it
with the seats made relative (:mod:`.relative`). It equals the reference
(:func:`~sestertius.research.observations.observe_view`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from sestertius import ANY, NO_GOOD
from sestertius.research.observations.layout import (
    CARD_INDEX,
    CARD_SLOTS,
    CITIES,
    DISPLAY,
    HIGH,
    NUMERALS,
    OBSERVATION_SIZE,
    OFFSET,
    PROVINCES,
    ROUTES,
    SEATS,
    STEP_ARGS,
    STEP_KINDS,
    WORD_INDEX,
    WORD_SLOTS,
    step_args,
    step_kind,
)
from sestertius.research.observations.reference import Writer, setup_holdings, write_options, write_parts
from sestertius.research.observations.relative import (
    PRIVATE_HAND,
    PRIVATE_MY_SEAT,
    PRIVATE_MY_TEAM,
    PRIVATE_SIZE,
    View,
    catch_up,
    private_at,
)
from sestertius.research.observations.seat_parts import clear, hand_counts, write_cards, write_colonists, write_houses

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import Game, GameState


class _Static:
    """What never changes in one game, encoded once: the options, the map, the tokens, the display's extra costs and
    the seats' cards at setup; the game's kept vector (``_Kept``), and per observer its private block (its seat and
    team) and the index arrays that make its vector from the kept one."""

    def __init__(self, game: Game) -> None:
        s = game.state
        self.anchor = s.city_good  # shared by every copy of the game, made anew for every new game
        br = s.rules.board
        self.dynamic_build = _overrides(br, "can_build")
        self.dynamic_coins = _overrides(br, "marker_coins")
        self.dynamic_produce = _overrides(br, "can_produce")
        self.dynamic_bonus = _overrides(br, "production_bonus")
        self.own_houses = _overrides(br, "other_houses")
        self.board_public = _overrides(br, "public")
        self.mode_public = _overrides(s.rules.mode, "public")
        self.variants_public = [v for v in s.rules.variants if _overrides(v, "public")]
        self.setup = [hand_counts(h) for h in setup_holdings(game)]
        self.setup_size = [sum(h.values()) for h in self.setup]
        # per seat: the last player state seen (kept, so that its id is not reused), its card count and its bought
        # cards' (index, value) writes: they change only when that count does
        self.bought: list[tuple[Any, int, tuple[tuple[int, float], ...]] | None] = [None] * s.n
        # waiting step -> its writes but the seat to act's, the (entry, seat) of its arguments that are seats, and
        # the seat to act (-1: none)
        self.steps: dict[Any, tuple[list[tuple[int, float]], list[tuple[int, int]], int]] = {}
        self.storage = bool(s.rules.storage)  # variants with pieces in the storehouse (fish)
        self.dynamic_board = self.dynamic_build or self.dynamic_coins or self.dynamic_produce or self.dynamic_bonus
        self.has_parts = self.board_public or bool(self.variants_public) or self.mode_public
        self.n = s.n
        self.R = s.R
        self.cities = len(s.board.cities)
        self.land = s.cat.land_colonists
        self.capital = s.board.capital
        self.options = game.options.to_dict()
        self.extra = s.rules.mode.public(s) if self.mode_public else {}
        self.houses_total = s.cat.houses
        if s.n > SEATS:
            raise ValueError(f"the observation has room for {SEATS} seats, not {s.n}")
        self.kept = _Kept(self._make(game), s.n)
        self.views: dict[int, View] = {}  # per observer: its own kept vector

    def observer(self, game: Game, me: int) -> View:
        """The observer's kept vector, made the first time (its private block written first)."""
        view = self.views.get(me)
        if view is None:
            s = game.state
            kept = self.kept
            m = kept.m
            at = private_at(me)
            if me < SEATS:
                m[at + PRIVATE_MY_SEAT + me] = 1.0
            partner = s.rules.mode.partner(s, me)
            for seat in range(s.n):
                if seat == me or seat == partner:
                    m[at + PRIVATE_MY_TEAM + (seat - me) % s.n] = 1.0
            view = self.views[me] = View(kept.public, s.n, me, min(self.cities, CITIES), min(self.R, ROUTES))
            was = kept.players[me]
            if was is not None:  # (its hand and pile are counted only for the seats observed: written again now)
                was[5] = None
        return view

    def _make(self, game: Game) -> np.ndarray:
        """The game's vector as seat 0 sees it at setup: what the rules and the options fix, made once for all games
        of the same rules (``_FIXED``), then what the setup dealt (the cities' tokens, the provinces' markers)."""
        s = game.state
        key = (id(s.rules), repr(self.options), repr(self.extra), s.display_costs, len(s.display), s.n)
        known = _FIXED.get(key)
        if known is None or known[0] is not s.rules:
            if len(_FIXED) >= _FIXED_MAX:
                del _FIXED[next(iter(_FIXED))]
            known = _FIXED[key] = (s.rules, self._fixed(game))
        v = known[1].copy()
        self._dealt(game, v)
        return v

    def _fixed(self, game: Game) -> np.ndarray:
        s = game.state
        v = np.zeros(OBSERVATION_SIZE + PRIVATE_SIZE * s.n, np.float32)  # with the seats' private blocks after it
        w = Writer(v, 0, s.n)
        write_options(w, {"options": self.options, "extra": self.extra}, SEATS)  # (its own seat: in the block)
        for pos, costs in enumerate(s.display_costs[:min(DISPLAY, len(s.display))]):
            for g in costs:
                w.add("display/extra", 1, pos, 5 if g == ANY else g)
        contrarius = self.extra.get("contrarius", {}).get("seat")
        for seat in range(s.n):
            r = w.rel(seat)
            if r is None:
                continue
            w.set("players/present", 1, r)
            if seat == contrarius:
                w.set("players/contrarius", 1, r)
            w.put("players/storehouse", s.cat.storehouse, r, 1)
        b = s.board
        for c in range(min(len(b.cities), CITIES)):
            w.set("cities/present", 1, c)
            if 0 <= b.province_of[c] < PROVINCES:
                w.set("cities/province", 1, c, b.province_of[c])
            if c == b.capital:
                w.set("cities/capital", 1, c)
        for rt in b.routes:
            if rt.id >= ROUTES:
                continue
            w.set("routes/present", 1, rt.id)
            w.set("routes/sea", rt.kind == 1, rt.id)
            w.put("routes/ends", rt.a, rt.id, 0)
            w.put("routes/ends", rt.b, rt.id, 1)
            w.set("routes/no_stop", bool(rt.no_stop), rt.id)
        for i in range(min(len(b.provinces), PROVINCES)):
            w.set("provinces/present", 1, i)
        w.finish()
        np.clip(v, 0.0, HIGH, out=v)
        return v

    def _dealt(self, game: Game, v: np.ndarray) -> None:
        s = game.state
        br = s.rules.board
        b = s.board
        w = Writer(v, 0, s.n)
        for c in range(min(len(b.cities), CITIES)):
            if s.city_good[c] != NO_GOOD:
                w.set("cities/good", 1, c, s.city_good[c])
            if c != b.capital and not self.dynamic_build and br.can_build(s, c):
                w.set("cities/can_build", 1, c)
        for i in range(min(len(b.provinces), PROVINCES)):
            w.set("provinces/good", 1, i, s.marker_good[i])
            if not self.dynamic_coins:
                w.put("provinces/coins", br.marker_coins(s, i), i)
            if not self.dynamic_produce:
                w.set("provinces/can_produce", bool(br.can_produce(s, i)), i)
            if not self.dynamic_bonus:
                w.set("provinces/production_bonus", bool(br.production_bonus(s, i)), i)
        np.clip(v, 0.0, HIGH, out=v)


def _overrides(part: object, hook: str) -> bool:
    """Whether the rules of a board, mode or variant replace ``hook`` of their base class (the topmost class of their
    MRO that defines it). What a base hook gives never changes in a game, or is nothing; a replaced one is asked anew
    at every observation."""
    cls = type(part)
    base = [c for c in cls.__mro__ if hook in vars(c)][-1]
    return getattr(cls, hook) is not getattr(base, hook)


_BLOCKS_MAX = 4096  # waiting steps' writes kept per game (forgotten all at once past that)


# the fixed part of the vector at setup, by the rules (kept alive by the entry), options and setup it was made for
_FIXED: dict[tuple[Any, ...], tuple[Any, np.ndarray]] = {}
_FIXED_MAX = 16  # rules and options remembered (a process plays few); the oldest is forgotten first
_STATIC: dict[int, _Static] = {}  # by id() of the game's city tokens (kept alive by the entry: no id is reused)
_STATIC_MAX = 64  # games remembered; the oldest is forgotten first


def _static(game: Game) -> _Static:
    anchor = game.state.city_good
    st = _STATIC.get(id(anchor))
    if st is None or st.anchor is not anchor:
        if len(_STATIC) >= _STATIC_MAX:
            del _STATIC[next(iter(_STATIC))]
        st = _STATIC[id(anchor)] = _Static(game)
    return st


# flat offsets of the fields the fast encoding writes
_O = OFFSET
_TURN: Final = _O["game/turn"]
_OVER: Final = _O["game/over"]
_CURRENT: Final = _O["game/current"]
_TO_ACT: Final = _O["game/to_act"]
_CHANCE: Final = _O["game/chance"]
_STEP: Final = _O["game/step"]
_PM: Final = _O["game/praefectus_magnus"]
_CONCORDIA: Final = _O["game/concordia"]
_FINAL: Final = _O["game/final_turns"]
_DECK: Final = _O["game/deck_size"]
_DECK_TOP: Final = _O["game/deck_top"]
_DISPLAY_CARD: Final = _O["display/card"]
_MONEY: Final = _O["players/money"]
_GOODS: Final = _O["players/goods"]
_STORE: Final = _O["players/storehouse"]
_HOUSES: Final = _O["players/houses"]
_HOUSES_LEFT: Final = _O["players/houses_left"]
_HAND_SIZE: Final = _O["players/hand_size"]
_PILE_SIZE: Final = _O["players/pile_size"]
_PILE_TOP: Final = _O["players/pile_top"]
_VP: Final = _O["players/vp"]
_COLONISTS: Final = _O["players/colonists"]
_HAND: Final = _O["hand"]
_CITY_BUILD: Final = _O["cities/can_build"]
_CITY_HOUSES: Final = _O["cities/houses"]
_CITY_COLONISTS: Final = _O["cities/colonists"]
_ROUTE_COLONIST: Final = _O["routes/colonist"]
_GOOD_SIDE: Final = _O["provinces/good_side"]
_COINS: Final = _O["provinces/coins"]
_PRODUCE: Final = _O["provinces/can_produce"]
_BONUS: Final = _O["provinces/production_bonus"]
_POINTS: Final = _O["game/movement_points"]
_ARG_PRESENT: Final = _O["step/arg_present"]
_ARG_NUMBER: Final = _O["step/arg_number"]
_ARG_WORD: Final = _O["step/arg_word"]
_PILE: Final = _O["pile"]
_BOUGHT: Final = _O["players/bought"]
_STEP_INDEX = {k: i for i, k in enumerate(STEP_KINDS)}
_NUMERAL_INDEX = {k: i for i, k in enumerate(NUMERALS)}
_SEAT_ARGS: dict[tuple[str, int], bool] = {}  # (step kind, argument index) -> the argument is a seat


def _step_writes(s: GameState, st: tuple[Any, ...]) -> tuple[list[tuple[int, float]], list[tuple[int, int]], int]:
    """The writes of the waiting step that are the same for every observer, the entries of its arguments that are
    seats, with the seat (their value is the seat relative to the observer, plus 1, divided by 10), and the seat to
    act (-1: none; its entry of ``game/to_act`` is relative too)."""
    n = s.n
    out: list[tuple[int, float]] = []
    seats: list[tuple[int, int]] = []
    to_act = st[1]
    if to_act < 0:
        out.append((_CHANCE, 1))
    seat_to_act = to_act if 0 <= to_act < n else -1
    kind = step_kind(st)
    i = _STEP_INDEX.get(kind)
    if i is not None:
        out.append((_STEP + i, 1))
    args = step_args(s, st)
    if kind == "arch_move":
        out.append((_POINTS, args[0] / 10))
    for k, value in enumerate(args[:STEP_ARGS]):
        out.append((_ARG_PRESENT + k, 1))
        if type(value) is str:
            i = WORD_INDEX.get(value)
            if i is not None:
                out.append((_ARG_WORD + WORD_SLOTS * k + i, 1))
        elif _is_seat_arg(s, kind, k):
            if 0 <= value < n:  # (written relative to the observer)
                seats.append((_ARG_NUMBER + k, value))
        else:
            out.append((_ARG_NUMBER + k, max(0, int(value) + 1) / 10))
    return out, seats, seat_to_act


def _is_seat_arg(s: GameState, kind: str, k: int) -> bool:
    key = (kind, k)
    out = _SEAT_ARGS.get(key)
    if out is None:
        step = s.rules.steps[kind]
        names = (step.fields + step.optional)[1:]
        out = _SEAT_ARGS[key] = k < len(names) and names[k] == "seat"
    return out


class _Kept:
    """The game's vector as last made (never handed out), as seat 0 sees it (seats absolute), each seat's private
    block after it, and what each part of it was made from. A part is written again only when what it shows changed;
    its entries whose place depends on the state (a house's city, a card's slot...) are listed, to be cleared first.
    What a part was made from is kept as values (copies), so that copies of a game, which share this cache, may take
    turns. Each seat's part, the display and the bonus markers count their rewrites (``version``...), so that each
    observer's own vector (``View``) takes again only what changed since its last look. The game's counters, the
    one-hot holders and the waiting step are not kept here: they are written on each observer's copy."""

    __slots__ = ("v", "m", "public", "players", "version", "display", "display_placed", "display_version",
                 "marker_up", "marker_version")

    def __init__(self, vector: np.ndarray, n: int) -> None:
        self.v = vector
        self.m: Any = self.v.data  # item writes through a memoryview cost half of numpy's
        self.public = self.v[:OBSERVATION_SIZE]  # the vector without the private blocks
        self.players: list[list[Any] | None] = [None] * n  # per seat: what its part was made from (see seat_parts)
        self.version = [0] * n  # per seat: how many times its part (or its private block) was written again
        self.display: list[Any] | None = None  # the display its cards were written from
        self.display_placed: list[int] = []  # and the entries they set
        self.display_version = 0
        self.marker_up: list[bool] | None = None  # the bonus markers' sides as last written
        self.marker_version = 0


def observe(game: Game, seat: int, out: np.ndarray | None = None) -> np.ndarray:
    """The observation vector of ``seat`` in ``game``: what ``game.view(seat)`` shows and what the seat may see
    beyond it (:func:`beyond_view`), built from the state directly. ``out``: an array of OBSERVATION_SIZE float32 to
    fill instead of a new one.

    What never changes in a game is encoded once per game (``_Static``). The game's vector is kept (``_Kept``, as seat
    0 sees it) and brought up to date: a seat's part and the display are written again only when they changed since
    it was last (an environment that observes every decision: mostly the last decider's part). Each observer's own
    vector (``View``, seats relative, its private fields in place) is brought up to date from it by one gather of
    the seats that changed since its last look; the observer gets a copy, on which the counters, the holders, the
    waiting step, the boards', variants' and modes' own parts and the scores are written."""
    try:
        s = game.state
    except AttributeError:
        raise TypeError("observe() takes the game and the seat (since observation version 2); observe_view() "
                        "encodes a view") from None
    static = _static(game)
    me = seat
    n = s.n
    if not 0 <= me < n:
        raise ValueError(f"observe() needs a seat of the game (0..{n - 1}), not {seat}")
    views = static.views  # (the seats observed so far: only their own hands and piles are counted)
    view = views.get(me)
    if view is None:
        view = static.observer(game, me)
    kept = static.kept
    m = kept.m

    # the display
    if s.display != kept.display:
        for i in kept.display_placed:
            m[i] = 0.0
        placed = kept.display_placed = []
        pos = _DISPLAY_CARD
        for key in s.display[:DISPLAY]:
            if key is not None and key in CARD_INDEX:
                m[pos + CARD_INDEX[key]] = 1.0
                placed.append(pos + CARD_INDEX[key])
            pos += CARD_SLOTS
        kept.display = s.display.copy()
        kept.display_version += 1

    # the seats (absolute): each part of a seat is written again when what it shows changed
    storage = static.storage
    own_houses = static.own_houses
    known_players = kept.players
    version = kept.version
    for seat_, p in enumerate(s.players):
        was = known_players[seat_]
        if was is None:
            was = known_players[seat_] = [None, None, None, None, None, None, None, [], [], []]
        changed = False
        if p.money != was[0] or p.goods != was[1] or p.vp != was[2] or p.col != was[3]:
            if p.col != was[3]:
                clear(m, was[7])
                was[7] = write_colonists(m, static, p.col, seat_)
                was[3] = p.col.copy()
            g = was[1] = p.goods.copy()
            was[0] = p.money
            was[2] = vp = p.vp
            m[_MONEY + seat_] = p.money / 50
            o = _GOODS + 5 * seat_
            m[o], m[o + 1], m[o + 2], m[o + 3], m[o + 4] = g[0] / 10, g[1] / 10, g[2] / 10, g[3] / 10, g[4] / 10
            m[_VP + seat_] = vp / 100 if vp > 0 else 0.0
            if not storage:
                m[_STORE + 2 * seat_] = (sum(g) + p.col.count(-1)) / 12
            changed = True
        if p.houses != was[4]:
            clear(m, was[8])
            was[8] = write_houses(m, static, p.houses, seat_)
            was[4] = p.houses.copy()
            changed = True
        if p.hand != was[5] or p.pile != was[6]:
            clear(m, was[9])
            was[9] = write_cards(m, static, seat_, p, private_at(seat_) + PRIVATE_HAND if seat_ in views else -1)
            was[5], was[6] = p.hand.copy(), p.pile.copy()
            changed = True
        if storage:  # (what the storehouse holds beyond goods and colonists is the variants' own state)
            m[_STORE + 2 * seat_] = s.storehouse_used(seat_) / 12
            changed = True
        if own_houses:
            left = s.cat.houses - len(p.houses) - s.rules.board.other_houses(s, seat_)
            m[_HOUSES_LEFT + seat_] = left / 15 if left > 0 else 0.0
            changed = True
        if changed:
            version[seat_] += 1

    # the board
    if s.marker_up != kept.marker_up:
        for i, up in enumerate(s.marker_up[:PROVINCES]):
            m[_GOOD_SIDE + i] = 1.0 if up else 0.0
        kept.marker_up = s.marker_up.copy()
        kept.marker_version += 1

    # the observer's vector: seat 0's copied from the kept one, another's own brought up to date and copied
    if view.direct:  # (a copy of the kept vector, the entries that move gathered)
        if out is None:
            v = kept.public.copy()
        else:
            v = out
            np.copyto(v, kept.public)
        moves = view.moves
        v[moves[0]] = kept.v[moves[1]]
    else:
        v = catch_up(kept, view, n, out)

    # on the copy: the counters, the holders (seats relative) and the waiting step
    vm: Any = v.data
    over = s.over
    vm[_TURN] = s.turn / 100
    if over:
        vm[_OVER] = 1.0
    elif s.pending:
        st = s.pending[-1]
        known = static.steps.get(st)
        if known is None:
            if len(static.steps) >= _BLOCKS_MAX:
                static.steps.clear()
            known = static.steps[st] = _step_writes(s, st)
        writes, seat_args, to_act = known
        for i, x in writes:
            vm[i] = x
        if to_act >= 0:
            vm[_TO_ACT + (to_act - me) % n] = 1.0
        for i, a in seat_args:
            vm[i] = ((a - me) % n + 1) / 10
    if s.final_turns >= 0:
        vm[_FINAL] = 1.0
        vm[_FINAL + 1] = s.final_turns / 6
    vm[_DECK] = len(s.deck) / 20
    vm[_CURRENT + (s.current - me) % n] = 1.0
    pm = s.pm
    if 0 <= pm < n:
        vm[_PM + (pm - me) % n] = 1.0
    holder = s.concordia
    if 0 <= holder < n:
        vm[_CONCORDIA + (holder - me) % n] = 1.0
    if s.deck_labels:
        top = _NUMERAL_INDEX.get(s.deck_labels[-1])
        if top is not None:
            vm[_DECK_TOP + top] = 1.0
    if static.dynamic_board:
        _board_now(s, static, vm)

    # the parts of boards, variants and modes, and the scores: from what the view shows of them
    if static.has_parts or s.intermediate or over:
        br = s.rules.board
        parts: dict[str, Any] = {}
        if static.board_public:
            parts.update(br.public(s))
        for variant in static.variants_public:
            parts.update(variant.public(s))
        if static.mode_public:
            parts["extra"] = s.rules.mode.public(s)
        if s.intermediate:
            parts["intermediate"] = s.intermediate
        if over:
            parts["scores"] = game.scores()
        w = Writer(v, me, n)
        write_parts(w, parts)
        w.finish()
        np.clip(v, 0.0, HIGH, out=v)
    return v


def _board_now(s: GameState, static: _Static, m: Any) -> None:
    br = s.rules.board
    if static.dynamic_build:
        capital = static.capital
        for c in range(min(static.cities, CITIES)):
            if c != capital and br.can_build(s, c):
                m[_CITY_BUILD + c] = 1
    for i in range(min(len(s.marker_up), PROVINCES)):
        if static.dynamic_coins:
            m[_COINS + i] = min(max(br.marker_coins(s, i), 0) / 2, HIGH)
        if static.dynamic_produce:
            m[_PRODUCE + i] = bool(br.can_produce(s, i))
        if static.dynamic_bonus:
            m[_BONUS + i] = bool(br.production_bonus(s, i))
