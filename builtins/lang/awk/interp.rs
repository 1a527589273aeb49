//! Runs a parsed awk program: BEGIN, the rules over every record of the main input, END. A
//! tree-walking evaluator over resolved slots; numbers, field reads and array subscripts take
//! paths that do not allocate, since those are what one-liners over big logs spend time on.

use super::array::Array;
use super::ast::{special as sv, *};
use super::flow::Flow;
use super::io::Host;
use super::lexer::{Builtin, unescape};
use super::record::{FieldSep, Reader, RecordSep, utf8_len};
use super::value::format::sprintf;
use super::value::{Value, push_number, str_to_num};
use regex::bytes::Regex;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

mod functions;

/// Deepest nesting of user function calls.
const MAX_CALL_DEPTH: usize = 10_000;
/// Most fields a record may be given (`$n = x`, `NF = n`): beyond, a typo's `$1e18` would ask
/// for all the memory there is.
const MAX_FIELDS: usize = 1 << 22;
/// Dynamic regexes kept compiled.
const REGEX_CACHE: usize = 256;

/// The longest string a concatenation may build (the shell's default output-bytes limit).
const MAX_STRING: usize = 256 * 1024 * 1024;

type Run<T> = Result<T, Flow>;

fn fatal<T>(message: impl Into<String>) -> Run<T> {
    Err(Flow::Error(message.into()))
}

/// A variable: a scalar, an array, or not yet either. As in gawk, the first use types it: a
/// read or an assignment makes it a scalar (unassigned, until assigned), a subscript an array.
#[derive(Debug, Clone)]
enum Cell {
    Val(Value),
    Arr(Rc<RefCell<Array>>),
    /// No use has typed it yet. Passed to a function, it is shared with the parameter, so
    /// that the first use through either types both (`f(a)` where `f` assigns its parameter
    /// makes `a` a scalar; where it subscripts it, an array, `a`'s from then on).
    Untyped(Option<Rc<RefCell<Fate>>>),
}

impl Default for Cell {
    fn default() -> Self {
        Cell::Untyped(None)
    }
}

/// What became of an untyped variable shared with a function's parameter.
#[derive(Debug, Clone, Default)]
enum Fate {
    #[default]
    Open,
    Scalar,
    Array(Rc<RefCell<Array>>),
}

/// What a use of a variable makes of it when it is untyped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    /// Nothing: it only takes the type a variable sharing it was given.
    Peek,
    Scalar,
    Array,
}

/// `$0` and its fields.
#[derive(Default)]
struct Record {
    text: Vec<u8>,
    fields: Vec<(usize, usize)>,
    split: bool,
    /// Fields (0 for `$0`) assigned a string or a number: they keep that type (`$0 = "0"` is
    /// true), where fields from input are strnums. Emptied whenever the record is replaced.
    typed: Vec<(usize, Value)>,
}

/// Where an assignment goes, its subscript or field number evaluated once (`a[i++] += 1`
/// steps `i` once).
enum Place {
    Var(Var),
    Field(usize),
    Elem(Rc<RefCell<Array>>, Vec<u8>),
}

/// The main input: the operands of `ARGV` in turn, or standard input.
struct MainInput {
    next_arg: usize,
    reader: Option<Reader>,
    opened_any: bool,
    done: bool,
}

/// A running user function's locals.
struct Frame {
    cells: Vec<Cell>,
    /// Which function.
    func: usize,
    /// The parameters passed an array by reference, with the caller's variable that holds it
    /// (what an error names the array by: gawk's `c (from b, from a)`).
    from: Vec<(usize, Var)>,
}

pub struct Interp<'p> {
    prog: &'p Program,
    globals: Vec<Cell>,
    frames: Vec<Frame>,
    record: Record,
    nr: f64,
    fnr: f64,
    range_open: Vec<bool>,
    field_sep: FieldSep,
    record_sep: RecordSep,
    paragraph: bool,
    ofs: Rc<[u8]>,
    ors: Rc<[u8]>,
    subsep: Rc<[u8]>,
    convfmt: Rc<[u8]>,
    ofmt: Rc<[u8]>,
    pub host: Host,
    main: MainInput,
    files: HashMap<String, Reader>,
    commands: HashMap<String, (Reader, i32)>,
    regex_cache: HashMap<Vec<u8>, Rc<Regex>>,
    seed: f64,
    rng: super::random::Random,
    stop: crate::lang::deep::Halt,
    /// Turns of loops since the halt was last asked (it is asked every 64th).
    turns: std::cell::Cell<u32>,
    pub exit_code: i32,
    in_end: bool,
    /// The slot of gawk's `RT` when the program mentions it (kept only then).
    rt_slot: Option<usize>,
    /// The program line being run (`Stmt::Line`, a rule's pattern), and how to name it.
    line: u32,
    sources: super::Sources,
    /// The zone `strftime` shows local times in: the environment's `TZ`.
    zone: crate::text::zone::Zone,
}

/// The program's starting conditions.
pub struct Setup {
    /// `ARGV[0]` and the operands.
    pub argv: Vec<String>,
    /// `-v` assignments, before BEGIN.
    pub assigns: Vec<(String, Vec<u8>)>,
    pub environ: Vec<(String, String)>,
    pub field_sep: Option<Vec<u8>>,
    /// The program's files, for naming its lines.
    pub sources: super::Sources,
}

fn rc(bytes: &[u8]) -> Rc<[u8]> {
    Rc::from(bytes)
}

/// Whether a command-line operand is an assignment `name=value`.
fn assignment(arg: &str) -> Option<(&str, &str)> {
    let (name, value) = arg.split_once('=')?;
    let mut chars = name.chars();
    let first = chars.next()?;
    ((first.is_ascii_alphabetic() || first == '_') && chars.all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then_some((name, value))
}

impl<'p> Interp<'p> {
    pub fn new(prog: &'p Program, host: Host, stop: crate::lang::deep::Halt, setup: Setup) -> Result<Self, String> {
        let mut globals = vec![Cell::default(); prog.globals.len()];
        globals[sv::FS] = Cell::Val(Value::str(b" "));
        globals[sv::OFS] = Cell::Val(Value::str(b" "));
        globals[sv::ORS] = Cell::Val(Value::str(b"\n"));
        globals[sv::RS] = Cell::Val(Value::str(b"\n"));
        globals[sv::SUBSEP] = Cell::Val(Value::str(b"\x1c"));
        globals[sv::CONVFMT] = Cell::Val(Value::str(b"%.6g"));
        globals[sv::OFMT] = Cell::Val(Value::str(b"%.6g"));
        globals[sv::RSTART] = Cell::Val(Value::Num(0.0));
        globals[sv::RLENGTH] = Cell::Val(Value::Num(-1.0));
        let tz = setup.environ.iter().find(|(name, _)| name == "TZ").map(|(_, value)| value.as_str());
        let zone = crate::text::zone::Zone::named(tz);
        let mut environ = Array::default();
        for (name, value) in setup.environ {
            environ.insert(&toolsh_bytes::encode(&name), Value::strnum(&toolsh_bytes::encode(&value)));
        }
        globals[sv::ENVIRON] = Cell::Arr(Rc::new(RefCell::new(environ)));
        let mut argv = Array::default();
        for (idx, arg) in setup.argv.iter().enumerate() {
            argv.insert(idx.to_string().as_bytes(), Value::strnum(&toolsh_bytes::encode(arg)));
        }
        globals[sv::ARGC] = Cell::Val(Value::Num(setup.argv.len() as f64));
        globals[sv::ARGV] = Cell::Arr(Rc::new(RefCell::new(argv)));
        let mut interp = Interp {
            zone,
            prog,
            globals,
            frames: Vec::new(),
            record: Record::default(),
            nr: 0.0,
            fnr: 0.0,
            range_open: vec![false; prog.ranges],
            field_sep: FieldSep::Blank,
            record_sep: RecordSep::Byte(b'\n'),
            paragraph: false,
            ofs: rc(b" "),
            ors: rc(b"\n"),
            subsep: rc(b"\x1c"),
            convfmt: rc(b"%.6g"),
            ofmt: rc(b"%.6g"),
            host,
            main: MainInput { next_arg: 1, reader: None, opened_any: false, done: false },
            files: HashMap::new(),
            commands: HashMap::new(),
            regex_cache: HashMap::new(),
            // gawk's generator starts seeded with 1, and `srand()` first returns that.
            seed: 1.0,
            rng: super::random::Random::new(1),
            stop,
            turns: std::cell::Cell::new(0),
            exit_code: 0,
            in_end: false,
            rt_slot: prog.globals.iter().position(|g| g == "RT"),
            line: 0,
            sources: setup.sources,
        };
        if let Some(fs) = setup.field_sep {
            interp.assign_global(sv::FS, Value::str(&fs)).map_err(describe)?;
        }
        for (name, value) in setup.assigns {
            interp.assign_named(&name, &value).map_err(describe)?;
        }
        Ok(interp)
    }

    /// Runs the whole program; the exit status.
    pub fn run(&mut self) -> Result<i32, String> {
        let prog = self.prog;
        let mut result = self.block(&prog.begin);
        let reads_input = !prog.rules.is_empty() || !prog.end.is_empty();
        if result.is_ok() && reads_input {
            result = self.main_loop();
        }
        match result {
            Ok(()) | Err(Flow::Exit) => {}
            Err(Flow::Error(message)) => return Err(self.locate(message)),
            Err(Flow::Stop(code)) => return Ok(code),
            Err(other) => return Err(format!("{other:?} outside its context")),
        }
        self.in_end = true;
        match self.block(&prog.end) {
            Ok(()) | Err(Flow::Exit) => {}
            Err(Flow::Error(message)) => return Err(self.locate(message)),
            Err(Flow::Stop(code)) => return Ok(code),
            Err(Flow::Next | Flow::NextFile) => return Err("`next' used in END".to_string()),
            Err(other) => return Err(format!("{other:?} outside its context")),
        }
        match self.host.close_all() {
            Ok(()) => Ok(self.exit_code),
            Err(Flow::Stop(code)) => Ok(code),
            Err(Flow::Error(message)) => Err(message),
            Err(_) => Ok(self.exit_code),
        }
    }

    /// Flushes what was printed when the program ends on an error.
    pub fn finish_after_error(&mut self) {
        let _ = self.host.flush_all();
    }

    /// A fatal error's message as gawk's: the program line, the input record, the words.
    fn locate(&self, message: String) -> String {
        let filename = self.global_bytes(sv::FILENAME);
        let place = self.sources.place(self.line);
        if self.fnr > 0.0 {
            let name = if filename.is_empty() { "-".to_string() } else { toolsh_bytes::decode(&filename).into_owned() };
            format!("{place}(FILENAME={name} FNR={}) fatal: {message}", self.fnr)
        } else {
            format!("{place}fatal: {message}")
        }
    }

    fn main_loop(&mut self) -> Run<()> {
        let prog = self.prog;
        let mut text = std::mem::take(&mut self.record.text);
        loop {
            if self.stop.requested() {
                return Err(Flow::Stop(130));
            }
            if !self.next_main_record(&mut text)? {
                break;
            }
            std::mem::swap(&mut self.record.text, &mut text);
            self.record.split = false;
            self.record.typed.clear();
            self.nr += 1.0;
            self.fnr += 1.0;
            match self.rules(&prog.rules) {
                Ok(()) | Err(Flow::Next) => {}
                Err(Flow::NextFile) => {
                    if let Some(reader) = self.main.reader.take() {
                        reader.release(&mut self.host)?;
                    }
                }
                Err(other) => return Err(other),
            }
            self.host.maybe_flush()?;
        }
        Ok(())
    }

    fn rules(&mut self, rules: &'p [Rule]) -> Run<()> {
        for rule in rules {
            self.line = rule.line;
            let matched = match &rule.pattern {
                Pattern::All => true,
                Pattern::Expr(expr) => self.cond(expr)?,
                Pattern::Range(from, to, slot) => {
                    if self.range_open[*slot] {
                        if self.cond(to)? {
                            self.range_open[*slot] = false;
                        }
                        true
                    } else if self.cond(from)? {
                        self.range_open[*slot] = !self.cond(to)?;
                        true
                    } else {
                        false
                    }
                }
            };
            if !matched {
                continue;
            }
            match &rule.action {
                Some(action) => self.block(action)?,
                None => {
                    let Interp { host, record, ors, .. } = self;
                    host.stdout.extend_from_slice(&record.text);
                    host.stdout.extend_from_slice(ors);
                }
            }
        }
        Ok(())
    }

    /// Reads the next record of the main input into `out`, moving through `ARGV`.
    fn next_main_record(&mut self, out: &mut Vec<u8>) -> Run<bool> {
        loop {
            if let Some(reader) = &mut self.main.reader {
                if reader.next(&self.record_sep, &mut self.host, out)? {
                    if let Some(slot) = self.rt_slot {
                        let rt = Value::str(&reader.terminator);
                        self.set_rt(slot, rt);
                    }
                    return Ok(true);
                }
                self.main.reader = None;
            }
            if self.main.done {
                return Ok(false);
            }
            let argc = self.global_value(sv::ARGC).num().max(0.0) as usize;
            let mut opened = false;
            while self.main.next_arg < argc {
                let idx = self.main.next_arg;
                self.main.next_arg += 1;
                let arg = self.argv(idx);
                if arg.is_empty() {
                    continue;
                }
                let arg = toolsh_bytes::decode(&arg).into_owned();
                if let Some((name, value)) = assignment(&arg) {
                    self.assign_named(name, &toolsh_bytes::encode(value))?;
                    continue;
                }
                self.open_main(&arg)?;
                opened = true;
                break;
            }
            if !opened {
                if self.main.opened_any {
                    self.main.done = true;
                    return Ok(false);
                }
                self.main.opened_any = true;
                self.main.done = true;
                self.main.reader = Some(self.open_input("-")?);
                self.fnr = 0.0;
                self.set_global_value(sv::FILENAME, Value::str(b"-"));
            }
        }
    }

    fn argv(&self, idx: usize) -> Vec<u8> {
        match &self.globals[sv::ARGV] {
            Cell::Arr(array) => array
                .borrow()
                .get(idx.to_string().as_bytes())
                .map(|v| v.bytes(&self.convfmt).into_owned())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    fn open_main(&mut self, name: &str) -> Run<()> {
        self.main.opened_any = true;
        self.fnr = 0.0;
        self.set_global_value(sv::FILENAME, Value::str(&toolsh_bytes::encode(name)));
        self.main.reader = Some(self.open_input(name)?);
        Ok(())
    }

    fn open_input(&mut self, name: &str) -> Run<Reader> {
        match Reader::open(name, &mut self.host)? {
            Ok(reader) => Ok(reader),
            Err(message) => fatal(format!("cannot open file `{name}' for reading: {message}")),
        }
    }

    // ---- variables ----

    fn global_value(&self, slot: usize) -> Value {
        match &self.globals[slot] {
            Cell::Val(v) => v.clone(),
            _ => Value::Uninit,
        }
    }

    fn global_bytes(&self, slot: usize) -> Vec<u8> {
        self.global_value(slot).bytes(&self.convfmt).into_owned()
    }

    fn set_global_value(&mut self, slot: usize, value: Value) {
        self.globals[slot] = Cell::Val(value);
    }

    /// `name=value` from `-v` or an operand: escapes decoded, a strnum.
    fn assign_named(&mut self, name: &str, value: &[u8]) -> Run<()> {
        let Some(slot) = self.prog.globals.iter().position(|g| g == name) else {
            // A variable the program never mentions: nothing can see it.
            return Ok(());
        };
        self.assign_global(slot, Value::strnum(&unescape(value)))
    }

    fn set_rt(&mut self, slot: usize, value: Value) {
        if !matches!(self.globals[slot], Cell::Arr(_)) {
            self.globals[slot] = Cell::Val(value);
        }
    }

    /// Sets a global the program may mention by name (gawk's `ERRNO`): nothing when it does not.
    fn set_named(&mut self, name: &str, value: Value) {
        if let Some(slot) = self.prog.globals.iter().position(|g| g == name)
            && !matches!(self.globals[slot], Cell::Arr(_))
        {
            self.globals[slot] = Cell::Val(value);
        }
    }

    fn cell(&mut self, var: Var) -> &mut Cell {
        match var {
            Var::Global(slot) => &mut self.globals[slot],
            Var::Local(slot) => {
                let frame = self.frames.last_mut().expect("locals only inside functions");
                &mut frame.cells[slot]
            }
        }
    }

    fn var_value(&mut self, var: Var) -> Run<Value> {
        if let Var::Global(slot) = var {
            match slot {
                sv::NF => {
                    self.split_record();
                    return Ok(Value::Num(self.record.fields.len() as f64));
                }
                sv::NR => return Ok(Value::Num(self.nr)),
                sv::FNR => return Ok(Value::Num(self.fnr)),
                _ => {}
            }
        }
        match self.used(var, Use::Scalar) {
            Cell::Val(v) => Ok(v.clone()),
            Cell::Untyped(_) => Ok(Value::Uninit),
            Cell::Arr(_) => fatal(format!("attempt to use array `{}' in a scalar context", self.var_name(var))),
        }
    }

    /// A variable's cell after a use of it: an untyped one takes the type a use through a
    /// variable sharing it gave, or else the one this use gives.
    fn used(&mut self, var: Var, usage: Use) -> &mut Cell {
        let cell = self.cell(var);
        if let Cell::Untyped(shared) = cell {
            let fate = shared.as_ref().map(|shared| shared.borrow().clone());
            let typed = match (fate, usage) {
                (Some(Fate::Array(array)), _) => Some(Cell::Arr(array)),
                (Some(Fate::Scalar), _) | (_, Use::Scalar) => Some(Cell::Val(Value::Uninit)),
                (_, Use::Array) => Some(Cell::Arr(Rc::new(RefCell::new(Array::default())))),
                (_, Use::Peek) => None,
            };
            if let Some(typed) = typed {
                if let Some(shared) = shared {
                    *shared.borrow_mut() = match &typed {
                        Cell::Arr(array) => Fate::Array(array.clone()),
                        _ => Fate::Scalar,
                    };
                }
                *cell = typed;
            }
        }
        cell
    }

    /// A variable's name in errors: a parameter holding a caller's array names where it came
    /// from, as gawk does (`c (from b, from a)`).
    fn var_name(&self, var: Var) -> String {
        let global = |slot: usize| self.prog.globals.get(slot).cloned().unwrap_or_default();
        let Var::Local(mut slot) = var else {
            return match var {
                Var::Global(slot) => global(slot),
                Var::Local(_) => String::new(),
            };
        };
        let mut names = Vec::new();
        for frame in self.frames.iter().rev() {
            let function = &self.prog.functions[frame.func];
            names.push(function.param_names.get(slot).cloned().unwrap_or_default());
            match frame.from.iter().find(|(param, _)| *param == slot) {
                Some((_, Var::Local(caller))) => slot = *caller,
                Some((_, Var::Global(caller))) => {
                    names.push(global(*caller));
                    break;
                }
                None => break,
            }
        }
        let mut names = names.into_iter();
        let mut name = names.next().unwrap_or_default();
        let from: Vec<String> = names.map(|caller| format!("from {caller}")).collect();
        if !from.is_empty() {
            name = format!("{name} ({})", from.join(", "));
        }
        name
    }

    /// gawk's words for a scalar used as an array.
    /// gawk's words for a scalar used as an array: a parameter by its own name (where it
    /// came from is said of arrays only).
    fn scalar_as_array<T>(&self, var: Var) -> Run<T> {
        match var {
            Var::Local(slot) => {
                let function = self.frames.last().map(|frame| &self.prog.functions[frame.func]);
                let name = function.and_then(|f| f.param_names.get(slot)).cloned().unwrap_or_default();
                fatal(format!("attempt to use scalar parameter `{name}' as an array"))
            }
            Var::Global(_) => fatal(format!("attempt to use scalar `{}' as an array", self.var_name(var))),
        }
    }

    fn assign_var(&mut self, var: Var, value: Value) -> Run<()> {
        match var {
            Var::Global(slot) => self.assign_global(slot, value),
            Var::Local(_) => {
                let cell = self.used(var, Use::Scalar);
                if let Cell::Arr(_) = cell {
                    return fatal(format!("attempt to use array `{}' in a scalar context", self.var_name(var)));
                }
                *cell = Cell::Val(value);
                Ok(())
            }
        }
    }

    fn assign_global(&mut self, slot: usize, value: Value) -> Run<()> {
        if let Cell::Arr(_) = self.used(Var::Global(slot), Use::Scalar) {
            return fatal(format!("attempt to use array `{}' in a scalar context", self.prog.globals[slot]));
        }
        if slot <= sv::ARGV {
            match slot {
                sv::NF => return self.set_nf(value.num()),
                sv::NR => {
                    self.nr = value.num();
                    return Ok(());
                }
                sv::FNR => {
                    self.fnr = value.num();
                    return Ok(());
                }
                _ => {}
            }
            let bytes: Rc<[u8]> = rc(&value.bytes(&self.convfmt));
            match slot {
                sv::FS => {
                    // The record in hand keeps the separator it was read with.
                    self.split_record();
                    self.update_field_sep(&bytes)?
                }
                sv::RS => {
                    self.paragraph = bytes.is_empty();
                    self.record_sep = RecordSep::new(&bytes).or_else(|m| fatal(format!("RS: {m}")))?;
                    let fs = self.global_bytes(sv::FS);
                    self.update_field_sep(&fs)?;
                }
                sv::OFS => self.ofs = bytes,
                sv::ORS => self.ors = bytes,
                sv::SUBSEP => self.subsep = bytes,
                sv::CONVFMT => self.convfmt = bytes,
                sv::OFMT => self.ofmt = bytes,
                _ => {}
            }
        }
        self.globals[slot] = Cell::Val(value);
        Ok(())
    }

    fn update_field_sep(&mut self, fs: &[u8]) -> Run<()> {
        let mut sep = FieldSep::new(fs).or_else(|m| fatal(format!("FS: {m}")))?;
        if self.paragraph {
            sep = sep.with_newlines().or_else(|m| fatal(format!("FS: {m}")))?;
        }
        self.field_sep = sep;
        Ok(())
    }

    fn array(&mut self, var: Var) -> Run<Rc<RefCell<Array>>> {
        match self.used(var, Use::Array) {
            Cell::Arr(array) => Ok(array.clone()),
            _ => self.scalar_as_array(var),
        }
    }

    fn subscript(&mut self, subscripts: &'p [Expr]) -> Run<Vec<u8>> {
        let mut key = Vec::new();
        for (idx, expr) in subscripts.iter().enumerate() {
            if idx > 0 {
                key.extend_from_slice(&self.subsep.clone());
            }
            self.push_str(expr, &mut key)?;
        }
        Ok(key)
    }

    // ---- records and fields ----

    fn split_record(&mut self) {
        if self.record.split {
            return;
        }
        self.record.fields.clear();
        self.field_sep.split(&self.record.text, &mut self.record.fields);
        self.record.split = true;
    }

    fn field_index(&mut self, expr: &'p Expr) -> Run<usize> {
        let n = self.num(expr)?;
        if n < 0.0 || n.is_nan() {
            return fatal(format!("attempt to access field {}", n as i64));
        }
        Ok(n as usize)
    }

    fn field_bytes(&mut self, idx: usize) -> &[u8] {
        if idx == 0 {
            return &self.record.text;
        }
        if !self.record.split
            && let Some(span) = self.field_sep.nth(&self.record.text, idx)
        {
            // One field of an unsplit record: found by a scan that stops there.
            return span.map_or(b"", |(start, end)| &self.record.text[start..end]);
        }
        self.split_record();
        match self.record.fields.get(idx - 1) {
            Some(&(start, end)) => &self.record.text[start..end],
            None => b"",
        }
    }

    fn set_record(&mut self, text: &[u8]) {
        self.record.text.clear();
        self.record.text.extend_from_slice(text);
        self.record.split = false;
        self.record.typed.clear();
    }

    /// Rebuilds `$0` as its first `nf` fields (empty ones added) joined by `OFS`, with field
    /// `replace.0` (1-based) replaced by `replace.1`.
    fn rebuild(&mut self, nf: usize, replace: Option<(usize, &[u8])>) {
        self.split_record();
        let old = &self.record;
        let mut text = Vec::with_capacity(old.text.len() + replace.map_or(0, |r| r.1.len()) + nf);
        let mut ranges = Vec::with_capacity(nf);
        for field in 0..nf {
            if field > 0 {
                text.extend_from_slice(&self.ofs);
            }
            let start = text.len();
            match replace {
                Some((idx, value)) if idx == field + 1 => text.extend_from_slice(value),
                _ => {
                    if let Some(&(s, e)) = old.fields.get(field) {
                        text.extend_from_slice(&old.text[s..e]);
                    }
                }
            }
            ranges.push((start, text.len()));
        }
        // Assigned fields that remain keep their type; `$0`, rebuilt, is input-like again.
        let mut typed = std::mem::take(&mut self.record.typed);
        typed.retain(|(idx, _)| *idx != 0 && *idx <= nf);
        self.record = Record { text, fields: ranges, split: true, typed };
    }

    fn set_field(&mut self, idx: usize, value: &[u8]) -> Run<()> {
        if idx == 0 {
            self.set_record(value);
            return Ok(());
        }
        if idx > MAX_FIELDS {
            return fatal(format!("field ${idx} is past the limit of {MAX_FIELDS} fields"));
        }
        self.split_record();
        let nf = self.record.fields.len().max(idx);
        self.rebuild(nf, Some((idx, value)));
        Ok(())
    }

    fn set_nf(&mut self, n: f64) -> Run<()> {
        if n < 0.0 || n.is_nan() {
            return fatal("NF set to negative value");
        }
        if n > MAX_FIELDS as f64 {
            return fatal(format!("NF set to {n}, past the limit of {MAX_FIELDS} fields"));
        }
        self.rebuild(n as usize, None);
        Ok(())
    }

    // ---- statements ----

    fn block(&mut self, stmts: &'p [Stmt]) -> Run<()> {
        for stmt in stmts {
            self.stmt(stmt)?;
        }
        Ok(())
    }

    /// Called at every turn of a loop: asks the halt every 64th turn (an atomic operation
    /// per turn cost awk loops 9 %).
    fn check_stop(&self) -> Run<()> {
        let turns = self.turns.get().wrapping_add(1);
        self.turns.set(turns);
        if turns.is_multiple_of(64) && self.stop.requested() { Err(Flow::Stop(130)) } else { Ok(()) }
    }

    fn stmt(&mut self, stmt: &'p Stmt) -> Run<()> {
        match stmt {
            Stmt::Expr(expr) => {
                self.eval(expr)?;
            }
            Stmt::Print(args, dest) => self.print(args, dest.as_ref())?,
            Stmt::Printf(args, dest) => {
                let Some(format) = args.first() else { return fatal("printf: no arguments") };
                let format = self.string(format)?;
                let mut values = Vec::with_capacity(args.len().saturating_sub(1));
                for arg in &args[1..] {
                    values.push(self.eval(arg)?);
                }
                let text = sprintf(&format, &values, &self.convfmt).or_else(fatal)?;
                self.emit(&text, dest.as_ref())?;
            }
            Stmt::If(cond, then, otherwise) => {
                if self.cond(cond)? {
                    self.stmt(then)?;
                } else if let Some(otherwise) = otherwise {
                    self.stmt(otherwise)?;
                }
            }
            Stmt::While(cond, body) => {
                while self.cond(cond)? {
                    self.check_stop()?;
                    match self.stmt(body) {
                        Ok(()) | Err(Flow::Continue) => {}
                        Err(Flow::Break) => break,
                        Err(other) => return Err(other),
                    }
                }
            }
            Stmt::Do(body, cond) => loop {
                self.check_stop()?;
                match self.stmt(body) {
                    Ok(()) | Err(Flow::Continue) => {}
                    Err(Flow::Break) => break,
                    Err(other) => return Err(other),
                }
                if !self.cond(cond)? {
                    break;
                }
            },
            Stmt::For(init, cond, step, body) => {
                if let Some(init) = init {
                    self.stmt(init)?;
                }
                loop {
                    if let Some(cond) = cond
                        && !self.cond(cond)?
                    {
                        break;
                    }
                    self.check_stop()?;
                    match self.stmt(body) {
                        Ok(()) | Err(Flow::Continue) => {}
                        Err(Flow::Break) => break,
                        Err(other) => return Err(other),
                    }
                    if let Some(step) = step {
                        self.stmt(step)?;
                    }
                }
            }
            Stmt::ForIn(key, array_var, body) => {
                let array = self.array(*array_var)?;
                // gawk runs `for (k in a) delete a[k]` as `delete a`, leaving k at the first key.
                if deletes_each_key(body, *key, *array_var) {
                    let first = array.borrow().keys().into_iter().next();
                    if let Some(first) = first {
                        self.assign_var(*key, Value::StrNum(first))?;
                        array.borrow_mut().clear();
                    }
                    return Ok(());
                }
                // The keys as they were when the loop began, in gawk's order; like gawk, keys
                // deleted by the body are still visited.
                let keys = array.borrow().keys();
                for k in keys {
                    self.check_stop()?;
                    self.assign_var(*key, Value::StrNum(k))?;
                    match self.stmt(body) {
                        Ok(()) | Err(Flow::Continue) => {}
                        Err(Flow::Break) => break,
                        Err(other) => return Err(other),
                    }
                }
            }
            Stmt::Block(stmts) => self.block(stmts)?,
            Stmt::Next => {
                if self.in_end {
                    return fatal("`next' used in END action");
                }
                return Err(Flow::Next);
            }
            Stmt::NextFile => return Err(Flow::NextFile),
            Stmt::Exit(code) => {
                if let Some(code) = code {
                    self.exit_code = self.num(code)? as i32 & 0xff;
                }
                return Err(Flow::Exit);
            }
            Stmt::Return(value) => {
                let value = match value {
                    Some(expr) => self.eval(expr)?,
                    None => Value::Uninit,
                };
                return Err(Flow::Return(value));
            }
            Stmt::Break => return Err(Flow::Break),
            Stmt::Continue => return Err(Flow::Continue),
            Stmt::Line(line) => self.line = *line,
            Stmt::Delete(array, subscripts) => {
                let array = self.array(*array)?;
                match subscripts {
                    Some(subscripts) => {
                        let key = self.subscript(subscripts)?;
                        array.borrow_mut().remove(&key);
                    }
                    None => array.borrow_mut().clear(),
                }
            }
        }
        Ok(())
    }

    fn print(&mut self, args: &'p [Expr], dest: Option<&'p (DestKind, Expr)>) -> Run<()> {
        let mut line = Vec::new();
        if args.is_empty() {
            line.extend_from_slice(&self.record.text);
        }
        for (idx, arg) in args.iter().enumerate() {
            if idx > 0 {
                line.extend_from_slice(&self.ofs.clone());
            }
            self.push_output(arg, &mut line)?;
        }
        line.extend_from_slice(&self.ors.clone());
        self.emit(&line, dest)
    }

    fn emit(&mut self, text: &[u8], dest: Option<&'p (DestKind, Expr)>) -> Run<()> {
        match dest {
            None => {
                self.host.stdout.extend_from_slice(text);
                Ok(())
            }
            Some((kind, target)) => {
                let name = toolsh_bytes::decode(&self.string(target)?).into_owned();
                if name.is_empty() {
                    return fatal("expression for `>' redirection has null string value");
                }
                self.host.redirect(&name, *kind)?.extend_from_slice(text);
                self.host.after_redirect(&name)
            }
        }
    }

    // ---- expressions ----

    fn cond(&mut self, expr: &'p Expr) -> Run<bool> {
        match expr {
            Expr::Regex(idx) => Ok(self.prog.regexes[*idx].is_match(&self.record.text)),
            Expr::Cmp(op, a, b) => self.compare(*op, a, b),
            Expr::Match(negate, subject, regex) => Ok(self.matches(subject, regex)? != *negate),
            Expr::And(a, b) => Ok(self.cond(a)? && self.cond(b)?),
            Expr::Or(a, b) => Ok(self.cond(a)? || self.cond(b)?),
            Expr::Not(a) => Ok(!self.cond(a)?),
            Expr::Group(a) => self.cond(a),
            _ => Ok(self.eval(expr)?.truthy()),
        }
    }

    /// A numeric value without making a `Value` where it can.
    fn num(&mut self, expr: &'p Expr) -> Run<f64> {
        match expr {
            Expr::Num(n) => Ok(*n),
            Expr::Lvalue(LValue::Field(index)) => {
                let idx = self.field_index(index)?;
                Ok(str_to_num(self.field_bytes(idx)))
            }
            Expr::Lvalue(LValue::Var(var)) => match var {
                Var::Global(sv::NR) => Ok(self.nr),
                Var::Global(sv::FNR) => Ok(self.fnr),
                Var::Global(slot) if *slot != sv::NF => match &self.globals[*slot] {
                    Cell::Val(Value::Num(n)) => Ok(*n),
                    Cell::Val(v) => Ok(v.num()),
                    Cell::Arr(_) | Cell::Untyped(_) => Ok(self.var_value(*var)?.num()),
                },
                _ => Ok(self.var_value(*var)?.num()),
            },
            Expr::Arith(op, a, b) => {
                let a = self.num(a)?;
                let b = self.num(b)?;
                arith(*op, a, b)
            }
            Expr::Neg(a) => Ok(-self.num(a)?),
            Expr::Plus(a) => self.num(a),
            Expr::Group(a) => self.num(a),
            _ => Ok(self.eval(expr)?.num()),
        }
    }

    /// The string value of an expression.
    fn string(&mut self, expr: &'p Expr) -> Run<Vec<u8>> {
        let mut out = Vec::new();
        self.push_str(expr, &mut out)?;
        Ok(out)
    }

    /// Appends an expression's string value (numbers through `CONVFMT`).
    fn push_str(&mut self, expr: &'p Expr, out: &mut Vec<u8>) -> Run<()> {
        self.push_with(expr, out, false)
    }

    /// Appends an expression as `print` shows it (numbers through `OFMT`).
    fn push_output(&mut self, expr: &'p Expr, out: &mut Vec<u8>) -> Run<()> {
        self.push_with(expr, out, true)
    }

    fn push_with(&mut self, expr: &'p Expr, out: &mut Vec<u8>, output: bool) -> Run<()> {
        match expr {
            Expr::Str(s) => out.extend_from_slice(s),
            Expr::Lvalue(LValue::Field(index)) => {
                let idx = self.field_index(index)?;
                let bytes = self.field_bytes(idx);
                out.extend_from_slice(bytes);
            }
            Expr::Concat(parts) => {
                for part in parts {
                    self.push_str(part, out)?;
                    // `s = s s` in a loop doubles: past this it is an error, not exhausted memory.
                    if out.len() > MAX_STRING {
                        return Err(Flow::Error(format!("string longer than {MAX_STRING} bytes")));
                    }
                }
            }
            _ => {
                let value = self.eval(expr)?;
                match value {
                    Value::Num(n) => push_number(out, n, if output { &self.ofmt } else { &self.convfmt }),
                    Value::Str(s) | Value::StrNum(s) => out.extend_from_slice(&s),
                    Value::Uninit => {}
                }
            }
        }
        Ok(())
    }

    fn compare(&mut self, op: Cmp, a: &'p Expr, b: &'p Expr) -> Run<bool> {
        // A string constant on either side makes it a comparison of strings: no values needed.
        if let Expr::Str(constant) = b {
            let ordering = match a {
                Expr::Lvalue(LValue::Field(index)) => {
                    let idx = self.field_index(index)?;
                    self.field_bytes(idx).cmp(constant)
                }
                _ => self.string(a)?.as_slice().cmp(constant),
            };
            return Ok(holds(op, ordering));
        }
        if let Expr::Str(constant) = a {
            let ordering = constant.as_ref().cmp(self.string(b)?.as_slice());
            return Ok(holds(op, ordering));
        }
        let a = self.eval(a)?;
        let b = self.eval(b)?;
        let ordering = match (a.numeric(), b.numeric()) {
            (Some(x), Some(y)) => {
                if x.is_nan() || y.is_nan() {
                    return Ok(op == Cmp::Ne);
                }
                x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal)
            }
            _ => a.bytes(&self.convfmt).cmp(&b.bytes(&self.convfmt)),
        };
        Ok(holds(op, ordering))
    }

    /// The regex of a match's right side: a literal, or a string compiled (and cached).
    fn regex_of(&mut self, expr: &'p Expr) -> Run<Rc<Regex>> {
        if let Expr::Regex(idx) = expr {
            return Ok(self.prog.regexes[*idx].clone());
        }
        let source = self.string(expr)?;
        self.dynamic_regex(source)
    }

    fn dynamic_regex(&mut self, source: Vec<u8>) -> Run<Rc<Regex>> {
        if let Some(regex) = self.regex_cache.get(&source) {
            return Ok(regex.clone());
        }
        let text = toolsh_bytes::decode(&source).into_owned();
        let regex = match super::parser::compile_regex(&text) {
            Ok(regex) => regex,
            Err(message) => return fatal(format!("invalid regexp: {message}: /{text}/")),
        };
        if self.regex_cache.len() >= REGEX_CACHE {
            self.regex_cache.clear();
        }
        self.regex_cache.insert(source, regex.clone());
        Ok(regex)
    }

    fn matches(&mut self, subject: &'p Expr, regex: &'p Expr) -> Run<bool> {
        if let Expr::Regex(idx) = regex {
            let prog = self.prog;
            let re = &prog.regexes[*idx];
            if let Expr::Lvalue(LValue::Field(index)) = subject {
                let field = self.field_index(index)?;
                return Ok(re.is_match(self.field_bytes(field)));
            }
            let text = self.string(subject)?;
            return Ok(re.is_match(&text));
        }
        let text = self.string(subject)?;
        let re = self.regex_of(regex)?;
        Ok(re.is_match(&text))
    }

    pub fn eval(&mut self, expr: &'p Expr) -> Run<Value> {
        Ok(match expr {
            Expr::Num(n) => Value::Num(*n),
            Expr::Str(s) => Value::Str(s.clone()),
            Expr::Regex(idx) => Value::Num(f64::from(u8::from(self.prog.regexes[*idx].is_match(&self.record.text)))),
            Expr::Group(inner) => self.eval(inner)?,
            Expr::Lvalue(lv) => self.get(lv)?,
            Expr::Assign(None, target, value) => {
                // As in gawk, the value first, then the target's subscript (`a[i++] = i`).
                let value = self.eval(value)?;
                self.set(target, value.clone())?;
                value
            }
            Expr::Assign(Some(op), target, value) => {
                // The target's subscript once, before the value (`a[i++] += i`).
                let place = self.place(target)?;
                let right = self.num(value)?;
                let left = self.place_get(&place)?.num();
                let value = Value::Num(arith(*op, left, right)?);
                self.place_set(place, value.clone())?;
                value
            }
            Expr::IncDec(target, step, post) => {
                if let LValue::Index(var, subscripts) = &**target {
                    let key = self.subscript(subscripts)?;
                    let array = self.array(*var)?;
                    let mut array = array.borrow_mut();
                    let slot = array.slot(&key);
                    let old = slot.num();
                    *slot = Value::Num(old + step);
                    return Ok(Value::Num(if *post { old } else { old + step }));
                }
                let place = self.place(target)?;
                let old = self.place_get(&place)?.num();
                self.place_set(place, Value::Num(old + step))?;
                Value::Num(if *post { old } else { old + step })
            }
            Expr::Cond(cond, yes, no) => {
                if self.cond(cond)? {
                    self.eval(yes)?
                } else {
                    self.eval(no)?
                }
            }
            Expr::And(..) | Expr::Or(..) | Expr::Not(_) | Expr::Cmp(..) | Expr::Match(..) => {
                Value::Num(f64::from(u8::from(self.cond(expr)?)))
            }
            Expr::Neg(_) | Expr::Plus(_) | Expr::Arith(..) => Value::Num(self.num(expr)?),
            Expr::Concat(_) => Value::Str(rc(&self.string(expr)?)),
            Expr::In(subscripts, array) => {
                let key = self.subscript(subscripts)?;
                let array = self.array(*array)?;
                Value::Num(f64::from(u8::from(array.borrow().contains_key(&key))))
            }
            Expr::Call(func, args) => self.call(*func, args)?,
            Expr::Builtin(builtin, args) => self.builtin(*builtin, args)?,
            Expr::Getline(source, target) => Value::Num(self.getline(source, target.as_deref())?),
        })
    }

    fn get(&mut self, lv: &'p LValue) -> Run<Value> {
        match lv {
            LValue::Var(var) => self.var_value(*var),
            LValue::Field(index) => {
                let idx = self.field_index(index)?;
                Ok(self.field_value(idx))
            }
            LValue::Index(var, subscripts) => {
                let key = self.subscript(subscripts)?;
                let array = self.array(*var)?;
                let mut array = array.borrow_mut();
                // Referring to an element creates it, as in every awk.
                Ok(array.slot(&key).clone())
            }
        }
    }

    fn set(&mut self, lv: &'p LValue, value: Value) -> Run<()> {
        match lv {
            LValue::Var(var) => self.assign_var(*var, value),
            LValue::Field(index) => {
                let idx = self.field_index(index)?;
                self.set_typed_field(idx, value)
            }
            LValue::Index(var, subscripts) => {
                let key = self.subscript(subscripts)?;
                let array = self.array(*var)?;
                array.borrow_mut().insert(&key, value);
                Ok(())
            }
        }
    }

    /// Assigns a field, which keeps the value's type unless it is input-like.
    fn set_typed_field(&mut self, idx: usize, value: Value) -> Run<()> {
        let bytes = value.bytes(&self.convfmt).into_owned();
        self.set_field(idx, &bytes)?;
        self.record.typed.retain(|(i, _)| *i != idx);
        if matches!(value, Value::Str(_) | Value::Num(_)) {
            self.record.typed.push((idx, value));
        }
        Ok(())
    }

    /// Evaluates what an lvalue names: its subscripts or field number, once.
    fn place(&mut self, lv: &'p LValue) -> Run<Place> {
        Ok(match lv {
            LValue::Var(var) => Place::Var(*var),
            LValue::Field(index) => Place::Field(self.field_index(index)?),
            LValue::Index(var, subscripts) => {
                let key = self.subscript(subscripts)?;
                Place::Elem(self.array(*var)?, key)
            }
        })
    }

    fn place_get(&mut self, place: &Place) -> Run<Value> {
        match place {
            Place::Var(var) => self.var_value(*var),
            Place::Field(idx) => Ok(self.field_value(*idx)),
            Place::Elem(array, key) => Ok(array.borrow_mut().slot(key).clone()),
        }
    }

    fn place_set(&mut self, place: Place, value: Value) -> Run<()> {
        match place {
            Place::Var(var) => self.assign_var(var, value),
            Place::Field(idx) => self.set_typed_field(idx, value),
            Place::Elem(array, key) => {
                array.borrow_mut().insert(&key, value);
                Ok(())
            }
        }
    }

    /// A field's value: a strnum from input, or what was assigned to it.
    fn field_value(&mut self, idx: usize) -> Value {
        if let Some((_, value)) = self.record.typed.iter().find(|(i, _)| *i == idx) {
            return value.clone();
        }
        Value::strnum(self.field_bytes(idx))
    }

    fn call(&mut self, func: usize, args: &'p [Expr]) -> Run<Value> {
        let prog = self.prog;
        let function = &prog.functions[func];
        if !function.defined {
            return fatal(format!("function `{}' not defined", function.name));
        }
        if args.len() > function.params {
            return fatal(format!("function `{}' called with more arguments than declared", function.name));
        }
        if self.frames.len() >= MAX_CALL_DEPTH {
            return fatal(format!("function `{}': calls nested deeper than {MAX_CALL_DEPTH}", function.name));
        }
        self.check_stop()?;
        let mut frame = Vec::with_capacity(function.params);
        let mut from = Vec::new();
        for (idx, arg) in args.iter().enumerate() {
            // An array, or an untyped variable, is passed by reference (a special variable,
            // kept outside its cell, never is).
            let by_reference = match arg {
                Expr::Lvalue(LValue::Var(var)) if !self.is_special_scalar(*var) => match self.used(*var, Use::Peek) {
                    Cell::Arr(array) => Some(Cell::Arr(array.clone())),
                    Cell::Untyped(shared) => {
                        Some(Cell::Untyped(Some(shared.get_or_insert_with(Default::default).clone())))
                    }
                    Cell::Val(_) => None,
                },
                _ => None,
            };
            if let (Some(_), Expr::Lvalue(LValue::Var(var))) = (&by_reference, arg) {
                from.push((idx, *var));
            }
            frame.push(match by_reference {
                Some(cell) => cell,
                // An element never set is passed untyped: the function may make it an array.
                None => match self.eval(arg)? {
                    Value::Uninit => Cell::Untyped(None),
                    value => Cell::Val(value),
                },
            });
        }
        self.invoke(func, frame, from)
    }

    /// Runs user function `func` with its first parameters set (the rest are local).
    fn invoke(&mut self, func: usize, mut frame: Vec<Cell>, from: Vec<(usize, Var)>) -> Run<Value> {
        let prog = self.prog;
        let function = &prog.functions[func];
        if self.frames.len() >= MAX_CALL_DEPTH {
            return fatal(format!("function `{}': calls nested deeper than {MAX_CALL_DEPTH}", function.name));
        }
        frame.resize(function.params, Cell::default());
        self.frames.push(Frame { cells: frame, func, from });
        let line = self.line;
        let result = self.block(&function.body);
        self.frames.pop();
        // The caller's line again, unless the error is the callee's to name.
        match result {
            Ok(()) => {
                self.line = line;
                Ok(Value::Uninit)
            }
            Err(Flow::Return(value)) => {
                self.line = line;
                Ok(value)
            }
            Err(other) => Err(other),
        }
    }

    fn is_special_scalar(&self, var: Var) -> bool {
        matches!(var, Var::Global(slot) if slot < sv::NAMES.len() && slot != sv::ENVIRON && slot != sv::ARGV)
    }

    // ---- getline ----

    /// One `getline`: 1 for a record, 0 at the end, -1 when the source cannot be read.
    fn getline(&mut self, source: &'p Source, target: Option<&'p LValue>) -> Run<f64> {
        let mut text = Vec::new();
        if let Source::File(_) | Source::Command(_) = source {
            // The file or command first, then the target's subscript, read or not (gawk's
            // `getline a[++c] < f` steps `c` at the end of the file too).
            return self.getline_from(source, target, text);
        }
        if !self.next_main_record(&mut text)? {
            return Ok(0.0);
        }
        self.nr += 1.0;
        self.fnr += 1.0;
        match target {
            Some(target) => self.set(target, Value::strnum(&text))?,
            None => {
                self.record.text = text;
                self.record.split = false;
                self.record.typed.clear();
            }
        }
        Ok(1.0)
    }

    fn getline_from(&mut self, source: &'p Source, target: Option<&'p LValue>, mut text: Vec<u8>) -> Run<f64> {
        // gawk counts neither form in `NR` (POSIX would count `cmd | getline`).
        let (name, is_command) = match source {
            Source::File(name) => (self.string(name)?, false),
            Source::Command(command) => (self.string(command)?, true),
            Source::Main => (Vec::new(), false),
        };
        let place = match target {
            Some(target) => Some(self.place(target)?),
            None => None,
        };
        match is_command {
            false => {
                let name = toolsh_bytes::decode(&name).into_owned();
                if !self.files.contains_key(&name) {
                    match Reader::open(&name, &mut self.host)? {
                        Ok(reader) => self.files.insert(name.clone(), reader),
                        Err(_) => return Ok(-1.0),
                    };
                }
                let Some(reader) = self.files.get_mut(&name) else { return Ok(-1.0) };
                if !reader.next(&self.record_sep, &mut self.host, &mut text)? {
                    return Ok(0.0);
                }
                if let Some(slot) = self.rt_slot {
                    let rt = Value::str(&reader.terminator);
                    self.set_rt(slot, rt);
                }
            }
            true => {
                let command = toolsh_bytes::decode(&name).into_owned();
                if !self.commands.contains_key(&command) {
                    let (output, status) = self.host.capture(&command)?;
                    self.commands.insert(command.clone(), (Reader::whole(output), status));
                }
                let Some((reader, _)) = self.commands.get_mut(&command) else { return Ok(-1.0) };
                if !reader.next(&self.record_sep, &mut self.host, &mut text)? {
                    return Ok(0.0);
                }
                if let Some(slot) = self.rt_slot {
                    let rt = Value::str(&reader.terminator);
                    self.set_rt(slot, rt);
                }
            }
        }
        match place {
            Some(place) => self.place_set(place, Value::strnum(&text))?,
            None => {
                self.record.text = text;
                self.record.split = false;
                self.record.typed.clear();
            }
        }
        Ok(1.0)
    }
}

fn describe(flow: Flow) -> String {
    match flow {
        Flow::Error(message) => message,
        other => format!("{other:?}"),
    }
}

/// Whether a comparison holds for an ordering.
fn holds(op: Cmp, ordering: std::cmp::Ordering) -> bool {
    use std::cmp::Ordering::*;
    match op {
        Cmp::Lt => ordering == Less,
        Cmp::Le => ordering != Greater,
        Cmp::Eq => ordering == Equal,
        Cmp::Ne => ordering != Equal,
        Cmp::Gt => ordering == Greater,
        Cmp::Ge => ordering != Less,
    }
}

fn arith(op: Arith, a: f64, b: f64) -> Run<f64> {
    Ok(match op {
        Arith::Add => a + b,
        Arith::Sub => a - b,
        Arith::Mul => a * b,
        Arith::Div => {
            if b == 0.0 {
                return fatal("division by zero attempted");
            }
            a / b
        }
        Arith::Mod => {
            if b == 0.0 {
                return fatal("division by zero attempted in `%'");
            }
            a % b
        }
        Arith::Pow => pow(a, b),
    })
}

/// `^`: integer exponents by repeated multiplication, as awk does, so results are exact.
fn pow(base: f64, exponent: f64) -> f64 {
    if exponent == exponent.trunc() && exponent.abs() < 1024.0 {
        let mut result = 1.0;
        let mut factor = base;
        let mut n = exponent.abs() as u32;
        while n > 0 {
            if n & 1 == 1 {
                result *= factor;
            }
            factor *= factor;
            n >>= 1;
        }
        return if exponent < 0.0 { 1.0 / result } else { result };
    }
    base.powf(exponent)
}

/// Whether a for-in body is `delete a[k]` of the loop's own array and key (braced or not).
fn deletes_each_key(body: &Stmt, key: Var, array: Var) -> bool {
    match body {
        Stmt::Delete(var, Some(subscripts)) => {
            *var == array && matches!(subscripts.as_slice(), [Expr::Lvalue(LValue::Var(k))] if *k == key)
        }
        Stmt::Block(stmts) => {
            let mut stmts = stmts.iter().filter(|stmt| !matches!(stmt, Stmt::Line(_)));
            matches!((stmts.next(), stmts.next()), (Some(only), None) if deletes_each_key(only, key, array))
        }
        _ => false,
    }
}
