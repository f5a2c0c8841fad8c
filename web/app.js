// The playground's page logic: draws the map and the search from the wasm
// heap, turns mouse strokes into edits, and reads the query string for
// scripted runs (?gen=islands&seed=7&size=96x40&from=3,5&to=90,30&algo=astar),
// which write {"cost", "length", "expanded", ...} into #result when done,
// or {"status": "error", "message"} naming a value the page does not take.
"use strict";

const KINDS = new Map([["islands", 0], ["caves", 1], ["maze", 2], ["rooms", 3],
                       ["noise", 4], ["empty", 5]]);
const CONNECT = new Map([["4", 4], ["8", 8]]);
const STATUS = { 0: "ok", 1: "no_path", 2: "partial" };
const PARAMS = ["gen", "seed", "size", "from", "to", "algo", "connect", "corners", "speed", "viewer"];
const INT_MAX = 2147483647, SEED_MAX = 2n ** 64n - 1n;

// A value the page does not take: its message names the parameter, the
// value and what is accepted.
class BadValue extends Error {}
const bad = (name, text, accepted) => new BadValue(`${name}: expected ${accepted}, got '${text}'`);
const oneOf = (names) => names.length < 2 ? names.join("")
  : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;

// The one reader of numbers: decimal digits only, from lo to hi, as a
// BigInt (so that a seed keeps all of its 64 bits); null otherwise.
function digits(text, lo, hi) {
  if (!/^[0-9]+$/.test(text)) return null;
  const v = BigInt(text);
  return v >= BigInt(lo) && v <= BigInt(hi) ? v : null;
}

// An integer from lo to hi, as a Number.
function integer(name, text, lo, hi) {
  const v = digits(text, lo, hi);
  if (v === null) throw bad(name, text, `an integer from ${lo} to ${hi}`);
  return Number(v);
}

// The integers of text split at sep, the i-th from ranges[i][0] to
// ranges[i][1]; accepted says what the whole is when it is not that.
function integers(name, text, sep, ranges, accepted) {
  const parts = text.split(sep);
  const v = parts.map((t, i) => (i < ranges.length ? digits(t, ...ranges[i]) : null));
  if (parts.length !== ranges.length || v.includes(null)) throw bad(name, text, accepted);
  return v.map(Number);
}

// A seed as `wayfind gen --seed` takes it, as the decimal string the C
// side reads (a JavaScript number holds only 53 bits of it).
function seedOf(name, text) {
  const v = digits(text, 0, SEED_MAX);
  if (v === null) throw bad(name, text, "an integer from 0 to 2^64-1");
  return v.toString();
}

// The value of the name text in table (a Map: own entries only).
function named(name, text, table, what) {
  if (!table.has(text))
    throw new BadValue(`${name}: unknown ${what} '${text}' (expected ${oneOf([...table.keys()])})`);
  return table.get(text);
}

createWayfind().then((M) => {
  const api = {};
  for (const [name, ret, args] of [
    ["pg_create", "number", []],
    ["pg_generate", "number", ["number", "number", "string", "number", "number"]],
    ["pg_max_side", "number", []], ["pg_max_cells", "number", []],
    ["pg_load_movingai", "number", ["number", "number", "number"]],
    ["pg_width", "number", ["number"]], ["pg_height", "number", ["number"]],
    ["pg_cells", "number", ["number"]], ["pg_states", "number", ["number"]],
    ["pg_view", "number", ["number"]], ["pg_message", "string", ["number"]],
    ["pg_terrain_rgb", "number", ["number", "number"]],
    ["pg_paint", "number", ["number", "number", "number", "number"]],
    ["pg_set_viewer", "number", ["number", "number", "number", "number", "number", "number", "number"]],
    ["pg_begin", "number", ["number", "number", "number", "number", "number", "number", "number", "number"]],
    ["pg_step", "number", ["number", "number"]],
    ["pg_path_count", "number", ["number"]], ["pg_path_xy", "number", ["number"]],
    ["pg_path_cost", "number", ["number"]], ["pg_expanded", "number", ["number"]],
    ["pg_engine", "number", ["number"]],
    ["pg_names", "string", ["string"]], ["pg_value", "number", ["string", "string"]],
  ]) api[name] = M.cwrap(name, ret, args);

  const $ = (id) => document.getElementById(id);
  const canvas = $("map"), ctx = canvas.getContext("2d");
  const pg = api.pg_create();
  let W = 0, H = 0, scale = 8, start = null, goal = null, viewer = null;
  let timer = null, shown = 0;

  const MAX_SIDE = api.pg_max_side(), MAX_CELLS = api.pg_max_cells();
  // The library's name tables (wayfind/names.h) as Maps of name -> value,
  // in the enum's order: the menus and the query string take these names.
  const table = (kind) => new Map(api.pg_names(kind).split(",").map((n) => [n, api.pg_value(kind, n)]));
  const ALGOS = table("algo"), CORNERS = table("corners");
  const ENGINES = new Map([...ALGOS].map(([name, value]) => [value, name]));
  for (const [id, names] of [["algo", ALGOS], ["corners", CORNERS]])
    for (const [name, value] of names) $(id).add(new Option(name, String(value)));

  function status(text) { $("status").textContent = text; }

  // An error on the page and in #result.
  function fail(message) {
    $("result").textContent = JSON.stringify({ status: "error", message });
    status("error: " + message);
  }

  // Runs f; a bad value it meets is reported, not used (false).
  function checked(f) {
    try {
      f();
      return true;
    } catch (e) {
      if (!(e instanceof BadValue)) throw e;
      fail(e.message);
      return false;
    }
  }

  // A size the library makes a grid of.
  function sizeOf(text) {
    const accepted = `WxH with W and H from 1 to ${MAX_SIDE}, at most ${MAX_CELLS} cells`;
    const wh = integers("size", text, "x", [[1, MAX_SIDE], [1, MAX_SIDE]], accepted);
    if (wh[0] * wh[1] > MAX_CELLS) throw bad("size", text, accepted);
    return wh;
  }

  // A cell of a w x h map.
  function cellOf(name, text, w, h) {
    const [x, y] = integers(name, text, ",", [[0, w - 1], [0, h - 1]],
                            `X,Y with X from 0 to ${w - 1} and Y from 0 to ${h - 1}`);
    return { x, y };
  }

  function setWorld(code) {
    if (code !== 0) { status("error: " + api.pg_message(pg)); return false; }
    status("");
    W = api.pg_width(pg); H = api.pg_height(pg);
    scale = Math.max(1, Math.min(12, Math.floor(1100 / Math.max(W, H))));
    canvas.width = W * scale; canvas.height = H * scale;
    viewer = null;
    draw();
    return true;
  }

  function generate(kind, seed, w, h) {
    return setWorld(api.pg_generate(pg, kind, seed, w, h));
  }

  function viewerUpdate() {
    if (!viewer) { api.pg_set_viewer(pg, 0, 0, 0, 0, 0, 0); return; }
    api.pg_set_viewer(pg, viewer.x, viewer.y, +$("facing").value, +$("fov").value,
                      +$("range").value, +$("vweight").value);
  }

  function draw() {
    const cells = M.HEAPU8.subarray(api.pg_cells(pg), api.pg_cells(pg) + W * H);
    const st = M.HEAPU8.subarray(api.pg_states(pg), api.pg_states(pg) + W * H);
    const vp = api.pg_view(pg);
    const view = vp ? M.HEAPF32.subarray(vp >> 2, (vp >> 2) + W * H) : null;
    const img = ctx.createImageData(W, H), px = img.data;
    const palette = new Map();
    for (let i = 0; i < W * H; i++) {
      let rgb = palette.get(cells[i]);
      if (rgb === undefined) { rgb = api.pg_terrain_rgb(pg, cells[i]); palette.set(cells[i], rgb); }
      let r = rgb >> 16, g = (rgb >> 8) & 255, b = rgb & 255;
      if (st[i] === 2) { r = (r + 150) >> 1; g = (g + 90) >> 1; b = (b + 200) >> 1; }
      else if (st[i] === 1) { r = (r + 240) >> 1; g = (g + 180) >> 1; b = (b + 60) >> 1; }
      if (view && view[i] > 0) { r = (r + 255) >> 1; g = g >> 1; b = b >> 1; }
      px[4 * i] = r; px[4 * i + 1] = g; px[4 * i + 2] = b; px[4 * i + 3] = 255;
    }
    const off = document.createElement("canvas");
    off.width = W; off.height = H;
    off.getContext("2d").putImageData(img, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(off, 0, 0, W * scale, H * scale);
    const n = Math.min(shown, api.pg_path_count(pg));
    if (n > 1) {
      const xy = M.HEAP32.subarray(api.pg_path_xy(pg) >> 2, (api.pg_path_xy(pg) >> 2) + 2 * n);
      ctx.strokeStyle = "#e0201b"; ctx.lineWidth = Math.max(2, scale / 2);
      ctx.beginPath();
      for (let i = 0; i < n; i++)
        ctx[i ? "lineTo" : "moveTo"]((xy[2 * i] + .5) * scale, (xy[2 * i + 1] + .5) * scale);
      ctx.stroke();
    }
    for (const [p, colour] of [[start, "#17a01b"], [goal, "#1b4fe0"], [viewer, "#000"]])
      if (p) { ctx.fillStyle = colour; ctx.fillRect(p.x * scale, p.y * scale, Math.max(scale, 4), Math.max(scale, 4)); }
  }

  // Runs the search a few cells a frame, then draws the path a few cells a
  // frame; writes the result once the search is done.
  function run(onDone) {
    if (timer) clearTimeout(timer);
    if (!start || !goal) { status("place a start and a goal first"); return; }
    let budget;
    if (!checked(() => { budget = integer("speed", $("speed").value, 1, INT_MAX); })) return;
    viewerUpdate();
    const code = api.pg_begin(pg, start.x, start.y, goal.x, goal.y, +$("algo").value,
                              +$("connect").value, +$("corners").value);
    shown = 0;
    if (code !== 0) { status("error: " + api.pg_message(pg)); report(code); return; }
    const tick = () => {
      const s = api.pg_step(pg, budget);
      draw();
      if (s === 4) { timer = setTimeout(tick, 16); return; }
      report(s);
      if (onDone) onDone();
      const total = api.pg_path_count(pg);
      const reveal = () => {
        shown = Math.min(total, shown + Math.max(1, Math.ceil(total / 60)));
        draw();
        if (shown < total) timer = setTimeout(reveal, 16);
      };
      reveal();
    };
    tick();
  }

  function report(s) {
    const found = s === 0 || s === 2;
    const r = {
      status: s < 0 ? "error" : (STATUS[s] || String(s)),
      cost: found ? api.pg_path_cost(pg) : null,
      length: api.pg_path_count(pg),
      expanded: api.pg_expanded(pg),
      engine: ENGINES.get(api.pg_engine(pg)) ?? null,
    };
    if (s < 0 || s === 1) r.message = api.pg_message(pg);
    $("result").textContent = JSON.stringify(r);
    status(found ? `cost ${r.cost.toFixed(3)}, ${r.length} cells, ${r.expanded} expanded (${r.engine})`
                 : `${r.status}: ${r.message || ""}`);
  }

  // ---- the mouse ----------------------------------------------------------
  let painting = false;
  function cellAt(ev) {
    const rect = canvas.getBoundingClientRect();
    return { x: Math.floor((ev.clientX - rect.left) / scale),
             y: Math.floor((ev.clientY - rect.top) / scale) };
  }
  function use(ev) {
    const c = cellAt(ev);
    if (c.x < 0 || c.y < 0 || c.x >= W || c.y >= H) return;
    const tool = document.querySelector("input[name=tool]:checked").value;
    if (tool === "start") start = c;
    else if (tool === "goal") goal = c;
    else if (tool === "viewer") { viewer = c; viewerUpdate(); }
    else api.pg_paint(pg, c.x, c.y, tool === "wall" ? 0 : +tool);
    if (viewer && tool !== "viewer") viewerUpdate();
    shown = 0;
    draw();
  }
  canvas.addEventListener("mousedown", (ev) => { painting = true; use(ev); });
  canvas.addEventListener("mousemove", (ev) => {
    const tool = document.querySelector("input[name=tool]:checked").value;
    if (painting && tool !== "start" && tool !== "goal" && tool !== "viewer") use(ev);
  });
  window.addEventListener("mouseup", () => { painting = false; });
  for (const id of ["facing", "fov", "range", "vweight"])
    $(id).addEventListener("change", () => { viewerUpdate(); draw(); });

  $("generate").addEventListener("click", () => checked(() => {
    const [w, h] = sizeOf($("size").value);
    const seed = seedOf("seed", $("seed").value);
    start = goal = null;
    generate(+$("kind").value, seed, w, h);
  }));
  $("run").addEventListener("click", () => run());
  $("mapfile").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const ptr = M._malloc(bytes.length + 1);
    M.HEAPU8.set(bytes, ptr);
    start = goal = null;
    setWorld(api.pg_load_movingai(pg, ptr, bytes.length));
    M._free(ptr);
  });

  // ---- the query string -----------------------------------------------------
  // Every parameter is read whole before anything runs: a value the page
  // does not take is an error naming it, never a different query.
  const q = new URLSearchParams(location.search);
  checked(() => {
    for (const name of new Set(q.keys())) {
      if (!PARAMS.includes(name))
        throw new BadValue(`unknown parameter '${name}' (expected ${oneOf(PARAMS)})`);
      const all = q.getAll(name);
      if (all.length > 1)
        throw new BadValue(`${name}: expected one value, got ${all.length}: ${all.map((v) => `'${v}'`).join(", ")}`);
    }
    const get = (name, fallback) => (q.has(name) ? q.get(name) : fallback);
    const kind = named("gen", get("gen", "islands"), KINDS, "world kind");
    const seed = seedOf("seed", get("seed", "7"));
    const [w, h] = sizeOf(get("size", "96x40"));
    const algo = q.has("algo") ? named("algo", q.get("algo"), ALGOS, "algorithm") : null;
    const connect = q.has("connect") ? named("connect", q.get("connect"), CONNECT, "move set") : null;
    const corners = q.has("corners") ? named("corners", q.get("corners"), CORNERS, "corner rule") : null;
    const speed = q.has("speed") ? integer("speed", q.get("speed"), 1, INT_MAX) : null;
    if (q.has("from") !== q.has("to")) {
      const [has, lacks] = q.has("from") ? ["from", "to"] : ["to", "from"];
      throw new BadValue(`${lacks}: expected X,Y beside ${has}=${q.get(has)} (a search takes both), got none`);
    }
    const from = q.has("from") ? cellOf("from", q.get("from"), w, h) : null;
    const to = q.has("to") ? cellOf("to", q.get("to"), w, h) : null;
    const v = q.has("viewer") ? integers("viewer", q.get("viewer"), ",",
      [[0, w - 1], [0, h - 1], [0, 359], [1, 360], [0, MAX_SIDE]],
      `X,Y,FACING,FOV,RANGE with X from 0 to ${w - 1}, Y from 0 to ${h - 1}, ` +
      `FACING from 0 to 359, FOV from 1 to 360 and RANGE from 0 to ${MAX_SIDE}`) : null;

    $("kind").value = kind;
    $("seed").value = seed;
    $("size").value = `${w}x${h}`;
    if (algo !== null) $("algo").value = algo;
    if (connect !== null) $("connect").value = connect;
    if (corners !== null) $("corners").value = corners;
    if (speed !== null) $("speed").value = speed;
    if (!generate(kind, seed, w, h)) { fail(api.pg_message(pg)); return; }
    if (v) {
      viewer = { x: v[0], y: v[1] };
      $("facing").value = v[2]; $("fov").value = v[3]; $("range").value = v[4];
    }
    if (from) {
      start = from;
      goal = to;
      run();
    } else {
      draw();
    }
  });
});
