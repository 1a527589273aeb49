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
            Err(message) => {
                self.error(io, &message).await;
                Ok(2)
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
    ) -> BoxFuture<'a, Result<Result<bool, String>, Flow>> {
        Box::pin(async move {
            Ok(match expr {
                CondExpr::Word(word) => {
                    let text = self.expand_string(word, io).await?;
                    self.trace_test(io, negated, &format!("-n {text}")).await;
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
                    let arg = self.expand_string(word, io).await?;
                    self.trace_test(io, negated, &format!("{op} {arg}")).await;
                    Ok(unary_test(op, &arg, &self.state, &self.fs("[[")))
                }
                CondExpr::Binary(left, op, right) => {
                    let left = self.expand_string(left, io).await?;
                    // The right side is expanded once, as its operator reads it (a pattern, a
                    // regex or a string), and traced so.
                    let right = match op.as_str() {
                        "==" | "=" | "!=" => self.expand_pattern(right, io).await?,
                        "=~" => self.expand_regex(right, io).await?,
                        _ => self.expand_string(right, io).await?,
                    };
                    self.trace_test(io, negated, &format!("{left} {op} {right}")).await;
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
                        "=~" => match regex::RegexBuilder::new(&right)
                            .dot_matches_new_line(true)
                            .case_insensitive(self.state.options.nocasematch)
                            .build()
                        {
                            Ok(re) => Ok(self.regex_match(&re, &left)),
                            Err(_) => return Ok(Err(format!("{right}: invalid regular expression"))),
                        },
                        "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge" => {
                            let l = self.arith(&left, io).await?;
                            let r = self.arith(&right, io).await?;
                            Ok(match op.as_str() {
                                "-eq" => l == r,
                                "-ne" => l != r,
                                "-lt" => l < r,
                                "-le" => l <= r,
                                "-gt" => l > r,
                                _ => l >= r,
                            })
                        }
                        _ => binary_test(&left, op, &right, &self.state, &self.fs("[[")),
                    }
                }
            })
        })
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
