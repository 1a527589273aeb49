//! What an operation on the workspace reaches, as the gate judges it: every path whose content
//! it reads or changes, each with the tools it counts as.
//!
//! Rules and the control plane are about what is *at* a path, so a decision on the path as
//! typed is not enough: a symlinked directory (`ln -s . here; echo x > here/toolsh.toml`), a
//! tree (`rm -rf ssh` holding `id_ed25519`) or a move (`mv secret s2`, which changes what is at
//! `secret/v.txt`) reach other paths. A [`Reach`] lists them all:
//!
//! - each path as typed and, where it differs, as resolved through symlinks (the parent's links
//!   always; the last component's for operations that follow it: reads, writes, modes);
//! - for a tree operation, every entry below the directory, found by walking it (symlinks
//!   below are entries, not followed);
//! - every change of a path is also an `fs.write` of it, so a write rule covers deleting,
//!   moving onto, moving away, copying onto and creating below; a move is an `fs.delete` of its
//!   source tree and a write of its destination tree; a copy reads its source tree.
//!
//! The gate then decides each (tool, path) pair and the strictest decision is the operation's
//! ([`super::gate::Gate::admit_reach`]): the whole operation runs or none of it does.

use crate::facts;
use crate::policy::{Decision, Policy, ToolFacts, Verdict};
use crate::vfs::Vfs;
use std::io;
use std::sync::Arc;

/// One judgment an operation needs: `tool` on an absolute path.
#[derive(Debug, Clone)]
pub struct Touch {
    /// The tool it counts as.
    pub tool: ToolFacts<'static>,
    /// The path, kept when the judgment is not an allowance (a question or a denial names it;
    /// an operation allowed outright is recorded under its own subject, so a redirection in a
    /// loop copies no path here).
    pub path: Option<String>,
}

/// The judgments of one operation, decided as they are found: only the strictest is kept, so
/// a tree of any size costs no memory here.
pub struct Reach {
    policy: Arc<Policy>,
    /// The strictest decision so far and the touch it is about (the first of equals).
    worst: Option<(Decision, Touch)>,
}

/// How an operation treats a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Reads its content (`fs.read`).
    Read,
    /// The source of a copy: read, but a symlink is copied as a link (`fs.read`).
    CopyFrom,
    /// Lists it (`fs.list`).
    List,
    /// Writes its content or metadata, following a final symlink (`fs.write`).
    Write,
    /// Creates a directory there (`fs.mkdir`, `fs.write`).
    Mkdir,
    /// Creates a symlink there, or replaces one (`fs.write` of the link itself).
    Link,
    /// Removes it (`fs.delete`, `fs.write`).
    Delete,
    /// Moves it away (`fs.move`, `fs.delete`, `fs.write`).
    MoveFrom,
    /// Moves something onto it (`fs.move`, `fs.write`).
    MoveTo,
    /// Copies something onto it (`fs.copy`, `fs.write`).
    CopyTo,
}

impl Role {
    /// The tools a path in this role is judged as.
    fn tools(self) -> &'static [ToolFacts<'static>] {
        match self {
            Role::Read | Role::CopyFrom => &[facts::READ],
            Role::List => &[facts::LIST],
            Role::Write | Role::Link => &[facts::WRITE],
            Role::Mkdir => &[facts::MKDIR, facts::WRITE],
            Role::Delete => &[facts::DELETE, facts::WRITE],
            Role::MoveFrom => &[facts::MOVE, facts::DELETE, facts::WRITE],
            Role::MoveTo => &[facts::MOVE, facts::WRITE],
            Role::CopyTo => &[facts::COPY, facts::WRITE],
        }
    }

    /// The tool the operation is audited as (the first it is judged as).
    pub fn primary(self) -> ToolFacts<'static> {
        self.tools()[0]
    }

    /// Whether the operation follows a symlink in the last component.
    fn follows_last(self) -> bool {
        matches!(self, Role::Read | Role::List | Role::Write | Role::CopyTo)
    }
}

impl Reach {
    /// An operation judged by `policy`.
    pub fn new(policy: Arc<Policy>) -> Self {
        Reach { policy, worst: None }
    }

    /// The strictest decision and what it is about; `None` when nothing was added.
    pub fn worst(self) -> Option<(Decision, Touch)> {
        self.worst
    }

    /// True once a touch is certainly denied: nothing found later can change the outcome.
    pub fn is_denied(&self) -> bool {
        self.worst.as_ref().is_some_and(|(d, _)| d.verdict == Verdict::Deny)
    }

    fn add(&mut self, role: Role, path: &str) {
        // The policy's patterns name normal paths: a path written with `.`, `..` or doubled
        // slashes (`/ws/lib/../secret/k`, which a command may build by joining) is judged as
        // the path it names, or `secret/**` would not see it.
        let normal;
        let path = if crate::vfs::path::is_normal(path) {
            path
        } else {
            normal = crate::vfs::path::normalize("/", path);
            normal.as_str()
        };
        for tool in role.tools() {
            if self.is_denied() {
                return;
            }
            let decision = self.policy.decide(*tool, Some(path));
            if self.worst.as_ref().is_none_or(|(worst, _)| decision.verdict > worst.verdict) {
                let path = (decision.verdict != Verdict::Allow).then(|| path.to_string());
                self.worst = Some((decision, Touch { tool: *tool, path }));
            }
        }
    }

    /// `abs` in `role` as typed, not resolved: for an operation that itself refuses any symlink
    /// on its way (so that, if it succeeds, the path as typed is the path reached).
    pub fn typed(&mut self, role: Role, abs: &str) {
        self.add(role, abs);
    }

    /// Whether everything added so far is allowed outright (no question, no denial).
    pub fn is_allowed(&self) -> bool {
        self.worst.as_ref().is_none_or(|(d, _)| d.verdict == Verdict::Allow)
    }

    /// `abs` in `role`: the path as typed and, when symlinks make it another, the path it
    /// resolves to, which is returned (the operation acts on it, so what was judged is what
    /// is touched).
    pub fn path(&mut self, vfs: &Vfs, role: Role, abs: &str) -> io::Result<String> {
        self.add(role, abs);
        let resolved = vfs.resolve(abs, role.follows_last())?;
        if resolved != abs {
            self.add(role, &resolved);
        }
        Ok(resolved)
    }

    /// Every entry below the resolved directory `dir` in `role` (the directory itself is
    /// added by [`Reach::path`]); with `onto`, each entry's counterpart below that path too,
    /// in its role (where a move or a copy puts it), resolved as it would be written. The walk
    /// stops at the first certain denial.
    pub fn below(&mut self, vfs: &Vfs, role: Role, dir: &str, onto: Option<(&str, Role)>) -> io::Result<()> {
        if self.is_denied() {
            return Ok(());
        }
        let mut failed = None;
        let walked = vfs.walk(dir, &mut |at, _| {
            if at == dir {
                return true;
            }
            self.add(role, at);
            if let Some((target, onto_role)) = onto {
                let mirrored = format!("{target}{}", &at[dir.len()..]);
                if onto_role == Role::MoveTo {
                    // A rename puts the tree where nothing is (it replaces at most an empty
                    // directory), so below the resolved target every path is as written.
                    self.add(onto_role, &mirrored);
                } else if let Err(err) = self.path(vfs, onto_role, &mirrored) {
                    failed = Some(err);
                    return false;
                }
            }
            !self.is_denied()
        });
        match walked {
            // Nothing is below a path that is not there (the operation itself will say so).
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(err) => Err(err),
            Ok(_) => failed.map_or(Ok(()), Err),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Profile;
    use crate::vfs::WriteMode;

    fn setup() -> (Vfs, Arc<Policy>) {
        let vfs = Vfs::in_memory();
        for dir in ["/w", "/w/secret", "/w/secret/deep", "/w/other"] {
            vfs.mkdir(dir).expect("mkdir");
        }
        vfs.write("/w/secret/deep/v", b"x", WriteMode::Truncate).expect("write");
        vfs.symlink("/w/secret", "/w/d").expect("symlink");
        let mut policy = Policy::new(Profile::Workspace);
        policy.add(Verdict::Deny, "fs.write:secret/**", "/w").expect("rule");
        (vfs, Arc::new(policy))
    }

    fn verdict(reach: Reach) -> Option<(Verdict, String, &'static str)> {
        reach.worst().map(|(d, t)| (d.verdict, t.path.unwrap_or_default(), t.tool.name))
    }

    #[test]
    fn a_path_is_judged_where_it_resolves() {
        let (vfs, policy) = setup();
        let mut reach = Reach::new(policy.clone());
        let resolved = reach.path(&vfs, Role::Write, "/w/d/deep/v").expect("resolves");
        assert_eq!(resolved, "/w/secret/deep/v");
        assert_eq!(verdict(reach), Some((Verdict::Deny, "/w/secret/deep/v".into(), "fs.write")));
        // Removing the link itself changes nothing behind it.
        let mut reach = Reach::new(policy);
        reach.path(&vfs, Role::Delete, "/w/d").expect("resolves");
        assert_eq!(verdict(reach).map(|v| v.0), Some(Verdict::Allow));
    }

    #[test]
    fn trees_and_moves_are_judged_entry_by_entry() {
        let (vfs, policy) = setup();
        // Deleting the directory deletes (so writes) what is inside it.
        let mut reach = Reach::new(policy.clone());
        let dir = reach.path(&vfs, Role::Delete, "/w/secret").expect("resolves");
        reach.below(&vfs, Role::Delete, &dir, None).expect("walks");
        assert_eq!(verdict(reach), Some((Verdict::Deny, "/w/secret/deep".into(), "fs.write")));
        // Moving a tree away and moving one onto the protected path are both changes there.
        let mut reach = Reach::new(policy.clone());
        let from = reach.path(&vfs, Role::MoveFrom, "/w/other").expect("resolves");
        let to = reach.path(&vfs, Role::MoveTo, "/w/secret/new").expect("resolves");
        reach.below(&vfs, Role::MoveFrom, &from, Some((&to, Role::MoveTo))).expect("walks");
        assert_eq!(verdict(reach), Some((Verdict::Deny, "/w/secret/new".into(), "fs.write")));
        // Elsewhere the same operations are allowed.
        let mut reach = Reach::new(policy);
        let from = reach.path(&vfs, Role::MoveFrom, "/w/other").expect("resolves");
        let to = reach.path(&vfs, Role::MoveTo, "/w/elsewhere").expect("resolves");
        reach.below(&vfs, Role::MoveFrom, &from, Some((&to, Role::MoveTo))).expect("walks");
        assert_eq!(verdict(reach).map(|v| v.0), Some(Verdict::Allow));
    }
}
