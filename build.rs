//! Links Debian 12's libpocketsphinx (0.8+5prealpha) when the `listen` feature is on, and says
//! clearly what to install, or that another pocketsphinx is not supported, when it is not there.

use std::process::Command;

fn pkg_config(args: &[&str]) -> Option<String> {
    let out = Command::new("pkg-config").args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_LISTEN").is_none() {
        return;
    }
    let Some(version) = pkg_config(&["--modversion", "pocketsphinx"]) else {
        panic!(
            "\n\nThe `listen` feature needs Debian 12's pocketsphinx: \
             apt-get install libpocketsphinx-dev libsphinxbase-dev pkg-config pocketsphinx-en-us\n\n"
        );
    };
    // Debian 12 ships 0.8+5prealpha ("5prealpha"); pocketsphinx 5.0 and later have another interface.
    if !version.contains("prealpha") {
        panic!(
            "\n\npocketsphinx {version} is installed; Anna's `listen` feature speaks the interface of \
             pocketsphinx 0.8+5prealpha (Debian 12's libpocketsphinx3), not that of pocketsphinx 5.\n\n"
        );
    }
    let libs = pkg_config(&["--libs", "pocketsphinx"]).unwrap_or_default();
    for flag in libs.split_whitespace() {
        if let Some(dir) = flag.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
        }
    }
    println!("cargo:rustc-link-lib=pocketsphinx");
    println!("cargo:rustc-link-lib=sphinxbase");
}
