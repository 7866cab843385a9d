"""Ctrl-C stops a run or a sweep from Python and raises KeyboardInterrupt, at once."""

import os
import signal
import subprocess
import sys
import time

import pytest

SCRIPT = """
import sys, creditflow
model = creditflow.load("models/mesh8x8.yaml")
said = []
def started(*_):
    if not said:
        print("started", flush=True)
        said.append(1)
try:
    if sys.argv[1] == "sweep":
        creditflow.sweep(model, vary={"net.injection_rate": [0.1 + i / 1000 for i in range(200)]}, jobs=2,
                         progress=started)
    else:
        print("started", flush=True)
        model.set({"net.sim_type": "window"}).run(cycles=50_000_000)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
    # And a run after it goes through: the interruption is not left raised.
    r = creditflow.load("models/credit_loop.yaml").run()
    print("after", r.links["link"].throughput, flush=True)
    sys.exit(130)
print("finished", flush=True)
"""


@pytest.mark.parametrize("what", ["sweep", "run"])
def test_ctrl_c_raises_keyboard_interrupt_and_later_runs_work(what):
    child = subprocess.Popen([sys.executable, "-c", SCRIPT, what], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=os.environ)
    assert child.stdout.readline() == "started\n"
    time.sleep(0.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert out == "KeyboardInterrupt\nafter 0.4\n"
    assert time.monotonic() - sent < 10  # the points running stop at their next look, not at their end
