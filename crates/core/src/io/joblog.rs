//! Where a background job's output goes: its log, the file `/tmp/.jobs/N.log` in the session's
//! workspace (standard output and error as they were written), and — while the line that
//! started the job is still there to read it — that line's own stream too, as a job's output
//! reaches the terminal in bash.
//!
//! A log is bounded: past [`JobLog::cap`] bytes it keeps the first half and the last half of
//! what was written with a marker between them, so a job printing without end holds a fixed
//! amount of memory and the file shows both how it began and where it is now.

use crate::io::Output;
use crate::vfs::{Vfs, WriteMode};
use std::collections::VecDeque;
use std::io::Write as _;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Where the session's job logs live.
pub const DIR: &str = "/tmp/.jobs";

/// How often at most a log past its cap is written out again whole (and once at the end).
const REWRITE_EVERY: Duration = Duration::from_millis(250);

/// The log of job `id`.
pub fn path(id: usize) -> String {
    format!("{DIR}/{id}.log")
}

/// A job's output file, bounded.
pub struct JobLog {
    vfs: Arc<Vfs>,
    path: String,
    cap: usize,
    inner: Mutex<Kept>,
}

/// What a log holds past its cap (in memory, written out as one file).
struct Kept {
    written: u64,
    /// Appends to the file while it is under the cap.
    writer: Option<Box<dyn crate::vfs::FileWriter>>,
    /// Past the cap: the file is written whole from `head` and `tail`.
    over: bool,
    head: Vec<u8>,
    tail: VecDeque<u8>,
    /// When the file was last written whole (past the cap), and whether it is behind.
    saved: Option<Instant>,
    behind: bool,
}

impl JobLog {
    /// A new, empty log at `path` (its directory made if missing), holding about `cap` bytes.
    /// A log that cannot be written (the workspace refuses it, `/tmp` is full) still counts
    /// what the job wrote: the job never fails for its log.
    pub fn create(vfs: Arc<Vfs>, path: String, cap: usize) -> Arc<JobLog> {
        if let Some((dir, _)) = path.rsplit_once('/')
            && !dir.is_empty()
            && !vfs.exists(dir)
        {
            let _ = vfs.mkdir("/tmp");
            let _ = vfs.mkdir(dir);
        }
        let writer = vfs.open_writer(&path, WriteMode::Truncate).ok();
        Arc::new(JobLog {
            vfs,
            path,
            cap: cap.max(2),
            inner: Mutex::new(Kept {
                written: 0,
                writer,
                over: false,
                head: Vec::new(),
                tail: VecDeque::new(),
                saved: None,
                behind: false,
            }),
        })
    }

    /// The log already at `path` (a restored session's job, which writes no more).
    pub fn kept(vfs: Arc<Vfs>, path: String) -> Arc<JobLog> {
        let kept = Kept {
            written: 0,
            writer: None,
            over: true,
            head: Vec::new(),
            tail: VecDeque::new(),
            saved: None,
            behind: false,
        };
        Arc::new(JobLog { vfs, path, cap: 2, inner: Mutex::new(kept) })
    }

    /// Its path in the workspace.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The most it keeps.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// Bytes written to it so far (kept or not).
    pub fn written(&self) -> u64 {
        self.lock().written
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Adds `bytes` to the log.
    pub fn write(&self, bytes: &[u8]) {
        let mut kept = self.lock();
        let before = kept.written;
        kept.written = before.saturating_add(bytes.len() as u64);
        let half = self.cap / 2;
        if !kept.over {
            if kept.written <= self.cap as u64 {
                if let Some(writer) = kept.writer.as_mut() {
                    let _ = writer.write_all(bytes);
                }
                return;
            }
            // Crossing the cap: what the file holds so far and these bytes make the head and
            // the tail.
            kept.over = true;
            kept.writer = None;
            let mut all = self.vfs.read(&self.path).unwrap_or_default();
            all.truncate(usize::try_from(before).unwrap_or(usize::MAX));
            all.extend_from_slice(bytes);
            let cut = all.len().min(half);
            kept.tail.extend(&all[cut..]);
            all.truncate(cut);
            kept.head = all;
        } else {
            kept.tail.extend(bytes);
        }
        let excess = kept.tail.len().saturating_sub(self.cap - half);
        kept.tail.drain(..excess);
        kept.behind = true;
        if kept.saved.is_none_or(|at| at.elapsed() >= REWRITE_EVERY) {
            self.save(&mut kept);
        }
    }

    /// Writes a log past its cap out whole: the head, a marker saying how much was cut, the tail.
    fn save(&self, kept: &mut Kept) {
        if !kept.behind {
            return;
        }
        let cut = kept.written.saturating_sub((kept.head.len() + kept.tail.len()) as u64);
        let marker = format!("\n[… {cut} bytes cut: this log keeps the first and last {} bytes …]\n", self.cap / 2);
        let mut text = Vec::with_capacity(kept.head.len() + marker.len() + kept.tail.len());
        text.extend_from_slice(&kept.head);
        text.extend_from_slice(marker.as_bytes());
        let (front, back) = kept.tail.as_slices();
        text.extend_from_slice(front);
        text.extend_from_slice(back);
        let _ = self.vfs.write(&self.path, &text, WriteMode::Truncate);
        kept.saved = Some(Instant::now());
        kept.behind = false;
    }

    /// The job ended: a log past its cap is written out as it stands.
    pub fn finish(&self) {
        let mut kept = self.lock();
        self.save(&mut kept);
    }
}

/// A stream of a job (or of a line that may become one): into its log once it has one, and to
/// the stream its line had, which stops taking bytes once that line has returned (a captured
/// call's output is sealed then), so the job's output from then on is in the log alone.
pub struct JobOutput {
    log: OnceLock<Arc<JobLog>>,
    parent: Output,
}

impl JobOutput {
    /// Output to `parent`, and to `log` when one is given (or later, [`JobOutput::attach`]).
    pub fn new(parent: Output, log: Option<Arc<JobLog>>) -> Arc<JobOutput> {
        let cell = OnceLock::new();
        if let Some(log) = log {
            let _ = cell.set(log);
        }
        Arc::new(JobOutput { log: cell, parent })
    }

    /// From now on, output goes to `log` too (a line promoted to a job).
    pub fn attach(&self, log: Arc<JobLog>) {
        let _ = self.log.set(log);
    }

    /// Writes to the log, then where the line's output went.
    pub async fn write_all(&self, bytes: &[u8]) -> std::io::Result<()> {
        if let Some(log) = self.log.get() {
            log.write(bytes);
        }
        Box::pin(self.parent.write_all(bytes)).await
    }

    /// The stream of the line that started the job.
    pub fn parent(&self) -> &Output {
        &self.parent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(vfs: &Vfs, path: &str) -> String {
        toolsh_bytes::decode(&vfs.read(path).unwrap_or_default()).into_owned()
    }

    #[test]
    fn a_log_under_its_cap_is_what_was_written() {
        let vfs = Arc::new(Vfs::in_memory());
        let log = JobLog::create(vfs.clone(), path(1), 64);
        log.write(b"one\n");
        log.write(b"two\n");
        log.finish();
        assert_eq!(text(&vfs, "/tmp/.jobs/1.log"), "one\ntwo\n");
        assert_eq!(log.written(), 8);
    }

    #[test]
    fn one_write_past_the_cap_keeps_its_own_head() {
        let vfs = Arc::new(Vfs::in_memory());
        let log = JobLog::create(vfs.clone(), path(3), 10);
        log.write(b"abcdefghijklmnopqrstuvwxyz");
        log.finish();
        let kept = text(&vfs, "/tmp/.jobs/3.log");
        assert!(kept.starts_with("abcde\n[… 16 bytes cut") && kept.ends_with("…]\nvwxyz"), "{kept}");
    }

    #[test]
    fn a_log_past_its_cap_keeps_head_and_tail_with_a_marker() {
        let vfs = Arc::new(Vfs::in_memory());
        let log = JobLog::create(vfs.clone(), path(2), 20);
        for n in 0..100 {
            log.write(format!("{n:03}\n").as_bytes());
        }
        log.finish();
        let kept = text(&vfs, "/tmp/.jobs/2.log");
        assert!(kept.starts_with("000\n001\n00"), "{kept}");
        assert!(kept.ends_with("\n098\n099\n"), "{kept}");
        assert!(kept.contains("[… 380 bytes cut"), "{kept}");
        assert_eq!(log.written(), 400);
    }
}
