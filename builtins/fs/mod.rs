//! Commands over the workspace's files and trees: `cat ls cp mv rm mkdir touch …`, `find`, `tree`,
//! `apply_patch`, `df`.

pub mod df;
pub mod files;
pub mod find;
pub mod install;
pub mod owner;
pub mod patch;
pub mod paths;
pub mod tree;
pub mod truncate;
