//! The `toolsh` binary: hands the command line to [`toolsh::cli::main`].

/// An interpreter allocates many small, short-lived values (words, fields, tree nodes); mimalloc
/// serves them markedly faster than the system allocator (see `scripts/bench.sh`).
#[global_allocator]
static GLOBAL: toolsh_alloc::Mimalloc = toolsh_alloc::Mimalloc;

/// The shell thread's stack: room for the call-depth limit's 1000 levels in any build.
const STACK_BYTES: usize = 512 << 20;

fn main() {
    // Started again as a host program's launcher: becomes the program, never returns.
    #[cfg(feature = "host")]
    toolsh::host::main_if_launching();
    // Words that are not UTF-8 (`toolsh -c $'echo \xe9'`) keep their bytes as stand-ins
    // (`toolsh_bytes`), as every script text does: `std::env::args` would panic on them.
    let argv: Vec<String> = std::env::args_os().skip(1).map(|word| toolsh_bytes::from_os(&word).into_owned()).collect();
    // The shell runs on a thread with a deep stack: the interpreter recurses (functions,
    // `source`, `bash` starting `bash`) until its call-depth limit, and an unoptimised build's
    // frames are large; the main thread's 8 MiB ran out first on some paths (a `bash` whose
    // BASH_ENV runs commands, started again by its script). Only the pages used are mapped.
    let shell = std::thread::Builder::new().name("toolsh".to_string()).stack_size(STACK_BYTES);
    let status = match shell.spawn(move || toolsh::cli::main(argv)) {
        // A panic that escaped the interpreter's own catching has printed its message.
        Ok(handle) => handle.join().unwrap_or(70),
        Err(err) => {
            eprintln!("toolsh: cannot start the shell's thread: {err}");
            71
        }
    };
    toolsh_alloc::ending();
    std::process::exit(status);
}
