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
