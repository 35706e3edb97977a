//! The objective of a weighted matching, which fixes each edge's gain.

/// What the matching optimises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Objective {
    /// The largest total weight, whatever the size (edges of weight ≤ 0 never help).
    MaxWeight,
    /// The largest total weight among the matchings of maximum cardinality.
    MaxWeightMaxCardinality,
    /// The smallest total weight (read as a cost) among the perfect matchings.
    MinCostPerfect,
}

impl Objective {
    /// What this objective gains from an edge of weight `w`: `w`, or `−w` for a cost.
    pub fn gain(self, weight: i64) -> i64 {
        match self {
            Objective::MaxWeight | Objective::MaxWeightMaxCardinality => weight,
            Objective::MinCostPerfect => -weight,
        }
    }
}
