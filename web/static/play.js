// A signed-in player's controls on a game's page (web/play.py): pick a piece, then its square (a choice
// when several captures end there), or type the move; offer, accept or decline a draw; resign (asked
// first). Every action is a POST with the page's CSRF token; the server decides, and its answer (the new
// state, or the refusal in words) is all this shows. Loaded only for a player of a game in progress.
"use strict";

(() => {
  const section = document.getElementById("play");
  const token = document.querySelector('meta[name="csrf-token"]');
  const board = document.getElementById("board");
  if (!section || !token || !board) return; // a finished game: notes only (below)
  const body = document.body;
  const base = location.pathname.replace(/\/+$/, "");
  const lang = body.dataset.lang ? `?lang=${encodeURIComponent(body.dataset.lang)}` : "";
  const turn = document.getElementById("turn");
  const paths = document.getElementById("paths");
  const refusal = document.getElementById("refusal");
  const typed = document.getElementById("typed");
  const buttons = {
    offer: document.getElementById("offer-draw"),
    accept: document.getElementById("accept-draw"),
    decline: document.getElementById("decline-draw"),
    resign: document.getElementById("resign"),
  };
  let you = null; // what the last state said this player may do
  let picked = null; // the square of the piece picked

  function atEnd() {
    return body.dataset.ply === body.dataset.plies;
  }

  function mark() {
    for (const element of board.querySelectorAll(".picked, .target")) element.classList.remove("picked", "target");
    if (picked === null) return;
    board.querySelector(`g.piece[data-square="${picked}"]`)?.classList.add("picked");
    for (const move of you.legal) {
      if (move.path[0] === picked) {
        board.querySelector(`rect.square[data-square="${move.path[move.path.length - 1]}"]`)?.classList.add("target");
      }
    }
  }

  function forget() {
    picked = null;
    paths.replaceChildren();
    mark();
  }

  function update(state) {
    you = state.you || null;
    section.hidden = !you || !you.active;
    if (!you) return;
    turn.textContent = you.to_move ? section.dataset.yourMove : section.dataset.waiting;
    typed.hidden = !you.to_move;
    buttons.accept.hidden = buttons.decline.hidden = !you.draw_offered_to_you;
    buttons.offer.hidden = you.draw_offered_to_you || you.draw_offered_by_you;
    if (you.draw_offered_to_you) turn.textContent += " " + section.dataset.drawOffered;
    if (picked !== null && !you.legal.some((move) => move.path[0] === picked)) forget();
    mark();
  }

  async function post(action, payload) {
    refusal.textContent = "";
    let answer;
    try {
      answer = await fetch(`${base}/${action}${lang}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": token.content },
        body: JSON.stringify(payload || {}),
      });
    } catch {
      return false; // offline: nothing was sent
    }
    let data = {};
    try {
      data = await answer.json();
    } catch {
      data = {};
    }
    if (!answer.ok) {
      refusal.textContent = data.error || "";
      return false;
    }
    forget();
    document.dispatchEvent(new CustomEvent("dama:apply", { detail: data }));
    return true;
  }

  function choose(moves) {
    const heading = document.createElement("p");
    heading.textContent = section.dataset.choose;
    const choices = moves.map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "path";
      button.textContent = move.text;
      button.addEventListener("click", () => post("move", { move: move.text }));
      return button;
    });
    paths.replaceChildren(heading, ...choices);
  }

  board.addEventListener("click", (event) => {
    if (!you || !you.to_move || !atEnd()) return;
    const square = event.target.closest("[data-square]")?.dataset.square;
    if (square === undefined) return;
    const starts = you.legal.filter((move) => move.path[0] === square);
    if (picked !== null && square !== picked) {
      const ending = you.legal.filter((move) => move.path[0] === picked && move.path[move.path.length - 1] === square);
      if (ending.length === 1) return void post("move", { move: ending[0].text });
      if (ending.length > 1) return choose(ending);
    }
    paths.replaceChildren();
    picked = starts.length && square !== picked ? square : null;
    mark();
  });

  typed.addEventListener("submit", async (event) => {
    event.preventDefault();
    const field = document.getElementById("typed-move");
    if (field.value.trim() && (await post("move", { move: field.value.trim() }))) field.value = "";
  });
  // Conditional moves: the answer is the player's lines in words, shown as text.
  const premoves = document.getElementById("premoves");
  async function premove(payload) {
    refusal.textContent = "";
    const answer = await fetch(`${base}/premove${lang}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": token.content },
      body: JSON.stringify(payload),
    }).catch(() => null);
    if (!answer) return false;
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      refusal.textContent = data.error || "";
      return false;
    }
    premoves.textContent = data.premoves;
    return true;
  }
  document.getElementById("premove-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const field = document.getElementById("premove-line");
    if (field.value.trim() && (await premove({ line: field.value.trim() }))) field.value = "";
  });
  document.getElementById("premove-clear").addEventListener("click", () => premove({ clear: true }));
  buttons.offer.addEventListener("click", () => post("draw"));
  buttons.accept.addEventListener("click", () => post("draw"));
  buttons.decline.addEventListener("click", () => post("decline"));
  buttons.resign.addEventListener("click", () => {
    if (window.confirm(section.dataset.confirmResign)) post("resign");
  });

  document.addEventListener("dama:state", (event) => update(event.detail));
  new MutationObserver(mark).observe(board, { childList: true }); // a new board drawn: mark it again
  fetch(`${base}/state${lang}`, { credentials: "same-origin" })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((state) => state && document.dispatchEvent(new CustomEvent("dama:apply", { detail: state })));
})();

// The player's own notes (web/play.py's note): keep one on the position shown, or delete it with an empty
// text; the server answers with all of the player's notes on this game, shown as text.
(() => {
  const form = document.getElementById("note-form");
  const token = document.querySelector('meta[name="csrf-token"]');
  if (!form || !token) return;
  const base = location.pathname.replace(/\/+$/, "");
  const lang = document.body.dataset.lang ? `?lang=${encodeURIComponent(document.body.dataset.lang)}` : "";
  const list = document.getElementById("note-list");
  const field = document.getElementById("note-text");
  const refusal = document.getElementById("note-refusal");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    refusal.textContent = "";
    const ply = Number(document.body.dataset.ply);
    let answer;
    try {
      answer = await fetch(`${base}/note${lang}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": token.content },
        body: JSON.stringify({ ply, text: field.value }),
      });
    } catch {
      return;
    }
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      refusal.textContent = data.error || "";
      return;
    }
    field.value = "";
    list.replaceChildren(
      ...data.notes.map((note) => {
        const item = document.createElement("li");
        item.dataset.ply = String(note.ply);
        const label = document.createElement("span");
        label.className = "ply";
        label.textContent = note.label;
        const text = document.createElement("span");
        text.className = "text";
        text.textContent = note.text;
        item.append(label, " ", text);
        return item;
      }),
    );
  });
})();
