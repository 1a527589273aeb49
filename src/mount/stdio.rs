//! The transport to a stdio server: its standard streams as rmcp's line transport, the child
//! killed when the transport goes, and every line it sends measured on the way in. rmcp drops a
//! message longer than its cap ([`MAX_MESSAGE`]) and nothing would answer the request it
//! carried; the measure raises [`Oversized`] instead, so the call fails at once saying why.

use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::transport::async_rw::AsyncRwTransport;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, ReadBuf};

/// The longest message a stdio server may send (rmcp's line cap): a larger answer is refused.
pub const MAX_MESSAGE: usize = rmcp::transport::async_rw::DEFAULT_MAX_LINE_LENGTH;

/// Raised when a server sent a message past [`MAX_MESSAGE`]; its size so far.
#[derive(Default)]
pub struct Oversized {
    /// Wakes the calls waiting when it happens.
    pub notify: tokio::sync::Notify,
    /// How long the line had grown when it passed the cap.
    pub bytes: std::sync::atomic::AtomicUsize,
}

/// A started server: its streams as a transport, the child process alongside.
pub struct ChildTransport {
    inner: AsyncRwTransport<RoleClient, Measured<tokio::process::ChildStdout>, tokio::process::ChildStdin>,
    /// Killed when dropped (`kill_on_drop`): the server never outlives its connection.
    _child: tokio::process::Child,
}

impl ChildTransport {
    /// The transport over `child`'s piped standard input and output, lines measured into
    /// `oversized`.
    pub fn new(mut child: tokio::process::Child, oversized: Arc<Oversized>) -> std::io::Result<ChildTransport> {
        let missing = || std::io::Error::other("the server's standard streams are not piped");
        let stdout = child.stdout.take().ok_or_else(missing)?;
        let stdin = child.stdin.take().ok_or_else(missing)?;
        let read = Measured { inner: stdout, line: 0, oversized };
        Ok(ChildTransport { inner: AsyncRwTransport::new_client(read, stdin), _child: child })
    }
}

impl Transport<RoleClient> for ChildTransport {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.inner.send(item)
    }

    fn receive(&mut self) -> impl std::future::Future<Output = Option<RxJsonRpcMessage<RoleClient>>> + Send {
        self.inner.receive()
    }

    fn close(&mut self) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

/// A reader that counts the bytes of the line in progress and raises [`Oversized`] once a
/// line passes [`MAX_MESSAGE`] (each time a line does).
pub struct Measured<R> {
    inner: R,
    line: usize,
    oversized: Arc<Oversized>,
}

impl<R: AsyncRead + Unpin> AsyncRead for Measured<R> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = polled {
            for piece in buf.filled()[before..].split_inclusive(|b| *b == b'\n') {
                let was = this.line;
                this.line += piece.len();
                if was <= MAX_MESSAGE && this.line > MAX_MESSAGE {
                    this.oversized.bytes.store(this.line, std::sync::atomic::Ordering::Relaxed);
                    this.oversized.notify.notify_waiters();
                }
                if piece.ends_with(b"\n") {
                    this.line = 0;
                }
            }
        }
        polled
    }
}
