//! `toolsh.toml`: the policy (profile and rules) read from the workspace root or `--config`.
//!
//! ```toml
//! profile = "workspace"          # readonly | workspace | trusted
//! allow = ["net.fetch:https://api.example.com/*"]
//! ask = ["fs.delete"]
//! deny = ["fs.write:secrets/**"]
//! disable = ["net.*"]            # not registered at all
//! ```
//! The file is part of the control plane: the shell can never write it.

use crate::policy::{Policy, Profile, Verdict};
use serde::Deserialize;
use std::path::Path;

/// The file's contents.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// The profile name.
    #[serde(default)]
    pub profile: Option<String>,
    /// Allow rules.
    #[serde(default)]
    pub allow: Vec<String>,
    /// Ask rules.
    #[serde(default)]
    pub ask: Vec<String>,
    /// Deny rules.
    #[serde(default)]
    pub deny: Vec<String>,
    /// Tools switched off (globs over names): not registered, refused everywhere.
    #[serde(default)]
    pub disable: Vec<String>,
    /// How much of the audit log the store keeps (`[audit]`).
    #[serde(default)]
    pub audit: AuditConfig,
}

/// `[audit]`: `keep_days` and `keep_rows` (defaults: 30 days, 1,000,000 records).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditConfig {
    /// Records older than this many days are deleted.
    pub keep_days: Option<u64>,
    /// Only the newest this many records are kept.
    pub keep_rows: Option<u64>,
}

impl AuditConfig {
    /// The retention these settings give, over the defaults.
    pub fn retention(&self) -> crate::store::Retention {
        let default = crate::store::Retention::default();
        crate::store::Retention {
            max_age: self.keep_days.map_or(default.max_age, |days| std::time::Duration::from_secs(days * 86_400)),
            max_rows: self.keep_rows.unwrap_or(default.max_rows),
        }
    }
}

impl ConfigFile {
    /// Parses the text of `path` (named in errors, with line and column).
    pub fn parse(path: &Path, text: &str) -> Result<ConfigFile, String> {
        toml::from_str(text).map_err(|err| {
            let at = err
                .span()
                .map(|span| {
                    let before = &text[..span.start.min(text.len())];
                    let line = before.matches('\n').count() + 1;
                    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
                    format!(":{line}:{col}")
                })
                .unwrap_or_default();
            format!("{}{at}: {}", path.display(), err.message())
        })
    }
}

/// Builds the policy: the file's profile and rules, then the command line's (`--profile`
/// replaces the file's; rules add up, and deny wins whatever their order).
pub fn policy(
    file: Option<&ConfigFile>,
    profile: Option<&str>,
    rules: &[(Verdict, String)],
    root: &str,
) -> Result<Policy, String> {
    let mut policy = Policy::default();
    if let Some(name) = profile.or(file.and_then(|f| f.profile.as_deref())) {
        policy.set_profile(Profile::parse(name)?);
    }
    if let Some(file) = file {
        for (verdict, list) in [(Verdict::Allow, &file.allow), (Verdict::Ask, &file.ask), (Verdict::Deny, &file.deny)] {
            for spec in list {
                policy.add(verdict, spec, root)?;
            }
        }
    }
    for (verdict, spec) in rules {
        policy.add(*verdict, spec, root)?;
    }
    for pattern in file.map_or(&[][..], |f| &f.disable[..]) {
        policy.disable(pattern)?;
    }
    Ok(policy)
}
