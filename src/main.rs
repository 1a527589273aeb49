//! The `toolsh` binary: hands the command line to [`toolsh::cli::main`].

/// An interpreter allocates many small, short-lived values (words, fields, tree nodes); mimalloc
/// serves them markedly faster than the system allocator (see `scripts/bench.sh`).
#[global_allocator]
static GLOBAL: toolsh_alloc::Mimalloc = toolsh_alloc::Mimalloc;

fn main() {
    // Started again as a host program's launcher: becomes the program, never returns.
    #[cfg(feature = "host")]
    toolsh::host::main_if_launching();
    // Words that are not UTF-8 (`toolsh -c $'echo \xe9'`) keep their bytes as stand-ins
    // (`toolsh_bytes`), as every script text does: `std::env::args` would panic on them.
    let argv: Vec<String> = std::env::args_os().skip(1).map(|word| toolsh_bytes::from_os(&word).into_owned()).collect();
    let status = toolsh::cli::main(argv);
    toolsh_alloc::ending();
    std::process::exit(status);
}
