//! `rand()`'s generator: gawk's own (its `support/random.c`, BSD `random()` with 256 bytes of
//! state, so the x**63 + x + 1 trinomial, behind a 512-entry shuffle buffer), so that a
//! program seeded alike draws the same numbers as under gawk.

/// Degree and separation of the trinomial for 256 bytes of state.
const DEGREE: usize = 63;
const SEPARATION: usize = 1;
/// Size of the shuffle buffer (a power of two).
const SHUFFLE: usize = 512;

pub struct Random {
    state: [u32; DEGREE],
    front: usize,
    rear: usize,
    shuffle: [u32; SHUFFLE],
    last: u32,
    shuffled: bool,
}

impl Random {
    /// The generator seeded as `srandom(seed)` seeds it.
    pub fn new(seed: u32) -> Self {
        let mut random =
            Random { state: [0; DEGREE], front: 0, rear: 0, shuffle: [0; SHUFFLE], last: 0, shuffled: false };
        random.seed(seed);
        random
    }

    /// `srandom`: the state from a Park–Miller sequence, then 630 numbers drawn and dropped.
    pub fn seed(&mut self, seed: u32) {
        self.shuffled = false;
        self.state[0] = seed;
        for idx in 1..DEGREE {
            self.state[idx] = park_miller(self.state[idx - 1]);
        }
        self.front = SEPARATION;
        self.rear = 0;
        for _ in 0..10 * DEGREE {
            self.next();
        }
    }

    /// The additive feedback generator's next 31 bits.
    fn step(&mut self) -> u32 {
        self.state[self.front] = self.state[self.front].wrapping_add(self.state[self.rear]);
        let out = (self.state[self.front] >> 1) & 0x7fff_ffff;
        self.front += 1;
        if self.front >= DEGREE {
            self.front = 0;
            self.rear += 1;
        } else {
            self.rear += 1;
            if self.rear >= DEGREE {
                self.rear = 0;
            }
        }
        out
    }

    /// `random()`: a number in [0, 2^31), through the shuffle buffer.
    pub fn next(&mut self) -> u32 {
        if !self.shuffled {
            for idx in 0..SHUFFLE {
                self.shuffle[idx] = self.step();
            }
            self.last = self.step();
            self.shuffled = true;
        }
        let fresh = self.step();
        let slot = self.last as usize & (SHUFFLE - 1);
        self.last = self.shuffle[slot];
        self.shuffle[slot] = fresh;
        self.last
    }

    /// awk's `rand()`: two draws make a number in [0, 1), as gawk combines them.
    pub fn fraction(&mut self) -> f64 {
        const DIVISOR: f64 = 2_147_483_648.0;
        loop {
            let high = f64::from(self.next());
            let low = f64::from(self.next());
            let value = 0.5 + ((high / DIVISOR + low) / DIVISOR) - 0.5;
            if value != 1.0 {
                return value;
            }
        }
    }
}

/// The "minimal standard" generator (16807 mod 2^31 - 1, by Schrage's method) that seeds the
/// state, on the previous word read as a signed 32-bit number, as C does.
fn park_miller(previous: u32) -> u32 {
    let mut x = previous as i32;
    if x == 0 {
        x = 123_459_876;
    }
    let (hi, lo) = (x / 127_773, x % 127_773);
    let mut x = 16_807i32.wrapping_mul(lo).wrapping_sub(2_836i32.wrapping_mul(hi));
    if x < 0 {
        x = x.wrapping_add(0x7fff_ffff);
    }
    x as u32
}

#[cfg(test)]
mod tests {
    use super::Random;

    #[test]
    fn draws_gawks_numbers() {
        // gawk 'BEGIN { print rand(), rand(); srand(5); print rand() }'
        let mut random = Random::new(1);
        let shown: Vec<String> = (0..2).map(|_| format!("{:.6}", random.fraction())).collect();
        assert_eq!(shown, ["0.924046", "0.593909"]);
        random.seed(5);
        assert_eq!(format!("{:.4}", random.fraction()), "0.1978");
    }
}
