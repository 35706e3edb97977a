//! The list of the real games, each built from its caps: the one place that names every game's
//! adapter.

use std::sync::Arc;

use super::{Game, GameCaps, king, lattice, pawn, segment};

/// The four real games, in the order the page lists them.
pub fn all(caps: &GameCaps) -> Vec<Arc<dyn Game>> {
    vec![
        Arc::new(pawn::Pawn::new(caps.pawn_free_cells).with_max_answer_bytes(caps.answer_bytes.pawn)),
        Arc::new(lattice::Lattice::new(caps.lattice_work).with_max_answer_bytes(caps.answer_bytes.lattice)),
        Arc::new(
            segment::Segment::new(caps.segment_pawns)
                .with_max_fields(caps.segment_fields)
                .with_max_answer_bytes(caps.answer_bytes.segment),
        ),
        Arc::new(king::King::new(caps.king_cells).with_max_answer_bytes(caps.answer_bytes.king)),
    ]
}
