//! The gate every tool call passes: the policy decides, an [`Approver`] answers `ask`, and the
//! audit log records the call with its decision, status and duration.
//!
//! Calls reach the gate from two sides that meet here: tool commands and library calls through
//! the [`super::Registry`], and the shell's own file access (commands, redirections, globs)
//! through [`super::workspace::Fs`]. Both name the same tools, so one rule covers both.

use super::reach::Reach;
use crate::audit::{Audit, Call};
use crate::policy::{Decision, Policy, ToolFacts, Verdict};
use std::fmt;
use std::sync::{Arc, RwLock};
use std::time::Instant;

/// Refusals kept for one execution's outcome; more are counted, not listed.
pub const MAX_BLOCKED: usize = 100;

/// A question for whoever can approve a call.
#[derive(Debug, Clone)]
pub struct Approval {
    /// The command typed.
    pub command: String,
    /// The tool it calls.
    pub tool: String,
    /// The call's subject (path, URL, recipient) when it has one.
    pub subject: Option<String>,
    /// The rule that asks.
    pub rule: String,
    /// How long the line may still run: an answer later than this is for a line that is over
    /// (and counts as none), so an approver that can wait no longer need not.
    pub time_left: Option<std::time::Duration>,
}

/// What an [`Approver`] answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Let the call run.
    Approved,
    /// Someone said no.
    Refused,
    /// Nobody could be asked (no terminal, a client without elicitation).
    Unavailable,
}

/// Answers `ask` decisions. Implementations may block (a console reads the terminal; the MCP
/// server waits for the client's elicitation on its own thread).
pub trait Approver: Send + Sync {
    /// Whether the call may run.
    fn approve(&self, request: &Approval) -> Answer;

    /// Puts a question a tool's server asks while a call runs (MCP elicitation: `message`,
    /// answered as the JSON Schema `schema` describes) to whoever can answer. Nobody, unless
    /// the approver can: toolsh's own MCP client can.
    fn elicit(&self, asker: &str, message: &str, schema: &serde_json::Value) -> Elicited {
        let _ = (asker, message, schema);
        Elicited::Unavailable
    }
}

/// What came of a server's question ([`Approver::elicit`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Elicited {
    /// Answered: the content, as the schema asked.
    Accepted(serde_json::Value),
    /// Whoever was asked said no.
    Declined,
    /// Whoever was asked dismissed the question.
    Cancelled,
    /// There is nobody to ask.
    Unavailable,
}

/// A call the policy refused; its text is what the user sees.
#[derive(Debug, Clone)]
pub struct Denied {
    /// The command typed (`rm`).
    pub command: String,
    /// The tool (`fs.delete`).
    pub tool: String,
    /// The call's subject, when known.
    pub subject: Option<String>,
    /// The decision with its rule.
    pub decision: Decision,
    /// For an `ask`: what the approver said (`Unavailable` when there is none).
    pub answer: Option<Answer>,
}

impl fmt::Display for Denied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let target = match &self.subject {
            Some(subject) => format!(" {subject}"),
            None => String::new(),
        };
        let via = if self.command == self.tool { String::new() } else { format!("{} → ", self.command) };
        if self.answer == Some(Answer::Refused) {
            write!(f, "[blocked: {via}{}{target} was refused approval ({})]", self.tool, self.decision.rule)
        } else if self.answer.is_some() {
            write!(
                f,
                "[blocked: {via}{}{target} needs approval ({}) and none was given]",
                self.tool, self.decision.rule
            )
        } else {
            write!(f, "[blocked: {via}{}{target} {}]", self.tool, self.decision)
        }
    }
}

impl std::error::Error for Denied {}

impl From<Denied> for std::io::Error {
    fn from(denied: Denied) -> Self {
        std::io::Error::new(std::io::ErrorKind::PermissionDenied, denied)
    }
}

/// An admitted call, to be completed with [`Gate::record`]. It borrows the names it records:
/// the audit log copies them only when the call starts a new record.
#[derive(Debug)]
pub struct Ticket<'a> {
    tool: &'a str,
    command: &'a str,
    digest: u64,
    rule: Arc<str>,
    verdict: Verdict,
    started: Instant,
}

impl Ticket<'_> {
    /// Whether the policy allowed the call outright (no question was put).
    pub(crate) fn allowed_outright(&self) -> bool {
        self.verdict == Verdict::Allow
    }

    /// The digest, the rule and the time since the call was admitted (what a tally keeps).
    pub(crate) fn parts(&self) -> (u64, &Arc<str>, u64) {
        (self.digest, &self.rule, u64::try_from(self.started.elapsed().as_micros()).unwrap_or(u64::MAX))
    }

    /// Replaces the digest (calls with JSON arguments digest all of them).
    pub fn with_digest(mut self, digest: u64) -> Self {
        self.digest = digest;
        self
    }
}

/// The policy, the approver and the audit log of one session.
pub struct Gate {
    policy: RwLock<Arc<Policy>>,
    approver: Option<Arc<dyn Approver>>,
    audit: Arc<Audit>,
    /// Refusals since the last [`Gate::take_blocked`], as shown to the user, and how many
    /// more there were past [`MAX_BLOCKED`].
    blocked: std::sync::Mutex<(Vec<String>, usize)>,
    /// The pace of the lines this gate judges, told when a question was put.
    pace: Option<Arc<crate::pace::Pace>>,
}

impl Gate {
    /// A server's question during a call, put to the approver ([`Approver::elicit`]).
    pub fn elicit(&self, asker: &str, message: &str, schema: &serde_json::Value) -> Elicited {
        self.approver.as_ref().map_or(Elicited::Unavailable, |approver| approver.elicit(asker, message, schema))
    }

    /// A gate over `policy`; `ask` goes to `approver` (none: denied).
    pub fn new(policy: Policy, approver: Option<Arc<dyn Approver>>, audit: Arc<Audit>) -> Self {
        Gate { policy: RwLock::new(Arc::new(policy)), approver, audit, blocked: Default::default(), pace: None }
    }

    /// Makes the line's next step after a question look at its deadline and cancellation at
    /// once (a person answering may take long, or stop the line with Ctrl-C).
    pub fn with_pace(mut self, pace: Arc<crate::pace::Pace>) -> Self {
        self.pace = Some(pace);
        self
    }

    /// The policy in force.
    pub fn policy(&self) -> Arc<Policy> {
        self.policy.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The audit log.
    pub fn audit(&self) -> &Arc<Audit> {
        &self.audit
    }

    /// Decides a call of `tool` made by `command`; admitted calls get a ticket to record their
    /// outcome, denied ones are recorded here.
    pub fn admit<'a>(
        &self,
        command: &'a str,
        tool: ToolFacts<'a>,
        subject: Option<&str>,
    ) -> Result<Ticket<'a>, Denied> {
        let decision = self.policy.read().unwrap_or_else(|p| p.into_inner()).decide(tool, subject);
        self.settle(command, tool, subject, decision)
    }

    /// A [`Reach`] to collect the judgments of one operation under the policy in force.
    pub fn reach(&self) -> Reach {
        Reach::new(self.policy())
    }

    /// Decides an operation that reaches several paths: the strictest of its touches is the
    /// decision (it alone goes to the approver, or names the path in the denial). Admitted, the
    /// operation gets one ticket for `tool` on `subject`.
    pub fn admit_reach<'a>(
        &self,
        command: &'a str,
        tool: ToolFacts<'a>,
        subject: &str,
        reach: Reach,
    ) -> Result<Ticket<'a>, Denied> {
        let Some((decision, touch)) = reach.worst() else {
            return self.admit(command, tool, Some(subject));
        };
        if decision.verdict == Verdict::Allow {
            return Ok(self.ticket(command, tool, Some(subject), &decision));
        }
        // The question or the denial names the touch that decided; the ticket, the operation.
        let mut ticket = self.settle(command, touch.tool, touch.path.as_deref(), decision)?;
        ticket.tool = tool.name;
        ticket.digest = digest(tool.name, Some(subject));
        Ok(ticket)
    }

    fn ticket<'a>(
        &self,
        command: &'a str,
        tool: ToolFacts<'a>,
        subject: Option<&str>,
        decision: &Decision,
    ) -> Ticket<'a> {
        Ticket {
            tool: tool.name,
            command,
            digest: digest(tool.name, subject),
            rule: decision.rule.clone(),
            verdict: decision.verdict,
            started: Instant::now(),
        }
    }

    /// Acts on a decision: an allowance gives a ticket, a question goes to the approver, a
    /// denial is recorded and returned.
    fn settle<'a>(
        &self,
        command: &'a str,
        tool: ToolFacts<'a>,
        subject: Option<&str>,
        decision: Decision,
    ) -> Result<Ticket<'a>, Denied> {
        let mut ticket = self.ticket(command, tool, subject, &decision);
        let answer = match decision.verdict {
            Verdict::Allow => return Ok(ticket),
            Verdict::Deny => None,
            Verdict::Ask => {
                let request = Approval {
                    command: command.to_string(),
                    tool: tool.name.to_string(),
                    subject: subject.map(str::to_string),
                    rule: decision.rule.to_string(),
                    time_left: self.pace.as_ref().and_then(|pace| pace.time_left()),
                };
                let mut answer = self.approver.as_ref().map_or(Answer::Unavailable, |a| a.approve(&request));
                if let Some(pace) = &self.pace {
                    pace.look_next_step();
                    // A yes that comes after the line's time ran out, or after it was
                    // cancelled, is for a line that is over: nothing more may run.
                    if answer == Answer::Approved && pace.check().is_err() {
                        answer = Answer::Unavailable;
                    }
                }
                if answer == Answer::Approved {
                    ticket.rule = format!("{} (approved)", decision.rule).into();
                    return Ok(ticket);
                }
                Some(answer)
            }
        };
        ticket.verdict = Verdict::Deny;
        match answer {
            Some(Answer::Refused) => ticket.rule = format!("{} (refused)", decision.rule).into(),
            Some(_) => ticket.rule = format!("{} (not approved)", decision.rule).into(),
            None => {}
        }
        self.record(ticket, crate::status::DENIED);
        let denied = Denied {
            command: command.to_string(),
            tool: tool.name.to_string(),
            subject: subject.map(str::to_string),
            decision,
            answer,
        };
        self.note_blocked(denied.to_string());
        Err(denied)
    }

    fn note_blocked(&self, message: String) {
        let mut blocked = self.blocked.lock().unwrap_or_else(|p| p.into_inner());
        if blocked.0.len() < MAX_BLOCKED {
            blocked.0.push(message);
        } else {
            blocked.1 += 1;
        }
    }

    /// The refusals since the last call, oldest first: the first [`MAX_BLOCKED`], then a line
    /// counting the rest, so the cut is never silent.
    pub fn take_blocked(&self) -> Vec<String> {
        let (mut list, unlisted) = std::mem::take(&mut *self.blocked.lock().unwrap_or_else(|p| p.into_inner()));
        if unlisted > 0 {
            list.push(format!("[{unlisted} more refusals not listed]"));
        }
        list
    }

    /// Records a call the pre-flight check refused (it never reached [`Gate::admit`]).
    pub fn record_blocked(&self, blocked: &crate::policy::Blocked) {
        self.note_blocked(blocked.to_string());
        self.audit.push(Call {
            tool: &blocked.tool,
            command: &blocked.command,
            digest: digest(&blocked.tool, blocked.subject.as_deref()),
            verdict: Verdict::Deny,
            rule: &format!("{} (pre-flight)", blocked.decision.rule).into(),
            status: crate::status::DENIED,
            micros: 0,
        });
    }

    /// Records the outcome of an admitted call.
    pub fn record(&self, ticket: Ticket<'_>, status: i32) {
        self.audit.push(Call {
            tool: ticket.tool,
            command: ticket.command,
            digest: ticket.digest,
            verdict: ticket.verdict,
            rule: &ticket.rule,
            status,
            micros: ticket.started.elapsed().as_micros() as u64,
        });
    }
}

/// A stable 64-bit digest of a call's identity (FNV-1a over tool and subject): enough to tell
/// calls apart in the log without storing arguments that may be secret.
pub fn digest(tool: &str, subject: Option<&str>) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in tool.bytes().chain([0]).chain(subject.unwrap_or("").bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}
