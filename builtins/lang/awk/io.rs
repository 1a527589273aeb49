//! The awk program's side of its input and output. The program runs on its own thread; every
//! effect outside it (standard streams, workspace files, commands) is a [`Request`] answered by
//! the command's async task, which owns the shell context. Output is buffered here, so a
//! request carries many records; input comes as whole files or chunks of standard input.

use super::flow::Flow;
use tokio::sync::{mpsc, oneshot};

/// Bytes of output gathered before they are handed over.
const FLUSH_AT: usize = 64 * 1024;

pub type Reply<T> = oneshot::Sender<T>;

/// What the program asks of the shell.
pub enum Request {
    /// Write to standard output; false when its reader is gone.
    Stdout(Vec<u8>, Reply<bool>),
    Stderr(Vec<u8>, Reply<()>),
    /// Write to a workspace file, created or truncated on the first write unless appending.
    Write {
        name: String,
        append: bool,
        data: Vec<u8>,
        reply: Reply<Result<(), String>>,
    },
    /// Feed a command's standard input (`print | cmd`); it runs when closed.
    Pipe {
        command: String,
        data: Vec<u8>,
        reply: Reply<()>,
    },
    /// Close a file or command: its exit status for a command, 0 or -1 otherwise.
    Close {
        name: String,
        reply: Reply<i32>,
    },
    /// Open an input (`-` is standard input): a handle for [`Request::Chunk`].
    Open {
        name: String,
        reply: Reply<Result<usize, String>>,
    },
    /// The next piece of an open input; `None` at its end (when it is also closed).
    Chunk {
        input: usize,
        reply: Reply<Result<Option<Vec<u8>>, String>>,
    },
    /// Let go of an input the program stopped reading before its end (`close`, `nextfile`).
    Release {
        input: usize,
        reply: Reply<()>,
    },
    /// Run a command and capture its output (`cmd | getline`).
    Capture {
        command: String,
        reply: Reply<(Vec<u8>, i32)>,
    },
    /// Run a command with the program's streams (`system`).
    System {
        command: String,
        reply: Reply<i32>,
    },
}

/// An output stream the program has open.
struct Redirect {
    kind: Kind,
    buf: Vec<u8>,
    /// Whether the next write to a file must truncate it.
    fresh: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    File { append: bool },
    Pipe,
    Stderr,
}

/// The program's connection to the shell.
pub struct Host {
    requests: mpsc::Sender<Request>,
    pub stdout: Vec<u8>,
    redirects: Vec<(String, Redirect)>,
}

impl Host {
    pub fn new(requests: mpsc::Sender<Request>) -> Self {
        Host { requests, stdout: Vec::with_capacity(FLUSH_AT + 4096), redirects: Vec::new() }
    }

    /// Sends a request and waits for its answer; the shell gone means the command was
    /// abandoned, and the program stops.
    fn call<T>(&self, make: impl FnOnce(Reply<T>) -> Request) -> Result<T, Flow> {
        let (reply, answer) = oneshot::channel();
        self.requests.blocking_send(make(reply)).map_err(|_| Flow::Stop(130))?;
        answer.blocking_recv().map_err(|_| Flow::Stop(130))
    }

    /// Hands standard output over when enough has gathered.
    pub fn maybe_flush(&mut self) -> Result<(), Flow> {
        if self.stdout.len() >= FLUSH_AT { self.flush_stdout() } else { Ok(()) }
    }

    pub fn flush_stdout(&mut self) -> Result<(), Flow> {
        if self.stdout.is_empty() {
            return Ok(());
        }
        let data = std::mem::replace(&mut self.stdout, Vec::with_capacity(FLUSH_AT + 4096));
        if self.call(|reply| Request::Stdout(data, reply))? { Ok(()) } else { Err(Flow::Stop(141)) }
    }

    pub fn stderr(&mut self, data: Vec<u8>) -> Result<(), Flow> {
        self.call(|reply| Request::Stderr(data, reply))
    }

    /// Flushes everything: standard output and every open file and pipe's buffer.
    pub fn flush_all(&mut self) -> Result<(), Flow> {
        self.flush_stdout()?;
        for idx in 0..self.redirects.len() {
            self.flush_redirect(idx)?;
        }
        Ok(())
    }

    fn flush_redirect(&mut self, idx: usize) -> Result<(), Flow> {
        let (name, redirect) = &mut self.redirects[idx];
        if redirect.buf.is_empty() && !redirect.fresh {
            return Ok(());
        }
        let data = std::mem::take(&mut redirect.buf);
        let name = name.clone();
        match redirect.kind {
            Kind::File { append } => {
                let append = append || !redirect.fresh;
                redirect.fresh = false;
                self.call(|reply| Request::Write { name: name.clone(), append, data, reply })?
                    .map_err(|message| Flow::Error(format!("cannot write to \"{name}\": {message}")))
            }
            Kind::Pipe => self.call(|reply| Request::Pipe { command: name, data, reply }),
            Kind::Stderr => self.stderr(data),
        }
    }

    /// The buffer for output to `name` opened as `kind` (`>`, `>>`, `|`).
    pub fn redirect(&mut self, name: &str, dest: super::ast::DestKind) -> Result<&mut Vec<u8>, Flow> {
        use super::ast::DestKind;
        if matches!(name, "/dev/stdout" | "-") && dest != DestKind::Pipe {
            return Ok(&mut self.stdout);
        }
        let idx = match self.redirects.iter().position(|(n, _)| n == name) {
            Some(idx) => idx,
            None => {
                let kind = match dest {
                    DestKind::Pipe => Kind::Pipe,
                    _ if name == "/dev/stderr" => Kind::Stderr,
                    DestKind::Append => Kind::File { append: true },
                    DestKind::Truncate => Kind::File { append: false },
                };
                let redirect = Redirect { kind, buf: Vec::new(), fresh: matches!(kind, Kind::File { .. }) };
                self.redirects.push((name.to_string(), redirect));
                self.redirects.len() - 1
            }
        };
        // Handed over in large pieces (standard error right after each write: `after_redirect`).
        if self.redirects[idx].1.buf.len() >= FLUSH_AT {
            self.flush_redirect(idx)?;
        }
        Ok(&mut self.redirects[idx].1.buf)
    }

    /// After a write to a redirect: standard error goes out at once.
    pub fn after_redirect(&mut self, name: &str) -> Result<(), Flow> {
        if let Some(idx) = self.redirects.iter().position(|(n, r)| n == name && r.kind == Kind::Stderr) {
            self.flush_redirect(idx)?;
        }
        Ok(())
    }

    /// Closes an output by name; `None` when none is open under it.
    pub fn close_output(&mut self, name: &str) -> Result<Option<i32>, Flow> {
        let Some(idx) = self.redirects.iter().position(|(n, _)| n == name) else { return Ok(None) };
        // Whatever the program printed before must come out before the command's output.
        self.flush_stdout()?;
        self.flush_redirect(idx)?;
        let (name, redirect) = self.redirects.remove(idx);
        if redirect.kind == Kind::Pipe || matches!(redirect.kind, Kind::File { .. }) {
            return self.call(|reply| Request::Close { name, reply }).map(Some);
        }
        Ok(Some(0))
    }

    /// Closes every output at the end, pipes running in the order they were opened.
    pub fn close_all(&mut self) -> Result<(), Flow> {
        self.flush_stdout()?;
        while let Some((name, _)) = self.redirects.first() {
            let name = name.clone();
            self.close_output(&name)?;
        }
        Ok(())
    }

    pub fn open(&mut self, name: &str) -> Result<Result<usize, String>, Flow> {
        let name = name.to_string();
        self.call(|reply| Request::Open { name, reply })
    }

    /// The next piece of an input. Before waiting on standard input, what was printed so far
    /// goes out: whoever feeds the input may be waiting for it.
    pub fn chunk(&mut self, input: usize, interactive: bool) -> Result<Result<Option<Vec<u8>>, String>, Flow> {
        if interactive {
            self.flush_stdout()?;
        }
        self.call(|reply| Request::Chunk { input, reply })
    }

    pub fn release(&mut self, input: usize) -> Result<(), Flow> {
        self.call(|reply| Request::Release { input, reply })
    }

    pub fn capture(&mut self, command: &str) -> Result<(Vec<u8>, i32), Flow> {
        self.flush_all()?;
        let command = command.to_string();
        self.call(|reply| Request::Capture { command, reply })
    }

    pub fn system(&mut self, command: &str) -> Result<i32, Flow> {
        self.flush_all()?;
        let command = command.to_string();
        self.call(|reply| Request::System { command, reply })
    }
}
