# wayfind simulate: the crowd scenarios of steer.h run from the command
# line, checked by their figures, their JSON trajectories (read back by
# python3: nobody overlaps, everybody ends on a goal) and their SVG.
. "$(dirname "$0")/lib.sh"

# A ring of 100 swapping to the antipodes: every agent arrives, none ever
# closer than 0.99 of the sum of radii (the figure is the monitor's).
expect 0 "circle 100" -- "$WF" simulate --agents 100 --radius 0.5
contains "$TMP/out" "arrived: 100 of 100" "circle 100"
checks=$((checks + 1))
sep=$(sed -n 's/^min separation: \([0-9.]*\) x sum of radii$/\1/p' "$TMP/out")
awk -v s="${sep:-0}" 'BEGIN { exit !(s >= 0.99) }' ||
  fail "circle 100: min separation '$sep' below 0.99"
contains "$TMP/out" "worst wall overlap: 0.0000 x radius" "circle 100 walls"

# the same figures as JSON, and the same run on two threads
expect 0 "circle json" -- "$WF" simulate --agents 60 --format json
cp "$TMP/out" "$TMP/one.json"
expect 0 "circle json, 2 threads" -- "$WF" simulate --agents 60 --format json --threads 2
checks=$((checks + 1))
python3 - "$TMP/one.json" "$TMP/out" <<'PY' || fail "circle json: figures"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["arrived"] == 60 and a["min_separation"] >= 0.99, a
for k in ("arrived", "steps", "last_arrival", "min_separation"):
    assert a[k] == b[k], (k, a[k], b[k])
PY

# The door: trajectories and picture; the JSON says where everyone was
expect 0 "door" -- "$WF" simulate --scenario door --agents 36 --every 5 --json "$TMP/door.json" --svg "$TMP/door.svg"
contains "$TMP/out" "arrived: 36 of 36" "door"
checks=$((checks + 1))
python3 - "$TMP/door.json" <<'PY' || fail "door json"
import json, math, sys
d = json.load(open(sys.argv[1]))
assert d["scenario"] == "door" and d["agents"] == 36 and d["every"] == 5
assert d["walls"], "no walls"
fr = d["frames"]
assert fr[0]["step"] == 0 and all(f["step"] % 5 == 0 for f in fr[:-1])
r = d["radius"]
for f in fr:
    p = f["xy"]
    assert len(p) == 36
    for i in range(36):
        for j in range(i):
            # positions are rounded to 0.01 cell
            assert math.dist(p[i], p[j]) >= 0.99 * (r[i] + r[j]) - 0.02, (f["step"], i, j)
PY
checks=$((checks + 1))
[ "$(tail -n 1 "$TMP/door.svg")" = "</svg>" ] || fail "door svg: no </svg> at the end"
contains "$TMP/door.svg" '<animate attributeName="cx"' "door svg animated"
[ "$(grep -c '<circle' "$TMP/door.svg")" = 36 ] || fail "door svg: not 36 circles"

# The default run (20 agents: a knot in the middle that ORCA alone never
# leaves), and crossings of one and of an odd number of agents (the two
# blocks differ by one)
expect 0 "default" -- "$WF" simulate
contains "$TMP/out" "arrived: 20 of 20" "default 20 all arrive"
expect 0 "crossing 1" -- "$WF" simulate --scenario crossing --agents 1
contains "$TMP/out" "arrived: 1 of 1" "crossing 1"
contains "$TMP/out" "min separation: none (fewer than two agents)" "crossing 1 sep"
expect 0 "crossing 27" -- "$WF" simulate --scenario crossing --agents 27
contains "$TMP/out" "arrived: 27 of 27" "crossing 27"
sep=$(sed -n 's/^min separation: \([0-9.]*\) x sum of radii$/\1/p' "$TMP/out")
checks=$((checks + 1))
awk -v s="${sep:-0}" 'BEGIN { exit !(s >= 0.99) }' ||
  fail "crossing 27: min separation '$sep' below 0.99"
expect 0 "door 2" -- "$WF" simulate --scenario door --agents 2
contains "$TMP/out" "arrived: 2 of 2" "door 2"

# Units across a Moving AI map, with a seed
A="$SHARED/movingai/dao/arena.map"
expect 0 "rts" -- "$WF" simulate "$A" --agents 40 --seed 3
contains "$TMP/out" "arrived: 40 of 40" "rts"
contains "$TMP/out" "scenario: rts" "rts is the default with a map"

# --steps stops early; nobody has arrived after one step
expect 0 "steps 1" -- "$WF" simulate --agents 8 --steps 1
contains "$TMP/out" "steps: 1" "steps 1"

# usage errors name the problem
expect 2 "agents 0" -- "$WF" simulate --agents 0
contains "$TMP/err" "--agents" "agents 0"
expect 2 "radius NaN" -- "$WF" simulate --radius nan
contains "$TMP/err" "--radius: expected a number > 0" "radius NaN"
expect 2 "rts without a map" -- "$WF" simulate --scenario rts
contains "$TMP/err" "needs a MAP file" "rts without a map"
expect 2 "circle with a map" -- "$WF" simulate "$A" --scenario circle
contains "$TMP/err" "takes no MAP file" "circle with a map"
expect 0 "help" -- "$WF" simulate --help
contains "$TMP/out" "usage: wayfind simulate" "help text"
finish
