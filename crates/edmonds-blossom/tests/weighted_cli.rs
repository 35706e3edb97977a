//! `weighted-matching` through the binary: the answers of every objective and format, the
//! certificate, located input errors (status 2, nothing on stdout), the deficiency error, and the
//! README's examples.

use std::process::Output;

const TRIANGLE_PENDANTS: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/edmonds-blossom/lcw-x-triangle-pendants.in");

fn run(args: &[&str], stdin: &str) -> Output {
    damaged_input::run_binary(env!("CARGO_BIN_EXE_edmonds-blossom"), args, stdin.as_bytes())
}

fn stdout(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Checks status 2, one `error: LOCATION: ...` line containing `words`, and no output.
fn assert_error(args: &[&str], stdin: &str, location: &str, words: &str) {
    damaged_input::assert_located_error(env!("CARGO_BIN_EXE_edmonds-blossom"), args, stdin, location, words);
}

#[test]
fn every_format_gives_the_same_answer() {
    let cases = [
        ("lc", "4 3\n0 1 3\n1 2 8\n2 3 3\n", "1 8\n1 2\n"),
        ("edges", "# path\n10 20 3\n20 30 8\n30 40 3\n", "1 8\n20 30\n"),
        ("dimacs", "c path\np edge 4 3\ne 1 2 3\ne 2 3 8\ne 3 4 3\n", "1 8\n2 3\n"),
        (
            "mtx",
            "%%MatrixMarket matrix coordinate integer symmetric\n4 4 3\n2 1 3\n3 2 8\n4 3 3\n",
            "1 8\n2 3\n",
        ),
    ];
    for (format, input, answer) in cases {
        assert_eq!(stdout(&run(&["weighted-matching", "--format", format], input)), answer, "{format}");
    }
}

#[test]
fn objectives_differ_on_a_path_with_light_ends() {
    let input = "4 3\n0 1 3\n1 2 8\n2 3 3\n";
    let answer = |objective: &str| stdout(&run(&["weighted-matching", "--objective", objective], input));
    assert_eq!(answer("max"), "1 8\n1 2\n");
    assert_eq!(answer("max-cardinality"), "2 6\n0 1\n2 3\n");
    assert_eq!(answer("min-cost-perfect"), "2 6\n0 1\n2 3\n");
}

#[test]
fn json_has_the_answer_and_the_certificate() {
    let text = stdout(&run(&["weighted-matching", "--json", "--certificate", TRIANGLE_PENDANTS], ""));
    let record: serde_json::Value = serde_json::from_str(text.trim_end()).unwrap();
    assert_eq!(record["objective"], "max");
    assert_eq!((record["vertices"].as_u64(), record["edges"].as_u64()), (Some(6), Some(6)));
    assert_eq!((record["size"].as_u64(), record["total_weight"].as_i64()), (Some(2), Some(7)));
    assert_eq!(record["matching"], serde_json::json!([[0, 3], [1, 2]]));
    assert_eq!(
        record["certificate"]["blossoms"],
        serde_json::json!([{ "dual": 8, "parent": null, "own_vertices": [0, 1, 2] }])
    );
    assert_eq!(record["certificate"]["vertex_duals"][0], serde_json::json!([0, 2]));
    let plain = stdout(&run(&["weighted-matching", "--json", TRIANGLE_PENDANTS], ""));
    assert!(!plain.contains("certificate"));
}

#[test]
fn explain_says_what_the_certificate_proves() {
    let text = stdout(&run(&["weighted-matching", "--explain", TRIANGLE_PENDANTS], ""));
    assert!(
        text.starts_with("a maximum-weight matching of 6 vertices and 6 edges: 2 pairs, total weight 7\n"),
        "{text}"
    );
    assert!(text.contains("  0 3  weight 1\n") && text.contains("(verified)"), "{text}");
}

#[test]
fn dropped_and_repeated_edges_are_noted() {
    let output = run(&["weighted-matching"], "3 4\n0 1 2\n1 0 5\n2 2 9\n1 2 1\n");
    assert_eq!(stdout(&output), "1 5\n0 1\n");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr, "note: dropped 1 self-loop; 1 repeated edge (the best copy of each pair counts)\n");
    // For a cost the cheaper copy counts.
    let cheapest = run(&["weighted-matching", "--objective", "min-cost-perfect"], "2 2\n0 1 2\n1 0 5\n");
    assert_eq!(stdout(&cheapest), "1 2\n0 1\n");
}

#[test]
fn errors_are_located_and_print_nothing() {
    let w = ["weighted-matching"];
    assert_error(&w, "2 1\n0 1 2.5\n", "line 2, column 5", "integers only");
    assert_error(&w, "2 1\n0 1 x\n", "line 2, column 5", "expected a weight");
    assert_error(&w, "2 1\n0 5 1\n", "line 2, column 3", "out of range");
    assert_error(&w, "2 2\n0 1 1\n", "line 3, column 1", "expected edge 2 of 2");
    assert_error(&w, "2 1\n0 1 1 7\n", "line 2, column 7", "trailing input");
    assert_error(&w, "2 1\n0 1 2000000000000\n", "line 2, column 5", "out of range");
    assert_error(&w, "10000001 0\n", "line 1, column 1", "number of vertices");
    assert_error(&w, "2 99999999999\n", "line 1, column 3", "number of edges");
    let mtx = ["weighted-matching", "--format", "mtx"];
    assert_error(
        &mtx,
        "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 0.5\n",
        "line 1, column 34",
        "integers only",
    );
    assert_error(
        &mtx,
        "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n",
        "line 1, column 34",
        "integers only",
    );
    let dimacs = ["weighted-matching", "--format", "dimacs"];
    assert_error(&dimacs, "p edge 2 1\na 1 2 3\n", "line 2, column 1", "expected 'e'");
    assert_error(
        &["weighted-matching", "--format", "edges"],
        "1 2\n",
        "line 1, column 4",
        "expected a weight",
    );
}

#[test]
fn an_empty_graph_has_the_empty_matching_for_every_objective() {
    for objective in ["max", "max-cardinality", "min-cost-perfect"] {
        let answer = stdout(&run(&["weighted-matching", "--objective", objective], "0 0\n"));
        assert_eq!(answer, "0 0\n", "{objective}");
    }
}

#[test]
fn no_perfect_matching_names_the_deficiency() {
    let star = "4 3\n0 1 1\n0 2 1\n0 3 1\n";
    assert_error(
        &["weighted-matching", "--objective", "min-cost-perfect"],
        star,
        "no perfect matching",
        "deficiency is 2 (removing 1 vertex leaves 3 odd components",
    );
}

/// The output the crate's README.md shows under the console line `$ COMMAND`.
fn readme_output(command: &str) -> String {
    damaged_input::readme_output(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"), command)
}

#[test]
fn the_readme_shows_what_weighted_matching_prints() {
    let file = "testdata/edmonds-blossom/lcw-x-triangle-pendants.in";
    for options in [&[][..], &["--objective", "min-cost-perfect"][..], &["--certificate"][..]] {
        let mut args = vec!["weighted-matching"];
        args.extend_from_slice(options);
        let shown = format!("cargo run -q --release -p edmonds-blossom -- {} {file}", args.join(" "));
        args.push(TRIANGLE_PENDANTS);
        assert_eq!(stdout(&run(&args, "")), readme_output(&shown), "{shown}");
    }
}

#[test]
fn help_describes_the_formats_and_objectives() {
    let text = stdout(&run(&["weighted-matching", "--help"], ""));
    for word in [
        "general_weighted_matching",
        "p edge N M",
        "coordinate integer",
        "min-cost-perfect",
        "Tutte-Berge",
        "2^59",
        "10^7 vertices",
        "5*10^7 edges",
        "a matrix `0 0 0`",
    ] {
        assert!(text.contains(word), "{word} missing from weighted-matching --help:\n{text}");
    }
}

#[test]
fn an_error_in_a_format_chosen_by_the_name_says_so() {
    // A Library Checker file named `.txt` is read as an edge list: `N M` lacks a weight.
    let path = std::env::temp_dir().join(format!("weighted-cli-{}.txt", std::process::id()));
    std::fs::write(&path, "4 3\n0 1 3\n1 2 8\n2 3 3\n").unwrap();
    let file = path.to_str().unwrap();
    assert_error(
        &["weighted-matching", file],
        "",
        "line 1, column 4",
        "read as --format edges, chosen by the name",
    );
    // A Library Checker matching file named `.graph` is read as METIS, where vertex 0 is none.
    let metis = path.with_extension("graph");
    std::fs::write(&metis, "4 3\n0 1\n1 2\n2 3\n").unwrap();
    let named = metis.to_str().unwrap();
    assert_error(&["matching", named], "", "line 2, column 1", "read as --format metis, chosen by the name");
    assert_eq!(stdout(&run(&["matching", "--format", "lc", named], "")), "2\n0 1\n2 3\n");
    std::fs::remove_file(&metis).unwrap();
    // Chosen by `--format`, the error is the reader's own, and `--format lc` reads the file.
    let given = run(&["weighted-matching", "--format", "edges", file], "");
    assert!(!String::from_utf8_lossy(&given.stderr).contains("chosen by the name"));
    assert_eq!(stdout(&run(&["weighted-matching", "--format", "lc", file], "")), "1 8\n1 2\n");
    std::fs::remove_file(&path).unwrap();
}
