"""Builds the wayfind package: its C extension compiles libwayfind's own
sources (../../src) with the extension's, so nothing needs installing
first. Offline: pip install --no-build-isolation ./bindings/python"""
import glob
import os

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
LAYERS = ["core", "field", "plan", "gen", "io", "render", "steer"]


def library_sources():
    out = []
    for layer in LAYERS:
        # core's sources are in one folder per part (src/core/grid, ...)
        pattern = "*/*.c" if layer == "core" else "*.c"
        for path in sorted(glob.glob(os.path.join(ROOT, "src", layer, pattern))):
            # the PNG writer is libpng's; png_none.c is the no-libpng stand-in.
            # The package reads no Tiled maps: tiled_none.c stands in for the
            # cJSON reader (tiled.c, tiled_*.c), so it needs no libcjson.
            base = os.path.basename(path)
            if base == "png_none.c" or (base.startswith("tiled") and base != "tiled_none.c"):
                continue
            out.append(path)
    return out


def version():
    parts = {}
    with open(os.path.join(ROOT, "include", "wayfind", "version.h")) as f:
        for line in f:
            words = line.split()
            if len(words) == 3 and words[1].startswith("WF_VERSION_") and words[2].isdigit():
                parts[words[1][len("WF_VERSION_"):]] = words[2]
    return "%s.%s.%s" % (parts["MAJOR"], parts["MINOR"], parts["PATCH"])


ext = Extension(
    "wayfind._wayfind",
    sources=sorted(glob.glob(os.path.join(HERE, "src", "*.c"))) + library_sources(),
    include_dirs=[os.path.join(ROOT, "include"), os.path.join(ROOT, "src", "private"),
                  os.path.join(ROOT, "src", "core"), os.path.join(ROOT, "src", "core", "graph"),
                  os.path.join(ROOT, "src", "core", "search"),
                  os.path.join(HERE, "src")],
    libraries=["png", "m"],
    extra_compile_args=["-std=gnu11", "-O2", "-ffp-contract=off", "-Wall",
                        "-Wno-missing-field-initializers"],
)

setup(
    name="wayfind",
    version=version(),
    description="Pathfinding for games: grids, A*, JPS, fields (libwayfind)",
    packages=["wayfind"],
    ext_modules=[ext],
    install_requires=["numpy"],
    python_requires=">=3.9",
)
