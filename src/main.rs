//! The `toolsh` binary: hands the command line to [`toolsh::cli::main`].

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(toolsh::cli::main(argv));
}
