//! awk's associative arrays, and the order `for (k in a)` visits their keys.
//!
//! The elements live in a hash map keyed by the subscript's bytes. Beside it, `Layout` keeps
//! where gawk 5 would have put each key, so that the loop lists keys as gawk does: agents
//! print `for (k in c)` unsorted all the time, and gawk is the awk their outputs come from.
//! gawk files a key by its look and by what the array held before:
//!
//! - An empty array takes the kind of its first key: a non-negative integer makes it a
//!   "cint" array, another integer an "int" array, anything else a "str" array. Integers are
//!   the strings `sprintf("%d")` writes (`0`, `42`, `-3`; not `03`, `+3`, ` 3`) in 32 bits.
//! - cint arrays keep non-negative integers in power-of-two groups and list them in ascending
//!   order; integers that would leave too much of a group empty go, with the strings and the
//!   negative integers, to a side array (an int array if its first key is an integer, else a
//!   str array), which is listed first.
//! - int arrays hash integers into chains of two-key buckets; strings go to a side str array,
//!   listed first.
//! - str arrays hash every key (integers included) into chains, newest first, growing the
//!   table through a list of primes.
//! - An array emptied becomes kindless again; when the integers of a cint or int array are all
//!   deleted, its side array takes its place.
//!
//! The loop walks a list made when it starts (keys deleted meanwhile are still visited, as in
//! gawk); making the list walks the layout once.

use super::value::Value;
use indexmap::IndexMap;
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::collections::BTreeSet;
use std::rc::Rc;

/// A subscript, shared by the element map and the layout.
pub type Key = Rc<[u8]>;

/// An awk array: its elements, and gawk's layout of their keys.
#[derive(Debug, Default)]
pub struct Array {
    elements: IndexMap<Key, Value, FxBuildHasher>,
    layout: Layout,
}

impl Array {
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    pub fn get(&self, key: &[u8]) -> Option<&Value> {
        self.elements.get(key)
    }

    pub fn contains_key(&self, key: &[u8]) -> bool {
        self.elements.contains_key(key)
    }

    /// The element `key`, created (uninitialized) when it is not there.
    pub fn slot(&mut self, key: &[u8]) -> &mut Value {
        let idx = match self.elements.get_index_of(key) {
            Some(idx) => idx,
            None => {
                let key: Key = Rc::from(key);
                self.layout.insert(&key);
                self.elements.insert_full(key, Value::Uninit).0
            }
        };
        &mut self.elements[idx]
    }

    pub fn insert(&mut self, key: &[u8], value: Value) {
        *self.slot(key) = value;
    }

    pub fn remove(&mut self, key: &[u8]) {
        if self.elements.swap_remove(key).is_some() {
            self.layout.remove(key);
        }
    }

    pub fn clear(&mut self) {
        self.elements.clear();
        self.layout = Layout::Null;
    }

    /// The values, in no particular order.
    pub fn keys(&self) -> Vec<Key> {
        let mut out = Vec::with_capacity(self.elements.len());
        self.layout.list(&mut out);
        out
    }
}

/// The integer gawk files `key` under: a string `sprintf("%d")` would write, in 32 bits.
fn int_key(key: &[u8]) -> Option<i64> {
    let digits = key.strip_prefix(b"-").unwrap_or(key);
    let standard = match digits {
        [b'0'] => key.len() == 1,
        [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    if !standard || digits.len() > 10 {
        return None;
    }
    let magnitude = digits.iter().fold(0i64, |n, d| n * 10 + i64::from(d - b'0'));
    let value = if key.len() > digits.len() { -magnitude } else { magnitude };
    (i64::from(i32::MIN)..=i64::from(i32::MAX)).contains(&value).then_some(value)
}

/// The table sizes gawk's hash tables grow through.
const SIZES: [usize; 21] = [
    13,
    127,
    1021,
    8191,
    16381,
    32749,
    65497,
    131_101,
    262_147,
    524_309,
    1_048_583,
    2_097_169,
    4_194_319,
    8_388_617,
    16_777_259,
    33_554_467,
    67_108_879,
    134_217_757,
    268_435_459,
    536_870_923,
    1_073_741_827,
];

/// The next table size, or `None` at the largest.
fn next_size(size: usize) -> Option<usize> {
    SIZES.iter().copied().find(|&s| s > size)
}

/// Where gawk has a key.
#[derive(Debug, Default)]
enum Layout {
    /// Empty: the next key decides the kind.
    #[default]
    Null,
    Str(StrTable),
    Int(IntTable),
    Cint(CintTable),
}

impl Layout {
    fn insert(&mut self, key: &Key) {
        match self {
            Layout::Null => {
                *self = match int_key(key) {
                    Some(k) if k >= 0 => Layout::Cint(CintTable::default()),
                    Some(_) => Layout::Int(IntTable::default()),
                    None => Layout::Str(StrTable::default()),
                };
                self.insert(key);
            }
            Layout::Str(table) => table.insert(key),
            Layout::Int(table) => table.insert(key),
            Layout::Cint(table) => table.insert(key),
        }
    }

    /// Forgets `key`, which must be there; an emptied layout becomes `Null`, and one whose
    /// integers are all gone becomes its side array.
    fn remove(&mut self, key: &[u8]) {
        match self {
            Layout::Null => {}
            Layout::Str(table) => {
                table.remove(key);
                if table.len == 0 {
                    *self = Layout::Null;
                }
            }
            Layout::Int(table) => match int_key(key) {
                Some(k) => {
                    table.remove_int(k);
                    if table.ints == 0 {
                        *self = table.strs.take().map_or(Layout::Null, Layout::Str);
                    }
                }
                None => {
                    if let Some(strs) = &mut table.strs {
                        strs.remove(key);
                        if strs.len == 0 {
                            table.strs = None;
                        }
                    }
                }
            },
            Layout::Cint(table) => match int_key(key) {
                Some(k) if table.ints.contains(&k) => {
                    table.remove_int(k);
                    if table.ints.is_empty() {
                        *self = table.side.take().map_or(Layout::Null, |side| *side);
                    }
                }
                _ => {
                    if let Some(side) = &mut table.side {
                        side.remove(key);
                        if matches!(**side, Layout::Null) {
                            table.side = None;
                        }
                    }
                }
            },
        }
    }

    fn list(&self, out: &mut Vec<Key>) {
        match self {
            Layout::Null => {}
            Layout::Str(table) => table.list(out),
            Layout::Int(table) => {
                if let Some(strs) = &table.strs {
                    strs.list(out);
                }
                for chain in &table.buckets {
                    for bucket in chain.iter().rev() {
                        out.extend(bucket.keys().map(int_bytes));
                    }
                }
            }
            Layout::Cint(table) => {
                if let Some(side) = &table.side {
                    side.list(out);
                }
                out.extend(table.ints.iter().copied().map(int_bytes));
            }
        }
    }
}

fn int_bytes(k: i64) -> Key {
    Rc::from(k.to_string().as_bytes())
}

/// gawk's string hash (sdbm, on signed bytes, in 32 bits).
fn str_hash(key: &[u8]) -> u32 {
    key.iter().fold(0u32, |h, &b| h.wrapping_mul(65599).wrapping_add(b as i8 as i32 as u32))
}

/// Chained hashing of strings. A chain is kept tail first, so that gawk's insertion at the
/// head is a push.
#[derive(Debug, Default)]
struct StrTable {
    buckets: Vec<Vec<(u32, Key)>>,
    len: usize,
}

/// gawk grows a string table when it averages more than this many keys a chain.
const STR_CHAIN_MAX: usize = 2;

impl StrTable {
    fn insert(&mut self, key: &Key) {
        if self.buckets.is_empty() {
            self.grow();
        }
        self.len += 1;
        if self.len / self.buckets.len() > STR_CHAIN_MAX {
            self.grow();
        }
        let code = str_hash(key);
        let size = self.buckets.len();
        self.buckets[code as usize % size].push((code, key.clone()));
    }

    fn grow(&mut self) {
        let Some(size) = next_size(self.buckets.len()) else { return };
        let old = std::mem::replace(&mut self.buckets, vec![Vec::new(); size]);
        for chain in old {
            // Head first, each to the head of its new chain.
            for (code, key) in chain.into_iter().rev() {
                self.buckets[code as usize % size].push((code, key));
            }
        }
    }

    fn remove(&mut self, key: &[u8]) {
        if self.buckets.is_empty() {
            return;
        }
        let size = self.buckets.len();
        let chain = &mut self.buckets[str_hash(key) as usize % size];
        if let Some(at) = chain.iter().position(|(_, k)| **k == *key) {
            chain.remove(at);
            self.len -= 1;
        }
    }

    fn list(&self, out: &mut Vec<Key>) {
        for chain in &self.buckets {
            out.extend(chain.iter().rev().map(|(_, key)| key.clone()));
        }
    }
}

/// gawk's integer hash (the final mix of Paul Hsieh's SuperFastHash), of the low 32 bits.
fn int_hash(k: i64, size: usize) -> usize {
    let mut k = k as u32;
    k ^= k << 3;
    k = k.wrapping_add(k >> 5);
    k ^= k << 4;
    k = k.wrapping_add(k >> 17);
    k ^= k << 25;
    k = k.wrapping_add(k >> 6);
    k as usize % size
}

/// A bucket of an int table: up to two integers.
#[derive(Debug, Clone, Copy)]
struct Pair {
    nums: [i64; 2],
    count: usize,
}

impl Pair {
    fn keys(&self) -> impl Iterator<Item = i64> + '_ {
        self.nums.iter().copied().take(self.count)
    }
}

/// gawk grows an integer table when it averages more than this many keys a chain.
const INT_CHAIN_MAX: usize = 2;

/// Chained hashing of integers in two-key buckets (chains tail first, only the head bucket
/// may be half full), with the other keys in a side string table.
#[derive(Debug, Default)]
struct IntTable {
    buckets: Vec<Vec<Pair>>,
    ints: usize,
    strs: Option<StrTable>,
}

impl IntTable {
    fn insert(&mut self, key: &Key) {
        let Some(k) = int_key(key) else {
            self.strs.get_or_insert_with(StrTable::default).insert(key);
            return;
        };
        if self.buckets.is_empty() {
            self.grow();
        }
        self.ints += 1;
        if self.ints / self.buckets.len() > INT_CHAIN_MAX {
            self.grow();
        }
        self.put(k);
    }

    fn put(&mut self, k: i64) {
        let size = self.buckets.len();
        let chain = &mut self.buckets[int_hash(k, size)];
        match chain.last_mut() {
            Some(head) if head.count < 2 => {
                head.nums[head.count] = k;
                head.count += 1;
            }
            _ => chain.push(Pair { nums: [k, 0], count: 1 }),
        }
    }

    fn grow(&mut self) {
        let Some(size) = next_size(self.buckets.len()) else { return };
        let old = std::mem::replace(&mut self.buckets, vec![Vec::new(); size]);
        for chain in old {
            for bucket in chain.iter().rev() {
                for k in bucket.keys() {
                    self.put(k);
                }
            }
        }
    }

    /// Removes `k` as gawk does: the bucket that held it is refilled from the head bucket.
    fn remove_int(&mut self, k: i64) {
        if self.buckets.is_empty() {
            return;
        }
        let size = self.buckets.len();
        let chain = &mut self.buckets[int_hash(k, size)];
        let Some((at, i)) =
            chain.iter().enumerate().rev().find_map(|(at, bucket)| bucket.keys().position(|n| n == k).map(|i| (at, i)))
        else {
            return;
        };
        let head = chain.len() - 1;
        let bucket = &mut chain[at];
        if i == 0 && bucket.count == 2 {
            bucket.nums[0] = bucket.nums[1];
        }
        bucket.count -= 1;
        if bucket.count == 0 {
            chain.remove(at);
        } else if at != head {
            chain[head].count -= 1;
            let moved = chain[head].nums[chain[head].count];
            chain[at].nums[1] = moved;
            chain[at].count += 1;
            if chain[head].count == 0 {
                chain.pop();
            }
        }
        self.ints -= 1;
    }
}

/// Integers below 2^NHAT share one group; larger ones are grouped by their highest bit.
const NHAT: u32 = 10;
/// The most slots a cint array may leave empty before integers go to its side array.
const THRESHOLD: i64 = 1 << (NHAT + 1);

/// Non-negative integers in power-of-two groups of leaves, listed in ascending order; the
/// rest in a side array (`Int` or `Str`) listed first. Only what decides where a key goes is
/// kept: the integers, how full each leaf is, and the slots the leaves hold.
#[derive(Debug, Default)]
struct CintTable {
    ints: BTreeSet<i64>,
    /// Keys in each leaf, by the leaf's first integer.
    leaves: FxHashMap<i64, usize>,
    /// Slots in all the leaves.
    capacity: i64,
    side: Option<Box<Layout>>,
}

/// The group of `k` (gawk's `cint_hash`): 1 + its highest bit, at least NHAT.
fn cint_group(k: i64) -> u32 {
    let highest = 63 - (k as u64 | 1).leading_zeros();
    if highest < NHAT { NHAT } else { highest + 1 }
}

/// The first integer and the size of the leaf `k` goes in: a group of 2^m integers is a
/// "hashed array tree" of 2^((m+1)/2) slots a level, nested while that is more than NHAT bits.
fn leaf_of(k: i64) -> (i64, i64) {
    let group = cint_group(k);
    let (mut m, mut base) = if group - 1 < NHAT { (NHAT, 0) } else { (group - 1, 1i64 << (group - 1)) };
    loop {
        let n = m.div_ceil(2);
        let size = 1i64 << n;
        let start = base + (k - base) / size * size;
        if n <= NHAT {
            return (start, size);
        }
        (m, base) = (n, start);
    }
}

impl CintTable {
    fn insert(&mut self, key: &Key) {
        if let Some(k) = int_key(key).filter(|&k| k >= 0) {
            // gawk's estimate of the slots after the insertion: a leaf more, of the size
            // leaves have in k's group (whether or not k's leaf is there already).
            let mut bits = (cint_group(k) - 1).max(NHAT);
            while bits >= NHAT {
                bits = bits.div_ceil(2);
            }
            let capacity = self.capacity + (1i64 << bits);
            if capacity - self.ints.len() as i64 <= THRESHOLD {
                self.ints.insert(k);
                let (start, size) = leaf_of(k);
                let count = self.leaves.entry(start).or_insert(0);
                if *count == 0 {
                    self.capacity += size;
                }
                *count += 1;
                return;
            }
        }
        let side = self.side.get_or_insert_with(|| {
            Box::new(if int_key(key).is_some() {
                Layout::Int(IntTable::default())
            } else {
                Layout::Str(StrTable::default())
            })
        });
        side.insert(key);
    }

    fn remove_int(&mut self, k: i64) {
        if !self.ints.remove(&k) {
            return;
        }
        let (start, size) = leaf_of(k);
        if let Some(count) = self.leaves.get_mut(&start) {
            *count -= 1;
            if *count == 0 {
                self.leaves.remove(&start);
                self.capacity -= size;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_keys_are_standard_32_bit_decimals() {
        assert_eq!(int_key(b"0"), Some(0));
        assert_eq!(int_key(b"42"), Some(42));
        assert_eq!(int_key(b"-3"), Some(-3));
        assert_eq!(int_key(b"2147483647"), Some(2_147_483_647));
        assert_eq!(int_key(b"-2147483648"), Some(-2_147_483_648));
        for key in [&b""[..], b"-", b"-0", b"03", b"+3", b" 3", b"3 ", b"1.0", b"2147483648", b"99999999999"] {
            assert_eq!(int_key(key), None, "{:?}", toolsh_bytes::lossy(key));
        }
    }

    #[test]
    fn leaves_tile_their_groups() {
        assert_eq!(leaf_of(0), (0, 32));
        assert_eq!(leaf_of(1023), (992, 32));
        assert_eq!(leaf_of(1024), (1024, 32));
        assert_eq!(leaf_of(2048), (2048, 64));
        assert_eq!(leaf_of(1 << 21), (1 << 21, 64));
    }

    #[test]
    fn emptied_arrays_start_over() {
        let mut array = Array::default();
        array.insert(b"x", Value::Uninit);
        array.insert(b"1", Value::Uninit);
        array.remove(b"x");
        array.remove(b"1");
        assert!(matches!(array.layout, Layout::Null));
        array.insert(b"5", Value::Uninit);
        assert!(matches!(array.layout, Layout::Cint(_)));
    }
}
