"""The Python module's tests: run by CTest with PYTHONPATH at the build's python/ folder and
CREDITFLOW_TOOL naming the build's tool, from the repository's root (models/... as the
tool's own tests name them)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="session")
def tool():
    """Runs the creditflow tool: tool("run", "models/x.yaml", ...) -> CompletedProcess (text)."""
    path = os.environ.get("CREDITFLOW_TOOL")
    if not path:
        pytest.fail("CREDITFLOW_TOOL is not set: run these tests through CTest (make test)")

    path = os.path.abspath(path)

    def run(*args, check=True, cwd=ROOT):
        env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
        done = subprocess.run([path, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=600)
        if check and done.returncode != 0:
            pytest.fail(f"creditflow {' '.join(args)} exited {done.returncode}: {done.stderr}")
        return done

    return run
