//! Data that is not lines of text: SQLite databases, encodings and checksums, files compared and searched as bytes, hex and octal dumps, gzip and tar archives.

pub mod bytes;
pub mod compress;
pub mod dd;
pub mod dump;
pub mod encode;
pub mod od;
pub mod sqlite;
pub mod tar;
