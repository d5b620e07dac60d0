// The page of one game (web/page.py): step through the moves without reloading (click a move, the
// buttons, or the left and right arrow keys), flip the board, and follow a game in progress. Everything
// it shows comes as text (textContent) or as the server's SVG; the page works without this file too.
"use strict";

(() => {
  const body = document.body;
  const board = document.getElementById("board");
  const caption = document.getElementById("caption");
  const moves = document.getElementById("moves");
  if (!board || !moves) return;
  const base = location.pathname.replace(/\/+$/, "");
  const lang = body.dataset.lang || "";
  let ply = Number(body.dataset.ply); // the position shown
  let wanted = ply; // the position last asked for: quick key presses step from there, not from what is shown
  let plies = Number(body.dataset.plies);
  let first = Number(body.dataset.first || 1); // the plies of the move list's part on this page
  let last = Number(body.dataset.last || plies);
  let version = body.dataset.version;
  let flipped = body.dataset.flip === "1";
  let shown = 0; // the latest request wins when several are under way
  const boards = new Map();

  function search(at) {
    const q = new URLSearchParams();
    if (at !== undefined) q.set("ply", String(at));
    if (flipped) q.set("flip", "1");
    if (lang) q.set("lang", lang);
    const text = q.toString();
    return text ? "?" + text : "";
  }

  function markCurrent() {
    for (const link of moves.querySelectorAll("a.move")) {
      const current = Number(link.dataset.ply) === ply;
      link.classList.toggle("current", current);
      if (current) {
        link.setAttribute("aria-current", "true");
        link.scrollIntoView({ block: "nearest" });
      } else {
        link.removeAttribute("aria-current");
      }
    }
    const steps = { first: 0, prev: Math.max(0, ply - 1), next: Math.min(plies, ply + 1), last: plies };
    for (const [id, at] of Object.entries(steps)) {
      const link = document.getElementById(id);
      if (link) link.href = search(at);
    }
    const flip = document.getElementById("flip");
    if (flip) {
      flipped = !flipped;
      flip.href = search(ply);
      flipped = !flipped;
    }
    body.dataset.ply = String(ply);
  }

  async function show(at) {
    at = Math.max(0, Math.min(plies, at));
    if (Math.max(at, 1) < first || at > last) {
      location.assign(search(at)); // another part of a long move list: the server pages it
      return;
    }
    wanted = at;
    const key = `${at}/${flipped}/${version}`;
    const ticket = ++shown;
    let data = boards.get(key);
    if (!data) {
      const answer = await fetch(`${base}/ply/${at}${search()}`, { credentials: "same-origin" });
      if (!answer.ok) return;
      data = await answer.json();
      boards.set(key, data);
    }
    if (ticket !== shown) return;
    const svg = new DOMParser().parseFromString(data.svg, "image/svg+xml").documentElement;
    board.replaceChildren(document.importNode(svg, true));
    if (caption) caption.textContent = data.caption;
    ply = at;
    markCurrent();
    history.replaceState(null, "", search(at));
  }

  function moveList(items) {
    const list = [];
    let item = null;
    for (const move of items) {
      if (move.white || !item) {
        item = document.createElement("li");
        const number = document.createElement("span");
        number.className = "number";
        number.textContent = `${move.number}.`;
        item.append(number);
        if (!move.white) {
          const gap = document.createElement("span");
          gap.className = "gap";
          gap.textContent = "…";
          item.append(gap);
        }
        list.push(item);
      }
      const link = document.createElement("a");
      link.className = "move";
      link.dataset.ply = String(move.ply);
      link.href = search(move.ply);
      link.textContent = move.text + move.symbol;
      item.append(link);
      if (!move.white) item = null;
    }
    moves.replaceChildren(...list);
  }

  async function follow() {
    let answer;
    try {
      answer = await fetch(`${base}/state${search(wanted)}`, { credentials: "same-origin" });
    } catch {
      return true; // offline for a moment: ask again later
    }
    if (!answer.ok) return answer.status === 429;
    return apply(await answer.json());
  }

  // A state from the poll, or from the answer to a player's action (play.js sends it as "dama:apply").
  async function apply(state) {
    if (state.version !== version) {
      const atEnd = wanted === plies;
      version = state.version;
      plies = state.plies;
      first = state.first;
      last = state.last;
      body.dataset.plies = String(plies);
      body.dataset.version = version;
      moveList(state.moves);
      for (const id of ["status", "clock"]) {
        const element = document.getElementById(id);
        if (element) element.textContent = state[id];
      }
      await show(atEnd ? state.plies : Math.min(wanted, state.plies));
    }
    if (!state.active) document.getElementById("live")?.remove(); // the game is over: nothing more to follow
    document.dispatchEvent(new CustomEvent("dama:state", { detail: state }));
    return state.active;
  }

  document.addEventListener("dama:apply", (event) => apply(event.detail));

  document.addEventListener("click", (event) => {
    const link = event.target.closest("a");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (link.dataset.ply !== undefined) {
      event.preventDefault();
      show(Number(link.dataset.ply));
    } else if (link.dataset.step) {
      event.preventDefault();
      const steps = { first: 0, prev: wanted - 1, next: wanted + 1, last: plies };
      show(steps[link.dataset.step]);
    } else if (link.id === "flip") {
      event.preventDefault();
      flipped = !flipped;
      show(ply);
    }
  });

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest?.("input, textarea")) return;
    if (event.key === "n") {
      const next = document.getElementById("next-game"); // signed in: the next game awaiting my move
      if (next) location.href = next.href;
      return;
    }
    const keys = { ArrowLeft: wanted - 1, ArrowRight: wanted + 1, Home: 0, End: plies };
    if (event.key in keys) {
      event.preventDefault();
      show(keys[event.key]);
    }
  });

  if (body.dataset.active === "1") {
    const every = Math.max(0.2, Number(body.dataset.poll) || 5) * 1000;
    const tick = async () => {
      if (await follow()) setTimeout(tick, every);
    };
    setTimeout(tick, every);
  }
})();
