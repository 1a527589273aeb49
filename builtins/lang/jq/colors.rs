//! `jq -C`: values written with jq 1.7+'s escape sequences, laid out as jq's `jv_dump_term`
//! lays them out — each value in its kind's colour, a container's brackets, commas and colons
//! in the container's, object keys in their own, the colour reset before each line break —
//! with the colours of `JQ_COLORS` (`null:false:true:numbers:strings:arrays:objects:keys`)
//! over jq's defaults. Scalars are written by the same writer as uncoloured output, so numbers
//! and strings read the same either way.

use jaq_json::Val;
use jaq_json::write::Pp;

const RESET: &[u8] = b"\x1b[0m";

/// The escape sequence of each kind: null, false, true, numbers, strings, arrays, objects,
/// object keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colors([String; 8]);

impl Default for Colors {
    fn default() -> Self {
        let codes = ["0;90", "0;39", "0;39", "0;39", "0;32", "1;39", "1;39", "1;34"];
        Colors(codes.map(|code| format!("\x1b[{code}m")))
    }
}

impl Colors {
    /// `JQ_COLORS` over the defaults, as jq reads it: up to eight `:`-separated codes of digits
    /// and `;`; `None` when a code holds anything else (jq then warns and keeps its own).
    pub fn parse(spec: &str) -> Option<Colors> {
        let mut colors = Colors::default();
        let codes: Vec<&str> = spec.splitn(9, ':').take(8).collect();
        for (at, (slot, code)) in colors.0.iter_mut().zip(&codes).enumerate() {
            if !code.bytes().all(|b| b.is_ascii_digit() || b == b';') {
                return None;
            }
            // An empty last code is ignored (`""`, `"0:"`), an empty one before it is kept.
            if !code.is_empty() || at + 1 < codes.len() {
                *slot = format!("\x1b[{code}m");
            }
        }
        Some(colors)
    }

    fn of(&self, value: &Val) -> &[u8] {
        let at = match value {
            Val::Null => 0,
            Val::Bool(false) => 1,
            Val::Bool(true) => 2,
            Val::Num(_) => 3,
            Val::TStr(_) | Val::BStr(_) => 4,
            Val::Arr(_) => 5,
            Val::Obj(_) => 6,
        };
        self.0[at].as_bytes()
    }

    /// Writes `value` at nesting `level`, as `pp` lays it out (its indent, key order and the
    /// blank after a colon), coloured.
    pub fn write(&self, value: &Val, pp: &Pp, level: usize, out: &mut Vec<u8>) {
        let color = self.of(value);
        out.extend_from_slice(color);
        let plain = Pp { indent: None, sort_keys: pp.sort_keys, sep_space: false, ..Pp::default() };
        let line = |out: &mut Vec<u8>, level: usize| {
            if let Some(indent) = &pp.indent {
                out.push(b'\n');
                for _ in 0..level {
                    out.extend_from_slice(indent.as_bytes());
                }
            }
        };
        match value {
            Val::Arr(items) if !items.is_empty() => {
                out.push(b'[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.extend_from_slice(color);
                        out.push(b',');
                    }
                    out.extend_from_slice(RESET);
                    line(out, level + 1);
                    self.write(item, pp, level + 1, out);
                }
                line(out, level);
                out.extend_from_slice(color);
                out.push(b']');
            }
            Val::Obj(fields) if !fields.is_empty() => {
                out.push(b'{');
                let mut entries: Vec<(&Val, &Val)> = fields.iter().collect();
                if pp.sort_keys {
                    entries.sort_by_key(|(k, _)| *k);
                }
                for (i, (key, item)) in entries.into_iter().enumerate() {
                    if i > 0 {
                        out.extend_from_slice(color);
                        out.push(b',');
                    }
                    out.extend_from_slice(RESET);
                    line(out, level + 1);
                    out.extend_from_slice(self.0[7].as_bytes());
                    let _ = jaq_json::write::write(out, &plain, 0, key);
                    out.extend_from_slice(RESET);
                    out.extend_from_slice(color);
                    out.push(b':');
                    out.extend_from_slice(RESET);
                    if pp.indent.is_some() {
                        out.push(b' ');
                    }
                    self.write(item, pp, level + 1, out);
                }
                line(out, level);
                out.extend_from_slice(color);
                out.push(b'}');
            }
            scalar => {
                let _ = jaq_json::write::write(out, &plain, 0, scalar);
            }
        }
        out.extend_from_slice(RESET);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jq_colors_are_read_as_jq_reads_them() {
        let colors = Colors::parse("1;31:0;33").expect("valid");
        assert_eq!(colors.0[0], "\x1b[1;31m");
        assert_eq!(colors.0[1], "\x1b[0;33m");
        assert_eq!(colors.0[2], Colors::default().0[2]);
        assert_eq!(Colors::parse("red"), None);
    }
}
