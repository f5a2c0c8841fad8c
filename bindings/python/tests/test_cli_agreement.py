"""The package's answers equal the command line's on the shared Moving AI
files and on generated worlds."""
import json
import os
import subprocess

import numpy as np
import pytest

import wayfind

MAPS = ["dao/arena", "dao/den011d", "bg/AR0011SR", "street/Berlin_0_256", "mazes/maze512-1-0"]


def scenarios(path, every):
    rows = []
    with open(path) as f:
        for i, line in enumerate(f):
            w = line.split()
            if len(w) == 9 and i % every == 0:
                decimals = len(w[8].split(".")[1]) if "." in w[8] else 0
                rows.append((int(w[4]), int(w[5]), int(w[6]), int(w[7]), float(w[8]),
                             0.5 * 10.0 ** -decimals + 1e-6))
    return rows


def cli_paths(cli, map_path, queries, *extra):
    text = "".join(f"{a} {b} {c} {d}\n" for a, b, c, d, *_ in queries)
    out = subprocess.run([cli, "path", map_path, "--queries", "-", "--format", "json", *extra],
                         input=text, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("name", MAPS)
def test_movingai_costs_equal_the_cli(cli, movingai, name):
    map_path = os.path.join(movingai, name + ".map")
    rows = scenarios(map_path + ".scen", 25)
    g = wayfind.load(map_path)
    answers = cli_paths(cli, map_path, rows)
    assert len(answers) == len(rows)
    for (sx, sy, gx, gy, optimal, printed), a in zip(rows, answers):
        p = g.path((sx, sy), (gx, gy))
        assert a["status"] == "ok" and p.found
        assert p.cost == a["cost"]  # the same library, the same bits
        # optimal as the file prints it (some to two decimals)
        assert abs(p.cost - optimal) <= max(1e-4 * max(1.0, optimal), printed)
        assert p.cells.tolist() == a["path"]
        j = g.path((sx, sy), (gx, gy), algo="jps")
        assert j.cost == pytest.approx(a["cost"], rel=1e-12)


def test_generated_islands_equal_the_cli(cli, tmp_path):
    out = tmp_path / "isl.txt"
    # an ASCII map file carries the generator's own costs (ships')
    subprocess.run([cli, "gen", "islands", "--seed", "7", "--size", "96x40", "--out", str(out)],
                   check=True, capture_output=True)
    world = wayfind.generate("islands", 96, 40, seed=7)
    sea = np.argwhere(np.isfinite(world.costs))
    rng = np.random.default_rng(1)
    rows = []
    for _ in range(20):
        (y0, x0), (y1, x1) = sea[rng.integers(len(sea), size=2)]
        rows.append((x0, y0, x1, y1))
    answers = cli_paths(cli, str(out), rows)
    for (sx, sy, gx, gy), a in zip(rows, answers):
        p = world.path((sx, sy), (gx, gy))
        if a["status"] == "ok":
            assert p.cost == a["cost"]
        else:
            assert not p.found


def test_loading_errors(tmp_path):
    with pytest.raises(wayfind.FileError):
        wayfind.load(tmp_path / "missing.map")
    bad = tmp_path / "bad.map"
    bad.write_text("type octile\nheight 2\nwidth 3\nmap\n...\n..\n")
    with pytest.raises(wayfind.ParseError, match="bad.map"):
        wayfind.load(bad)
    with pytest.raises(wayfind.InvalidArgumentError, match="unknown world kind"):
        wayfind.generate("volcano", 10, 10)
    with pytest.raises(wayfind.Error):
        wayfind.generate("islands", 0, 10)


def test_png(tmp_path):
    g = wayfind.generate("caves", 40, 30, seed=3)
    free = np.argwhere(np.isfinite(g.costs))
    p = g.path(tuple(free[0][::-1]), tuple(free[-1][::-1]))
    f = tmp_path / "caves.png"
    g.render_png(f, [p], scale=4)
    assert f.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(wayfind.Error):
        g.render_png(tmp_path / "no" / "such" / "dir.png")


def test_scenario_files(movingai):
    sc = wayfind.load_scen(os.path.join(movingai, "dao", "arena.map.scen"))
    g = wayfind.load(os.path.join(movingai, "dao", "arena.map"))
    assert len(sc) == 160 and sc.starts.shape == (160, 2) and sc.width == 49
    paths = g.paths(sc.starts, sc.goals)
    assert all(abs(p.cost - o) <= 1e-4 * max(1.0, o) for p, o in zip(paths, sc.optimal))
    with pytest.raises(wayfind.FileError):
        wayfind.load_scen(os.path.join(movingai, "nope.scen"))


def test_noise_prices_equal_the_cli(cli, movingai, tmp_path):
    src = os.path.join(movingai, "dao", "arena.map")
    out = tmp_path / "arena_costs.txt"
    subprocess.run([cli, "gen", "costs", "--from", src, "--seed", "5", "--levels", "4",
                    "--scale", "8", "--out", str(out)], check=True, capture_output=True)
    mine = wayfind.load(src).priced_by_noise(5, levels=4, scale=8)
    theirs = wayfind.load(out)
    assert np.array_equal(mine.costs, theirs.costs)
    assert mine.path((1, 3), (40, 40), algo="jpsw").cost == pytest.approx(
        theirs.path((1, 3), (40, 40)).cost, rel=1e-12)
    with pytest.raises(wayfind.InvalidArgumentError, match="levels"):
        mine.priced_by_noise(levels=12)
