//! Policy: which tool calls are allowed, asked about, or denied.
//!
//! Rules come from `toolsh.toml` and the `--allow/--ask/--deny` flags; a profile supplies the
//! defaults. A rule is `PATTERN` or `PATTERN:ARG`, where `PATTERN` is a glob over qualified tool
//! names (`fs.*`, or a namespace alone: `fs`) and `ARG` a glob over the call's subject (its path
//! or URL; `*` alone is any subject). Precedence: deny ▸ ask ▸ allow ▸ the profile's default for
//! the tool's side effect. The control plane (the config file, the store, secrets) is never
//! writable, whatever the rules say; what runs code later (git hooks, CI workflows, …) only by
//! an allow rule that names its path. Whether each pattern names a tool
//! at all is checked against the registry when the shell is built
//! ([`crate::Registry::check`]), so a rule that matches nothing never passes unseen.

use crate::SideEffect;
use globset::{Glob, GlobBuilder, GlobMatcher};
use std::fmt;
use std::sync::Arc;

mod carry;

/// What a rule says about a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Run it.
    Allow,
    /// Ask whoever can answer; nobody to answer means no.
    Ask,
    /// Do not run it.
    Deny,
}

impl Verdict {
    /// `allow`, `ask` or `deny`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Allow => "allow",
            Verdict::Ask => "ask",
            Verdict::Deny => "deny",
        }
    }
}

/// A named set of defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Profile {
    /// Only read-only tools run.
    Readonly,
    /// Reads and workspace writes run; network, host programs and open-world tools are denied.
    /// The default.
    #[default]
    Workspace,
    /// Everything runs unless a rule says otherwise.
    Trusted,
}

impl Profile {
    /// Parses `readonly`, `workspace` or `trusted`.
    pub fn parse(name: &str) -> Result<Profile, String> {
        match name {
            "readonly" | "read-only" => Ok(Profile::Readonly),
            "workspace" => Ok(Profile::Workspace),
            "trusted" => Ok(Profile::Trusted),
            other => Err(format!("unknown profile '{other}': use readonly, workspace or trusted")),
        }
    }

    /// The profile's name.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Readonly => "readonly",
            Profile::Workspace => "workspace",
            Profile::Trusted => "trusted",
        }
    }
}

/// One `allow`/`ask`/`deny` rule.
#[derive(Debug, Clone)]
pub struct Rule {
    verdict: Verdict,
    text: Arc<str>,
    /// The tool pattern as written (`fs.dlete`), for saying what it matches or should.
    name: Box<str>,
    tool: GlobMatcher,
    /// The argument pattern.
    arg: Option<ArgPattern>,
    /// The rule as given to [`Rule::parse`] and the root its relative paths were taken from,
    /// so the rule can be written out and read back (a timer carries its scheduler's rules).
    spec: Box<str>,
    root: Box<str>,
}

/// A rule's argument pattern, compiled for each kind of subject.
#[derive(Debug, Clone)]
struct ArgPattern {
    /// As written, `*` stopping at `/` (paths, URLs, recipients).
    plain: GlobMatcher,
    /// For a relative path pattern, joined to the root.
    rooted: Option<GlobMatcher>,
    /// Over a command line's words, where `*` crosses `/` (`push*` holds `push origin/main`).
    words: GlobMatcher,
}

impl Rule {
    /// Parses `PATTERN[:ARG]`; relative argument patterns are taken from `root`.
    pub fn parse(verdict: Verdict, spec: &str, root: &str) -> Result<Rule, String> {
        let (tool, arg) = match spec.split_once(':') {
            Some((tool, arg)) if !arg.is_empty() => (tool, Some(arg)),
            _ => (spec.trim_end_matches(':'), None),
        };
        if tool.is_empty() {
            return Err(format!("rule '{spec}' names no tool: write e.g. fs.write or fs.write:src/**"));
        }
        let bad = |err: globset::Error| format!("rule '{spec}': {err}");
        let name = tool.into();
        let tool = name_matcher(tool).map_err(bad)?;
        // `fs:*` reads as "every call of fs", which is what is meant: as a path pattern, `*`
        // would hold only the entries directly in the workspace root (written `./*`).
        let arg = match arg.filter(|arg| *arg != "*") {
            None => None,
            Some(pattern) => {
                let compile = |p: &str, separator: bool| {
                    GlobBuilder::new(p).literal_separator(separator).build().map(|g| g.compile_matcher()).map_err(bad)
                };
                let rooted = if pattern.starts_with('/') || pattern.contains("://") {
                    None
                } else {
                    Some(compile(&crate::vfs::path::normalize(root, pattern), true)?)
                };
                Some(ArgPattern { plain: compile(pattern, true)?, rooted, words: compile(pattern, false)? })
            }
        };
        Ok(Rule {
            verdict,
            text: format!("{}:{spec}", verdict.as_str()).into(),
            name,
            tool,
            arg,
            spec: spec.into(),
            root: root.into(),
        })
    }

    fn matches(&self, tool: ToolFacts<'_>, subject: Option<&str>) -> bool {
        if !self.tool.is_match(tool.name) {
            return false;
        }
        match (&self.arg, subject) {
            (None, _) => true,
            (Some(_), None) => false,
            // A command line: an allow rule holds it from its first word; a deny or ask rule
            // from any word on, so options put before the words a rule names (`git -c k=v
            // push`, `git --no-pager push`) do not slip past it.
            (Some(arg), Some(subject)) if tool.words => {
                if self.verdict == Verdict::Allow {
                    return arg.words.is_match(subject);
                }
                std::iter::once(0)
                    .chain(subject.match_indices(' ').map(|(at, _)| at + 1))
                    .any(|start| arg.words.is_match(&subject[start..]))
            }
            (Some(arg), Some(subject)) => {
                arg.plain.is_match(subject) || arg.rooted.as_ref().is_some_and(|r| r.is_match(subject))
            }
        }
    }

    /// True when the rule holds for every argument of a matching tool.
    fn is_unconditional(&self) -> bool {
        self.arg.is_none()
    }
}

/// Compiles a pattern over tool names: a namespace alone (`fs`, `memory`) is every tool in it.
fn name_matcher(pattern: &str) -> Result<GlobMatcher, globset::Error> {
    let pattern = if pattern.contains('.') { pattern.to_string() } else { format!("{pattern}.*") };
    Ok(Glob::new(&pattern)?.compile_matcher())
}

/// One pattern of a policy over tool names — a rule's, or a `disable` entry's — as
/// [`crate::Registry::check`] compares it with the registered tools.
#[derive(Debug, Clone, Copy)]
pub struct NamePattern<'a> {
    /// The rule as it is named in decisions and errors: `deny:fs.dlete`, `disabled:msg`.
    pub rule: &'a str,
    /// The tool pattern as written: `fs.dlete`, `msg`.
    pub written: &'a str,
    matcher: &'a GlobMatcher,
}

impl NamePattern<'_> {
    /// Whether the pattern holds the tool named `name`.
    pub fn matches(&self, name: &str) -> bool {
        self.matcher.is_match(name)
    }
}

/// A rule or `disable` entry that names no tool: toolsh refuses to start on it, since a rule
/// that matches nothing protects nothing (`deny = ["fs.dlete"]` would let `rm` through).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PolicyError {
    /// The rule as written, with its kind: `deny:fs.dlete`, `disabled:msg.*`.
    pub rule: String,
    /// What was probably meant (`did you mean fs.delete?`), when something is close.
    pub hint: Option<String>,
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule '{}' matches no tool", self.rule)?;
        match &self.hint {
            Some(hint) => write!(f, " ({hint})"),
            None => write!(f, " (run 'toolsh -c \"config tools\"' to list them)"),
        }
    }
}

impl std::error::Error for PolicyError {}

/// What the gate needs to know about a tool to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToolFacts<'a> {
    /// Qualified name.
    pub name: &'a str,
    /// Side-effect class.
    pub side_effect: SideEffect,
    /// Runs only when a rule allows it explicitly.
    pub restricted: bool,
    /// Writes: the control plane is checked against its subjects.
    pub writes: bool,
    /// Reaches a world outside the workspace and the store (the network, another service):
    /// the profiles judge it as they judge the network.
    pub open_world: bool,
    /// Its subject is a command line (a host program's words), not a path: see
    /// [`crate::ToolSpec::takes_words`].
    pub words: bool,
}

/// A decision and the rule that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The verdict.
    pub verdict: Verdict,
    /// `deny:fs.delete`, `profile:workspace`, `control-plane`, … (shared: decisions are hot).
    pub rule: Arc<str>,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = match self.verdict {
            Verdict::Allow => "allowed",
            Verdict::Ask => "held for approval",
            Verdict::Deny => "denied",
        };
        write!(f, "{verb} by {}", self.rule)
    }
}

/// The rules in force for a session.
#[derive(Debug, Clone)]
pub struct Policy {
    profile: Profile,
    /// `profile:NAME`, the rule named by default decisions.
    profile_rule: Arc<str>,
    rules: Vec<Rule>,
    /// Paths that are never writable (config file, store, …), virtual and absolute.
    control_plane: Vec<String>,
    /// Tools switched off: not registered, and refused on every path that names them.
    disabled: Vec<(GlobMatcher, Arc<str>)>,
    /// Why the policy refuses every call: it could not be checked against the tools (see
    /// [`Policy::refuse_everything`]).
    refused: Option<Arc<str>>,
    /// Other policies also in force, each with no `also` of its own: a timer's run is judged
    /// by the server's policy and by the one it was scheduled under, the strictest decision
    /// holding (see `carry.rs`).
    also: Vec<Arc<Policy>>,
}

impl Policy {
    /// A policy with `profile` defaults and no rules.
    pub fn new(profile: Profile) -> Self {
        Policy {
            profile,
            profile_rule: profile_rule(profile),
            rules: Vec::new(),
            control_plane: Vec::new(),
            disabled: Vec::new(),
            refused: None,
            also: Vec::new(),
        }
    }

    /// The profile.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Replaces the profile.
    pub fn set_profile(&mut self, profile: Profile) {
        self.profile = profile;
        self.profile_rule = profile_rule(profile);
    }

    /// Adds a rule (`PATTERN[:ARG]`), relative path patterns taken from `root`.
    pub fn add(&mut self, verdict: Verdict, spec: &str, root: &str) -> Result<(), String> {
        self.rules.push(Rule::parse(verdict, spec, root)?);
        Ok(())
    }

    /// Switches off the tools matching `pattern` (a glob over tool names, or a namespace).
    pub fn disable(&mut self, pattern: &str) -> Result<(), String> {
        let matcher = name_matcher(pattern).map_err(|e| format!("disable '{pattern}': {e}"))?;
        self.disabled.push((matcher, format!("disabled:{pattern}").into()));
        Ok(())
    }

    /// Every pattern over tool names, the rules' first (in the order they were added), then
    /// the `disable` entries'.
    pub fn name_patterns(&self) -> impl Iterator<Item = NamePattern<'_>> {
        let rules = self.rules.iter().map(|r| NamePattern { rule: &r.text, written: &r.name, matcher: &r.tool });
        let disabled = self.disabled.iter().map(|(matcher, rule)| NamePattern {
            rule,
            written: rule.strip_prefix("disabled:").unwrap_or(rule),
            matcher,
        });
        rules.chain(disabled)
    }

    /// Makes every call a denial naming `why`: what a shell built without the check
    /// ([`crate::Registry::check`]) does with a policy that failed it, rather than
    /// running with a rule that protects nothing.
    pub fn refuse_everything(&mut self, why: &str) {
        self.refused = Some(format!("invalid policy: {why}").into());
    }

    /// The `disabled:PAT` rule that switches `tool` off, if one does (in this policy or one
    /// also in force).
    pub fn disabled_by(&self, tool: &str) -> Option<&Arc<str>> {
        self.own_disabled_by(tool).or_else(|| self.also.iter().find_map(|also| also.own_disabled_by(tool)))
    }

    fn own_disabled_by(&self, tool: &str) -> Option<&Arc<str>> {
        self.disabled.iter().find(|(m, _)| m.is_match(tool)).map(|(_, rule)| rule)
    }

    /// Protects a virtual path (a file or a whole directory) from every write.
    pub fn protect(&mut self, path: &str) {
        self.control_plane.push(path.trim_end_matches('/').to_string());
    }

    /// The paths protected from every write (the policy file, the store), as given to
    /// [`Policy::protect`].
    pub fn protected(&self) -> impl Iterator<Item = &str> {
        let also = self.also.iter().flat_map(|also| also.control_plane.iter());
        self.control_plane.iter().chain(also).map(String::as_str)
    }

    /// The rules as written, in precedence order.
    pub fn rules(&self) -> impl Iterator<Item = &str> {
        self.rules.iter().map(|r| &*r.text)
    }

    /// Decides one call of `tool` with its subject (path or URL) when it has one: the
    /// strictest of this policy's decision and those of the policies also in force.
    pub fn decide(&self, tool: ToolFacts<'_>, subject: Option<&str>) -> Decision {
        let mut decision = self.decide_own(tool, subject);
        for also in &self.also {
            let other = also.decide_own(tool, subject);
            if other.verdict > decision.verdict {
                decision = Decision { verdict: other.verdict, rule: carry::scheduled(&other.rule) };
            }
        }
        decision
    }

    fn decide_own(&self, tool: ToolFacts<'_>, subject: Option<&str>) -> Decision {
        if let Some(rule) = &self.refused {
            return Decision { verdict: Verdict::Deny, rule: rule.clone() };
        }
        if let Some(rule) = self.own_disabled_by(tool.name) {
            return Decision { verdict: Verdict::Deny, rule: rule.clone() };
        }
        if tool.writes
            && let Some(path) = subject
            && let Some(what) = self.control_plane_of(path)
        {
            return Decision {
                verdict: Verdict::Deny,
                rule: format!("control-plane ({what} is never writable)").into(),
            };
        }
        if tool.writes
            && !tool.words
            && let Some(path) = subject
            && let Some(what) = runs_code_later(path)
            && !self.names_subject(tool, path)
        {
            return Decision {
                verdict: Verdict::Deny,
                rule: format!("control-plane ({what} runs code later: writable only by an allow rule naming its path)")
                    .into(),
            };
        }
        for verdict in [Verdict::Deny, Verdict::Ask, Verdict::Allow] {
            if let Some(rule) = self.rules.iter().find(|r| r.verdict == verdict && r.matches(tool, subject)) {
                return Decision { verdict, rule: rule.text.clone() };
            }
        }
        self.default_for(tool)
    }

    /// True when an allow rule with an argument pattern matches `subject` (and nothing denies
    /// or asks): how loopback URLs are opened to `net.fetch`, by naming them.
    pub fn explicitly_allows(&self, tool: ToolFacts<'_>, subject: &str) -> bool {
        self.decide(tool, Some(subject)).verdict == Verdict::Allow
            && self.names_subject(tool, subject)
            && self.also.iter().all(|also| also.names_subject(tool, subject))
    }

    /// Whether an allow rule with an argument pattern matches this call: the operator named
    /// what it acts on (`--allow 'fs.*:.git/hooks/**'`), not merely the tool.
    fn names_subject(&self, tool: ToolFacts<'_>, subject: &str) -> bool {
        self.rules.iter().any(|r| r.verdict == Verdict::Allow && r.arg.is_some() && r.matches(tool, Some(subject)))
    }

    /// The decision when the subject is not known yet: a denial only when every subject would
    /// be denied (the pre-flight check blocks a line on certain denials only).
    pub fn decide_unknown_subject(&self, tool: ToolFacts<'_>) -> Option<Decision> {
        self.own_unknown_subject(tool).or_else(|| {
            self.also
                .iter()
                .find_map(|also| also.own_unknown_subject(tool))
                .map(|decision| Decision { verdict: decision.verdict, rule: carry::scheduled(&decision.rule) })
        })
    }

    fn own_unknown_subject(&self, tool: ToolFacts<'_>) -> Option<Decision> {
        if let Some(rule) = &self.refused {
            return Some(Decision { verdict: Verdict::Deny, rule: rule.clone() });
        }
        if let Some(rule) = self.own_disabled_by(tool.name) {
            return Some(Decision { verdict: Verdict::Deny, rule: rule.clone() });
        }
        if let Some(rule) =
            self.rules.iter().find(|r| r.verdict == Verdict::Deny && r.is_unconditional() && r.matches(tool, None))
        {
            return Some(Decision { verdict: Verdict::Deny, rule: rule.text.clone() });
        }
        let rescued = self.rules.iter().any(|r| r.verdict != Verdict::Deny && r.tool.is_match(tool.name));
        let default = self.default_for(tool);
        (default.verdict == Verdict::Deny && !rescued).then_some(default)
    }

    fn default_for(&self, tool: ToolFacts<'_>) -> Decision {
        let deny =
            |why: &str| Decision { verdict: Verdict::Deny, rule: format!("{} ({why})", self.profile_rule).into() };
        if tool.restricted {
            return deny("restricted tool: needs an explicit allow rule");
        }
        let (ns, _) = tool.name.split_once('.').unwrap_or((tool.name, ""));
        let verdict = match self.profile {
            Profile::Trusted => Verdict::Allow,
            _ if tool.open_world || (matches!(ns, "net" | "host") && self.profile == Profile::Workspace) => {
                return deny("network, host programs and open-world tools are denied; allow them with --allow");
            }
            Profile::Readonly => match tool.side_effect {
                SideEffect::ReadOnly => Verdict::Allow,
                _ => return deny("only read-only tools run"),
            },
            Profile::Workspace => match tool.side_effect {
                SideEffect::Delegating => Verdict::Ask,
                _ => Verdict::Allow,
            },
        };
        Decision { verdict, rule: self.profile_rule.clone() }
    }

    /// What protected thing `path` is, when it is part of the control plane.
    pub fn control_plane_of(&self, path: &str) -> Option<&'static str> {
        for protected in &self.control_plane {
            if path == protected || path.strip_prefix(protected.as_str()).is_some_and(|rest| rest.starts_with('/')) {
                return Some("the toolsh configuration");
            }
        }
        let name = path.rsplit('/').next().unwrap_or(path);
        let secret = name == ".env"
            || name.starts_with(".env.")
            || name.ends_with(".pem")
            || name.ends_with(".key")
            || name.starts_with("id_");
        secret.then_some("a secret")
    }
}

impl Default for Policy {
    fn default() -> Self {
        Policy::new(Profile::default())
    }
}

/// What a write of `path` would plant that runs code later, outside every call the gate sees:
/// a git hook, git's configuration (`core.fsmonitor`, `core.hooksPath`, `diff.external`,
/// aliases and filters run programs on the next `git status`), a CI workflow (run on the next
/// push), ssh's keys and configuration (`authorized_keys`, `ProxyCommand`), a shell's start-up
/// file. Such a path is part of the control plane for the shell's own commands unless an allow
/// rule names it; a host program the operator declared (`git` keeping its own configuration
/// and index) writes with the kernel, not through the gate.
pub fn runs_code_later(path: &str) -> Option<&'static str> {
    if !path.starts_with('/') {
        return None; // not a path: a recipient, a URL, a key
    }
    let parts: Vec<&str> = path.split('/').filter(|part| !part.is_empty()).collect();
    let name = parts.last().copied().unwrap_or_default();
    if let Some(at) = parts.iter().position(|part| *part == ".git") {
        // A `.git` file or directory made or replaced points git at another directory, whose
        // configuration then runs code: the entry itself is covered as well as what is in it.
        let inside = &parts[at + 1..];
        return Some(if inside.contains(&"hooks") {
            "a git hook"
        } else if inside.ends_with(&["info", "attributes"]) {
            "git's attributes (which choose filters and diff drivers)"
        } else if inside.is_empty() || matches!(name, "config" | "config.worktree") {
            "git's configuration"
        } else {
            return None;
        });
    }
    if let Some(at) = parts.iter().position(|part| *part == ".github") {
        return matches!(parts.get(at + 1), Some(&("workflows" | "actions"))).then_some("a CI workflow");
    }
    if name == ".gitlab-ci.yml" || parts.contains(&".circleci") {
        return Some("a CI workflow");
    }
    if parts.contains(&".ssh") {
        return Some("ssh's keys and configuration");
    }
    if name == ".gitconfig" {
        return Some("git's configuration");
    }
    const STARTUP: &[&str] = &[
        ".bashrc",
        ".bash_profile",
        ".bash_login",
        ".bash_logout",
        ".profile",
        ".zshrc",
        ".zshenv",
        ".zprofile",
        ".zlogin",
    ];
    STARTUP.contains(&name).then_some("a shell's start-up file")
}

fn profile_rule(profile: Profile) -> Arc<str> {
    format!("profile:{}", profile.name()).into()
}

/// A call the pre-flight check found denied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocked {
    /// The command as typed.
    pub command: String,
    /// The tool it calls.
    pub tool: String,
    /// The literal subject, when known.
    pub subject: Option<String>,
    /// The decision.
    pub decision: Decision,
    /// Commands of the line that ran before the pre-flight reached this call (0: the line
    /// was refused whole).
    pub ran: u64,
}

impl std::fmt::Display for Blocked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let via = if self.command == self.tool { String::new() } else { format!("{} → ", self.command) };
        let target = self.subject.as_ref().map_or(String::new(), |s| format!(" {s}"));
        write!(f, "[blocked: {via}{}{target} {} — ", self.tool, self.decision)?;
        match self.ran {
            0 => write!(f, "nothing was executed]"),
            1 => write!(f, "1 command ran before it, nothing after]"),
            n => write!(f, "{n} commands ran before it, nothing after]"),
        }
    }
}

#[cfg(test)]
mod tests;
