//! Times parsing a file (a developer aid for the parse benchmark).

#[global_allocator]
static GLOBAL: toolsh_alloc::Mimalloc = toolsh_alloc::Mimalloc;
fn main() {
    let path = std::env::args().nth(1).expect("file");
    #[allow(clippy::disallowed_methods)]
    let src = std::fs::read_to_string(path).expect("read");
    let start = std::time::Instant::now();
    let script = toolsh::parse(&src).expect("parse");
    let parsed = start.elapsed();
    drop(script);
    println!("parse {:?} total {:?}", parsed, start.elapsed());
}
