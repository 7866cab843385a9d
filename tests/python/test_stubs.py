"""The type stubs and docstrings an editor shows: every name the compiled part has is in its
stub, and every public function and class says what it does."""

import ast
import inspect
import pathlib

import creditflow
from creditflow import _creditflow


def stub_names(tree):
    names = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
    return names


def test_the_stub_names_what_the_compiled_part_has_and_no_more():
    stub = pathlib.Path(_creditflow.__file__).with_name("_creditflow.pyi")
    names = stub_names(ast.parse(stub.read_text()))
    compiled = {n for n in dir(_creditflow) if not n.startswith("__")}
    assert set(names) == compiled
    handle = {n for n in dir(_creditflow.ModelHandle) if not n.startswith("__")}
    in_stub = {m.name for m in names["ModelHandle"].body if isinstance(m, ast.FunctionDef)}
    assert in_stub == handle
    # Each function's parameters, by name, as the module takes them.
    for name, node in names.items():
        if isinstance(node, ast.FunctionDef):
            doc = getattr(_creditflow, name).__doc__
            taken = doc.split("(", 1)[1].split(")", 1)[0]
            for arg in node.args.args:
                assert f"{arg.arg}:" in taken, (name, arg.arg, doc)


def test_every_public_name_is_explained():
    for name in creditflow.__all__:
        obj = getattr(creditflow, name)
        assert inspect.getdoc(obj), name
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                if not member.startswith("_") and callable(value):
                    assert inspect.getdoc(value), f"{name}.{member}"
    assert "model.set" in inspect.getdoc(creditflow.Model.set)
