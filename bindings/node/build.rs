//! Links the addon as Node loads one (napi-build's flags).

fn main() {
    napi_build::setup();
}
