//! `report`: the checker of the one report model, for the tests of every binary (and of anything that
//! serves the model, such as the playground): does a line of `--json` output follow
//! `docs/REPORT.md`?
//!
//! [`check_report_line`] checks the shape (field names and types shared by all games), the
//! point-of-view rules (a draw has no remoteness; moves and position speak the same kind of eval),
//! the order (moves best first) and the parent/child rule every solver must satisfy: a position's
//! eval is the best of its moves' evals.

use std::cmp::Ordering;

use serde_json::{Map, Value as Json};

use grid_core::report::{Eval, Value};

/// The `game` names of the solvers: the workspace's list of the solver games, `games.list`.
pub fn games() -> impl Iterator<Item = &'static str> {
    include_str!("../../../games.list").lines().filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// Checks one line of `--json` output of a game (a position report); `Err` says what is wrong.
pub fn check_report_line(line: &str) -> Result<(), String> {
    let json: Json = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}: {line}"))?;
    check_report(&json).map_err(|e| format!("{e}: {line}"))
}

/// Checks one parsed position report (see [`check_report_line`]).
pub fn check_report(json: &Json) -> Result<(), String> {
    let object = json.as_object().ok_or("a report is a JSON object")?;
    let game = object.get("game").and_then(Json::as_str).ok_or("`game` is a string")?;
    if !games().any(|known| known == game) {
        return Err(format!("unknown game `{game}`"));
    }
    if object.get("board").and_then(Json::as_u64).is_none_or(|b| b == 0) {
        return Err("`board` is a positive integer (1-based)".into());
    }
    object.get("to_move").and_then(Json::as_str).ok_or("`to_move` is a string")?;
    let eval = eval_of(object)?;
    let Some(moves) = object.get("moves") else { return Ok(()) };
    let moves = moves.as_array().ok_or("`moves` is an array")?;
    let mut evals = Vec::with_capacity(moves.len());
    for m in moves {
        let m = m.as_object().ok_or("a move is a JSON object")?;
        m.get("move").and_then(Json::as_str).filter(|s| !s.is_empty()).ok_or("a move has a `move` text")?;
        let move_eval = eval_of(m)?;
        if std::mem::discriminant(&move_eval) != std::mem::discriminant(&eval) {
            return Err("a move and its position speak different kinds of eval".into());
        }
        evals.push(move_eval);
    }
    if evals.windows(2).any(|w| w[0].best_first(&w[1]) == Ordering::Greater) {
        return Err("moves are not sorted best first".into());
    }
    if let Some(&best) = evals.first() {
        if best != eval {
            return Err(format!("the position's eval {eval} is not its best move's eval {best}"));
        }
    }
    Ok(())
}

fn eval_of(object: &Map<String, Json>) -> Result<Eval, String> {
    match (object.get("value"), object.get("score")) {
        (Some(_), Some(_)) => Err("both `value` and `score`".into()),
        (None, None) => Err("neither `value` nor `score`".into()),
        (None, Some(score)) => {
            if object.contains_key("remoteness") {
                return Err("a score has no remoteness".into());
            }
            Ok(Eval::score(score.as_i64().ok_or("`score` is an integer")?))
        }
        (Some(value), None) => {
            let value = match value.as_str() {
                Some("win") => Value::Win,
                Some("lose") => Value::Lose,
                Some("draw") => Value::Draw,
                _ => return Err("`value` is win, lose or draw".into()),
            };
            let remoteness = match object.get("remoteness") {
                None => None,
                Some(r) => {
                    let r =
                        r.as_u64().and_then(|r| u32::try_from(r).ok()).ok_or("`remoteness` is a count")?;
                    Some(r)
                }
            };
            if value == Value::Draw && remoteness.is_some() {
                return Err("a draw has no remoteness".into());
            }
            Ok(Eval::Outcome { value, remoteness })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_the_model() {
        let line = r#"{"game":"pawn-retrograde","board":1,"to_move":"red","value":"win","remoteness":3,
            "moves":[{"move":"a","value":"win","remoteness":3},{"move":"b","value":"draw"},
            {"move":"c","value":"lose","remoteness":4},{"move":"d","value":"lose","remoteness":2}]}"#;
        check_report_line(&line.replace('\n', "")).unwrap();
        let score = r#"{"game":"lattice-dp","board":1,"to_move":"first","score":5,"moves":[{"move":"1,1","score":5},{"move":"2,1","score":-3}]}"#;
        check_report_line(score).unwrap();
    }

    #[test]
    fn rejects_what_breaks_it() {
        let bad = [
            r#"{"game":"chess","board":1,"to_move":"red","value":"win"}"#,
            r#"{"game":"lattice-dp","board":0,"to_move":"first","score":1}"#,
            r#"{"game":"segment-nim","board":1,"to_move":"white","value":"draw","remoteness":2}"#,
            r#"{"game":"segment-nim","board":1,"to_move":"white","value":"win","moves":[{"move":"a","value":"lose"},{"move":"b","value":"win"}]}"#,
            r#"{"game":"segment-nim","board":1,"to_move":"white","value":"lose","moves":[{"move":"b","value":"win"}]}"#,
            r#"{"game":"lattice-dp","board":1,"to_move":"first","score":1,"moves":[{"move":"a","value":"win"}]}"#,
        ];
        for line in bad {
            assert!(check_report_line(line).is_err(), "{line}");
        }
    }
}
