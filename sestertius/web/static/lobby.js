// The lobby: create games (base/Venus with hot-seat, online and bot seats; solo against Contrarius, in or out of a
// campaign), resume games of this browser, replay and download finished ones. An ES module.
import { $, CampaignKeys, Creds, Owners, PLAYER_COLORS, PLAYER_NAMES_OF_COLORS, api, el, fmtDate, optionsSummary } from "./common.js";

let META = null;
// short enough for a phone's seat row (the option's title says more)
const PEOPLE = [
  ["hotseat", "Here (hot-seat)", "a person at this screen"],
  ["human", "Elsewhere (invite)", "a person elsewhere, with their own invite link"],
];
// the bots come from /api/meta (sestertius.bots.BOTS); "easy" is the greedy bot's other name
const BOT_WORDS = {
  greedy: "Bot: easy", medium: "Bot: medium", hard: "Bot: hard", master: "Bot: master", random: "Bot: random",
};
const BOT_TITLES = {
  greedy: "the greedy bot", medium: "the search bot, medium", hard: "the search bot, hard",
  master: "the hard search, its turns judged by a model learned from self-play (ahead of hard against Contrarius on expert)",
  random: "a bot that picks at random",
};

function seatKindOptions() {
  const bots = (META && META.bots) || ["greedy", "random"];
  const shown = bots.filter((b) => !(b === "easy" && bots.includes("greedy")));
  shown.sort((a, b) => (a === "random") - (b === "random"));
  return [...PEOPLE, ...shown.map((b) => [`bot:${b}`, BOT_WORDS[b] || `Bot: ${b}`, BOT_TITLES[b] || `the ${b} bot`])];
}

// Which modes and numbers of players there are, which of them are played against Contrarius, and who partners whom
// in team play: all from /api/meta (the engine's choices() and its games' seating); only the words are the lobby's.
// The base tab offers each mode's numbers of players without Contrarius; the Solitaria tab those with Contrarius.
const MODE_WORDS = { base: "each for themselves", team: "Venus team play" };
const CONTRARIUS_WORDS = {
  "solo:1": ["solo", "alone against Contrarius"],
  "solo:2": ["third", "two players, Contrarius as a third player"],
  "team:2": ["coop", "two players as a team against Contrarius"],
};
const SOLO_VARIANTS = {};  // the Solitaria tab's choices: value -> { mode, players }
const TEAM_NAMES = ["Team I", "Team II", "Team III", "Team IV"];

function modeInfo(mode) {
  return (META.modes_detail || []).find((m) => m.name === mode) || { name: mode, players: [], against_contrarius: [] };
}

// the numbers of players a mode offers on the base tab (without Contrarius)
function tablePlayers(mode) {
  const m = modeInfo(mode);
  return m.players.filter((n) => !m.against_contrarius.includes(n));
}

function againstContrarius(o) {
  return modeInfo(o.mode || "base").against_contrarius.includes(o.players || 1);
}

// "2–5" for a run of numbers, else "4 or 6"
function countsText(ns) {
  if (ns.length > 2 && ns.every((n, i) => !i || n === ns[i - 1] + 1)) return `${ns[0]}–${ns[ns.length - 1]}`;
  return ns.length > 1 ? `${ns.slice(0, -1).join(", ")} or ${ns[ns.length - 1]}` : String(ns[0]);
}

// each seat's partner as the engine seats them (null: no partner), for team play with n players
function partnersOf(mode, n) {
  return mode === "team" ? (META.team_partners || {})[String(n)] || null : null;
}

// the teams of a seating: per seat the number of its team (teams numbered in seat order)
function teamsOf(partners) {
  const team = [];
  let k = 0;
  partners.forEach((p, i) => {
    if (team[i] !== undefined) return;
    team[i] = k;
    if (p !== null && p !== undefined) team[p] = k;
    k++;
  });
  return team;
}

const seatText = (i) => `seat ${i + 1} (${PLAYER_NAMES_OF_COLORS[i]})`;

async function init() {
  META = await api("GET", "/api/meta");
  for (const [sel, mode] of [[$("b-board"), "base"], [$("s-board"), "solo"]]) {
    for (const b of META.boards) {
      const ok = b[mode] !== false;
      sel.append(el("option", { value: b.name, disabled: !ok, title: ok ? "" : (b.why_not || {})[mode] },
        mode === "base" ? `${b.title} (${playersRange(b.players)})` + (ok ? "" : " — not playable yet") : b.title + (ok ? "" : " — not for solo")));
    }
  }
  $("b-board").value = META.boards.some((b) => b.name === "imperium") ? "imperium" : META.boards[0].name;
  $("s-board").value = META.boards.some((b) => b.name === "italia") ? "italia" : META.boards[0].name;
  for (const d of META.difficulties) $("s-diff").append(el("option", { value: d }, d.replace(/_/g, " ")));
  if (META.difficulties.includes("standard")) $("s-diff").value = "standard";
  for (const m of META.modes_detail || []) {
    const ns = tablePlayers(m.name);
    if (ns.length) $("b-mode").append(el("option", { value: m.name }, `${MODE_WORDS[m.name] || m.name} (${countsText(ns)} players${partnersOf(m.name, ns[0]) ? ", teams of two" : ""})`));
    for (const n of m.against_contrarius) {
      const [value, words] = CONTRARIUS_WORDS[`${m.name}:${n}`] || [`${m.name}:${n}`, `${m.name}, ${n} player${n > 1 ? "s" : ""} against Contrarius`];
      SOLO_VARIANTS[value] = { mode: m.name, players: n };
      $("s-variant").append(el("option", { value }, `${words} (${n} seat${n > 1 ? "s" : ""}${partnersOf(m.name, n) ? ", cooperative" : ""})`));
    }
  }
  $("b-mode").disabled = $("b-mode").options.length < 2;
  for (const f of META.fish_market || []) {
    $("b-fish").append(el("option", { value: f.name }, f.title));
    $("s-fish").append(el("option", { value: f.name }, f.title));
  }
  $("b-fish-row").classList.toggle("hidden", !(META.fish_market || []).length);
  $("s-fish-row").classList.toggle("hidden", !(META.fish_market || []).length);
  const soloOk = Object.keys(SOLO_VARIANTS).length > 0;
  $("solo-missing").classList.toggle("hidden", soloOk);
  $("s-create").disabled = !soloOk;
  if (!META.campaigns) $("campaigns-link").classList.add("hidden");
  else await loadCampaignNames();

  $("tab-base").onclick = () => tab("base");
  $("tab-solo").onclick = () => tab("solo");
  $("b-players").onchange = () => { seatRows(); boardNote(); check("base"); };
  $("b-seats").addEventListener("change", () => botsNote("b-seats", "b-seats-warn"));
  $("s-seats").addEventListener("change", () => botsNote("s-seats", "s-seats-warn"));
  $("b-mode").onchange = () => { modeChanged(); boardNote(); check("base"); };
  $("b-board").onchange = () => { boardNote(); check("base"); };
  for (const id of ["b-venus", "b-wine", "b-inter", "b-fish"]) $(id).addEventListener("change", () => check("base"));
  $("s-variant").onchange = () => { soloVariant(); check("solo"); };
  for (const id of ["s-board", "s-diff", "s-manual", "s-fish"]) $(id).addEventListener("change", () => check("solo"));
  $("s-campaign").onchange = () => { $("s-campaign-new").classList.toggle("hidden", $("s-campaign").value !== "__new__"); soloVariant(); check("solo"); };
  $("form-base").onsubmit = (e) => { e.preventDefault(); createBase(); };
  $("form-solo").onsubmit = (e) => { e.preventDefault(); createSolo(); };
  modeChanged();
  boardNote();
  soloVariant();
  if (location.hash === "#solo") tab("solo");
  const q = new URLSearchParams(location.search);
  if (q.get("campaign")) { tab("solo"); $("s-campaign").value = q.get("campaign"); soloVariant(); }
  check("base");
  document.body.dataset.ready = "1";  // the controls work from here on (tests wait for this)
  await listGames();
}

// the campaigns of this browser (those it holds the secret of)
async function myCampaigns() {
  const campaigns = Object.entries(CampaignKeys.all()).map(([name, key]) => ({ name, key }));
  return campaigns.length ? api("POST", "/api/campaigns/mine", { campaigns }) : { campaigns: [] };
}

async function loadCampaignNames() {
  try {
    const res = await myCampaigns();
    const sel = $("s-campaign");
    for (const c of res.campaigns) {
      if (!c.finished) sel.append(el("option", { value: c.name }, `${c.name} (next game: ${c.start_vp} VP)`));
    }
    sel.append(el("option", { value: "__new__" }, "+ start a new campaign…"));
  } catch (e) { /* campaigns unavailable */ }
}

function tab(which) {
  $("tab-base").classList.toggle("active", which === "base");
  $("tab-solo").classList.toggle("active", which === "solo");
  $("form-base").classList.toggle("hidden", which !== "base");
  $("form-solo").classList.toggle("hidden", which !== "solo");
  $("create-error").classList.add("hidden");
  check(which);
}

// the board's size and the players it is made for; a warning when the number chosen is outside that range
function boardNote() {
  const b = META.boards.find((x) => x.name === $("b-board").value);
  $("b-board-note").textContent = b ? `${b.cities} cities; made for ${playersRange(b.players)}` : "";
  const n = Number($("b-players").value);
  const odd = b && n && (n < b.players[0] || n > b.players[1]);
  $("b-players-warn").textContent = odd ? `Unusual: ${b.title} is made for ${playersRange(b.players)}; with ${n} the map is `
    + (n < b.players[0] ? "roomier and the game easier than intended." : "more crowded than intended.") : "";
  $("b-players-warn").classList.toggle("hidden", !odd);
}

// the numbers of players of the chosen mode, as the engine offers them; the nearest to the number chosen so far stays
function modeChanged() {
  const mode = $("b-mode").value || "base";
  const allowed = tablePlayers(mode);
  const was = Number($("b-players").value) || Number($("b-players").dataset.default) || 0;
  const keep = allowed.includes(was) ? was : allowed.reduce((best, n) => (Math.abs(n - was) < Math.abs(best - was) ? n : best), allowed[0]);
  $("b-players").innerHTML = "";
  for (const n of allowed) $("b-players").append(el("option", { value: String(n) }, String(n)));
  if (keep !== undefined) $("b-players").value = String(keep);
  if (mode === "team" && !$("b-mode").dataset.venusSet) { $("b-venus").checked = true; $("b-mode").dataset.venusSet = "1"; }
  seatRows();
}

function teamName(team, k) {
  return Math.max(...team) === 0 ? "the team" : TEAM_NAMES[k] || `Team ${k + 1}`;
}

// the teams in words, from the seating the engine gives
function partnersText(partners) {
  const team = teamsOf(partners);
  const parts = [];
  for (let k = 0; k <= Math.max(...team); k++) {
    const seats = team.map((t, i) => (t === k ? i : null)).filter((i) => i !== null);
    parts.push(`${teamName(team, k)}: ${seats.map(seatText).join(" & ")}`);
  }
  return "Partners — " + parts.join("; ");
}

// the seat rows' team tags for a seating (none without partners)
function teamTags(partners) {
  if (!partners) return {};
  const team = teamsOf(partners);
  return {
    team: (i) => team[i], teamName: (i) => teamName(team, team[i]),
    teamTitle: (i) => (partners[i] !== null && partners[i] !== undefined ? `partner: seat ${partners[i] + 1}` : ""),
  };
}

function seatRowsInto(box, n, opts = {}) {
  const old = [...box.querySelectorAll(".seat-row")].map((r) => ({ name: r.querySelector("input").value, kind: r.querySelector("select").value }));
  box.innerHTML = "";
  for (let i = 0; i < n; i++) {
    const sel = el("select", { "aria-label": `seat ${i + 1} is played by`, dataset: { seat: i } });
    for (const [v, t, title] of seatKindOptions()) sel.append(el("option", { value: v, title }, t));
    sel.value = old[i] ? old[i].kind : (i === 0 ? "hotseat" : "bot:greedy");
    const name = el("input", { type: "text", maxlength: 40, placeholder: `Player ${i + 1}`, value: old[i] ? old[i].name : "" });
    const team = opts.team ? el("span", { class: "tag", dataset: { team: opts.team(i) }, title: opts.teamTitle ? opts.teamTitle(i) : "" }, opts.teamName(i)) : null;
    box.append(el("div", { class: "seat-row" + (team ? " teamed" : "") },
      el("span", { class: "swatch", style: `background:${PLAYER_COLORS[i]}`, title: PLAYER_NAMES_OF_COLORS[i] }), name, sel, team));
  }
}

// a game of bots only is played to its end when it is created (the request waits for it): with hard bots, about
// 35 s of CPU for two players on Italia, 40-50 s a hard seat in three- and four-player games (measured)
function botsNote(box, warn) {
  const kinds = [...$(box).querySelectorAll("select")].map((s) => s.value);
  const slow = !$(box).classList.contains("hidden") && kinds.length > 0 && kinds.every((k) => k.startsWith("bot:"))
    && kinds.includes("bot:hard");
  $(warn).textContent = slow ? "Every seat is a bot: the whole game is played when you create it, and with the hard "
    + "bot (up to a second or two a decision) that takes from half a minute to a few minutes." : "";
  $(warn).classList.toggle("hidden", !slow);
}

function seatRows() {
  const n = Number($("b-players").value);
  const partners = partnersOf($("b-mode").value, n);
  seatRowsInto($("b-seats"), n, teamTags(partners));
  $("b-teams").textContent = partners ? partnersText(partners) : "";
  botsNote("b-seats", "b-seats-warn");
}

function soloVariant() {
  const v = $("s-variant").value;
  if (!SOLO_VARIANTS[v]) return;
  const { mode, players } = SOLO_VARIANTS[v];
  const two = players > 1;
  const partners = partnersOf(mode, players);
  $("s-campaign-row").classList.toggle("hidden", two);
  if (two) $("s-campaign").value = "";
  $("s-public-row").classList.toggle("hidden", !!$("s-campaign").value);  // a campaign's games are its owner's
  $("s-name-row").classList.toggle("hidden", two);
  $("s-seats").classList.toggle("hidden", !two);
  $("s-seats-note").classList.toggle("hidden", !two);
  if (two) {
    seatRowsInto($("s-seats"), players, teamTags(partners));
    $("s-seats-note").textContent = partners
      ? "Both seats play together as one team against Contrarius (the automaton; it takes no seat)."
      : "Each seat plays for itself; Contrarius (the automaton) is the third player and takes no seat. Each player has one veto.";
    for (const s of $("s-seats").querySelectorAll("select")) s.addEventListener("change", () => check("solo"));
  }
  botsNote("s-seats", "s-seats-warn");
  $("s-create").textContent = two ? (partners ? "Play as a team against Contrarius" : "Play with Contrarius as third player") : "Challenge Contrarius";
}

function showError(e) {
  const box = $("create-error");
  box.textContent = e.message || String(e);
  box.classList.remove("hidden");
}

function seedOf(input) {
  const s = input.value.trim();
  return s === "" ? null : Number(s);
}

function seatsOf(box) {
  return [...box.querySelectorAll(".seat-row")].map((r) => {
    const v = r.querySelector("select").value;
    const name = r.querySelector("input").value.trim() || null;
    return v.startsWith("bot:") ? { kind: "bot", bot: v.slice(4), name } : { kind: v, name };
  });
}

function baseBody() {
  return {
    mode: $("b-mode").value || "base", board: $("b-board").value, players: Number($("b-players").value),
    seats: seatsOf($("b-seats")), venus: $("b-venus").checked, fish_market: $("b-fish").value || null,
    display: $("b-wine").checked ? "wine" : "standard", intermediate_scoring: $("b-inter").checked, seed: seedOf($("b-seed")),
    public: $("b-public").checked,
  };
}

function soloBody() {
  const v = SOLO_VARIANTS[$("s-variant").value];
  const seats = v.players === 1 ? [{ kind: "hotseat", name: $("s-name").value.trim() || null }] : seatsOf($("s-seats"));
  return {
    mode: v.mode, players: v.players, board: $("s-board").value, difficulty: $("s-diff").value,
    manual_dice: $("s-manual").checked, fish_market: $("s-fish").value || null, seed: seedOf($("s-seed")), seats,
    public: $("s-public").checked,
  };
}

// ask the engine whether these options make a game; show its refusal in words (and do not offer to start)
const CHECKS = { base: 0, solo: 0 };
async function check(which) {
  const n = ++CHECKS[which];
  const box = $(which === "base" ? "b-check" : "s-check");
  const btn = $(which === "base" ? "b-create" : "s-create");
  let body;
  try { body = which === "base" ? baseBody() : soloBody(); } catch (e) { return; }
  if (which === "solo" && $("s-campaign").value) { box.classList.add("hidden"); btn.disabled = false; return; }
  let why = "";
  try {
    await api("POST", "/api/options/check", { ...body, seed: null, public: false });
  } catch (e) {
    why = e.message || String(e);
  }
  if (n !== CHECKS[which]) return; // a newer check is on its way
  box.textContent = why ? `Not possible: ${why}` : "";
  box.classList.toggle("hidden", !why);
  btn.disabled = !!why || (which === "solo" && !Object.keys(SOLO_VARIANTS).length);
  btn.dataset.checked = why ? "refused" : "ok";
}

async function createBase() {
  $("create-error").classList.add("hidden");
  const body = baseBody();
  $("b-create").disabled = true;
  try {
    const res = await api("POST", "/api/games", body);
    afterCreate(res);
  } catch (e) {
    showError(e);
  } finally {
    $("b-create").disabled = false;
  }
}

async function createSolo() {
  $("create-error").classList.add("hidden");
  let campaign = $("s-campaign").value;
  const full = soloBody();
  $("s-create").disabled = true;
  try {
    let res;
    if (campaign && full.players === 1) {
      if (campaign === "__new__") {
        campaign = $("s-campaign-new").value.trim();
        if (!campaign) throw new Error("Give the new campaign a name.");
        const made = await api("POST", "/api/campaigns", { name: campaign });
        CampaignKeys.set(campaign, made.key);
      }
      const body = { board: full.board, manual_dice: full.manual_dice, seed: full.seed, seats: [{ name: full.seats[0].name }] };
      res = await api("POST", `/api/campaigns/${encodeURIComponent(campaign)}/games`, body,
        { "X-Campaign-Key": CampaignKeys.get(campaign) || "" });
    } else {
      res = await api("POST", "/api/games", full);
    }
    afterCreate(res);
  } catch (e) {
    showError(e);
  } finally {
    $("s-create").disabled = false;
  }
}

// keep the hot-seat secrets and the creator's in this browser; show invite links for the seats of people elsewhere
function afterCreate(res) {
  for (const s of res.seats) if (s.kind === "hotseat" && s.key) Creds.add(res.id, s.seat, s.key);
  Owners.set(res.id, res.owner_key);
  const online = res.seats.filter((s) => s.kind === "human");
  if (!online.length) {
    location.href = `/play/${res.id}`;
    return;
  }
  // the game exists now: its invitations come into sight at once (the page stays here so that they can be sent)
  const box = $("invites");
  box.innerHTML = "";
  box.classList.remove("hidden");
  box.setAttribute("role", "status");
  box.append(el("h3", { tabindex: "-1" }, `Game created — invite ${online.length === 1 ? "the other player" : `the ${online.length} other players`}`),
    el("p", { class: "small" },
      "Send each person their own link: it is the secret of their seat (whoever has it can play that seat). Keep yours."));
  for (const s of online) {
    const input = el("input", { type: "text", readonly: true, value: s.link, onclick: (e) => e.target.select(), dataset: { seat: s.seat } });
    const copy = el("button", { type: "button", class: "copy", dataset: { seat: s.seat },
      onclick: async () => { copy.textContent = (await copyText(input)) ? "Copied ✓" : "Select and copy"; } }, "Copy link");
    box.append(el("div", { class: "invite" },
      el("div", {}, el("span", { class: "swatch", style: `background:${PLAYER_COLORS[s.seat]}` }), " ", el("b", {}, s.name), " "),
      input,
      el("div", { style: "margin-top:4px;display:flex;gap:6px" },
        copy, el("a", { class: "btn", href: s.link, target: "_blank", rel: "noopener" }, "Open this seat here"))));
  }
  const hot = res.seats.filter((s) => s.kind === "hotseat");
  box.append(el("div", { style: "margin-top:8px" },
    el("a", { class: "btn primary", href: `/play/${res.id}` }, hot.length ? "Go to the table" : "Watch the game")));
  box.scrollIntoView({ block: "start" });
  box.querySelector("h3").focus({ preventScroll: true });
  listGames();
}

// a link to the clipboard: the Clipboard API where the page may use it (https, localhost), else the selection
async function copyText(input) {
  input.select();
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(input.value); return true; }
  } catch (e) { /* refused: the selection below */ }
  try { return document.execCommand("copy"); } catch (e) { return false; }
}

// the games of this browser (those it holds a seat's or the creator's secret of), and the public games of others
async function listGames() {
  let own, pub;
  try {
    const created = Object.entries(Owners.all()).map(([game, key]) => ({ game, key }));
    const seats = Creds.all();
    [own, pub] = await Promise.all([
      seats.length || created.length ? api("POST", "/api/games/mine", { seats, created }) : { games: [] },
      api("GET", "/api/games"),
    ]);
  } catch (e) {
    $("active").innerHTML = "";
    $("active").append(el("li", { class: "error" }, e.message));
    return;
  }
  const mine = new Set(own.games.map((g) => g.id));
  const fill = (ul, list, empty) => {
    ul.innerHTML = "";
    if (!list.length) { ul.append(el("li", { class: "muted" }, empty)); return; }
    for (const g of list) ul.append(gameItem(g, mine.has(g.id)));
  };
  fill($("active"), own.games.filter((g) => g.status !== "over"), "No games in progress.");
  fill($("finished"), own.games.filter((g) => g.status === "over"), "No finished games yet.");
  fill($("public"), pub.games.filter((g) => !mine.has(g.id)), "No public games.");
}

function gameItem(g, mine) {
  const who = g.seats.map((s) => s.name).join(", ");
  const finished = g.status === "over";
  const playing = g.your_seats && g.your_seats.length;
  const buttons = finished
    ? [el("a", { class: "btn", href: `/play/${g.id}` }, "Result"), el("a", { class: "btn", href: `/replay/${g.id}` }, "Replay"),
       el("a", { class: "btn", href: `/api/games/${g.id}/record`, download: `concordia-${g.id}.json` }, "Download")]
    : [el("a", { class: "btn" + (playing ? " primary" : ""), href: `/play/${g.id}` }, playing ? "Resume" : "Watch")];
  if (g.creator && !finished) {
    buttons.push(el("button", { type: "button", class: "danger", dataset: { delete: g.id }, onclick: () => deleteGame(g.id) }, "Delete"));
  }
  return el("li", { dataset: { game: g.id } },
    el("div", { class: "what" },
      el("b", {}, optionsSummary(g.options, againstContrarius(g.options))), " ",
      playing ? el("span", { class: "tag mine", title: "this browser holds a seat secret of this game" }, "your seat") : null, " ",
      g.creator ? el("span", { class: "tag", title: "this browser created the game" }, "yours") : null, " ",
      g.public ? el("span", { class: "tag", title: "listed in every lobby" }, "public") : null, " ",
      g.campaign ? el("span", { class: "tag" }, `campaign ${g.campaign}`) : null,
      el("div", { class: "small muted" }, `${who} · ${g.decisions} decision${g.decisions === 1 ? "" : "s"} · ${fmtDate(g.updated)}`)),
    buttons);
}

async function deleteGame(gid) {
  if (!confirm("Delete this game for everyone at its table? It cannot be undone.")) return;
  try {
    await api("DELETE", `/api/games/${encodeURIComponent(gid)}`, undefined, { "X-Owner-Key": Owners.get(gid) || "" });
    Owners.remove(gid);
    Creds.forget(gid);
  } catch (e) {
    showError(e);
  }
  await listGames();
}

init().catch(showError);

// "3–5 players", or "3 players" when a board is made for one count only
function playersRange([lo, hi]) {
  return lo === hi ? `${lo} player${lo === 1 ? "" : "s"}` : `${lo}–${hi} players`;
}
