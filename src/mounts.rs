//! The operator's extra mounts: what `--mount VPATH=SRC[:ro]` and `toolsh.toml`'s `[mount]`
//! name — a host directory, or a bucket prefix `s3://bucket/prefix` — and how each is opened.
//!
//! A bucket is reached with the standard variables (`AWS_ENDPOINT_URL`, `AWS_REGION`,
//! `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), which win over the
//! file's `[s3]` table (whose values may name host variables as `${NAME}`). None of them is
//! ever the shell's: `--inherit-env` leaves them out ([`CREDENTIAL_VARIABLES`]), and a secret
//! written in a policy file the shell can read is refused.

use std::path::PathBuf;
use std::sync::Arc;

use crate::vfs::Backend;

/// Where a mount's files are.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// A host directory.
    Dir(PathBuf),
    /// A bucket prefix (`s3://bucket/prefix`), as written.
    Object(String),
}

/// One mount to make.
#[derive(Debug, Clone, PartialEq)]
pub struct MountSpec {
    /// The virtual path.
    pub at: String,
    /// What is mounted there.
    pub source: Source,
    /// Writes refused.
    pub read_only: bool,
}

impl MountSpec {
    /// Reads `SRC[:ro|:rw]` mounted at `at`.
    pub fn parse(at: &str, source: &str) -> MountSpec {
        let (source, read_only) = match source.strip_suffix(":ro") {
            Some(source) => (source, true),
            None => (source.strip_suffix(":rw").unwrap_or(source), false),
        };
        let source = if source.starts_with("s3://") {
            Source::Object(source.to_string())
        } else {
            Source::Dir(PathBuf::from(source))
        };
        MountSpec { at: at.to_string(), source, read_only }
    }
}

/// The host variables a bucket mount reads, never passed to the shell.
pub const CREDENTIAL_VARIABLES: &[&str] =
    &["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_SECURITY_TOKEN"];

/// A mount that could not be made: the message, and whether the storage was unreachable
/// (status 125, as a shared store) rather than misdeclared (status 2).
pub struct MountError {
    /// What to say.
    pub message: String,
    /// The storage did not answer.
    pub unreachable: bool,
}

impl From<String> for MountError {
    fn from(message: String) -> MountError {
        MountError { message, unreachable: false }
    }
}

/// Opens a mount's storage; the label is what `df` and `mount` listings show (never a secret).
pub fn open(
    spec: &MountSpec,
    settings: &crate::config::S3Entry,
    settings_readable: bool,
) -> Result<(Arc<dyn Backend>, String), MountError> {
    match &spec.source {
        Source::Dir(path) => {
            let abs = absolute(path)?;
            #[allow(clippy::disallowed_methods)] // the operator's own mounts: the one place host directories open
            let dir = crate::vfs::DirFs::open(std::path::Path::new(&abs)).map_err(|e| format!("{abs}: {e}"))?;
            Ok((Arc::new(dir), format!("dir:{abs}")))
        }
        Source::Object(address) => open_bucket(address, settings, settings_readable),
    }
}

#[allow(clippy::disallowed_methods)] // the standard AWS variables, read once here
fn open_bucket(
    address: &str,
    settings: &crate::config::S3Entry,
    settings_readable: bool,
) -> Result<(Arc<dyn Backend>, String), MountError> {
    let mut config = match crate::vfs::ObjectConfig::parse(address) {
        Some(parsed) => parsed?,
        None => return Err(format!("{address}: not an s3:// address").into()),
    };
    if settings_readable && settings.secret_access_key.as_deref().is_some_and(|s| !s.contains("${")) {
        return Err("toolsh.toml: [s3] secret_access_key is written in a file the shell can read: name a host \
                    variable (\"${NAME}\"), set AWS_SECRET_ACCESS_KEY, or keep the file outside the workspace \
                    (--config)"
            .to_string()
            .into());
    }
    let setting = |name: &str, from_file: &Option<String>| -> Result<Option<String>, MountError> {
        if let Some(value) = std::env::var(name).ok().filter(|v| !v.is_empty()) {
            return Ok(Some(value));
        }
        match from_file {
            Some(value) => crate::mount::with_host_variables(value)
                .map(Some)
                .map_err(|unset| format!("toolsh.toml: [s3] names the host variable {unset}, which is not set").into()),
            None => Ok(None),
        }
    };
    config.endpoint = setting("AWS_ENDPOINT_URL", &settings.endpoint)?;
    config.region = match setting("AWS_REGION", &settings.region)? {
        Some(region) => Some(region),
        None => std::env::var("AWS_DEFAULT_REGION").ok().filter(|v| !v.is_empty()),
    };
    config.access_key_id = setting("AWS_ACCESS_KEY_ID", &settings.access_key_id)?;
    config.secret_access_key = setting("AWS_SECRET_ACCESS_KEY", &settings.secret_access_key)?;
    config.session_token = std::env::var("AWS_SESSION_TOKEN").ok().filter(|v| !v.is_empty());
    if let Some(cache) = &settings.cache {
        config.cache_bytes = parse_size(cache)
            .ok_or_else(|| format!("toolsh.toml: [s3] cache takes a size such as 64MiB; got '{cache}'"))?;
    }
    match crate::vfs::ObjectFs::open(&config) {
        Ok(fs) => {
            let label = fs.shown().to_string();
            Ok((Arc::new(fs), label))
        }
        Err(message) => Err(MountError { message, unreachable: true }),
    }
}

/// `path` as an absolute host path, links resolved: how a root or mount names a host directory.
pub(crate) fn absolute(path: &std::path::Path) -> Result<String, String> {
    #[allow(clippy::disallowed_methods)] // the CLI resolves the roots the user named on the host
    let canonical = std::fs::canonicalize(path).map_err(|e| format!("{}: {e}", path.display()))?;
    canonical.to_str().map(str::to_string).ok_or_else(|| format!("{}: not a UTF-8 path", path.display()))
}

/// `4096`, `64K`, `512M`, `2G` (powers of 1024) as bytes.
pub(crate) fn parse_size(text: &str) -> Option<u64> {
    let (digits, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(idx) => text.split_at(idx),
        None => (text, ""),
    };
    let shift = match unit {
        "" => 0,
        "K" | "k" | "KiB" => 10,
        "M" | "MiB" => 20,
        "G" | "GiB" => 30,
        "T" | "TiB" => 40,
        _ => return None,
    };
    digits.parse::<u64>().ok()?.checked_mul(1 << shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mount_names_a_directory_or_a_bucket_and_may_be_read_only() {
        assert_eq!(
            MountSpec::parse("/data", "s3://b/p:ro"),
            MountSpec { at: "/data".into(), source: Source::Object("s3://b/p".into()), read_only: true }
        );
        assert_eq!(
            MountSpec::parse("/srv", "/host/dir:rw"),
            MountSpec { at: "/srv".into(), source: Source::Dir("/host/dir".into()), read_only: false }
        );
    }
}
