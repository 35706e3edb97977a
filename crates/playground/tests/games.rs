//! The four real games through the API: the reference answers of `testdata/<crate>/queries/`, the
//! reports against the report model's checker, the CLI's error messages, the caps, the king game's
//! option, and the lattice game's cancellation.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use playground::games::{self, Cancel, Game, GameCaps, QueryError, QueryOptions};
use playground::{Config, router};
use serde_json::{Value, json};
use tower::ServiceExt;

fn app(caps: GameCaps) -> Router {
    let config = Config { max_solves: 4, time_limit: Duration::from_secs(60), ..Config::default() };
    router(games::all(&caps), config)
}

async fn post(app: &Router, game: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(format!("/api/{game}/query"))
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

async fn query(app: &Router, game: &str, text: &str) -> (StatusCode, Value) {
    post(app, game, json!({ "position": text })).await
}

fn testdata(path: &str) -> String {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// Whitespace tokens of a text.
fn tokens(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// A valid report of the model (the checker every binary's `--json` goes through).
fn check(report: &Value) {
    damaged_input::report::check_report(report).unwrap_or_else(|e| panic!("{e}: {report}"));
}

/// How many reference positions of each file the test asks (the files hold 300 each).
const SAMPLE: usize = 60;

#[tokio::test]
async fn pawn_answers_the_reference_queries() {
    let app = app(GameCaps::default());
    let input = testdata("pawn-retrograde/queries/pawn-retrograde.in");
    let expected = testdata("pawn-retrograde/queries/pawn-retrograde.expected");
    let t = tokens(&input);
    let mut at = 2;
    for line in expected.lines().take(SAMPLE) {
        let rows: usize = t[at].parse().unwrap();
        let side = if matches!(t[at + 2], "red" | "black") { t[at + 2] } else { "red" };
        let head = if side == t[at + 2] { 3 } else { 2 };
        let text =
            format!("q 1\n{} {} {side}\n{}\n", t[at], t[at + 1], t[at + head..at + head + rows].join("\n"));
        at += head + rows;
        let (status, report) = query(&app, "pawn-retrograde", &text).await;
        assert_eq!(status, StatusCode::OK, "{text}{report}");
        check(&report);
        let want: Vec<&str> = line.split(' ').collect();
        assert_eq!(report["value"], want[0], "{text}");
        let remoteness = report.get("remoteness").map_or("-".to_string(), |r| r.to_string());
        assert_eq!(remoteness, want[1], "{text}");
        assert_eq!(report["moves"].as_array().unwrap().len().to_string(), want[2], "{text}");
    }
}

#[tokio::test]
async fn king_answers_the_reference_queries() {
    let app = app(GameCaps::default());
    let input = testdata("edmonds-blossom/queries/edmonds-blossom.in");
    let expected = testdata("edmonds-blossom/queries/edmonds-blossom.expected");
    let t = tokens(&input);
    let mut at = 1;
    for line in expected.lines().take(SAMPLE) {
        let rows: usize = t[at].parse().unwrap();
        let text = format!("1\n{} {}\n{}\n", t[at], t[at + 1], t[at + 2..at + 2 + rows].join("\n"));
        at += 2 + rows;
        let (status, report) = query(&app, "edmonds-blossom", &text).await;
        assert_eq!(status, StatusCode::OK, "{text}{report}");
        check(&report);
        let want: Vec<&str> = line.split(' ').collect();
        assert_eq!(report["value"], want[0], "{text}");
        assert_eq!(report["moves"].as_array().unwrap().len().to_string(), want[1], "{text}");
    }
}

#[tokio::test]
async fn segment_answers_the_reference_queries() {
    let app = app(GameCaps::default());
    let input = testdata("segment-nim/queries/segment-nim.in");
    let expected = testdata("segment-nim/queries/segment-nim.expected");
    let t = tokens(&input);
    let mut at = 1;
    for line in expected.lines().take(SAMPLE) {
        let (w, c): (usize, usize) = (t[at + 1].parse().unwrap(), t[at + 2].parse().unwrap());
        let head = if matches!(t.get(at + 3), Some(&"white" | &"black")) { 4 } else { 3 };
        let text = format!(
            "1\n{}\n{}\n{}\n",
            t[at..at + head].join(" "),
            t[at + head..at + head + w].join(" "),
            t[at + head + w..at + head + w + c].join(" ")
        );
        at += head + w + c;
        let (status, report) = query(&app, "segment-nim", &text).await;
        assert_eq!(status, StatusCode::OK, "{text}{report}");
        check(&report);
        let want: Vec<&str> = line.split(' ').collect();
        assert_eq!(report["value"], want[0], "{text}");
        assert_eq!(report["legal_moves"].to_string(), want[1], "{text}");
    }
}

#[tokio::test]
async fn lattice_answers_the_reference_queries() {
    let app = app(GameCaps::default());
    for i in 0..10 {
        let text = testdata(&format!("lattice-dp/queries/q{i:02}.in"));
        let expected = testdata(&format!("lattice-dp/queries/q{i:02}.expected"));
        let (status, report) = query(&app, "lattice-dp", &text).await;
        assert_eq!(status, StatusCode::OK, "{text}{report}");
        check(&report);
        let want: Vec<&str> = expected.split_whitespace().collect();
        assert_eq!(report["score"].to_string(), want[0], "{text}");
        assert_eq!(report["moves"].as_array().unwrap().len().to_string(), want[1], "{text}");
    }
}

#[tokio::test]
async fn every_example_is_a_valid_report_and_equals_the_library_report() {
    let app = app(GameCaps::default());
    let (_, list) = {
        let request =
            Request::get("/api/games").header("host", "127.0.0.1:8080").body(Body::empty()).unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        ((), serde_json::from_slice::<Value>(&bytes).unwrap())
    };
    for game in list["games"].as_array().unwrap() {
        assert_eq!(game["available"], true);
        let name = game["name"].as_str().unwrap();
        let example = game["example"].as_str().unwrap();
        let (status, report) = query(&app, name, example).await;
        assert_eq!(status, StatusCode::OK, "{name}: {report}");
        check(&report);
        assert_eq!(report["game"], name);
        assert!(!report["moves"].as_array().unwrap().is_empty(), "{name}");
        assert_eq!(report["to_move"], game["sides"][0], "{name}");
    }
    // The same object the library's own `query --json` path builds.
    let example = "q 1\n3 3\n...\n.X.\nO.O\n";
    let positions = pawn_retrograde::parse_positions(example.as_bytes()).unwrap();
    let direct = serde_json::to_value(
        pawn_retrograde::query(&positions[0], &pawn_retrograde::QueryOptions::default()).unwrap(),
    )
    .unwrap();
    assert_eq!(query(&app, "pawn-retrograde", example).await.1, direct);
}

#[tokio::test]
async fn bad_positions_get_the_cli_messages() {
    let app = app(GameCaps::default());
    let cases: [(&str, &str, String); 4] = [
        (
            "pawn-retrograde",
            "x 1\n3 3\n...\n.Q.\nO.O\n",
            pawn_retrograde::parse_positions(b"x 1\n3 3\n...\n.Q.\nO.O\n").unwrap_err().to_string(),
        ),
        (
            "edmonds-blossom",
            "1\n1 2\nKx\n",
            edmonds_blossom::query::parse_positions(b"1\n1 2\nKx\n").unwrap_err().to_string(),
        ),
        (
            "lattice-dp",
            "2 2\n1 2\n3\n",
            lattice_dp::parse_positions(b"2 2\n1 2\n3\n").unwrap_err().to_string(),
        ),
        ("segment-nim", "1\n9 2 1 white\n3 2\n5\n", {
            let mut reader = segment_nim::BoardReader::new(b"1\n9 2 1 white\n3 2\n5\n").unwrap();
            reader.read_query_into(&mut segment_nim::Board::default()).unwrap_err().to_string()
        }),
    ];
    for (game, text, message) in cases {
        assert!(message.starts_with("line "), "{message}");
        let (status, body) = query(&app, game, text).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{game}");
        assert_eq!(body, json!({ "error": message }), "{game}");
    }
}

#[tokio::test]
async fn one_position_at_a_time() {
    let app = app(GameCaps::default());
    let cases = [
        ("pawn-retrograde", "q 2\n2 2\nOO\nX.\n2 2\nOO\n.X\n"),
        ("pawn-retrograde", "q 0\n"),
        ("edmonds-blossom", "2\n1 1\nK\n1 1\nK\n"),
        ("segment-nim", "2\n3 1 1\n1\n2\n3 1 1\n1\n2\n"),
        ("segment-nim", "0\n"),
        ("lattice-dp", "1 1\n1\n1\n1 1\n2\n2\n"),
    ];
    for (game, text) in cases {
        let (status, body) = query(&app, game, text).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{game}: {text}");
        assert!(body["error"].as_str().unwrap().starts_with("the playground queries one position"), "{body}");
    }
}

#[tokio::test]
async fn positions_over_the_caps_are_422() {
    let caps = GameCaps::default()
        .with(&games::pawn::MAX_FREE_CELLS, 5)
        .with(&games::lattice::MAX_WORK, 6 * 2 + 16 * 2 * 4)
        .with(&games::segment::MAX_PAWNS, 2)
        .with(&games::king::MAX_CELLS, 3);
    let app = app(caps);
    let cases = [
        ("pawn-retrograde", "q 1\n3 2\n..\n.X\nOO\n", "--pawn-max-free-cells"),
        ("lattice-dp", "2 3\n1 1 1\n1 1 1\n1 1 1\n1 1 1\n", "--lattice-max-work"),
        ("segment-nim", "1\n9 2 1\n1 3\n5\n", "--segment-max-pawns"),
        ("edmonds-blossom", "1\n2 2\nK.\n..\n", "--king-max-cells"),
    ];
    for (game, text, flag) in cases {
        let (status, body) = query(&app, game, text).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{game}: {body}");
        assert!(body["error"].as_str().unwrap().contains(flag), "{body}");
    }
    // Just at the caps is fine.
    let (status, _) = query(&app, "pawn-retrograde", "q 1\n3 2\n#.\n.X\nOO\n").await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = query(&app, "lattice-dp", "2 2\n1 1\n1 1\n1 1\n1 1\n").await; // 6 states, 2 moves, h = 2
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn the_king_move_set_is_an_option() {
    let app = app(GameCaps::default());
    let text = "1\n3 3\nK..\n...\n...\n";
    let (_, king20) = post(&app, "edmonds-blossom", json!({"position": text})).await;
    let (_, orth4) = post(&app, "edmonds-blossom", json!({"position": text, "moves": "orth4"})).await;
    assert_eq!(king20["move_set"], "king20");
    assert_eq!(orth4["move_set"], "orth4");
    assert_eq!(orth4["moves"].as_array().unwrap().len(), 2);
    assert!(king20["moves"].as_array().unwrap().len() > 2);
    let (status, body) = post(&app, "edmonds-blossom", json!({"position": text, "moves": "queen"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "unknown move set `queen`: king20 or orth4");
}

#[tokio::test]
async fn the_king_all_starts_view_is_the_cli_object_of_the_board_left() {
    let app = app(GameCaps::default());
    let post_view = |body: Value| {
        let app = app.clone();
        async move {
            let request = Request::post("/api/edmonds-blossom/all-starts")
                .header("host", "127.0.0.1:8080")
                .header("content-type", "application/json")
                .body(Body::from(body.to_string()))
                .unwrap();
            let response = app.oneshot(request).await.unwrap();
            let status = response.status();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            (status, serde_json::from_slice::<Value>(&bytes).unwrap())
        }
    };
    // The README's example of `edmonds-blossom all-starts`.
    let (status, grid) = post_view(json!({"position": "1\n3 4\nK.#.\n..#.\n....\n"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(grid["rows"], json!(["WW#W", "WW#W", "WWWW"]));
    assert_eq!(grid["game"], "edmonds-blossom");
    assert_eq!(grid["move_set"], "king20");
    // Visited cells are blocked; the king's cell is a start like any free cell.
    let (_, grid) = post_view(json!({"position": "1\n1 4\noK..\n", "moves": "orth4"})).await;
    assert_eq!(grid["rows"], json!(["#LWL"]));
    assert_eq!(grid["winning_starts"], 1);
    let (status, body) = post_view(json!({"position": "1\n1 4\nxK..\n"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().starts_with("line 3, column 1: "));
}

#[tokio::test]
async fn each_game_answers_within_its_own_answer_cap() {
    // The king game's cap below its example's answer: 507 for it, while the others answer.
    let app = app(GameCaps::default().with(&games::king::MAX_ANSWER_BYTES, 100));
    for game in games::all(&GameCaps::default()) {
        let info = game.info();
        let (status, body) = query(&app, info.name, info.example).await;
        if info.name == "edmonds-blossom" {
            assert_eq!(status, StatusCode::INSUFFICIENT_STORAGE);
            let error = body["error"].as_str().unwrap();
            assert!(error.ends_with("more than this server's cap of 100 for edmonds-blossom answers (max_answer_bytes in GET /api/games)"), "{error}");
        } else {
            assert_eq!(status, StatusCode::OK, "{}: {body}", info.name);
        }
    }
}

#[test]
fn a_cancelled_lattice_solve_stops() {
    let lattice = games::lattice::Lattice::new(u64::MAX);
    assert_eq!(games::lattice::work(2, 2), 6 * 2 + 16 * 2 * 4);
    let text = "3 3\n1 2 3\n4 5 6\n7 8 9\n9 8 7\n6 5 4\n3 2 1\n";
    let cancel = Cancel::new();
    assert!(lattice.query(text, &QueryOptions::default(), &cancel).is_ok());
    // Its progress is reported in layers (n·m + 1 of them).
    let (done, total) = cancel.progress();
    assert_eq!(total, 10);
    assert!(done > 0 && done <= total);
    cancel.cancel();
    assert_eq!(lattice.query(text, &QueryOptions::default(), &cancel), Err(QueryError::Cancelled));
    // The stopped solve left nothing behind: the next one works.
    assert!(lattice.query(text, &QueryOptions::default(), &Cancel::new()).is_ok());
    let _shared: Arc<dyn Game> = Arc::new(lattice);
}

/// An open `rows` × `cols` pawn board, red to move, the pawn in the middle of the bottom row and
/// the red pieces in the top corners.
fn open_pawn_board(rows: usize, cols: usize) -> String {
    let mut text = format!("big 1\n{rows} {cols}\n");
    for r in 0..rows {
        let row: String = (0..cols)
            .map(|c| match (r, c) {
                (0, c) if c == 0 || c == cols - 1 => 'O',
                (r, c) if r == rows - 1 && c == cols / 2 => 'X',
                _ => '.',
            })
            .collect();
        text += &row;
        text.push('\n');
    }
    text
}

/// A `side` × `side` king board with about 3% of its cells blocked (pseudo-randomly), the king
/// in its corner: the obstacles leave long augmenting paths, so the matching is most of the solve.
fn king_board(side: usize) -> String {
    let mut text = format!("1\n{side} {side}\n");
    let mut random = damaged_input::Seeded::new(0x9E37_79B9_7F4A_7C15);
    for r in 0..side {
        for c in 0..side {
            let blocked = random.below(100) < 3;
            text.push(if (r, c) == (0, 0) {
                'K'
            } else if blocked {
                '#'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    text
}

/// A `side` × `side` lattice board of small pseudo-random values.
fn lattice_board(side: usize) -> String {
    let values: Vec<String> = (0..2 * side * side).map(|i| ((i * 7919) % 97).to_string()).collect();
    let rows: Vec<String> = values.chunks(side).map(|row| row.join(" ")).collect();
    format!("{side} {side}\n{}\n", rows.join("\n"))
}

/// One solve of a test: a game, a position, its options and the view asked for (`None`: the query).
struct Solve {
    game: Arc<dyn Game>,
    text: String,
    options: QueryOptions,
    view: Option<&'static str>,
}

impl Solve {
    /// The query of `text`.
    fn query(game: Arc<dyn Game>, text: String, options: QueryOptions) -> Solve {
        Solve { game, text, options, view: None }
    }

    /// Its answer.
    fn run(&self, cancel: &Cancel) -> Result<Value, QueryError> {
        match self.view {
            Some(view) => {
                self.game.view(view, &self.text, &self.options, cancel).expect("the game has this view")
            }
            None => self.game.query(&self.text, &self.options, cancel),
        }
    }
}

#[test]
fn every_game_stops_a_running_solve_at_its_next_step() {
    // A solve cancelled while it runs stops at the solver's next step (a level of the pawn pass,
    // a layer of the lattice sweep, 256 roots or one augmentation of the king game's matching, in
    // its query and in its `all-starts` view) instead of running to its end: side by side, the
    // cancelled solve takes less than half the time of the whole solve. (segment-nim's solve is
    // linear and takes milliseconds at its cap: `every_game_stops_a_cancelled_solve` checks its
    // steps.)
    let orth4 = || QueryOptions { moves: Some("orth4".into()), ..QueryOptions::default() };
    let king = || -> Arc<dyn Game> { Arc::new(games::king::King::new(u64::MAX)) };
    let solves = [
        Solve::query(
            Arc::new(games::pawn::Pawn::new(1024)),
            open_pawn_board(18, 18),
            QueryOptions::default(),
        ),
        Solve::query(
            Arc::new(games::lattice::Lattice::new(u64::MAX)),
            lattice_board(15),
            QueryOptions::default(),
        ),
        Solve::query(king(), king_board(1000), orth4()),
        Solve { view: Some("all-starts"), ..Solve::query(king(), king_board(1000), orth4()) },
    ];
    for solve in solves {
        let name = format!("{} {}", solve.game.info().name, solve.view.unwrap_or("query"));
        let start = std::time::Instant::now();
        assert!(solve.run(&Cancel::new()).is_ok(), "{name}");
        let whole = start.elapsed();
        let cancel = Cancel::new();
        let start = std::time::Instant::now();
        let answer = std::thread::scope(|scope| {
            let running = scope.spawn(|| solve.run(&cancel));
            std::thread::sleep(whole / 10);
            cancel.cancel();
            running.join().expect("the solve does not panic")
        });
        let cancelled = start.elapsed();
        assert_eq!(answer, Err(QueryError::Cancelled), "{name}");
        assert!(
            cancelled < whole / 2,
            "{name}: cancelled after {cancelled:?}, the whole solve takes {whole:?}"
        );
    }
}

#[test]
fn every_game_stops_a_cancelled_solve() {
    // A client that went away sets the flag; each game's solver checks it between its steps and
    // the game once more before the report, so no report is built for nobody.
    for game in games::all(&GameCaps::default()) {
        let info = game.info();
        let cancel = Cancel::new();
        cancel.cancel();
        let options = QueryOptions::default();
        assert_eq!(game.query(info.example, &options, &cancel), Err(QueryError::Cancelled), "{}", info.name);
        for view in info.views {
            let answer = game.view(view, info.example, &options, &cancel);
            assert_eq!(answer, Some(Err(QueryError::Cancelled)), "{} {view}", info.name);
        }
        assert!(game.query(info.example, &options, &Cancel::new()).is_ok(), "{}", info.name);
    }
}

#[test]
fn the_lattice_cap_counts_the_work_of_long_thin_boards() {
    use games::lattice::work;
    // 1x39 has 40 states but the tables of a 40-step boundary: it costs more than 12x12
    // (2.7e6 states) and less than 14x14, which the default cap admits; 15x15 is refused.
    assert!(work(1, 39) > work(12, 12) * 10, "{}", work(1, 39));
    let cap = GameCaps::default().get(&games::lattice::MAX_WORK);
    assert!(work(1, 39) < work(14, 14) && work(14, 14) <= cap && work(15, 15) > cap);
    let lattice = games::lattice::Lattice::new(work(1, 39) - 1);
    let row: Vec<&str> = vec!["1"; 39];
    let text = format!("1 39\n{}\n{}\n", row.join(" "), row.join(" "));
    let refused = lattice.query(&text, &QueryOptions::default(), &Cancel::new());
    assert!(matches!(&refused, Err(QueryError::TooLarge(m)) if m.contains("40 states")), "{refused:?}");
}

#[test]
fn small_boards_are_light_and_large_ones_are_not() {
    let options = QueryOptions::default();
    for game in games::all(&GameCaps::default()) {
        let info = game.info();
        assert!(game.is_light(info.example, &options), "{}: its example is cheap", info.name);
    }
    let all = games::all(&GameCaps::default());
    let pawn = format!(
        "q 1\n16 16 red\n{}O..............O\n",
        format!("{}\n", ".".repeat(16)).repeat(14) + "..X.............\n"
    );
    let lattice = format!("12 12\n{}", "1 1 1 1 1 1 1 1 1 1 1 1\n".repeat(24));
    let odd = |from: usize| (0..10_001).map(|i| (from + 2 * i).to_string()).collect::<Vec<_>>().join(" ");
    let segment = format!("1\n100000 10001 10001 white\n{}\n{}\n", odd(1), odd(2));
    let king = format!("1\n200 200\nK{}\n{}", ".".repeat(199), format!("{}\n", ".".repeat(200)).repeat(199));
    // Each text parses (over tiny caps it is 422, not 400) and is not cheap.
    let tiny = games::all(
        &GameCaps::default()
            .with(&games::pawn::MAX_FREE_CELLS, 1)
            .with(&games::lattice::MAX_WORK, 1)
            .with(&games::segment::MAX_PAWNS, 1)
            .with(&games::king::MAX_CELLS, 1),
    );
    for (i, text) in [pawn, lattice, segment, king].iter().enumerate() {
        let name = all[i].info().name;
        let refused = tiny[i].query(text, &options, &Cancel::new());
        assert!(matches!(refused, Err(QueryError::TooLarge(_))), "{name}: {refused:?}");
        assert!(!all[i].is_light(text, &options), "{name}");
    }
}

async fn post_view(app: &Router, game: &str, view: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(format!("/api/{game}/{view}"))
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test]
async fn the_analyze_view_is_the_library_analysis_of_the_board() {
    let app = app(GameCaps::default());
    // pawn: the board of the position (its side to move aside); 2·F·C(F−1, 2) positions of F free cells.
    let text = "q 1\n3 3 black\n...\n.X.\nO.O\n";
    let (status, got) = post_view(&app, "pawn-retrograde", "analyze", json!({"position": text})).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    let positions = pawn_retrograde::parse_positions(text.as_bytes()).unwrap();
    let census = pawn_retrograde::analyze::census(positions[0].board(), 1);
    let census = serde_json::to_value(census).unwrap();
    // JSON text read back is exact but for the last bit of a float (serde_json's fast parser).
    for (field, value) in census.as_object().unwrap() {
        match value.as_f64().filter(|_| value.is_f64()) {
            Some(x) => assert!((got[field].as_f64().unwrap() - x).abs() < 1e-12, "{field}"),
            None => assert_eq!(&got[field], value, "{field}"),
        }
    }
    assert_eq!(got["all"]["totals"]["total"], 2 * 9 * 28);

    // lattice-dp: the board of the position (its taken cells aside); C(n+m, n) states.
    let text = "2 3\n1 2 3\n4 5 6\n6 5 4\n3 2 1\ntaken 1 0\n";
    let (status, got) = post_view(&app, "lattice-dp", "analyze", json!({"position": text})).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    let positions = lattice_dp::parse_positions(text.as_bytes()).unwrap();
    let options = lattice_dp::analyze::AnalyzeOptions { number: 1, ..Default::default() };
    let analysis = lattice_dp::analyze::analyze(positions[0].board(), &options, &mut |_| {}).unwrap();
    assert_eq!(got, serde_json::to_value(analysis).unwrap());
    assert_eq!(got["states"], 10);

    // segment-nim: {"fields": N}, no position; 3^N placements.
    let (status, got) = post_view(&app, "segment-nim", "analyze", json!({"fields": 6})).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got, serde_json::to_value(segment_nim::analyze(6).unwrap()).unwrap());
    assert_eq!(got["placements"], 729);

    // The king game: the board that is left (visited cells blocked), every free cell a start.
    let text = "1\n3 4\noK..\n.#..\n....\n";
    let (status, got) = post_view(&app, "edmonds-blossom", "analyze", json!({"position": text})).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    let boards = edmonds_blossom::parse_boards("1\n3 4\n#K..\n.#..\n....\n".as_bytes()).unwrap();
    let analysis =
        edmonds_blossom::analyze(&boards[0], edmonds_blossom::query::KingMoves::King20, 1).unwrap();
    assert_eq!(got, serde_json::to_value(analysis).unwrap());
    let starts = got["starts"]["win"].as_u64().unwrap() + got["starts"]["lose"].as_u64().unwrap();
    assert_eq!(starts, got["free_cells"].as_u64().unwrap());
    let (_, orth4) =
        post_view(&app, "edmonds-blossom", "analyze", json!({"position": text, "moves": "orth4"})).await;
    assert_eq!(orth4["move_set"], "orth4");
}

#[tokio::test]
async fn the_analyze_view_keeps_the_query_caps_and_errors() {
    let caps = GameCaps::default()
        .with(&games::pawn::MAX_FREE_CELLS, 5)
        .with(&games::lattice::MAX_WORK, 6 * 2 + 16 * 2 * 4)
        .with(&games::king::MAX_CELLS, 3);
    let app = app(caps);
    let cases = [
        ("pawn-retrograde", json!({"position": "q 1\n3 2\n..\n.X\nOO\n"}), "--pawn-max-free-cells"),
        ("lattice-dp", json!({"position": "2 3\n1 1 1\n1 1 1\n1 1 1\n1 1 1\n"}), "--lattice-max-work"),
        ("edmonds-blossom", json!({"position": "1\n2 2\nK.\n..\n"}), "--king-max-cells"),
        ("segment-nim", json!({"fields": games::segment::MAX_FIELDS.default + 1}), "--segment-max-fields"),
    ];
    for (game, body, flag) in cases {
        let (status, answer) = post_view(&app, game, "analyze", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{game}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains(flag), "{answer}");
    }
    // A bad position is the CLI's located message; segment-nim needs its fields.
    let (status, answer) =
        post_view(&app, "pawn-retrograde", "analyze", json!({"position": "q 1\n3 3\n...\n.Q.\nO.O\n"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().unwrap().starts_with("line 4, column 2: "), "{answer}");
    let (status, answer) =
        post_view(&app, "segment-nim", "analyze", json!({"position": "1\n4 1 1\n1\n2\n"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().unwrap().contains("fields"), "{answer}");
    let (status, _) = post_view(&app, "segment-nim", "analyze", json!({"fields": 0})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
