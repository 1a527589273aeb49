//! Text filters as GNU coreutils, grep and printf define them: streams, lines, columns, `sort`, `join`, `diff`, `grep`, the pagers as they are off a terminal, and the regex and format engines they share.

pub mod cal;
pub mod cfmt;
pub mod columns;
pub mod csplit;
pub mod diff;
pub mod envsubst;
pub mod factor;
pub mod fmt;
pub mod grep;
pub mod iconv;
pub mod join;
pub mod lines;
pub mod numfmt;
pub mod pager;
pub mod posix_regex;
pub mod pr;
pub mod printf;
pub mod shuf;
pub mod sort;
pub mod stream;
pub mod tsort;
pub mod when;
