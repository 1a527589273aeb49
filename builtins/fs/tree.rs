//! `tree`: a directory hierarchy drawn with indentation lines, as the `tree` utility draws it
//! (its layout, its counts in the report line, its patterns), read through `fs.list`.

use crate::Ctx;
use crate::pattern::Pattern;
use crate::session::Status;
use crate::spec::{Args, Misuse, Opt, Spec, Words};
use crate::vfs::{FileKind, describe, path};

const ALL: Opt = Opt::short('a', "All files are listed.");
const DIRS_ONLY: Opt = Opt::short('d', "List directories only.");
const FULL_PATH: Opt = Opt::short('f', "Print the full path prefix for each file.");
const NO_INDENT: Opt = Opt::short('i', "Don't print indentation lines.");
const LEVEL: Opt = Opt::short('L', "Descend only level directories deep.").value("level");
const ONLY: Opt = Opt::short('P', "List only those files that match the pattern given.").value("pattern");
const IGNORE: Opt = Opt::short('I', "Do not list files that match the given pattern.").value("pattern");
const CLASSIFY: Opt = Opt::short('F', "Appends '/' to directories and '*' to executables, as ls -F.");
const QUOTE: Opt = Opt::short('Q', "Quote filenames with double quotes.");
const REVERSE: Opt = Opt::short('r', "Reverse the order of the sort.");
const NO_COLOR: Opt = Opt::short('n', "Turn colorization off always (it is never on here).");
const NOREPORT: Opt = Opt::long("noreport", "Turn off file/directory count at end of tree listing.");
const DIRSFIRST: Opt = Opt::long("dirsfirst", "List directories before files.");
const FILESFIRST: Opt = Opt::long("filesfirst", "List files before directories.");

/// `tree`.
pub const TREE: Spec = Spec {
    name: "tree",
    summary: "list the contents of directories in a tree-like format",
    synopsis: &["[-adfinrFQ] [-L level] [-P pattern] [-I pattern] [--noreport] [--dirsfirst] [--] [directory ...]"],
    about: "List each directory (default: .) as a tree, then how many directories and files it holds. Patterns are wildcards, several joined by '|'.",
    options: &[
        ALL, DIRS_ONLY, FULL_PATH, NO_INDENT, LEVEL, ONLY, IGNORE, CLASSIFY, QUOTE, REVERSE, NO_COLOR, NOREPORT,
        DIRSFIRST, FILESFIRST,
    ],
    words: Words::Own(tree_words),
    tools: &["fs.list"],
    operand_paths: true,
    ..Spec::BASE
};

/// tree's words: `tree: Invalid argument -`Z'.` and its usage.
fn tree_words(spec: &Spec, misuse: &Misuse) -> String {
    let said = match misuse {
        Misuse::Invalid(letter) => format!("Invalid argument -`{letter}'."),
        Misuse::Unrecognized(written) | Misuse::Ambiguous(written, _) => format!("Invalid argument `--{written}'."),
        Misuse::NeedsValue(option) => format!("Missing argument to {option} option."),
        Misuse::NoValue(option) => format!("Invalid argument `{option}'."),
        Misuse::Said(message) => message.clone(),
    };
    // A bad option also shows the usage; a missing or bad value only says so.
    match misuse {
        Misuse::Invalid(_) | Misuse::Unrecognized(_) | Misuse::Ambiguous(..) => {
            format!("tree: {said}\nusage: {}\n", spec.usage_line())
        }
        _ => format!("tree: {said}\n"),
    }
}

/// What the options ask for.
struct Look {
    all: bool,
    dirs_only: bool,
    full_path: bool,
    indent: bool,
    level: Option<usize>,
    only: Vec<Pattern>,
    ignore: Vec<Pattern>,
    classify: bool,
    quote: bool,
    reverse: bool,
    order: Order,
}

/// Where directories go among their siblings.
#[derive(PartialEq, Eq)]
enum Order {
    Mixed,
    DirsFirst,
    FilesFirst,
}

/// `-P`/`-I` patterns: wildcards joined by `|`.
fn patterns(text: Option<&str>) -> Vec<Pattern> {
    text.map_or(Vec::new(), |text| text.split('|').map(Pattern::new).collect())
}

/// The running counts of the report line.
#[derive(Default)]
struct Counts {
    dirs: usize,
    files: usize,
}

/// One entry as listed: its name, where it is, what it is (links followed for the kind, as
/// tree counts a link to a directory as a directory), and a link's target.
struct Listed {
    name: String,
    abs: String,
    is_dir: bool,
    link: Option<String>,
    executable: bool,
}

/// `tree [OPTION]… [DIRECTORY]…`
pub async fn tree(ctx: Ctx<'_>, args: Args) -> Status {
    let level = match args.last(&LEVEL).map(str::parse::<usize>) {
        None => None,
        Some(Ok(n)) if n > 0 => Some(n),
        Some(_) => return ctx.misuse(&TREE, "Invalid level, must be greater than 0.").await,
    };
    let order = match args.given().filter(|(o, _)| [DIRSFIRST, FILESFIRST].contains(o)).last() {
        Some((o, _)) if *o == DIRSFIRST => Order::DirsFirst,
        Some(_) => Order::FilesFirst,
        None => Order::Mixed,
    };
    let look = Look {
        all: args.has(&ALL),
        dirs_only: args.has(&DIRS_ONLY),
        full_path: args.has(&FULL_PATH),
        indent: !args.has(&NO_INDENT),
        level,
        only: patterns(args.last(&ONLY)),
        ignore: patterns(args.last(&IGNORE)),
        classify: args.has(&CLASSIFY),
        quote: args.has(&QUOTE),
        reverse: args.has(&REVERSE),
        order,
    };
    let roots = if args.operands.is_empty() { vec![".".to_string()] } else { args.operands.clone() };
    let mut counts = Counts::default();
    let mut out = String::new();
    let mut status = 0;
    // tree's report counts the directories below the starting points, and one for those.
    let mut counted_root = false;
    for root in &roots {
        let abs = ctx.abs(root);
        let shown = look.shown(root);
        match ctx.vfs.stat(&abs) {
            Ok(meta) if meta.is_dir() => {
                counts.dirs += usize::from(!std::mem::replace(&mut counted_root, true));
                let root_name = if look.classify && !root.ends_with('/') { format!("{shown}/") } else { shown };
                out.push_str(&format!("{root_name}\n"));
                if let Err(status) = look.walk(&ctx, &abs, root, "", 1, &mut counts, &mut out).await {
                    return status;
                }
            }
            // A file, or nothing: tree says it cannot open it as a directory.
            Ok(_) => {
                counts.files += 1;
                out.push_str(&format!("{shown}  [error opening dir]\n"));
            }
            Err(_) => {
                out.push_str(&format!("{shown}  [error opening dir]\n"));
                status = 2;
            }
        }
        if !ctx.out_piece(&mut out).await {
            return 1;
        }
    }
    if !args.has(&NOREPORT) {
        let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut report = format!("\n{}", plural(counts.dirs, "directory", "directories"));
        if !look.dirs_only {
            report.push_str(&format!(", {}", plural(counts.files, "file", "files")));
        }
        report.push('\n');
        if !ctx.out(report).await {
            return 1;
        }
    }
    status
}

impl Look {
    /// A name as printed: in double quotes with -Q.
    fn shown(&self, name: &str) -> String {
        if self.quote { format!("\"{name}\"") } else { name.to_string() }
    }

    /// The entries of `abs` to list, sorted and filtered as the options say.
    fn entries(&self, ctx: &Ctx<'_>, abs: &str) -> std::io::Result<Vec<Listed>> {
        let mut listed = Vec::new();
        for entry in ctx.vfs.read_dir(abs)? {
            if !self.all && entry.name.starts_with('.') {
                continue;
            }
            let child = path::join(abs, &entry.name);
            let (is_dir, executable, link) = match entry.kind {
                FileKind::Symlink => {
                    let target = ctx.vfs.read_link(&child).unwrap_or_default();
                    let meta = ctx.vfs.stat(&child).ok();
                    (meta.as_ref().is_some_and(|m| m.is_dir()), false, Some(target))
                }
                FileKind::Dir => (true, false, None),
                _ => (false, ctx.vfs.stat(&child).is_ok_and(|m| m.mode & 0o111 != 0), None),
            };
            if self.ignore.iter().any(|p| p.matches(&entry.name)) || (self.dirs_only && !is_dir) {
                continue;
            }
            // -P picks among the files; a link, even to a directory, counts as one.
            let file_like = !is_dir || link.is_some();
            if file_like && !self.only.is_empty() && !self.only.iter().any(|p| p.matches(&entry.name)) {
                continue;
            }
            listed.push(Listed { name: entry.name, abs: child, is_dir, link, executable });
        }
        listed.sort_by(|a, b| {
            let group = |l: &Listed| match self.order {
                Order::Mixed => 0,
                Order::DirsFirst => u8::from(!l.is_dir),
                Order::FilesFirst => u8::from(l.is_dir),
            };
            let by_name = if self.reverse { b.name.cmp(&a.name) } else { a.name.cmp(&b.name) };
            group(a).cmp(&group(b)).then(by_name)
        });
        Ok(listed)
    }

    /// Lists the entries of `abs` (shown as `shown`, drawn after `prefix`) at `depth`.
    #[allow(clippy::too_many_arguments)]
    fn walk<'a>(
        &'a self,
        ctx: &'a Ctx<'_>,
        abs: &'a str,
        shown: &'a str,
        prefix: &'a str,
        depth: usize,
        counts: &'a mut Counts,
        out: &'a mut String,
    ) -> futures::future::BoxFuture<'a, Result<(), Status>> {
        Box::pin(async move {
            if self.level.is_some_and(|level| depth > level) {
                return Ok(());
            }
            if !ctx.step().await {
                return Err(1);
            }
            let entries = match self.entries(ctx, abs) {
                Ok(entries) => entries,
                Err(err) => {
                    ctx.complain(format!("{shown}: {}", describe(&err))).await;
                    return Ok(());
                }
            };
            let count = entries.len();
            for (idx, entry) in entries.into_iter().enumerate() {
                let last = idx + 1 == count;
                // As written from the starting point (`./a/b`, not normalised).
                let path_shown = if shown.ends_with('/') {
                    format!("{shown}{}", entry.name)
                } else {
                    format!("{shown}/{}", entry.name)
                };
                let mut line = String::from(prefix);
                if self.indent {
                    line.push_str(if last { "└── " } else { "├── " });
                }
                line.push_str(&self.shown(if self.full_path { &path_shown } else { &entry.name }));
                let mark = match (self.classify, &entry.link, entry.is_dir) {
                    (false, _, _) => "",
                    (true, Some(_), _) => "",
                    (true, None, true) => "/",
                    (true, None, false) if entry.executable => "*",
                    _ => "",
                };
                line.push_str(mark);
                if let Some(target) = &entry.link {
                    let slash = if self.classify && entry.is_dir { "/" } else { "" };
                    line.push_str(&format!(" -> {}{slash}", self.shown(target)));
                }
                line.push('\n');
                out.push_str(&line);
                if entry.is_dir {
                    counts.dirs += 1;
                    // Links are listed, not followed (tree -l is not offered).
                    if entry.link.is_none() {
                        let deeper = if self.indent {
                            // tree's own spacing: two no-break spaces after the bar.
                            format!("{prefix}{}", if last { "    " } else { "│\u{a0}\u{a0} " })
                        } else {
                            String::new()
                        };
                        self.walk(ctx, &entry.abs, &path_shown, &deeper, depth + 1, counts, out).await?;
                    }
                } else {
                    counts.files += 1;
                }
            }
            Ok(())
        })
    }
}
