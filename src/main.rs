//! The `toolsh` binary: hands the command line to [`toolsh::cli::main`].

/// An interpreter allocates many small, short-lived values (words, fields, tree nodes); mimalloc
/// serves them markedly faster than the system allocator (see `scripts/bench.sh`).
#[global_allocator]
static GLOBAL: toolsh_alloc::Mimalloc = toolsh_alloc::Mimalloc;

fn main() {
    // Started again as a host program's launcher: becomes the program, never returns.
    #[cfg(feature = "host")]
    toolsh::host::main_if_launching();
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let status = toolsh::cli::main(argv);
    toolsh_alloc::ending();
    std::process::exit(status);
}
