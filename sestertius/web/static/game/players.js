// The players panel: money, goods, storehouse, colonists, houses, hand size, pile, points, badges (Praefectus
// Magnus, Concordia, to act, the team partner the view names).
import { $, CATALOG, GOOD_COLORS, GOODS, cardInfo, cardTitle, cardWhat, coin, contrariusInfo, el, goodCount, playerColor, seatName, swatch } from "../common.js";

export function renderPlayers(v) {
  const box = $("players");
  box.innerHTML = "";
  // the Concordia card's points and the houses a player has: the catalog's numbers
  const vp = CATALOG && CATALOG.concordia_vp !== undefined ? ` (+${CATALOG.concordia_vp} VP)` : "";
  const houses = CATALOG && CATALOG.houses ? ` ${CATALOG.houses}` : "";
  const conc = v.concordia >= 0
    ? `Concordia card: taken by ${seatName(v, v.concordia)}${vp}` + (v.final_turns > 0 && !v.over ? ` — last turns: ${v.final_turns}` : "")
    : `Concordia card: still on the table (the first to build all${houses} houses or to buy the last card takes it)`;
  box.append(el("div", { class: "small muted", id: "concordia-info" }, conc));
  const con = contrariusInfo(v);
  for (const p of v.players) {
    const isCon = con && con.seat === p.seat;
    const colr = playerColor(p.seat, v);
    const badges = [];
    if (v.pm === p.seat) badges.push(el("span", { class: "badge pm", title: "Praefectus Magnus: produces a double bonus with a Prefect" }, "Praefectus Magnus"));
    if (v.concordia === p.seat) badges.push(el("span", { class: "badge concordia", title: `took the Concordia card${vp}` }, "Concordia"));
    if (v.to_act === p.seat && !v.over) badges.push(el("span", { class: "badge" }, "to act"));
    if (p.partner !== null && p.partner !== undefined) badges.push(el("span", { class: "badge partner", title: "team play: partners score together" }, `partner: ${seatName(v, p.partner)}`));
    const seatInfo = (v.seats || []).find((s) => s.seat === p.seat);
    // the one player of a solo game is not one of several at a screen: "you" (or "player" to a spectator)
    const alone = con && (v.seats || []).length === 1 && seatInfo && seatInfo.kind !== "bot";
    const kind = isCon ? "automaton" : alone ? (v.seat === p.seat ? "you" : "player")
      : seatInfo ? ({ human: "online", hotseat: "hot-seat", bot: `${seatInfo.bot} bot` }[seatInfo.kind]) : "";
    const row1 = el("div", { class: "row" });
    if (!isCon) {
      row1.append(coin(p.money), " ");
      for (const g of GOODS) row1.append(goodCount(g, p.goods[g]));
    }
    const storeCells = el("span", { class: "store", title: `storehouse: ${p.storehouse.used} of ${p.storehouse.size} spaces used` });
    const cells = [];
    for (const g of GOODS) for (let i = 0; i < p.goods[g]; i++) cells.push(GOOD_COLORS[g]);
    const inStore = p.colonists.filter((c) => c.at === "store");
    for (const c of inStore) cells.push(c.kind === "land" ? "#8a6a40" : "#2a5d8f");
    for (let i = 0; i < p.storehouse.size; i++) {
      storeCells.append(el("span", { class: "cell" + (cells[i] ? " full" : ""), style: cells[i] ? `background:${cells[i]}` : "" }));
    }
    const onBoard = p.colonists.length - inStore.length;
    const row2 = el("div", { class: "row" },
      isCon ? null : storeCells,
      el("span", { title: "colonists on the board / in the storehouse" }, `colonists ${onBoard} out, ${inStore.length} in`),
      el("span", { title: "houses built / left" }, `houses ${p.houses.length}/${p.houses.length + p.houses_left}`),
    );
    const row3 = el("div", { class: "row" },
      isCon ? null : el("span", {}, `hand ${p.hand_size}`),
      isCon ? null : el("span", {}, "top of pile: ", p.pile_top ? el("b", { title: cardWhat(cardInfo(p.pile_top)) }, cardTitle(p.pile_top)) : "—", p.pile_size > 1 ? ` (${p.pile_size})` : ""),
      p.vp || isCon || v.options.mode === "solo" ? el("span", { title: "victory points scored during play" }, `VP ${p.vp}`) : null,
    );
    box.append(el("div", { class: "player" + (v.to_act === p.seat && !v.over ? " acting" : ""), style: `border-left-color:${colr}`, dataset: { seat: p.seat } },
      el("div", { class: "head" }, swatch(p.seat, v), el("span", { class: "name" }, seatName(v, p.seat)),
        el("span", { class: "small muted" }, kind || ""), ...badges),
      isCon ? null : row1, row2, row3));
  }
}
