//! Host paths through every command and tool: absolute, `..`, links made inside, archives,
//! SQL, the tools' own arguments, and links swapped while a background job writes. Nothing
//! outside the workspace is read, written or created.

use super::{assert_none, breaches, cases};

/// Lines that try to read the host: none may print what it holds.
const READS: &[&str] = &[
    "cat {host}/notes.txt",
    "cat ../host/notes.txt",
    "cd ..; cat host/notes.txt",
    "cd /; cat {host}/notes.txt",
    "head -c 100 ../host/notes.txt; tail ../host/notes.txt",
    "grep -r notes ..",
    "grep -r notes {host}",
    "find .. -name notes.txt -exec cat {} +",
    "find / -name notes.txt",
    "sed -n p ../host/notes.txt",
    "awk '{print}' ../host/notes.txt",
    "awk 'BEGIN { while ((getline l < \"{host}/notes.txt\") > 0) print l }'",
    "sort ../host/notes.txt; uniq ../host/notes.txt; wc ../host/notes.txt; od -c ../host/notes.txt",
    "cut -c1- ../host/notes.txt; base64 ../host/notes.txt | base64 -d; xxd ../host/notes.txt",
    "jq -R . ../host/notes.txt",
    "source ../host/notes.txt; . {host}/notes.txt",
    "cp ../host/notes.txt mine; cat mine",
    "cp -r .. all; cat all/host/notes.txt",
    "tar -cf t.tar ../host/notes.txt; tar -xOf t.tar",
    "tar -cf t.tar -C .. host; tar -xOf t.tar",
    "gzip -c ../host/notes.txt | zcat",
    "ln -s ../host/notes.txt l; cat l",
    "ln -s {host}/notes.txt l; cat l",
    "ln -s .. up; cat up/host/notes.txt",
    "ln -s / r; cat r{host}/notes.txt",
    "mkdir -p a; ln -s ../.. a/up; cat a/up/host/notes.txt",
    "fs.read --path {host}/notes.txt; fs.read --path ../host/notes.txt",
    "fs.list --path ..; fs.glob --pattern '**/notes.txt' --path ..",
    "fs.copy --from ../host/notes.txt --to mine; cat mine",
    "sqlite3 ../host/victim.db 'SELECT * FROM t'",
    "db.query --database {host}/victim.db --sql 'SELECT * FROM t'",
    "diff ../host/notes.txt /dev/null; cmp ../host/notes.txt /dev/null",
    "realpath ../host/notes.txt; readlink -f ../host/notes.txt; ls -la ..; stat ../host/notes.txt",
    "while read l; do echo $l; done < ../host/notes.txt",
    "x=$(< ../host/notes.txt); echo \"$x\"",
    "bash ../host/notes.txt; sh -c 'cat ../host/notes.txt'",
    "xargs cat <<< ../host/notes.txt",
    "md5sum ../host/notes.txt",
];

/// Lines that try to write, create or remove on the host.
const WRITES: &[&str] = &[
    "echo x > {host}/notes.txt",
    "echo x > ../host/new.txt",
    "echo x >> ../host/notes.txt",
    "cd ..; echo x > host/notes.txt",
    "touch ../host/new.txt; mkdir ../host/newdir; rm ../host/notes.txt; rm -rf ../host",
    "cp other.txt ../host/notes.txt; mv other.txt ../host/moved.txt",
    "ln -s ../host hostdir; echo x > hostdir/notes.txt; rm -rf hostdir/",
    "ln -s {host} hostdir; cp other.txt hostdir/notes.txt; rm hostdir/notes.txt",
    "ln -s ../host/notes.txt l; echo x > l; sed -i s/host/evil/ l; chmod 000 l",
    "ln -s ../host/new.txt dangling; echo x > dangling",
    "ln ../host/notes.txt hard; echo x > hard",
    "sed -i s/host/evil/ ../host/notes.txt",
    "awk 'BEGIN { print \"x\" > \"../host/new.txt\" }'",
    "tee ../host/notes.txt < other.txt",
    "gzip ../host/notes.txt; gunzip -c other.txt > ../host/new.txt",
    "split -b 1 other.txt ../host/part",
    "mkdir -p p; ln -s {host} p/h; tar -cf t.tar -C p h; echo x > x; tar -rf t.tar x; \
     mkdir q; cd q; tar -xf ../t.tar; echo y > h/new.txt",
    "printf 'x' > t; tar -cf t.tar --transform 's,^,../host/,' t; tar -xf t.tar",
    "fs.write --path {host}/new.txt --content x; fs.write --path ../host/notes.txt --content x",
    "fs.mkdir --path ../host/newdir; fs.delete --path ../host --recursive; fs.move --from other.txt --to ../host/x",
    "sqlite3 ../host/new.db 'CREATE TABLE t(x)'",
    "db.execute --database {host}/victim.db --sql 'DELETE FROM t'",
    "mktemp -p ../host; mktemp -d ../host/XXXX",
    "find .. -name notes.txt -delete; find {host} -type f -exec rm {} +",
    "cd ..; rm -rf *",
    "echo x | xargs -I{} sh -c 'echo {} > ../host/new.txt'",
];

fn leaked(ran: &super::Ran) -> Option<String> {
    (ran.stdout.contains("host notes") || ran.stdout.contains("row-secret")).then(|| "read the host".to_string())
}

#[test]
fn host_files_are_not_read_through_any_command() {
    assert_none("host reads", breaches(&cases(&[], READS), &[], |_, ran| leaked(ran)));
    let trusted = ["--profile", "trusted"];
    assert_none("host reads (trusted)", breaches(&cases(&trusted, &READS[..12]), &[], |_, ran| leaked(ran)));
}

#[test]
fn host_files_are_not_written_through_any_command() {
    assert_none("host writes", breaches(&cases(&[], WRITES), &[], |_, _| None));
    let trusted = ["--profile", "trusted"];
    assert_none("host writes (trusted)", breaches(&cases(&trusted, &WRITES[..10]), &[], |_, _| None));
}

#[test]
fn a_link_swapped_by_a_background_job_does_not_redirect_writes() {
    // One job flips `d` between a harmless directory and `secret` (and the host) while the
    // foreground writes through it: each write is judged where it lands, at that moment.
    let flipper = "mkdir -p harmless; (for i in $(seq 300); do ln -sfn harmless d; ln -sfn secret d; \
                   ln -sfn ../host d; done) &";
    let line = format!("{flipper} for i in $(seq 300); do echo x > d/v.txt 2>/dev/null; done; wait");
    let found = breaches(&cases(&["--deny", "fs.write:secret/**"], &[line.as_str()]), super::RULED, |_, _| None);
    assert_none("link race", found);
}
