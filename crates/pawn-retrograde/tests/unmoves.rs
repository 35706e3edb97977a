//! Self-test of the unmove generator: for random states of random boards, every generated
//! predecessor has the state among its successors, and the state is among the predecessors of each
//! of its successors; the move counts handed to the retrograde pass match the successor counts.

use pawn_retrograde::parse_input;
use pawn_retrograde::space::{State, StateSpace};
use proptest::prelude::*;

/// A random board up to 6×6 with random obstacles; the pieces' start does not matter here.
fn board_text() -> impl Strategy<Value = String> {
    (2usize..=6, 1usize..=6).prop_filter("room for three pieces", |&(n, m)| n * m >= 4).prop_flat_map(
        |(n, m)| {
            proptest::collection::vec(proptest::bool::weighted(0.25), n * m).prop_filter_map(
                "room",
                move |walls| {
                    let mut cells: Vec<u8> = walls.iter().map(|&w| if w { b'#' } else { b'.' }).collect();
                    let x = (m..n * m).find(|&i| cells[i] == b'.')?;
                    cells[x] = b'X';
                    let reds: Vec<usize> = (0..n * m).filter(|&i| cells[i] == b'.').take(2).collect();
                    if reds.len() < 2 {
                        return None;
                    }
                    reds.iter().for_each(|&i| cells[i] = b'O');
                    let rows: Vec<String> =
                        cells.chunks(m).map(|r| String::from_utf8_lossy(r).into_owned()).collect();
                    Some(format!("t 1\n{n} {m}\n{}\n", rows.join("\n")))
                },
            )
        },
    )
}

fn successors(space: &StateSpace, s: State) -> Vec<State> {
    let mut out = Vec::new();
    space.for_each_successor(s, |_, t| out.push(t));
    out
}

fn predecessors(space: &StateSpace, s: State) -> Vec<(State, u8)> {
    let mut out = Vec::new();
    space.for_each_predecessor_index(space.index(s), |p, moves| out.push((space.state(p), moves)));
    out
}

/// Checks both directions for one state.
fn check_state(space: &StateSpace, s: State) -> Result<(), TestCaseError> {
    let preds = predecessors(space, s);
    for &(p, moves) in &preds {
        prop_assert!(space.terminal(p).is_none(), "predecessor {:?} of {:?} is terminal", p, s);
        let succ = successors(space, p);
        prop_assert!(succ.contains(&s), "{:?} is not a successor of its predecessor {:?}", s, p);
        prop_assert_eq!(usize::from(moves), succ.len());
    }
    let mut unique: Vec<u32> = preds.iter().map(|&(p, _)| space.index(p)).collect();
    unique.sort_unstable();
    unique.dedup();
    prop_assert_eq!(unique.len(), preds.len(), "duplicate predecessors of {:?}", s);
    for t in successors(space, s) {
        prop_assert!(
            predecessors(space, t).iter().any(|&(p, _)| p == s),
            "{:?} missing from preds of {:?}",
            s,
            t
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn unmoves_invert_moves(text in board_text(), picks in proptest::collection::vec(any::<u32>(), 64)) {
        let board = parse_input(text.as_bytes()).unwrap().remove(0);
        let space = StateSpace::new(&board);
        let states = space.num_states() as u32;
        for pick in picks {
            check_state(&space, space.state(pick % states))?;
        }
    }
}

/// Every state of a few fixed boards (open, walled, corridor).
#[test]
fn unmoves_invert_moves_exhaustively() {
    for text in
        ["t 1\n4 4\n....\n.X..\n..O.\nO...\n", "t 1\n4 3\nO.#\n#X.\n..#\n.O.\n", "t 1\n5 1\n.\nX\n.\nO\nO\n"]
    {
        let board = parse_input(text.as_bytes()).unwrap().remove(0);
        let space = StateSpace::new(&board);
        for index in 0..space.num_states() as u32 {
            check_state(&space, space.state(index)).unwrap();
        }
    }
}
