//! Byte streams between commands: bounded pipes, shared input readers, output sinks, and the
//! file-descriptor table a command runs with.
//!
//! A pipe is a bounded channel of chunks, so a fast writer waits for a slow reader
//! (backpressure), and a writer whose reader is gone gets `BrokenPipe` (the SIGPIPE of this shell).

pub mod joblog;

use crate::vfs::WriteMode;
use std::io;
use std::io::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// Chunks a pipe holds before its writer waits.
const PIPE_SLOTS: usize = 16;
/// Largest chunk sent through a pipe at once.
const CHUNK: usize = 64 * 1024;

/// Creates a bounded pipe.
pub fn pipe() -> (PipeWriter, PipeReader) {
    let (sender, receiver) = mpsc::channel(PIPE_SLOTS);
    (PipeWriter(Sender::Owned(sender)), PipeReader(receiver))
}

/// Creates a bounded pipe whose writing end one holder can close for every clone
/// ([`PipeWriter::shut`]): a coprocess's input, which the shell closes for good whatever
/// copies of its descriptor tables (an enclosing command's, a line's saved shell) still hold.
pub fn shared_pipe() -> (PipeWriter, PipeReader) {
    let (sender, receiver) = mpsc::channel(PIPE_SLOTS);
    (PipeWriter(Sender::Shared(Arc::new(Mutex::new(Some(sender))))), PipeReader(receiver))
}

/// The writing end of a pipe; clones share the pipe, which closes when the last is dropped
/// (or, for a [`shared_pipe`], when it is shut).
#[derive(Clone, Debug)]
pub struct PipeWriter(Sender);

/// How a [`PipeWriter`] holds its channel.
#[derive(Clone, Debug)]
enum Sender {
    /// Each clone holds the channel open.
    Owned(mpsc::Sender<Vec<u8>>),
    /// One sender for every clone, gone once shut: writes then fail as on a closed descriptor.
    Shared(Arc<Mutex<Option<mpsc::Sender<Vec<u8>>>>>),
}

impl PipeWriter {
    /// The channel's sender, `None` once shut.
    fn sender(&self) -> Option<std::borrow::Cow<'_, mpsc::Sender<Vec<u8>>>> {
        match &self.0 {
            Sender::Owned(sender) => Some(std::borrow::Cow::Borrowed(sender)),
            Sender::Shared(slot) => slot.lock().unwrap_or_else(|p| p.into_inner()).clone().map(std::borrow::Cow::Owned),
        }
    }

    /// Closes a shared end for every clone: its reader sees the end of its input once it has
    /// read what was sent. An ordinary end closes when its last clone is dropped.
    pub fn shut(&self) {
        if let Sender::Shared(slot) = &self.0 {
            slot.lock().unwrap_or_else(|p| p.into_inner()).take();
        }
    }

    /// True when both write into the same pipe.
    fn same(&self, other: &PipeWriter) -> bool {
        match (&self.0, &other.0) {
            (Sender::Owned(a), Sender::Owned(b)) => a.same_channel(b),
            (Sender::Shared(a), Sender::Shared(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

/// The reading end of a pipe.
#[derive(Debug)]
pub struct PipeReader(mpsc::Receiver<Vec<u8>>);

/// A capture buffer with a size cap.
#[derive(Debug)]
pub struct Capture {
    data: Mutex<Vec<u8>>,
    limit: usize,
    overflowed: AtomicBool,
    /// Its reader is done: later writes (a background job's) are dropped, not kept.
    sealed: AtomicBool,
}

impl Capture {
    /// A buffer that refuses to grow beyond `limit` bytes.
    pub fn new(limit: usize) -> Arc<Self> {
        Arc::new(Capture {
            data: Mutex::new(Vec::new()),
            limit,
            overflowed: AtomicBool::new(false),
            sealed: AtomicBool::new(false),
        })
    }

    /// Takes the captured bytes; nothing written later is kept (its reader has returned:
    /// a job the line started writes on into its own log).
    pub fn take_sealed(&self) -> Vec<u8> {
        self.sealed.store(true, Ordering::Relaxed);
        self.take()
    }

    /// Takes the captured bytes.
    pub fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.data.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Bytes captured so far.
    pub fn len(&self) -> usize {
        self.data.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// True when nothing was captured.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when a write was refused for the cap.
    pub fn overflowed(&self) -> bool {
        self.overflowed.load(Ordering::Relaxed)
    }

    fn push(&self, bytes: &[u8]) -> io::Result<()> {
        if self.sealed.load(Ordering::Relaxed) {
            return Ok(());
        }
        let mut data = self.data.lock().unwrap_or_else(|p| p.into_inner());
        if data.len() + bytes.len() > self.limit {
            self.overflowed.store(true, Ordering::Relaxed);
            return Err(io::Error::other(format!("output limit of {} bytes exceeded", self.limit)));
        }
        // Grown by doubling as a vector grows, but never reserved past the limit: a capture
        // just over half of it would otherwise take twice the limit.
        let need = data.len() + bytes.len();
        if need > data.capacity() {
            let (len, cap) = (data.len(), need.max(data.capacity().saturating_mul(2)).min(self.limit));
            data.reserve_exact(cap - len);
        }
        data.extend_from_slice(bytes);
        Ok(())
    }
}

/// A host writer (the real stdout or stderr of the toolsh process).
pub struct HostSink {
    writer: Mutex<Box<dyn io::Write + Send>>,
    broken: AtomicBool,
    written: AtomicU64,
    /// The stream is a terminal a person watches (progress meters are shown only there).
    terminal: bool,
    /// The regular host file the stream writes to, if it is one (`toolsh … >> log`).
    file: Option<crate::vfs::FileId>,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Output::Null => "Null",
            Output::Pipe(_) => "Pipe",
            Output::Capture(_) => "Capture",
            Output::File(_) => "File",
            Output::Host(_) => "Host",
            Output::Job(_) => "Job",
            Output::Closed => "Closed",
        })
    }
}

impl std::fmt::Debug for HostSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HostSink")
    }
}

impl HostSink {
    /// Wraps a writer.
    pub fn new(writer: Box<dyn io::Write + Send>) -> Arc<Self> {
        Self::with_terminal(writer, false)
    }

    /// Wraps a writer, saying whether it is a terminal.
    pub fn with_terminal(writer: Box<dyn io::Write + Send>, terminal: bool) -> Arc<Self> {
        Self::on_file(writer, terminal, None)
    }

    /// Wraps a writer, saying whether it is a terminal and which regular host file it writes
    /// to, if any ([`Output::file_id`]).
    pub fn on_file(writer: Box<dyn io::Write + Send>, terminal: bool, file: Option<crate::vfs::FileId>) -> Arc<Self> {
        Arc::new(HostSink {
            writer: Mutex::new(writer),
            broken: AtomicBool::new(false),
            written: AtomicU64::new(0),
            terminal,
            file,
        })
    }

    fn write(&self, bytes: &[u8]) -> io::Result<()> {
        let mut writer = self.writer.lock().unwrap_or_else(|p| p.into_inner());
        let res = writer.write_all(bytes).and_then(|()| writer.flush());
        if let Err(err) = &res
            && err.kind() == io::ErrorKind::BrokenPipe
        {
            self.broken.store(true, Ordering::Relaxed);
        }
        self.written.fetch_add(bytes.len() as u64, Ordering::Relaxed);
        res
    }
}

/// A workspace file open for a command's output.
pub struct OpenFile {
    /// Its path, for the message when closing it fails.
    path: String,
    writer: Mutex<Box<dyn crate::vfs::FileWriter>>,
}

/// Where a command's output goes.
#[derive(Clone, Default)]
pub enum Output {
    /// Discarded (`/dev/null`, closed).
    #[default]
    Null,
    /// Into a pipe.
    Pipe(PipeWriter),
    /// Into a capture buffer (`$( )`, library callers).
    Capture(Arc<Capture>),
    /// Into an open workspace file.
    File(Arc<OpenFile>),
    /// To a host stream.
    Host(Arc<HostSink>),
    /// A background job's stream: its log, and its line's stream while that line is there.
    Job(Arc<crate::io::joblog::JobOutput>),
    /// A closed descriptor: writes fail with "Bad file descriptor".
    Closed,
}

impl Output {
    /// The absolute path of the workspace file this writes to, if it writes to one.
    pub fn file_path(&self) -> Option<&str> {
        match self {
            Output::File(file) => Some(&file.path),
            _ => None,
        }
    }

    /// Which file this writes to, whatever named it: a workspace file's, or the host file a
    /// host stream was opened on (a command refuses to read its own output, as GNU's compare
    /// device and inode). `of_path` tells a workspace path's.
    pub fn file_id(&self, of_path: impl FnOnce(&str) -> Option<crate::vfs::FileId>) -> Option<crate::vfs::FileId> {
        match self {
            Output::File(file) => of_path(&file.path),
            Output::Host(sink) => sink.file.clone(),
            _ => None,
        }
    }

    /// Opens a workspace file for writing (created, truncated or appended per `mode`).
    pub fn file(fs: &toolsh_gate::workspace::Fs<'_>, path: String, mode: WriteMode) -> io::Result<Self> {
        let writer = fs.open_writer(&path, mode)?;
        Ok(Output::File(Arc::new(OpenFile { path, writer: Mutex::new(writer) })))
    }

    /// Closes a workspace file this is the last holder of, saying whether what was written is
    /// kept (an object's upload commits here); `None` for anything else, or a file still held
    /// elsewhere (a duplicate descriptor, a background job), which its last holder closes.
    pub fn close(self) -> Option<(String, io::Result<()>)> {
        match self {
            Output::File(file) => Arc::into_inner(file).map(|file| {
                let writer = file.writer.into_inner().unwrap_or_else(|p| p.into_inner());
                (file.path, writer.close())
            }),
            _ => None,
        }
    }

    /// Writes all bytes, waiting for pipe space.
    pub async fn write_all(&self, bytes: &[u8]) -> io::Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        match self {
            Output::Null => Ok(()),
            Output::Pipe(writer) => {
                // A shut end is a closed descriptor.
                let Some(sender) = writer.sender() else { return Err(io::Error::from_raw_os_error(9)) };
                for chunk in bytes.chunks(CHUNK) {
                    if sender.send(chunk.to_vec()).await.is_err() {
                        return Err(io::Error::from(io::ErrorKind::BrokenPipe));
                    }
                }
                Ok(())
            }
            Output::Capture(capture) => capture.push(bytes),
            Output::File(file) => file.writer.lock().unwrap_or_else(|p| p.into_inner()).write_all(bytes),
            Output::Host(sink) => sink.write(bytes),
            Output::Job(job) => job.write_all(bytes).await,
            Output::Closed => Err(io::Error::from_raw_os_error(9)),
        }
    }

    /// Writes text, each byte's stand-in as the byte ([`toolsh_bytes::encode`]).
    pub async fn write_text(&self, text: &str) -> io::Result<()> {
        self.write_all(&toolsh_bytes::encode(text)).await
    }

    /// True when this is a host terminal (where a progress meter may be drawn).
    pub fn is_terminal(&self) -> bool {
        matches!(self, Output::Host(sink) if sink.terminal)
    }

    /// True when the reader is gone: writing would fail with `BrokenPipe`.
    pub fn is_broken(&self) -> bool {
        match self {
            Output::Pipe(writer) => writer.sender().is_some_and(|sender| sender.is_closed()),
            Output::Host(sink) => sink.broken.load(Ordering::Relaxed),
            Output::Job(job) => job.parent().is_broken(),
            _ => false,
        }
    }
}

/// Buffered state of an input stream.
#[derive(Debug, Default)]
struct Reader {
    buf: Vec<u8>,
    pos: usize,
    source: Option<Source>,
    /// Opens the source on first read (the host's stdin is pumped only if someone reads it).
    start: Option<fn() -> PipeReader>,
    /// See [`Input::has_data`].
    has_data: bool,
    /// Whether bytes read can be put back ([`Input::unread`]): a file's, not a pipe's.
    seekable: bool,
    /// The workspace file read, if it is one (see [`Input::file_path`]).
    path: Option<String>,
    /// The regular host file read, if it is one (the host's standard input, see
    /// [`Input::file_id`]).
    host_file: Option<crate::vfs::FileId>,
}

/// Where an [`Input`]'s bytes come from once its buffer is used up.
enum Source {
    /// A pipe's chunks, as its writer sends them.
    Pipe(PipeReader),
    /// A workspace file (`< FILE`), read [`FILE_PIECE`] bytes at a time as they are wanted:
    /// the file is never held whole (`tr a-z A-Z < log` held a 1 GB log, 2.1 GB of memory).
    File(Box<dyn crate::vfs::Reader>),
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Source::Pipe(_) => "Pipe",
            Source::File(_) => "File",
        })
    }
}

/// Bytes read from a redirected file at a time (as a file operand is read).
const FILE_PIECE: usize = 256 * 1024;

impl Reader {
    /// Makes at least one more byte available; false at end of input.
    async fn fill(&mut self) -> bool {
        if self.pos < self.buf.len() {
            return true;
        }
        if let Some(start) = self.start.take() {
            self.source = Some(Source::Pipe(start()));
        }
        let piece = match &mut self.source {
            None => return false,
            Some(Source::Pipe(PipeReader(receiver))) => receiver.recv().await,
            Some(Source::File(file)) => {
                // The buffer handed out last (`read_chunk` takes it whole) or used up is
                // refilled in place when it is still here.
                let mut piece = std::mem::take(&mut self.buf);
                piece.clear();
                piece.reserve_exact(FILE_PIECE);
                // A read error ends the input as its end would: what came before it was read.
                let read = io::Read::read_to_end(&mut io::Read::take(file, FILE_PIECE as u64), &mut piece);
                // A file read is not a wait: yield, so the deadline or Ctrl-C can end a command
                // going through a large file between its pieces.
                tokio::task::yield_now().await;
                matches!(read, Ok(n) if n > 0).then_some(piece)
            }
        };
        match piece {
            Some(chunk) => {
                self.buf = chunk;
                self.pos = 0;
                true
            }
            None => {
                self.source = None;
                false
            }
        }
    }
}

/// The error of a command that would hold more of a pipe than `limit` ([`crate::session::Limits::input_bytes`]).
pub fn input_too_large(limit: usize) -> std::io::Error {
    std::io::Error::other(format!(
        "input larger than {limit} bytes, the input-bytes limit; read it from a workspace file \
         rather than a pipe, or start the shell with a higher --limit input-bytes=N"
    ))
}

/// Where a command's input comes from. Clones share one read position, as a shared file
/// descriptor does: `while read line` consumes the lines one by one.
#[derive(Clone, Debug, Default)]
pub struct Input(Option<Arc<tokio::sync::Mutex<Reader>>>);

impl Input {
    /// Empty input.
    pub fn null() -> Self {
        Input(None)
    }

    /// True for empty input that was never connected to anything.
    pub fn is_null(&self) -> bool {
        self.0.is_none()
    }

    /// True when something is there to read: a pipe, a file or bytes within the shell, or
    /// the host's standard input when it is a file or a pipe (not a terminal, not a device
    /// such as `/dev/null`) — where `rg` with no path searches its input, as ripgrep decides.
    pub fn has_data(&self) -> bool {
        self.0.as_ref().and_then(|inner| inner.try_lock().ok()).is_some_and(|reader| reader.has_data)
    }

    /// Input that yields `bytes`.
    pub fn from_bytes(bytes: Vec<u8>) -> Self {
        Input(Some(Arc::new(tokio::sync::Mutex::new(Reader {
            buf: bytes,
            pos: 0,
            source: None,
            start: None,
            has_data: true,
            seekable: false,
            path: None,
            host_file: None,
        }))))
    }

    /// Input that reads a pipe.
    pub fn from_pipe(reader: PipeReader) -> Self {
        Input(Some(Arc::new(tokio::sync::Mutex::new(Reader {
            buf: Vec::new(),
            pos: 0,
            source: Some(Source::Pipe(reader)),
            start: None,
            has_data: true,
            seekable: false,
            path: None,
            host_file: None,
        }))))
    }

    /// Input that reads the workspace file at `path` (absolute) a piece at a time, as the
    /// reader wants it.
    pub fn from_file(path: String, file: Box<dyn crate::vfs::Reader>) -> Self {
        Input::reading_file(Some(path), file)
    }

    /// Input that reads the host's standard input when it is a regular file, a piece at a
    /// time as it is wanted (never ahead), so that what the shell's commands did not take can
    /// be given back as the process ends ([`Input::buffered`]): the next process reading the
    /// same descriptor (`{ toolsh -c 'head -n1'; cat; } < file`) starts where they stopped,
    /// as after GNU head or bash's read. Bytes put back (grep -m) count as not taken.
    pub fn from_host_file(file: Box<dyn crate::vfs::Reader>, id: Option<crate::vfs::FileId>) -> Self {
        let input = Input::reading_file(None, file);
        if let Some(inner) = &input.0
            && let Ok(mut reader) = inner.try_lock()
        {
            reader.host_file = id;
        }
        input
    }

    /// A file read in place, whose bytes can be put back ([`Input::unread`]); `path` when it
    /// is a workspace file.
    fn reading_file(path: Option<String>, file: Box<dyn crate::vfs::Reader>) -> Self {
        Input(Some(Arc::new(tokio::sync::Mutex::new(Reader {
            buf: Vec::new(),
            pos: 0,
            source: Some(Source::File(file)),
            start: None,
            has_data: true,
            seekable: true,
            path,
            host_file: None,
        }))))
    }

    /// How many bytes were read from the source and not yet taken by a reader (read ahead,
    /// or put back by [`Input::unread`]); 0 while a read is in progress.
    pub fn buffered(&self) -> usize {
        self.0
            .as_ref()
            .and_then(|inner| inner.try_lock().ok())
            .map_or(0, |reader| reader.buf.len().saturating_sub(reader.pos))
    }

    /// Input whose pipe is opened by `start` on the first read (the host's standard input;
    /// `has_data`: whether it is a file or a pipe, see [`Input::has_data`]).
    pub fn lazy(start: fn() -> PipeReader, has_data: bool) -> Self {
        Input(Some(Arc::new(tokio::sync::Mutex::new(Reader {
            buf: Vec::new(),
            pos: 0,
            source: None,
            start: Some(start),
            has_data,
            seekable: false,
            path: None,
            host_file: None,
        }))))
    }

    /// Closes the pipe or file this reads for every clone, as closing the last descriptor of
    /// it would: its writer's next write fails with `BrokenPipe` (a coprocess's output the
    /// shell closed). Input being read at that moment is left open.
    pub fn shut(&self) {
        if let Some(inner) = &self.0
            && let Ok(mut reader) = inner.try_lock()
        {
            reader.source = None;
            reader.start = None;
            reader.buf = Vec::new();
            reader.pos = 0;
        }
    }

    /// The next chunk of bytes; `None` at end of input.
    pub async fn read_chunk(&self) -> Option<Vec<u8>> {
        let inner = self.0.as_ref()?;
        let mut reader = inner.lock().await;
        if !reader.fill().await {
            return None;
        }
        let pos = reader.pos;
        reader.pos = reader.buf.len();
        if pos == 0 {
            return Some(std::mem::take(&mut reader.buf));
        }
        Some(reader.buf[pos..].to_vec())
    }

    /// The absolute path of the workspace file this reads (`< FILE`), if it reads one: a
    /// command refuses to read the file its own output goes to (`cat < f >> f`).
    pub fn file_path(&self) -> Option<String> {
        self.0.as_ref()?.try_lock().ok()?.path.clone()
    }

    /// Which file this reads, whatever named it: a workspace file's, or the host file given
    /// as standard input (see [`Output::file_id`]; `of_path` tells a workspace path's).
    pub fn file_id(&self, of_path: impl FnOnce(&str) -> Option<crate::vfs::FileId>) -> Option<crate::vfs::FileId> {
        let reader = self.0.as_ref()?.try_lock().ok()?;
        match &reader.path {
            Some(path) => of_path(path),
            None => reader.host_file.clone(),
        }
    }

    /// Whether bytes read can be put back ([`Input::unread`]): input from a workspace file.
    pub fn is_seekable(&self) -> bool {
        self.0.as_ref().and_then(|inner| inner.try_lock().ok()).is_some_and(|reader| reader.seekable)
    }

    /// Puts `bytes` back in front of what is left to read, as GNU grep seeks back a file it
    /// read past the last line `-m` selected: the next command reading the same descriptor
    /// (`{ grep -m1 x; cat; } < file`) starts after that line. Only input from a workspace
    /// file takes bytes back; what a pipe delivered is gone once read, as on a pipe.
    pub async fn unread(&self, bytes: &[u8]) {
        let Some(inner) = &self.0 else { return };
        let mut reader = inner.lock().await;
        if !reader.seekable || bytes.is_empty() {
            return;
        }
        // `read_chunk` may have taken the buffer whole and left `pos` past its (now empty) end.
        let rest = reader.buf.get(reader.pos..).unwrap_or_default();
        let mut joined = Vec::with_capacity(bytes.len() + rest.len());
        joined.extend_from_slice(bytes);
        joined.extend_from_slice(rest);
        reader.buf = joined;
        reader.pos = 0;
    }

    /// Reads up to and including `delim` (or at most `max` bytes); `None` at end of input.
    /// The second value says whether the delimiter was found.
    pub async fn read_until(&self, delim: Option<u8>, max: Option<usize>) -> Option<(Vec<u8>, bool)> {
        let inner = self.0.as_ref()?;
        let mut reader = inner.lock().await;
        let mut out = Vec::new();
        loop {
            if max.is_some_and(|m| out.len() >= m) {
                return Some((out, false));
            }
            if !reader.fill().await {
                return if out.is_empty() { None } else { Some((out, false)) };
            }
            let available = &reader.buf[reader.pos..];
            let want = max.map_or(usize::MAX, |m| m - out.len());
            let limit = available.len().min(want);
            let found = delim.and_then(|d| available[..limit].iter().position(|&b| b == d));
            match found {
                Some(idx) => {
                    out.extend_from_slice(&available[..idx]);
                    reader.pos += idx + 1;
                    return Some((out, true));
                }
                None => {
                    out.extend_from_slice(&available[..limit]);
                    reader.pos += limit;
                }
            }
        }
    }
}

/// An open file descriptor.
#[derive(Clone, Debug)]
pub enum Fd {
    /// Readable.
    Input(Input),
    /// Writable.
    Output(Output),
    /// Both (`<>`): reads see the file as it was opened, writes go to its end.
    Both(Input, Output),
}

impl Fd {
    /// The readable side, if any.
    pub fn input(&self) -> Option<&Input> {
        match self {
            Fd::Input(input) | Fd::Both(input, _) => Some(input),
            Fd::Output(_) => None,
        }
    }

    /// True when both are the same open descriptor (one stream, not two equal ones).
    pub fn same(&self, other: &Fd) -> bool {
        fn same_input(a: &Input, b: &Input) -> bool {
            match (&a.0, &b.0) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
        }
        fn same_output(a: &Output, b: &Output) -> bool {
            match (a, b) {
                (Output::Null, Output::Null) | (Output::Closed, Output::Closed) => true,
                (Output::Pipe(a), Output::Pipe(b)) => a.same(b),
                (Output::Capture(a), Output::Capture(b)) => Arc::ptr_eq(a, b),
                (Output::File(a), Output::File(b)) => Arc::ptr_eq(a, b),
                (Output::Host(a), Output::Host(b)) => Arc::ptr_eq(a, b),
                (Output::Job(a), Output::Job(b)) => Arc::ptr_eq(a, b),
                _ => false,
            }
        }
        match (self, other) {
            (Fd::Input(a), Fd::Input(b)) => same_input(a, b),
            (Fd::Output(a), Fd::Output(b)) => same_output(a, b),
            (Fd::Both(a, x), Fd::Both(b, y)) => same_input(a, b) && same_output(x, y),
            _ => false,
        }
    }

    /// The writable side, if any.
    pub fn output(&self) -> Option<&Output> {
        match self {
            Fd::Output(output) | Fd::Both(_, output) => Some(output),
            Fd::Input(_) => None,
        }
    }
}

/// The descriptor table a command runs with; index = descriptor number. The three standard
/// descriptors are held inline: a redirection copies the table, once per command it applies
/// to, and a loop of `echo … >> f` allocated a table on every pass.
#[derive(Clone, Debug, Default)]
pub struct Io {
    fds: smallvec::SmallVec<[Option<Fd>; 3]>,
    /// The descriptors (below 64) [`Io::overlaid`] took from `exec`'s, which no redirection
    /// set since: a table made inside a command that itself ran with `exec`'s descriptors
    /// (a function's body, a group) takes `exec`'s again, so one an `exec` in there closed
    /// or replaced is closed or replaced for the rest of it.
    from_exec: u64,
}

impl Io {
    /// A table with stdin, stdout and stderr.
    pub fn new(stdin: Input, stdout: Output, stderr: Output) -> Self {
        Io {
            fds: smallvec::smallvec![Some(Fd::Input(stdin)), Some(Fd::Output(stdout)), Some(Fd::Output(stderr))],
            from_exec: 0,
        }
    }

    /// Descriptor `n`.
    pub fn get(&self, n: usize) -> Option<&Fd> {
        self.fds.get(n).and_then(Option::as_ref)
    }

    /// Closes the table's workspace files that nothing else holds, returning each one whose
    /// content could not be kept, with the reason.
    pub fn close_files(self) -> Vec<(String, io::Error)> {
        let mut failed = Vec::new();
        for fd in self.fds.into_iter().flatten() {
            if let Fd::Output(output) | Fd::Both(_, output) = fd
                && let Some((path, Err(err))) = output.close()
            {
                failed.push((path, err));
            }
        }
        failed
    }

    /// Sets (or with `None` closes) descriptor `n`.
    pub fn set(&mut self, n: usize, fd: Option<Fd>) {
        if self.fds.len() <= n {
            self.fds.resize(n + 1, None);
        }
        self.fds[n] = fd;
        self.from_exec &= !exec_bit(n);
    }

    /// Standard input (empty when closed or not readable).
    pub fn stdin(&self) -> Input {
        match self.get(0).and_then(Fd::input) {
            Some(input) => input.clone(),
            None => Input::null(),
        }
    }

    /// Output descriptor `n` (failing writes when closed or not writable).
    pub fn output(&self, n: usize) -> Output {
        match self.get(n).and_then(Fd::output) {
            Some(output) => output.clone(),
            None => Output::Closed,
        }
    }

    /// The descriptor a device path names, as bash's redirections and GNU's tools take them:
    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, and `/dev/null` (discarded); `None` for any
    /// other path, which is a workspace file.
    pub fn device(&self, path: &str) -> Option<Output> {
        match path {
            "/dev/null" => Some(Output::Null),
            "/dev/stdout" => Some(self.stdout()),
            "/dev/stderr" => Some(self.stderr()),
            _ => path.strip_prefix("/dev/fd/").and_then(|n| n.parse::<usize>().ok()).map(|n| self.output(n)),
        }
    }

    /// Standard output.
    pub fn stdout(&self) -> Output {
        self.output(1)
    }

    /// Standard error.
    pub fn stderr(&self) -> Output {
        self.output(2)
    }

    /// The standard streams as a tool that runs as a command sees them ([`toolsh_gate::Streams`]).
    pub fn streams(&self) -> toolsh_gate::Streams {
        let stdin = self.stdin();
        toolsh_gate::Streams {
            stdin: (!stdin.is_null()).then(|| Arc::new(stdin) as Arc<dyn toolsh_gate::Source>),
            stdout: Arc::new(self.stdout()),
            stderr: Arc::new(self.stderr()),
        }
    }

    /// This table with the descriptors `exec` made permanent: each descriptor still as it was
    /// in `base` (the table `exec` was run with, before its redirections), or taken from
    /// `exec`'s by an enclosing overlay, is `exec`'s; one set since (a command substitution's
    /// output, a pipe, a redirected group) stays.
    pub fn overlaid(&self, base: &Io, exec: &Io) -> Io {
        let mut out = self.clone();
        let len = self.len().max(base.len()).max(exec.len());
        for n in 0..len {
            let unchanged = self.from_exec & exec_bit(n) != 0
                || match (self.get(n), base.get(n)) {
                    (Some(now), Some(then)) => now.same(then),
                    (None, None) => true,
                    _ => false,
                };
            if unchanged {
                out.set(n, exec.get(n).cloned());
                out.from_exec |= exec_bit(n);
            }
        }
        out
    }

    /// Records in `base` and `made` (the tables [`Io::overlaid`] reads) what one `exec` without
    /// a command changed, from `before` (the table it ran with) to `after`. Only the descriptors
    /// it changed are recorded, each with the descriptor it replaced, as bash changes only those
    /// of the shell: `{ exec 10>&1; } >f` keeps 10 after the group, not the group's stdout.
    /// A descriptor an earlier `exec` made and this one changes again keeps its first base.
    pub fn record_exec(base: &mut Io, made: &mut Io, before: &Io, after: &Io) {
        let same = |a: Option<&Fd>, b: Option<&Fd>| match (a, b) {
            (Some(a), Some(b)) => a.same(b),
            (None, None) => true,
            _ => false,
        };
        for n in 0..before.len().max(after.len()) {
            if same(before.get(n), after.get(n)) {
                continue;
            }
            if !same(made.get(n), before.get(n)) || same(made.get(n), base.get(n)) {
                base.set(n, before.get(n).cloned());
            }
            made.set(n, after.get(n).cloned());
        }
    }

    /// Highest open descriptor number plus one.
    pub fn len(&self) -> usize {
        self.fds.len()
    }

    /// True when no descriptor is open.
    pub fn is_empty(&self) -> bool {
        self.fds.iter().all(Option::is_none)
    }
}

/// The bit of descriptor `n` in [`Io::from_exec`] (none above 63: such a descriptor is judged
/// by its value alone).
fn exec_bit(n: usize) -> u64 {
    if n < 64 { 1 << n } else { 0 }
}

impl toolsh_gate::Source for Input {
    fn read_chunk(&self) -> futures::future::BoxFuture<'_, Option<Vec<u8>>> {
        Box::pin(Input::read_chunk(self))
    }
}

impl toolsh_gate::Sink for Output {
    fn write_all<'a>(&'a self, bytes: &'a [u8]) -> futures::future::BoxFuture<'a, io::Result<()>> {
        Box::pin(Output::write_all(self, bytes))
    }
}
