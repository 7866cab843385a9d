"""The package installed by `cmake --install` is found by Debian's python3 under the prefix's
dist-packages, without the build, and runs a model."""

import os
import pathlib
import subprocess
import sys
import sysconfig

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_the_installed_package_runs_a_model_away_from_the_build(tmp_path):
    build = os.environ.get("CREDITFLOW_BUILD")
    if not build:
        pytest.fail("CREDITFLOW_BUILD is not set: run these tests through CTest (make test)")
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", build, "--prefix", str(prefix)], check=True, capture_output=True)
    packages = prefix / "lib" / f"python3.{sys.version_info.minor}" / "dist-packages"
    assert sorted(p.name for p in (packages / "creditflow").iterdir() if not p.name.startswith("__pycache__"))[:3] == \
        ["__init__.py", "_creditflow" + sysconfig.get_config_var("EXT_SUFFIX"), "_creditflow.pyi"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(packages)
    code = ("import creditflow; print(creditflow.__file__); "
            f"print(creditflow.load({str(ROOT / 'models' / 'credit_loop.yaml')!r}).run().links['link'].throughput)")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{packages / 'creditflow' / '__init__.py'}\n0.4\n"
