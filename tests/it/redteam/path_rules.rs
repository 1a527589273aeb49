//! Path rules mean what they say: a write rule on a path covers every operation that changes
//! what is there (moves and copies onto it, renames of an ancestor, writes through an alias,
//! deleting it), and a delete rule covers moving it away and deleting a directory holding it.

use super::{RULED, assert_none, breaches, cases};

const WRITE_RULE: &[&str] = &["--deny", "fs.write:secret/**"];

#[test]
fn a_write_rule_covers_every_route_onto_the_path() {
    let lines = [
        "echo x > secret/v.txt",
        "mv other.txt secret/v.txt",
        "mv -f other.txt secret/v.txt",
        "mkdir d2; echo x > d2/v.txt; cp -r d2/. secret/",
        "mkdir -p d2/deep; echo x > d2/deep/w.txt; cp -r d2/. secret/",
        "fs.move --from other.txt --to secret/v.txt",
        "fs.copy --from other.txt --to secret/v.txt",
        "ln -s secret/v.txt l; echo x > l",
        "ln -s secret d; echo x > d/v.txt",
        "ln -s secret d; cp other.txt d/v.txt",
        "ln -s secret d; sed -i s/protected/changed/ d/v.txt",
        "ln -s secret/v.txt l; sed -i s/protected/changed/ l",
        "ln -s secret d; fs.write --path d/v.txt --content x",
        "ln -s secret d; echo x | tee d/v.txt",
        "ln -s secret/deep dd; echo x > dd/w.txt",
        "mv secret s2; echo x > s2/v.txt; mv s2 secret",
        "mv secret/deep d3; echo x > d3/w.txt; mv d3 secret/deep",
        "fs.move --from secret --to s2; echo x > s2/v.txt; fs.move --from s2 --to secret",
        "rm secret/v.txt",
        "rm -rf secret",
        "rm -rf ./*",
        "mkdir t; tar -cf t.tar other.txt; cd secret; tar -xf ../t.tar; mv other.txt v.txt",
        "mkdir -p m/secret; echo x > m/secret/v.txt; tar -cf t.tar -C m secret; tar -xf t.tar",
        "ln -s secret d; mkdir -p e; echo x > e/v.txt; mv e/v.txt d/",
        "cd secret && echo x > v.txt",
        "cd secret/deep && echo x > ../v.txt",
        "ln -s secret d; cd d; echo x > v.txt",
        "touch -d 2000-01-01 secret/v.txt; chmod 000 secret/v.txt",
        "ln -s secret d; chmod 000 d/v.txt",
        "awk 'BEGIN { print \"x\" > \"secret/v.txt\" }'",
    ];
    assert_none("write rule", breaches(&cases(WRITE_RULE, &lines), RULED, |_, _| None));
}

#[test]
fn a_delete_rule_covers_moving_away_and_deleting_the_directory() {
    let deny = ["--deny", "fs.delete:secret/**"];
    let lines = [
        "rm secret/v.txt",
        "rm -rf secret",
        "rm -rf ./*",
        "rm -r secret/deep",
        "mv secret/v.txt elsewhere.txt",
        "mv secret gone",
        "fs.move --from secret/v.txt --to elsewhere.txt",
        "fs.move --from secret --to gone",
        "fs.delete --path secret --recursive",
        "ln -s secret d; rm -rf d/",
        "ln -s secret d; rm d/v.txt",
        "ln -s secret d; mv d/v.txt x",
        "find secret -type f -delete",
        "find . -name v.txt -exec rm {} +",
    ];
    assert_none("delete rule", breaches(&cases(&deny, &lines), RULED, |_, _| None));
    // The same under `--deny fs.delete` and under `--ask fs.delete` with nobody to answer.
    let moves = ["mv secret/v.txt elsewhere.txt", "fs.move --from secret/v.txt --to elsewhere.txt", "mv secret gone"];
    assert_none("deny fs.delete", breaches(&cases(&["--deny", "fs.delete"], &moves), RULED, |_, _| None));
    assert_none("ask fs.delete", breaches(&cases(&["--ask", "fs.delete"], &moves), RULED, |_, _| None));
}

#[test]
fn a_read_rule_covers_aliases() {
    let deny = ["--deny", "fs.read:secret/**"];
    let lines = [
        "cat secret/v.txt",
        "ln -s secret d; cat d/v.txt",
        "ln -s secret/v.txt l; cat l",
        "ln -s secret/v.txt l; cp l copy; cat copy",
        "cp -r secret copy; cat copy/v.txt",
        "tar -cf t.tar secret; tar -xOf t.tar",
        "ln -s secret d; tar -chf t.tar d; tar -xOf t.tar",
        "ln -s secret d; grep -r value d/",
        "sqlite3 :memory: \"SELECT 1\"; ln -s secret d; head d/v.txt",
        // A path a command builds by joining (jq's module search) is judged as what it names.
        "mkdir jq; printf '\"protected value\"' > secret/d.json; jq -n 'import \"d\" as $d {search: \"jq/../secret\"}; $d'",
        "mkdir jq; printf '\"protected value\"' > secret/d.json; jq -n 'import \"d\" as $d {search: \"./secret/./\"}; $d'",
        "printf 'module {v: \"protected value\"};' > secret/m.jq; jq -n -L jq/../secret '\"m\" | modulemeta'",
        "mkdir jq; printf 'module {v: \"protected value\"};' > secret/m.jq; jq -n -L jq '\"../secret/m\" | modulemeta'",
    ];
    let found = breaches(&cases(&deny, &lines), RULED, |_, ran| {
        (ran.stdout.contains("protected value") || ran.stdout.contains("deeper value")).then(|| "leaked".to_string())
    });
    assert_none("read rule", found);
}

#[test]
fn what_the_rules_still_allow() {
    // Outside the protected tree everything works as before: the rules do not over-reach.
    let fx = super::Fixture::new();
    let ran = fx.run(
        WRITE_RULE,
        "echo y > other.txt; mv other.txt o2; cp o2 o3; mkdir -p n/m; ln -s n l; echo z > l/m/f; cat l/m/f o3; \
         rm -r n o2 o3 l; cat secret/v.txt",
    );
    assert_eq!((ran.stdout.as_str(), ran.status), ("z\ny\nprotected value\n", 0), "{}", ran.stderr);
    let fx = super::Fixture::new();
    let ran = fx.run(WRITE_RULE, "mv other.txt secret/new.txt");
    assert_eq!(ran.status, 126, "{}", ran.stderr);
    assert!(ran.stderr.contains("denied by deny:fs.write:secret/**"), "{}", ran.stderr);
    assert!(fx.ws.join("other.txt").exists(), "a refused move leaves its source");
}
