//! The decoding formats as jq 1.8 has them, where jaq's differ: `@base64d` stops at the first
//! `=`, takes unpadded input (JWT segments) and refuses a lone trailing character or a byte
//! outside the alphabet in jq's words; `@urid` refuses a `%` not followed by two hex digits
//! and escapes that do not spell UTF-8. Both read the input as `tostring` gives it, and bytes
//! that are not UTF-8 become U+FFFD, as jq's strings do. Also what the prelude's errors need
//! to name a value as jq does.

use super::paths::{kind, shown};
use jaq_core::native::{Fun, bome, run, v};
use jaq_core::{DataT, Error};
use jaq_json::Val;

/// jq's type error: `string ("…") MESSAGE`.
fn refuse(value: &Val, message: &str) -> Error<Val> {
    Error::new(Val::from(format!("{} ({}) {message}", kind(value), shown(value))))
}

/// The input's bytes (the prelude passes strings; anything else reads as its JSON text).
fn bytes(value: &Val) -> Vec<u8> {
    match value {
        Val::TStr(text) | Val::BStr(text) => text.to_vec(),
        other => super::compact_json(other),
    }
}

fn text(bytes: &[u8]) -> Val {
    Val::utf8_str(toolsh_bytes::lossy(bytes).into_owned())
}

/// `@base64d`.
fn base64d(value: &Val) -> Result<Val, Error<Val>> {
    let mut out = Vec::new();
    let (mut code, mut held) = (0u32, 0);
    for &byte in bytes(value).iter().take_while(|b| **b != b'=') {
        let sextet = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(refuse(value, "is not valid base64 data")),
        };
        code = code << 6 | u32::from(sextet);
        held += 1;
        if held == 4 {
            out.extend_from_slice(&code.to_be_bytes()[1..]);
            (code, held) = (0, 0);
        }
    }
    match held {
        3 => out.extend_from_slice(&(code >> 2).to_be_bytes()[2..]),
        2 => out.push((code >> 4) as u8),
        1 => return Err(refuse(value, "trailing base64 byte found")),
        _ => {}
    }
    Ok(text(&out))
}

/// `@urid`: each `%` starts a UTF-8 sequence as long as its first byte says, every byte an
/// escape of two hex digits.
fn urid(value: &Val) -> Result<Val, Error<Val>> {
    let input = bytes(value);
    let invalid = || refuse(value, "is not a valid uri encoding");
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(&byte) = input.get(at) {
        if byte != b'%' {
            out.push(byte);
            at += 1;
            continue;
        }
        let mut sequence = Vec::new();
        loop {
            if input.get(at) != Some(&b'%') {
                return Err(invalid());
            }
            let hex = input.get(at + 1..at + 3).and_then(|h| std::str::from_utf8(h).ok());
            let decoded =
                hex.filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit())).and_then(|h| u8::from_str_radix(h, 16).ok());
            sequence.push(decoded.ok_or_else(invalid)?);
            at += 3;
            let length = sequence[0].leading_ones().clamp(1, 4) as usize;
            if sequence.len() >= length {
                break;
            }
        }
        if std::str::from_utf8(&sequence).is_err() {
            return Err(invalid());
        }
        out.extend_from_slice(&sequence);
    }
    Ok(text(&out))
}

/// The natives `__jq_base64d` and `__jq_urid` behind the prelude's `@base64d` and `@urid`, and
/// `__jq_described`: the input as jq's type errors name it (`string ("ab…")`), for the
/// prelude's own errors.
pub fn natives<D: for<'a> DataT<V<'a> = Val>>() -> [Fun<D>; 3] {
    [
        run(("__jq_base64d", v(0), |cv| bome(base64d(&cv.1)))),
        run(("__jq_urid", v(0), |cv| bome(urid(&cv.1)))),
        run(("__jq_described", v(0), |cv| bome(Ok(Val::from(format!("{} ({})", kind(&cv.1), shown(&cv.1))))))),
    ]
}
