//! The Rust API's cost per `Shell::exec` of a small line (the reference the Python and
//! TypeScript packages are measured against in `scripts/bench.sh bindings`): prints the best
//! of five batches' microseconds per call.
//!
//! `cargo run --release --example exec_calls -- 'echo hi' 2000`

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let line = args.next().unwrap_or_else(|| "echo hi".to_string());
    let calls: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(2000);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    let mut shell = toolsh::Shell::builder().build();
    let mut best = f64::MAX;
    for _ in 0..5 {
        let started = std::time::Instant::now();
        for _ in 0..calls {
            let out = runtime.block_on(shell.exec(&line));
            if out.status != 0 {
                return Err(format!("{line}: status {}", out.status).into());
            }
        }
        best = best.min(started.elapsed().as_secs_f64() * 1e6 / f64::from(calls));
    }
    println!("{best:.1}");
    Ok(())
}
