//! The time zone a command shows local time in: `TZ` from its environment, read as glibc reads
//! it — a zone of the system's database (`America/New_York`, `:Europe/Paris`, `EST5EDT`), else
//! a POSIX rule (`EST5EDT,M3.2.0,M11.1.0`, `JST-9`, `UTC0`) — and UTC when it is unset (the
//! workspace has no `/etc/localtime`: the shell's clock is UTC) or names nothing, then
//! abbreviated by the letters the name starts with, as glibc does (`Foo/Bar` is `Foo`).
//!
//! The zone database (`/usr/share/zoneinfo`) is the one thing read outside the workspace for
//! a command: public, read-only data, looked up by zone name only (never a path a user gives).

use chrono::{DateTime, FixedOffset, Utc};
use toolsh_core::session::State;

/// A zone to show times in; UTC by default.
#[derive(Clone)]
pub(crate) struct Zone {
    tz: jiff::tz::TimeZone,
    /// The abbreviation of a `TZ` that named no zone (shown at UTC).
    unknown: Option<String>,
}

impl Default for Zone {
    fn default() -> Self {
        Zone { tz: jiff::tz::TimeZone::UTC, unknown: None }
    }
}

impl Zone {
    /// The zone of the command's exported `TZ` (a prefix assignment exports it).
    pub(crate) fn of(state: &State) -> Zone {
        let exported = state.vars.get("TZ").is_some_and(|var| var.is_exported());
        Zone::named(state.vars.get_str("TZ").filter(|_| exported))
    }

    /// The zone `tz` names, as [`Zone::of`] reads `TZ`.
    pub(crate) fn named(tz: Option<&str>) -> Zone {
        let utc = |unknown: Option<String>| Zone { unknown, ..Zone::default() };
        let Some(tz) = tz.filter(|tz| !tz.is_empty()) else { return utc(None) };
        let name = tz.strip_prefix(':').unwrap_or(tz);
        if is_zone_name(name)
            && let Ok(zone) = jiff::tz::TimeZone::get(name)
        {
            return Zone { tz: zone, unknown: None };
        }
        if !tz.starts_with(':')
            && let Ok(zone) = jiff::tz::TimeZone::posix(tz)
        {
            return Zone { tz: zone, unknown: None };
        }
        let letters: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
        utc(Some(if letters.is_empty() { "UTC".to_string() } else { letters }))
    }

    /// The zone as jiff's (a name that named nothing is UTC).
    pub(crate) fn time_zone(&self) -> jiff::tz::TimeZone {
        self.tz.clone()
    }

    /// Seconds east of UTC of this zone's wall clock at `when`.
    pub(crate) fn offset_at(&self, when: DateTime<Utc>) -> i64 {
        jiff::Timestamp::from_second(when.timestamp())
            .map_or(0, |at| i64::from(self.tz.to_offset_info(at).offset().seconds()))
    }

    /// `when` in this zone, with the zone's abbreviation then (`EDT`).
    pub(crate) fn local(&self, when: DateTime<Utc>) -> (DateTime<FixedOffset>, String) {
        let utc = || (when.fixed_offset(), self.unknown.clone().unwrap_or_else(|| "UTC".to_string()));
        let Ok(at) = jiff::Timestamp::from_second(when.timestamp()) else { return utc() };
        let info = self.tz.to_offset_info(at);
        let Some(offset) = FixedOffset::east_opt(info.offset().seconds()) else { return utc() };
        let abbreviation = self.unknown.clone().unwrap_or_else(|| info.abbreviation().to_string());
        (when.with_timezone(&offset), abbreviation)
    }
}

/// Whether `name` may be looked up in the zone database: a zone's name, not a path (no `..`,
/// not absolute).
fn is_zone_name(name: &str) -> bool {
    !name.starts_with('/')
        && !name.split('/').any(|part| part.is_empty() || part == "." || part == "..")
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '+'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(tz: Option<&str>) -> String {
        let when = DateTime::from_timestamp(1_275_250_155, 0).expect("a time");
        let (local, abbreviation) = Zone::named(tz).local(when);
        format!("{} {abbreviation}", local.format("%F %T %z"))
    }

    #[test]
    fn posix_rules_and_unknown_names_as_glibc_reads_them() {
        assert_eq!(at(None), "2010-05-30 20:09:15 +0000 UTC");
        assert_eq!(at(Some("JST-9")), "2010-05-31 05:09:15 +0900 JST");
        assert_eq!(at(Some("EST5EDT,M3.2.0,M11.1.0")), "2010-05-30 16:09:15 -0400 EDT");
        assert_eq!(at(Some("Foo/Bar")), "2010-05-30 20:09:15 +0000 Foo");
        assert_eq!(at(Some(":../../etc/passwd")), "2010-05-30 20:09:15 +0000 UTC");
    }
}
