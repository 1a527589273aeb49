//! The process's allocator: mimalloc, called at its plain entry points (`mi_malloc`,
//! `mi_zalloc`, `mi_realloc`) whenever the alignment asked for is one every block of that size
//! already has, and at the aligned ones otherwise.
//!
//! Why not the `mimalloc` crate's allocator: it calls `mi_malloc_aligned` for every request,
//! whose fast path covers only blocks of at most 1 KiB; a larger request (an interpreter's
//! boxed futures, growing strings and vectors) whose size is not a power of two takes the
//! over-allocating path, a slower allocation that also marks its page as holding interior
//! pointers, which slows every free on that page. Measured on a 5,000-line script
//! (`scripts/bench.sh`'s `run.sh`, instructions counted under valgrind): see docs/performance.md.
//!
//! It also sizes mimalloc's first arena for a short-lived process (`configure`, run as a
//! constructor of the process), stops it returning pages to the system at exit (`ending`), and
//! lets a long-lived server have each thread return its freed pages (`ask_release`).
#![no_std]

use core::alloc::{GlobalAlloc, Layout};
use core::ffi::{c_char, c_long, c_void};
use core::sync::atomic::{AtomicU64, Ordering};
#[cfg(test)]
use libmimalloc_sys::mi_option_get;
use libmimalloc_sys::{
    mi_collect, mi_free, mi_malloc, mi_malloc_aligned, mi_option_set, mi_option_t, mi_realloc, mi_realloc_aligned,
    mi_zalloc, mi_zalloc_aligned,
};

/// mimalloc's `mi_option_arena_reserve` (its place in `mi_option_e`, `mimalloc.h` of the v3
/// sources this crate builds; the sys crate names no constant for it). The `it` test
/// `the_first_arena_is_small` reads mimalloc's own statistics to check this is the option meant.
const ARENA_RESERVE: mi_option_t = 23;
/// mimalloc's `mi_option_purge_delay` (as [`ARENA_RESERVE`], by its place in `mi_option_e`;
/// the test `the_options_set_are_the_ones_named` checks both against mimalloc's own names).
const PURGE_DELAY: mi_option_t = 15;
/// What the shell reserves at first, in KiB.
const ARENA_RESERVE_KIB: c_long = 64 * 1024;

/// Sets mimalloc up for a process that often lives a few milliseconds, before anything
/// allocates: the first allocation reserves the first arena, and Rust's runtime allocates
/// before `main`, so this runs as a constructor (`.init_array`), as mimalloc's own set-up does.
///
/// The first arena is 64 MiB rather than mimalloc's 1 GiB: an arena's bitmaps grow with its
/// size, and those of a 1 GiB arena, written when it is reserved, were about 40 of the 390 page
/// faults of `toolsh -c true` (5 % of its wall time; docs/performance.md). A heap that outgrows it
/// takes more arenas, each a reservation of address space (mimalloc doubles the size every
/// eight), so a large heap costs a few more `mmap` calls and nothing per allocation. A size
/// set in the environment (`MIMALLOC_ARENA_RESERVE`) is left as it is.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
extern "C" fn configure() {
    #[allow(unsafe_code)]
    // SAFETY: `getenv` reads the environment the C runtime set up before constructors run,
    // allocating nothing; mimalloc's options are plain integers in a table; constructors run
    // on the one thread there is.
    unsafe {
        if getenv(c"MIMALLOC_ARENA_RESERVE".as_ptr()).is_null() {
            mi_option_set(ARENA_RESERVE, ARENA_RESERVE_KIB);
        }
    }
}

/// Tells mimalloc the process is ending: at exit it returns every page freed since its last
/// purge to the system, one `madvise` per run of pages (five for `toolsh -c true`, 2 % of its
/// time), pages the kernel takes back with the address space a moment later anyway. A purge
/// delay of -1 turns purging off, so the exit handler only walks its lists.
pub fn ending() {
    #[allow(unsafe_code)]
    // SAFETY: an option is a word-sized value in mimalloc's table, every one read from the
    // environment at its set-up (so none is initialised concurrently); mimalloc reads them
    // without locks, and another thread sees the old delay or the new one, both valid.
    unsafe {
        mi_option_set(PURGE_DELAY, -1);
    }
}

/// How many times [`ask_release`] was called: each thread that sees it moved returns its freed
/// pages once ([`release_if_asked`]).
static RELEASES_ASKED: AtomicU64 = AtomicU64::new(0);

/// Asks every thread that allocates to return the memory it holds free to the system, the next
/// time it calls [`release_if_asked`] (a server's runtime workers do when they go idle).
///
/// Why a thread must do it itself: a block freed by a thread other than the one whose page it
/// is goes on that page's list of remote frees, which only the page's thread takes in, when it
/// next allocates from the page or collects its heap. A server whose sessions were made on one
/// worker and put to rest on another (a burst of new sessions, then quiet) otherwise keeps
/// every page their services used: 1,000 resting sessions held 103 KiB of RSS each where they
/// hold about 18 once each worker collected (docs/performance.md).
pub fn ask_release() {
    RELEASES_ASKED.fetch_add(1, Ordering::Relaxed);
}

/// Returns this thread's freed pages to the system (mimalloc's forced collection: remote frees
/// taken in, empty pages freed, freed memory purged at once) when [`ask_release`] was called
/// since the thread last did, which `seen` (the thread's own) says; cheap otherwise (one load).
pub fn release_if_asked(seen: &mut u64) {
    let asked = RELEASES_ASKED.load(Ordering::Relaxed);
    if asked != *seen {
        *seen = asked;
        #[allow(unsafe_code)]
        // SAFETY: collects the calling thread's own heap; no pointer is passed.
        unsafe {
            mi_collect(true);
        }
    }
}

#[allow(unsafe_code)]
unsafe extern "C" {
    /// The C library's: a variable of the process's environment, or null.
    fn getenv(name: *const c_char) -> *const c_char;
}

/// [`configure`] as a constructor of the process. `#[used]` keeps it through the linker; the
/// `it` test `the_first_arena_is_small` checks it ran, in the built binary.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
#[used]
#[unsafe(link_section = ".init_array")]
static CONFIGURE: extern "C" fn() = configure;

/// mimalloc as the global allocator (`#[global_allocator] static A: Mimalloc = Mimalloc;`).
pub struct Mimalloc;

/// Whether a block of `size` bytes from the plain entry points is aligned to `align`.
///
/// Every mimalloc block is a whole number of 8-byte words and a page's first block is
/// 16-aligned, so every block is 8-aligned; blocks of a multiple of 16 bytes come from size
/// classes that are multiples of 16 (every class above 64 bytes is an even number of words),
/// so they are 16-aligned. Larger alignments take the aligned entry points.
fn plain(size: usize, align: usize) -> bool {
    align <= 8 || (align == 16 && size.is_multiple_of(16))
}

/// A block as `GlobalAlloc` returns it, its alignment checked in debug builds.
fn block(ptr: *mut c_void, align: usize) -> *mut u8 {
    debug_assert!(ptr.is_null() || ptr.addr().is_multiple_of(align));
    ptr.cast()
}

// SAFETY (for each method): the pointers passed on are ones this allocator returned (mimalloc
// frees a block from either kind of entry point with `mi_free` and resizes it with either
// `mi_realloc`), and the alignment contract of `GlobalAlloc` is met by `plain` or by the aligned
// entry point.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let (size, align) = (layout.size(), layout.align());
        block(
            if plain(size, align) { unsafe { mi_malloc(size) } } else { unsafe { mi_malloc_aligned(size, align) } },
            align,
        )
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let (size, align) = (layout.size(), layout.align());
        block(
            if plain(size, align) { unsafe { mi_zalloc(size) } } else { unsafe { mi_zalloc_aligned(size, align) } },
            align,
        )
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        unsafe { mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let (old, align) = (ptr.cast::<c_void>(), layout.align());
        let moved = if plain(new_size, align) {
            unsafe { mi_realloc(old, new_size) }
        } else {
            unsafe { mi_realloc_aligned(old, new_size, align) }
        };
        block(moved, align)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    /// The option numbers this crate sets are the options meant: each, set to a value of its
    /// own, is what mimalloc's own listing prints under that option's name.
    #[test]
    fn the_options_set_are_the_ones_named() {
        #[allow(unsafe_code)]
        unsafe extern "C" {
            fn mi_options_print_out(out: libmimalloc_sys::mi_output_fun, arg: *mut c_void);
        }
        #[allow(unsafe_code)]
        unsafe extern "C" fn collect(text: *const c_char, arg: *mut c_void) {
            // SAFETY: `arg` is the `String` passed below; mimalloc hands over a C string.
            unsafe {
                let listing = &mut *arg.cast::<std::string::String>();
                listing.push_str(&core::ffi::CStr::from_ptr(text).to_string_lossy());
            }
        }
        let mut listing = std::string::String::new();
        #[allow(unsafe_code)]
        // SAFETY: options are words in mimalloc's table; `listing` outlives the call.
        unsafe {
            let (reserve, delay) = (mi_option_get(ARENA_RESERVE), mi_option_get(PURGE_DELAY));
            mi_option_set(ARENA_RESERVE, 7_654);
            mi_option_set(PURGE_DELAY, 4_321);
            mi_options_print_out(Some(collect), (&raw mut listing).cast());
            mi_option_set(ARENA_RESERVE, reserve);
            mi_option_set(PURGE_DELAY, delay);
        }
        assert!(listing.contains("option 'arena_reserve': 7654 KiB"), "{listing}");
        assert!(listing.contains("option 'purge_delay': 4321"), "{listing}");
    }

    /// The resident size of this process, in bytes (Linux's `/proc/self/statm`, 4 KiB pages).
    // The process's own figures from the kernel, not a file of a workspace (no Vfs here).
    #[allow(clippy::disallowed_methods)]
    fn resident() -> usize {
        let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
        statm.split_whitespace().nth(1).and_then(|pages| pages.parse::<usize>().ok()).unwrap_or(0) * 4096
    }

    /// 64 MiB of blocks made on one thread and freed on another (as a server's session is made
    /// on one worker and closed from the other) go back to the system once the thread that
    /// made them releases what it was asked to.
    #[test]
    #[cfg(target_os = "linux")]
    fn blocks_freed_by_another_thread_go_back_when_their_thread_releases() {
        use std::sync::mpsc::channel;
        const BLOCKS: usize = 16_384;
        let (made_to, made) = channel::<std::vec::Vec<usize>>();
        let (freed_to, freed) = channel::<()>();
        let (released_to, released) = channel::<()>();
        let maker = std::thread::spawn(move || {
            let mut seen = 0;
            release_if_asked(&mut seen);
            #[allow(unsafe_code)]
            // SAFETY: each block is written within its 4 KiB, then handed over to be freed once.
            let blocks = (0..BLOCKS)
                .map(|_| unsafe {
                    let block = mi_malloc(4096).cast::<u8>();
                    assert!(!block.is_null());
                    block.write_bytes(0x5A, 4096);
                    block.expose_provenance()
                })
                .collect();
            made_to.send(blocks).unwrap();
            freed.recv().unwrap();
            release_if_asked(&mut seen);
            released_to.send(()).unwrap();
        });
        let blocks = made.recv().unwrap();
        let full = resident();
        #[allow(unsafe_code)]
        // SAFETY: each pointer is a block the maker allocated with `mi_malloc`, freed once.
        for block in blocks {
            unsafe { mi_free(core::ptr::with_exposed_provenance_mut::<c_void>(block)) };
        }
        ask_release();
        freed_to.send(()).unwrap();
        released.recv().unwrap();
        let after = resident();
        maker.join().unwrap();
        assert!(after + 32 * 1024 * 1024 < full, "resident {full} with the blocks, {after} once released");
    }

    /// Every size up to 70,000 bytes at alignments 1 to 64, through each entry point: the
    /// block is aligned as asked, holds what was written, and survives a resize.
    #[test]
    fn blocks_are_aligned_and_hold_their_bytes() {
        let alloc = Mimalloc;
        let sizes: Vec<usize> = (1..=300).chain((301..70_000).step_by(97)).collect();
        for align in [1, 2, 4, 8, 16, 32, 64] {
            for &size in &sizes {
                let Ok(layout) = Layout::from_size_align(size, align) else { continue };
                #[allow(unsafe_code)]
                // SAFETY: the layout is non-zero in size; every block is freed once.
                unsafe {
                    for zeroed in [false, true] {
                        let ptr = if zeroed { alloc.alloc_zeroed(layout) } else { alloc.alloc(layout) };
                        assert!(!ptr.is_null());
                        assert_eq!(ptr.addr() % align, 0, "size {size} align {align}");
                        let probes = [0, size / 2, size - 1];
                        if zeroed {
                            assert!(probes.iter().all(|&i| *ptr.add(i) == 0));
                        }
                        ptr.write_bytes(0xA5, size);
                        let grown = alloc.realloc(ptr, layout, size * 2 + 8);
                        assert_eq!(grown.addr() % align, 0, "grown {size} align {align}");
                        assert!(probes.iter().all(|&i| *grown.add(i) == 0xA5));
                        alloc.dealloc(grown, Layout::from_size_align_unchecked(size * 2 + 8, align));
                    }
                }
            }
        }
    }
}
