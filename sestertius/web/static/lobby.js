// The lobby: create games (base/Venus with hot-seat, online and bot seats; solo against Contrarius, in or out of a
// campaign), resume games of this browser, replay and download finished ones.
"use strict";

let META = null;
const $ = (id) => document.getElementById(id);
const SEAT_KIND_OPTIONS = [
  ["hotseat", "Person at this screen (hot-seat)"],
  ["human", "Person elsewhere (invite link)"],
  ["bot:greedy", "Bot (greedy)"],
  ["bot:random", "Bot (random)"],
];

async function init() {
  META = await api("GET", "/api/meta");
  for (const [sel, mode] of [[$("b-board"), "base"], [$("s-board"), "solo"]]) {
    for (const b of META.boards) {
      const ok = b[mode] !== false;
      sel.append(el("option", { value: b.name, disabled: !ok, title: ok ? "" : (b.why_not || {})[mode] },
        mode === "base" ? `${b.title} (${b.players[0]}–${b.players[1]} players)` + (ok ? "" : " — not playable yet") : b.title + (ok ? "" : " — not for solo")));
    }
  }
  $("b-board").value = META.boards.some((b) => b.name === "imperium") ? "imperium" : META.boards[0].name;
  $("s-board").value = META.boards.some((b) => b.name === "italia") ? "italia" : META.boards[0].name;
  for (const d of META.difficulties) $("s-diff").append(el("option", { value: d }, d.replace(/_/g, " ")));
  if (META.difficulties.includes("standard")) $("s-diff").value = "standard";
  if (META.modes.includes("team")) $("b-mode").append(el("option", { value: "team" }, "team play (4 or 6, teams of two)"));
  else $("b-mode").classList.add("hidden");
  for (const f of META.fish_market || []) $("b-fish").append(el("option", { value: f.name }, f.title));
  $("b-fish-row").classList.toggle("hidden", !(META.fish_market || []).length);
  const soloOk = META.modes.includes("solo");
  $("solo-missing").classList.toggle("hidden", soloOk);
  $("s-create").disabled = !soloOk;
  if (!META.campaigns) $("campaigns-link").classList.add("hidden");
  else await loadCampaignNames();

  $("tab-base").onclick = () => tab("base");
  $("tab-solo").onclick = () => tab("solo");
  $("b-players").onchange = seatRows;
  $("b-board").onchange = boardNote;
  $("s-campaign").onchange = () => $("s-campaign-new").classList.toggle("hidden", $("s-campaign").value !== "__new__");
  $("form-base").onsubmit = (e) => { e.preventDefault(); createBase(); };
  $("form-solo").onsubmit = (e) => { e.preventDefault(); createSolo(); };
  seatRows();
  boardNote();
  if (location.hash === "#solo") tab("solo");
  const q = new URLSearchParams(location.search);
  if (q.get("campaign")) { tab("solo"); $("s-campaign").value = q.get("campaign"); }
  await listGames();
}

async function loadCampaignNames() {
  try {
    const res = await api("GET", "/api/campaigns");
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
}

function boardNote() {
  const b = META.boards.find((x) => x.name === $("b-board").value);
  $("b-board-note").textContent = b ? `${b.cities} cities; made for ${b.players[0]}–${b.players[1]} players` : "";
}

function seatRows() {
  const n = Number($("b-players").value);
  const box = $("b-seats");
  const old = [...box.querySelectorAll(".seat-row")].map((r) => ({ name: r.querySelector("input").value, kind: r.querySelector("select").value }));
  box.innerHTML = "";
  for (let i = 0; i < n; i++) {
    const sel = el("select", { "aria-label": `seat ${i + 1} is played by`, dataset: { seat: i } });
    for (const [v, t] of SEAT_KIND_OPTIONS) sel.append(el("option", { value: v }, t));
    sel.value = old[i] ? old[i].kind : (i === 0 ? "hotseat" : "bot:greedy");
    const name = el("input", { type: "text", maxlength: 40, placeholder: `Player ${i + 1}`, value: old[i] ? old[i].name : "" });
    box.append(el("div", { class: "seat-row" },
      el("span", { class: "swatch", style: `background:${PLAYER_COLORS[i]}`, title: PLAYER_NAMES_OF_COLORS[i] }), name, sel));
  }
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

async function createBase() {
  $("create-error").classList.add("hidden");
  const seats = [...document.querySelectorAll("#b-seats .seat-row")].map((r) => {
    const v = r.querySelector("select").value;
    const name = r.querySelector("input").value.trim() || null;
    return v.startsWith("bot:") ? { kind: "bot", bot: v.slice(4), name } : { kind: v, name };
  });
  const body = {
    mode: $("b-mode").value || "base", board: $("b-board").value, seats, venus: $("b-venus").checked,
    fish_market: $("b-fish").value || null,
    display: $("b-wine").checked ? "wine" : "standard", intermediate_scoring: $("b-inter").checked, seed: seedOf($("b-seed")),
  };
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
  const body = {
    board: $("s-board").value, manual_dice: $("s-manual").checked, seed: seedOf($("s-seed")),
    seats: [{ kind: "hotseat", name: $("s-name").value.trim() || null }],
  };
  $("s-create").disabled = true;
  try {
    let res;
    if (campaign) {
      if (campaign === "__new__") {
        campaign = $("s-campaign-new").value.trim();
        if (!campaign) throw new Error("Give the new campaign a name.");
        await api("POST", "/api/campaigns", { name: campaign });
      }
      res = await api("POST", `/api/campaigns/${encodeURIComponent(campaign)}/games`, body);
    } else {
      res = await api("POST", "/api/games", { ...body, mode: "solo", difficulty: $("s-diff").value });
    }
    afterCreate(res);
  } catch (e) {
    showError(e);
  } finally {
    $("s-create").disabled = false;
  }
}

// keep the hot-seat secrets in this browser; show invite links for the seats of people elsewhere
function afterCreate(res) {
  for (const s of res.seats) if (s.kind === "hotseat" && s.key) Creds.add(res.id, s.seat, s.key);
  const online = res.seats.filter((s) => s.kind === "human");
  if (!online.length) {
    location.href = `/play/${res.id}`;
    return;
  }
  const box = $("invites");
  box.innerHTML = "";
  box.classList.remove("hidden");
  box.append(el("h3", {}, "Invitations"), el("p", { class: "small" },
    "Send each person their own link: it is the secret of their seat (whoever has it can play that seat). Keep yours."));
  for (const s of online) {
    const input = el("input", { type: "text", readonly: true, value: s.link, onclick: (e) => e.target.select(), dataset: { seat: s.seat } });
    box.append(el("div", { class: "invite" },
      el("div", {}, el("span", { class: "swatch", style: `background:${PLAYER_COLORS[s.seat]}` }), " ", el("b", {}, s.name), " "),
      input,
      el("div", { style: "margin-top:4px;display:flex;gap:6px" },
        el("button", { type: "button", onclick: () => { input.select(); navigator.clipboard && navigator.clipboard.writeText(s.link); } }, "Copy"),
        el("a", { class: "btn", href: s.link, target: "_blank", rel: "noopener" }, "Open this seat here"))));
  }
  const hot = res.seats.filter((s) => s.kind === "hotseat");
  box.append(el("div", { style: "margin-top:8px" },
    el("a", { class: "btn primary", href: `/play/${res.id}` }, hot.length ? "Go to the table" : "Watch the game")));
  listGames();
}

async function listGames() {
  let res;
  try { res = await api("GET", "/api/games"); } catch (e) { $("active").innerHTML = ""; $("active").append(el("li", { class: "error" }, e.message)); return; }
  const mine = new Set(Creds.games());
  const active = res.games.filter((g) => g.status !== "over");
  const over = res.games.filter((g) => g.status === "over");
  const fill = (ul, list, finished) => {
    ul.innerHTML = "";
    if (!list.length) { ul.append(el("li", { class: "muted" }, finished ? "No finished games yet." : "No games in progress.")); return; }
    // games of this browser first
    list.sort((a, b) => (mine.has(b.id) - mine.has(a.id)));
    for (const g of list) {
      const who = g.seats.map((s) => s.kind === "bot" ? `${s.name}` : s.name).join(", ");
      const li = el("li", { dataset: { game: g.id } },
        el("div", { class: "what" },
          el("b", {}, optionsSummary(g.options)), " ",
          mine.has(g.id) ? el("span", { class: "tag mine", title: "this browser holds a seat secret of this game" }, "your seat") : null, " ",
          g.campaign ? el("span", { class: "tag" }, `campaign ${g.campaign}`) : null,
          el("div", { class: "small muted" }, `${who} · ${g.decisions} decisions · ${fmtDate(g.updated)}`)),
        finished
          ? [el("a", { class: "btn", href: `/play/${g.id}` }, "Result"), el("a", { class: "btn", href: `/replay/${g.id}` }, "Replay"),
             el("a", { class: "btn", href: `/api/games/${g.id}/record`, download: `concordia-${g.id}.json` }, "Download")]
          : el("a", { class: "btn" + (mine.has(g.id) ? " primary" : ""), href: `/play/${g.id}` }, mine.has(g.id) ? "Resume" : "Watch"));
      ul.append(li);
    }
  };
  fill($("active"), active, false);
  fill($("finished"), over, true);
}

init().catch(showError);
