//! Questions to the MCP client: the shell's `ask` decisions and mounted servers' questions,
//! put to the client of the call in progress as a form (elicitation), in the way its protocol
//! revision has. Up to 2025-11-25 the server sends `elicitation/create` in the middle of the
//! call; from 2026-07-28 on the call returns "input required" with the question, and the client
//! calls again with the answer ([`super::ShellServer`] holds the line meanwhile).
//!
//! The gate asks synchronously from inside the running line, so the line's task blocks
//! (`block_in_place`) while the question travels: it needs the multi-thread runtime `toolsh
//! mcp` runs on. A question unanswered by the call's deadline, or when the call is cancelled,
//! is answered "nobody approved": a client that never replies cannot hold the session.

use crate::tools::{Answer, Elicited};
use rmcp::model::ElicitationSchema;
use rmcp::service::RoleServer;
use serde_json::Value;

/// Answers `ask` decisions, and questions of mounted servers, by asking the MCP client.
#[derive(Default)]
pub struct ElicitingApprover {
    call: std::sync::Mutex<Option<Asking>>,
}

/// Whom the current call asks, and until when.
#[derive(Clone)]
pub(crate) struct Asking {
    pub to: Channel,
    pub deadline: tokio::time::Instant,
    pub cancel: tokio_util::sync::CancellationToken,
}

/// How a question reaches the client.
#[derive(Clone)]
pub(crate) enum Channel {
    /// A request of its own, sent while the call runs (handshake-era revisions).
    Request(rmcp::Peer<RoleServer>),
    /// The call's own result (2026-07-28): the server hands the question to the call.
    Rounds(tokio::sync::mpsc::UnboundedSender<Question>),
}

/// A question for the call in progress to return to its client, and where the answer goes.
pub(crate) struct Question {
    pub message: String,
    pub schema: ElicitationSchema,
    pub answer: tokio::sync::oneshot::Sender<Elicited>,
}

impl ElicitingApprover {
    /// The call starting now asks this way; `None`: its client takes no questions.
    pub(crate) fn prepare(&self, asking: Option<Asking>) {
        *self.call.lock().unwrap_or_else(|p| p.into_inner()) = asking;
    }

    /// Puts a form question to the client of the call in progress, waiting no longer than the
    /// call may run: the client's answer, or `Unavailable` when there is no call, the client
    /// takes no questions, or nothing can block to wait for it.
    fn ask(&self, message: String, schema: ElicitationSchema) -> Elicited {
        let Some(Asking { to, deadline, cancel }) = self.call.lock().unwrap_or_else(|p| p.into_inner()).clone() else {
            return Elicited::Unavailable;
        };
        let Ok(handle) = tokio::runtime::Handle::try_current() else { return Elicited::Unavailable };
        if handle.runtime_flavor() != tokio::runtime::RuntimeFlavor::MultiThread {
            return Elicited::Unavailable;
        }
        let asked = async {
            let answer = async {
                match to {
                    Channel::Request(peer) => {
                        let params = rmcp::model::ElicitRequestParams::FormElicitationParams {
                            meta: None,
                            message,
                            requested_schema: schema,
                        };
                        peer.create_elicitation(params).await.map(elicited).unwrap_or(Elicited::Unavailable)
                    }
                    Channel::Rounds(questions) => {
                        let (answer, answered) = tokio::sync::oneshot::channel();
                        if questions.send(Question { message, schema, answer }).is_err() {
                            return Elicited::Unavailable;
                        }
                        answered.await.unwrap_or(Elicited::Unavailable)
                    }
                }
            };
            tokio::select! {
                answer = tokio::time::timeout_at(deadline, answer) => answer.unwrap_or(Elicited::Unavailable),
                () = cancel.cancelled() => Elicited::Unavailable,
            }
        };
        tokio::task::block_in_place(|| handle.block_on(asked))
    }
}

/// What the client's answer means to the gate.
pub(crate) fn elicited(result: rmcp::model::ElicitResult) -> Elicited {
    match result.action {
        rmcp::model::ElicitationAction::Accept => {
            Elicited::Accepted(result.content.unwrap_or(Value::Object(Default::default())))
        }
        rmcp::model::ElicitationAction::Decline => Elicited::Declined,
        _ => Elicited::Cancelled,
    }
}

impl crate::tools::Approver for ElicitingApprover {
    fn approve(&self, request: &crate::tools::Approval) -> Answer {
        let target = request.subject.as_deref().map_or(String::new(), |s| format!(" {s}"));
        let message =
            format!("Allow `{}` to call {}{target}? (policy rule {})", request.command, request.tool, request.rule);
        let Ok(schema) = ElicitationSchema::builder().required_bool("approve").build() else {
            return Answer::Unavailable;
        };
        match self.ask(message, schema) {
            Elicited::Accepted(content) if content.get("approve") == Some(&Value::Bool(true)) => Answer::Approved,
            Elicited::Unavailable => Answer::Unavailable,
            _ => Answer::Refused,
        }
    }

    /// A mounted server's question, passed to this server's client as its own elicitation.
    fn elicit(&self, asker: &str, message: &str, schema: &Value) -> Elicited {
        match serde_json::from_value::<ElicitationSchema>(schema.clone()) {
            Ok(schema) => self.ask(format!("{asker} asks: {message}"), schema),
            Err(_) => Elicited::Unavailable,
        }
    }
}
