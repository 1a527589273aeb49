//! Data that is not lines of text: SQLite databases, encodings and checksums, files compared and searched as bytes, hex and octal dumps, compressed data and archives, and what a file is (`file`).

pub mod basenc;
pub mod bytes;
pub mod compress;
pub mod dd;
pub mod dump;
pub mod encode;
pub mod file;
pub mod hexdump;
pub mod magic;
pub mod od;
pub mod sqlite;
pub mod tar;
pub mod transform;
pub mod zip;
