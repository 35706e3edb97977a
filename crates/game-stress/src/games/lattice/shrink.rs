//! Reductions of a staircase board: fewer rows or columns, then values set to zero, then halved,
//! then less by one.

use super::generate::{LatticeInput, size_fits};

/// Cells, then non-zero values, then the sum of the values.
pub fn measure(input: &LatticeInput) -> Vec<u64> {
    let values = input.a.iter().chain(&input.b);
    vec![(input.n * input.m) as u64, values.clone().filter(|&&v| v != 0).count() as u64, values.sum()]
}

/// The one-step reductions, biggest first.
pub fn candidates(input: &LatticeInput) -> Vec<LatticeInput> {
    let (n, m) = (input.n, input.m);
    let mut out = Vec::new();
    let keep = |f: &dyn Fn(usize, usize) -> bool, values: &[u64]| -> Vec<u64> {
        (0..n * m).filter(|&i| f(i / m, i % m)).map(|i| values[i]).collect()
    };
    for r in 0..n {
        if n > 1 {
            let f = |row: usize, _| row != r;
            out.push(LatticeInput { n: n - 1, m, a: keep(&f, &input.a), b: keep(&f, &input.b) });
        }
    }
    for c in 0..m {
        if m > 1 {
            let f = |_, col: usize| col != c;
            out.push(LatticeInput { n, m: m - 1, a: keep(&f, &input.a), b: keep(&f, &input.b) });
        }
    }
    out.push(LatticeInput { a: vec![0; n * m], b: vec![0; n * m], ..input.clone() });
    out.push(LatticeInput { a: vec![0; n * m], ..input.clone() });
    out.push(LatticeInput { b: vec![0; n * m], ..input.clone() });
    for i in 0..2 * n * m {
        let mut x = input.clone();
        let v = if i < n * m { &mut x.a[i] } else { &mut x.b[i - n * m] };
        *v = 0;
        out.push(x);
    }
    let halve = |values: &[u64]| values.iter().map(|v| v / 2).collect::<Vec<u64>>();
    out.push(LatticeInput { a: halve(&input.a), b: halve(&input.b), ..input.clone() });
    for i in 0..2 * n * m {
        let mut x = input.clone();
        let v = if i < n * m { &mut x.a[i] } else { &mut x.b[i - n * m] };
        *v = v.div_ceil(2).min(*v - (*v > 0) as u64);
        out.push(x);
    }
    for i in 0..2 * n * m {
        let mut x = input.clone();
        let v = if i < n * m { &mut x.a[i] } else { &mut x.b[i - n * m] };
        if *v > 2 {
            *v -= 1;
            out.push(x);
        }
    }
    out.retain(|x| size_fits(x.n, x.m));
    out
}
