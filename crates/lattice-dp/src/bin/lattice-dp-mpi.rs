//! `lattice-dp-mpi`: the `lattice-dp` program (`src/main.rs`) built with the `mpi` feature, under
//! a name of its own so that a plain build of `lattice-dp` never replaces it. `mpirun -np P
//! lattice-dp-mpi --distributed FILE` runs the distributed sweep; every other mode is the same as
//! `lattice-dp`'s.

#[path = "../main.rs"]
mod program;

fn main() -> std::process::ExitCode {
    program::main()
}
