"""Models built in Python are checked as YAML files are, with the same one-line errors."""

import creditflow
import pytest

LOOP = dict(
    components={"src": {"kind": "traffic_source", "pattern": "saturating"},
                "tx": {"kind": "credit_sender", "credits": "${rx.depth}"},
                "link": {"kind": "pipelined_link", "latency": 4},
                "rx": {"kind": "credit_receiver", "depth": 4, "drain_every": 1}},
    connections=["src.out -> tx.in", "tx.out -> link.in", "link.out -> rx.in", "rx.credit -> link.credit_in",
                 "link.credit_out -> tx.credit_in"],
    clocks={"clk": {"period": "1ns"}},
    run={"cycles": 6000, "warmup": 3000, "seed": 1})


def test_a_built_model_runs_as_the_file_it_copies():
    built = creditflow.Model(**LOOP).run().data
    loaded = creditflow.load("models/credit_loop.yaml").run().data
    assert built.pop("model") == "Model" and loaded.pop("model") == "models/credit_loop.yaml"
    assert built == loaded
    assert built["links"]["link"]["throughput"] == 0.4


def test_a_built_models_yaml_is_a_platform_file_the_tool_runs(tool, tmp_path):
    model = creditflow.Model(**LOOP)
    (tmp_path / "loop.yaml").write_text(model.yaml)
    assert creditflow.load(str(tmp_path / "loop.yaml")).run().links["link"].data == model.run().links["link"].data
    assert tool("run", str(tmp_path / "loop.yaml"), "--view", "tl").stdout.count("throughput 0.400") == 1


@pytest.mark.parametrize("change, message", [
    (lambda d: d["components"]["rx"].update(kind="credit_recever"),
     "Model:14: component rx has unknown kind 'credit_recever'; did you mean 'credit_receiver'? "
     "('creditflow list' shows the kinds)"),
    (lambda d: d["components"]["rx"].update(depth=0), "rx.depth = 0 is out of range (allowed 1..16777216)"),
    (lambda d: d["connections"].append("rx.out -> tx.in"), "Model:24: connection 'rx.out -> tx.in': rx.out carries a flow channel but tx.in takes a stream channel"),
    (lambda d: d.update(clocks={"clk": {"period": "0ns"}}), "Model:2: clk.period = 0ns is out of range (allowed 1ps..1s)"),
])
def test_a_mistake_in_a_built_model_is_the_tools_line_for_its_yaml(tool, tmp_path, change, message):
    document = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in LOOP.items()}
    document["components"] = {k: dict(v) for k, v in LOOP["components"].items()}
    change(document)
    with pytest.raises(creditflow.Error) as caught:
        creditflow.Model(**document)
    assert isinstance(caught.value, ValueError)
    assert message in str(caught.value)
    # The same text as a file named Model, run by the tool: the very same line.
    yaml = creditflow._creditflow.document_yaml({k: document[k] for k in ("clocks", "components", "connections", "run")})
    (tmp_path / "Model").write_text(yaml)
    done = tool("run", "Model", "--view", "tl", check=False, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr == "creditflow: " + str(caught.value) + "\n"


def test_values_no_yaml_holds_are_refused_naming_where():
    with pytest.raises(creditflow.Error, match=r"^Model: components.rx.depth = None is a NoneType \(allowed: "):
        creditflow.Model(components={"rx": {"kind": "credit_receiver", "depth": None}})
    with pytest.raises(creditflow.Error, match=r"^Model: components: the key 3 is a int \(allowed: a str\)"):
        creditflow.Model(components={3: {}})


def test_a_files_errors_and_a_sets_are_the_tools_lines(tool, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(creditflow.load("models/credit_loop.yaml").yaml.replace("drain_every: 1", "drain_every: -1"))
    with pytest.raises(creditflow.Error) as caught:
        creditflow.load(str(bad))
    assert tool("run", str(bad), check=False).stderr == "creditflow: " + str(caught.value) + "\n"
    assert str(caught.value).startswith(str(bad) + ":")
    model = creditflow.load("models/credit_loop.yaml")
    with pytest.raises(creditflow.Error) as caught:
        model.set({"rx.depth": 4, "rx.dept": 8})
    # The tool names its option, --set; Python its call, set. The rest is the same line.
    line = tool("run", "models/credit_loop.yaml", "--set", "rx.dept=8", check=False).stderr
    assert line == "creditflow: --" + str(caught.value) + "\n"
    assert model.sets == {}  # a call with one wrong value sets none
    with pytest.raises(creditflow.Error, match="^nope.yaml: cannot open the platform file$"):
        creditflow.load("nope.yaml")
    with pytest.raises(creditflow.Error, match=r"^view rtl: unknown view \(allowed: cycle, tl\)$"):
        model.run(view="rtl")
