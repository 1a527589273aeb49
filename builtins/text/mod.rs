//! Text filters as GNU coreutils, grep and printf define them: streams, lines, columns, `sort`, `join`, `diff`, `grep`, the pagers as they are off a terminal, and the regex and format engines they share.

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
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].into_iter().find_map(|name| {
        ctx.state()
            .vars
            .get(name)
            .filter(|var| var.attrs.has(toolsh_core::vars::Attrs::EXPORT))
            .and_then(|var| var.scalar())
            .filter(|value| !value.is_empty())
            .map(str::to_ascii_lowercase)
    });
    match locale {
        Some(name) if !name.contains("utf-8") && !name.contains("utf8") => message.replace(['‘', '’'], "'"),
        _ => message.to_string(),
    }
}
