"""A run from Python gives the tool's figures: the same JSON, byte for byte."""

import creditflow
import pytest


@pytest.mark.parametrize("path, sets, options", [
    ("models/credit_loop.yaml", {"rx.depth": 8}, {"seed": 3}),
    ("models/soc_fabric.yaml", {}, {"cycles": 20000, "warmup": 5000, "seed": 2}),
    ("models/merged_classes.yaml", {"rx.policy": "reserved", "rx.reserved": "3, 0"}, {}),
    ("models/mesh4x4.yaml", {"net.injection_rate": 0.2}, {"seed": 4}),
])
def test_a_runs_json_is_the_tools_byte_for_byte(tool, path, sets, options):
    model = creditflow.load(path).set(sets)
    result = model.run(**options)
    args = ["run", path, "--json", "--view", "tl"]
    for param, value in sets.items():
        args += ["--set", f"{param}={value}"]
    for name, value in options.items():
        args += [f"--{name}", str(value)]
    assert result.json() == tool(*args).stdout
    assert result.ok and result.status == "ok"


def test_figures_are_attributes_and_items_named_as_in_the_json():
    r = creditflow.load("models/soc_fabric.yaml").run(cycles=20000, warmup=5000, seed=2)
    assert r.links["link"].throughput == r.data["links"]["link"]["throughput"] == 0.6
    assert r.flows["cpu:mem"].latency.p99 == r.data["flows"]["cpu:mem"]["latency"]["p99"]
    assert r.flows["dma:mem"]["offered"] == 0.5
    assert r.diagnosis == r.data["diagnosis"]
    assert r.diagnosis[2].startswith("link 'link' runs at 0.600 of full rate: its 6 credits cover 6 of the 10-cycle")
    with pytest.raises(AttributeError, match="no figure 'throughput_x'"):
        r.links["link"].throughput_x
    net = creditflow.load("models/mesh4x4.yaml").run(seed=1)
    assert net.networks["net"].accepted == pytest.approx(0.3, abs=0.01)
    assert net.networks["net"].nodes == 16


def test_the_summary_is_the_tools_text(tool):
    r = creditflow.load("models/credit_loop.yaml").run(seed=1)
    assert str(r) == tool("run", "models/credit_loop.yaml", "--view", "tl", "--seed", "1").stdout
    assert "throughput 0.400" in str(r)


def test_the_cycle_view_runs_in_a_child_with_the_same_figures_as_the_tool(tool):
    model = creditflow.load("models/credit_loop.yaml").set({"rx.depth": 6, "link.latency": 2})
    cycle = model.run(view="cycle")
    assert cycle.view == "cycle"
    assert cycle.json() == tool("run", "models/credit_loop.yaml", "--json", "--set", "rx.depth=6",
                                "--set", "link.latency=2").stdout
    # And again in the same process: each cycle-view run elaborates in a child of its own.
    assert model.run(view="cycle").json() == cycle.json()
    tl = model.run()
    assert tl.links["link"].data == cycle.links["link"].data


def test_set_chains_replaces_and_copies_stay_apart():
    model = creditflow.load("models/credit_loop.yaml")
    model.set({"rx.depth": 2}).set(**{"rx.depth": 10, "link.latency": 4})
    assert model.sets == {"rx.depth": "10", "link.latency": "4"}
    other = model.copy().set({"rx.depth": 1})
    assert model.sets["rx.depth"] == "10" and other.sets["rx.depth"] == "1"
    assert model.run().links["link"].throughput == 1.0
    assert other.run().links["link"].throughput == 0.1


def test_figures_copy_and_pickle_as_plain_data():
    import copy
    import pickle
    r = creditflow.load("models/credit_loop.yaml").run()
    link = r.links["link"]
    assert copy.deepcopy(link) == link and pickle.loads(pickle.dumps(link)).throughput == 0.4
    assert "throughput" in dir(link) and "throughput" in link and len(link) == len(link.data)
