//! `grep --color=always`: GNU grep's SGR sequences around matches, file names, line numbers,
//! byte offsets and separators, in the colors of `GREP_COLORS` (`ms=01;31:mc=01;31:sl=:cx=:
//! fn=35:ln=32:bn=32:se=36` by default; `mt=` both match colors, `rv` and `ne` as GNU reads
//! them) and the deprecated `GREP_COLOR`, which GNU warns of when it has an effect.

/// The colors in use.
#[derive(Debug, Clone)]
pub struct Colors {
    /// Matches in selected lines.
    pub selected_match: String,
    /// Matches in context lines.
    pub context_match: String,
    pub selected_line: String,
    pub context_line: String,
    pub file_name: String,
    pub line_number: String,
    pub byte_offset: String,
    pub separator: String,
    /// `rv`: with `-v`, selected and context lines swap their colors.
    pub reverse: bool,
    /// `ne`: no erase-to-end-of-line after each sequence.
    pub no_erase: bool,
}

impl Default for Colors {
    fn default() -> Self {
        Colors {
            selected_match: "01;31".into(),
            context_match: "01;31".into(),
            selected_line: String::new(),
            context_line: String::new(),
            file_name: "35".into(),
            line_number: "32".into(),
            byte_offset: "32".into(),
            separator: "36".into(),
            reverse: false,
            no_erase: false,
        }
    }
}

impl Colors {
    /// The colors `GREP_COLOR` and `GREP_COLORS` ask for, and GNU's warning when the
    /// deprecated `GREP_COLOR` decided one.
    pub fn from_env(grep_color: Option<&str>, grep_colors: Option<&str>) -> (Colors, Option<String>) {
        let mut colors = Colors::default();
        let legacy = grep_color
            .filter(|v| !v.is_empty() && v.chars().all(|c| c == ';' || c.is_ascii_digit()))
            .map(str::to_string);
        if let Some(value) = &legacy {
            colors.selected_match.clone_from(value);
            colors.context_match.clone_from(value);
        }
        if let Some(spec) = grep_colors.filter(|s| !s.is_empty()) {
            colors.parse(spec);
        }
        let warning = legacy
            .filter(|value| colors.selected_match == *value || colors.context_match == *value)
            .map(|value| format!("warning: GREP_COLOR='{value}' is deprecated; use GREP_COLORS='mt={value}'"));
        (colors, warning)
    }

    /// `name=value:…`, GNU's reading: an unknown name is passed over, and anything
    /// ill-formed ends the reading where it is.
    fn parse(&mut self, spec: &str) {
        for item in spec.split(':') {
            let (name, value) = match item.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (item, None),
            };
            if name.is_empty() && value.is_some() {
                return;
            }
            if let Some(value) = value
                && (value.contains('=') || !value.chars().all(|c| c == ';' || c.is_ascii_digit()))
            {
                return;
            }
            let value = value.map(str::to_string);
            match (name, value) {
                ("mt", Some(v)) => {
                    self.selected_match.clone_from(&v);
                    self.context_match = v;
                }
                ("ms", Some(v)) => self.selected_match = v,
                ("mc", Some(v)) => self.context_match = v,
                ("sl", Some(v)) => self.selected_line = v,
                ("cx", Some(v)) => self.context_line = v,
                ("fn", Some(v)) => self.file_name = v,
                ("ln", Some(v)) => self.line_number = v,
                ("bn", Some(v)) => self.byte_offset = v,
                ("se", Some(v)) => self.separator = v,
                ("rv", _) => self.reverse = true,
                ("ne", _) => self.no_erase = true,
                _ => {}
            }
        }
    }

    /// Starts color `sgr` (nothing for an empty one).
    pub fn start(&self, out: &mut Vec<u8>, sgr: &str) {
        if !sgr.is_empty() {
            out.extend_from_slice(b"\x1b[");
            out.extend_from_slice(sgr.as_bytes());
            out.push(b'm');
            if !self.no_erase {
                out.extend_from_slice(b"\x1b[K");
            }
        }
    }

    /// Ends color `sgr` (nothing for an empty one).
    pub fn end(&self, out: &mut Vec<u8>, sgr: &str) {
        if !sgr.is_empty() {
            out.extend_from_slice(b"\x1b[m");
            if !self.no_erase {
                out.extend_from_slice(b"\x1b[K");
            }
        }
    }

    /// `text` in color `sgr`.
    pub fn wrap(&self, out: &mut Vec<u8>, sgr: &str, text: &[u8]) {
        self.start(out, sgr);
        out.extend_from_slice(text);
        self.end(out, sgr);
    }

    /// A line's text with its matches (`spans`) in `match_color` and the rest in `line_color`
    /// (GNU's `print_line_middle` and `print_line_tail`); a trailing carriage return is left
    /// uncolored.
    pub fn line(&self, out: &mut Vec<u8>, line: &[u8], spans: &[(usize, usize)], line_color: &str, match_color: &str) {
        let mut cur = 0;
        if !match_color.is_empty() {
            for &(start, end) in spans {
                self.start(out, line_color);
                out.extend_from_slice(&line[cur..start]);
                self.wrap(out, match_color, &line[start..end]);
                cur = end;
            }
        }
        let rest = &line[cur..];
        let tail = rest.strip_suffix(b"\r").unwrap_or(rest);
        if !tail.is_empty() && !line_color.is_empty() {
            self.wrap(out, line_color, tail);
            out.extend_from_slice(&rest[tail.len()..]);
        } else {
            out.extend_from_slice(rest);
        }
    }
}
