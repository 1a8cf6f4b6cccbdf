//! Records the version of the compiler that builds the crate, so that
//! `dlx bench` reports the compiler that made the code it times, not
//! whichever `rustc` happens to be on `PATH` when it runs.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=RUSTC");
    // Cargo names the compiler it builds with in `RUSTC`.
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    // Empty when it cannot be told: the report then says nothing.
    println!("cargo:rustc-env=DLX_BUILD_RUSTC={version}");
}
