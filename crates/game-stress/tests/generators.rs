//! Every generator, under every shape option, gives inputs the exact solvers accept; so does
//! every one-step reduction of the shrinker.

use game_stress::games::king::generate as king;
use game_stress::games::lattice::generate as lattice;
use game_stress::games::matching::generate as matching;
use game_stress::games::pawn::generate as pawn;
use game_stress::games::segment::generate as segment;
use game_stress::generate::{Input, Options, Span};
use game_stress::{Game, reference, shrink};

fn all_options() -> Vec<Options> {
    let mut all: Vec<Options> = Game::ALL.iter().map(|&g| Options::default_for(g)).collect();
    for shape in
        [pawn::PawnShape::Random, pawn::PawnShape::Column, pawn::PawnShape::Wall, pawn::PawnShape::Open]
    {
        all.push(Options::Pawn(pawn::PawnOptions { shape, ..Default::default() }));
    }
    all.push(Options::Pawn(pawn::PawnOptions {
        rows: Some(Span::new(16, 16)),
        cols: Some(Span::new(16, 16)),
        boards: Some(Span::new(1, 1)),
        obstacles: Some(0.9),
        ..Default::default()
    }));
    for shape in [
        lattice::LatticeShape::Random,
        lattice::LatticeShape::Column,
        lattice::LatticeShape::Row,
        lattice::LatticeShape::Zero,
        lattice::LatticeShape::Equal,
    ] {
        all.push(Options::Lattice(lattice::LatticeOptions { shape, ..Default::default() }));
    }
    for shape in [segment::SegmentShape::Random, segment::SegmentShape::Runs, segment::SegmentShape::Dense] {
        all.push(Options::Segment(segment::SegmentOptions { shape, ..Default::default() }));
        all.push(Options::Segment(segment::SegmentOptions { shape, huge: true, ..Default::default() }));
    }
    all.push(Options::King(king::KingOptions { density: Some(1.0), ..Default::default() }));
    for family in [
        matching::Family::Random,
        matching::Family::Path,
        matching::Family::Cycle,
        matching::Family::Tree,
        matching::Family::Complete,
        matching::Family::Bipartite,
        matching::Family::Blossoms,
        matching::Family::Grid,
    ] {
        all.push(Options::Matching(matching::MatchingOptions { family, ..Default::default() }));
    }
    all
}

fn accepted(input: &Input) {
    let text = input.render();
    if let Err(e) = reference::expected(input.game(), text.as_bytes()) {
        panic!("{} input rejected: {e}\n{text}", input.game().name());
    }
}

#[test]
fn generated_inputs_are_valid() {
    for options in all_options() {
        options.validate().unwrap();
        for seed in 0..150 {
            accepted(&options.generate(seed));
        }
    }
}

#[test]
fn reductions_are_valid_and_smaller() {
    for options in all_options() {
        for seed in 0..8 {
            let input = options.generate(seed);
            for smaller in shrink::candidates(&input) {
                assert!(shrink::measure(&smaller) < shrink::measure(&input));
                accepted(&smaller);
            }
        }
    }
}

#[test]
fn tie_shape_gives_ties() {
    let options = Options::Pawn(pawn::PawnOptions {
        shape: pawn::PawnShape::Tie,
        boards: Some(Span::new(2, 2)),
        ..Default::default()
    });
    for seed in 0..5 {
        let text = options.generate(seed).render();
        assert_eq!(reference::pawn_expected(text.as_bytes()).unwrap(), "Tie\nTie\n", "{text}");
    }
}
