"""The package as a whole: what `import boardsolvers` costs."""

import subprocess
import sys

from conftest import ROOT

IMPORT = """
import sys
import boardsolvers
print("numpy" in sys.modules)
boardsolvers.matching.maximum_matching((2, [(0, 1)]))
print("numpy" in sys.modules)
"""


def test_numpy_is_imported_by_the_first_call_that_needs_it_not_by_the_import():
    done = subprocess.run([sys.executable, "-c", IMPORT], capture_output=True, cwd=ROOT, check=True)
    assert done.stdout.decode().split() == ["False", "True"]


def test_every_public_name_has_a_docstring_and_every_native_function_a_stub():
    import ast
    import inspect

    from boardsolvers import _boardsolvers, matching

    for name in matching.__all__:
        assert inspect.getdoc(getattr(matching, name)), f"matching.{name} has no docstring"
    stub = ROOT / "crates/boardsolvers/python/boardsolvers/_boardsolvers.pyi"
    stubbed = {node.name for node in ast.parse(stub.read_text()).body if isinstance(node, ast.FunctionDef)}
    native = {name for name in dir(_boardsolvers) if callable(getattr(_boardsolvers, name)) and not name.startswith("_")}
    assert native == stubbed
    weighted = inspect.signature(matching.max_weight_matching)
    assert list(weighted.parameters)[:3] == ["graph", "maxcardinality", "weight"]
    assert weighted.parameters["maxcardinality"].default is False and weighted.parameters["weight"].default == "weight"
