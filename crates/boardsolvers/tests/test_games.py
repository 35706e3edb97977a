"""The four games through the package against their binaries: every reference query of
testdata/<crate>/queries, analyze, and bad inputs."""

import json
import subprocess

import pytest

from boardsolvers import InputError, king, lattice, pawn, segment
from conftest import TESTDATA

QUERY = {
    "pawn-retrograde": pawn.query,
    "lattice-dp": lattice.query,
    "segment-nim": segment.query,
    "edmonds-blossom": king.query,
}


def run_cli(binary, *args, input_text=""):
    return subprocess.run([str(binary), *args], input=input_text.encode(), capture_output=True)


def json_lines(output: bytes):
    return [json.loads(line) for line in output.decode().splitlines()]


def query_cases():
    for crate in QUERY:
        inputs = sorted((TESTDATA / crate / "queries").glob("*.in"))
        assert inputs, f"no query cases for {crate}"
        for path in inputs:
            yield pytest.param(crate, path, id=f"{crate}/{path.name}")


@pytest.mark.parametrize("crate, path", list(query_cases()))
def test_query_equals_the_binary(cli, crate, path):
    text = path.read_text()
    expected = run_cli(cli(crate), "query", "--json", "-", input_text=text)
    assert expected.returncode == 0, expected.stderr
    reports = QUERY[crate](text)
    assert [report.to_dict() for report in reports] == json_lines(expected.stdout)
    assert reports, "a query case has positions"
    first = reports[0]
    assert first.game == crate and first.board == 1
    assert [move.move for move in first.moves] == [m["move"] for m in first.to_dict()["moves"]]


def test_king_orth4_query_equals_the_binary(cli):
    text = (TESTDATA / "edmonds-blossom" / "queries" / "edmonds-blossom.in").read_text()
    expected = run_cli(cli("edmonds-blossom"), "query", "--json", "--moves", "orth4", "-", input_text=text)
    assert expected.returncode == 0, expected.stderr
    got = [report.to_dict() for report in king.query(text, moves="orth4")]
    assert got == json_lines(expected.stdout)


@pytest.mark.parametrize(
    "crate, analyze, path",
    [
        ("pawn-retrograde", pawn.analyze, "p01-sample-tiny.in"),
        ("pawn-retrograde", pawn.analyze, "p04-wall-small.in"),
        ("edmonds-blossom", king.analyze, None),
    ],
)
def test_analyze_equals_the_binary(cli, crate, analyze, path):
    folder = TESTDATA / crate
    path = folder / path if path else sorted(p for p in folder.glob("*.in"))[0]
    text = path.read_text()
    expected = run_cli(cli(crate), "analyze", "--json", "-", input_text=text)
    assert expected.returncode == 0, expected.stderr
    got = analyze(text)
    assert got and got == json_lines(expected.stdout)


def test_lattice_analyze_equals_the_binary(cli):
    text = (TESTDATA / "lattice-dp" / "queries" / "q01.in").read_text().split("taken")[0]
    expected = run_cli(cli("lattice-dp"), "analyze", "--json", "-", input_text=text)
    assert expected.returncode == 0, expected.stderr
    assert [lattice.analyze(text)] == json_lines(expected.stdout)


@pytest.mark.parametrize("fields", [1, 5, 9])
def test_segment_analyze_equals_the_binary(cli, fields):
    expected = run_cli(cli("segment-nim"), "analyze", "--json", "--fields", str(fields))
    assert expected.returncode == 0, expected.stderr
    assert [segment.analyze(fields)] == json_lines(expected.stdout)


def test_segment_analyze_refuses_fields_past_the_binary_limit(cli):
    expected = run_cli(cli("segment-nim"), "analyze", "--fields", "1000")
    assert expected.returncode == 2
    with pytest.raises(ValueError, match="a circle of 1000 fields is out of range") as raised:
        segment.analyze(1000)
    limit = str(raised.value).split()[-1]
    assert f"1000 is not in {limit}" in expected.stderr.decode()


BAD_INPUTS = [
    ("pawn-retrograde", "pawn\n1\n3 x\n"),
    ("pawn-retrograde", "pawn\n1\n2 2\nO.\n"),
    ("lattice-dp", "2 2\n1 2\n"),
    ("segment-nim", "1\n5 2 9\n"),
    ("edmonds-blossom", "1\n2 2\n.K\n.Z\n"),
    ("edmonds-blossom", ""),
]


@pytest.mark.parametrize("crate, text", BAD_INPUTS)
def test_bad_input_raises_input_error_with_the_binary_message(cli, crate, text):
    expected = run_cli(cli(crate), "query", "-", input_text=text)
    assert expected.returncode == 2 and expected.stdout == b""
    with pytest.raises(InputError) as raised:
        QUERY[crate](text)
    error = raised.value
    assert isinstance(error, ValueError)
    assert expected.stderr.decode() == f"error: line {error.line}, column {error.column}: {error.message}\n"
    assert str(error) == f"line {error.line}, column {error.column}: {error.message}"


def test_king_moves_other_than_the_two_sets_are_refused():
    with pytest.raises(ValueError, match="king20"):
        king.query("0\n", moves="queen")


def test_input_must_be_text_or_bytes():
    with pytest.raises(TypeError):
        segment.query(12)
    assert segment.query(b"0\n") == segment.query("0\n") == []
