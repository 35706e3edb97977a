//! A fifth game added the way docs/ARCHITECTURE.md says ("Adding a game"): one folder
//! (`toy_game/nim/`, the fixture) and one line in the list. The test's list is the real one plus
//! that line; the binary's cap flags, the caps, the API and the page's list of game modules come
//! out of it with nothing else named.

mod nim;

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use playground::games::{self, Registration};
use playground::{Config, router};
use serde_json::{Value, json};
use tower::ServiceExt;

/// The list of the games with the toy game's line.
fn list() -> Vec<Registration> {
    let mut list = games::REGISTRATIONS.to_vec();
    list.push(nim::REGISTRATION);
    list
}

async fn send(app: &axum::Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[test]
fn the_table_of_the_toy_game_is_the_closed_form() {
    // Independent check of the fixture's own table: the mover loses exactly on multiples of 4.
    for n in 0..200 {
        assert_eq!(nim::wins(n), n % 4 != 0, "{n}");
    }
}

#[test]
fn the_page_imports_the_module_of_each_game_of_the_list() {
    let list = list();
    let text = playground::assets::games_module(&list);
    for (i, game) in list.iter().enumerate() {
        assert!(text.contains(&format!("import game{i} from './{}';", game.page_module.file)), "{text}");
    }
    assert!(text.contains("import game4 from './nim.js';"), "{text}");
    assert!(text.ends_with("export default [game0, game1, game2, game3, game4];\n"), "{text}");
}

#[tokio::test]
async fn a_game_registered_by_one_line_gets_its_flags_caps_and_routes() {
    let list = list();
    let command = games::with_cap_flags(clap::Command::new("playground"), &list);
    let help = command.clone().render_help().to_string();
    assert!(
        help.contains("--nim-max-heap <NIM_MAX_HEAP>") && help.contains("--pawn-max-free-cells"),
        "{help}"
    );
    let matches = command.try_get_matches_from(["playground", "--nim-max-heap", "20"]).unwrap();
    let caps = games::caps_from_flags(&matches, &list);
    assert_eq!(caps.get(&nim::MAX_HEAP), 20);
    assert_eq!(caps.get(&games::pawn::MAX_FREE_CELLS), games::pawn::MAX_FREE_CELLS.default);

    let all: Vec<_> = list.iter().map(|game| (game.build)(&caps)).collect();
    let config = Config { time_limit: Duration::from_secs(60), ..Config::default() };
    let app = router(all, config);
    let listing = Request::get("/api/games").header("host", "127.0.0.1:8080").body(Body::empty()).unwrap();
    let (status, json) = send(&app, listing).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> =
        json["games"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["pawn-retrograde", "lattice-dp", "segment-nim", "edmonds-blossom", "nim"]);
    for (heap, status, wins) in [
        (12, StatusCode::OK, Some(false)),
        (13, StatusCode::OK, Some(true)),
        (21, StatusCode::UNPROCESSABLE_ENTITY, None),
    ] {
        let request = Request::post("/api/nim/query")
            .header("host", "127.0.0.1:8080")
            .header("content-type", "application/json")
            .body(Body::from(json!({ "position": heap.to_string() }).to_string()))
            .unwrap();
        let (got, answer) = send(&app, request).await;
        assert_eq!(got, status, "{heap}: {answer}");
        if let Some(wins) = wins {
            assert_eq!(answer["to_move_wins"], json!(wins), "{heap}: {answer}");
        }
    }
}
