//! `factor [NUMBER]...`: the prime factors of each number (of standard input's words when none
//! is given), in GNU's format. Numbers up to 2^64-1: Miller–Rabin with the bases that decide
//! every 64-bit number, and Pollard's rho (Brent's cycle finding) for what trial division
//! leaves, so a product of two large primes takes milliseconds. Larger numbers are refused as
//! GNU's factor built without a big-number library refuses them.

use crate::Ctx;
use crate::session::Status;
use crate::spec::{Args, Spec};

/// `factor`.
pub const FACTOR: Spec = Spec {
    name: "factor",
    summary: "print the prime factors of numbers",
    synopsis: &["[NUMBER]..."],
    about: "Print the prime factors of each specified integer NUMBER. If none are specified on the command line, read them from standard input.",
    assumed: true,
    ..Spec::BASE
};

/// `factor [NUMBER]...`
pub async fn factor(ctx: Ctx<'_>, args: Args) -> Status {
    let words = if args.operands.is_empty() {
        match ctx.read_stdin().await {
            Ok(bytes) => toolsh_bytes::decode(&bytes).split_whitespace().map(str::to_string).collect(),
            Err(err) => return ctx.fail(crate::vfs::describe(&err)).await,
        }
    } else {
        args.operands
    };
    let mut status = 0;
    for word in words {
        if ctx.stop_requested() {
            return 1;
        }
        match number(&word) {
            Ok(n) => {
                let line: String = factors(n).iter().map(|p| format!(" {p}")).collect();
                if !ctx.out(format!("{n}:{line}\n")).await {
                    return 1;
                }
            }
            Err(message) => {
                status = 1;
                ctx.complain(crate::text::locale_marks(&ctx, &message)).await;
            }
        }
    }
    status
}

/// A decimal operand as GNU reads it: leading blanks and one `+` allowed, nothing after.
fn number(word: &str) -> Result<u64, String> {
    let digits = word.trim_start();
    let digits = digits.strip_prefix('+').unwrap_or(digits);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("‘{word}’ is not a valid positive integer"));
    }
    digits.parse().map_err(|_| format!("‘{word}’ is too large"))
}

/// The prime factors of `n`, smallest first, with repetition (none for 0 and 1).
fn factors(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    if n < 2 {
        return out;
    }
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        while n.is_multiple_of(p) {
            out.push(p);
            n /= p;
        }
    }
    let mut pending = vec![n];
    while let Some(m) = pending.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            out.push(m);
            continue;
        }
        let d = rho(m);
        pending.push(d);
        pending.push(m / d);
    }
    out.sort_unstable();
    out
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            result = mul_mod(result, base, m);
        }
        base = mul_mod(base, base, m);
        exp >>= 1;
    }
    result
}

/// Miller–Rabin with the first twelve primes as bases: exact for every 64-bit number.
fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    if let Some(p) = BASES.iter().find(|p| n.is_multiple_of(**p)) {
        return n == *p;
    }
    let shift = (n - 1).trailing_zeros();
    let odd = (n - 1) >> shift;
    BASES.iter().all(|&a| {
        let mut x = pow_mod(a, odd, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        (1..shift).any(|_| {
            x = mul_mod(x, x, n);
            x == n - 1
        })
    })
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial divisor of the odd composite `n` (Pollard's rho, Brent's variant, batching
/// the gcds); another constant when a walk closes on `n` itself.
fn rho(n: u64) -> u64 {
    for c in 1..n {
        let step = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut y, mut r, mut q) = (2u64, 1u64, 1u64);
        let (mut x, mut saved, mut g) = (y, y, 1u64);
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = step(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                saved = y;
                for _ in 0..128.min(r - k) {
                    y = step(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = gcd(q, n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            // The batch overshot: redo it one step at a time.
            loop {
                saved = step(saved);
                g = gcd(x.abs_diff(saved), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_of_primes_come_apart() {
        assert_eq!(factors(18446744073709551615), [3, 5, 17, 257, 641, 65537, 6700417]);
        assert_eq!(factors(4294967291 * 4294967279), [4294967279, 4294967291]);
        assert_eq!(factors(1), Vec::<u64>::new());
        assert!(is_prime(18446744073709551557));
    }
}
