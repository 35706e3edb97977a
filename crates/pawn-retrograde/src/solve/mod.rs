//! Solving one board: the retrograde pass and the table of values it leaves behind.

mod retrograde;
mod value;
pub(crate) mod word;

pub use retrograde::{PARALLEL_STATES, Schedule, memory_needed};
pub use value::{Outcome, StateValue};

use grid_core::stop::{StopFlag, Stopped, unstoppable};
use retrograde::{Halt, Pass};
use word::Word;

use crate::board::Board;
use crate::position::Position;
use crate::space::{State, StateSpace};

/// The per-state words, as narrow as the distances allow (see [`word`]).
enum Words {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

/// The per-state words of a solution, borrowed at their width (encoding in [`word`]); word `i`
/// belongs to state index `i` (with the mirror reduction, only the stored blocks are written).
pub(crate) enum WordSlice<'a> {
    U8(&'a [u8]),
    U16(&'a [u16]),
    U32(&'a [u32]),
}

/// The values the retrograde pass computed for one board.
pub struct Solution {
    space: StateSpace,
    words: Words,
    complete: bool,
    processed: usize,
}

impl Solution {
    /// Solves until every state of `targets` is decided (all states when `targets` is empty).
    ///
    /// The pass starts with 1-byte words and widens them in place (to 2, then 4 bytes) when a
    /// distance would not fit; widening keeps all work done so far.
    pub(crate) fn new(space: StateSpace, targets: &[State]) -> Solution {
        unstoppable(Solution::until_stopped(space, targets, None))
    }

    /// [`Solution::new`], stopped before the next level once `stop` is set.
    pub(crate) fn until_stopped(
        space: StateSpace,
        targets: &[State],
        stop: StopFlag<'_>,
    ) -> Result<Solution, Stopped> {
        let schedule = Schedule::for_states(space.num_states());
        Solution::scheduled_until_stopped(space, targets, schedule, stop)
    }

    /// [`Solution::new`], with each level's blocks run by `schedule` (the values do not depend
    /// on it).
    #[cfg(test)]
    pub(crate) fn scheduled(space: StateSpace, targets: &[State], schedule: Schedule) -> Solution {
        unstoppable(Solution::scheduled_until_stopped(space, targets, schedule, None))
    }

    /// The pass of [`Solution::until_stopped`] with its schedule.
    fn scheduled_until_stopped(
        space: StateSpace,
        targets: &[State],
        schedule: Schedule,
        stop: StopFlag<'_>,
    ) -> Result<Solution, Stopped> {
        let mut pending: Vec<crate::index::StateId> =
            targets.iter().map(|&t| space.index(space.canonical(t))).collect();
        let mut narrow = match Pass::<u8>::seeded_until_stopped(&space, schedule, stop) {
            Ok(pass) => pass,
            Err(_) => return Err(Stopped),
        };
        let (words, processed, complete) = match narrow.run(&space, &mut pending, stop) {
            Ok(()) => finish(narrow, Words::U8),
            Err(Halt::Stopped) => return Err(Stopped),
            Err(Halt::Overflow(_)) => {
                let mut middle = narrow.widen::<u16>(&space);
                match middle.run(&space, &mut pending, stop) {
                    Ok(()) => finish(middle, Words::U16),
                    Err(Halt::Stopped) => return Err(Stopped),
                    Err(Halt::Overflow(_)) => {
                        let mut wide = middle.widen::<u32>(&space);
                        // Distances up to 2^32 − 11: far beyond any pass (a few hundred levels).
                        match wide.run(&space, &mut pending, stop) {
                            Err(Halt::Stopped) => return Err(Stopped),
                            Ok(()) | Err(Halt::Overflow(_)) => finish(wide, Words::U32),
                        }
                    }
                }
            }
        };
        Ok(Solution { space, words, complete, processed })
    }

    /// Solves every state.
    pub(crate) fn complete(space: StateSpace) -> Solution {
        Solution::new(space, &[])
    }

    /// Solves every state of `board`'s state space.
    pub fn of_board(board: &Board) -> Solution {
        Solution::complete(StateSpace::new(board))
    }

    /// Solves `board` until its start is decided (the pass stops early).
    pub fn of_start(board: &Board) -> Solution {
        let space = StateSpace::new(board);
        let start = space.start();
        Solution::new(space, &[start])
    }

    /// The state space the values refer to.
    pub(crate) fn space(&self) -> &StateSpace {
        &self.space
    }

    /// Number of states of the board's state space, `F²(F−1)` for `F` free cells.
    pub fn num_states(&self) -> usize {
        self.space.num_states()
    }

    /// The value of `position`, which must be a position of the board this solution was built
    /// for (same size and obstacles; `None` otherwise), with the side to move of the position;
    /// `None` also when the pass stopped early before deciding it.
    pub fn position_value(&self, position: &Position) -> Option<StateValue> {
        let board = position.board();
        if board.dims() != self.space.dims() {
            return None;
        }
        let black = self.space.cell_at(board.black())?;
        let [a, b] = board.reds();
        let pair = self.space.pair_of(self.space.cell_at(a)?, self.space.cell_at(b)?);
        self.value(State { to_move: position.to_move(), black, pair })
    }

    /// Whether the pass ran to completion (then every state has a value).
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// Number of decided states the pass processed (each generates its predecessors).
    pub fn processed_states(&self) -> usize {
        self.processed
    }

    /// Number of states the pass solves: all of them, or about half with the mirror reduction
    /// (a board whose free cells are symmetric under the left–right mirror).
    pub fn stored_states(&self) -> usize {
        self.space.stored_states()
    }

    /// Whether the mirror reduction applied: the board's free cells are symmetric under the
    /// left–right mirror, and the values of the states with the pawn in the right half are read
    /// from their mirror images.
    pub fn is_mirror_reduced(&self) -> bool {
        self.space.is_mirror_symmetric()
    }

    /// Bytes per state of the value array (1, 2 or 4).
    pub fn word_bytes(&self) -> usize {
        match self.words {
            Words::U8(_) => 1,
            Words::U16(_) => 2,
            Words::U32(_) => 4,
        }
    }

    /// The per-state words, for a pass over the whole solved state space (`analyze`).
    pub(crate) fn words(&self) -> WordSlice<'_> {
        match &self.words {
            Words::U8(words) => WordSlice::U8(words),
            Words::U16(words) => WordSlice::U16(words),
            Words::U32(words) => WordSlice::U32(words),
        }
    }

    /// The value of `state`; `None` when the pass stopped early before deciding it.
    pub fn value(&self, state: State) -> Option<StateValue> {
        // With the mirror reduction, the word of a state left out is its mirror image's.
        let index = crate::index::state_index(self.space.index(self.space.canonical(state)));
        let decided = match &self.words {
            Words::U8(words) => word::value(words[index]),
            Words::U16(words) => word::value(words[index]),
            Words::U32(words) => word::value(words[index]),
        };
        decided.or(self.complete.then_some(StateValue::Tie))
    }

    /// The outcome of the game from the start position (needs the start to be decided or the pass
    /// complete, which [`Solution::of_start`] and [`Solution::of_board`] guarantee).
    pub fn outcome(&self) -> Option<Outcome> {
        let start = self.space.start();
        self.value(start).map(|v| Outcome::of(start.to_move, v, 0))
    }
}

/// A parent/child consistency failure found by [`Solution::self_check`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inconsistency {
    /// The state whose value disagrees with its successors'.
    pub state: State,
    /// Its value.
    pub value: Option<StateValue>,
    /// What is wrong.
    pub reason: &'static str,
}

impl std::fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "self-check: {:?} has value {:?}, but {}", self.state, self.value, self.reason)
    }
}

impl Solution {
    /// Checks `samples` states picked pseudo-randomly from `seed`: each decided state's value and
    /// distance agree with its successors' (a terminal state has distance 0 and the rules' winner;
    /// a win in `d` has a successor lost in `d − 1` and none lost sooner; a loss in `d` has every
    /// successor won, the slowest in `d − 1`), and on a complete pass each tie has no successor
    /// lost for the opponent and one not won by it. Returns the number of decided states checked.
    pub fn self_check(&self, samples: usize, seed: u64) -> Result<usize, Inconsistency> {
        let space = &self.space;
        let states = space.num_states() as u64;
        let mut x = seed | 1;
        let mut checked = 0;
        for _ in 0..samples {
            // xorshift64*: enough spread for sampling, no dependency.
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            let index = (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) % states;
            let state = space.state(index);
            let value = self.value(state);
            if value.is_some_and(|v| v != StateValue::Tie) {
                checked += 1;
            }
            if let Some(reason) = self.inconsistency(state, value) {
                return Err(Inconsistency { state, value, reason });
            }
        }
        Ok(checked)
    }

    /// What is wrong with `state`'s value `value` given its successors', if anything.
    fn inconsistency(&self, state: State, value: Option<StateValue>) -> Option<&'static str> {
        let space = &self.space;
        if let Some(terminal) = space.terminal(state) {
            let expected =
                if terminal.winner == state.to_move { StateValue::Win(0) } else { StateValue::Loss(0) };
            return (value != Some(expected))
                .then_some("a terminal state has distance 0 and the rules' winner");
        }
        let (mut fastest_loss, mut slowest_win, mut all_won) = (None::<u32>, None::<u32>, true);
        space.for_each_successor(state, |_, next| match self.value(next) {
            Some(StateValue::Loss(e)) => {
                fastest_loss = Some(fastest_loss.map_or(e, |f| f.min(e)));
                all_won = false;
            }
            Some(StateValue::Win(e)) => slowest_win = Some(slowest_win.map_or(e, |s| s.max(e))),
            _ => all_won = false,
        });
        match value? {
            StateValue::Win(d) => (fastest_loss.map(|e| e + 1) != Some(d))
                .then_some("a win in d needs a successor lost in d - 1 and none lost sooner"),
            StateValue::Loss(d) => (!all_won || slowest_win.map(|e| e + 1) != Some(d))
                .then_some("a loss in d needs every successor won, the slowest in d - 1"),
            StateValue::Tie => (fastest_loss.is_some() || all_won)
                .then_some("a tie has no successor lost for the opponent and one not won by it"),
        }
    }
}

/// The words, work count and completeness of a finished pass.
fn finish<W: Word>(pass: Pass<W>, wrap: fn(Vec<W>) -> Words) -> (Words, usize, bool) {
    let (processed, complete) = (pass.processed(), pass.is_exhausted());
    (wrap(pass.words), processed, complete)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_input;
    use crate::space::Side;

    /// The ninth board of p14 (Red 113): its full solve needs distances above 119 (more than a
    /// [`word::ShortWord`] holds).
    fn long_board() -> crate::Board {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pawn-retrograde/p14-long-10x10.in");
        parse_input(&std::fs::read(path).unwrap()).unwrap().remove(8)
    }

    #[test]
    fn widening_keeps_every_value() {
        let space = StateSpace::new(&long_board());
        let mut pending = Vec::new();
        let mut narrow = Pass::<word::ShortWord>::seeded(&space, Schedule::Sequential);
        assert_eq!(narrow.run(&space, &mut pending, None), Err(Halt::Overflow(word::DistanceOverflow)));
        let mut widened = narrow.widen::<u32>(&space);
        widened.run(&space, &mut pending, None).unwrap();
        let mut wide = Pass::<u32>::seeded(&space, Schedule::Parallel);
        wide.run(&space, &mut pending, None).unwrap();
        assert!(widened.is_exhausted() && wide.is_exhausted());
        assert_eq!(widened.processed(), wide.processed());
        assert!(widened.words == wide.words);
        let longest = wide.words.iter().filter_map(|&w| word::value(w)).map(StateValue::distance).max();
        assert!(longest.unwrap() > word::ShortWord::MAX_DISTANCE);
    }

    #[test]
    fn widening_an_early_stopped_mirror_reduced_pass_keeps_every_value() {
        let mut boards = 0;
        for seed in 300..340u64 {
            let Some(board) = random_mirrored_board(seed, 9) else { continue };
            let space = StateSpace::new(&board);
            let mut pending = vec![space.index(space.canonical(space.start()))];
            let mut narrow = Pass::<u8>::seeded(&space, Schedule::Sequential);
            narrow.run(&space, &mut pending, None).unwrap();
            if narrow.is_exhausted() {
                continue;
            }
            boards += 1;
            let mut widened = narrow.widen::<u16>(&space);
            widened.run(&space, &mut Vec::new(), None).unwrap();
            let mut wide = Pass::<u16>::seeded(&space, Schedule::Parallel);
            wide.run(&space, &mut Vec::new(), None).unwrap();
            assert_eq!(widened.processed(), wide.processed(), "seed {seed}");
            assert!(widened.words == wide.words, "seed {seed}");
        }
        assert!(boards >= 10, "{boards} boards");
    }

    #[test]
    fn complete_and_early_stopped_solutions_agree() {
        let board = long_board();
        let complete = Solution::complete(StateSpace::new(&board));
        // Its distances above 119 fit 1-byte words (up to 245).
        assert_eq!(complete.word_bytes(), 1);
        assert!(complete.is_complete());
        let space = StateSpace::new(&board);
        let start = space.start();
        let early = Solution::new(space, &[start]);
        assert_eq!(early.word_bytes(), 1);
        assert!(!early.is_complete());
        assert!(early.processed_states() < complete.processed_states());
        assert_eq!(early.outcome(), Some(Outcome::Red(113)));
        assert_eq!(complete.outcome(), Some(Outcome::Red(113)));
        // Every state the early pass decided has its final value.
        let space = complete.space();
        for index in 0..space.num_states() as crate::index::StateId {
            let state = space.state(index);
            if let Some(v) = early.value(state) {
                assert_eq!(complete.value(state), Some(v));
            }
        }
    }

    /// The words of a complete pass, as `u32`.
    fn words_of(solution: &Solution) -> Vec<u32> {
        match &solution.words {
            Words::U8(w) => w.iter().map(|&x| u32::from(x)).collect(),
            Words::U16(w) => w.iter().map(|&x| u32::from(x)).collect(),
            Words::U32(w) => w.clone(),
        }
    }

    /// A random board of up to `max`×`max` cells, about a fifth of them obstacles, pieces placed
    /// on free cells (black below row 1), from a seed.
    fn random_board(seed: u64, max: usize) -> Option<crate::Board> {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let (n, m) = (2 + next(max - 1), 1 + next(max));
        let mut cells: Vec<u8> = (0..n * m).map(|_| if next(5) == 0 { b'#' } else { b'.' }).collect();
        let below: Vec<usize> = (m..n * m).filter(|&i| cells[i] == b'.').collect();
        if below.is_empty() {
            return None;
        }
        cells[below[next(below.len())]] = b'X';
        for _ in 0..2 {
            let free: Vec<usize> = (0..n * m).filter(|&i| cells[i] == b'.').collect();
            if free.is_empty() {
                return None;
            }
            cells[free[next(free.len())]] = b'O';
        }
        let rows: Vec<String> = cells.chunks(m).map(|r| String::from_utf8_lossy(r).into_owned()).collect();
        parse_input(format!("t 1\n{n} {m}\n{}\n", rows.join("\n")).as_bytes()).ok().map(|mut b| b.remove(0))
    }

    #[test]
    fn sequential_and_parallel_passes_agree_on_every_state() {
        let mut boards = 0;
        for seed in 0..40u64 {
            let max = if seed % 8 == 0 { 16 } else { 7 };
            let Some(board) = random_board(seed, max) else { continue };
            boards += 1;
            let sequential = Solution::scheduled(StateSpace::new(&board), &[], Schedule::Sequential);
            let parallel = Solution::scheduled(StateSpace::new(&board), &[], Schedule::Parallel);
            assert!(sequential.is_complete() && parallel.is_complete());
            assert_eq!(sequential.processed_states(), parallel.processed_states(), "seed {seed}");
            assert!(words_of(&sequential) == words_of(&parallel), "seed {seed}: the words differ");
            // And from the start only, stopping early.
            let space = StateSpace::new(&board);
            let start = space.start();
            let early_seq = Solution::scheduled(space.clone(), &[start], Schedule::Sequential);
            let early_par = Solution::scheduled(space, &[start], Schedule::Parallel);
            assert!(words_of(&early_seq) == words_of(&early_par), "seed {seed}: the early words differ");
            assert_eq!(early_par.outcome(), sequential.outcome());
        }
        assert!(boards >= 30);
    }

    /// A random board of up to `max`×`max` cells whose obstacles are symmetric under the
    /// left–right mirror (the pieces are placed anywhere), from a seed.
    fn random_mirrored_board(seed: u64, max: usize) -> Option<crate::Board> {
        let board = random_board(seed, max)?;
        let dims = board.dims();
        let mut text = format!("t 1\n{} {}\n", dims.rows, dims.cols);
        let at = |row: usize, col: usize| grid_core::Pos::new(row, col);
        for row in 0..dims.rows {
            for col in 0..dims.cols {
                let pos = at(row, col);
                let open = board.is_open(pos) && board.is_open(at(row, dims.cols - 1 - col));
                let piece = if board.black() == pos {
                    'X'
                } else if board.reds().contains(&pos) {
                    'O'
                } else {
                    '.'
                };
                text.push(if open || piece != '.' { piece } else { '#' });
            }
            text.push('\n');
        }
        let board = parse_input(text.as_bytes()).ok()?.remove(0);
        // The pieces stand on free cells, so the obstacles may have lost their symmetry there.
        StateSpace::new(&board).is_mirror_symmetric().then_some(board)
    }

    #[test]
    fn mirror_reduction_keeps_every_value() {
        let mut boards = 0;
        for seed in 200..300u64 {
            let max = if seed % 10 == 0 { 14 } else { 7 };
            let Some(board) = random_mirrored_board(seed, max) else { continue };
            boards += 1;
            let space = StateSpace::new(&board);
            assert!(space.is_mirror_symmetric());
            let narrow = space.dims().cols == 1;
            assert!(narrow || space.stored_states() < space.num_states());
            let full = Solution::scheduled(space.clone().without_mirror(), &[], Schedule::Sequential);
            for schedule in [Schedule::Sequential, Schedule::Parallel] {
                let reduced = Solution::scheduled(space.clone(), &[], schedule);
                assert!(full.is_complete() && reduced.is_complete());
                for index in 0..space.num_states() as crate::index::StateId {
                    let state = space.state(index);
                    assert_eq!(reduced.value(state), full.value(state), "seed {seed}: {state:?}");
                }
                if schedule == Schedule::Parallel {
                    continue;
                }
                // The reduced pass processes only the stored states: about half as many (all of
                // them on a one-column board).
                assert!(narrow || reduced.processed_states() < full.processed_states(), "seed {seed}");
                // Stopping early at the start gives the same outcome and only final values.
                let start = space.start();
                let early = Solution::scheduled(space.clone(), &[start], Schedule::Parallel);
                assert_eq!(early.outcome(), full.outcome(), "seed {seed}");
                for index in 0..space.num_states() as crate::index::StateId {
                    let state = space.state(index);
                    if let Some(v) = early.value(state) {
                        assert_eq!(full.value(state), Some(v), "seed {seed}: {state:?}");
                    }
                }
            }
        }
        assert!(boards >= 40, "{boards} symmetric boards");
    }

    /// The word of state index `index`, as `u32`.
    fn word_at(solution: &Solution, index: usize) -> u32 {
        match &solution.words {
            Words::U8(w) => u32::from(w[index]),
            Words::U16(w) => u32::from(w[index]),
            Words::U32(w) => w[index],
        }
    }

    /// Whether two passes over `space` left the same word in every state of the blocks the
    /// mirror reduction solves.
    fn stored_words_agree(space: &StateSpace, a: &Solution, b: &Solution) -> bool {
        let (free, pairs) = (space.free_cells(), space.pairs());
        (0..2 * free)
            .filter(|&block| space.is_stored(block % free))
            .all(|block| (block * pairs..(block + 1) * pairs).all(|i| word_at(a, i) == word_at(b, i)))
    }

    /// An open `n`×`n` board (pawn bottom-left, reds in the two top cells of the right column), or
    /// the same with a wall across row `n / 2` (a tie: the pass runs to its end).
    fn large_board(n: usize, walled: bool) -> crate::Board {
        let mut rows = vec![vec![b'.'; n]; n];
        if walled {
            rows[n / 2].fill(b'#');
        }
        (rows[n - 1][0], rows[0][n - 1], rows[1][n - 1]) = (b'X', b'O', b'O');
        let rows: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
        parse_input(format!("t 1\n{n} {n}\n{}\n", rows.join("\n")).as_bytes()).unwrap().remove(0)
    }

    /// Boards up to 40×40 (4.1·10⁹ states; minutes and about 8 GB, so never in CI: run with
    /// `cargo test --release -p pawn-retrograde -- --ignored`): the mirror-reduced pass leaves the
    /// same words in the blocks it solves as the full pass (to the start on the open boards, to the
    /// end on the walled ties), and on one thread the same words as on every core.
    #[test]
    #[ignore = "minutes and about 8 GB"]
    fn mirror_reduction_and_threads_keep_every_word_up_to_40x40() {
        for (n, walled) in [(24, false), (24, true), (40, false), (40, true)] {
            let board = large_board(n, walled);
            let space = StateSpace::new(&board);
            assert!(space.is_mirror_symmetric());
            let start = space.start();
            let targets: &[State] = if walled { &[] } else { &[start] };
            let reduced = Solution::scheduled(space.clone(), targets, Schedule::Parallel);
            let sequential = Solution::scheduled(space.clone(), targets, Schedule::Sequential);
            assert_eq!(reduced.processed_states(), sequential.processed_states(), "{n}×{n}");
            assert!(stored_words_agree(&space, &reduced, &sequential), "{n}×{n}: one thread differs");
            drop(sequential);
            let full = Solution::scheduled(space.clone().without_mirror(), targets, Schedule::Parallel);
            assert_eq!(reduced.outcome(), full.outcome(), "{n}×{n}");
            assert_eq!(reduced.outcome().is_some_and(|o| o == Outcome::Tie), walled, "{n}×{n}");
            assert!(stored_words_agree(&space, &reduced, &full), "{n}×{n}: the mirror reduction differs");
            // The states left out read their mirror image's word: sampled over the whole index.
            let mut x = 0x9E37_79B9_7F4A_7C15_u64;
            for _ in 0..1_000_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let state = space.state(x % space.num_states() as crate::index::StateId);
                assert_eq!(reduced.value(state), full.value(state), "{n}×{n}: {state:?}");
            }
        }
    }

    #[test]
    fn self_check_passes_on_random_boards_and_catches_a_wrong_word() {
        for seed in 100..110u64 {
            let Some(board) = random_board(seed, 6) else { continue };
            let solution = Solution::of_board(&board);
            solution.self_check(2_000, seed).unwrap();
            let early = Solution::of_start(&board);
            early.self_check(2_000, seed).unwrap();
        }
        // A corrupted distance is caught: every state of a small board is checked.
        let board = long_board();
        let mut solution = Solution::of_board(&board);
        let Words::U8(words) = &mut solution.words else { panic!("p14 board 9 fits 1-byte words") };
        let victim = words.iter().position(|&w| word::value(w).is_some_and(|v| v.distance() == 7)).unwrap();
        words[victim] += 2;
        let states = solution.num_states();
        assert!(solution.self_check(states * 20, 1).is_err());
    }

    #[test]
    fn outcomes_print_like_the_judge() {
        assert_eq!(Outcome::Red(3).to_string(), "Red 3");
        assert_eq!(Outcome::Black(0).to_string(), "Black 0");
        assert_eq!(Outcome::Tie.to_string(), "Tie");
        assert_eq!(Outcome::of(Side::Black, StateValue::Loss(4), 1), Outcome::Red(5));
        assert_eq!(Outcome::of(Side::Red, StateValue::Win(1), 0), Outcome::Red(1));
        assert_eq!(Outcome::of(Side::Red, StateValue::Tie, 0), Outcome::Tie);
    }
}
