// The campaigns page (/campaigns): start a Solitaria campaign, play its next game, see its games. An ES module.
// A campaign is shown and played with its secret, which this browser keeps (it got it when it made the campaign).
import { $, CampaignKeys, Creds, Owners, api, el } from "./common.js";

let BOARDS = [];

async function playNext(name, board) {
  const res = await api("POST", `/api/campaigns/${encodeURIComponent(name)}/games`, { board },
    { "X-Campaign-Key": CampaignKeys.get(name) || "" });
  for (const s of res.seats) if (s.key) Creds.add(res.id, s.seat, s.key);
  Owners.set(res.id, res.owner_key);
  location.href = `/play/${res.id}`;
}

function boardSelect(value) {
  const sel = el("select", { "aria-label": "board" });
  for (const b of BOARDS) if (b.solo !== false) sel.append(el("option", { value: b.name }, b.title));
  sel.value = value || "italia";
  return sel;
}

async function load() {
  const meta = await api("GET", "/api/meta");
  BOARDS = meta.boards;
  const cb = $("c-board");
  for (const b of BOARDS) if (b.solo !== false) cb.append(el("option", { value: b.name }, b.title));
  cb.value = "italia";
  const campaigns = Object.entries(CampaignKeys.all()).map(([name, key]) => ({ name, key }));
  const res = campaigns.length ? await api("POST", "/api/campaigns/mine", { campaigns }) : { campaigns: [] };
  const box = $("list");
  box.innerHTML = "";
  if (!res.campaigns.length) box.append(el("p", { class: "muted" }, "No campaigns in this browser yet."));
  for (const c of res.campaigns) {
    const rows = c.games.map((g) => el("tr", {},
      el("td", {}, String(g.number)), el("td", {}, g.board), el("td", {}, String(g.start_vp)),
      el("td", {}, `${g.player_score} : ${g.contrarius_score}`), el("td", {}, g.won ? "won" : "lost"),
      el("td", {}, String(g.next_start_vp)),
      el("td", {}, g.web_game ? el("a", { href: `/replay/${g.web_game}` }, "replay") : el("span", { class: "muted small" }, "terminal"))));
    const table = c.games.length ? el("table", { class: "scores", style: "width:100%" },
      el("thead", {}, el("tr", {}, ["#", "Board", "Start", "You : Contrarius", "Result", "Next start", ""].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows)) : el("p", { class: "muted small" }, "No game played yet.");
    const sel = boardSelect(c.games.length ? c.games[c.games.length - 1].board : "italia");
    const action = c.finished ? el("div", { class: "notice" }, c.suggestion || "Campaign complete.")
      : c.active_game ? el("a", { class: "btn primary", href: `/play/${c.active_game}` }, "Continue the game in progress")
      : el("div", { class: "form-row" }, sel, el("button", { class: "primary", onclick: () => playNext(c.name, sel.value).catch(showErr) }, `Play game ${c.games.length + 1} (start ${c.start_vp} VP)`));
    box.append(el("div", { class: "panel", dataset: { campaign: c.name } },
      el("h3", {}, c.name, " ", c.finished ? el("span", { class: "tag" }, "complete") : el("span", { class: "tag" }, `next start ${c.start_vp} VP`)),
      table, action));
  }
}

function showErr(e) { $("err").textContent = e.message; $("err").classList.remove("hidden"); }

$("newc").onsubmit = async (e) => {
  e.preventDefault();
  try {
    const name = $("c-name").value.trim();
    const made = await api("POST", "/api/campaigns", { name });
    CampaignKeys.set(name, made.key);
    await playNext(name, $("c-board").value);
  } catch (err) { showErr(err); }
};
load().catch(showErr);
