"""A sweep from Python: the tool's CSV as a frame, on threads with Python's lock released."""

import io
import sys
import threading

import creditflow
import pandas
import pytest
from pandas.testing import assert_frame_equal


def tool_frame(tool, *args, check=True):
    return pandas.read_csv(io.StringIO(tool("sweep", *args, "--csv", "-", "--view", "tl", check=check).stdout))


def test_a_sweeps_frame_is_the_tools_csv_read_by_pandas(tool):
    model = creditflow.load("models/credit_loop.yaml").set({"rx.drain_every": 1})
    frame = creditflow.sweep(model, vary={"rx.depth": range(1, 19), "link.latency": [1, 4, 8]}, jobs=2,
                             progress=False)
    expected = tool_frame(tool, "models/credit_loop.yaml", "--vary", "rx.depth=" + ",".join(map(str, range(1, 19))),
                          "--vary", "link.latency=1,4,8", "--set", "rx.drain_every=1", "-j", "2")
    assert_frame_equal(frame, expected)
    assert len(frame) == 54 and list(frame["status"].unique()) == ["ok"]
    # The knee of timing.md's table: B = RTT = 2L + 2 reaches full rate, one less does not.
    for latency in (1, 4, 8):
        curve = frame[frame["link.latency"] == latency].set_index("rx.depth")["links.link.throughput"]
        rtt = 2 * latency + 2
        # (one less: (RTT-1)/RTT, give or take the window's last flit)
        assert curve[rtt] == 1.0 and curve[rtt - 1] == pytest.approx((rtt - 1) / rtt, abs=1 / 3000)


def test_the_models_named_sweeps_run_without_vary(tool):
    frame = creditflow.sweep(creditflow.load("models/credit_loop.yaml"), sweeps=["drain_every_2nd"], progress=False)
    assert_frame_equal(frame, tool_frame(tool, "models/credit_loop.yaml", "--sweep", "drain_every_2nd"))
    assert set(frame["sweep"]) == {"drain_every_2nd"} and len(frame) == 10


def test_without_a_frame_rows_are_dicts_of_numbers():
    model = creditflow.load("models/credit_loop.yaml")
    rows = creditflow.sweep(model, vary={"rx.depth": [2, 10]}, frame=False, progress=False)
    frame = creditflow.sweep(model, vary={"rx.depth": [2, 10]}, progress=False)
    assert [r["links.link.throughput"] for r in rows] == [0.2, 1.0]
    assert rows[0]["status"] == "ok" and rows[1]["rx.depth"] == 10
    assert list(rows[0]) == list(frame.columns)


def test_without_pandas_a_sweep_is_a_list_of_dicts(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # `import pandas` now fails, as where it is not installed
    rows = creditflow.sweep(creditflow.load("models/credit_loop.yaml"), vary={"rx.depth": [5]}, progress=False)
    assert isinstance(rows, list) and rows[0]["links.link.throughput"] == 0.5


def test_numpys_numbers_are_values_as_pythons_are():
    import numpy
    model = creditflow.load("models/credit_loop.yaml")
    by_numpy = creditflow.sweep(model, vary={"rx.depth": numpy.arange(2, 5), "link.latency": numpy.array([4])},
                                progress=False)
    assert_frame_equal(by_numpy, creditflow.sweep(model, vary={"rx.depth": range(2, 5), "link.latency": [4]},
                                                  progress=False))
    assert model.copy().set({"rx.depth": numpy.int64(10)}).run().links["link"].throughput == 1.0
    from test_model import LOOP
    components = dict(LOOP["components"], rx={"kind": "credit_receiver", "depth": numpy.int32(3)})
    built = creditflow.Model(**dict(LOOP, components=components))
    assert "depth: 3\n" in built.yaml and built.run().links["link"].throughput == 0.3


def test_a_point_out_of_range_fails_alone_and_says_why(tool):
    model = creditflow.load("models/credit_loop.yaml")
    frame = creditflow.sweep(model, vary={"rx.depth": [4, 0]}, progress=False)
    assert list(frame["status"]) == ["ok", "failed: sweep vary rx.depth=0: rx.depth = 0 is out of range (allowed "
                                     "1..16777216)"]
    assert_frame_equal(frame, tool_frame(tool, "models/credit_loop.yaml", "--vary", "rx.depth=4,0", check=False))


def test_python_threads_go_on_while_a_sweep_runs():
    model = creditflow.load("models/mesh4x4.yaml")
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    seen = []
    thread = threading.Thread(target=ticker)
    thread.start()
    try:
        creditflow.sweep(model, vary={"net.injection_rate": [0.1, 0.2, 0.3, 0.4]}, jobs=2,
                         progress=lambda done, total: seen.append((done, total, len(ticks))))
    finally:
        stop.set()
        thread.join()
    assert [(d, t) for d, t, _ in seen] == [(1, 4), (2, 4), (3, 4), (4, 4)]
    # The ticker ran between points, which it could not while the sweep held Python's lock.
    assert seen[-1][2] > seen[0][2]


def test_a_bad_vary_is_the_tools_error(tool):
    model = creditflow.load("models/credit_loop.yaml")
    with pytest.raises(creditflow.Error) as caught:
        creditflow.sweep(model, vary={"rx.dept": [1, 2]}, progress=False)
    line = tool("sweep", "models/credit_loop.yaml", "--vary", "rx.dept=1,2", "--csv", "-", check=False).stderr
    assert "creditflow: " + str(caught.value) + "\n" == line
    with pytest.raises(creditflow.Error, match="has a comma"):
        creditflow.sweep(model, vary={"rx.reserved": ["1,2"]}, progress=False)
