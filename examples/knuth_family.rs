//! Writes the instance family of `dlx_engine::problems::knuth_text` in
//! Knuth's formats (DLX1, DLX2 colours, DLX3 multiplicities), one file per
//! instance, so that any DLX2/DLX3-compatible program (Knuth's DLX2, DLX3,
//! SSXCC, SSMCC, or `dlx`) can be checked and timed on the same files.
//!
//! ```text
//! cargo run --example knuth_family -- DIR [test|bench]
//! ```
//!
//! Files are `DIR/NAME.dlx`, Knuth's own suffix for all three formats;
//! `DIR/INDEX.tsv` lists name, size, format (Xc, Xcc or Mcc: which
//! programs read it) and the generator call. The optional second argument
//! writes only the tiny test instances or only the benchmark ones.

use std::path::PathBuf;
use std::process::ExitCode;

use dlx_engine::problems::knuth_text::{family, Size};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(dir), which) = (args.next(), args.next()) else {
        eprintln!("usage: knuth_family DIR [test|bench]");
        return ExitCode::from(2);
    };
    let only = match which.as_deref() {
        None => None,
        Some("test") => Some(Size::Test),
        Some("bench") => Some(Size::Bench),
        Some(other) => {
            eprintln!("knuth_family: {other:?} is neither `test` nor `bench`");
            return ExitCode::from(2);
        }
    };
    let dir = PathBuf::from(dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("knuth_family: cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let mut index = String::from("name\tsize\tformat\tfile\tcall\n");
    for inst in family() {
        if only.is_some_and(|size| size != inst.size) {
            continue;
        }
        let file = format!("{}.dlx", inst.name);
        if let Err(e) = std::fs::write(dir.join(&file), &inst.text) {
            eprintln!("knuth_family: cannot write {file}: {e}");
            return ExitCode::FAILURE;
        }
        index.push_str(&format!(
            "{}\t{:?}\t{:?}\t{file}\t{}\n",
            inst.name, inst.size, inst.format, inst.call
        ));
    }
    if let Err(e) = std::fs::write(dir.join("INDEX.tsv"), index) {
        eprintln!("knuth_family: cannot write INDEX.tsv: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
