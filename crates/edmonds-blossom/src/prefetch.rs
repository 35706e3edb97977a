//! Starting a load early: on graphs far larger than the caches the greedy pass and the stage-1
//! searches are bound by chains of dependent cache misses (a dependent random read costs hundreds
//! of nanoseconds on the benchmark machine), so the loads whose addresses are known a few steps
//! early are started then, and nothing waits for them. The CSR build does the same for the short
//! slices of entries it reads (`graph::build_block`).

/// Asks the processor to start loading the cache line at `address` into the caches.
///
/// Any address will do, even one outside every allocation: a prefetch never faults. So callers
/// compute it with `wrapping_add` and need no bounds check.
#[inline(always)]
pub(crate) fn prefetch<T>(address: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint: it never faults, whatever the address, and changes no
    // memory and no register. SSE is part of the x86_64 baseline.
    #[allow(unsafe_code)]
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(address.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

#[cfg(test)]
mod tests {
    use super::prefetch;

    #[test]
    fn any_address_may_be_prefetched() {
        let values = [1u32, 2, 3];
        prefetch(values.as_ptr());
        prefetch(values.as_ptr().wrapping_add(1 << 40));
        prefetch(std::ptr::null::<u64>());
        assert_eq!(values, [1, 2, 3]);
    }
}
