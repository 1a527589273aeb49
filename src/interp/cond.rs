//! Conditional expressions: `[[ … ]]` evaluation, and the file, string and integer tests it
//! shares with the `test` command.

use super::io::Io;
use super::pattern::Pattern;
use super::vars::Value;
use super::{ExecResult, Flow, Interp};
use crate::ast::CondExpr;
use futures::future::BoxFuture;
use toolsh_core::predicates::{binary_test, unary_test};

impl Interp {
    /// Evaluates `[[ … ]]`: 0 true, 1 false, 2 error.
    pub(crate) async fn eval_cond(&mut self, expr: &CondExpr, io: &Io) -> ExecResult {
        match self.cond_value(expr, io, false).await? {
            Ok(true) => Ok(0),
            Ok(false) => Ok(1),
            // The test could not be made (what went wrong is said): the whole `[[ ]]` ends
            // with this status, and the command goes on.
            Err(status) => Ok(status),
        }
    }

    /// The value of an operand of `-eq` … `-ge`, or `None` once its arithmetic error is said
    /// (`[[: 2.1: syntax error: invalid arithmetic operator …`). An unbound variable under
    /// `set -u` still ends the shell, as in any expansion.
    async fn cond_arith(&mut self, text: &str, io: &Io) -> Result<Option<i64>, Flow> {
        match super::arith::eval(text, &mut self.arith_vars(text)) {
            Ok(value) => Ok(Some(value)),
            Err(err) if err.is_unbound() => Err(self.arith_failed(err, None, io).await),
            Err(err) => {
                self.error(io, &format!("[[: {}", err.0)).await;
                Ok(None)
            }
        }
    }

    /// `set -x`'s line for one test of `[[ … ]]` (bash traces each as it is evaluated, its
    /// words expanded; `!` before a test shows with it).
    async fn trace_test(&mut self, io: &Io, negated: bool, text: &str) {
        if self.state.options.xtrace {
            let not = if negated { "! " } else { "" };
            self.trace_line(io, &format!("[[ {not}{text} ]]")).await;
        }
    }

    fn cond_value<'a>(
        &'a mut self,
        expr: &'a CondExpr,
        io: &'a Io,
        negated: bool,
    ) -> BoxFuture<'a, Result<Result<bool, super::Status>, Flow>> {
        Box::pin(async move {
            Ok(match expr {
                CondExpr::Word(word) => {
                    let text = self.expand_string(word, io).await?;
                    self.trace_test(io, negated, &format!("-n {}", traced(&text))).await;
                    Ok(!text.is_empty())
                }
                CondExpr::Not(inner) => {
                    let primary = matches!(**inner, CondExpr::Word(_) | CondExpr::Unary(..) | CondExpr::Binary(..));
                    self.cond_value(inner, io, primary && !negated).await?.map(|v| !v)
                }
                CondExpr::Group(inner) => self.cond_value(inner, io, false).await?,
                CondExpr::And(left, right) => match self.cond_value(left, io, false).await? {
                    Ok(true) => self.cond_value(right, io, false).await?,
                    other => other,
                },
                CondExpr::Or(left, right) => match self.cond_value(left, io, false).await? {
                    Ok(false) => self.cond_value(right, io, false).await?,
                    other => other,
                },
                CondExpr::Unary(op, word) => {
                    let arg = match op.as_str() {
                        "-v" => self.expand_element_operand(word, io).await?,
                        _ => self.expand_string(word, io).await?,
                    };
                    self.trace_test(io, negated, &format!("{op} {}", traced(&arg))).await;
                    Ok(unary_test(op, &arg, &self.state, &self.fs("[[")))
                }
                CondExpr::Binary(left, op, right) => {
                    // The operands of `-eq` … are arithmetic, their subscripts expanded as in
                    // `(( ))` (bash's `cond_expand_word` with its arithmetic quoting).
                    let arith = matches!(op.as_str(), "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge");
                    let left = match arith {
                        true => self.expand_text(left, io).await?.into_owned(),
                        false => self.expand_string(left, io).await?,
                    };
                    // The right side is expanded once, as its operator reads it (a pattern, a
                    // regex or a string), and traced so.
                    let right = match op.as_str() {
                        "==" | "=" | "!=" => self.expand_pattern(right, io).await?,
                        "=~" => self.expand_regex(right, io).await?,
                        _ if arith => self.expand_text(right, io).await?.into_owned(),
                        _ => self.expand_string(right, io).await?,
                    };
                    self.trace_test(io, negated, &format!("{} {op} {}", traced(&left), traced(&right))).await;
                    match op.as_str() {
                        "==" | "=" | "!=" => {
                            let compiled = if self.state.options.nocasematch {
                                Pattern::new_nocase(&right)
                            } else {
                                Pattern::new(&right)
                            };
                            Ok(compiled.matches(&left) == (op != "!="))
                        }
                        // POSIX ERE as bash uses it: `.` matches a newline too; `nocasematch`
                        // makes the match ignore case.
                        "=~" => match regex::RegexBuilder::new(&glibc_ere(&right))
                            .dot_matches_new_line(true)
                            .case_insensitive(self.state.options.nocasematch)
                            .build()
                        {
                            Ok(re) => Ok(self.regex_match(&re, &left)),
                            // bash says nothing of a regex glibc refuses: the status is 2.
                            Err(_) => return Ok(Err(2)),
                        },
                        "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge" => {
                            // An operand that is no number (`2.1`) fails the test with status 1
                            // and bash's words (`[[: 2.1: syntax error: …`); the command goes on.
                            let Some(l) = self.cond_arith(&left, io).await? else { return Ok(Err(1)) };
                            let Some(r) = self.cond_arith(&right, io).await? else { return Ok(Err(1)) };
                            Ok(match op.as_str() {
                                "-eq" => l == r,
                                "-ne" => l != r,
                                "-lt" => l < r,
                                "-le" => l <= r,
                                "-gt" => l > r,
                                _ => l >= r,
                            })
                        }
                        _ => match binary_test(&left, op, &right, &self.state, &self.fs("[[")) {
                            Ok(value) => Ok(value),
                            Err(message) => {
                                if !message.is_empty() {
                                    self.error(io, &message).await;
                                }
                                Err(2)
                            }
                        },
                    }
                }
            })
        })
    }

    /// The operand of `[[ -v NAME[KEY] ]]` for an associative array, as bash's
    /// `cond_expand_word` makes it for `-v`: the quoting written in the word is kept (what
    /// quotes made, `"$k"` or `'$x'`, escaped with backslashes), so the key's second
    /// expansion ([`toolsh_core::predicates::unary_test`]) takes it as it was written, while
    /// an unquoted `$k` is expanded again. Any other operand is expanded as a string.
    async fn expand_element_operand(&mut self, word: &crate::ast::Word, io: &Io) -> Result<String, Flow> {
        use crate::ast::{Word, WordPart};
        let assoc = match word.parts.first() {
            Some(WordPart::Literal(text)) => text.split_once('[').is_some_and(|(name, _)| {
                matches!(self.state.vars.get(name).map(|var| &var.value), Some(Value::Assoc(_)))
            }),
            _ => false,
        };
        if !assoc || word.parts.len() == 1 {
            return self.expand_string(word, io).await;
        }
        let mut out = String::new();
        for part in &word.parts {
            match part {
                WordPart::Literal(text) => out.push_str(text),
                WordPart::Param(_) => {
                    let one = Word { parts: std::iter::once(part.clone()).collect(), span: word.span };
                    out.push_str(&self.expand_string(&one, io).await?);
                }
                _ => {
                    let one = Word { parts: std::iter::once(part.clone()).collect(), span: word.span };
                    for c in self.expand_string(&one, io).await?.chars() {
                        if matches!(c, '[' | ']' | '$' | '`' | '\\' | '\'' | '"') {
                            out.push('\\');
                        }
                        out.push(c);
                    }
                }
            }
        }
        Ok(out)
    }

    fn regex_match(&mut self, re: &regex::Regex, text: &str) -> bool {
        let Some(captures) = re.captures(text) else {
            self.state.vars.remove("BASH_REMATCH");
            return false;
        };
        let map = captures
            .iter()
            .enumerate()
            .map(|(i, m)| (i as i64, m.map(|m| m.as_str().to_string()).unwrap_or_default()))
            .collect();
        let _ = self.state.vars.set_value("BASH_REMATCH", Value::Indexed(map));
        true
    }
}

/// A POSIX extended regular expression as glibc's `regcomp` reads it for bash's `=~`, in the
/// regex crate's syntax: a backslash before an ordinary character makes it literal (`\x` is
/// `x`), `\w \W \s \S \b \B` keep their meaning, `\<` and `\>` are word boundaries, `\'`
/// and `` \` `` the ends of the text; in a bracket expression a backslash is a member
/// (`[\.]` is a backslash or a dot), `[=c=]` and `[.c.]` are `c`, a leading `]` is a member;
/// a `{` that starts no interval and a leading `*` are errors, as glibc has them.
fn glibc_ere(pattern: &str) -> String {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut idx = 0;
    let literal = |out: &mut String, c: char| out.push_str(&regex::escape(c.encode_utf8(&mut [0; 4])));
    while idx < chars.len() {
        let c = chars[idx];
        idx += 1;
        match c {
            '\\' => match chars.get(idx) {
                None => out.push_str("\\\\"),
                Some(&next) => {
                    idx += 1;
                    match next {
                        'w' | 'W' | 's' | 'S' | 'b' | 'B' | '1'..='9' => {
                            out.push('\\');
                            out.push(next);
                        }
                        '<' | '>' => out.push_str("\\b"),
                        '`' => out.push_str("\\A"),
                        '\'' => out.push_str("\\z"),
                        other => literal(&mut out, other),
                    }
                }
            },
            '[' => {
                idx =
                    crate::builtins::posix_bracket(&chars, idx - 1, &mut out, crate::builtins::BracketBackslash::Member)
            }
            '{' => {
                let rest: String = chars[idx..].iter().collect();
                let interval = rest.find('}').is_some_and(|end| {
                    let inner = &rest[..end];
                    !inner.is_empty() && inner.chars().all(|c| c.is_ascii_digit() || c == ',') && !out.is_empty()
                });
                if interval {
                    let end = rest.find('}').unwrap_or(0);
                    out.push('{');
                    out.push_str(&rest[..end]);
                    out.push('}');
                    idx += end + 1;
                } else {
                    // glibc refuses a brace that starts no interval, and so does the regex
                    // crate: bash's status 2.
                    out.push('{');
                }
            }
            '}' => out.push_str("\\}"),
            _ => out.push(c),
        }
    }
    out
}

/// An operand of `[[ … ]]` as `set -x` shows it: an empty one as `''`, as bash shows it.
fn traced(text: &str) -> &str {
    if text.is_empty() { "''" } else { text }
}

#[cfg(test)]
mod tests {
    use super::glibc_ere;

    #[test]
    fn glibc_reads_backslashes_as_bash_regexes_do() {
        assert_eq!(glibc_ere(r"\x"), "x");
        assert_eq!(glibc_ere(r"[\.]"), r"[\\.]");
        assert_eq!(glibc_ere(r"a\.b"), r"a\.b");
        assert_eq!(glibc_ere(r"[[=d=]].[\[=G=][=g=]]"), r"[d].[\\Gg]");
        assert_eq!(glibc_ere(r"^a{2}b{"), r"^a{2}b{");
        assert_eq!(glibc_ere(r"[]a]"), r"[\]a]");
    }
}
