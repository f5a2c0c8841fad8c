// The playground's page logic: draws the map and the search from the wasm
// heap, turns mouse strokes into edits, and reads the query string for
// scripted runs (?gen=islands&seed=7&size=96x40&from=3,5&to=90,30&algo=astar),
// which write {"cost", "length", "expanded", ...} into #result when done.
"use strict";

const KINDS = { islands: 0, caves: 1, maze: 2, rooms: 3, noise: 4, empty: 5 };
const STATUS = { 0: "ok", 1: "no_path", 2: "partial" };

createWayfind().then((M) => {
  const api = {};
  for (const [name, ret, args] of [
    ["pg_create", "number", []],
    ["pg_generate", "number", ["number", "number", "number", "number", "number"]],
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
    ["pg_algo", "number", ["string"]], ["pg_algo_name", "string", ["number"]],
  ]) api[name] = M.cwrap(name, ret, args);

  const $ = (id) => document.getElementById(id);
  const canvas = $("map"), ctx = canvas.getContext("2d");
  const pg = api.pg_create();
  let W = 0, H = 0, scale = 8, start = null, goal = null, viewer = null;
  let timer = null, shown = 0;

  function status(text) { $("status").textContent = text; }

  function setWorld(code) {
    if (code !== 0) { status("error: " + api.pg_message(pg)); return false; }
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
    viewerUpdate();
    const algo = api.pg_algo($("algo").value);
    const code = api.pg_begin(pg, start.x, start.y, goal.x, goal.y, algo,
                              +$("connect").value, +$("corners").value);
    shown = 0;
    if (code !== 0) { status("error: " + api.pg_message(pg)); report(code); return; }
    const budget = Math.max(1, +$("speed").value || 40);
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
      engine: api.pg_algo_name(api.pg_engine(pg)) || null,
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

  $("generate").addEventListener("click", () => {
    const [w, h] = $("size").value.split("x").map(Number);
    start = goal = null;
    generate(+$("kind").value, +$("seed").value, w, h);
  });
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
  const q = new URLSearchParams(location.search);
  const pair = (s) => { const [x, y] = (s || "").split(",").map(Number); return { x, y }; };
  if (q.has("algo")) $("algo").value = q.get("algo");
  if (q.has("connect")) $("connect").value = q.get("connect");
  if (q.has("corners")) $("corners").value = { "no-cut": 0, always: 1, "one-free": 2 }[q.get("corners")] ?? 0;
  if (q.has("speed")) $("speed").value = q.get("speed");
  const kind = q.get("gen") || "islands";
  const [w, h] = (q.get("size") || "96x40").split("x").map(Number);
  const seed = +(q.get("seed") || 7);
  $("kind").value = KINDS[kind] ?? 0;
  $("seed").value = seed;
  $("size").value = `${w}x${h}`;
  if (!(kind in KINDS)) {
    $("result").textContent = JSON.stringify({ status: "error", message: `unknown world kind ${kind}` });
  } else if (generate(KINDS[kind], seed, w, h)) {
    if (q.has("viewer")) {
      const [x, y, facing, fov, range] = q.get("viewer").split(",").map(Number);
      viewer = { x, y };
      $("facing").value = facing; $("fov").value = fov; $("range").value = range;
    }
    if (q.has("from") && q.has("to")) {
      start = pair(q.get("from"));
      goal = pair(q.get("to"));
      run();
    } else {
      draw();
    }
  } else {
    $("result").textContent = JSON.stringify({ status: "error", message: api.pg_message(pg) });
  }
});
