"""Sizing from Python is `creditflow size`: the same answer, and a model to run it with."""

import creditflow
import pytest


def test_soc_fabric_is_sized_as_the_tool_sizes_it(tool):
    model = creditflow.load("models/soc_fabric.yaml")
    states = []
    s = creditflow.size(model, meet="offered", jobs=2, progress=states.append)
    assert s.json() == tool("size", "models/soc_fabric.yaml", "--meet", "offered", "--json", "-j", "2").stdout
    assert str(s) == tool("size", "models/soc_fabric.yaml", "--meet", "offered").stdout
    assert s.met and s.total == 20 and s.unit == "slots" and s.runs == 35
    assert s.parameters.data == {"hopC.depth": 3, "hopD.depth": 3, "hop.depth": 9, "mem.depth": 4, "periph.depth": 1}
    assert all(t.met for t in s.targets)
    assert states and states[-1]["runs"] <= 35 and {"phase", "best", "seconds", "runs_left"} <= set(states[-1])
    # The answer, set on a copy of the model: every flow carries its offer there.
    assert s.model.sets["mem.depth"] == "4" and model.sets == {}
    r = s.model.run(cycles=100000, warmup=20000, seed=2)
    for name, flow in r.flows.items():
        assert flow.throughput >= flow.offered - flow.offered_noise, name


def test_a_target_on_a_class_sizes_its_reservation():
    model = creditflow.load("models/merged_classes.yaml").set({"rx.policy": "reserved"})
    s = creditflow.size(model, targets=["link.classes.req.credit_wait.p99<=3"],
                        vary=["rx.reserved[req]", "rx.reserved[bulk]", "rx.depth"], progress=False)
    assert s.parameters.data == {"rx.depth": 6, "rx.reserved[bulk]": 0, "rx.reserved[req]": 3}
    assert s.model.sets == {"rx.policy": "reserved", "rx.depth": "6", "rx.reserved": "3, 0"}


def test_what_no_buffer_meets_is_said_not_raised():
    s = creditflow.size(creditflow.load("models/merged_classes.yaml"), meet="offered", progress=False)
    assert not s.met and s.model is None
    assert "dma0:rx carries its offered 1" in s.why and "is 0.25 < 0.999988" in s.why


def test_bad_options_are_the_tools_lines(tool):
    model = creditflow.load("models/soc_fabric.yaml")
    with pytest.raises(creditflow.Error) as caught:
        creditflow.size(model, meet="everything")
    line = tool("size", "models/soc_fabric.yaml", "--meet", "everything", check=False).stderr
    assert line == "creditflow: " + str(caught.value) + "\n"
    with pytest.raises(creditflow.Error, match="--seeds must be from 1 to 100"):
        creditflow.size(model, meet="offered", seeds=0)
    with pytest.raises(creditflow.Error, match=r"^--target 'cpu:mem.latency.p98<=3': flows.cpu:mem has no number 'latency.p98'"):
        creditflow.size(model, targets=["cpu:mem.latency.p98<=3"], progress=False)
