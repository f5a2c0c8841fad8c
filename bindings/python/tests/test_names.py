"""The package's names of algorithms, heuristics and corner rules are the
library's (its name tables, wayfind/names.h): every one of them is taken
and round-trips, the errors list exactly them, and the lists are the ones
the command line prints, in the same order."""
import re
import subprocess

import numpy as np
import pytest

import wayfind
from wayfind import _wayfind as _c


def open_grid():
    # 8-connected, no-cut, uniform costs: every algorithm applies
    return wayfind.Grid(np.ones((8, 12)))


def test_every_algorithm_round_trips():
    g = open_grid()
    t = g.jump_table()
    ref = g.path((0, 0), (11, 7))
    assert list(wayfind.ALGORITHMS) == list(_c.ALGORITHMS)
    for name in wayfind.ALGORITHMS:
        p = g.path((0, 0), (11, 7), algo=name, jumps=t if name == "jps+" else None)
        assert p.found and p.cost == pytest.approx(ref.cost, rel=1e-12), name
        # the engine that answered is named by the same table
        assert p.engine in wayfind.ALGORITHMS
        if name != "auto":
            assert p.engine == name
        q = g.paths([(0, 0)], [(11, 7)], algo=name, jumps=t if name == "jps+" else None)[0]
        assert q.engine == p.engine
    assert sorted(wayfind.ALGORITHMS.values()) == sorted(set(wayfind.ALGORITHMS.values()))


def test_every_heuristic_and_corner_rule_is_taken():
    g = open_grid()
    for name in _c.HEURISTICS:
        assert g.path((0, 0), (11, 7), heuristic=name).found, name
    for name in _c.CORNERS:
        assert wayfind.Grid(np.ones((3, 3)), corners=name).corners == name
        assert g.path((0, 0), (11, 7), corners=name).found, name
    # the defaults are the library's, named by its tables
    assert _c.DEFAULTS["algo"] in _c.ALGORITHMS
    assert _c.DEFAULTS["heuristic"] in _c.HEURISTICS
    assert _c.DEFAULTS["corners"] in _c.CORNERS
    assert g.corners == _c.DEFAULTS["corners"]


@pytest.mark.parametrize("option, what, table", [
    ("algo", "algorithm", _c.ALGORITHMS),
    ("heuristic", "heuristic", _c.HEURISTICS),
    ("corners", "corner rule", _c.CORNERS),
])
def test_errors_list_the_library_names(option, what, table):
    with pytest.raises(wayfind.InvalidArgumentError, match=f"unknown {what} 'bogus'") as e:
        open_grid().path((0, 0), (1, 1), **{option: "bogus"})
    listed = re.search(r"\(one of: (.*)\)$", str(e.value)).group(1).split(", ")
    assert sorted(listed) == sorted(table)


@pytest.mark.parametrize("option, table", [
    ("algo", _c.ALGORITHMS), ("heuristic", _c.HEURISTICS), ("corners", _c.CORNERS),
])
def test_the_extension_refuses_other_values(option, table):
    g = open_grid()
    for bad in (-1, max(table.values()) + 1):
        with pytest.raises(wayfind.InvalidArgumentError, match=f"{option} {bad} is not"):
            _c.search_grid(wayfind._search(), g._g, 0, 0, 1, 1, **{option: bad})


def cli_names(cli, *args):
    """The names the command line lists for a bad value of an option, in
    its order ("expected a, b or c, got 'bogus'")."""
    err = subprocess.run([cli, *args, "bogus", "no-such.map"], capture_output=True,
                         text=True).stderr
    m = re.search(r"expected (.*), got 'bogus'", err)
    assert m, err
    head, _, last = m.group(1).rpartition(" or ")
    return head.split(", ") + [last]


@pytest.mark.parametrize("args, table", [
    (("path", "--algo"), _c.ALGORITHMS),
    (("path", "--heuristic"), _c.HEURISTICS),
    (("path", "--corners"), _c.CORNERS),
    (("path", "--any-angle"), _c.ANY_ANGLES),
    (("crowd", "--algo"), _c.TEAM_ALGORITHMS),
])
def test_names_are_the_command_lines(cli, args, table):
    assert cli_names(cli, *args) == list(table)
