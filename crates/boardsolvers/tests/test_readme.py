"""The README's Python examples, run as doctests from the repository root."""

import doctest
import os
import re

from conftest import ROOT


def python_blocks(text: str):
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.DOTALL | re.MULTILINE)


def test_readme_python_examples_print_what_the_readme_shows():
    blocks = python_blocks((ROOT / "README.md").read_text())
    assert len(blocks) >= 3, "the README's Python section has its examples"
    globs = {}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        for i, block in enumerate(blocks):
            test = parser.get_doctest(block, globs, f"README.md python block {i + 1}", "README.md", 0)
            assert test.examples
            runner.run(test, clear_globs=False)
            globs = test.globs  # a block sees the names of the blocks before it
    finally:
        os.chdir(here)
    results = runner.summarize(verbose=False)
    assert results.attempted > 10 and results.failed == 0
