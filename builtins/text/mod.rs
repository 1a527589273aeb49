//! Text filters as GNU coreutils, grep and printf define them: streams, lines, columns, `sort`, `join`, `diff`, `grep`, the pagers as they are off a terminal, and the regex and format engines they share.

pub mod as_text;
pub mod cal;
pub mod cfmt;
pub mod columns;
pub mod csplit;
pub mod diff;
pub mod envsubst;
pub mod factor;
pub mod fmt;
pub mod grep;
pub mod iconv;
pub mod join;
pub mod lines;
pub mod numfmt;
pub mod pager;
pub mod posix_regex;
pub mod pr;
pub mod printf;
pub mod shuf;
pub mod sort;
pub mod stream;
pub mod strftime;
pub mod tsort;
pub mod when;
pub mod zone;

/// A decimal option value checked as gnulib's `xdectoimax` checks it: the number, or GNU's
/// complaint after `what` (`invalid width: '2501': Numerical result out of range`). A value
/// past `int`'s range (or past any integer's) is "Value too large for defined data type", one
/// inside it but outside `min..=max` "Numerical result out of range", and anything not a
/// number is only named.
pub(crate) fn decimal_in(text: &str, min: i64, max: i64, what: &str) -> Result<i64, String> {
    let digits = text.trim_start().strip_prefix(['-', '+']).unwrap_or(text.trim_start());
    let parsed = text.trim_start().strip_prefix('+').unwrap_or(text.trim_start()).parse::<i64>();
    match parsed {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(n) if n > i64::from(i32::MAX) || n < i64::from(i32::MIN) => {
            Err(format!("{what}: '{text}': Value too large for defined data type"))
        }
        Ok(_) => Err(format!("{what}: '{text}': Numerical result out of range")),
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("{what}: '{text}': Value too large for defined data type"))
        }
        Err(_) => Err(format!("{what}: '{text}'")),
    }
}

/// The first of `names` (locale variables, in the order POSIX gives them precedence) that is
/// exported with a value, as the command's environment has it.
fn locale_value(ctx: &crate::Ctx<'_>, names: &[&str]) -> Option<String> {
    let state = ctx.state();
    names.iter().find_map(|name| {
        state
            .vars
            .get(name)
            .filter(|var| var.attrs.has(toolsh_core::vars::Attrs::EXPORT))
            .and_then(|var| var.scalar())
            .filter(|value| !value.is_empty())
            .map(str::to_string)
    })
}

/// Whether the environment names a locale whose characters are bytes: the first of `LC_ALL`,
/// `LC_CTYPE` and `LANG` exported with a value is `C`, `POSIX` or a locale of a single-byte
/// character set (`ru_RU.KOI8-R`, `en_US.iso885915`). GNU's grep then takes each byte as a
/// character (`LC_ALL=C grep` over a binary log); with none set toolsh reads UTF-8, where GNU's
/// would read bytes (docs/deviations.md). A single-byte set's letters past ASCII are not
/// letters here (no locale tables): `[[:alpha:]]` and `-i` are ASCII's, as in `C`.
pub(crate) fn bytes_locale(ctx: &crate::Ctx<'_>) -> bool {
    let Some(value) = locale_value(ctx, &["LC_ALL", "LC_CTYPE", "LANG"]) else { return false };
    if matches!(value.as_str(), "C" | "POSIX") {
        return true;
    }
    // The character set named after the `.` (before any `@modifier`), compared as glibc
    // normalises it: lower case, without `-` and `_`.
    let Some((_, set)) = value.split_once('.') else { return false };
    let set: String = set
        .split('@')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    ["iso8859", "koi8", "cp125", "windows125", "latin", "ansix34", "ascii"].iter().any(|single| set.starts_with(single))
}

/// The names a `--files0-from=F` list holds, as gnulib's argv-iter reads them: each ended by a
/// NUL, the last one's NUL optional. Empty names are kept: `wc` and `sort` say them each their
/// own way.
pub(crate) async fn files0_names(ctx: &crate::Ctx<'_>, list: &str) -> std::io::Result<Vec<String>> {
    let data = ctx.read_operand(list).await?;
    let body = data.strip_suffix(&[0]).unwrap_or(&data);
    if data.is_empty() {
        return Ok(Vec::new());
    }
    Ok(body.split(|&b| b == 0).map(|name| toolsh_bytes::decode(name).into_owned()).collect())
}

/// GNU's refusal of file operands beside `--files0-from` (for `misuse`, which adds the hint).
pub(crate) fn files0_extra_operand(operand: &str) -> String {
    format!(
        "extra operand {}\nfile operands cannot be combined with --files0-from",
        toolsh_bytes::quote::quoteaf(operand)
    )
}

/// A message with GNU's `quote` marks as the messages' locale has them: `‘…’` (as written
/// here) unless `LC_ALL`, `LC_MESSAGES` or `LANG`, the first set, names a locale that is not
/// UTF-8 (`C`, `POSIX`), where they are `'…'`.
pub(crate) fn locale_marks(ctx: &crate::Ctx<'_>, message: &str) -> String {
    match locale_value(ctx, &["LC_ALL", "LC_MESSAGES", "LANG"]).map(|name| name.to_ascii_lowercase()) {
        Some(name) if !name.contains("utf-8") && !name.contains("utf8") => message.replace(['‘', '’'], "'"),
        _ => message.to_string(),
    }
}
