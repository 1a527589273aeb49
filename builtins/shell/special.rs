//! The specs of the builtins the interpreter runs itself (`src/interp/special.rs`): control
//! flow, code execution, lookup, jobs, `trap` and the declaration commands. They read their
//! words themselves ([`Order::Own`]); the spec gives `--help`, `help NAME`, completion and the
//! pre-flight's knowledge of which of them run another command.

use crate::spec::{Opt, Order, Runs, Spec};

/// A spec of an interpreter builtin: bash's words, its words read by the interpreter.
const fn special(name: &'static str, summary: &'static str, synopsis: &'static [&'static str]) -> Spec {
    Spec { name, summary, synopsis, order: Order::Own, ..Spec::BASH }
}

/// `.`
pub const DOT: Spec = Spec {
    about: "Read and run the commands of FILE in this shell; the ARGUMENTS are the positional parameters while it runs.",
    ..special(".", "execute commands from a file in the current shell", &["filename [arguments]"])
};
/// `source`
pub const SOURCE: Spec = Spec { name: "source", ..DOT };
/// `bash`
pub const BASH: Spec = Spec {
    about: "Run FILE, or with -c the STRING, in a subshell of this session (a toolsh script, never a host program); the ARGUMENTS are its positional parameters.",
    options: &[
        Opt::short('c', "run the commands in the first operand (STRING); the next are $0, $1, ..."),
        Opt::short('e', "exit when a command fails (set -e)"),
        Opt::short('u', "treat unset variables as an error (set -u)"),
        Opt::short('x', "print commands as they run (set -x)"),
        Opt::short('o', "set the option, as set -o does").value("OPTION"),
        Opt::short('O', "set the shell option, as shopt -s does").value("OPTION"),
        Opt::short('s', "read the script from standard input; the operands are its positional parameters"),
    ],
    ..special(
        "bash",
        "run a script or -c string in a subshell (also sh)",
        &["[-abefhkmnptuvxBCEHPT] [-o option] [-O shopt_option] [-c STRING | -s | FILE] [ARGUMENT]..."],
    )
};
/// `sh`
pub const SH: Spec = Spec { name: "sh", summary: "run a script or -c string in a subshell (also bash)", ..BASH };
/// `break`
pub const BREAK: Spec = Spec {
    about: "Leave the enclosing for, while or until loop, or the Nth enclosing one.",
    ..special("break", "exit for, while, or until loops", &["[n]"])
};
/// `continue`
pub const CONTINUE: Spec = Spec {
    about: "Go on with the next turn of the enclosing for, while or until loop, or of the Nth enclosing one.",
    ..special("continue", "resume for, while, or until loops", &["[n]"])
};
/// `builtin`
pub const BUILTIN: Spec = Spec {
    about: "Run the builtin or command NAME with the ARGUMENTS, skipping any function of that name.",
    runs: Runs::Operands { skip: 0, assignments: false, complete: true },
    ..special("builtin", "execute shell builtins", &["[shell-builtin [arg ...]]"])
};
/// `command`
pub const COMMAND: Spec = Spec {
    about: "Run NAME with the ARGUMENTS skipping functions, or with -v or -V say what NAME is.",
    options: &[
        Opt::short('p', "look for a file NAME in the standard PATH (/bin:/usr/bin) in place of PATH"),
        Opt::short('v', "print a short description of how NAME would be run"),
        Opt::short('V', "print a more verbose description of each NAME"),
    ],
    runs: Runs::Operands { skip: 0, assignments: false, complete: true },
    order: Order::OptionsFirst,
    ..special(
        "command",
        "execute a simple command or display information about commands",
        &["[-pVv] command [arg ...]"],
    )
};
/// The options of `declare` and `typeset`.
const DECLARE_OPTIONS: &[Opt] = &[
    Opt::short('a', "to make NAMEs indexed arrays"),
    Opt::short('A', "to make NAMEs associative arrays"),
    Opt::short(
        'c',
        "to convert the value of each NAME to upper case for its first character and lower case for the rest on assignment",
    ),
    Opt::short('f', "restrict action or display to function names and definitions"),
    Opt::short('F', "restrict display to function names only"),
    Opt::short('g', "create global variables when used in a shell function"),
    Opt::short('i', "to make NAMEs have the 'integer' attribute"),
    Opt::short(
        'I',
        "if creating a local variable, inherit the attributes and value of a variable with the same name at a previous scope",
    ),
    Opt::short('l', "to convert the value of each NAME to lower case on assignment"),
    Opt::short('n', "make NAME a reference to the variable named by its value"),
    Opt::short('p', "display the attributes and value of each NAME"),
    Opt::short('r', "to make NAMEs readonly"),
    Opt::short('t', "to make NAMEs have the 'trace' attribute"),
    Opt::short('u', "to convert the value of each NAME to upper case on assignment"),
    Opt::short('x', "to make NAMEs export"),
];
/// `declare`
pub const DECLARE: Spec = Spec {
    about: "Set variable values and attributes; without NAMEs, display them. Using '+' instead of '-' turns off the attribute.",
    options: DECLARE_OPTIONS,
    ..special(
        "declare",
        "set variable values and attributes",
        &["[-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]"],
    )
};
/// `typeset`
pub const TYPESET: Spec = Spec {
    name: "typeset",
    summary: "set variable values and attributes (as declare)",
    synopsis: &["[-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]"],
    ..DECLARE
};
/// `local`
pub const LOCAL: Spec = Spec {
    about: "Create a variable local to the function being run, with declare's options.",
    options: DECLARE_OPTIONS,
    ..special("local", "define local variables", &["[option] name[=value] ..."])
};
/// `eval`
pub const EVAL: Spec = Spec {
    about: "Join the ARGUMENTS into one string and run it as shell commands.",
    ..special("eval", "execute arguments as a shell command", &["[arg ...]"])
};
/// `exec`
pub const EXEC: Spec = Spec {
    about: "Run COMMAND in place of the shell (the session ends with its status); without COMMAND, the redirections apply to the shell itself.",
    options: &[
        Opt::short(
            'a',
            "pass NAME as the zeroth argument of COMMAND (the $0 of bash or sh; nothing else here reads it)",
        )
        .value("name"),
        Opt::short('c', "execute COMMAND with an empty environment"),
        Opt::short('l', "place a dash in the zeroth argument to COMMAND (the $0 of bash or sh)"),
    ],
    runs: Runs::Operands { skip: 0, assignments: false, complete: true },
    order: Order::OptionsFirst,
    ..special(
        "exec",
        "replace the shell with the given command",
        &["[-cl] [-a name] [command [argument ...]] [redirection ...]"],
    )
};
/// `exit`
pub const EXIT: Spec = Spec {
    about: "End the shell with status N, or the status of the last command.",
    ..special("exit", "exit the shell", &["[n]"])
};
/// `export`
pub const EXPORT: Spec = Spec {
    about: "Mark each NAME for the environment of the commands run from now on.",
    options: &[
        Opt::short('f', "refer to shell functions"),
        Opt::short('n', "remove the export property from each NAME"),
        Opt::short('p', "display a list of all exported variables and functions"),
    ],
    ..special("export", "set export attribute for shell variables", &["[-fn] [name[=value] ...] or export -p"])
};
/// `jobs`
pub const JOBS: Spec = Spec {
    about: "List the session's background jobs and their state; a finished job is listed once, then forgotten. Each job's output (standard output and error) is kept in /tmp/.jobs/N.log.",
    options: &[
        Opt::short('l', "also the process ID, the time since the job started and its log file"),
        Opt::short('p', "lists process IDs only"),
        Opt::short('n', "lists only jobs that changed status (here: all)"),
        Opt::short('r', "restrict output to running jobs"),
        Opt::short('s', "restrict output to stopped jobs (none here)"),
        Opt::short('o', "print the jobs' output so far (their logs), not their state"),
    ],
    order: Order::OptionsFirst,
    ..special(
        "jobs",
        "display status of jobs, or with -o their output",
        &["[-lnprs] [jobspec ...]", "-o [jobspec ...]"],
    )
};
/// `disown`
pub const DISOWN: Spec = Spec {
    about: "Remove each JOBSPEC (the current job by default) from the table of jobs: it runs on, unlisted, until it ends or the session does.",
    options: &[
        Opt::short('a', "remove all jobs"),
        Opt::short('r', "remove only running jobs"),
        Opt::short('h', "keep the jobs listed (no job here receives a hangup)"),
    ],
    order: Order::OptionsFirst,
    ..special("disown", "remove jobs from current shell", &["[-h] [-ar] [jobspec ... | pid ...]"])
};
/// `session`
pub const SESSION: Spec = Spec {
    about: "Keep this session in the store and bring it back: its variables, functions, options, traps, cwd, directory stack, job records and in-memory /tmp. list shows the agent's sessions; save NAME keeps this one as NAME; restore NAME makes this shell NAME as it was saved; fork NAME NEW copies a saved session; drop NAME forgets one. `toolsh --session NAME` restores NAME at start and saves it after every line.",
    order: Order::Own,
    ..special(
        "session",
        "save and restore this session in the store",
        &["[list]", "save NAME", "restore NAME", "fork NAME NEW", "drop NAME"],
    )
};
/// `ps`
pub const PS: Spec = Spec {
    about: "List the session's processes: the shell and each running background job (its whole pipeline on one line). TIME is the time a job ran on the shell's threads. Columns that have no meaning here (memory, terminal) are left out or shown as ?.",
    options: &[
        Opt::short('e', "every process (here: the session's)"),
        Opt::short('f', "full format: UID PID PPID STIME TTY TIME CMD"),
        Opt::short('o', "the columns named: pid, ppid, user, uid, tty, time, etime, stime, stat, %cpu, comm, args")
            .value("FORMAT"),
        Opt::short('p', "only the processes with these IDs").value("PIDLIST"),
    ],
    order: Order::Own,
    ..special("ps", "report the session's processes", &["[-ef] [-o FORMAT] [-p PIDLIST]", "aux"])
};
/// `kill`
pub const KILL: Spec = Spec {
    about: "Send the signal SIGSPEC (default TERM) to the jobs named, or with -l list the signal names.",
    options: &[
        Opt::short('s', "SIG is a signal name").value("sig"),
        Opt::short('n', "SIG is a signal number").value("sig"),
        Opt::short('l', "list the signal names; with arguments, the names of those numbers (or numbers of names)"),
        Opt::short('L', "synonym for -l"),
    ],
    ..special(
        "kill",
        "send a signal to a job",
        &["[-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]"],
    )
};
/// `readonly`
pub const READONLY: Spec = Spec {
    about: "Mark each NAME read-only: its value cannot change by assignment, nor can it be unset.",
    options: &[
        Opt::short('a', "refer to indexed array variables"),
        Opt::short('A', "refer to associative array variables"),
        Opt::short('f', "refer to shell functions"),
        Opt::short('p', "display a list of all readonly variables or functions"),
    ],
    ..special("readonly", "mark shell variables as unchangeable", &["[-aAf] [name[=value] ...] or readonly -p"])
};
/// `caller`
pub const CALLER: Spec = Spec {
    about: "Say where the current function (or the one EXPR frames out) was called from: the line and file, or with EXPR the line, the calling function and its file. Fails outside a function or past the stack.",
    ..special("caller", "return the context of the current subroutine call", &["[expr]"])
};
/// `compgen`
pub const COMPGEN: Spec = Spec {
    about: "Print the possible completions of WORD (all names with none) one a line: of the ACTIONs (-a aliases, -b builtins, -c commands, -d directories, -e exported and -v all variables, -f files, -j jobs, -k keywords; -A alias|arrayvar|builtin|command|directory|export|file|function|job|keyword|running|setopt|shopt|signal|variable…), of GLOBPAT's matches and of WORDLIST's words (expanded); those matching FILTERPAT removed (!PAT keeps them, & is WORD), each between PREFIX and SUFFIX. Fails when none.",
    ..special(
        "compgen",
        "display possible completions depending on the options",
        &[
            "[-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]",
        ],
    )
};
/// `complete`
pub const COMPLETE: Spec = Spec {
    about: "Specify how the arguments of each NAME are completed (the console's Tab and `compgen`): by the ACTIONs, GLOBPAT, WORDLIST, FUNCTION (run with COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT set; its COMPREPLY read back) or COMMAND, as `compgen` takes them. -p prints the specifications (all with no NAME) in a form that can be reused as input, -r removes them; -D, -E and -I name the default, empty-line and command-word completions.",
    ..special(
        "complete",
        "specify how arguments are to be completed by Readline",
        &[
            "[-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]",
        ],
    )
};
/// `compopt`
pub const COMPOPT: Spec = Spec {
    about: "Change the completion options (-o sets, +o unsets: bashdefault, default, dirnames, filenames, noquote, nosort, nospace, plusdirs) of each NAME, of -D, -E or -I, or with no NAME of the completion being generated; with no option print them.",
    ..special("compopt", "modify or display completion options", &["[-o|+o option] [-DEI] [name ...]"])
};
/// `return`
pub const RETURN: Spec = Spec {
    about: "Return from a function or a sourced file with status N, or the status of the last command.",
    ..special("return", "return from a shell function", &["[n]"])
};
/// `trap`
pub const TRAP: Spec = Spec {
    about: "Run ARG when the shell receives SIGNAL_SPEC (EXIT, ERR, INT, TERM, HUP, …); '-' resets it, an empty ARG ignores it.",
    options: &[
        Opt::short('l', "print a list of signal names and their corresponding numbers"),
        Opt::short('p', "display the trap commands associated with each SIGNAL_SPEC"),
    ],
    order: Order::OptionsFirst,
    ..special("trap", "trap signals and other events", &["[-lp] [[arg] signal_spec ...]"])
};
/// `type`
pub const TYPE: Spec = Spec {
    about: "Say how each NAME would be run: keyword, function, builtin, tool or file.",
    options: &[
        Opt::short('a', "display all locations containing an executable named NAME"),
        Opt::short('f', "suppress shell function lookup"),
        Opt::short('P', "force a PATH search for each NAME"),
        Opt::short('p', "returns either the name of the disk file that would be executed, or nothing"),
        Opt::short('t', "output a single word which is one of 'alias', 'keyword', 'function', 'builtin', 'file' or ''"),
    ],
    order: Order::OptionsFirst,
    ..special("type", "display information about command type", &["[-afptP] name [name ...]"])
};
/// `which`
pub const WHICH: Spec = Spec {
    about: "Say, for each NAME that runs as a command here (a builtin, a tool or a declared host program), the name to run it by; functions and keywords are not commands to which. Status 1 when one is not found, and nothing said for it, as Debian's which.",
    options: &[
        Opt::short('a', "print all matches (there is one here)"),
        Opt::short('s', "print nothing; only the status"),
    ],
    order: Order::OptionsFirst,
    ..special("which", "locate a command", &["[-as] NAME..."])
};
/// `times`
pub const TIMES: Spec = Spec {
    about: "Print the user and system times used by the shell, then by its children. The shell is the toolsh process (all its sessions: commands run inside it); its children are the host programs it ran and waited for.",
    ..special("times", "display process times", &[""])
};
/// `enable`
pub const ENABLE: Spec = Spec {
    about: "Enable and disable builtins, or list them. Every command here is toolsh's own: a disabled builtin is listed as disabled but still runs, as the program of that name that bash would find on the PATH instead is the same command here. Loading builtins from shared objects (-f, -d) is not supported.",
    options: &[
        Opt::short('a', "print every builtin, saying whether it is enabled"),
        Opt::short('n', "disable each NAME, or list the disabled builtins"),
        Opt::short('p', "print the list of builtins in a reusable format"),
        Opt::short('s', "print only the names of POSIX special builtins"),
        Opt::short('f', "load a builtin from a shared object (not supported)").value("filename"),
        Opt::short('d', "remove a builtin loaded with -f (not supported)"),
    ],
    order: Order::OptionsFirst,
    ..special("enable", "enable and disable shell builtins", &["[-a] [-dnps] [-f filename] [name ...]"])
};
/// `hash`
pub const HASH: Spec = Spec {
    about: "Remember where each NAME is found. No command here is looked up on a PATH, so only -p PATHNAME (or BASH_CMDS[NAME]=PATHNAME) remembers a location: without it NAME succeeds when it runs as a command here and is said not found otherwise; -r empties the table; -t prints, -d forgets and -l lists what it remembers; with no NAME, the table with each name's hits.",
    options: &[
        Opt::short('r', "forget all remembered locations"),
        Opt::short('t', "print the remembered location of each NAME"),
        Opt::short('d', "forget the remembered location of each NAME"),
        Opt::short('l', "display in a format that may be reused as input"),
        Opt::short('p', "use PATHNAME as the full pathname of NAME").value("PATHNAME"),
    ],
    order: Order::OptionsFirst,
    assumed: true,
    ..special("hash", "remember or display program locations", &["[-lr] [-p pathname] [-dt] [name ...]"])
};
/// `fg`
pub const FG: Spec = Spec {
    about: "Bring JOB_SPEC (the current job by default) to the foreground: its command is printed, the shell waits for it to end and returns its status; the job leaves the table. Only with job control (`set -m`, on in the console); a job started without it is refused, as bash refuses it.",
    order: Order::OptionsFirst,
    ..special("fg", "move job to the foreground", &["[job_spec]"])
};
/// `bg`
pub const BG: Spec = Spec {
    about: "Resume each JOB_SPEC (the current job by default) in the background. A job here is never stopped, so a running one is left running, with bash's warning. Only with job control (`set -m`, on in the console).",
    order: Order::OptionsFirst,
    ..special("bg", "move jobs to the background", &["[job_spec ...]"])
};
/// `wait`
pub const WAIT: Spec = Spec {
    about: "Wait for the jobs named (all by default) and return the status of the last one; a job waited for leaves the table.",
    options: &[
        Opt::short('n', "wait for a single job from the list of IDs, or the next job to finish"),
        Opt::short('p', "assign the process ID of the job waited for to VAR").value("VAR"),
        Opt::short('f', "wait for the job to end (the only way here)"),
    ],
    order: Order::OptionsFirst,
    ..special("wait", "wait for job completion and return exit status", &["[-fn] [-p var] [id ...]"])
};
/// `history`
pub const HISTORY: Spec = Spec {
    about: "Show the history list with line numbers (the last N lines with N), or change it: -c clears it, -d OFFSET deletes an entry (negative counts from the end, START-END a range), -a appends this session's new lines to the history file, -n reads the lines not yet read from it, -r reads it, -w writes the list to it (FILENAME, else $HISTFILE), -p prints each ARG history-expanded without storing it, -s stores the ARGs as one entry. HISTTIMEFORMAT, when set, prints each entry's time.",
    options: &[
        Opt::short('c', "clear the history list by deleting all of the entries"),
        Opt::short('d', "delete the history entry at position OFFSET").value("offset"),
        Opt::short('a', "append history lines from this session to the history file"),
        Opt::short('n', "read all history lines not already read from the history file"),
        Opt::short('r', "read the history file and append the contents to the history list"),
        Opt::short('w', "write the current history to the history file"),
        Opt::short('p', "perform history expansion on each ARG and display the result"),
        Opt::short('s', "append the ARGs to the history list as a single entry"),
    ],
    ..special(
        "history",
        "display or manipulate the history list",
        &["[-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]"],
    )
};
/// `fc`
pub const FC: Spec = Spec {
    about: "List (-l), or edit and re-run, a range of the history list from FIRST to LAST (numbers, negative offsets, or the latest line starting with a string). The editor is ENAME (else $FCEDIT, else $EDITOR, else vi), run as a command of this shell on a temporary file; the file's lines then run. With -s the command is re-run at once, each PAT=REP replaced first.",
    options: &[
        Opt::short('e', "select which editor to use").value("ename"),
        Opt::short('l', "list lines instead of editing"),
        Opt::short('n', "omit line numbers when listing"),
        Opt::short('r', "reverse the order of the lines (newest listed first)"),
        Opt::short('s', "re-execute the command without invoking an editor"),
    ],
    ..special(
        "fc",
        "display or execute commands from the history list",
        &["[-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]"],
    )
};
