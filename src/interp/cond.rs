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
        match self.cond_value(expr, io).await? {
            Ok(true) => Ok(0),
            Ok(false) => Ok(1),
            Err(message) => {
                self.error(io, &message).await;
                Ok(2)
            }
        }
    }

    fn cond_value<'a>(
        &'a mut self,
        expr: &'a CondExpr,
        io: &'a Io,
    ) -> BoxFuture<'a, Result<Result<bool, String>, Flow>> {
        Box::pin(async move {
            Ok(match expr {
                CondExpr::Word(word) => Ok(!self.expand_string(word, io).await?.is_empty()),
                CondExpr::Not(inner) => self.cond_value(inner, io).await?.map(|v| !v),
                CondExpr::Group(inner) => self.cond_value(inner, io).await?,
                CondExpr::And(left, right) => match self.cond_value(left, io).await? {
                    Ok(true) => self.cond_value(right, io).await?,
                    other => other,
                },
                CondExpr::Or(left, right) => match self.cond_value(left, io).await? {
                    Ok(false) => self.cond_value(right, io).await?,
                    other => other,
                },
                CondExpr::Unary(op, word) => {
                    let arg = self.expand_string(word, io).await?;
                    Ok(unary_test(op, &arg, &self.state, &self.fs("[[")))
                }
                CondExpr::Binary(left, op, right) => {
                    let left = self.expand_string(left, io).await?;
                    match op.as_str() {
                        "==" | "=" | "!=" => {
                            let pattern = self.expand_pattern(right, io).await?;
                            let compiled = if self.state.options.nocasematch {
                                Pattern::new_nocase(&pattern)
                            } else {
                                Pattern::new(&pattern)
                            };
                            Ok(compiled.matches(&left) == (op != "!="))
                        }
                        "=~" => {
                            let source = self.expand_regex(right, io).await?;
                            match regex::Regex::new(&source) {
                                Ok(re) => Ok(self.regex_match(&re, &left)),
                                Err(_) => return Ok(Err(format!("{source}: invalid regular expression"))),
                            }
                        }
                        "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge" => {
                            let right = self.expand_string(right, io).await?;
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
                        _ => {
                            let right = self.expand_string(right, io).await?;
                            binary_test(&left, op, &right, &self.state, &self.fs("[["))
                        }
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
