"""examples/python: each study runs as a user runs it and finds what its docstring says."""

import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def study(name, plot):
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "python" / name), str(plot)], cwd=ROOT,
                          capture_output=True, text=True, env=os.environ, timeout=600)
    assert done.returncode == 0, done.stderr
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return done.stdout


def test_the_buffer_study_finds_the_knee_at_the_round_trip(tmp_path):
    assert study("buffer_depth_study.py", tmp_path / "b.png") == (
        "latency 1: round trip 4 cycles, full rate from B = 4 (B = 3: 0.750)\n"
        "latency 4: round trip 10 cycles, full rate from B = 10 (B = 9: 0.900)\n"
        "latency 8: round trip 18 cycles, full rate from B = 18 (B = 17: 0.944)\n"
        f"plot: {tmp_path / 'b.png'}\n")


def test_the_mesh_study_finds_its_knee_and_where_it_falls_behind(tmp_path):
    assert study("mesh_latency_load.py", tmp_path / "m.png") == (
        "zero-load latency 19.66 cycles at 0.05; latency doubles by 0.55 (41.2 cycles); accepts over 1% less than "
        f"offered from 0.6 (0.572)\nplot: {tmp_path / 'm.png'}\n")
