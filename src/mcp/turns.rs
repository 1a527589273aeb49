//! Calls of one session run in the order they arrived.
//!
//! The MCP library runs every request as a task of its own, so calls a client sends together
//! (a model's parallel tool calls) would reach the session's shell in whatever order the
//! runtime first polls them. Each session keeps a queue of the calls that arrived and have not
//! yet taken the shell: the transport puts a call's id in as it reads it ([`Arrivals`] over
//! stdio; the HTTP front door as it reads a POST), and a call takes the shell only when it is
//! at the front. A call whose answer is sent without ever taking its turn (refused before it
//! reached the tool) leaves the queue then, so nothing waits on it for ever.

use rmcp::model::{ClientJsonRpcMessage, ClientRequest, JsonRpcMessage, RequestId, ServerJsonRpcMessage};
use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// One session's calls that arrived and have not taken the shell yet, oldest first.
#[derive(Default)]
pub struct Turns {
    queue: Mutex<VecDeque<RequestId>>,
    moved: tokio::sync::Notify,
}

impl Turns {
    /// A call arrived.
    pub fn arrived(&self, id: RequestId) {
        self.queue.lock().unwrap_or_else(|p| p.into_inner()).push_back(id);
    }

    /// The call `id` took its turn, was given up, or was answered: the next may go.
    pub fn done(&self, id: &RequestId) {
        let mut queue = self.queue.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(at) = queue.iter().position(|queued| queued == id) {
            queue.remove(at);
            drop(queue);
            self.moved.notify_waiters();
        }
    }

    /// Waits until every call that arrived before `id` took its turn. A call that did not come
    /// through the queue (a continuation, or a transport that does not queue) goes at once.
    pub async fn wait(&self, id: &RequestId) {
        loop {
            let moved = self.moved.notified();
            tokio::pin!(moved);
            // Registered before looking, so a move between the look and the wait is not missed.
            moved.as_mut().enable();
            {
                let queue = self.queue.lock().unwrap_or_else(|p| p.into_inner());
                if queue.front().is_none_or(|front| front == id) || !queue.contains(id) {
                    return;
                }
            }
            moved.await;
        }
    }
}

/// The turns of every session of a server, by session id (stdio has one).
pub type SessionTurns = Arc<Mutex<HashMap<String, Arc<Turns>>>>;

/// The session's turns, made on first use.
pub fn of(all: &SessionTurns, session: &str) -> Arc<Turns> {
    all.lock().unwrap_or_else(|p| p.into_inner()).entry(session.to_string()).or_default().clone()
}

/// Whether `message` is a call that takes a turn: a `tools/call` that starts a line (not one
/// that answers a question the line asked, which continues a call already running).
pub fn takes_a_turn(message: &ClientJsonRpcMessage) -> Option<RequestId> {
    match message {
        JsonRpcMessage::Request(request) => match &request.request {
            ClientRequest::CallToolRequest(call) if call.params.request_state.is_none() => Some(request.id.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// A transport that queues calls in the order it reads them, and lets a call's answer end its
/// place in the queue.
pub struct Arrivals<T> {
    inner: T,
    turns: Arc<Turns>,
}

impl<T> Arrivals<T> {
    pub fn new(inner: T, turns: Arc<Turns>) -> Self {
        Arrivals { inner, turns }
    }
}

impl<T: Transport<RoleServer>> Transport<RoleServer> for Arrivals<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        let answered = match &item {
            ServerJsonRpcMessage::Response(response) => Some(response.id.clone()),
            ServerJsonRpcMessage::Error(error) => error.id.clone(),
            _ => None,
        };
        if let Some(id) = answered {
            self.turns.done(&id);
        }
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        let message = self.inner.receive().await?;
        if let Some(id) = takes_a_turn(&message) {
            self.turns.arrived(id);
        }
        Some(message)
    }

    fn close(&mut self) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

#[cfg(test)]
mod tests {
    use super::Turns;
    use rmcp::model::{NumberOrString, RequestId};
    use std::sync::Arc;

    fn id(n: i64) -> RequestId {
        NumberOrString::Number(n)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn calls_go_in_the_order_they_arrived_whatever_order_they_ask_in() {
        let turns = Arc::new(Turns::default());
        for n in 1..=4 {
            turns.arrived(id(n));
        }
        let order = Arc::new(std::sync::Mutex::new(Vec::new()));
        // The last to arrive asks first; each takes its turn and records it.
        let mut tasks = Vec::new();
        for n in (1..=4).rev() {
            let (turns, order) = (turns.clone(), order.clone());
            tasks.push(tokio::spawn(async move {
                turns.wait(&id(n)).await;
                order.lock().map(|mut o| o.push(n)).ok();
                turns.done(&id(n));
            }));
            tokio::task::yield_now().await;
        }
        for task in tasks {
            task.await.ok();
        }
        assert_eq!(*order.lock().map(|o| o.clone()).unwrap_or_default(), vec![1, 2, 3, 4]);
        // A call that never queued goes at once.
        turns.wait(&id(99)).await;
    }
}
