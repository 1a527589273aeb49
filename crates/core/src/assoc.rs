//! Bash's associative arrays: lookups by key, and iteration in the order bash 5.2 gives.
//!
//! Scripts print `"${!counts[@]}"` and `declare -p` without sorting, so the order is part of
//! what a script outputs. Bash keeps an associative array in its hash table (`hashlib.c`):
//! 1,024 buckets, a key's bucket the low bits of its FNV-1 hash, a new key put at the head of
//! its bucket's list, and the table grown four times over (each list re-inserted in turn, so
//! reversed) when a new key finds it holding twice as many keys as buckets. Iteration walks the
//! buckets in order and each list from its head. This type keeps the entries in an index map
//! and, beside each, its hash and a sequence number that orders the entries of one bucket as
//! bash's list does: newest first, the order a growth reversed kept by negating every number.
//! `${!h[@]}` sorts by (bucket, sequence) — the same answer as bash's table without its
//! pointers. Checked against bash for tens of thousands of keys, removals and growths.

use indexmap::IndexMap;

/// Buckets of a new table (bash's `ASSOC_HASH_BUCKETS`).
const FIRST_BUCKETS: u64 = 1024;

/// Buckets of the table bash makes when it converts a variable that is no associative array
/// (`x=1; declare -A x`: `hash_create (0)`, `DEFAULT_HASH_BUCKETS`), which orders its keys
/// differently.
const CONVERTED_BUCKETS: u64 = 128;

/// One entry: the value, the key's hash, and its place in its bucket's list.
#[derive(Debug, Clone)]
struct Slot {
    value: String,
    hash: u32,
    /// Higher is nearer the head of the bucket's list.
    seq: i64,
}

/// An associative array (`declare -A`).
#[derive(Debug, Clone)]
pub struct Assoc {
    entries: IndexMap<String, Slot>,
    /// The table's bucket count: a power of two, grown as bash grows it, never shrunk.
    buckets: u64,
    /// The next sequence number: above every entry's.
    next: i64,
}

impl Default for Assoc {
    fn default() -> Self {
        Assoc { entries: IndexMap::new(), buckets: FIRST_BUCKETS, next: 0 }
    }
}

impl PartialEq for Assoc {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

/// Bash's `hash_string`: 32-bit FNV-1 over the key's bytes.
fn fnv1(key: &str) -> u32 {
    key.bytes().fold(2_166_136_261u32, |hash, byte| hash.wrapping_mul(16_777_619) ^ u32::from(byte))
}

impl Assoc {
    /// The empty table bash makes converting a variable to an associative array (fewer
    /// buckets than a new one: `CONVERTED_BUCKETS`).
    pub fn converted() -> Self {
        Assoc { entries: IndexMap::new(), buckets: CONVERTED_BUCKETS, next: 0 }
    }

    /// An empty table of `buckets` buckets (a power of two), as bash's `hash_create (N)`
    /// makes for a table of its own (the command hash table's 256).
    pub fn with_buckets(buckets: u64) -> Self {
        Assoc { entries: IndexMap::new(), buckets: buckets.next_power_of_two(), next: 0 }
    }

    /// An empty table as large as this one: what a compound assignment (`m=(…)`) fills in
    /// place of the old, as bash's `assoc_create (h->nbuckets)` does.
    pub fn emptied(&self) -> Self {
        Assoc { entries: IndexMap::new(), buckets: self.buckets, next: 0 }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are no elements.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value at `key`.
    pub fn get(&self, key: &str) -> Option<&String> {
        self.entries.get(key).map(|slot| &slot.value)
    }

    /// True when `key` is set.
    pub fn contains_key(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// Sets `key`, returning what it held; a key already there keeps its place.
    pub fn insert(&mut self, key: String, value: String) -> Option<String> {
        if let Some(slot) = self.entries.get_mut(&key) {
            return Some(std::mem::replace(&mut slot.value, value));
        }
        self.add(key, value);
        None
    }

    /// The value at `key`, set to empty first if it was not there.
    pub fn entry_or_default(&mut self, key: &str) -> &mut String {
        let at = match self.entries.get_index_of(key) {
            Some(at) => at,
            None => self.add(key.to_string(), String::new()),
        };
        &mut self.entries[at].value
    }

    /// Removes `key`, returning its value.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        // The index map's order means nothing here (iteration sorts), so the O(1) removal.
        self.entries.swap_remove(key).map(|slot| slot.value)
    }

    /// The elements in bash's order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.order().into_iter().filter_map(|at| self.entries.get_index(at)).map(|(key, slot)| (key, &slot.value))
    }

    /// Every value, to change in place (in no particular order).
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut String> {
        self.entries.values_mut().map(|slot| &mut slot.value)
    }

    /// The keys in bash's order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.iter().map(|(key, _)| key)
    }

    /// The values in bash's order.
    pub fn values(&self) -> impl Iterator<Item = &String> {
        self.iter().map(|(_, value)| value)
    }

    /// An array whose iteration is `items` in the order given (a saved session's elements, as
    /// they were listed): the smallest table that holds them, the first of a bucket nearest
    /// its head.
    pub fn from_listed(items: impl IntoIterator<Item = (String, String)>) -> Self {
        let items: Vec<(String, String)> = items.into_iter().collect();
        let mut buckets = FIRST_BUCKETS;
        while (items.len() as u64) > buckets * 2 {
            buckets *= 4;
        }
        let next = items.len() as i64;
        let entries = items
            .into_iter()
            .enumerate()
            .map(|(at, (key, value))| {
                let hash = fnv1(&key);
                (key, Slot { value, hash, seq: next - at as i64 })
            })
            .collect();
        Assoc { entries, buckets, next: next + 1 }
    }

    /// Puts a new key at the head of its bucket, growing the table first as bash does.
    fn add(&mut self, key: String, value: String) -> usize {
        if self.entries.len() as u64 >= self.buckets * 2 {
            // Bash re-inserts each list from its head: the new lists are the old ones reversed.
            self.buckets *= 4;
            // Every number stays below `next` in magnitude, so new keys still go first.
            for slot in self.entries.values_mut() {
                slot.seq = -slot.seq;
            }
        }
        let hash = fnv1(&key);
        let seq = self.next;
        self.next += 1;
        self.entries.insert_full(key, Slot { value, hash, seq }).0
    }

    /// Entry positions in bash's order: by bucket, then from the head of each list.
    fn order(&self) -> Vec<usize> {
        let mask = self.buckets - 1;
        let mut order: Vec<usize> = (0..self.entries.len()).collect();
        let slots = self.entries.as_slice();
        order.sort_unstable_by_key(|&at| {
            let slot = &slots[at];
            (u64::from(slot.hash) & mask, std::cmp::Reverse(slot.seq))
        });
        order
    }
}

impl FromIterator<(String, String)> for Assoc {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(items: I) -> Self {
        let mut assoc = Assoc::default();
        for (key, value) in items {
            assoc.insert(key, value);
        }
        assoc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(assoc: &Assoc) -> Vec<&str> {
        assoc.keys().map(String::as_str).collect()
    }

    #[test]
    fn small_arrays_list_as_bash_lists_them() {
        // Recorded from bash 5.2: `declare -A m=([b]=1 [a]=2 [c]=3 [zeta]=4 [alpha]=5 [k10]=6 [k2]=7)`.
        let m: Assoc =
            ["b", "a", "c", "zeta", "alpha", "k10", "k2"].iter().map(|k| (k.to_string(), String::new())).collect();
        assert_eq!(keys(&m), ["alpha", "c", "b", "a", "k2", "k10", "zeta"]);
    }

    #[test]
    fn a_saved_listing_comes_back_in_its_order() {
        let mut m = Assoc::default();
        for i in 0..5000 {
            m.insert(format!("k{i}"), i.to_string());
        }
        for i in (0..5000).step_by(3) {
            m.remove(&format!("k{i}"));
        }
        let listed: Vec<(String, String)> = m.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let back = Assoc::from_listed(listed.clone());
        assert!(back.iter().map(|(k, v)| (k.clone(), v.clone())).eq(listed));
    }
}
