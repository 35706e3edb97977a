"""Shared fixtures: the workspace's paths and its command-line binaries (built on demand)."""

import os
import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
TESTDATA = ROOT / "testdata"

#: The note `edmonds-blossom` adds to an input error when the file's name chose its format.
FORMAT_NOTE = re.compile(r" \(read as --format \w+, chosen by the name .*; --format chooses another\)$")


def reader_message(stderr: bytes) -> str:
    """The binary's one-line error without its note on ``--format``: what a Python reader says."""
    return FORMAT_NOTE.sub("", stderr.decode().rstrip("\n"))


def target_dir() -> pathlib.Path:
    """Cargo's target folder of the workspace."""
    return pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))


#: A folder of up-to-date solver binaries to compare with (``cargo xtask ci`` names its release
#: binaries, built by ``verify``); without it the tests build the debug binaries.
BINARIES = "BOARDSOLVERS_BINARIES"


@pytest.fixture(scope="session")
def cli():
    """``cli(crate)``: the path of the crate's binary: in the folder ``$BOARDSOLVERS_BINARIES``,
    else the debug binary, built with cargo first (a no-op when it is up to date)."""
    built = {}

    def binary(crate: str) -> pathlib.Path:
        if crate not in built:
            folder = os.environ.get(BINARIES)
            if folder:
                built[crate] = pathlib.Path(folder) / crate
                assert built[crate].is_file(), f"{built[crate]} is missing (${BINARIES})"
            else:
                subprocess.run(["cargo", "build", "-q", "-p", crate], cwd=ROOT, check=True)
                built[crate] = target_dir() / "debug" / crate
        return built[crate]

    return binary
