//! `toolsh serve`: the long-lived process that fires timers (and, with `--http`, serves MCP).
//!
//! Every agent's `at` jobs and crontab entries live in the store. The loop wakes when the
//! soonest is due (at least every second), and for each due one claims its slot in one write
//! transaction (`Store::claim_timer`: the timer moves to its next time only if it still
//! stands at this slot), so of several `toolsh serve` processes on one store exactly one runs
//! it. The claimant runs the script in a fresh session of the timer's agent (the same
//! workspace and limits, in the directory it was scheduled from, bounded by the
//! `job-timeout-ms` limit; judged by the server's policy and by the policy of the line that
//! scheduled it, the strictest decision holding, with no one to answer an `ask`), keeps its status and output with the run, and on failure sends
//! the agent a message. A run's output is capped at `OUTPUT_BYTES` as it streams (its
//! session's `output-bytes`): a writer past it fails as any line's past that limit does (a
//! few `* * * * * * yes` entries gathered 256 MiB each and ended the server). A crontab slot
//! whose previous run of the same entry still goes is passed over, as cron does
//! (`Store::claim_timer`).
//!
//! Missed times are handled as cron and atd do: an `at` job whose time passed while nothing
//! ran runs as soon as a server starts; a crontab slot more than [`GRACE`] late is skipped,
//! the entry moved to its next time after now.
//!
//! A run is its server's under a lease ([`LEASE`] unless `--timer-lease` says otherwise),
//! renewed three times per lease while it runs. A server that dies mid-run stops renewing;
//! once the lease runs out, one other server takes the run over (`Store::take_orphaned_run`)
//! and runs it again from the start, and only its outcome is recorded. So a run is neither
//! lost with its server nor recorded twice; what the dead run did before it died stays done
//! (a script that must not repeat a step checks for it). A server cut off from the store for
//! longer than its lease may find its run taken over: its late outcome is then dropped.

use crate::interp::Shell;
use crate::store::{Lease, Store, Timer, now_ms};
use crate::timers;
use std::sync::Arc;
use std::time::Duration;

/// How late a crontab slot may still run.
pub const GRACE: Duration = Duration::from_secs(60);

/// The most of a run's output kept with it.
const OUTPUT_BYTES: usize = 64 * 1024;

/// The agent a failure notice comes from.
const SENDER: &str = "toolsh-serve";

/// How long a run stays its server's without renewal, by default.
pub const LEASE: Duration = Duration::from_secs(30);

/// This server among all that share the store: process, start time and a random part.
fn owner() -> String {
    use std::hash::BuildHasher;
    let random = std::collections::hash_map::RandomState::new().hash_one(std::process::id());
    format!("{}:{}:{random:016x}", std::process::id(), now_ms())
}

/// Fires due timers until the process ends; `template` makes each run's session; `lease`
/// (zero: [`LEASE`]) is how long a run stays this server's without renewal.
pub async fn fire_timers(template: Shell, store: Arc<Store>, lease: Duration) {
    let template = Arc::new(std::sync::Mutex::new(template));
    let lease = if lease.is_zero() { LEASE } else { lease };
    let lease_ms = i64::try_from(lease.as_millis()).unwrap_or(i64::MAX);
    let owner = owner();
    let held = |now: i64| Lease { owner: owner.clone(), until: now.saturating_add(lease_ms) };
    let renew_every = (lease_ms / 3).max(1);
    // The first pass renews at once: the store learns of this server before any run.
    let mut renewed = 0;
    loop {
        let now = now_ms();
        match store.due_timers(now) {
            Ok(due) => {
                for timer in due {
                    fire(&template, &store, timer, now, &held(now));
                }
            }
            Err(err) => eprintln!("toolsh: serve: the store: {err}"),
        }
        if now - renewed >= renew_every {
            match store.renew_timer_runs(&held(now)) {
                Ok(_) => renewed = now,
                Err(err) => eprintln!("toolsh: serve: the store: {err}"),
            }
        }
        // Runs whose server died: taken over one at a time, each by one server.
        loop {
            match store.take_orphaned_run(&held(now), now) {
                Ok(Some(timer)) => {
                    eprintln!(
                        "toolsh: serve: timer {} (slot {}): its server stopped renewing; running it here",
                        timer.id, timer.next_at
                    );
                    start(&template, &store, timer, owner.clone());
                }
                Ok(None) => break,
                Err(err) => {
                    eprintln!("toolsh: serve: the store: {err}");
                    break;
                }
            }
        }
        let next = store.next_due().ok().flatten().unwrap_or(now + 1000);
        let wait = (next - now_ms()).clamp(20, 1000).min(renew_every);
        tokio::time::sleep(Duration::from_millis(u64::try_from(wait).unwrap_or(1000))).await;
    }
}

/// Claims `timer`'s slot under `lease` and, when this process got it, runs it on a task of
/// its own.
fn fire(template: &Arc<std::sync::Mutex<Shell>>, store: &Arc<Store>, timer: Timer, now: i64, lease: &Lease) {
    let (next, run) = if timer.kind == timers::CRON {
        let Ok(schedule) = timers::schedule(&timer.schedule) else {
            // Installed entries parsed when installed; one that no longer does is dropped.
            let _ = store.claim_timer(&timer, None, false, lease);
            return;
        };
        let late = now - timer.next_at > i64::try_from(GRACE.as_millis()).unwrap_or(i64::MAX);
        let from = if late { now } else { timer.next_at };
        (timers::next_after(&schedule, from), !late)
    } else {
        (None, true)
    };
    match store.claim_timer(&timer, next, run, lease) {
        Ok(true) => start(template, store, timer, lease.owner.clone()),
        Ok(false) => {}
        Err(err) => eprintln!("toolsh: serve: timer {}: {err}", timer.id),
    }
}

/// Runs `timer` (claimed or taken over by `owner`) in a fresh session of its agent, on a
/// task of its own.
fn start(template: &Arc<std::sync::Mutex<Shell>>, store: &Arc<Store>, timer: Timer, owner: String) {
    // Judged by the server's policy and the one the timer was scheduled under, the strictest
    // decision holding; no approver: an `ask` has no one to answer it, so it is refused.
    let session = template.lock().unwrap_or_else(|p| p.into_inner()).new_session_under(
        &timer.agent,
        None,
        timer.policy.as_deref(),
    );
    let store = store.clone();
    tokio::spawn(async move { run_timer(session, store, timer, owner).await });
}

/// Runs `timer`'s script in `shell`, keeps the outcome with the run (unless another server
/// took the run over meanwhile), and tells its agent of a failure.
async fn run_timer(mut shell: Shell, store: Arc<Store>, timer: Timer, owner: String) {
    let mut notes = String::new();
    if let Err(why) = shell.set_cwd(&timer.cwd) {
        notes.push_str(&format!("toolsh: {why}; ran in {}\n", shell.cwd()));
    }
    shell.cap_output(OUTPUT_BYTES);
    let limit = shell.state().limits().job_time;
    let options = crate::ExecOptions { timeout: limit, ..Default::default() };
    let outcome = shell.exec_with(&timer.command, options).await;
    let mut output = notes;
    output.push_str(&outcome.stdout_text());
    if !outcome.stderr.is_empty() {
        output.push_str("[stderr]\n");
        output.push_str(&outcome.stderr_text());
    }
    if output.len() > OUTPUT_BYTES {
        let mut cut = OUTPUT_BYTES;
        while !output.is_char_boundary(cut) {
            cut -= 1;
        }
        output.truncate(cut);
        output.push_str("\n[output cut]\n");
    }
    match store.finish_timer_run(timer.id, timer.next_at, &owner, i64::from(outcome.status), &output) {
        Ok(true) => {}
        Ok(false) => {
            eprintln!(
                "toolsh: serve: timer {}: another server took this run over; its outcome is the one kept",
                timer.id
            );
            return;
        }
        Err(err) => eprintln!("toolsh: serve: timer {}: {err}", timer.id),
    }
    if outcome.status != 0 {
        let what = if timer.kind == timers::AT {
            format!("at job {}", timer.id)
        } else {
            format!("crontab entry '{}'", timer.schedule)
        };
        let tail: Vec<&str> = output.lines().rev().take(5).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        let text = format!(
            "{what} failed with status {} at {}: {}\n{}\n(atq --runs {} shows the whole output)",
            outcome.status,
            timers::shown(timer.next_at),
            timers::shown_command(&timer.command).trim(),
            tail.join("\n"),
            timer.id
        );
        let sender = store.for_agent_session(SENDER, "serve");
        if let Err(err) = sender.send(&timer.agent, &text) {
            eprintln!("toolsh: serve: timer {}: the failure notice was not sent: {err}", timer.id);
        }
    }
}
