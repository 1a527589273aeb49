//! Signals by name and number as Linux numbers them — what `kill -l` lists, what `kill -s`,
//! `trap` and `timeout -s` take, and what a status above 128 names.

/// The signals by number as Linux numbers them (`kill -l`), 32 and 33 left out as bash does.
pub fn all() -> Vec<(u32, String)> {
    const LOW: [&str; 31] = [
        "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM",
        "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF",
        "WINCH", "IO", "PWR", "SYS",
    ];
    let mut all: Vec<(u32, String)> = (1..).zip(LOW.iter().map(|n| n.to_string())).collect();
    for n in 34..=64u32 {
        let name = match n {
            34 => "RTMIN".to_string(),
            35..=49 => format!("RTMIN+{}", n - 34),
            64 => "RTMAX".to_string(),
            _ => format!("RTMAX-{}", 64 - n),
        };
        all.push((n, name));
    }
    all
}

/// A signal by name (`TERM`, `SIGTERM`, any case) or number.
pub fn number(spec: &str) -> Option<u32> {
    if let Ok(n) = spec.parse::<u32>() {
        return (n == 0 || all().iter().any(|(m, _)| *m == n)).then_some(n);
    }
    let upper = spec.to_uppercase();
    let bare = upper.strip_prefix("SIG").unwrap_or(&upper);
    all().into_iter().find(|(_, name)| name == bare).map(|(n, _)| n)
}

/// The name of signal `n` (`TERM`), when it has one.
pub fn name(n: u32) -> Option<String> {
    all().into_iter().find(|(m, _)| *m == n).map(|(_, name)| name)
}
