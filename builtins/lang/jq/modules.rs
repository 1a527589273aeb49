//! jq's modules on the workspace: `import "m" as m;`, `include "m";` and `import "d" as $d;`
//! (JSON data), found as jq finds them — in the importing file's directory (the working
//! directory for the filter itself), the directories its `{search: …}` metadata names, then
//! the `-L` directories (`~/.jq` when none is given) — as `m.jq` or `m/m.jq` (`d.json` for
//! data). The files are read through the workspace before the filter runs: the loader runs
//! over what has been read, says which files it still looks for, and those are read, until
//! nothing new is asked for. Module text runs rewritten as the filter does (`rewrite.rs`).

use std::collections::HashMap;

use jaq_core::load::lex::{Lexer, Tok, Token};
use jaq_core::load::parse::Term;
use jaq_core::load::{self, Arena, File, Import, Loader};

/// The path a loaded file is known by (a workspace path; `<top-level>` for the filter).
pub type ModPath = String;

/// The filter's own path.
pub const TOP: &str = "<top-level>";

/// What the loader may read: the files looked for, each with its text or `None` when absent.
#[derive(Default)]
pub struct Library {
    /// The `-L` directories, absolute (or `~/.jq`).
    pub search: Vec<String>,
    /// The working directory: the filter's own `.`.
    pub cwd: String,
    /// Every path looked at so far.
    pub files: HashMap<String, Option<String>>,
    /// The directory the filter came from (`-f`'s file's, else the working directory):
    /// `get_prog_origin`.
    pub origin: String,
    /// The workspace as the command sees it, for `modulemeta`, whose module is named only as
    /// the filter runs (on the evaluation's thread).
    pub fs: Option<toolsh_gate::workspace::ThreadFs>,
}

/// The header of a filter or module — its `module`, `import` and `include` directives — and
/// the rest.
pub fn split_header(code: &str) -> (&str, &str) {
    let Ok(tokens) = Lexer::new(code).lex() else { return ("", code) };
    let mut end = 0;
    let mut in_directive = false;
    for Token(text, kind) in &tokens {
        match (kind, *text) {
            (Tok::Word, "module" | "import" | "include") if !in_directive => in_directive = true,
            (Tok::Sym, ";") if in_directive => {
                in_directive = false;
                end = load::span(code, text).end;
            }
            _ if in_directive => {}
            _ => break,
        }
    }
    code.split_at(end)
}

/// One `module`, `import` or `include` directive of a header, as written.
struct Directive<'a> {
    /// `module`, `import` or `include`.
    kind: &'a str,
    /// The module's path without its quotes (`None` for `module`).
    path: Option<&'a str>,
    /// The name an import binds (`$d` for data).
    name: Option<&'a str>,
    /// The metadata's text, when there is one.
    meta: Option<&'a str>,
}

/// The directives of a header (what `split_header` gives first), in order.
fn directives(header: &str) -> Vec<Directive<'_>> {
    let Ok(tokens) = Lexer::new(header).lex() else { return Vec::new() };
    let mut found = Vec::new();
    let mut directive: Vec<&Token<&str>> = Vec::new();
    for token in &tokens {
        if !matches!(token, Token(";", Tok::Sym)) {
            directive.push(token);
            continue;
        }
        let (kind, path, name, meta) = match directive.as_slice() {
            [Token("module", Tok::Word), meta @ ..] => ("module", None, None, meta),
            [Token("include", Tok::Word), path, meta @ ..] => ("include", Some(path.0), None, meta),
            [Token("import", Tok::Word), path, Token("as", Tok::Word), name, meta @ ..] => {
                ("import", Some(path.0), Some(name.0), meta)
            }
            _ => ("", None, None, &[][..]),
        };
        let meta = match (meta.first(), meta.last()) {
            (Some(first), Some(last)) => {
                Some(&header[load::span(header, first.0).start..load::span(header, last.0).end])
            }
            _ => None,
        };
        if !kind.is_empty() {
            found.push(Directive { kind, path: path.map(|p| p.trim_matches('"')), name, meta });
        }
        directive.clear();
    }
    found
}

/// A directive's metadata text parsed as a term (`None` when it does not parse).
fn parse_term(text: &str) -> Option<Term<&str>> {
    let tokens = Lexer::new(text).lex().ok()?;
    // The tokens are borrowed by the term only through the text's slices.
    jaq_core::load::parse::Parser::new(&tokens).parse(|p| p.term()).ok()
}

/// The first directive metadata jq refuses when it compiles the filter — not a constant
/// (`module (.+1);`), or a constant but not an object (`include "a" [];`) — as its text (a
/// slice of `code`) and jq's words.
pub fn metadata_error(code: &str) -> Option<(&str, &'static str)> {
    let (header, _) = split_header(code);
    for directive in directives(header) {
        let Some(text) = directive.meta else { continue };
        match parse_term(text) {
            Some(term) if !constant(&term) => return Some((text, "Module metadata must be constant")),
            Some(Term::Obj(_)) => {}
            Some(_) => return Some((text, "Module metadata must be an object")),
            // What does not parse, the loader reports.
            None => {}
        }
    }
    None
}

/// A constant term (see `constant`) written as JSON, or `None` for one that needs computing
/// (`1 + 1`) or is no constant.
fn constant_json(term: &Term<&str>) -> Option<String> {
    use jaq_core::load::lex::StrPart;
    use jaq_core::load::parse::BinaryOp;
    fn items(term: &Term<&str>, out: &mut Vec<String>) -> Option<()> {
        match term {
            Term::BinOp(l, BinaryOp::Comma, r) => {
                items(l, out)?;
                items(r, out)
            }
            _ => {
                out.push(constant_json(term)?);
                Some(())
            }
        }
    }
    let text = |parts: &[StrPart<&str, Term<&str>>]| -> Option<String> {
        let mut text = String::new();
        for part in parts {
            match part {
                StrPart::Str(s) => text.push_str(s),
                StrPart::Char(c) => text.push(*c),
                StrPart::Term(_) => return None,
            }
        }
        Some(text)
    };
    Some(match term {
        Term::Num(n) => n.to_string(),
        Term::Neg(inner) => format!("-{}", constant_json(inner)?),
        Term::Call(word @ ("null" | "true" | "false"), args) if args.is_empty() => word.to_string(),
        Term::Str(None, parts) => serde_json::to_string(&text(parts)?).ok()?,
        Term::Arr(None) => "[]".to_string(),
        Term::Arr(Some(inner)) => {
            let mut out = Vec::new();
            items(inner, &mut out)?;
            format!("[{}]", out.join(","))
        }
        Term::Obj(entries) => {
            let mut out = Vec::new();
            for (key, value) in entries {
                let key = match key {
                    Term::Str(None, parts) => text(parts)?,
                    Term::Call(word, args) if args.is_empty() => word.to_string(),
                    _ => return None,
                };
                out.push(format!("{}:{}", serde_json::to_string(&key).ok()?, constant_json(value.as_ref()?)?));
            }
            format!("{{{}}}", out.join(","))
        }
        _ => return None,
    })
}

/// Whether `term` is a constant as jq's metadata must be: literals, arithmetic on them, and
/// arrays and objects of them.
fn constant(term: &Term<&str>) -> bool {
    use jaq_core::load::lex::StrPart;
    use jaq_core::load::parse::BinaryOp;
    match term {
        Term::Num(_) | Term::Arr(None) => true,
        Term::Call("null" | "true" | "false", args) => args.is_empty(),
        Term::Neg(inner) => matches!(**inner, Term::Num(_)),
        Term::Str(None, parts) => parts.iter().all(|part| !matches!(part, StrPart::Term(_))),
        Term::Arr(Some(items)) => constant(items),
        // jq folds arithmetic on constants before it looks (`module (1 + 1);`).
        Term::BinOp(l, BinaryOp::Comma | BinaryOp::Math(_), r) => constant(l) && constant(r),
        Term::Obj(entries) => entries.iter().all(|(key, value)| constant(key) && value.as_ref().is_some_and(constant)),
        _ => false,
    }
}

/// `code` with each data import's qualified name (`$d::d` for `import "f" as $d;`), which
/// jaq does not read, written as the plain one jq also binds (`$d`).
pub fn data_names(code: &str) -> std::borrow::Cow<'_, str> {
    let (header, _) = split_header(code);
    let Ok(tokens) = Lexer::new(header).lex() else { return code.into() };
    let mut text = std::borrow::Cow::Borrowed(code);
    for window in tokens.windows(2) {
        if let [Token("as", Tok::Word), Token(name, Tok::Var)] = window {
            let qualified = format!("{name}::{}", &name[1..]);
            if text.contains(&qualified) {
                text = text.replace(&qualified, name).into();
            }
        }
    }
    text
}

/// The directory part of a path (`.` relative to the working directory for the filter).
fn parent_dir<'a>(path: &'a str, cwd: &'a str) -> &'a str {
    if path == TOP {
        return cwd;
    }
    match path.rsplit_once('/') {
        Some(("", _)) => "/",
        Some((dir, _)) => dir,
        None => cwd,
    }
}

/// A module's relative path in its components, or jq's refusal of it (its `validate_relpath`):
/// no NUL, no `..` (a module may not climb out of its search directory), no component twice
/// in a row.
fn relpath_parts(rel: &str) -> Result<Vec<&str>, String> {
    if rel.contains('\0') {
        return Err("Module path contains a NUL byte".to_string());
    }
    let parts: Vec<&str> = rel.split('/').collect();
    if parts.contains(&"..") {
        return Err(format!("Relative paths to modules may not traverse to parent directories ({rel})"));
    }
    if parts.windows(2).any(|w| w[0] == w[1]) {
        return Err(format!("module names must not have equal consecutive components: {rel}"));
    }
    Ok(parts)
}

fn join(dir: &str, rel: &str) -> String {
    if rel.starts_with('/') {
        rel.to_string()
    } else if dir.ends_with('/') {
        format!("{dir}{rel}")
    } else {
        format!("{dir}/{rel}")
    }
}

impl Library {
    /// The paths a directive's module or data may be at, in the order jq looks.
    fn candidates(&self, import: &Import<&str, ModPath>, ext: &str) -> Result<Vec<String>, String> {
        let rel = import.path.trim_matches('"');
        let parts = relpath_parts(rel)?;
        let here = parent_dir(import.parent, &self.cwd);
        let mut dirs = vec![here.to_string()];
        if let Some(Term::Obj(entries)) = import.meta {
            for (key, value) in entries {
                let is_search = matches!(key, Term::Str(None, parts) if parts.len() == 1
                    && matches!(&parts[0], jaq_core::load::lex::StrPart::Str("search")));
                if is_search && let Some(value) = value {
                    let mut texts = Vec::new();
                    collect_strings(value, &mut texts);
                    dirs.extend(texts.into_iter().map(|t| join(here, t)));
                }
            }
        }
        dirs.extend(self.search.iter().cloned());
        let last = parts.last().copied().unwrap_or(rel);
        Ok(dirs
            .iter()
            .flat_map(|dir| [join(dir, &format!("{rel}.{ext}")), join(dir, &format!("{rel}/{last}.{ext}"))])
            .collect())
    }

    /// The first candidate that exists, or the paths still to be looked at.
    fn find(&self, import: &Import<&str, ModPath>, ext: &str) -> Result<Result<(String, &str), Vec<String>>, String> {
        let mut unknown = Vec::new();
        for candidate in self.candidates(import, ext)? {
            match self.files.get(&candidate) {
                Some(Some(text)) if unknown.is_empty() => {
                    // A module is compiled as the filter is, so it is bounded as the filter is.
                    if ext == "jq" && super::limits::filter_depth(text).is_err() {
                        let limit = super::limits::MAX_FILTER_DEPTH;
                        return Err(format!("{candidate}: the module nests deeper than {limit} levels"));
                    }
                    return Ok(Ok((candidate, text)));
                }
                Some(_) => {}
                None => unknown.push(candidate),
            }
        }
        Ok(Err(unknown))
    }

    /// The files the loader would still look at for `code` (empty when it has all it needs).
    pub fn wanted(&self, code: &str) -> Vec<String> {
        let arena = Arena::default();
        let mut wanted = Vec::new();
        let loader = Loader::new([]).with_read(|import: Import<&str, ModPath>| {
            let found = self.find(&import, "jq")?;
            match found {
                Ok((path, text)) => Ok(File { code: data_names(text).into_owned(), path }),
                Err(unknown) => {
                    wanted.extend(unknown);
                    Err("not read yet".to_string())
                }
            }
        });
        if let Ok(modules) = loader.load(&arena, File { code, path: TOP.to_string() }) {
            let _ = load::import(&modules, |import| {
                if let Ok(Err(unknown)) = self.find(&import, "json") {
                    wanted.extend(unknown);
                }
                Ok(())
            });
        }
        wanted.sort();
        wanted.dedup();
        wanted
    }

    /// Reads a directive's module for the loader: its text rewritten by `rewrite`.
    pub fn read(
        &self,
        import: Import<&str, ModPath>,
        rewrite: &dyn Fn(&str) -> String,
    ) -> Result<File<String, ModPath>, String> {
        match self.find(&import, "jq")? {
            Ok((path, text)) => {
                // jq checks a module's metadata as it checks the filter's, placed in its file.
                if let Some((at, said)) = metadata_error(text) {
                    let place = super::place(text, text, at, at.chars().count());
                    return Err(format!("{said}{}", place.replacen(" at <top-level>,", &format!(" at {path},"), 1)));
                }
                Ok(File { code: rewrite(&data_names(text)), path })
            }
            Err(_) => Err(format!("module not found: {}", import.path.trim_matches('"'))),
        }
    }

    /// The JSON texts of a data import, as jq binds them: an array of them all.
    pub fn data(&self, import: Import<&str, ModPath>) -> Result<jaq_json::Val, String> {
        match self.find(&import, "json")? {
            Ok((path, text)) => {
                let values: Result<Vec<jaq_json::Val>, _> = jaq_json::read::parse_many(text.as_bytes()).collect();
                values.map(jaq_json::Val::from_iter).map_err(|e| format!("{path}: {e}"))
            }
            Err(_) => Err(format!("module not found: {}", import.path.trim_matches('"'))),
        }
    }
}

/// What `modulemeta` says of a module.
pub enum ModuleMeta {
    /// Its metadata's keys, then `deps` and `defs`, as JSON text.
    Json(String),
    /// Why the module is refused (it does not parse, or its metadata is no constant object):
    /// jq says it on standard error and gives null.
    Refused(String),
}

impl Library {
    /// The text of a file the loader read, or read now through the workspace.
    fn text(&self, path: &str) -> Option<String> {
        if let Some(known) = self.files.get(path) {
            return known.clone();
        }
        let threads = self.fs.as_ref()?;
        let fs = threads.fs();
        let is_file = fs.stat(path).is_ok_and(|meta| meta.kind == crate::vfs::FileKind::File);
        is_file.then(|| fs.read(path).ok()).flatten().map(|bytes| toolsh_bytes::lossy(&bytes).into_owned())
    }

    /// jq's `modulemeta` of the module `name`, looked for in the search directories alone (as
    /// jq looks, not beside the filter): its metadata's keys, then `deps` (each directive's
    /// metadata, then `as`, `is_data`, `relpath`) and `defs` (`name/arity` of its own
    /// definitions, each once, in order). `Err` holds jq's words when there is no such module.
    pub fn meta(&self, name: &str) -> Result<ModuleMeta, String> {
        let parts = relpath_parts(name)?;
        let last = parts.last().copied().unwrap_or(name);
        let found = self
            .search
            .iter()
            .flat_map(|dir| [join(dir, &format!("{name}.jq")), join(dir, &format!("{name}/{last}.jq"))])
            .find_map(|path| self.text(&path).map(|text| (path, text)));
        let Some((path, text)) = found else { return Err(format!("module not found: {name}")) };
        // Parsed as an imported module is, so bounded as one is (before the parser recurses).
        if super::limits::filter_depth(&text).is_err() {
            let limit = super::limits::MAX_FILTER_DEPTH;
            return Err(format!("{path}: the module nests deeper than {limit} levels"));
        }
        let named = data_names(&text);
        let (header, body) = split_header(&named);
        let defs = Lexer::new(body)
            .lex()
            .ok()
            .and_then(|tokens| jaq_core::load::parse::Parser::new(&tokens).parse(|p| p.defs()).ok());
        let Some(defs) = defs else {
            let arena = Arena::default();
            let loaded = Loader::new([]).load(&arena, File { code: text.as_str(), path: path.clone() });
            let said = match loaded {
                Err(errors) => errors.into_iter().next().map(|(file, error)| super::placed_syntax_error(&file, &error)),
                Ok(_) => None,
            };
            return Ok(ModuleMeta::Refused(said.unwrap_or_else(|| format!("syntax error in {path}"))));
        };
        if let Some((at, said)) = metadata_error(&text) {
            let place = super::place(&text, &text, at, at.chars().count());
            return Ok(ModuleMeta::Refused(format!(
                "{said}{}",
                place.replacen(" at <top-level>,", &format!(" at {path},"), 1)
            )));
        }
        let mut fields = Vec::new();
        let mut deps = Vec::new();
        for directive in directives(header) {
            // The metadata's own keys come first (`{"search":…,"as":…}`), without its braces.
            let meta = directive.meta.and_then(parse_term).and_then(|term| constant_json(&term));
            let inner = meta.as_deref().and_then(|m| m.strip_prefix('{')?.strip_suffix('}')).filter(|m| !m.is_empty());
            if directive.kind == "module" {
                fields.extend(inner.map(str::to_string));
                continue;
            }
            let mut dep: Vec<String> = inner.map(str::to_string).into_iter().collect();
            if let Some(name) = directive.name {
                dep.push(format!(
                    r#""as":{}"#,
                    serde_json::to_string(name.trim_start_matches('$')).unwrap_or_default()
                ));
            }
            let is_data = directive.name.is_some_and(|name| name.starts_with('$'));
            dep.push(format!(r#""is_data":{is_data}"#));
            let relpath = directive.path.unwrap_or_default();
            dep.push(format!(r#""relpath":{}"#, serde_json::to_string(relpath).unwrap_or_default()));
            deps.push(format!("{{{}}}", dep.join(",")));
        }
        let mut names: Vec<String> = Vec::new();
        for def in &defs {
            let def = format!("{}/{}", def.name, def.args.len());
            if !names.contains(&def) {
                names.push(def);
            }
        }
        let names: Vec<String> = names.iter().filter_map(|n| serde_json::to_string(n).ok()).collect();
        fields.push(format!(r#""deps":[{}]"#, deps.join(",")));
        fields.push(format!(r#""defs":[{}]"#, names.join(",")));
        Ok(ModuleMeta::Json(format!("{{{}}}", fields.join(","))))
    }
}

/// The plain strings of a metadata value (`"./lib"` or `["a", "b"]`).
fn collect_strings<'a>(term: &Term<&'a str>, out: &mut Vec<&'a str>) {
    match term {
        Term::Str(None, parts) => {
            if let [jaq_core::load::lex::StrPart::Str(text)] = parts.as_slice() {
                out.push(text);
            }
        }
        Term::Arr(Some(items)) => collect_strings(items, out),
        Term::BinOp(l, jaq_core::load::parse::BinaryOp::Comma, r) => {
            collect_strings(l, out);
            collect_strings(r, out);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_the_directives() {
        assert_eq!(split_header(r#"import "a" as a; include "b" {search: "x"}; a::f"#).1, " a::f");
        assert_eq!(split_header(".a | .b"), ("", ".a | .b"));
        assert_eq!(split_header(r#"module {a: 1}; def f: 1;"#).1, " def f: 1;");
        assert_eq!(data_names(r#"import "d" as $d; $d::d[0], $d"#), r#"import "d" as $d; $d[0], $d"#);
    }
}
