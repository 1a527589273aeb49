//! `toolsh-launch`: what toolsh starts once per declared host program (and confinement). It
//! confines itself, then starts each call's program on toolsh's request
//! ([`toolsh::host::launcher_main`]); kept apart from `toolsh` so that it starts fast.

fn main() {
    toolsh::host::launcher_main();
}
