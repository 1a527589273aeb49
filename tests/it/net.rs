//! `curl`, `wget` and `net.fetch` against a real HTTP server on loopback: the default profile
//! denies the network, loopback needs a rule naming it, and a redirect to a private or
//! metadata address is refused on its hop.

use std::process::Command;

/// Serves a few fixed routes on a loopback port until the test ends.
fn server() -> u16 {
    crate::support::http_server(|request| {
        let (status, extra, content) = match request.path.as_str() {
            "/hello" => ("200 OK", "", b"hello\n".to_vec()),
            "/echo" => {
                ("200 OK", "", format!("{} {}", request.method, String::from_utf8_lossy(&request.body)).into_bytes())
            }
            "/to-hello" => ("302 Found", "Location: /hello\r\n", Vec::new()),
            "/to-metadata" => ("302 Found", "Location: http://169.254.169.254/latest/meta-data/\r\n", Vec::new()),
            "/to-private" => ("301 Moved", "Location: http://10.0.0.7/admin\r\n", Vec::new()),
            "/big" => ("200 OK", "", vec![b'x'; 64 * 1024]),
            _ => ("404 Not Found", "", b"missing\n".to_vec()),
        };
        (status.to_string(), extra.to_string(), content)
    })
}

fn toolsh(dir: &std::path::Path, args: &[&str], script: &str) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env_clear()
        .env("HOME", crate::support::test_home())
        .arg("--root")
        .arg(dir)
        .args(args)
        .args(["-c", script])
        .output()
        .expect("run");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_network_is_denied_by_default_and_loopback_needs_a_rule_naming_it() {
    let port = server();
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("http://127.0.0.1:{port}/hello");
    let (out, err, status) = toolsh(dir.path(), &[], &format!("echo start; curl -s {url}"));
    assert_eq!((out.as_str(), status), ("", 126));
    assert!(err.contains("denied by profile:workspace") && err.contains("nothing was executed"), "{err}");
    let (_, err, status) = toolsh(dir.path(), &["--allow", "net.fetch"], &format!("curl -s {url}"));
    assert_eq!(status, 126);
    assert!(err.contains("127.0.0.1, a loopback address"), "{err}");
    let rule = format!("net.fetch:http://127.0.0.1:{port}/**");
    let (out, err, status) = toolsh(dir.path(), &["--allow", &rule], &format!("curl -s {url}"));
    assert_eq!((out.as_str(), status), ("hello\n", 0), "{err}");
}

#[test]
fn curl_flags_behave_as_curl() {
    let port = server();
    let dir = tempfile::tempdir().expect("tempdir");
    let base = format!("http://127.0.0.1:{port}");
    let rule = format!("net.fetch:{base}/**");
    let script = format!(
        "curl -s -w ' %{{http_code}}\\n' {base}/missing
         curl -sf {base}/missing; echo \"fail $?\"
         curl -s -X PUT -d a=1 -d b=2 {base}/echo; echo
         curl -s --data-binary @body.txt {base}/echo; echo
         curl -sI {base}/hello | head -1
         curl -s {base}/to-hello; echo \"no follow $?\"
         curl -sL {base}/to-hello
         curl -s -o saved.txt {base}/hello && cat saved.txt
         curl -s --max-filesize 1000 {base}/big; echo \"big $?\"
         wget -q {base}/hello && cat hello
         net.fetch {base}/echo --method POST --body hi | jq -r .body"
    );
    std::fs::write(dir.path().join("body.txt"), "raw\nbytes").expect("write");
    let (out, err, _) = toolsh(dir.path(), &["--allow", &rule], &script);
    let expected = "missing\n 404\nfail 22\nPUT a=1&b=2\nPOST raw\nbytes\nHTTP/1.1 200 OK\r\nno follow 0\nhello\nhello\nbig 63\nhello\nPOST hi\n";
    assert_eq!(out, expected, "{err}");
}

#[test]
fn redirects_to_private_or_metadata_addresses_are_refused_on_their_hop() {
    let port = server();
    let dir = tempfile::tempdir().expect("tempdir");
    let base = format!("http://127.0.0.1:{port}");
    // The policy allows every URL; the address guard still refuses these hops.
    let args = [
        "--allow",
        "net.fetch:http://127.0.0.1:*/**",
        "--allow",
        "net.fetch:http://169.254.169.254/**",
        "--allow",
        "net.fetch:http://10.0.0.7/**",
    ];
    for (path, why) in
        [("to-metadata", "169.254.169.254, a link-local address"), ("to-private", "10.0.0.7, a private address")]
    {
        let (out, err, status) = toolsh(dir.path(), &args, &format!("curl -sL {base}/{path}"));
        assert_eq!((out.as_str(), status), ("", 126), "{path}: {err}");
        assert!(err.contains(why), "{path}: {err}");
    }
    // A redirect to a URL the policy does not allow is a policy denial on that hop.
    let only_loopback = format!("net.fetch:{base}/**");
    let (_, err, status) = toolsh(dir.path(), &["--allow", &only_loopback], &format!("curl -sL {base}/to-metadata"));
    assert_eq!(status, 126);
    assert!(err.contains("net.fetch http://169.254.169.254/latest/meta-data/ denied by profile:workspace"), "{err}");
}
