//! `toolsh-launch`: what toolsh starts for each call of a host program. It sets the call's
//! limits, namespaces and Landlock ruleset on itself, then becomes the program
//! ([`toolsh::host::launcher_main`]); kept apart from `toolsh` so that it starts fast.

fn main() {
    toolsh::host::launcher_main();
}
