//! The shell's options: every name bash's `shopt` and `set -o` know, in bash's order and with
//! the value each has in a script's bash. The options toolsh acts on are fields of [`Options`];
//! the others are kept in a bit set, so that setting, listing (`shopt`, `shopt -p`, `set -o`,
//! `set +o`) and testing (`shopt -q`) any of them answers as bash does, though it changes
//! nothing here (docs/deviations.md).

/// bash's `shopt` options, in the order it lists them, with their values in a script's bash
/// (toolsh's `extglob` starts on: extended globs are always recognised).
pub const SHOPT_OPTIONS: &[(&str, bool)] = &[
    ("autocd", false),
    ("assoc_expand_once", false),
    ("cdable_vars", false),
    ("cdspell", false),
    ("checkhash", false),
    ("checkjobs", false),
    ("checkwinsize", true),
    ("cmdhist", true),
    ("compat31", false),
    ("compat32", false),
    ("compat40", false),
    ("compat41", false),
    ("compat42", false),
    ("compat43", false),
    ("compat44", false),
    ("complete_fullquote", true),
    ("direxpand", false),
    ("dirspell", false),
    ("dotglob", false),
    ("execfail", false),
    ("expand_aliases", false),
    ("extdebug", false),
    ("extglob", true),
    ("extquote", true),
    ("failglob", false),
    ("force_fignore", true),
    ("globasciiranges", true),
    ("globskipdots", true),
    ("globstar", false),
    ("gnu_errfmt", false),
    ("histappend", false),
    ("histreedit", false),
    ("histverify", false),
    ("hostcomplete", true),
    ("huponexit", false),
    ("inherit_errexit", false),
    ("interactive_comments", true),
    ("lastpipe", false),
    ("lithist", false),
    ("localvar_inherit", false),
    ("localvar_unset", false),
    ("login_shell", false),
    ("mailwarn", false),
    ("no_empty_cmd_completion", false),
    ("nocaseglob", false),
    ("nocasematch", false),
    ("noexpand_translation", false),
    ("nullglob", false),
    ("patsub_replacement", true),
    ("progcomp", true),
    ("progcomp_alias", false),
    ("promptvars", true),
    ("restricted_shell", false),
    ("shift_verbose", false),
    ("sourcepath", true),
    ("varredir_close", false),
    ("xpg_echo", false),
];

/// bash's `set -o` options, in its (alphabetical) order, with their letters (`None`: only
/// `-o NAME`) and their values in a script's bash.
pub const SET_OPTIONS: &[(&str, Option<char>, bool)] = &[
    ("allexport", Some('a'), false),
    ("braceexpand", Some('B'), true),
    ("emacs", None, false),
    ("errexit", Some('e'), false),
    ("errtrace", Some('E'), false),
    ("functrace", Some('T'), false),
    ("hashall", Some('h'), true),
    ("histexpand", Some('H'), false),
    ("history", None, false),
    ("ignoreeof", None, false),
    ("interactive-comments", None, true),
    ("keyword", Some('k'), false),
    ("monitor", Some('m'), false),
    ("noclobber", Some('C'), false),
    ("noexec", Some('n'), false),
    ("noglob", Some('f'), false),
    ("nolog", None, false),
    ("notify", Some('b'), false),
    ("nounset", Some('u'), false),
    ("onecmd", Some('t'), false),
    ("physical", Some('P'), false),
    ("pipefail", None, false),
    ("posix", None, false),
    ("privileged", Some('p'), false),
    ("verbose", Some('v'), false),
    ("vi", None, false),
    ("xtrace", Some('x'), false),
];

/// The order bash writes the letters of `$-` in.
const FLAG_ORDER: &str = "abefhkmnptuvxBCEHPT";

/// Which of the two name spaces a name is looked up in: `shopt`'s or `set -o`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `shopt NAME`.
    Shopt,
    /// `set -o NAME`, `shopt -o NAME`.
    Set,
}

/// Shell options (`set -o`, `shopt`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct Options {
    pub errexit: bool,
    pub nounset: bool,
    pub xtrace: bool,
    pub pipefail: bool,
    pub noglob: bool,
    pub noclobber: bool,
    pub allexport: bool,
    pub globstar: bool,
    pub extglob: bool,
    pub nullglob: bool,
    pub failglob: bool,
    pub dotglob: bool,
    pub nocaseglob: bool,
    pub nocasematch: bool,
    /// `shopt -s expand_aliases`: aliases are expanded when commands are read.
    pub expand_aliases: bool,
    /// `shopt -s inherit_errexit`: `$( )` keeps `set -e` (without it, bash turns it off there).
    pub inherit_errexit: bool,
    /// `shopt -s lastpipe`: a pipeline's last command runs in the shell itself, so `… | read
    /// v` sets `v` (bash does so without job control, which a script's shell never has).
    pub lastpipe: bool,
    /// `set -E` (`-o errtrace`): the `ERR` trap also fires inside functions.
    pub errtrace: bool,
    /// `shopt -s xpg_echo`: `echo` decodes backslash escapes without `-e`.
    pub xpg_echo: bool,
    /// `shopt -s sourcepath` (on): `source NAME` looks for a NAME without a slash on `PATH`.
    pub sourcepath: bool,
    /// `shopt -s patsub_replacement` (on by default, as in bash 5.2): an unquoted `&` in the
    /// replacement of `${x/pattern/replacement}` stands for the matched text.
    pub patsub_replacement: bool,
    /// `set -o posix`: bash's POSIX mode, in the few places toolsh follows it (quotes inside
    /// a double-quoted `${x-word}`, tildes of arguments, assignments before special builtins).
    pub posix: bool,
    /// `shopt -s globskipdots` (on by default, as in bash 5.2): `.` and `..` are never matched;
    /// off, a pattern starting with `.` matches them.
    pub globskipdots: bool,
    /// `shopt -s varredir_close`: a `{name}>…` redirection closes with its command (off: it
    /// stays open, as bash keeps it).
    pub varredir_close: bool,
    /// `set -k` (`-o keyword`): every word of a command that reads as an assignment is one.
    pub keyword: bool,
    /// `shopt -s localvar_inherit`: a new local starts with the value and attributes of the
    /// variable of its name it hides (as `local -I`), a reference's attribute aside.
    pub localvar_inherit: bool,
    /// The shell reads lines from an operator at a console (bash `-i`): its messages carry no
    /// line number, and `$-` holds `i`. Not an option bash lets a script set; never saved.
    pub interactive: bool,
    /// The options toolsh keeps without acting on them, one bit each: bit `i` is
    /// `SHOPT_OPTIONS[i]`, bit `SHOPT_OPTIONS.len() + j` is `SET_OPTIONS[j]` (public so that
    /// `Options { globstar: true, ..Default::default() }` can be written; read it through
    /// [`Options::get`]).
    pub inert: u128,
}

impl Default for Options {
    fn default() -> Self {
        let mut options = Options {
            errexit: false,
            nounset: false,
            xtrace: false,
            pipefail: false,
            noglob: false,
            noclobber: false,
            allexport: false,
            globstar: false,
            extglob: true,
            nullglob: false,
            failglob: false,
            dotglob: false,
            nocaseglob: false,
            nocasematch: false,
            expand_aliases: false,
            inherit_errexit: false,
            lastpipe: false,
            errtrace: false,
            xpg_echo: false,
            sourcepath: true,
            patsub_replacement: true,
            posix: false,
            globskipdots: true,
            varredir_close: false,
            keyword: false,
            localvar_inherit: false,
            interactive: false,
            inert: 0,
        };
        let defaults = SHOPT_OPTIONS.iter().map(|(n, v)| (Kind::Shopt, *n, *v));
        for (kind, name, on) in defaults.chain(SET_OPTIONS.iter().map(|(n, _, v)| (Kind::Set, *n, *v))) {
            options.set(kind, name, on);
        }
        options
    }
}

impl Options {
    /// Puts back the options `set` changes (`local -` restores these, not `shopt`'s).
    pub fn restore_set_options(&mut self, saved: &Options) {
        for (name, _, _) in SET_OPTIONS {
            if let Some(on) = saved.get(Kind::Set, name) {
                self.set(Kind::Set, name, on);
            }
        }
    }

    /// The field an option toolsh acts on lives in.
    fn field(&mut self, kind: Kind, name: &str) -> Option<&mut bool> {
        Some(match (kind, name) {
            (Kind::Set, "allexport") => &mut self.allexport,
            (Kind::Set, "errexit") => &mut self.errexit,
            (Kind::Set, "errtrace") => &mut self.errtrace,
            (Kind::Set, "noglob") => &mut self.noglob,
            (Kind::Set, "nounset") => &mut self.nounset,
            (Kind::Set, "xtrace") => &mut self.xtrace,
            (Kind::Set, "noclobber") => &mut self.noclobber,
            (Kind::Set, "pipefail") => &mut self.pipefail,
            (Kind::Shopt, "globstar") => &mut self.globstar,
            (Kind::Shopt, "extglob") => &mut self.extglob,
            (Kind::Shopt, "nullglob") => &mut self.nullglob,
            (Kind::Shopt, "failglob") => &mut self.failglob,
            (Kind::Shopt, "dotglob") => &mut self.dotglob,
            (Kind::Shopt, "nocaseglob") => &mut self.nocaseglob,
            (Kind::Shopt, "nocasematch") => &mut self.nocasematch,
            (Kind::Shopt, "expand_aliases") => &mut self.expand_aliases,
            (Kind::Shopt, "inherit_errexit") => &mut self.inherit_errexit,
            (Kind::Shopt, "lastpipe") => &mut self.lastpipe,
            (Kind::Shopt, "xpg_echo") => &mut self.xpg_echo,
            (Kind::Shopt, "sourcepath") => &mut self.sourcepath,
            (Kind::Shopt, "patsub_replacement") => &mut self.patsub_replacement,
            (Kind::Set, "posix") => &mut self.posix,
            (Kind::Set, "keyword") => &mut self.keyword,
            (Kind::Shopt, "globskipdots") => &mut self.globskipdots,
            (Kind::Shopt, "varredir_close") => &mut self.varredir_close,
            (Kind::Shopt, "localvar_inherit") => &mut self.localvar_inherit,
            _ => return None,
        })
    }

    /// The bit an option toolsh only keeps lives in.
    fn bit(kind: Kind, name: &str) -> Option<u128> {
        let index = match kind {
            Kind::Shopt => SHOPT_OPTIONS.iter().position(|(n, _)| *n == name)?,
            Kind::Set => SHOPT_OPTIONS.len() + SET_OPTIONS.iter().position(|(n, _, _)| *n == name)?,
        };
        Some(1 << index)
    }

    /// The value of the option `name`, or `None` when bash has no such option.
    pub fn get(&self, kind: Kind, name: &str) -> Option<bool> {
        let mut copy = *self;
        if let Some(field) = copy.field(kind, name) {
            return Some(*field);
        }
        Options::bit(kind, name).map(|bit| self.inert & bit != 0)
    }

    /// Whether commands are read but not run: `set -n` in a shell that is not interactive
    /// (an interactive one ignores it, as bash's does). Asked before each command of a list.
    pub fn reads_without_running(&self) -> bool {
        static NOEXEC: std::sync::LazyLock<u128> =
            std::sync::LazyLock::new(|| Options::bit(Kind::Set, "noexec").unwrap_or(0));
        !self.interactive && self.inert & *NOEXEC != 0
    }

    /// Sets the option `name`; false when bash has no such option. `shopt -s extdebug` turns
    /// function and error tracing (`set -T`, `set -E`) on, and `-u` off, as bash's does.
    pub fn set(&mut self, kind: Kind, name: &str, on: bool) -> bool {
        if (kind, name) == (Kind::Shopt, "extdebug") {
            self.set(Kind::Set, "functrace", on);
            self.set(Kind::Set, "errtrace", on);
        }
        if let Some(field) = self.field(kind, name) {
            *field = on;
            return true;
        }
        match Options::bit(kind, name) {
            Some(bit) if on => self.inert |= bit,
            Some(bit) => self.inert &= !bit,
            None => return false,
        }
        true
    }

    /// The `set -o` option of the letter `flag` (`e` is `errexit`).
    pub fn letter(flag: char) -> Option<&'static str> {
        SET_OPTIONS.iter().find(|(_, c, _)| *c == Some(flag)).map(|(n, _, _)| *n)
    }

    /// The letters of `$-` for the `set` options on, in bash's order.
    pub fn flags(&self) -> String {
        FLAG_ORDER
            .chars()
            .filter(|c| Options::letter(*c).is_some_and(|name| self.get(Kind::Set, name) == Some(true)))
            .collect()
    }

    /// The names of the options of `kind` that are on, joined by colons in bash's order: the
    /// value of `$SHELLOPTS` (`set -o`'s) or `$BASHOPTS` (`shopt`'s).
    pub fn names_on(&self, kind: Kind) -> String {
        let names: Vec<&str> = match kind {
            Kind::Shopt => SHOPT_OPTIONS.iter().map(|(n, _)| *n).collect(),
            Kind::Set => SET_OPTIONS.iter().map(|(n, _, _)| *n).collect(),
        };
        let on: Vec<&str> = names.into_iter().filter(|name| self.get(kind, name) == Some(true)).collect();
        on.join(":")
    }

    /// Every option with its value, `shopt`'s then `set -o`'s (a saved session's list).
    pub fn all(&self) -> Vec<(Kind, &'static str, bool)> {
        let shopt = SHOPT_OPTIONS.iter().map(|(n, _)| (Kind::Shopt, *n));
        shopt
            .chain(SET_OPTIONS.iter().map(|(n, _, _)| (Kind::Set, *n)))
            .map(|(kind, name)| (kind, name, self.get(kind, name).unwrap_or(false)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_fits_the_bit_set_and_keeps_its_value() {
        assert!(SHOPT_OPTIONS.len() + SET_OPTIONS.len() <= 128);
        let mut options = Options::default();
        assert_eq!(options.get(Kind::Shopt, "sourcepath"), Some(true));
        assert_eq!(options.get(Kind::Set, "hashall"), Some(true));
        assert!(options.set(Kind::Shopt, "sourcepath", false));
        assert_eq!(options.get(Kind::Shopt, "sourcepath"), Some(false));
        assert_eq!(options.get(Kind::Set, "sourcepath"), None);
        assert!(!options.set(Kind::Shopt, "nonesuch", true));
        assert_eq!(options.flags(), "hB");
        options.errexit = true;
        assert_eq!(options.flags(), "ehB");
    }
}
