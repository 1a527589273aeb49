//! Redirections: open workspace files, duplicate and close descriptors, feed here-documents.
//! They apply in order to a copy of the descriptor table; a failure prints bash's message and
//! the command does not run (status 1).

use super::io::{Fd, Input, Io, Output};
use super::{Flow, Interp, Status};
use crate::ast::{RedirFd, RedirOp, Redirect};
use crate::vfs::{WriteMode, describe};

/// Where `{name}>file` starts looking for a free descriptor (bash: 10, above those scripts
/// number themselves).
const FIRST_NAMED_FD: usize = 10;

/// One past the highest descriptor a redirection may name: bash refuses a descriptor at or
/// above the process's open-file limit (`ulimit -n`, commonly 1024) with "Bad file descriptor".
/// The table is indexed by number, so without this bound `: 1000000000>f` asked for gigabytes.
const FD_LIMIT: usize = 1024;

impl Interp {
    /// Applies redirections to a copy of `io`. The inner `Err` is the status of a failed one.
    pub(crate) async fn apply_redirects(
        &mut self,
        redirects: &[Redirect],
        io: &Io,
    ) -> Result<Result<Io, Status>, Flow> {
        let before = io;
        let mut io = io.clone();
        for redirect in redirects {
            if let Err(message) = self.apply_one(redirect, &mut io).await? {
                self.error(&io, &message).await;
                return Ok(Err(self.denial_status(1)));
            }
        }
        if !self.state.options.varredir_close && !self.redirecting_exec {
            self.keep_named_fds(redirects, before, &io);
        }
        Ok(Ok(io))
    }

    /// bash: a `{name}>…` redirection outlives its command (`: {fd}>f; echo >&$fd`), as if
    /// `exec` had made it; `shopt -s varredir_close` closes it with the command instead.
    fn keep_named_fds(&mut self, redirects: &[Redirect], before: &Io, after: &Io) {
        for redirect in redirects {
            let RedirFd::Var(name) = &redirect.fd else { continue };
            let value = match name.split_once('[') {
                Some((base, key)) => self.state.vars.element(base, key.trim_end_matches(']')),
                None => self.state.vars.get_str(name),
            };
            let Some(fd) = value.and_then(|value| value.parse::<usize>().ok()) else { continue };
            let mut only = before.clone();
            only.set(fd, after.get(fd).cloned());
            self.make_permanent(before, &only);
        }
    }

    /// Closes the files a command's redirections opened (when they gave it a table of its
    /// own): a file whose content could not be kept — an object whose upload failed — is said
    /// on `outer`'s stderr, and a command that had succeeded fails.
    pub(crate) async fn close_redirected(
        &mut self,
        io: std::borrow::Cow<'_, Io>,
        outer: &Io,
        result: crate::interp::ExecResult,
    ) -> crate::interp::ExecResult {
        let std::borrow::Cow::Owned(io) = io else { return result };
        let failed = io.close_files();
        for (path, err) in &failed {
            self.error(outer, &format!("{path}: {}", describe(err))).await;
        }
        match result {
            Ok(0) if !failed.is_empty() => {
                self.state.last_status = 1;
                Ok(1)
            }
            other => other,
        }
    }

    async fn apply_one(&mut self, redirect: &Redirect, io: &mut Io) -> Result<Result<(), String>, Flow> {
        let default_fd = match redirect.op {
            RedirOp::In | RedirOp::ReadWrite | RedirOp::DupIn | RedirOp::HereString | RedirOp::HereDoc { .. } => 0,
            _ => 1,
        };
        let fd = match &redirect.fd {
            RedirFd::Default => default_fd,
            RedirFd::Number(n) => *n as usize,
            RedirFd::Var(name) => match self.named_fd(name, redirect, io) {
                Ok(fd) => fd,
                Err(message) => return Ok(Err(message)),
            },
        };
        // bash: the target is opened first (`: 1000000000>f` creates `f`), then the descriptor
        // cannot be placed; every placement below goes through `place`.
        match &redirect.op {
            RedirOp::HereDoc { quoted, .. } => {
                let body = if *quoted {
                    redirect.target.static_text().unwrap_or_default()
                } else {
                    Box::pin(self.expand_heredoc(&redirect.target, io)).await?
                };
                return Ok(place(io, fd, Some(Fd::Input(Input::from_bytes(toolsh_bytes::encode_string(body))))));
            }
            RedirOp::HereString => {
                let mut text = self.expand_string(&redirect.target, io).await?;
                text.push('\n');
                return Ok(place(io, fd, Some(Fd::Input(Input::from_bytes(toolsh_bytes::encode_string(text))))));
            }
            _ => {}
        }
        // A plain name (`>> out.txt`) is used as written, not copied into a list of fields.
        let target = match super::expand::simple_literal(&redirect.target) {
            Some(text) => std::borrow::Cow::Borrowed(text),
            // In POSIX mode bash does not glob a redirection's word.
            None if self.state.options.posix => {
                std::borrow::Cow::Owned(self.expand_string(&redirect.target, io).await?)
            }
            None => {
                let mut targets = self.expand_words(std::slice::from_ref(&redirect.target), io).await?;
                let (Some(target), None) = (targets.pop(), targets.first()) else {
                    return Ok(Err(format!("{}: ambiguous redirect", as_written(&redirect.target))));
                };
                std::borrow::Cow::Owned(target)
            }
        };
        match &redirect.op {
            RedirOp::DupIn | RedirOp::DupOut => {
                if target == "-" {
                    self.coproc_fd_closed(fd);
                    return Ok(place(io, fd, None));
                }
                let source = target.strip_suffix('-').unwrap_or(&target);
                if let Ok(source_fd) = source.parse::<usize>() {
                    let Some(found) = io.get(source_fd).cloned() else {
                        // bash names the word as written (`$fd: Bad file descriptor`).
                        let named = super::expand::simple_literal(&redirect.target)
                            .map_or_else(|| as_written(&redirect.target), |_| source_fd.to_string());
                        return Ok(Err(format!("{named}: Bad file descriptor")));
                    };
                    if let Err(message) = place(io, fd, Some(found)) {
                        return Ok(Err(message));
                    }
                    if target.ends_with('-') {
                        io.set(source_fd, None);
                        self.coproc_fd_closed(source_fd);
                    }
                    return Ok(Ok(()));
                }
                if matches!(redirect.op, RedirOp::DupIn) {
                    return Ok(Err(format!("{target}: ambiguous redirect")));
                }
                // bash: `>&file` is `&>file`.
                let output = match self.open_output(&target, WriteMode::Truncate, io) {
                    Ok(output) => output,
                    Err(message) => return Ok(Err(message)),
                };
                io.set(1, Some(Fd::Output(output.clone())));
                io.set(2, Some(Fd::Output(output)));
                Ok(Ok(()))
            }
            RedirOp::ReadWrite if target == "/dev/null" => {
                Ok(place(io, fd, Some(Fd::Both(Input::from_bytes(Vec::new()), Output::Null))))
            }
            RedirOp::ReadWrite if target != "/dev/stdin" => {
                // Read and write through one descriptor (`exec 8<>f`): the file as it is now
                // to read, its end to write (bash shares one offset: a deviation).
                let abs = self.state.abs_path(&target);
                let bytes = match self.fs("redirect").read(&abs) {
                    Ok(bytes) => bytes,
                    Err(err) if err.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                    Err(err) => return Ok(Err(format!("{target}: {}", describe(&err)))),
                };
                let output = match self.open_output(&target, WriteMode::Append, io) {
                    Ok(output) => output,
                    Err(message) => return Ok(Err(message)),
                };
                Ok(place(io, fd, Some(Fd::Both(Input::from_bytes(bytes), output))))
            }
            RedirOp::In | RedirOp::ReadWrite => {
                let input = match &*target {
                    "/dev/stdin" => io.stdin(),
                    "/dev/null" => Input::from_bytes(Vec::new()),
                    _ => {
                        let abs = self.state.abs_path(&target);
                        // A regular file is read a piece at a time as the command wants it, as
                        // a file operand is: `tr a-z A-Z < log` never holds the log whole.
                        // Anything else (a device, a directory's error) is read as before.
                        // An endless device too (`head -c 8 < /dev/zero`, `< /dev/urandom`).
                        let regular = crate::vfs::is_endless_device(&abs)
                            || matches!(self.shared.vfs().stat(&abs), Ok(meta) if meta.kind == crate::vfs::FileKind::File);
                        let read = if regular && matches!(redirect.op, RedirOp::In) {
                            self.fs("redirect").open_reader(&abs).map(|file| Input::from_file(abs.clone(), file))
                        } else {
                            self.fs("redirect").read(&abs).map(Input::from_bytes)
                        };
                        match read {
                            Ok(input) => input,
                            Err(err)
                                if matches!(redirect.op, RedirOp::ReadWrite)
                                    && err.kind() == std::io::ErrorKind::NotFound =>
                            {
                                if let Err(err) = self.fs("redirect").write(&abs, b"", WriteMode::Append) {
                                    return Ok(Err(format!("{target}: {}", describe(&err))));
                                }
                                Input::from_bytes(Vec::new())
                            }
                            Err(err) => return Ok(Err(format!("{target}: {}", describe(&err)))),
                        }
                    }
                };
                Ok(place(io, fd, Some(Fd::Input(input))))
            }
            RedirOp::Out | RedirOp::Clobber | RedirOp::Append | RedirOp::OutErr | RedirOp::AppendOutErr => {
                let mode = match redirect.op {
                    RedirOp::Append | RedirOp::AppendOutErr => WriteMode::Append,
                    RedirOp::Out | RedirOp::OutErr if self.state.options.noclobber => WriteMode::CreateNew,
                    _ => WriteMode::Truncate,
                };
                let output = match self.open_output(&target, mode, io) {
                    Ok(output) => output,
                    Err(message) => return Ok(Err(message)),
                };
                if matches!(redirect.op, RedirOp::OutErr | RedirOp::AppendOutErr) {
                    io.set(1, Some(Fd::Output(output.clone())));
                    io.set(2, Some(Fd::Output(output)));
                    Ok(Ok(()))
                } else {
                    Ok(place(io, fd, Some(Fd::Output(output))))
                }
            }
            RedirOp::HereDoc { .. } | RedirOp::HereString => Ok(Ok(())),
        }
    }

    /// The descriptor of `{name}>…`: to close (`{name}>&-`), the one the variable holds;
    /// otherwise the lowest free one from 10 up, stored in the variable, as bash allocates.
    fn named_fd(&mut self, name: &str, redirect: &Redirect, io: &Io) -> Result<usize, String> {
        let closing =
            matches!(redirect.op, RedirOp::DupIn | RedirOp::DupOut) && redirect.target.as_literal() == Some("-");
        if closing {
            // `{fd[1]}>&-`: an element of an array (its subscript as written).
            let value = match name.split_once('[') {
                Some((base, key)) => self.state.vars.element(base, key.trim_end_matches(']')),
                None => self.state.vars.get_str(name),
            };
            return value
                .and_then(|value| value.parse::<usize>().ok())
                .ok_or_else(|| format!("{name}: ambiguous redirect"));
        }
        let fd = (FIRST_NAMED_FD..).find(|&n| io.get(n).is_none()).unwrap_or(FIRST_NAMED_FD);
        match self.state.set_target(name, fd.to_string()) {
            Ok(()) => Ok(fd),
            // bash refuses the assignment, then says the descriptor went to no variable.
            Err(super::arith::TargetError::Readonly(_)) => {
                let prefix = self.state.diagnostic_prefix();
                Err(format!("{name}: readonly variable\n{prefix}{name}: cannot assign fd to variable"))
            }
            // A reference with no target takes the number as the name it holds: bash refuses
            // it (in the words of the command running, `exec`'s), then says the descriptor
            // went to no variable.
            Err(super::arith::TargetError::Invalid(text)) if self.state.vars.is_reference(name) => {
                let command = if self.redirecting_exec { "exec: " } else { "" };
                let prefix = self.state.diagnostic_prefix();
                Err(format!("{command}`{text}': not a valid identifier\n{prefix}{name}: cannot assign fd to variable"))
            }
            Err(_) => Err(format!("{name}: cannot assign fd to variable")),
        }
    }

    fn open_output(&self, target: &str, mode: WriteMode, io: &Io) -> Result<Output, String> {
        if let Some(device) = io.device(target) {
            return Ok(device);
        }
        let abs = self.state.abs_path(target);
        if mode == WriteMode::CreateNew {
            // `set -C` refuses only existing regular files.
            if let Ok(meta) = self.shared.vfs().stat(&abs) {
                if meta.kind == crate::vfs::FileKind::File {
                    return Err(format!("{target}: cannot overwrite existing file"));
                }
                return Output::file(&self.fs("redirect"), abs, WriteMode::Append)
                    .map_err(|e| format!("{target}: {}", describe(&e)));
            }
        }
        Output::file(&self.fs("redirect"), abs, mode).map_err(|err| format!("{target}: {}", describe(&err)))
    }

    async fn expand_heredoc(&mut self, body: &crate::ast::Word, io: &Io) -> Result<String, Flow> {
        // A heredoc body expands like a double-quoted string: no splitting, no globbing.
        let quoted = crate::ast::Word {
            parts: std::iter::once(crate::ast::WordPart::DoubleQuoted(
                body.parts
                    .iter()
                    .map(|p| match p {
                        crate::ast::WordPart::Quoted(text) => crate::ast::WordPart::Literal(text.clone()),
                        other => other.clone(),
                    })
                    .collect(),
            ))
            .collect(),
            span: body.span,
        };
        self.expand_string(&quoted, io).await
    }
}

/// Sets descriptor `fd` of `io`, or refuses one past [`FD_LIMIT`] with bash's message.
fn place(io: &mut Io, fd: usize, value: Option<Fd>) -> Result<(), String> {
    if fd >= FD_LIMIT {
        return Err(format!("{fd}: Bad file descriptor"));
    }
    io.set(fd, value);
    Ok(())
}

/// A redirection's word as a message names it, as bash quotes what was written: a plain `$name`
/// without the braces the canonical form adds (`$z: ambiguous redirect`).
fn as_written(word: &crate::ast::Word) -> String {
    use crate::ast::{ParamOp, WordPart};
    let mut out = String::new();
    for (idx, part) in word.parts.iter().enumerate() {
        let next_joins = word.parts.get(idx + 1).is_some_and(|next| {
            matches!(next, WordPart::Literal(text) if text.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
        });
        match part {
            WordPart::Param(param)
                if matches!(param.op, ParamOp::None)
                    && param.index.is_none()
                    && !param.indirect
                    && !next_joins
                    && (param.name.len() == 1 || !param.name.starts_with(|c: char| c.is_ascii_digit())) =>
            {
                out.push('$');
                out.push_str(&param.name);
            }
            other => {
                let single = crate::ast::Word { parts: std::iter::once(other.clone()).collect(), span: word.span };
                out.push_str(&single.to_string());
            }
        }
    }
    out
}
