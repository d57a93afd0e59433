/* SPDX-License-Identifier: GPL-3.0-or-later */
// The guest page: a phone at the table, showing the host's ledger and sending this
// player's own actions.  Every text from the host is set with textContent, never as markup.
// Protocol: docs/formats.md, "Guests' phones".
"use strict";

(function () {
  const VERSION = 1;
  const $ = (id) => document.getElementById(id);
  let S = {};                 // the page's words, from the host in this phone's language
  let ws = null;
  let state = null;
  let stopped = false;
  let retry = 0;
  let pending = null;         // { seq, action, form }: sent, not yet answered
  let moveHouse = null;       // { street, house, n } being written
  let leaving = false;        // this phone asked to leave its seat
  let sheetMessage = "";      // a refusal of the sheet's own button (no form)
  // The open forms by kind ("move", "claim", "refuse", "pad"): { key, node, message }.  A
  // form is kept across the host's updates and a refusal, so that what was entered stays;
  // only another house, plan or round (its key) makes a new one.
  const forms = {};

  function t (key, ...args) {
    let text = S[key] || "";
    for (const a of args)
      text = text.replace(/%[sd]/, String(a));
    return text;
  }

  function el (tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null)
      node.textContent = String(text);
    if (cls)
      node.className = cls;
    return node;
  }

  // A phone keeps its id (and so its seat) across reloads and lost connections.
  function clientId () {
    let id = localStorage.getItem("tk-client");
    if (!id || !/^[0-9a-f]{32}$/.test(id)) {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem("tk-client", id);
    }
    return id;
  }

  function nextSeq () {
    const seq = (parseInt(localStorage.getItem("tk-seq") || "0", 10) || 0) + 1;
    localStorage.setItem("tk-seq", String(seq));
    return seq;
  }

  function send (object) {
    object.v = VERSION;
    if (ws && ws.readyState === WebSocket.OPEN)
      ws.send(JSON.stringify(object));
  }

  // @form: the kind of form the action comes from, where its refusal is shown.
  function sendAction (action, form) {
    if (pending)
      return;
    pending = { seq: nextSeq(), action: action, form: form || null };
    showMessage("");
    sheetMessage = "";
    if (form && forms[form])
      setFormMessage(form, "");
    $("status").textContent = t("sending");
    send({ type: "action", seq: pending.seq, action: action });
    render();
  }

  // The form of @kind as it is, or a new one from @build () when there is none for @key.
  function keptForm (kind, key, build) {
    const kept = forms[kind];
    if (kept && kept.key === key)
      return kept.node;
    const message = el("p", null, "form-message");
    message.setAttribute("role", "alert");
    message.hidden = true;
    const node = build(message);
    forms[kind] = { key: key, node: node, message: message };
    return node;
  }

  function closeForm (kind) {
    delete forms[kind];
    if (kind === "move")
      moveHouse = null;
    else if (kind === "claim")
      claimPlan = null;
    else if (kind === "refuse")
      refusing = false;
  }

  function setFormMessage (kind, text) {
    const message = forms[kind].message;
    message.textContent = text || "";
    message.hidden = !text;
  }

  function showMessage (text) {
    const m = $("message");
    m.textContent = text || "";
    m.hidden = !text;
  }

  function connect () {
    if (stopped)
      return;
    ws = new WebSocket("ws://" + location.host + location.pathname + "ws");
    ws.onopen = () => {
      retry = 0;
      send({ type: "hello", client: clientId(), lang: navigator.language || "en",
             since: state ? state.revision : 0 });
      // An action sent just before the connection broke goes again under the same
      // sequence number: the host answers it without applying it twice.
      if (pending)
        send({ type: "action", seq: pending.seq, action: pending.action });
    };
    ws.onmessage = (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch (e) { return; }
      receive(msg);
    };
    ws.onclose = () => {
      ws = null;
      if (stopped)
        return;
      $("status").textContent = S.reconnecting ? t("reconnecting") : "…";
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * Math.pow(2, retry - 1));
    };
  }

  function receive (msg) {
    if (msg.v !== VERSION)
      return;
    switch (msg.type) {
    case "welcome":
      S = msg.strings || {};
      showMessage("");    // a "full table" from before has been resolved
      // A browser killed right after a tap may not have saved the counter yet: never
      // reuse a sequence number the host has already answered.
      if (typeof msg.last_seq === "number" &&
          (parseInt(localStorage.getItem("tk-seq") || "0", 10) || 0) < msg.last_seq)
        localStorage.setItem("tk-seq", String(msg.last_seq));
      document.documentElement.lang = msg.lang === "ja" ? "ja" : "en";
      break;
    case "state": {
      const had = state && typeof state.seat === "number" ? state.seat : null;
      state = msg;
      $("status").textContent = "";
      if (had !== null && typeof state.seat !== "number") {
        // The seat went: what was being written, and old refusals, go with it.
        for (const kind of Object.keys(forms))
          closeForm(kind);
        sheetMessage = "";
        showMessage(leaving ? "" : t("taken_back"));
        leaving = false;
        $("leave-ask").hidden = true;
      }
      render();
      break;
    }
    case "result":
      if (pending && msg.seq === pending.seq) {
        if (pending.form)
          closeForm(pending.form);
        pending = null;
        showMessage("");
        $("status").textContent = "";
        render();
      }
      break;
    case "refusal": {
      // An action's refusal is shown beside the form it came from, which keeps what was
      // entered; anything else (a seat, the rate) at the top.
      const form = pending && msg.seq === pending.seq ? pending.form : null;
      if (pending && msg.seq === pending.seq)
        pending = null;
      // A full table closes the connection: ask again only now and then, until the host
      // makes room, with the refusal shown meanwhile.
      if (msg.code === "full")
        retry = 6;
      $("status").textContent = "";
      if (form && forms[form])
        setFormMessage(form, msg.message);
      else if (form === "sheet")
        sheetMessage = msg.message;
      else
        showMessage(msg.message);
      render();
      const shown = form && forms[form] ? forms[form].message : form === "sheet" ? $("sheet-message") : null;
      if (shown && shown.scrollIntoView)
        shown.scrollIntoView({ block: "nearest" });
      break;
    }
    case "stopped":
      stopped = true;
      showMessage(t("stopped"));
      $("status").textContent = "";
      break;
    }
  }

  function playerName (seat) {
    const p = state.players[seat];
    return p ? p.name : "";
  }

  function safeColour (colour) {
    return /^#[0-9a-fA-F]{6}$/.test(colour || "") ? colour : "#888888";
  }

  function dot (colour) {
    const d = el("span", null, "dot");
    d.style.backgroundColor = safeColour(colour);
    d.setAttribute("aria-hidden", "true");
    return d;
  }

  function renderSeats () {
    const list = $("seat-list");
    const seated = state.seat !== null && state.seat !== undefined;
    $("seats").hidden = seated || !state.input;
    $("seats-heading").textContent = t("pick_seat");
    list.replaceChildren();
    for (const p of state.players) {
      const li = el("li");
      const b = el("button");
      b.type = "button";
      const name = el("span");
      name.append(dot(p.colour), document.createTextNode(p.name));
      const word = { free: "seat_free", taken: "seat_taken", pending: "seat_pending",
                     asked: "seat_pending", you: "seat_you" }[p.guest] || "seat_free";
      b.append(name, el("span", t(word)));
      b.disabled = p.guest !== "free";
      b.addEventListener("click", () => { showMessage(""); send({ type: "seat_request", seat: p.seat }); });
      li.append(b);
      list.append(li);
      if (p.guest === "asked")
        $("status").textContent = t("asked");
    }
    $("me").hidden = !seated;
    $("leave-section").hidden = !seated;
    if (seated) {
      $("me-line").textContent = playerName(state.seat);
      $("leave-question").textContent = t("leave_ask", playerName(state.seat));
    }
    $("leave").textContent = t("leave");
    $("leave-yes").textContent = t("leave");
    $("leave-no").textContent = t("cancel");
  }

  function renderTurn () {
    let line = "";
    const sc = state.score || {};
    const over = !state.open || sc.finished === true || sc.over === true || sc.ended === true;
    if (over) {
      line = "";
    } else if (state.rules === "welcome-to") {
      const others = (state.waiting || []).filter((s) => s !== state.seat).map(playerName);
      const mine = (state.waiting || []).includes(state.seat);
      const parts = [t("round", state.round)];
      if (mine)
        parts.push(t("your_turn"));
      else if (state.seat !== null && state.acted)
        parts.push(t("played"));
      if (others.length > 0)
        parts.push(t("waiting_for", others.join(", ")));
      else if (!mine)
        parts.push(t("round_done"));
      line = parts.join(" · ");
    } else if (typeof state.turn === "number") {
      line = state.turn === state.seat ? t("your_turn") : t("turn_of", playerName(state.turn));
    }
    // A game the host keeps alone: say so, so that the phone is not searched for buttons.
    const watch = !state.input && !over;
    $("watch").textContent = watch ? t("watch_only") : "";
    $("watch").hidden = !watch;
    $("turn").textContent = line;
    $("turn").hidden = line === "";
    $("turn-section").hidden = line === "" && !watch;
    $("end").hidden = !over;
    if (over) {
      const winners = (state.score.players || []).filter((p) => p.winner).map((p) => p.name);
      $("end-heading").textContent = t("game_over");
      $("end-line").textContent = winners.length ? t("winner") + ": " + winners.join(", ") : "";
    }
  }

  function renderScores () {
    $("scores-heading").textContent = t("scores");
    const list = $("score-list");
    list.replaceChildren();
    for (const p of (state.score && state.score.players) || []) {
      const li = el("li", null, p.seat === state.seat ? "you" : "");
      const head = el("span");
      head.append(dot(state.players[p.seat] ? state.players[p.seat].colour : null),
                  document.createTextNode(p.name));
      li.append(head, el("span", p.total, "total"), el("span", "#" + p.rank, "rank"));
      list.append(li);
    }
    $("ledger-heading").textContent = t("latest");
    const ledger = $("ledger");
    ledger.replaceChildren();
    for (const line of state.ledger || [])
      ledger.append(el("li", line));
    if (!(state.ledger || []).length)
      ledger.append(el("li", t("nothing_yet")));
  }

  // ---- Welcome To: the player's own sheet ----

  function isPoolSpot (street, house) {
    return !!(state.pools && state.pools[street - 1] && state.pools[street - 1].includes(house));
  }

  function renderSheet () {
    const box = $("sheet");
    const sheet = state.sheet;
    box.hidden = !(state.rules === "welcome-to" && sheet && state.seat !== null && state.open);
    box.replaceChildren();
    if (box.hidden) {
      for (const kind of ["move", "claim", "refuse"])
        closeForm(kind);
      return;
    }
    // A house written meanwhile (the host's Undo aside) closes its form.
    if (moveHouse && ((sheet.streets || [])[moveHouse.street - 1] || { houses: [] }).houses[moveHouse.house - 1])
      closeForm("move");
    let anyPool = false;
    (sheet.streets || []).forEach((street, si) => {
      const div = el("div", null, "street");
      div.append(el("h2", t("street", si + 1)));
      const houses = el("div", null, "houses");
      const fences = street.fences || [];
      (street.houses || []).forEach((house, hi) => {
        const b = el("button", house ? (house.roundabout ? "◯" : String(house.number) + (house.bis ? "b" : "")) : "");
        b.type = "button";
        if (house) b.classList.add("filled");
        if (fences.includes(hi + 1)) b.classList.add("fence-after");
        const poolSpot = isPoolSpot(si + 1, hi + 1);
        if (poolSpot) b.classList.add("pool-spot");
        anyPool = anyPool || poolSpot;
        b.setAttribute("aria-label", t("house", si + 1, hi + 1) + ": " +
                       (house ? (house.roundabout ? "◯" : house.number) : t("empty")) +
                       (poolSpot ? " (" + t("pool_spot") + ")" : ""));
        b.disabled = !!house || !!pending;
        // The house being written is marked, and its form opens right below its street.
        const picked = !!moveHouse && moveHouse.street === si + 1 && moveHouse.house === hi + 1;
        b.classList.toggle("picked", picked);
        b.setAttribute("aria-expanded", picked ? "true" : "false");
        b.addEventListener("click", () => {
          moveHouse = { street: si + 1, house: hi + 1, n: street.houses.length };
          render();
          const shown = $("move");
          if (shown && shown.previousElementSibling && shown.previousElementSibling.scrollIntoView)
            shown.previousElementSibling.scrollIntoView({ block: "start" });
        });
        houses.append(b);
      });
      div.append(houses);
      box.append(div);
      if (moveHouse && moveHouse.street === si + 1)
        box.append(moveForm());
    });
    // The dashed houses say what they are.
    if (anyPool) {
      const legend = el("p", null, "legend");
      legend.id = "pool-legend";
      const sample = el("span", null, "legend-pool");
      sample.setAttribute("aria-hidden", "true");
      legend.append(sample, document.createTextNode(t("pool_legend")));
      box.append(legend);
    }
    box.append(el("p", t("refusals", sheet.refusals || 0)));
    const refuse = el("button", t("refuse"));
    refuse.type = "button";
    refuse.disabled = !!pending;
    refuse.addEventListener("click", () => {
      // The host recorded the cards: the engine checks them.  Otherwise the refusal names
      // them, so that the engine can check that none fits.
      if (state.cards && state.cards.length === 3)
        sendAction({ type: "refuse", seat: state.seat }, "sheet");
      else {
        refusing = true;
        render();
      }
    });
    box.append(refuse);
    const said = el("p", sheetMessage, "form-message");
    said.id = "sheet-message";
    said.setAttribute("role", "alert");
    said.hidden = !sheetMessage;
    box.append(said);
    renderRefuse(box);
    renderPlans(box, sheet);
  }

  let refusing = false;

  function renderRefuse (box) {
    if (!refusing)
      return;
    box.append(keptForm("refuse", "refuse", (message) => buildRefuse(message)));
    submitting(forms.refuse.node);
  }

  // A kept form's buttons are off while its action is on its way.
  function submitting (form) {
    for (const button of form.querySelectorAll("button"))
      button.disabled = !!pending;
  }

  function buildRefuse (message) {
    const form = el("form");
    form.id = "refuse-form";
    form.append(el("h2", t("refuse_cards")));
    const rows = [];
    for (let i = 0; i < 3; i++) {
      const fs = el("fieldset");
      const number = el("input");
      number.type = "number"; number.min = 1; number.max = 15; number.required = true;
      number.inputMode = "numeric";
      const effect = select(EFFECTS.map((e) => [e, t(e)]));
      fs.append(...field(t("card_number"), number), ...field(t("effect"), effect));
      rows.push({ number, effect });
      form.append(fs);
    }
    form.append(message, formButtons(t("refuse"), () => { closeForm("refuse"); render(); }));
    form.onsubmit = (event) => {
      event.preventDefault();
      sendAction({ type: "refuse", seat: state.seat,
                   cards: rows.map((r) => ({ number: parseInt(r.number.value, 10), effect: r.effect.value })) },
                 "refuse");
    };
    return form;
  }

  // City plans: a claim names its estates (street, first house; the size is the plan's).
  let claimPlan = null;

  function renderPlans (box, sheet) {
    const plans = state.plans || [];
    if (!plans.length)
      return;
    box.append(el("h2", t("plans")));
    const row = el("div", null, "row plans");
    plans.forEach((plan, i) => {
      const claimed = sheet.plans && sheet.plans[i];
      // What the plan asks for, not bare figures: "estates of 1, 1, 1, 1, 1, 1 houses".
      const b = el("button", claimed ? t("claimed", plan.number)
                   : plan.sizes && plan.kind === "estates"
                     ? t("claim_estates", plan.number, plan.sizes.join(", "))
                     : t("claim", plan.number));
      b.type = "button";
      b.disabled = !!claimed || !!pending;
      b.addEventListener("click", () => { claimPlan = i; render(); });
      row.append(b);
    });
    box.append(row);
    if (claimPlan === null || !plans[claimPlan] || (sheet.plans && sheet.plans[claimPlan])) {
      if (forms.claim)
        closeForm("claim");
      return;
    }
    box.append(keptForm("claim", "claim-" + claimPlan, (message) => buildClaim(plans[claimPlan], message)));
    submitting(forms.claim.node);
  }

  function buildClaim (plan, message) {
    const form = el("form");
    form.id = "claim";
    const rows = [];
    for (const size of plan.sizes && plan.kind === "estates" ? plan.sizes : []) {
      const fs = el("fieldset");
      fs.append(el("legend", t("estate_of", size)));
      const street = select([1, 2, 3].map((n) => [String(n), t("street", n)]));
      const from = select(Array.from({ length: 12 }, (_, h) => [String(h + 1), String(h + 1)]));
      fs.append(...field(t("street_label"), street), ...field(t("from_house"), from));
      rows.push({ size, street, from });
      form.append(fs);
    }
    form.append(message, formButtons(t("claim_button"), () => { closeForm("claim"); render(); }));
    form.onsubmit = (event) => {
      event.preventDefault();
      const action = { type: "claim", seat: state.seat, plan: claimPlan + 1 };
      if (rows.length)
        action.estates = rows.map((r) => {
          const from = parseInt(r.from.value, 10);
          return { street: parseInt(r.street.value, 10), from: from, to: from + r.size - 1 };
        });
      sendAction(action, "claim");
    };
    return form;
  }

  function field (labelText, input) {
    const id = "f-" + Math.random().toString(36).slice(2);
    const label = el("label", labelText);
    label.htmlFor = id;
    input.id = id;
    return [label, input];
  }

  function select (options) {
    const s = el("select");
    for (const [value, text] of options) {
      const o = el("option", text);
      o.value = value;
      s.append(o);
    }
    return s;
  }

  // Cancel and the form's own submit button, a finger's size each.
  function formButtons (okText, onCancel) {
    const row = el("div", null, "row");
    const cancel = el("button", t("cancel"));
    cancel.type = "button";
    cancel.addEventListener("click", onCancel);
    const ok = el("button", okText, "primary");
    ok.type = "submit";
    row.append(cancel, ok);
    return row;
  }

  function check (text) {
    const label = el("label", null, "check");
    const input = el("input");
    input.type = "checkbox";
    label.append(input, document.createTextNode(text));
    return [label, input];
  }

  const EFFECTS = ["surveyor", "real_estate", "landscaper", "pool", "temp", "bis"];

  // The house's form, kept while the house and the cards it offers are the same.
  function moveForm () {
    const key = [moveHouse.street, moveHouse.house, JSON.stringify(state.cards || null),
                 state.split_cards, state.variant].join("|");
    const form = keptForm("move", key, buildMove);
    submitting(form);
    return form;
  }

  function buildMove (message) {
    const form = el("form");
    form.id = "move";
    const house = moveHouse;
    form.append(el("h2", t("house", house.street, house.house)));
    const cards = state.cards;
    let cardSel = null, cardNum = null, effect = null;
    let effectSel = null;
    if (cards && cards.length === 3 && state.split_cards) {
      // Solo and the advanced rules: the number of one card, the effect of another.
      cardSel = select(cards.map((c, i) => [String(i), c.number + " · " + t(c.effect)]));
      effectSel = select(cards.map((c, i) => [String(i), c.number + " · " + t(c.effect)]));
      effectSel.value = "1";
      form.append(...field(t("number_from"), cardSel), ...field(t("effect_from"), effectSel));
    } else if (cards && cards.length === 3) {
      cardSel = select(cards.map((c, i) => [String(i), c.number + " · " + t(c.effect)]));
      form.append(...field(t("card"), cardSel));
    } else {
      cardNum = el("input");
      cardNum.type = "number"; cardNum.min = 1; cardNum.max = 15; cardNum.required = true;
      cardNum.inputMode = "numeric";
      effect = select(EFFECTS.map((e) => [e, t(e)]));
      form.append(...field(t("card_number"), cardNum), ...field(t("effect"), effect));
    }
    const number = el("input");
    number.type = "number"; number.min = 0; number.max = 17; number.inputMode = "numeric";
    form.append(...field(t("number"), number));
    const [poolLabel, pool] = check(t("use_pool"));
    const [parkLabel, park] = check(t("use_park"));
    // Ticked whenever the engine would take them, as the host's panel builds them by itself:
    // the pool on a pool spot while the pool track has room, a park while the street has one.
    pool.checked = isPoolSpot(house.street, house.house) && state.pool_room !== false;
    park.checked = !state.park_room || state.park_room[house.street - 1] !== false;
    const fenceOptions = [["", t("none")]];
    for (let h = 1; h < house.n; h++) fenceOptions.push([String(h), String(h)]);
    const fence = select(fenceOptions);
    const column = select([["", t("none")], ["1", "1"], ["2", "2"], ["3", "3"], ["4", "4"], ["5", "5"], ["6", "6"]]);
    // Bis: a copy of a neighbour's number, in an empty house next to it.
    const bisStreet = select([["", t("none")], ["1", t("street", 1)], ["2", t("street", 2)], ["3", t("street", 3)]]);
    const bisHouse = select(Array.from({ length: 12 }, (_, h) => [String(h + 1), String(h + 1)]));
    const bisSide = select([["-1", t("bis_left")], ["1", t("bis_right")]]);
    // Each effect's own choices, shown only while that effect is the one played.
    const groups = {
      pool: [poolLabel],
      landscaper: [parkLabel],
      surveyor: field(t("fence_after"), fence),
      real_estate: field(t("column"), column),
      bis: [...field(t("bis_where"), bisStreet), ...field(t("bis_house"), bisHouse),
            ...field(t("bis_copies"), bisSide)],
    };
    for (const nodes of Object.values(groups))
      form.append(...nodes);
    const effectNow = () => effectSel ? cards[parseInt(effectSel.value, 10)].effect
                          : cardSel ? cards[parseInt(cardSel.value, 10)].effect : effect.value;
    const showEffect = () => {
      const now = effectNow();
      for (const [name, nodes] of Object.entries(groups))
        for (const node of nodes)
          node.hidden = name !== now;
    };
    for (const control of [effectSel, cardSel, effect])
      if (control)
        control.addEventListener("change", showEffect);
    showEffect();
    const [roundaboutLabel, roundabout] = check(t("roundabout"));
    if (state.variant === "intermediate")
      form.append(roundaboutLabel);
    // A roundabout takes no card: the card's number is then not asked for.
    roundabout.addEventListener("change", () => {
      if (cardNum)
        cardNum.required = !roundabout.checked;
    });
    form.append(message, formButtons(t("write"), () => { closeForm("move"); render(); }));
    form.onsubmit = (event) => {
      event.preventDefault();
      if (roundabout.checked) {
        sendAction({ type: "roundabout", seat: state.seat, street: house.street, house: house.house }, "move");
        return;
      }
      const action = { type: "turn", seat: state.seat, street: house.street, house: house.house };
      let effectName;
      if (effectSel) {
        action.number_card = parseInt(cardSel.value, 10);
        action.effect_card = parseInt(effectSel.value, 10);
        effectName = cards[action.effect_card].effect;
      } else if (cardSel) {
        action.card = parseInt(cardSel.value, 10);
        effectName = cards[action.card].effect;
      } else {
        action.card_number = parseInt(cardNum.value, 10);
        action.effect = effectName = effect.value;
      }
      const cardNumber = action.card_number !== undefined ? action.card_number
                       : cards[action.card !== undefined ? action.card : action.number_card].number;
      action.number = number.value === "" ? cardNumber : parseInt(number.value, 10);
      if (pool.checked && effectName === "pool") action.pool = true;
      if (park.checked && effectName === "landscaper") action.park = true;
      if (fence.value && effectName === "surveyor") action.fence = { street: house.street, after: parseInt(fence.value, 10) };
      if (column.value && effectName === "real_estate") action.column = parseInt(column.value, 10);
      if (bisStreet.value && effectName === "bis") {
        const copy = parseInt(bisHouse.value, 10);
        action.bis = { street: parseInt(bisStreet.value, 10), house: copy,
                       from: copy + parseInt(bisSide.value, 10) };
      }
      sendAction(action, "move");
    };
    return form;
  }

  // ---- the score pad: this player's own round scores ----

  function renderPad () {
    const box = $("pad");
    box.hidden = !(state.rules === "generic-score-pad" && state.seat !== null && state.open);
    box.replaceChildren();
    if (box.hidden)
      return;
    const rounds = state.rounds || [];
    let round = rounds.findIndex((p) => p === null) + 1;
    if (round === 0)
      round = rounds.length + 1;
    box.append(keptForm("pad", "pad-" + round, (message) => {
      const input = el("input");
      input.type = "number"; input.step = "any"; input.inputMode = "decimal"; input.required = true;
      const form = el("form");
      const save = el("button", t("save"), "primary");
      save.type = "submit";
      form.append(...field(t("round_score", round), input), message, save);
      form.onsubmit = (event) => {
        event.preventDefault();
        const points = Number(input.value);
        if (Number.isFinite(points))
          sendAction({ type: "set_score", round: round, seat: state.seat, points: points }, "pad");
      };
      return form;
    }));
    submitting(forms.pad.node);
  }

  function render () {
    if (!state)
      return;
    $("main").setAttribute("aria-busy", "false");
    $("title").textContent = state.title;
    document.title = state.title;
    renderSeats();
    renderTurn();
    renderSheet();
    renderPad();
    renderScores();
  }

  // Leaving asks first: the seat is the player's way back to their sheet.
  $("leave").addEventListener("click", () => {
    $("leave-ask").hidden = false;
    $("leave").hidden = true;
    $("leave-ask").scrollIntoView({ block: "nearest" });
  });
  $("leave-no").addEventListener("click", () => {
    $("leave-ask").hidden = true;
    $("leave").hidden = false;
  });
  $("leave-yes").addEventListener("click", () => {
    $("leave-ask").hidden = true;
    $("leave").hidden = false;
    leaving = true;
    showMessage("");
    send({ type: "leave_seat" });
  });
  document.addEventListener("visibilitychange", () => {
    // A phone waking up: reconnect now rather than at the next back-off step.
    if (document.visibilityState === "visible" && !ws && !stopped) {
      retry = 0;
      connect();
    }
  });
  $("status").textContent = "…";
  connect();
})();
