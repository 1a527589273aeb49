//! A policy as it travels with a timer: written out as JSON when `at` or `crontab` schedules
//! a script, read back when `toolsh serve` runs it, and joined to the server's own policy so
//! that the strictest decision of the two holds. A timer must never do what the line that
//! scheduled it could not (its author's `--deny fs.delete` holds later too), and the server's
//! operator's rules hold over whatever the scheduler was allowed.
//!
//! The text is a list of policies — the scheduler's own and those already joined to it (a
//! timer scheduled by a timer's run) — each as it was built: profile, rules with the root
//! their relative paths were taken from, `disable` patterns, protected paths. Joining drops a
//! policy already present, so a timer that reschedules itself does not grow its text.

use super::{Policy, Profile, Rule, Verdict, name_matcher};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One policy as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Written {
    profile: String,
    rules: Vec<WrittenRule>,
    #[serde(default)]
    disabled: Vec<String>,
    #[serde(default)]
    protected: Vec<String>,
    #[serde(default)]
    refused: Option<String>,
}

/// One rule as written: its verdict, `PATTERN[:ARG]`, and the root of relative paths.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct WrittenRule {
    verdict: String,
    spec: String,
    root: String,
}

/// The most policies a carried text may hold: each scheduling generation adds at most one
/// distinct policy, and a text past this is refused rather than read.
const MOST: usize = 16;

/// A decision's rule as it is named when it came from the policy a timer was scheduled under.
pub(super) fn scheduled(rule: &str) -> Arc<str> {
    format!("{rule} (the policy the timer was scheduled under)").into()
}

impl Policy {
    fn written(&self) -> Written {
        Written {
            profile: self.profile.name().to_string(),
            rules: self
                .rules
                .iter()
                .map(|rule| WrittenRule {
                    verdict: rule.verdict.as_str().to_string(),
                    spec: rule.spec.to_string(),
                    root: rule.root.to_string(),
                })
                .collect(),
            disabled: self
                .disabled
                .iter()
                .map(|(_, rule)| rule.strip_prefix("disabled:").unwrap_or(rule).to_string())
                .collect(),
            protected: self.control_plane.clone(),
            refused: self.refused.as_deref().map(str::to_string),
        }
    }

    fn from_written(written: &Written) -> Result<Policy, String> {
        let mut policy = Policy::new(Profile::parse(&written.profile)?);
        for rule in &written.rules {
            let verdict = match rule.verdict.as_str() {
                "allow" => Verdict::Allow,
                "ask" => Verdict::Ask,
                "deny" => Verdict::Deny,
                other => return Err(format!("unknown verdict '{other}'")),
            };
            policy.rules.push(Rule::parse(verdict, &rule.spec, &rule.root)?);
        }
        for pattern in &written.disabled {
            let matcher = name_matcher(pattern).map_err(|e| format!("disable '{pattern}': {e}"))?;
            policy.disabled.push((matcher, format!("disabled:{pattern}").into()));
        }
        policy.control_plane.clone_from(&written.protected);
        policy.refused = written.refused.as_deref().map(Arc::from);
        Ok(policy)
    }

    /// This policy and those also in force, as the text a timer keeps ([`Policy::join`]
    /// reads it back).
    pub fn carried(&self) -> String {
        let mut list = vec![self.written()];
        for also in &self.also {
            let written = also.written();
            if !list.contains(&written) {
                list.push(written);
            }
        }
        serde_json::to_string(&list).unwrap_or_default()
    }

    /// Puts the policies of `carried` (a timer's, from [`Policy::carried`]) in force beside
    /// this one: each call is then decided by all of them, the strictest decision holding. A
    /// text that cannot be read makes this policy refuse every call, naming why — a timer
    /// whose scheduler's rules are unknown runs nothing rather than more than it may.
    pub fn join(&mut self, carried: &str) {
        if let Err(why) = self.try_join(carried) {
            self.refuse_everything(&format!("the policy the timer was scheduled under cannot be read: {why}"));
        }
    }

    fn try_join(&mut self, carried: &str) -> Result<(), String> {
        let list: Vec<Written> = serde_json::from_str(carried).map_err(|e| e.to_string())?;
        if list.len() > MOST {
            return Err(format!("{} policies, more than {MOST}", list.len()));
        }
        let mut known: Vec<Written> =
            std::iter::once(self.written()).chain(self.also.iter().map(|a| a.written())).collect();
        for written in list {
            if known.contains(&written) {
                continue;
            }
            self.also.push(Arc::new(Policy::from_written(&written)?));
            known.push(written);
        }
        Ok(())
    }
}
