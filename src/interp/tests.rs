//! Interpreter unit tests through the public `Shell` API.

use super::*;

fn run(src: &str) -> ExecOutcome {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    runtime.block_on(async {
        let mut shell = Shell::builder().build();
        shell.exec(src).await
    })
}

#[test]
fn echo_and_status() {
    let out = run("echo hello; false");
    assert_eq!(out.stdout_text(), "hello\n");
    assert_eq!(out.status, 1);
}
