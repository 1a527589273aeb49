//! A second client of the same `toolsh mcp --http` server is an attacker: it must not list,
//! read, plant in or drop the sessions the server keeps for other clients.

use crate::support::{mcp_http_server, mcp_http_session, mcp_http_shell};

#[test]
fn one_http_client_cannot_reach_another_clients_session() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("store.db");
    let store = store.to_string_lossy();
    let (mut server, addr) = mcp_http_server(&["--memory", "--store", &store]);
    let victim = mcp_http_session(&addr);
    let attacker = mcp_http_session(&addr);
    let answer = mcp_http_shell(&addr, &victim, 2, "secret=hunter2; echo private > /tmp/notes; echo ok");
    assert!(answer.contains("ok"), "{answer}");
    let stolen = format!("mcp:{victim}");
    let attacks = [
        "session list".to_string(),
        format!("session restore {stolen}; echo \"[$secret]\"; cat /tmp/notes"),
        format!("ls() {{ echo planted; }}; session save {stolen}"),
        format!("session fork {stolen} copy && session restore copy; echo \"[$secret]\""),
        format!("session drop {stolen}"),
    ];
    for (n, attack) in attacks.iter().enumerate() {
        let answer = mcp_http_shell(&addr, &attacker, 3 + n as u32, attack);
        for leak in ["hunter2", "private"] {
            assert!(!answer.contains(leak), "{attack}: {leak} leaked: {answer}");
        }
        if attack == "session list" {
            assert!(!answer.contains(&victim), "the victim's session is listed: {answer}");
        } else {
            assert!(answer.contains("belongs to another client"), "{attack}: {answer}");
        }
    }
    // The victim's session is as it left it: its variable, its /tmp, no planted function.
    let answer = mcp_http_shell(&addr, &victim, 20, "echo \"[$secret]\"; cat /tmp/notes; type ls");
    assert!(answer.contains("[hunter2]") && answer.contains("private"), "{answer}");
    assert!(!answer.contains("planted"), "{answer}");
    let _ = server.kill();
    let _ = server.wait();
}
