//! `grep` over many files on every core (`grep -r`, or many file operands as `find | xargs grep`
//! gives it): worker threads list the directories and search the files, while the command's own
//! task writes what they found in the order one search after another would write it — the
//! operands in turn, each directory's entries by name, depth first — so the output is the same
//! bytes whatever the number of threads. Only the direct search (`is_direct`: no `-v`, no
//! context, a pattern of the regex crate) runs here; the others stay on the command's task.
//!
//! **Order.** Every job — an operand, a directory to list, a file to search — has a key: the
//! path of indices from the operands down (the 5th entry of operand 2's directory is `[2, 5]`).
//! Keys compare as that depth-first order. Workers always take the smallest key waiting, so
//! results come nearly in order; the command takes them in key order ([`Cursor`]), holding
//! those that come early.
//!
//! **Gate.** Workers reach the workspace through a [`ThreadFs`]: each listing is an `fs.list`
//! call and each file an `fs.read` call through the same gate, in grep's name, audited, as on
//! the command's own thread (a denied file is denied, the control plane stays unreadable). A
//! worker cannot put a question to the approver, so an operation the policy asks about comes
//! back ([`WouldAsk`]) and the command does it on its own thread, in its turn.
//!
//! **Limits.** Dropping the command (its deadline, a cancellation, its reader gone, `-q`
//! satisfied) raises the stop ([`Halt`]); workers look at it between jobs and between pieces of
//! a file, and at the line's own deadline every few jobs. Memory is bounded: a file is read in
//! pieces into buffers each worker keeps, the output held for results not yet written is capped
//! ([`HOLD`], past which workers take only the job the command waits for), and a file whose
//! output outgrows [`HOLD_FILE`] is handed back, opened, for the command to search as it writes.

use super::Bytes;
use super::{Flow, Matcher, Options, Scan, Search, describe, scan_block, summary};
use crate::OperandReader;
use crate::vfs::Reader;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::io::{Read, Seek, SeekFrom};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use toolsh_core::command::LineStop;
use toolsh_gate::workspace::{Fs, ThreadFs, WouldAsk};

/// Bytes read from a file at a time: the pieces the command's own search reads
/// (`OperandReader::chunk`), so a block is cut where it would be cut there.
const READ_CHUNK: usize = 256 * 1024;

/// Output held for results the command has not written yet, past which workers take only the
/// job it waits for.
const HOLD: usize = 8 << 20;

/// One file's output a worker holds before handing the file back to be searched as written.
const HOLD_FILE: usize = 1 << 20;

/// Worker threads at most (the machine's cores, up to this).
const MAX_THREADS: usize = 16;

/// Jobs a worker does between two looks at the line's deadline and cancellation.
const CHECK_EVERY: u32 = 16;

/// Results a worker gathers before handing them over (each hand-over wakes the command's task),
/// unless it runs out of jobs first; and the output past which it hands them over sooner.
const BATCH: usize = 32;
const BATCH_BYTES: usize = 256 * 1024;

/// A job's place in the output: indices from the operands down.
type Key = Vec<u32>;

enum Work {
    /// An operand as written, at `abs`.
    Operand { name: String, abs: String },
    /// A directory below an operand: what its entries' names are shown after, and where it is.
    List { display: String, abs: String },
    /// A file found below an operand.
    Search { label: String, abs: String },
}

struct Job {
    key: Key,
    work: Work,
}

impl PartialEq for Job {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for Job {}

impl PartialOrd for Job {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Job {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

/// What a job came to.
enum Found {
    /// A directory's entries became this many jobs (keys `key + [0..n]`).
    Listed(u32),
    /// A file searched: its output, count and messages.
    Searched(Searched),
    /// A complaint about an operand (missing, a directory without `-r`) or a directory that
    /// could not be listed.
    Complaint(String),
    /// The policy asks about listing this directory: the command lists it.
    ListHere { display: String, abs: String },
    /// The policy asks about reading this file, or its output outgrew [`HOLD_FILE`]: the
    /// command searches it (from its start, with `reader` when it is open already).
    SearchHere { label: String, abs: String, reader: Option<Box<dyn Reader>> },
}

impl Found {
    /// Bytes of output it holds.
    fn held(&self) -> usize {
        match self {
            Found::Searched(searched) => searched.out.len(),
            _ => 0,
        }
    }

    /// Whether the command does the job itself (it stays busy until then).
    fn deferred(&self) -> bool {
        matches!(self, Found::ListHere { .. } | Found::SearchHere { .. })
    }
}

struct Searched {
    out: Vec<u8>,
    count: usize,
    /// `grep: NAME: binary file matches`, after the output.
    notice: Option<String>,
    /// A message about the file (it could not be opened or read).
    complaint: Option<String>,
    /// `-q` found a line: nothing after it matters.
    quiet: bool,
    /// Whether `out` starts with the file's heading (`--heading`): a blank line goes before it
    /// when an earlier file's did.
    headed: bool,
}

struct Queue {
    jobs: BinaryHeap<Reverse<Job>>,
    /// Jobs taken and not finished (a job the command does itself counts until it is done).
    busy: usize,
    /// The key the command waits for (kept up to date only while much output is held).
    waiting: Key,
    /// Workers waiting for a job (woken only when there are some).
    sleepers: usize,
}

/// What the workers and the command share.
struct Shared {
    queue: Mutex<Queue>,
    wake: Condvar,
    /// Raised when the search ends early; workers look at it between jobs and pieces.
    halted: AtomicBool,
    /// Output held in results the command has not taken.
    held: AtomicUsize,
    o: Arc<Options>,
    fs: ThreadFs,
    line: LineStop,
    show_name: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn halted(&self) -> bool {
        self.halted.load(Ordering::Relaxed)
    }

    fn halt(&self) {
        self.halted.store(true, Ordering::Relaxed);
        // Taken under the lock, so a worker about to wait sees it or is woken.
        drop(self.lock());
        self.wake.notify_all();
    }

    /// The next job for a worker, without waiting: the smallest key waiting (while the output
    /// held is under [`HOLD`]; past it only the job the command waits for, or one above it).
    /// `Err(true)` when there is nothing left or the search stopped, `Err(false)` when the
    /// worker must wait.
    fn try_take(&self, queue: &mut Queue) -> Result<Job, bool> {
        if self.halted() {
            return Err(true);
        }
        match queue.jobs.peek() {
            Some(Reverse(top)) if self.held.load(Ordering::Relaxed) <= HOLD || top.key <= queue.waiting => {
                queue.busy += 1;
                queue.jobs.pop().map(|Reverse(job)| job).ok_or(true)
            }
            None if queue.busy == 0 => Err(true),
            _ => Err(false),
        }
    }

    /// The next job, waiting for one (after `before_waiting`: a worker hands over what it
    /// gathered first, which may be what the others wait for); `None` once there is nothing
    /// left or the search stopped.
    fn take(&self, before_waiting: &mut dyn FnMut()) -> Option<Job> {
        match self.try_take(&mut self.lock()) {
            Ok(job) => return Some(job),
            Err(true) => return None,
            Err(false) => {}
        }
        before_waiting();
        let mut queue = self.lock();
        loop {
            match self.try_take(&mut queue) {
                Ok(job) => return Some(job),
                Err(true) => return None,
                Err(false) => {
                    queue.sleepers += 1;
                    queue = self.wake.wait(queue).unwrap_or_else(|p| p.into_inner());
                    queue.sleepers -= 1;
                }
            }
        }
    }

    /// A job is done: its children join the queue and its output is held.
    fn finish(&self, children: Vec<Job>, held: usize, done: bool) {
        self.held.fetch_add(held, Ordering::Relaxed);
        let mut queue = self.lock();
        let wake = queue.sleepers > 0 && (!children.is_empty() || (done && queue.busy == 1));
        queue.jobs.extend(children.into_iter().map(Reverse));
        if done {
            queue.busy -= 1;
        }
        drop(queue);
        if wake {
            self.wake.notify_all();
        }
    }

    /// The command took `released` bytes of output and now waits for `waiting`: workers held
    /// back by [`HOLD`] are told which job may still go.
    fn waits_for(&self, waiting: &Key, released: usize) {
        // Only this task takes output away, and only what a worker added before handing it over.
        let held = self.held.fetch_sub(released, Ordering::Relaxed);
        if held > HOLD / 2 {
            let mut queue = self.lock();
            queue.waiting.clone_from(waiting);
            let wake = queue.sleepers > 0;
            drop(queue);
            if wake {
                self.wake.notify_all();
            }
        }
    }

    /// The jobs for a directory's entries (sorted by name): its subdirectories (but those
    /// `--exclude-dir` names; with `-R` through symlinks too) and the files `--include` and
    /// `--exclude` select, as the command's own walk takes them.
    fn children(
        &self,
        fs: &Fs<'_>,
        key: &Key,
        display: &str,
        abs: &str,
        entries: Vec<crate::vfs::DirEntry>,
    ) -> Vec<Job> {
        let mut jobs = Vec::new();
        let scope = self.o.filter.as_ref().and_then(|filter| filter.enter(fs, abs, &entries));
        for entry in entries {
            // An operand's key is one index long, its entries' two: their depth is one.
            let work = match super::step(&self.o, fs, scope.as_ref(), key.len(), display, abs, &entry) {
                Some(super::Step::Dir(display, abs)) => Work::List { display, abs },
                Some(super::Step::File(label, abs)) => Work::Search { label, abs },
                None => continue,
            };
            let mut child = Vec::with_capacity(key.len() + 1);
            child.extend_from_slice(key);
            child.push(u32::try_from(jobs.len()).unwrap_or(u32::MAX));
            jobs.push(Job { key: child, work });
        }
        jobs
    }
}

/// Raises the stop when the command ends, however it ends.
struct Halt(Arc<Shared>);

impl Drop for Halt {
    fn drop(&mut self) {
        self.0.halt();
    }
}

/// A worker's buffers, kept from file to file.
struct Buffers {
    chunk: Vec<u8>,
    pending: Vec<u8>,
}

/// One worker: takes jobs until none is left or the search stopped, handing its results over
/// in batches.
fn work(shared: Arc<Shared>, regex: Bytes, sender: tokio::sync::mpsc::UnboundedSender<Vec<(Key, Found)>>) {
    let fs = shared.fs.fs();
    let mut buffers = Buffers { chunk: Vec::new(), pending: Vec::new() };
    let mut jobs = 0u32;
    let mut batch: Vec<(Key, Found)> = Vec::new();
    let mut batch_bytes = 0;
    // Hands the batch over; false when the command is gone.
    let hand_over = |batch: &mut Vec<(Key, Found)>, batch_bytes: &mut usize| {
        *batch_bytes = 0;
        batch.is_empty() || sender.send(std::mem::take(batch)).is_ok()
    };
    loop {
        let mut sent = true;
        let job = shared.take(&mut || sent = hand_over(&mut batch, &mut batch_bytes));
        let Some(job) = job else { break };
        jobs = jobs.wrapping_add(1);
        if !sent || (jobs.is_multiple_of(CHECK_EVERY) && shared.line.stopped()) {
            shared.halt();
            return;
        }
        let (found, children) = run_job(&shared, &fs, &regex, &mut buffers, &job);
        let held = found.held();
        shared.finish(children, held, !found.deferred());
        batch.push((job.key, found));
        batch_bytes += held;
        if (batch.len() >= BATCH || batch_bytes >= BATCH_BYTES) && !hand_over(&mut batch, &mut batch_bytes) {
            shared.halt();
            return;
        }
    }
    hand_over(&mut batch, &mut batch_bytes);
}

fn run_job(shared: &Shared, fs: &Fs<'_>, regex: &Bytes, buffers: &mut Buffers, job: &Job) -> (Found, Vec<Job>) {
    match &job.work {
        Work::Operand { name, abs } => match fs.stat(abs) {
            Err(err) => (Found::Complaint(format!("{name}: {}", describe(&err))), Vec::new()),
            Ok(meta) if meta.is_dir() => {
                if !shared.o.recursive {
                    return (Found::Complaint(format!("{name}: Is a directory")), Vec::new());
                }
                // `grep -r PAT` alone names files from the working directory, without `./`.
                let display = if shared.o.implicit_cwd { "" } else { name.as_str() };
                list(shared, fs, &job.key, display, abs)
            }
            Ok(_) => (search_file(shared, fs, regex, buffers, name, abs), Vec::new()),
        },
        Work::List { display, abs } => list(shared, fs, &job.key, display, abs),
        Work::Search { label, abs } => (search_file(shared, fs, regex, buffers, label, abs), Vec::new()),
    }
}

fn list(shared: &Shared, fs: &Fs<'_>, key: &Key, display: &str, abs: &str) -> (Found, Vec<Job>) {
    match fs.read_dir(abs) {
        Ok(entries) => {
            let children = shared.children(fs, key, display, abs, entries);
            (Found::Listed(u32::try_from(children.len()).unwrap_or(u32::MAX)), children)
        }
        Err(err) if WouldAsk::is(&err) => {
            (Found::ListHere { display: display.to_string(), abs: abs.to_string() }, Vec::new())
        }
        // As the command's own walk: a directory that cannot be listed (refused by the policy,
        // say) is said in its turn, as GNU grep says it, and the search goes on.
        Err(err) => {
            let name = if display.is_empty() { "." } else { display };
            (Found::Complaint(format!("{name}: {}", describe(&err))), Vec::new())
        }
    }
}

/// Opens and searches one file, as `Search::search_pieces` does on the command's task.
fn search_file(shared: &Shared, fs: &Fs<'_>, regex: &Bytes, buffers: &mut Buffers, label: &str, abs: &str) -> Found {
    let reader = if shared.o.output_file.is_some() && fs.file_id(abs) == shared.o.output_file {
        Err(std::io::Error::other(super::OWN_OUTPUT))
    } else {
        fs.open_reader(abs)
    };
    match reader {
        Ok(reader) => search_reader(shared, regex, buffers, label, abs, reader),
        Err(err) if WouldAsk::is(&err) => {
            Found::SearchHere { label: label.to_string(), abs: abs.to_string(), reader: None }
        }
        Err(err) => Found::Searched(Searched {
            out: Vec::new(),
            count: 0,
            notice: None,
            complaint: Some(format!("{label}: {}", describe(&err))),
            quiet: false,
            headed: false,
        }),
    }
}

fn search_reader(
    shared: &Shared,
    regex: &Bytes,
    buffers: &mut Buffers,
    label: &str,
    abs: &str,
    mut reader: Box<dyn Reader>,
) -> Found {
    let o = &*shared.o;
    let show_name = shared.show_name;
    // Whether a blank line goes before the heading is the collector's to say.
    let mut scan = Scan::new(false);
    if o.initial_tab {
        scan.heading.width = super::tab_width(Some(reader.as_mut()), o.number);
    }
    let mut out = Vec::new();
    let mut complaint = None;
    let mut flow = Flow::More;
    let Buffers { chunk, pending } = buffers;
    pending.clear();
    let mut first = true;
    let mut at_end = false;
    loop {
        if shared.halted() {
            break;
        }
        chunk.clear();
        if at_end {
            // As if the next read had found nothing more.
            if !pending.is_empty() {
                flow = scan_block(o, regex, &mut out, pending, label, show_name, &mut scan);
            }
            break;
        }
        if let Err(err) = (&mut reader).take(READ_CHUNK as u64).read_to_end(chunk) {
            complaint = Some(format!("{label}: {}", describe(&err)));
            break;
        }
        if chunk.is_empty() {
            if !pending.is_empty() {
                flow = scan_block(o, regex, &mut out, pending, label, show_name, &mut scan);
            }
            break;
        }
        // A short piece was read up to the end: the next read would only say so.
        if chunk.len() < READ_CHUNK {
            at_end = true;
        }
        // `-I` judges a file by its first piece, as GNU grep by its first buffer.
        if std::mem::take(&mut first) && o.skips_binary(label) && memchr::memchr(0, chunk).is_some() {
            scan = Scan::new(false);
            break;
        }
        let Some(last) = memchr::memrchr(b'\n', chunk) else {
            pending.extend_from_slice(chunk);
            continue;
        };
        let mut start = 0;
        if !pending.is_empty() {
            // The line begun in the last piece ends in this one.
            let end = memchr::memchr(b'\n', chunk).unwrap_or(last);
            pending.extend_from_slice(&chunk[..=end]);
            flow = scan_block(o, regex, &mut out, pending, label, show_name, &mut scan);
            pending.clear();
            start = end + 1;
        }
        if flow == Flow::More && start <= last {
            flow = scan_block(o, regex, &mut out, &chunk[start..=last], label, show_name, &mut scan);
        }
        if flow != Flow::More {
            break;
        }
        pending.extend_from_slice(&chunk[last + 1..]);
        if out.len() > HOLD_FILE && reader.seek(SeekFrom::Start(0)).is_ok() {
            return Found::SearchHere { label: label.to_string(), abs: abs.to_string(), reader: Some(reader) };
        }
    }
    let quiet = flow == Flow::Quiet;
    let mut notice = None;
    if !quiet && summary(o, &mut out, label, show_name, scan.binary || scan.undecodable, scan.count) {
        match o.binary_said(label, show_name, scan.nul_at) {
            (true, said) => out.extend_from_slice(&toolsh_bytes::encode(&said)),
            (false, said) => notice = Some(said),
        }
    }
    Found::Searched(Searched { out, count: scan.count, notice, complaint, quiet, headed: scan.heading.printed })
}

/// Where the command stands in the output: the next key it needs.
struct Cursor {
    /// For each level down to the current one: the next index and how many there are.
    frames: Vec<(u32, u32)>,
    key: Key,
}

impl Cursor {
    fn new(operands: usize) -> Self {
        Cursor { frames: vec![(0, u32::try_from(operands).unwrap_or(u32::MAX))], key: Vec::new() }
    }

    /// The key that comes next; `None` at the end.
    fn next(&mut self) -> Option<&Key> {
        loop {
            let depth = self.frames.len();
            let (next, count) = self.frames.last_mut()?;
            if *next < *count {
                self.key.truncate(depth - 1);
                self.key.push(*next);
                *next += 1;
                return Some(&self.key);
            }
            self.frames.pop();
        }
    }

    /// The key just taken is a directory of `children` entries: they come next.
    fn enter(&mut self, children: u32) {
        if children > 0 {
            self.frames.push((0, children));
        }
    }
}

/// Searches `files` (the operands as written; directories with `-r`) on worker threads and
/// writes the results through `search` in order. `None` when no worker could be started (the
/// caller searches on its own); `Some(false)` when output stopped (`-q` matched, reader gone).
pub(super) async fn run(search: &mut Search<'_, '_>, files: &[String], show_name: bool) -> Option<bool> {
    let Matcher::Bytes(regex) = &search.regex else { return None };
    let regex = regex.clone();
    let ctx = search.ctx;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, MAX_THREADS);
    let jobs = files
        .iter()
        .enumerate()
        .map(|(i, name)| Job {
            key: vec![u32::try_from(i).unwrap_or(u32::MAX)],
            work: Work::Operand { name: name.clone(), abs: ctx.abs(name) },
        })
        .map(Reverse)
        .collect();
    let shared = Arc::new(Shared {
        queue: Mutex::new(Queue { jobs, busy: 0, waiting: vec![0], sleepers: 0 }),
        wake: Condvar::new(),
        halted: AtomicBool::new(false),
        held: AtomicUsize::new(0),
        o: search.o.clone(),
        fs: ctx.thread_fs(),
        line: ctx.line_stop(),
        show_name,
    });
    let halt = Halt(shared.clone());
    let (sender, mut results) = tokio::sync::mpsc::unbounded_channel();
    let mut started = 0;
    for _ in 0..threads {
        let (shared, regex, sender) = (shared.clone(), Bytes::clone(&regex), sender.clone());
        // A clone of the pattern per thread: each keeps its own match caches.
        if std::thread::Builder::new().name("grep".to_string()).spawn(move || work(shared, regex, sender)).is_ok() {
            started += 1;
        }
    }
    drop(sender);
    if started == 0 {
        return None;
    }
    let outcome = collect(search, &shared, &mut results, files.len(), show_name).await;
    drop(halt);
    search.ctx.vfs.absorb(&shared.fs);
    Some(outcome)
}

/// Takes the results in order and writes them; false when output stopped.
async fn collect(
    search: &mut Search<'_, '_>,
    shared: &Arc<Shared>,
    results: &mut tokio::sync::mpsc::UnboundedReceiver<Vec<(Key, Found)>>,
    operands: usize,
    show_name: bool,
) -> bool {
    let mut cursor = Cursor::new(operands);
    let mut early: BTreeMap<Key, Found> = BTreeMap::new();
    let mut released = 0;
    while let Some(want) = cursor.next() {
        shared.waits_for(want, std::mem::take(&mut released));
        let found = match early.remove(want) {
            Some(found) => found,
            None => loop {
                let Some(batch) = results.recv().await else {
                    // Every worker ended before the search did: the line was stopped.
                    return false;
                };
                early.extend(batch);
                if let Some(found) = early.remove(want) {
                    break found;
                }
            },
        };
        let key = want.clone();
        released = found.held();
        match found {
            Found::Listed(children) => cursor.enter(children),
            Found::Complaint(message) => search.complain(message).await,
            Found::Searched(searched) => {
                if searched.headed && std::mem::replace(&mut search.headed_any, true) {
                    search.out.push(b'\n');
                }
                search.out.extend_from_slice(&searched.out);
                if let Some(message) = searched.complaint {
                    search.complain(message).await;
                }
                if searched.count > 0 {
                    search.selected_any = true;
                }
                if searched.quiet {
                    return false;
                }
                if let Some(notice) = searched.notice {
                    if !search.hand_on().await {
                        return false;
                    }
                    search.ctx.err(notice).await;
                }
                if !search.flush_if_large().await {
                    return false;
                }
            }
            Found::ListHere { display, abs } => {
                // On the command's own thread, where the approver can be asked.
                let children = match search.ctx.vfs.read_dir(&abs) {
                    Ok(entries) => shared.children(&search.ctx.vfs, &key, &display, &abs, entries),
                    Err(err) => {
                        let name = if display.is_empty() { "." } else { display.as_str() };
                        search.complain(format!("{name}: {}", describe(&err))).await;
                        Vec::new()
                    }
                };
                let count = u32::try_from(children.len()).unwrap_or(u32::MAX);
                shared.finish(children, 0, true);
                cursor.enter(count);
            }
            Found::SearchHere { label, abs, reader } => {
                let reader = match reader {
                    Some(reader) => Ok(reader),
                    None => search.ctx.vfs.open_reader(&abs),
                };
                let go_on = match reader {
                    Ok(reader) => search.search(label, OperandReader::File(reader), show_name).await,
                    Err(err) => {
                        search.complain(format!("{label}: {}", describe(&err))).await;
                        true
                    }
                };
                shared.finish(Vec::new(), 0, true);
                if !go_on {
                    return false;
                }
            }
        }
    }
    true
}
