//! Runs the parser properties over each compat case and prints the first failure (a developer aid).
fn main() {
    for path in std::env::args().skip(1) {
        #[allow(clippy::disallowed_methods)]
        let text = std::fs::read_to_string(&path).expect("read");
        for case in text.split("\n### ") {
            let script: String =
                case.lines().skip(1).take_while(|l| !l.starts_with("## ")).collect::<Vec<_>>().join("\n");
            if std::panic::catch_unwind(|| toolsh::fuzz::parser(script.as_bytes())).is_err() {
                println!("FAILED: {}", case.lines().next().unwrap_or_default());
            }
        }
    }
}
