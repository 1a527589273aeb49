//! Conditional expressions: `[[ … ]]` evaluation, and the file, string and integer tests it
//! shares with the `test` command.

use super::expand::ArithVars;
use super::io::Io;
use super::pattern::Pattern;
use super::vars::Value;
use super::{ExecResult, Flow, Interp, State};
use crate::ast::CondExpr;
use crate::tools::workspace::Fs;
use crate::vfs::FileKind;
use futures::future::BoxFuture;

/// A unary test (`-f path`, `-z string`, …).
pub(crate) fn unary_test(op: &str, arg: &str, state: &State, vfs: &Fs<'_>) -> bool {
    let meta = || {
        let abs = state.abs_path(arg);
        if arg.is_empty() { None } else { vfs.stat(&abs).ok() }
    };
    match op {
        "-z" => arg.is_empty(),
        "-n" => !arg.is_empty(),
        "-e" | "-a" => meta().is_some(),
        "-f" => meta().is_some_and(|m| m.kind == FileKind::File),
        "-d" => meta().is_some_and(|m| m.kind == FileKind::Dir),
        "-c" => meta().is_some_and(|m| m.kind == FileKind::Device),
        "-b" | "-p" | "-S" | "-g" | "-u" | "-k" | "-t" | "-N" => false,
        "-h" | "-L" => !arg.is_empty() && vfs.lstat(&state.abs_path(arg)).is_ok_and(|m| m.kind == FileKind::Symlink),
        "-s" => meta().is_some_and(|m| m.size > 0),
        "-r" => meta().is_some_and(|m| m.mode & 0o444 != 0),
        "-w" => meta().is_some_and(|m| m.mode & 0o222 != 0),
        "-x" => meta().is_some_and(|m| m.mode & 0o111 != 0),
        "-O" | "-G" => meta().is_some(),
        "-v" => {
            let (name, index) = match arg.find('[') {
                Some(open) => (&arg[..open], arg[open + 1..].strip_suffix(']')),
                None => (arg, None),
            };
            match (state.vars.get(name), index) {
                (Some(var), None) => !matches!(var.value, Value::Unset),
                (Some(var), Some(key)) => var.keys().iter().any(|k| k == key),
                (None, _) => false,
            }
        }
        "-R" => false,
        "-o" => option_set(arg, state),
        _ => false,
    }
}

fn option_set(name: &str, state: &State) -> bool {
    let o = &state.options;
    match name {
        "errexit" => o.errexit,
        "nounset" => o.nounset,
        "xtrace" => o.xtrace,
        "pipefail" => o.pipefail,
        "noglob" => o.noglob,
        "noclobber" => o.noclobber,
        "allexport" => o.allexport,
        _ => false,
    }
}

/// A binary test with string or integer operands; `Err` carries bash's message.
pub(crate) fn binary_test(left: &str, op: &str, right: &str, state: &State, vfs: &Fs<'_>) -> Result<bool, String> {
    let int = |text: &str| -> Result<i64, String> {
        text.trim().parse::<i64>().map_err(|_| format!("{text}: integer expression expected"))
    };
    Ok(match op {
        "=" | "==" => left == right,
        "!=" => left != right,
        "<" => left < right,
        ">" => left > right,
        "-eq" => int(left)? == int(right)?,
        "-ne" => int(left)? != int(right)?,
        "-lt" => int(left)? < int(right)?,
        "-le" => int(left)? <= int(right)?,
        "-gt" => int(left)? > int(right)?,
        "-ge" => int(left)? >= int(right)?,
        "-nt" | "-ot" => {
            let left_time = vfs.stat(&state.abs_path(left)).ok().map(|m| m.mtime);
            let right_time = vfs.stat(&state.abs_path(right)).ok().map(|m| m.mtime);
            match (left_time, right_time, op) {
                (Some(l), Some(r), "-nt") => l > r,
                (Some(_), None, "-nt") => true,
                (Some(l), Some(r), _) => l < r,
                (None, Some(_), "-ot") => true,
                _ => false,
            }
        }
        "-ef" => {
            let l = vfs.resolve(&state.abs_path(left), true).ok();
            let r = vfs.resolve(&state.abs_path(right), true).ok();
            l.is_some() && l == r && vfs.exists(&state.abs_path(left))
        }
        _ => return Err(format!("{op}: binary operator expected")),
    })
}

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

/// Arithmetic over the state, for callers outside the interpreter.
pub(crate) fn eval_arith(text: &str, state: &mut State) -> Result<i64, String> {
    super::arith::eval(text, &mut ArithVars(state)).map_err(|e| e.0)
}
